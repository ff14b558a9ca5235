# Die Antworten des Servers: abgelehnte Anfragen, Fehler, und was er von
# Duellen, Tagesspielen, Konten und der Bibliothek sagt.

## Die Sprachwahl.

language-unknown = Keine Sprache dieser Seite heißt „{ $tag }“.

## Fehler des Servers selbst.

error-internal = Auf dem Server ist etwas schiefgegangen; es wurde protokolliert. Versuch es noch einmal oder lade die Seite neu.

## Spiele.

game-moved-on = Dieses Spiel wurde in einem anderen Tab oder Fenster weitergespielt (Aktion { $expected }, nicht { $number }): Hier ist der aktuelle Stand.
game-taken-elsewhere = Dieses Spiel ist inzwischen weiter (Aktion { $action } wurde anderswo ausgeführt): Hier ist der aktuelle Stand.
took-back-last = Den letzten Zug zurückgenommen.
back-to-the-deal = Zurück zur Ausgangslage.
you-gave-up = Du hast aufgegeben.
safe-auto-moves-on = Sichere Automatikzüge an.
safe-auto-moves-off = Sichere Automatikzüge aus.
winning-line-shown = Ein Gewinnweg wurde gezeigt: Ein Sieg von hier an ist ein Sieg mit Hilfe.
finish-not-yet = „Fertig spielen“ gibt es, sobald der Rest keine Entscheidung mehr braucht: Jede Karte liegt offen, Talon und Ablage sind leer, und jede Karte kann der Reihe nach hochgelegt werden.
line-not-found = Von hier aus wurde in { $secs } Sekunden kein Sieg gefunden: Vielleicht lässt sich das Spiel trotzdem von Hand gewinnen.
again-deal-secret = Das Blatt dieses Spiels bleibt geheim, bis sein Duell schließt oder sein Tag endet: Es kann noch nicht erneut ausgeteilt werden.

## Tipps. $samples: wie viele Lagen der verdeckten Karten ausprobiert wurden.

hint-game-over = Das Spiel ist vorbei ({ $outcome }): Es gibt keinen Tipp.
hint-no-legal-move = Kein Zug ist erlaubt: Es gibt keinen Tipp.
hint-circles = Jeder Zug führt zu einer Stellung zurück, in der dieses Spiel schon war.
hint-most-cards-up = In keiner von { $samples } möglichen Lagen der verdeckten Karten führte ein Zug zum Sieg; dieser bringt die meisten Karten hoch: { $par ->
    [one] 1 Karte
   *[other] { $par } Karten
} auf den Zielstapeln.
# Jede Karte liegt offen oder ihr Platz ist bekannt: alle Stichproben sind das Blatt auf dem Tisch.
hint-most-cards-up-all-seen = Von hier wurde kein Sieg gefunden; dieser bringt die meisten Karten hoch: { $par ->
    [one] 1 Karte
   *[other] { $par } Karten
} auf den Zielstapeln.
hint-no-win-all-seen = Von hier wurde kein Sieg gefunden, der mit diesem Zug beginnt.
hint-wins-all-seen = Dieser Zug beginnt eine Folge, die gewinnt.
hint-won-in-none = In keiner von { $samples } möglichen Lagen der verdeckten Karten führte dieser Zug zum Sieg.
hint-won-in-some = In { $won } von { $samples } möglichen Lagen der verdeckten Karten führte dieser Zug zum Sieg.
hint-dealt-winnable = Du hast ein gewinnbares Blatt verlangt, und dies ist eines: Ein Sieg ist trotzdem möglich, bei einer Lage der verdeckten Karten, die keine dieser Stichproben traf.
hint-reason-only = Der einzige erlaubte Zug.
hint-reason-scout = Erst einmal durch den Talon ziehen, um ihn zu sehen.
hint-reason-vote = Gewinnt in den meisten ausprobierten Lagen.
hint-reason-fallback = Keine ausprobierte Lage wurde gewonnen: der beste Zug nach Faustregel.
hint-reason-par = Keine ausprobierte Lage wurde gewonnen: Dieser Zug bringt die meisten Karten hoch.
hint-reason-plan = Setzt den Plan fort (nichts Neues gesehen).
hint-reason-first-move = Gewinnt mehr ausprobierte Lagen als der erste Zug des besten Plans.
hint-reason-cycle = Jeder Zug führt dorthin zurück, wo das Spiel schon war: aufgeben.

## Die Bestmarke: die meisten Karten, die ein Spiel hochbringen kann.

