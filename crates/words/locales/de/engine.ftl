# Die Worte der Spielregeln: Karten, Stapel, Züge, was ein Zug auslöst,
# Ablehnungen, Spielausgänge und Fehler des Spiels.

language-name = Deutsch

## Karten. $rank: 1 (Ass) bis 13 (König); $suit: das Farbzeichen.

card = { $rank ->
    [1] A
    [11] B
    [12] D
    [13] K
   *[other] { $rank }
}{ $suit }
rank-name = { $rank ->
    [1] Ass
    [11] Bube
    [12] Dame
    [13] König
   *[other] { $rank }
}
    .definite = { $rank ->
        [1] das Ass
        [11] den Buben
        [12] die Dame
        [13] den König
       *[other] die { $rank }
    }
suit-name = { $suit ->
    [spades] Pik
    [hearts] Herz
    [diamonds] Karo
   *[clubs] Kreuz
}

## Stapel, nach ihrer Rolle im Satz: allein, als Subjekt am Satzanfang,
## nach „aus“ (woher), „auf/in“ (wohin) und ohne Artikel.

pile-column = Reihe { $column }
    .subject = Reihe { $column }
    .from = aus Reihe { $column }
    .to = in Reihe { $column }
    .bare = Reihe { $column }
pile-stock = der Talon
    .subject = Der Talon
    .from = aus dem Talon
    .to = in den Talon
    .bare = Talon
pile-waste = die Ablage
    .subject = Die Ablage
    .from = von der Ablage
    .to = auf die Ablage
    .bare = Ablage
pile-reserve = die Reserve
    .subject = Die Reserve
    .from = aus der Reserve
    .to = in die Reserve
    .bare = Reserve
pile-foundation = der { $suit }-Zielstapel
    .subject = Der { $suit }-Zielstapel
    .from = vom Zielstapel
    .to = auf den { $suit }-Zielstapel
    .bare = { $suit }-Zielstapel
pile-foundations = die Zielstapel
    .subject = Die Zielstapel
    .from = von den Zielstapeln
    .to = auf die Zielstapel
    .bare = Zielstapel

## Züge. $cards: die Karten, die ziehen, wie move-cards sie nennt; $from,
## $to: Stapel.

move-draw = { $cards ->
    [one] Eine Karte ziehen
   *[other] { $cards } Karten ziehen
}
move-redeal = Den Talon umdrehen: Durchgang { $pass } von { $passes }
move-redeal-unlimited = Den Talon umdrehen: Durchgang { $pass }
move-cards = { $below ->
    [0] { $lead }
    [one] { $lead } mit 1 Karte darunter
   *[other] { $lead } mit { $below } Karten darunter
}
move-to-foundation = { $cards } { $from } hochlegen
move-onto = { $cards } { $from } an { $onto } anlegen
move-into-empty = { $cards } { $from } in die freie Reihe { $column } legen
move-to = { $cards } { $from } { $to } legen
move-unseen = Zug { $from } { $to }

## Was ein Zug auslöst, und ein Zug mitsamt dem.

effect-drawn = { $card } oben auf der Ablage
effect-turned-up = { $card } in Reihe { $column } aufgedeckt
effect-went-up = { $count ->
    [one] { $cards } ging von selbst auf den Zielstapel
   *[other] { $cards } gingen von selbst auf die Zielstapel
}
sentence = { $words }.
took-back = Zurückgenommen: { $words }.

## Spielausgänge: als Aufschrift und im Satz.

outcome-playing = Läuft
    .inline = läuft noch
outcome-won = Gewonnen
    .inline = gewonnen
outcome-lost = Keine Züge mehr
    .inline = keine Züge mehr
outcome-stuck = Kein Fortschritt mehr möglich
    .inline = kein Fortschritt mehr möglich
outcome-quit = Aufgegeben
    .inline = aufgegeben
outcome-time-up = Zeit abgelaufen
    .inline = Zeit abgelaufen

## Was eine Karte braucht, um in einer Reihe angelegt zu werden. $build:
## alternate (fallend, Farben im Wechsel), suit (fallend in Farbe) oder
## either (steigend oder fallend in Farbe); $colour: red oder black, die
## nötige Farbe; $rank, $other: Werte. Steht im Akkusativ.

