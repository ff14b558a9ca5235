# The home page (index.html).

home-title = patience · solitaire in the browser
home-heading = Play patience
home-continue = Continue
home-intro =
    Six solitaire games from numbered deals: the same deal number always gives the same cards, so a deal
    can be shared and replayed. <strong>Play</strong> starts a random deal; <strong>Easy</strong>, <strong>Medium</strong>
    and <strong>Hard</strong> start a deal the solver proved winnable, graded by how often players win it (our computer player, until ten have finished it);
    variants and deal numbers are under <em>More options</em>.
home-new-game = New game
home-loading = Loading the games…
home-daily = Today's daily deal
home-daily-words =
    One deal a day for each
    game, the same for everyone: one attempt, a board, and the deal's secrets told when the day ends.
home-duel = Play a duel
home-duel-words = Same deal for everyone, ranked when all have played.
