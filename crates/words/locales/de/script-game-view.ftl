# Die Worte von game-view.js: die Zahlen, Schaltflächen, das Banner und
# die Hinweise der Spielseite rund um den Tisch. $name: der Name des
# Spiels; $deal: die Nummer seines Blatts.

game-view-title = { $name } · Blatt { $deal } · patience
game-view-title-duel = { $name } · Duell-Blatt · patience
game-view-moves-made = Züge: { $moves }
game-view-score = Punkte: { $score }
# Karten auf den Zielstapeln eines Spiels ohne Punkte, von $cards insgesamt.
game-view-on-foundations = Auf den Zielstapeln: { $up } / { $cards }
# Die Durchgänge durch den Talon: der aktuelle, von wie vielen erlaubten.
game-view-pass-of = Durchgang { $pass } von { $passes }
game-view-pass = Durchgang { $pass }

## Schaltflächen. $cost: die Punkte, die ein Zurücknehmen kostet.

game-view-undo = Rückgängig
game-view-undo-cost = Rückgängig (−{ $cost })
game-view-undo-title = Zug zurücknehmen (U)
game-view-undo-cost-title = Zug zurücknehmen (U): kostet { $cost } Punkte
game-view-finish = Fertig spielen
game-view-skip = Zum Ende springen

## Das Banner eines beendeten Spiels.

game-view-won = Gewonnen! Alle Karten liegen auf den Zielstapeln.
game-view-won-with-help = Mit Hilfe gewonnen: Alle Karten liegen auf den Zielstapeln, nachdem ein Gewinnweg gezeigt wurde.
# $outcome: wie das Spiel endete, in den Worten des Servers („Keine Züge mehr“).
game-view-outcome = { $outcome }.
game-view-fact-time = Zeit
game-view-fact-moves = Züge
game-view-fact-score = Punkte
game-view-fact-time-bonus = davon für die übrige Zeit
game-view-fact-cards-up = Karten oben
game-view-cards-up = { $up } von { $cards }
# $seconds: zwei Ziffern („05“).
game-view-duration-minutes = { $minutes } Min. { $seconds } Sek.
game-view-duration-seconds = { $seconds } Sek.

## Die Zahlen des Spielers für diese Regeln, Teile einer Zeile.

game-view-best-par = { $name }: Bestmarke erreicht in { $reached } von { $played ->
    [one] 1 Spiel
   *[other] { $played } Spielen
}
game-view-best-won = { $name }: { $percent } % von { $played ->
    [one] 1 Spiel
   *[other] { $played } Spielen
} gewonnen
game-view-best-streak = Serie { $streak }
game-view-best-score = deine beste Punktzahl { $best }
# Schließt die Zeile, wenn die Punktzahl eine persönliche Bestleistung ist.
game-view-best-personal = persönliche Bestleistung!
# $parts: die Teile oben, einer nach dem anderen.
game-view-best-line = { $parts }.

## Ein Spiel auf Zeit vor seinem ersten Zug.

game-view-clock-starts = Die { $minutes }-Minuten-Uhr beginnt mit deinem ersten Zug.
game-view-clock-started = Die Uhr läuft, seit dieses Spiel geöffnet wurde.