needed-card = { $build ->
    [alternate] { $rank ->
        [1] ein { $colour ->
            [red] rotes
           *[black] schwarzes
        } Ass
        [11] einen { $colour ->
            [red] roten
           *[black] schwarzen
        } Buben
        [12] eine { $colour ->
            [red] rote
           *[black] schwarze
        } Dame
        [13] einen { $colour ->
            [red] roten
           *[black] schwarzen
        } König
       *[other] eine { $colour ->
            [red] rote
           *[black] schwarze
        } { $rank }
    }
    [suit] { suit-name } { rank-name }
   *[either] { suit-name } { rank-name } oder { $other_name }
}
needs-nothing-below = keine Karte: Sie wird an keine angelegt
foundation-needs = { $needs ->
    [none] ihre Zielstapel sind vollständig
    [one] ihr Zielstapel braucht zuerst { $first }
    [same] ihre Zielstapel brauchen zuerst { $first }
   *[two] ihre Zielstapel brauchen zuerst { $first } oder { $second }
}

## Ablehnungen: warum die Regeln einen Zug verbieten.

refusal-no-stock = Dieses Spiel hat keinen Talon.
refusal-stock-empty = Der Talon ist leer.
refusal-stock-not-empty = Im Talon liegen noch Karten: Zieh sie, bevor du ihn umdrehst.
refusal-waste-empty = Die Ablage ist leer: Es gibt nichts umzudrehen.
refusal-no-pass-left = { $passes ->
    [one] Kein Durchgang mehr: Diese Regeln erlauben einen Durchgang durch den Talon.
   *[other] Kein Durchgang mehr: Diese Regeln erlauben { $passes } Durchgänge durch den Talon.
}
refusal-stock-closed = Der Talon kann gerade nicht benutzt werden.
refusal-no-such-column = Es gibt keine Reihe { $column }: Dieses Spiel hat { $count }.
refusal-no-such-foundation = Diesen Zielstapel gibt es nicht: Dieses Spiel hat { $count }.
refusal-no-cards = Ein Zug bewegt mindestens eine Karte.
refusal-same-pile = { $pile } ist zugleich Start und Ziel.
refusal-stock-not-a-source = Vom Talon werden Karten gezogen, nicht verschoben: Sie kommen aus einer Reihe, von der Ablage, aus der Reserve oder von einem Zielstapel.
refusal-not-a-source = Karten werden nicht { $from } genommen: Sie kommen aus einer Reihe, von der Ablage, aus der Reserve oder von einem Zielstapel.
refusal-not-a-destination = Karten können nicht { $to } gelegt werden: Sie kommen in eine Reihe oder auf einen Zielstapel.
refusal-no-such-source = Dieses Spiel hat keine { $pile }.
refusal-foundations-keep-their-cards = In diesem Spiel verlassen Karten die Zielstapel nie.
refusal-source-empty = { $pile } ist leer.
refusal-one-card-from = Es kommt immer nur eine Karte { $from }.
refusal-foundations-take-one-at-a-time = Karten werden einzeln hochgelegt.
refusal-single-cards-only = In diesem Spiel zieht immer nur eine Karte.
refusal-not-that-many-face-up = { $face_up ->
    [one] In Reihe { $column } liegt nur 1 Karte offen.
   *[other] In Reihe { $column } liegen nur { $face_up } Karten offen.
}
refusal-not-a-run = { $run ->
    [one] Die obersten { $count } Karten von Reihe { $column } sind keine Leiter: Nur die oberste Karte kann von dort ziehen.
   *[other] Die obersten { $count } Karten von Reihe { $column } sind keine Leiter: Höchstens die obersten { $run } ziehen zusammen.
}
refusal-part-of-a-run = Nur ganze Leitern ziehen: Nimm alle { $run } Karten der Leiter in Reihe { $column }.
refusal-not-next-on-foundation = { $card } kann noch nicht hochgelegt werden, denn { $needs }.
refusal-foundation-complete = { $card } kann nicht hochgelegt werden, denn { $needs }.
refusal-run-onto-card = Auf eine Karte wird immer nur eine Karte angelegt; Leitern ziehen nur in eine freie Reihe, nicht in Reihe { $column }.
refusal-does-not-build = { $card } braucht { $needed }; Reihe { $column } endet mit { $onto }.
refusal-back-to-foundation = { $card } ginge nur gleich wieder auf ihren Zielstapel zurück.
refusal-space-stays-empty = Reihe { $column } bleibt frei: Eine geräumte Reihe wird in diesem Spiel nie wieder belegt.
refusal-too-many-columns-in-use = Eine freie Reihe darf nur belegt werden, solange höchstens { $most } Reihen Karten tragen.
refusal-only-kings-fill-spaces = In eine freie Reihe kommt nur { $king ->
    [12] eine Dame
   *[other] ein König
}, und { $card } ist { $king ->
    [12] keine
   *[other] keiner
} (Reihe { $column } ist frei).
refusal-nowhere-to-go = { $card } kann gerade nirgendwohin: Keine Reihe bietet { $needed }, und { $needs }.
refusal-nowhere-to-go-but-empty = { $card } kann gerade nirgendwohin: Sie passt nur in eine freie Reihe, und { $needs }.
refusal-run-nowhere-to-go = Die Leiter aus { $run } Karten ab { $lead } kann gerade nirgendwohin: Nur ganze Leitern ziehen, und keine Reihe bietet { $needed }.
refusal-run-nowhere-to-go-but-empty = Die Leiter aus { $run } Karten ab { $lead } kann gerade nirgendwohin: Nur ganze Leitern ziehen, und sie passt nur in eine freie Reihe.
refusal-not-allowed = Die Regeln erlauben diesen Zug hier nicht.

