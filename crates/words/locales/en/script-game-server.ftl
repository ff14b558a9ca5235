# The words of game-server.js: loading a game, the contest it belongs to,
# and actions the server did not take.

game-server-not-found-title = Game not found
game-server-not-found = There is no such game, or it belongs to someone else.
game-server-load-failed-title = Cannot load the game
game-server-load-failed = The game cannot be loaded.
# The note over the table of a duel's game, before a link back to it.
# $name: the game's name.
game-server-duel-note = This game is part of a { $name } duel{ $closed ->
    [yes] {" "}(closed)
   *[no] {""}
}:
game-server-duel-back = back to the duel
# The same for a daily deal; $day: its day, as 2025-06-01.
game-server-daily-note = This game is your one attempt at the { $name } daily deal of { $day }{ $over ->
    [yes] {" "}(over)
   *[no] {""}
}:
game-server-daily-back = its board
game-server-daily-board = Back to the daily board
game-server-daily-deal = Daily deal
    .title = The deal number is shown once the day ends
# An action refused without the server's words.
game-server-refused = That is not possible now.
game-server-stock-done = The stock is empty and cannot be turned over again.
