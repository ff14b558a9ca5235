# Die Spiele und ihre Varianten: Name und Kurzbeschreibung, nach der Id
# der Regeln (der Schrägstrich einer Variante als Bindestrich:
# harp/3-passes ist rules-harp-3-passes).

rules-harp = Harp
    .summary = Zwei Spiele Karten, neun Reihen mit 1 bis 9 Karten; es zieht immer nur eine Karte; vier Durchgänge durch den Talon.
rules-grosse-harfe = Die Große Harfe
    .summary = Zwei Spiele Karten, zehn Reihen mit 10 bis 1 Karten; Leitern in wechselnden Farben ziehen als Ganzes; Asse gehen von selbst hoch; ein Durchgang durch den Talon.
rules-harmony = Solitaire Harmony
    .summary = Klondike, bei dem Karte für Karte gezogen wird, gegen eine Fünf-Minuten-Uhr und um Punkte; nicht mehr gebrauchte Karten gehen von selbst hoch.
rules-klondike = Klondike
    .summary = Der Klassiker: ein Spiel Karten, sieben Reihen, eine Karte auf einmal ziehen, so oft du willst; keine Uhr, keine Punkte.
rules-pitchfork = Pitchfork
    .summary = Ein Spiel Karten, neun offene Reihen in Form einer Heugabel und ein Talon aus sechs Karten; Leitern ziehen nur als Ganzes.
rules-lasker = Lasker
    .summary = Ein Spiel Karten, alle offen in zehn Reihen; deine erste Karte auf einem Zielstapel legt den Grundwert fest. Nach diesen ursprünglichen Regeln geht fast kein Blatt auf: Bring so viele Karten hoch, wie du kannst. Lasker (klassische Sammlungen) ist die Fassung, die die meisten Sammlungen anbieten.
rules-harp-3-passes = Harp (3 Durchgänge)
    .summary = Harp mit drei Durchgängen durch den Talon, wie mehrere veröffentlichte Seiten es beschreiben.
rules-harp-unlimited = Harp (beliebig viele Durchgänge)
    .summary = Harp mit so vielen Durchgängen durch den Talon, wie du willst.
rules-grosse-harfe-3-passes = Die Große Harfe (3 Durchgänge)
    .summary = Der Talon wird dreimal durchgespielt („den Talon dreimal umdrehen“).
rules-grosse-harfe-kings-only = Die Große Harfe (nur Könige auf freie Stellen)
    .summary = Nur ein König oder eine Leiter, die mit einem König beginnt, darf eine freie Reihe belegen.
rules-grosse-harfe-8-columns = Die Große Harfe (höchstens 8 Reihen)
    .summary = Eine freie Stelle darf nur belegt werden, solange weniger als 8 Reihen Karten tragen („nur 8 statt 10 Reihen“).
rules-grosse-harfe-draw-3 = Die Große Harfe (drei Karten ziehen, beliebig viele Durchgänge)
    .summary = Es wird nur jede dritte Karte offen ausgelegt, und der Talon darf beliebig oft verwendet werden.
rules-klondike-draw-3 = Klondike (drei Karten ziehen)
    .summary = Klondike mit drei Karten auf einmal, so oft du willst; nur die oberste davon ist spielbar.
rules-pitchfork-no-redeal = Pitchfork (kein Umdrehen)
    .summary = Pitchfork mit einem einzigen Durchgang durch den Talon.
rules-pitchfork-2-passes = Pitchfork (2 Durchgänge)
    .summary = Pitchfork mit zwei Durchgängen durch den Talon.
rules-pitchfork-3-passes = Pitchfork (3 Durchgänge)
    .summary = Pitchfork mit drei Durchgängen durch den Talon.
rules-pitchfork-partial-runs = Pitchfork (Teilleitern)
    .summary = Pitchfork, in dem jeder Teil einer Leiter, von einer Karte bis oben, als Ganzes ziehen darf.
rules-pitchfork-warfield = Pitchfork (Warfield)
    .summary = Die andere veröffentlichte Regelfassung: eine Reserve aus sieben Karten, Zielstapel ab der ersten gegebenen Karte, einzelne Karten, jede Karte auf eine freie Stelle.
rules-lasker-classic = Lasker (klassische Sammlungen)
    .summary = Die Regeln anderer Sammlungen: in gleicher Farbe auf- oder absteigend anlegen, über den König hinaus, Leitern ziehen als Ganzes, jede Karte belegt eine freie Stelle.
