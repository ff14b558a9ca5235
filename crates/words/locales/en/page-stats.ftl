# The statistics page (stats.html); its tables are the profile page's too.

stats-title = Statistics · patience
stats-heading = Statistics
stats-words =
    A game counts as played once you have made a move in it. Streaks count won games in a row;
    a game still in progress does not break a streak.
stats-export =
    <a href="/api/games/export" download>Download all your finished games</a> as records, one file ·
    <a href="/replay">Watch a record</a> pasted or opened, with its analysis
stats-chart = Results over time
stats-loading = Loading…
stats-by-game = By game and variant
stats-by-game-table = Statistics by game and variant
stats-recent = Recent games

## The tables' columns.

stats-col-game = Game
stats-col-played = Played
stats-col-won = Won
stats-col-win-percent = Win %
stats-col-current-streak = Current streak
stats-col-best-streak = Best streak
stats-col-best-score = Best score
stats-col-won-with-help = Won with help
    .title = Won after a winning line was shown
stats-col-par-reached = Par reached
    .title = Over for good with the most cards the deal could bring up
stats-col-deal = Deal
stats-col-started = Started
stats-col-finished = Finished
stats-col-moves = Moves
stats-col-result = Result
stats-col-score = Score
stats-col-record = Record
