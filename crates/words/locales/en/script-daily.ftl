# The words of daily.js: today's daily deals and one day's deal, its board
# and, once the day is over, what it reveals. $name: a game's name; $day:
# the day (2024-05-01).

dailyjs-not-opened = The daily deal cannot be opened.
dailyjs-today-not-loaded = Today's deals cannot be loaded.
dailyjs-title-today = Daily deals of { $day }
dailyjs-players = { $count ->
    [one] 1 player
   *[other] { $count } players
}
dailyjs-your-attempt = Your attempt
dailyjs-play = Play { $name }
dailyjs-board = Board
dailyjs-title = Daily deal
dailyjs-not-loaded = The daily deal cannot be loaded.
dailyjs-title-day = { $name }: daily deal of { $day }
dailyjs-document-title = { $name } daily deal of { $day } · patience
dailyjs-over = This day is over: its deal, par and every attempt are shown.
# $ends: the date and time the day ends.
dailyjs-open-until = Open until { $ends }. Names and figures only until then.
# The revealed deal: $deal, its number; $seed and $salt, in hex.
dailyjs-reveal-matches = Deal { $deal } (seed { $seed }, salt { $salt }): it matches the commitment.
dailyjs-reveal-does-not-match = Deal { $deal } (seed { $seed }, salt { $salt }): it does NOT match the commitment.
dailyjs-par-all = Par: all { $total } cards can go up.
dailyjs-par = Par: { $par } of { $total } cards.
dailyjs-par-at-least = Par: at least { $par } of { $total } cards.
# The board's column of each attempt's figure.
dailyjs-score = Score
dailyjs-cards-up = Cards up
dailyjs-you = (you)
dailyjs-replay = Replay
dailyjs-record = Record
dailyjs-after-the-day = after the day
dailyjs-nobody = Nobody has played this deal yet.
dailyjs-page = Page { $page } of { $pages }
dailyjs-none-yet = None yet.
