# Das Terminal: `patience play`, `replay`, `deal` und `games`, und der
# Tisch, den sie zeichnen.

## Der Tisch.

cli-pass = Durchgang { $pass } von { $passes }
cli-pass-unlimited = Durchgang { $pass } (unbegrenzt)
cli-stock = Talon
cli-waste = Ablage
cli-stock-next-first = Talon { $count } (nächste Karte zuerst):
cli-reserve = Reserve
cli-foundations = Zielstapel
cli-built-up-from = (aufgebaut ab { $base })
cli-built-up-from-wrapping = (aufgebaut ab { $base }, über K hinaus zu A)
cli-first-card-sets-base = (deine erste Karte auf einem Zielstapel legt den Grundwert fest)
cli-face-down-in-parentheses = Verdeckte Karten stehen in Klammern.

## Spielen.

cli-title = { $name } ({ $id }), Blatt { $deal }
cli-chosen-at-random = (zufällig gewählt; spiel es noch einmal mit --deal { $deal })
cli-chosen-winnable = (ein gewinnbares Blatt der Stufe { $grade ->
    [easy] Leicht
    [medium] Mittel
   *[hard] Schwer
}; spiel es noch einmal mit --deal { $deal } --winnable)
cli-no-winnable-deal = Der Grundstock enthält kein gewinnbares Blatt von { $name } ({ $lost } seiner Blätter sind als verloren bewiesen): Nach diesen Regeln ist ein Blatt fast nie zu gewinnen. Spiel irgendein Blatt und ziel auf seine Bestmarke.
cli-deal-not-winnable = Blatt { $deal } von { $name } steht im Grundstock nicht als gewinnbar und kann daher nicht als gewinnbar ausgegeben werden: Lass --winnable weg, oder --deal, damit eines gewählt wird.
cli-no-deal-of-grade = Der Grundstock enthält kein Blatt der Stufe { $grade ->
    [easy] Leicht
    [medium] Mittel
   *[hard] Schwer
} von { $name }; er enthält: { $held }. Versuch ein anderes --grade oder nur --winnable.
cli-clock-on = Du hast { $time } auf der Uhr; sie läuft ab deiner ersten Aktion.
cli-clock-off = Die Uhr ist aus (--no-clock): Die Zeit läuft nie ab, und übrige Zeit bringt keinen Bonus.
cli-type-a-move = Gib einen Zug ein, etwa t3-t5, oder `help` für die Befehle.
cli-time-is-up-ends = Die Zeit ist um: Das Spiel endet, wie es steht.
cli-error = Fehler:
cli-unknown-command = unbekannter Befehl `{ $text }`: Gib einen Zug ein, etwa t3-t5 oder s, oder `help` für die Befehle
cli-move-title = { $name } · Blatt { $deal } · Zug { $moves }
cli-status = Stand: { $outcome }
cli-score = Punkte { $score }
cli-undos = Rücknahmen { $undos }
cli-time-left = Restzeit { $time }
cli-clock-off-short = Uhr aus
cli-on-foundations = { $up } von { $cards } Karten auf den Zielstapeln
cli-note-won = Alle Karten liegen auf den Zielstapeln: Du hast gewonnen!
cli-note-lost = Kein Zug ist mehr erlaubt: Nimm Züge zurück oder gib auf.
cli-note-stuck = Kein Fortschritt mehr möglich: Keine Zugfolge deckt eine neue Karte auf, zieht sie oder legt sie hoch. Nimm Züge zurück oder gib auf.
cli-note-quit = Du hast aufgegeben.
cli-note-time-up = Die Zeit ist um.
cli-no-legal-moves = Keine erlaubten Züge.
cli-legal-moves = Erlaubte Züge:
cli-no-hint = Keine erlaubten Züge: Es gibt keinen Tipp.
cli-hint = Tipp: { $move }  { $words } ({ $why })
cli-hint-samples = { $why }: { $won } von { $samples } ausprobierten Lagen gewonnen
cli-help =
    Befehle, einer je Zeile:
      ZUG         ein Zug in Notation; Reihen zählen ab 1:
                    s vom Talon ziehen, r den Talon umdrehen (die Ablage wird wieder zum Talon),
                    t3-t5 die oberste Karte von Reihe 3 an Reihe 5, t2-t7:3 eine Leiter aus 3 Karten,
                    w-t4 die oberste Karte der Ablage, t3-f w-f hochlegen,
                    res-t2 res-f aus der Reserve, f2-t4 vom Zielstapel 2 zurück in Reihe 4
      moves, m    die erlaubten Züge zeigen
      hint        ein guter Zug (wird nicht gespielt), nur nach dem, was du siehst: Keine verdeckte Karte wird benutzt
cli-help-undo = {"  "}undo, u     den letzten Zug zurücknehmen
cli-help-undo-costs = {"  "}undo, u     den letzten Zug zurücknehmen (kostet { $cost } Punkte)
cli-help-redo = {"  "}redo        den zuletzt zurückgenommenen Zug wieder spielen
cli-help-restart = {"  "}restart     zurück zur Ausgangslage
cli-help-auto = {"  "}auto on     nicht mehr gebrauchte Karten von selbst hochlegen (auto off)
cli-help-end =
    {"  "}show        den Tisch noch einmal zeichnen
      help, h, ?  diese Hilfe
      quit, q     aufgeben und das Spiel verlassen; das Ende der Eingabe (Strg-D) verlässt es, ohne aufzugeben
    Das Spielprotokoll wird beim Verlassen gespeichert.
cli-game-over = Spiel vorbei ({ $outcome }) bei Zug { $moves }, nach { $actions ->
    [one] 1 Aktion
   *[other] { $actions } Aktionen
}
cli-game-left = Spiel unbeendet verlassen ({ $outcome }) bei Zug { $moves }, nach { $actions ->
    [one] 1 Aktion
   *[other] { $actions } Aktionen
}
cli-final-score = ; { $score } Punkte
cli-record-saved = Protokoll gespeichert in { $path } (nachspielen mit `patience replay { $path }`).
cli-cannot-save = das Protokoll konnte nicht in { $path } gespeichert werden

## Ein Protokoll nachspielen.

cli-outcome = Ausgang: { $outcome }
cli-replay-score = Punkte: { $score }
cli-replay-on-foundations = Punkte: { $up } von { $cards } Karten auf den Zielstapeln
cli-actions = Aktionen: { $actions } ({ $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
} auf dem Tisch, { $undos ->
    [one] 1 Rücknahme
   *[other] { $undos } Rücknahmen
})

## Die Spiele.

cli-play-one = Spiel eines mit `patience play ID`, zum Beispiel `patience play harmony`.
