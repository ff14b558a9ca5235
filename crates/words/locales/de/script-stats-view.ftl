# Die Worte von stats-view.js: die Statistik eines Spielers, wie die
# Statistikseite und ein Profil sie zeigen: die Summen, die Tabelle, das
# Diagramm der Ergebnisse.

# Ein Anteil gewonnener Spiele in einer Zelle der Tabelle; $percent: von 0 bis 100.
stats-view-percent = { $percent } %

## Die Zeile der Summen, Teile mit „ · “ verbunden.

stats-view-played = { $played ->
    [one] 1 Spiel gespielt
   *[other] { $played } Spiele gespielt
}
stats-view-won = { $won } gewonnen ({ $percent } %)
stats-view-won-with-help = { $won } mit Hilfe gewonnen
stats-view-reached-par = { $reached }-mal die Bestmarke erreicht
stats-view-current-streak = aktuelle Serie { $streak }
stats-view-best-streak = längste Serie { $streak }
stats-view-best-harmony = beste Punktzahl in Harmony { $score }

## Die Zeilen der Tabelle. $name: der Name eines Spiels.

stats-view-all-variants = { $name }, alle Varianten
stats-view-default-rules = { $name } (Grundregeln)

## Das Diagramm.

stats-view-chart-title = Ergebnisse im Lauf der Zeit
stats-view-chart-description = { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
}, das älteste zuerst: { $won } gewonnen, { $lost } nicht gewonnen, { $open } laufend; { $percent } % gewonnen.
# Der Balken eines Spiels: $result, wie es steht; $when, wann es begonnen wurde.
stats-view-bar = { $name }: { $result }, { $when }
stats-view-bar-deal = { $name }, Blatt { $deal }: { $result }, { $when }
stats-view-legend-won = gewonnen (nach oben)
stats-view-legend-not-won = nicht gewonnen (nach unten)
stats-view-legend-open = laufend
stats-view-legend-share = Anteil gewonnener Spiele bis dahin
