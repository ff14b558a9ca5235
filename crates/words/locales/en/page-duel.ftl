# The duels' page (duel.html): starting a duel, and one duel.

duel-title = Duel · patience
duel-heading = Duel
duel-start-words =
    Everyone in a duel plays their own copy of the same deal, whenever they like, and the results are ranked
    once everyone has finished. Solitaire Harmony is ranked by score (equal scores: who finished first); the other
    games by cards on the foundations, then who finished first.
duel-game = Game
duel-your-name = Your name
duel-name-rule = 1 to 24 letters, digits, spaces, - _ .
duel-rated = Rated
duel-rated-note =
    A rated duel is between accounts, on a game's own rules (not a variant), and
    changes every participant's rating when it closes. A rated quick match pairs you with the waiting player
    nearest your rating, and with players further away the longer they have waited.
duel-against-anyone = Against anyone
duel-against-anyone-words =
    You are paired with the first player who is waiting for an opponent in this game, or you wait
    for one.
duel-find-opponent = Find an opponent
duel-with-friends = With friends
duel-players = Players
duel-closes-after = Closes after (minutes, optional)
duel-create = Create a duel and share its link
duel-waiting-now = Waiting now
duel-lobby = Players waiting for an opponent
duel-player = Player
duel-rating = Rating
duel-waiting = Waiting
duel-nobody-waiting = Nobody is waiting.
duel-link-to-share = Link to share:
duel-copy-link = Copy the link
duel-join = Join
duel-play = Play your game
duel-standings = Standings
duel-rank = Rank
duel-name = Name
duel-score = Score
duel-state = State
duel-fairness = Fairness
duel-proof-words =
    The cards of this duel were fixed when it was created, the same for everyone: the server
    published a fingerprint of them then, and shows what it stands for when the duel closes, so that anyone can check
    that nothing was changed.
duel-proof-details = Details, and how to check
duel-commitment = Commitment, published when the duel was created:
duel-seed = Seed:
duel-salt = Salt:
duel-deal = Deal:
duel-sealed = The seed and the salt, and with them the deal number, are revealed when the duel closes.
duel-how-to-check =
    The commitment is the SHA-256 hash of the seed followed by the salt, written in hexadecimal;
    the deal number is the seed's first 13 hexadecimal digits read as a number, plus 1. Any SHA-256 tool repeats the
    check.
duel-rematch = Rematch
duel-close-now = Close the duel now
duel-close-note = You created this duel: close it when no more players are coming (once nobody is in the middle of a game).