## Fehler des Spiels.

error-game-over = Das Spiel ist vorbei ({ $outcome }): Starte ein neues.
error-nothing-to-undo = Es gibt keinen Zug zum Zurücknehmen.
error-nothing-to-redo = Es gibt keinen Zug zum Wiederholen.
error-no-restart = Gewertete Spiele haben keinen Neustart: Rückgängig nimmt einen Zug nach dem anderen zurück, für je { $penalty } Punkte.
error-time-up = Die Zeit ist abgelaufen.
error-time-went-back = Die Aktionen eines Spiels müssen in der Reihenfolge kommen, in der sie gespielt wurden.
error-line-while-hidden = Ein Gewinnweg wird gezeigt, sobald jede übrige Karte bekannt ist: Decke zuerst die verdeckten Karten auf und sieh dir den ganzen Talon an.

## Die Aktionen eines Spiels außer Zügen, wie ein Protokoll sie nennt.

action-move = Ein Zug
action-undo = Rückgängig
action-restart = Neu starten
action-quit = Aufgeben
action-safe-auto-moves-on = Sichere Automatikzüge an
action-safe-auto-moves-off = Sichere Automatikzüge aus
action-show-line = Gewinnweg zeigen

## Spielprotokolle, die sich nicht nachspielen lassen.

record-refused = Aktion { $number } des Protokolls, `{ $token }`, wird abgelehnt: { $why }
record-mismatch = Laut Protokoll ist „{ $header }“ `{ $recorded }`, doch das Nachspielen ergibt `{ $replayed }`.
record-header = Zeile { $line } des Protokolls: { $why }
record-header-after-moves = Die Kopfzeilen müssen vor den Zügen stehen.
record-not-a-header = „{ $text }“ ist keine Kopfzeile: Schreib [Name "Wert"].
record-not-a-deal = Die Blattnummer „{ $text }“ ist keine Zahl von 0 bis { $most }.
record-missing = Dem Protokoll fehlt die Kopfzeile [{ $header } "..."].
record-token = Aktion { $number } des Protokolls, `{ $token }`: { $why }
record-not-a-time = „{ $text }“ nach dem @ ist keine Zeit in Millisekunden.

## Züge in Notation, und die Kennungen der Spiele.

notation-error = „{ $text }“ ist kein Zug ({ $why }); schreib s (ziehen), r (Talon umdrehen) oder VON-NACH[:N], mit VON aus t1..t10, w, res, f1..f8 und NACH aus t1..t10, f, zum Beispiel t3-t5, t2-t7:3, w-f
notation-empty = der Text ist leer
notation-count-not-a-number = nach dem `:` muss eine Zahl stehen
notation-count-zero = die Zahl nach dem `:` muss mindestens 1 sein
notation-count-too-large = die Zahl nach dem `:` nennt mehr Karten, als ein Stapel fassen kann
notation-no-dash = VON und NACH werden durch einen Bindestrich getrennt
notation-unknown-source = VON nennt keinen bekannten Stapel
notation-unknown-destination = NACH nennt keinen bekannten Stapel
notation-not-a-source = Karten kommen aus einer Reihe, von der Ablage, aus der Reserve oder von einem Zielstapel
notation-not-a-destination = Karten kommen in eine Reihe oder auf die Zielstapel
notation-several-cards = nur Züge von Reihe zu Reihe bewegen mehrere Karten
notation-same-pile = VON und NACH sind derselbe Stapel
unknown-rules = Kein Spiel und keine Variante heißt „{ $id }“: Die bekannten Kennungen nennt /api/rules.
