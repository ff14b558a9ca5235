# The leaderboards (leaderboards.html).

leaderboards-title = Leaderboards · patience
leaderboards-heading = Leaderboards
leaderboards-words =
    Each game's daily deal has a board of its own, every day; and the highest ratings from rated duels, for each game, among the players who played one in the last
    { $days } days. A rating with a question mark is provisional: too few rated duels, or long ago, to be sure.
leaderboards-game = Game
leaderboards-table = Leaderboard
leaderboards-rank = Rank
leaderboards-player = Player
leaderboards-rating = Rating
leaderboards-rated-duels = Rated duels
leaderboards-previous-page = Previous page
leaderboards-next-page = Next page
leaderboards-daily = Daily deal boards
leaderboards-daily-today = Today's board
leaderboards-older-days = Older days
