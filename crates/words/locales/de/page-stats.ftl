# Die Seite der Statistik (stats.html); ihre Tabellen sind auch die der Profilseite.

stats-title = Statistik · patience
stats-heading = Statistik
stats-words =
    Ein Spiel zählt als gespielt, sobald du darin einen Zug gemacht hast. Serien zählen gewonnene Spiele in Folge;
    ein Spiel, das noch läuft, unterbricht keine Serie.
stats-export =
    <a href="/api/games/export" download>Alle deine beendeten Spiele herunterladen</a>, als Protokolle in einer Datei ·
    <a href="/replay">Ein Protokoll ansehen</a>, eingefügt oder geöffnet, mit seiner Analyse
stats-chart = Ergebnisse im Lauf der Zeit
stats-loading = Wird geladen …
stats-by-game = Nach Spiel und Variante
stats-by-game-table = Statistik nach Spiel und Variante
stats-recent = Letzte Spiele

## Die Spalten der Tabellen.

stats-col-game = Spiel
stats-col-played = Gespielt
stats-col-won = Gewonnen
stats-col-win-percent = Siege in %
stats-col-current-streak = Aktuelle Serie
stats-col-best-streak = Beste Serie
stats-col-best-score = Beste Punktzahl
stats-col-won-with-help = Mit Hilfe gewonnen
    .title = Gewonnen, nachdem ein Gewinnweg gezeigt wurde
stats-col-par-reached = Bestmarke erreicht
    .title = Endgültig vorbei, mit den meisten Karten oben, die das Blatt hochbringen konnte
stats-col-deal = Blatt
stats-col-started = Begonnen
stats-col-finished = Beendet
stats-col-moves = Züge
stats-col-result = Ergebnis
stats-col-score = Punkte
stats-col-record = Protokoll
