# The daily deals (daily.html): today's of every game, and one day's of a game.

daily-title = Daily deal · patience
daily-heading = Daily deal
daily-name = Your name on the boards
daily-name-rule = 1 to 24 letters, digits, spaces, - _ .
daily-name-placeholder = needed to play, unless you sign in
daily-name-note = Signed in: your account's name is used.
daily-today-words =
    Every day (by UTC) each game has one deal, the same for everyone, proven winnable by the solver where the game's
    rules let a deal be won. You have <strong>one attempt</strong> at each: no hint, no Finish and no restart, and its
    clock runs from the moment you open it. The deal is fixed before anyone plays it (its hash is published) and shown
    with its par, a winning line and everyone's game once the day is over.
daily-today-table = Today's daily deals
daily-game = Game
daily-played-by = Played by
daily-your-attempt = Your attempt
daily-board = Board
daily-play = Play today's deal
daily-commitment = Commitment (SHA-256 of the seed and salt):
daily-the-deal = The deal
daily-winning-line = A winning line
daily-rank = Rank
daily-player = Player
daily-result = Result
daily-cards-up = Cards up
daily-time = Time
daily-moves = Moves
daily-replay = Replay
daily-previous-page = Previous page
daily-next-page = Next page
daily-days = Days
daily-previous-day = Previous day
daily-next-day = Next day
daily-today = Today's deals
daily-past-days = Past days
daily-older-days = Older days