par-secret-deal = Das Blatt eines Duells oder eines Tagesspiels bleibt geheim, bis das Duell schließt oder der Tag endet: Dann wird seine Bestmarke verraten.
par-when-over = Die Bestmarke dieses Blatts wird verraten, wenn das Spiel vorbei ist: Sie würde zeigen, was der Tisch nicht zeigt.
par-when-over-for-good = Die Bestmarke dieses Blatts wird verraten, wenn das Spiel endgültig vorbei ist: Gib auf, um sie zu sehen, oder nimm Züge zurück und spiel weiter.
par-all = Bestmarke für dieses Blatt: Alle { $total } Karten können hoch.
par-exact = Bestmarke für dieses Blatt: { $best ->
    [one] 1 Karte
   *[other] { $best } Karten
}.
par-at-least = Bestmarke für dieses Blatt: mindestens { $best ->
    [one] 1 Karte
   *[other] { $best } Karten
}.
par-you-put-all-up = Du hast alle { $total } Karten hochgelegt.
par-was-winnable = Dieses Blatt war zu gewinnen: Alle { $total } Karten können hoch.
par-you-reached-it = Du hast { $yours ->
    [one] 1 Karte
   *[other] { $yours } Karten
} hochgelegt, das Bestmögliche.
par-you-reached-the-best-found = Du hast { $yours ->
    [one] 1 Karte
   *[other] { $yours } Karten
} hochgelegt; der Löser fand keinen Weg zu mehr.
par-you-missed-it = Du hast { $yours ->
    [one] 1 Karte
   *[other] { $yours } Karten
} hochgelegt; möglich waren { $best }.
par-you-missed-at-least = Du hast { $yours ->
    [one] 1 Karte
   *[other] { $yours } Karten
} hochgelegt; möglich waren mindestens { $best }.

## Die Analyse eines beendeten Spiels.

analysis-secret-deal = Die Analyse wird verraten, sobald das Duell schließt oder der Tag des Tagesspiels endet: Sie würde zeigen, was das Blatt enthält.
analysis-one-at-a-time = Eine Analyse nach der anderen: Warte, bis die laufende fertig ist.
analysis-won = Gewonnen: Das Blatt war die ganze Zeit zu gewinnen.
analysis-never-winnable = Dieses Blatt war von Anfang an nicht zu gewinnen: Keine Zugfolge gewinnt es.
analysis-lost-at = Nach Aktion { $action } ({ $what }) war das Blatt nicht mehr zu gewinnen.
analysis-still-winnable = Das Blatt war bei Spielende noch zu gewinnen.
analysis-not-known = Wo das Spiel verloren ging, ist nicht bekannt: Der Löser hat Stellungen offen gelassen.
analysis-undecided = { $count ->
    [one] Der Löser hat 1 Stellung in seiner Zeit nicht entschieden: Sie wird als unbekannt gezeigt.
   *[other] Der Löser hat { $count } Stellungen in seiner Zeit nicht entschieden: Sie werden als unbekannt gezeigt.
}
analysis-an-action = eine Aktion
analysis-par-cards = { $exact ->
    [yes] { $best ->
        [one] 1 Karte
       *[other] { $best } Karten
    }
   *[no] mindestens { $best ->
        [one] 1 Karte
       *[other] { $best } Karten
    }
}
analysis-par-at-deal = { $cards } beim Geben
analysis-par-fell = { $cards } nach Aktion { $action } ({ $what })
analysis-par-moves = Die meisten Karten, die noch hochkommen konnten: { $parts }{ $more ->
    [0] {""}
    [one] , und die Zahl sank noch einmal
   *[other] , und die Zahl sank noch { $more }-mal
}. Das Spiel endete mit { $up ->
    [one] 1 Karte
   *[other] { $up } Karten
} oben.
analysis-par-at-least = Zahlen mit „mindestens“ stehen dort, wo dem Löser die Zeit ausging.
analysis-no-line-yet = Die Analyse dieses Spiels hat (noch) keinen Gewinnweg.
analysis-line-length = { $moves ->
    [one] Der Gewinnweg hat 1 Zug.
   *[other] Der Gewinnweg hat { $moves } Züge.
}

## Wiederholungen.

replay-no-such-step = { $actions ->
    [one] Das Spiel hat 1 Aktion: Einen Schritt { $step } gibt es nicht.
   *[other] Das Spiel hat { $actions } Aktionen: Einen Schritt { $step } gibt es nicht.
}
record-one-at-a-time = Füge immer nur ein Protokoll ein (dieser Text enthält { $records }); ein Export enthält viele: Importiere sie einzeln.
record-action-refused = Aktion { $number } des Protokolls wird abgelehnt: { $why }
record-contest-clock = Die Uhr dieses Protokolls lief ab dem Öffnen des Spiels (es gehört zu einem Duell oder Tagesspiel): Sieh es dir auf seiner eigenen Wiederholungsseite an.
record-clock-off = Dieses Protokoll wurde ohne Uhr gespielt (--no-clock): Hier können nur Spiele gegen die Uhr aufbewahrt werden.

## Was der Server kennt, und was nicht. $id, $name: wie die Anfrage sie
## schrieb.

