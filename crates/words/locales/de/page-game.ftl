# Die Seite eines Spiels (game.html): der Tisch, seine Knöpfe und sein Menü,
# die Meldung am Ende. Die Wiederholungsseite sagt die Worte ihres Tischs auch.

game-title = Spiel · patience
game-skip = Zum Tisch springen
game-all-games-link = patience: alle Spiele
game-loading = Wird geladen …
game-deal = Blatt
game-deal-link = Ein Link, um dieses Blatt noch einmal zu spielen
game-deal-winnable = (gewinnbar)
    .title = Du hast ein gewinnbares Blatt verlangt: Dieses ist zu gewinnen
game-duel-deal = Duell-Blatt
    .title = Die Blattnummer wird gezeigt, sobald das Duell schließt
game-moves-made = Züge: { $count }
game-controls = Spielsteuerung
game-undo = Rückgängig
    .title = Zug zurücknehmen (U)
game-redo = Wiederholen
    .title = Wiederholen (Y)
game-hint = Tipp
    .title = Tipp (H)
game-finish = Fertig spielen
    .title = Die übrigen Karten gehen alle von selbst hoch: bis zum Ende spielen
game-more-actions = Weitere Aktionen
game-restart = Neu starten
    .title = Zurück zur Ausgangslage
game-give-up = Aufgeben
    .title = Dieses Spiel aufgeben
game-show-line = Gewinnweg zeigen
    .title = Jede Karte ist bekannt: Der Löser zeigt einen Gewinnweg, und ein Sieg zählt als Sieg mit Hilfe
game-new-game = Neues Spiel
game-download-record = Protokoll herunterladen
game-auto-move = Sichere Karten von selbst hochlegen
game-other-pages = Andere Seiten
game-all-games = Alle Spiele
game-duel-note = Dieses Spiel gehört zu einem
game-duel-name = Duell
game-duel-back = zurück zum Duell
game-back-to-duel = Zurück zum Duell
game-same-deal = Dasselbe Blatt noch einmal
game-review = Das Spiel durchgehen
game-table = Der Tisch
game-tableau = Kartenbild
game-hint-play = Ausführen
game-hint-close = Schließen
game-keys = Maus, Touchscreen und Tastatur
game-keys-pointer =
    Zieh eine Karte (mit den Karten darauf) auf einen anderen Stapel, oder tippe sie an und dann die Stelle, wohin sie soll.
    Ein Doppelklick auf eine Karte legt sie hoch. Ein Klick auf den Talon zieht eine Karte.
game-keys-keyboard =
    <kbd>Tab</kbd> oder <kbd>←</kbd> <kbd>→</kbd> gehen von Stapel zu Stapel; <kbd>↑</kbd> <kbd>↓</kbd> nehmen mehr oder weniger Karten einer Reihe;
    <kbd>Enter</kbd> nimmt die Karten auf, und <kbd>Enter</kbd> auf einem anderen Stapel legt sie dort ab; <kbd>F</kbd> legt hoch;
    <kbd>D</kbd> zieht vom Talon; <kbd>U</kbd> nimmt zurück; <kbd>Y</kbd> wiederholt; <kbd>H</kbd> bittet um einen Tipp, und <kbd>Enter</kbd> spielt ihn; <kbd>Esc</kbd> lässt los.
