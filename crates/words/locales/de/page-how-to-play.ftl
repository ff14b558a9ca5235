# Die Spielregeln (how-to-play.html): was alle Spiele teilen, dann die Regeln jedes Spiels.
# Die Große Harfe sagt die Worte ihres deutschen Originals: Talon, Leiter,
# Kartenbild, hochlegen, anlegen.

how-to-play-title = Spielregeln · patience
how-to-play-heading = Spielregeln
how-to-play-intro =
    Jedes Spiel wird mit einem nummerierten Blatt gespielt, und der Server prüft jeden Zug: Die Seite bietet nur die Züge
    an, die die Regeln erlauben. Karten bewegst du, indem du sie mit der Maus ziehst, indem du eine Karte anklickst und
    dann die Stelle, wohin sie soll, oder mit der Tastatur (<kbd>Tab</kbd> oder die Pfeiltasten, um einen Stapel zu wählen,
    <kbd>↑</kbd>/<kbd>↓</kbd>, um mehr oder weniger Karten einer Reihe zu nehmen, <kbd>Enter</kbd> zum Aufnehmen und
    Ablegen, <kbd>F</kbd> zum Hochlegen, <kbd>D</kbd> zum Ziehen vom Talon, <kbd>U</kbd> zum Zurücknehmen, <kbd>Y</kbd> zum
    Wiederholen). Ein Doppelklick auf eine Karte legt sie hoch. Ein Klick auf den Talon zieht eine Karte oder dreht, wenn
    er leer ist und noch ein Durchgang bleibt, den Talon um: Die Ablage wird wieder zum Talon. Einen Zug, den die Regeln nicht erlauben, lehnt der
    Server mit seinem Grund ab.
how-to-play-hints =
    <strong>Tipp</strong> (<kbd>H</kbd>) markiert einen Zug auf dem Tisch, nennt ihn in Worten und sagt, in wie vielen der
    möglichen Lagen der verdeckten Karten er zum Sieg führte; <kbd>Enter</kbd> oder <em>Ausführen</em> spielt ihn. Wenn der
    Rest keine Entscheidung mehr braucht (jede Karte offen, Talon und Ablage leer, jede Karte kann der Reihe nach
    hochgelegt werden), legt <strong>Fertig spielen</strong> alle Karten hoch; ein weiterer Klick springt ans Ende. Wenn
    keine Zugfolge mehr etwas Neues bringen kann, endet das Spiel: „Kein Fortschritt mehr möglich“; Rückgängig öffnet es
    wieder. Neu starten, Aufgeben, ein neues Spiel und das Protokoll des Spiels findest du im Menü <strong>⋯</strong>.
how-to-play-common =
    Allen Spielen gemeinsam: Auf den <strong>Zielstapeln</strong> wird in gleicher Farbe aufsteigend aufgebaut (Ass, 2, 3 …
    König, wo nicht anders angegeben), in den Reihen des <strong>Kartenbilds</strong> wird absteigend angelegt, eine
    verdeckte Karte, die oben auf eine Reihe zu liegen kommt, wird von selbst aufgedeckt, und ein Spiel ist gewonnen, wenn
    alle Karten auf den Zielstapeln liegen. Rückgängig geht immer; nur in Harmony kostet es Punkte.

## Harp

how-to-play-harp = Harp
how-to-play-harp-deal = Zwei Spiele Karten. Neun Reihen mit 1 bis 9 Karten, die oberste jeder Reihe offen; 59 Karten im Talon; acht Zielstapel.
how-to-play-harp-rule-1 = Im Kartenbild wird absteigend und farbwechselnd angelegt (eine rote 6 an eine schwarze 7). Es zieht immer nur eine Karte.
how-to-play-harp-rule-2 = Eine freie Reihe nimmt nur einen König; eine offene Leiter, die mit einem König beginnt, darf als Ganzes in eine freie Reihe ziehen.
how-to-play-harp-rule-3 = Vom Talon wird Karte für Karte auf die Ablage gezogen; die oberste Karte der Ablage ist spielbar.
how-to-play-harp-rule-4 = Vier Durchgänge durch den Talon (der erste, dann dreimal Umdrehen).
how-to-play-harp-rule-5 = Varianten: <em>3 Durchgänge</em>; <em>beliebig viele Durchgänge</em>.

## Die Große Harfe