no-game-called = Es gibt kein Spiel namens „{ $id }“.
no-such-game = Das Spiel `{ $id }` gibt es nicht, oder es gehört nicht dir.
no-such-duel = Das Duell `{ $id }` gibt es nicht.
no-such-day = „{ $text }“ ist kein Tag: Schreib ihn als 2026-11-26.
no-player-called = Es gibt keinen Spieler namens „{ $name }“.
page-numbered-from-one = Die Seiten sind ab 1 nummeriert.
store-conflict = Das Spiel ist inzwischen weiter: Vor dieser Aktion wurden { $expected ->
    [one] 1 Aktion
   *[other] { $expected } Aktionen
} erwartet.
store-unavailable = Der Spielspeicher ist gerade nicht erreichbar: Versuch es in ein paar Sekunden noch einmal.

## Warten. $unit: seconds oder minutes.

duration = { $unit ->
    [minutes] { $count ->
        [one] 1 Minute
       *[other] { $count } Minuten
    }
   *[seconds] { $count } s
}

## Grenzen. $kind: wovon es zu viel gab; $wait: eine Dauer.

too-many = Zu viele { $kind ->
    [new-players] neue Spieler von deiner Adresse
    [new-games] neue Spiele
    [new-duels] neue Duelle
    [moves] Züge
   *[password-checks] Passwortprüfungen von deiner Adresse
}: Versuch es in { $wait } noch einmal.

## Suchen (Tipps, gewinnbare Blätter, Gewinnwege, Bestmarken, Analysen).
## $what: search-what, im Dativ.

search-what = { $search ->
    [hint] einem Tipp
    [winnable-deal] einem gewinnbaren Blatt
    [line] einem Gewinnweg
    [par] der Bestmarke dieses Blatts
   *[analysis] einer Analyse
}
search-address-busy = Der Server bearbeitet schon { $count } Anfragen von deiner Adresse; warte auf sie, bevor du nach { $what } fragst.
search-player-busy = Der Server bearbeitet noch deine letzten Anfragen; warte auf sie, bevor du nach { $what } fragst.
search-server-busy = Der Server ist mit den Anfragen anderer Spieler beschäftigt; frag gleich noch einmal nach { $what }.
winnable-none-found = Kein Blatt von { $from } bis { $to } wurde in je { $secs } s als gewinnbar bewiesen; versuch eine andere Blattnummer oder spiel ohne „Nur gewinnbare Blätter“.

## Die Bibliothek der gewinnbaren Blätter. $name: der Name eines Spiels oder
## einer Variante.

library-hopeless = { $lost } Blätter von { $name } sind als verloren bewiesen und keines als gewinnbar: Nach diesen Regeln ist ein Blatt fast nie zu gewinnen. Spiel irgendein Blatt und ziel auf seine Bestmarke, die von Anfang an gezeigt wird: die meisten Karten, die es auf die Zielstapel bringen kann.
library-no-grade = { $grade ->
    [easy] Die Bibliothek hat noch kein leichtes Blatt von { $name } (Leicht: in mindestens 7 von 10 Spielen gewonnen). Versuch einen anderen Schwierigkeitsgrad oder „Nur gewinnbare Blätter“.
    [medium] Die Bibliothek hat noch kein mittleres Blatt von { $name } (Mittel: in 3 bis 6 von 10 Spielen gewonnen). Versuch einen anderen Schwierigkeitsgrad oder „Nur gewinnbare Blätter“.
   *[hard] Die Bibliothek hat noch kein schweres Blatt von { $name } (Schwer: in weniger als 3 von 10 Spielen gewonnen). Versuch einen anderen Schwierigkeitsgrad oder „Nur gewinnbare Blätter“.
}

## Stimmen.

vote-play-first = Beende zuerst ein Spiel { $name }: Stimmen kommen von Spielern, die es gespielt haben.
vote-stars = `stars` ist eine ganze Zahl von { $least } bis { $most }.

## Wiederholungen, und der Export aller beendeten Spiele (die erste Zeile
## der Datei, ein Kommentar).

replay-not-over = Die Wiederholung eines Spiels gibt es, sobald es vorbei ist: Spiel es zuerst zu Ende oder gib es auf.
replay-dead-end = Die Wiederholung eines Spiels in einer Sackgasse gibt es, sobald es aufgegeben ist: Rückgängig könnte es noch weiterbringen.
export-header = # patience: { $count ->
    [one] 1 beendetes Spiel
   *[other] { $count } beendete Spiele
}, das neueste zuerst; jedes Protokoll lässt sich mit `patience replay` nachspielen
export-none = # patience: noch keine Spiele
# Ein Protokoll eines laufenden Wettbewerbs: seine erste Zeile, ein Kommentar.
record-deal-hidden = # Ein Duellspiel: Die Blattnummer fehlt, bis das Duell schließt; dann gibt es das ganze Protokoll.
