# The frequently asked questions (faq.html): each a question (-q) and its answer (-a).

faq-title = FAQ · patience
faq-heading = FAQ

faq-account-q = Do I need an account?
faq-account-a =
    No. The first time you start a game, the server gives your browser a random token in a cookie. That cookie is how the
    server knows which games are yours; nobody else can see or play them. If you clear your cookies, your games and
    statistics stay on the server but your browser can no longer reach them. An account is optional: a name and a
    password, nothing else. It keeps your games, statistics and settings for every browser you sign in from, gives you
    a public profile and a rating, and lets you play rated duels.

faq-deal-number-q = What is a deal number?
faq-deal-number-a =
    Every game starts from a numbered deal. The same game, variant and deal number always give the same cards in the same
    order, on any machine. Share a deal with the link under the deal number on the game page. In a duel the number is
    shown only once the duel has closed, so that nobody can practise the duel's deal in another game meanwhile.

faq-grades-q = What do Easy, Medium and Hard mean?
faq-grades-a =
    Each starts a deal the solver has proven winnable: every card can go up. The grade says how often it is won:
    Easy at least seven times in ten, Medium three to six, Hard fewer. Once ten players have finished a deal, it is
    graded by how many of them won it; until then by our computer player, which sees only what you see, in ten games.
    A grade the library holds no deal of is not offered. The server keeps a library of such deals and grows it while it
    is idle. By Lasker's original rules no
    deal is known to be winnable; play any deal there and aim for its par, the most cards it can bring up.

faq-duel-end-q = When does a duel end?
faq-duel-end-a =
    When every seat is taken and everyone has finished, or at its closing time. A quick match closes an hour after it
    opens. Its creator may close a duel early on the duel page to drop seats that never filled, but only once everyone
    else who joined has finished: whoever has a seat keeps their chance until the closing time. Then the ranking, the
    seed and salt, and everyone's replays are shown.

faq-duel-guarantee-q = What does a duel guarantee?
faq-duel-guarantee-a =
    It guarantees that everyone plays the same deal, fixed before anyone plays: the server publishes a hash of the
    deal's seed when the duel is created, and the seed once it closes, so anyone can check that the deal was not changed.
    The server keeps every clock and checks every move; nobody sees the deal number, another player's cards or replay
    before the duel closes, and hints are off.
faq-duel-guarantee-a2 =
    It cannot guarantee who is playing. Outside rated duels a player is a cookie, not a person, and even an account
    is only a name: nothing stops a friend from helping, or someone from playing the deal with another browser. To make the easy trick of taking two seats with two browsers
    harder, a duel takes one seat per internet address, so two people behind one address, such as a household, cannot
    both join the same duel. Duel people you trust.

faq-close-page-q = Can I close the page in the middle of a game?
faq-close-page-a =
    Yes. Every move is saved on the server before it is shown. Come back to the game's address, or find it under
    “Continue” on the home page, and play on exactly where you were.

faq-clock-q = Why does Harmony's clock keep running when I close the page?
faq-clock-a =
    The clock is kept by the server, not by your browser, so that it is the same for everyone. In a practice game it
    starts with your first move, so you can read the table first; in a duel it starts when you open your game.

faq-refused-q = Why can't I make a move I think is fine?
faq-refused-a =
    The server decides which moves are legal. If a move is refused the page says why, for example “7♥ needs a black 8;
    column 5 ends in 8♦.”; the rules for each game are on <a href="/how-to-play">How to play</a>.

faq-no-more-q = What do “No more moves” and “No more progress possible” mean?
faq-no-more-a =
    “No more moves”: no legal move is left, not even a draw. “No more progress possible”: moves are left, but no
    sequence of legal moves from what you can see would bring anything new: no card to a foundation for the
    first time, no face-down card turned up, no stock card seen for the first time, and, where passes are limited, no
    draw or redeal left to make. Moving cards to and fro would change nothing, so the game ends there. You can still
    undo and try another way.

faq-hints-q = Are hints available?
faq-hints-a =
    Yes, except in duels: the <em>Hint</em> button asks the computer player for a move, marks it on the table and says
    in how many of the ways the hidden cards could lie that move led to a win (“In 7 of 10 ways the hidden cards could
    lie, this move led to a win”). It decides from what you can see on the table and what you have seen so far, never
    from face-down cards. When no move led to a win in any of them, it says so and offers Undo or Give up, except at the
    start of a deal you asked for as a winnable one: there it reminds you that a win is there all the same.

faq-par-q = What is “the best possible” when a game ends?
faq-par-a =
    The deal's par: the most cards any way of playing it could bring to the foundations, worked out by the solver
    with every card known, for about two seconds. All of them when the deal could be won; “at least” when the search
    ran out of time first. It is shown once the game is over, in a duel only once the duel closes (its deal is secret
    until then), and in Lasker, where every card is face up and a deal is almost never won, from the start: it is the
    score to aim at.

faq-help-q = What is “won with help”?
faq-help-a =
    Once every card left is known (no face-down card, the whole stock seen) and decisions remain, <em>Show a winning
    line</em> in the game's ⋯ menu asks the solver for a way to win and plays it. The game keeps that the line was shown:
    a win after it is “won with help”, counted apart from your wins, and it ends a streak. <strong>Finish</strong> is not
    help of that kind: it appears only when nothing is left to decide, and moves the last cards up for you.

faq-save-q = Can I save a game?
faq-save-a =
    Every game can be downloaded as a text record (<em>Download the record</em> in the game's ⋯ menu, or the statistics
    page): the game, the deal and every move, which can be replayed.

faq-lose-q = Where did I lose?
faq-lose-a =
    Once a game is over, <em>Review the game</em> steps through it action by action. Its analysis tells, after each
    action, whether the deal could still be won (the solver knows every card once the game is over), marks the action
    after which no win remained, and plays a winning line from just before it (or, for a game left while it could still
    be won, from where it was left). Anyone with the link may watch a finished
    game; a duel's games once the duel has closed, a daily deal's once its day is over.

faq-daily-q = What is the daily deal?
faq-daily-a =
    Every day (by UTC) each game has one deal, the same for everyone, proven winnable where the game's rules let a deal
    be won. You have one attempt at each: no hint, no Finish, no restart, the clock from the moment you open it. The deal
    is committed before anyone plays and revealed, with its par, a winning line and everyone's game, when the day ends.
