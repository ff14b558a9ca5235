# Die Worte von game-server.js: ein Spiel laden, der Wettbewerb, zu dem es
# gehört, und Aktionen, die der Server nicht ausgeführt hat.

game-server-not-found-title = Spiel nicht gefunden
game-server-not-found = Dieses Spiel gibt es nicht, oder es gehört jemand anderem.
game-server-load-failed-title = Das Spiel lässt sich nicht laden
game-server-load-failed = Das Spiel kann nicht geladen werden.
# Der Hinweis über dem Tisch eines Duellspiels, vor einem Link zurück.
# $name: der Name des Spiels.
game-server-duel-note = Dieses Spiel gehört zu einem Duell in { $name }{ $closed ->
    [yes] {" "}(geschlossen)
   *[no] {""}
}:
game-server-duel-back = zurück zum Duell
# Dasselbe für ein Tagesspiel; $day: sein Tag, als 2025-06-01.
game-server-daily-note = Dieses Spiel ist dein einziger Versuch beim Tagesspiel { $name } vom { $day }{ $over ->
    [yes] {" "}(vorbei)
   *[no] {""}
}:
game-server-daily-back = zu seiner Rangliste
game-server-daily-board = Zurück zur Rangliste des Tages
game-server-daily-deal = Tagesspiel
    .title = Die Blattnummer wird gezeigt, sobald der Tag vorbei ist
# Eine Aktion, die ohne Worte des Servers abgelehnt wurde.
game-server-refused = Das geht gerade nicht.
game-server-stock-done = Der Talon ist leer und kann nicht noch einmal umgedreht werden.
