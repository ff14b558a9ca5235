# A game's replay, and a record to watch (replay.html). Its table says
# the game page's words (game-…).

replay-title = Replay · patience
replay-heading = Replay
replay-step = Step { $step }
replay-controls = Replay controls
replay-first = « First
    .title = The deal (Home)
replay-back = ◀ Back
    .title = Back one action (←)
replay-play = ▶ Play
    .title = Play or pause (space)
replay-forward = Forward ▶
    .title = Forward one action (→)
replay-last = Last »
    .title = The end (End)
replay-speed = Speed
replay-slow = Slow
replay-normal = Normal
replay-fast = Fast
replay-import = Watch a record
replay-import-words =
    Paste a game's record, or open its file: it is replayed move by move (a record that does not replay is refused
    at its first wrong action), kept among your games, and shown here with its analysis.
replay-the-record = The record
replay-or-its-file = Or its file
replay-watch-it = Watch it
replay-analysis = Analysis
replay-analysing = Analysing…
replay-analysis-bar = Whether the deal could still be won after each action
replay-go-to-action = Go to that action
replay-play-line = Play the winning line
replay-back-to-game = Back to the game
replay-actions = Actions
