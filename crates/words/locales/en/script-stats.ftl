# The words of stats.js: the player's statistics and recent games.

statsjs-not-loaded = The statistics cannot be loaded. Try reloading the page.
statsjs-chart-empty = No games yet: the chart starts with your first move.
statsjs-no-games = No games yet.
# A duel's game in the list, in place of its deal number.
statsjs-duel = duel
statsjs-duel-title = A duel's deal number is shown once the duel closes
# $result: how the game stands, for a game that can be continued.
statsjs-continuable = { $result } (continue)
statsjs-review = review
statsjs-download = download
