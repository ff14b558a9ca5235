# Die Worte von game.js: die Fragen der Spielseite vor einer Aktion, die
# sich nicht leicht zurücknehmen lässt.

game-restart-question = Alle Züge zurücknehmen und zurück zur Ausgangslage?
game-restart-yes = Neu starten
game-give-up-question = Dieses Spiel aufgeben? Es endet, wie es gerade steht.
game-give-up-yes = Aufgeben
game-line-question = Einen Gewinnweg zeigen? Der Computer spielt ihn, und ein Sieg zählt dann als Sieg mit Hilfe, getrennt von deinen Siegen.
game-line-yes = Zeig ihn
# „Dasselbe Blatt noch einmal“ konnte kein neues Spiel beginnen.
game-again-failed = Das Spiel konnte nicht gestartet werden. Versuch es gleich noch einmal.
