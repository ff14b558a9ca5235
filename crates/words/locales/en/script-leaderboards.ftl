# The words of leaderboards.js: a game's rating leaderboard and its daily
# deal's boards. $name: the game's name.

leaderboardsjs-not-loaded = The leaderboard cannot be loaded.
leaderboardsjs-nobody = Nobody has played a rated { $name } duel in the last 30 days.
leaderboardsjs-page = Page { $page } of { $pages }
leaderboardsjs-players = { $count ->
    [one] 1 player
   *[other] { $count } players
}
leaderboardsjs-no-past-days = No past days yet.