how-to-play-grosse-harfe = Die Große Harfe
how-to-play-grosse-harfe-deal =
    Zwei Spiele Karten. Zehn Reihen, die erste mit 10 Karten bis hinab zur letzten mit 1, nur die oberste Karte offen; 49
    Karten bleiben als Talon.
how-to-play-grosse-harfe-rule-1 =
    Angelegt wird in absteigender Folge und farbwechselnd, rot an schwarz, schwarz an rot. Jede richtig gebildete offene
    Leiter kann als Ganzes verlegt werden.
how-to-play-grosse-harfe-rule-2 =
    Jedes Ass, das offen im Spiel erscheint, wird von selbst hochgelegt, als Teil des Zuges, der es zeigte: beim Auslegen,
    wenn es in einer Reihe aufgedeckt wird, und wenn es vom Talon gezogen wird. (In der Variante <em>drei Karten
    ziehen</em> wird ein Ass unter der obersten Karte der Ablage hochgelegt, sobald es nach oben kommt.)
how-to-play-grosse-harfe-rule-3 = In eine freie Reihe darf jede beliebige Karte gelegt werden, allein oder mit ihrer Leiter.
how-to-play-grosse-harfe-rule-4 =
    Es wird Karte für Karte gezogen; der Talon darf nur einmal durchgespielt werden (kein Umdrehen). Nur die oberste Karte
    der Ablage ist spielbar.
how-to-play-grosse-harfe-rule-5 =
    Varianten: <em>3 Durchgänge</em>; <em>nur Könige auf freie Stellen</em>; <em>höchstens 8 Reihen</em> (eine freie
    Stelle darf nur belegt werden, solange weniger als 8 Reihen Karten tragen); <em>drei Karten ziehen</em> mit beliebig
    vielen Durchgängen.

## Solitaire Harmony

how-to-play-harmony = Solitaire Harmony
how-to-play-harmony-deal =
    Klondike mit einem Spiel Karten, bei dem Karte für Karte gezogen wird, gegen eine Fünf-Minuten-Uhr und um Punkte.
    Sieben Reihen mit 1 bis 7 Karten, die oberste offen; 24 Karten im Talon.
how-to-play-harmony-rule-1 =
    Absteigend und farbwechselnd anlegen; jeder offene Teil einer Reihe darf ziehen, wenn seine unterste Karte passt.
    Eine freie Reihe nimmt nur einen König oder eine Leiter, die mit einem König beginnt.
how-to-play-harmony-rule-2 = Beliebig viele Durchgänge durch den Talon. Die oberste Karte eines Zielstapels darf zurück ins Kartenbild gelegt werden.
how-to-play-harmony-rule-3 =
    Karten, die nicht mehr gebraucht werden, gehen von selbst auf die Zielstapel: Eine Karte wird hochgelegt, sobald alle
    vier Karten des nächstniedrigeren Werts dort liegen (Asse immer).
how-to-play-harmony-rule-4 =
    Die Uhr läuft auf dem Server. In einem Übungsspiel beginnt sie mit deinem ersten Zug; in einem Duell, wenn du dein
    Spiel öffnest. Bei 0:00 endet das Spiel, wie es gerade steht. Es gibt keinen Neustart: Jedes Zurücknehmen kostet
    seine Punkte.
how-to-play-harmony-rule-5 =
    Punkte: +{ $first_up } für jede Karte, die zum ersten Mal einen Zielstapel erreicht; +100 für jede aufgedeckte Karte im
    Kartenbild; +{ $all_up }, wenn alle 52 Karten oben liegen; +150 je ganzer verbleibender Sekunde, wenn der Tisch
    abgeräumt ist; +1 je verbleibender Sekunde, wenn du aufgibst; −400 jedes Mal, wenn der Talon ab dem dritten Durchgang
    durchgespielt ist; −{ $undo } je Zurücknehmen.

## Klondike

how-to-play-klondike = Klondike
how-to-play-klondike-deal =
    Der Klassiker, ohne Uhr und ohne Punkte: ein Spiel Karten, sieben Reihen mit 1 bis 7 Karten, die oberste offen; 24
    Karten im Talon.
how-to-play-klondike-rule-1 =
    Absteigend und farbwechselnd anlegen; jeder offene Teil einer Reihe darf ziehen, wenn seine unterste Karte passt.
    Eine freie Reihe nimmt nur einen König oder eine Leiter, die mit einem König beginnt.
