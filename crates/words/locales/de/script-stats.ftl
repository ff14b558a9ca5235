# Die Worte von stats.js: die Statistik des Spielers und seine letzten
# Spiele.

statsjs-not-loaded = Die Statistik kann nicht geladen werden. Lade die Seite neu.
statsjs-chart-empty = Noch keine Spiele: Das Diagramm beginnt mit deinem ersten Zug.
statsjs-no-games = Noch keine Spiele.
# Das Spiel eines Duells in der Liste, anstelle seiner Blattnummer.
statsjs-duel = Duell
statsjs-duel-title = Die Blattnummer eines Duells wird gezeigt, sobald das Duell schließt
# $result: wie das Spiel steht, bei einem Spiel, das fortgesetzt werden kann.
statsjs-continuable = { $result } (fortsetzbar)
statsjs-review = durchgehen
statsjs-download = herunterladen