how-to-play-klondike-rule-2 =
    Es wird Karte für Karte gezogen, mit beliebig vielen Durchgängen durch den Talon. Die oberste Karte eines Zielstapels
    darf zurück ins Kartenbild gelegt werden. Keine Karte geht von selbst hoch (<em>Sichere Karten von selbst
    hochlegen</em> im Menü ⋯ erledigt das für dich, wenn du willst).
how-to-play-klondike-rule-3 = Zurücknehmen und Neustart kosten nichts.
how-to-play-klondike-rule-4 = Variante: <em>drei Karten ziehen</em>, drei Karten auf einmal, von denen nur die oberste spielbar ist.

## Pitchfork

how-to-play-pitchfork = Pitchfork
how-to-play-pitchfork-deal = Ein Spiel Karten. Neun Reihen mit 8, 8, 4, 2, 2, 2, 4, 8 und 8 Karten, alle offen; sechs Karten im Talon.
how-to-play-pitchfork-rule-1 = Absteigend und farbwechselnd anlegen.
how-to-play-pitchfork-rule-2 =
    Keine Teilleitern: Eine richtig gebildete Leiter zieht nur als Ganzes, von der obersten Karte ihrer Reihe hinab, so
    weit sie gebildet ist. Kein Teil von ihr zieht allein, nicht einmal ihre oberste Karte, außer auf einen Zielstapel.
how-to-play-pitchfork-rule-3 = Eine freie Reihe nimmt nur einen König oder eine ganze Leiter, die mit einem König beginnt.
how-to-play-pitchfork-rule-4 = Es wird Karte für Karte gezogen, mit beliebig vielen Durchgängen.
how-to-play-pitchfork-rule-5 =
    Varianten: <em>kein Umdrehen</em>; <em>2 Durchgänge</em>; <em>3 Durchgänge</em>; <em>Teilleitern</em>: Jeder Teil
    einer Leiter, von einer Karte bis hinauf zur obersten ihrer Reihe, darf als Ganzes ziehen; <em>Warfield</em>: Reihen
    mit 8, 8, 4, 2, 0, 2, 4, 8, 8 Karten, eine Reserve aus sieben Karten, Zielstapel, die mit dem Wert der ersten
    gegebenen Karte beginnen und über den König hinaus beim Ass weitergehen, nur einzelne Karten, und jede Karte auf eine
    freie Stelle.

## Lasker

how-to-play-lasker = Lasker
how-to-play-lasker-deal = Ein Spiel Karten, alle offen in zehn Reihen (zwei mit 6 Karten, acht mit 5). Kein Talon.
how-to-play-lasker-note =
    <strong>Nach diesen Regeln, den ursprünglichen des Spiels, geht ein Blatt fast nie auf</strong>: Der Löser beweist,
    dass jedes der ersten { $deals } Blätter verloren ist. Spiel darauf, so viele Karten wie möglich auf die Zielstapel zu
    bringen; die Zahl der hochgelegten Karten ist dein Ergebnis. Von Anfang an zeigt der Tisch die Bestmarke des Blatts,
    die meisten Karten, die darin hochgehen können, wie der Löser sie findet: das Ziel, auf das du spielst. Die meisten
    Patience-Sammlungen bieten ein anderes Lasker an: hier die Variante <em>Lasker (klassische Sammlungen)</em>,
    <code>lasker/classic</code>.
how-to-play-lasker-rule-1 =
    Die erste Karte, die du hochlegst, eine beliebige verfügbare Karte, legt den Grundwert fest; die anderen Zielstapel
    beginnen mit diesem Wert in den anderen Farben. Auf den Zielstapeln wird in gleicher Farbe aufsteigend aufgebaut, über
    den König hinaus beim Ass weiter.
how-to-play-lasker-rule-2 =
    Im Kartenbild wird absteigend in gleicher Farbe angelegt (die Pik 7 an die Pik 8), immer nur eine Karte.
    Eine geräumte Reihe bleibt für den Rest des Spiels frei.
how-to-play-lasker-rule-3 =
    In <em>Lasker (klassische Sammlungen)</em>: in gleicher Farbe auf- oder absteigend anlegen, über den König hinaus, Leitern
    ziehen als Ganzes, jede Karte darf auf eine freie Stelle.
