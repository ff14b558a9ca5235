# Die häufigen Fragen (faq.html): jede eine Frage (-q) und ihre Antwort (-a).

faq-title = Häufige Fragen · patience
faq-heading = Häufige Fragen

faq-account-q = Brauche ich ein Konto?
faq-account-a =
    Nein. Wenn du zum ersten Mal ein Spiel beginnst, gibt der Server deinem Browser ein zufälliges Kennzeichen in einem
    Cookie. An diesem Cookie erkennt der Server, welche Spiele deine sind; niemand sonst kann sie sehen oder spielen. Wenn
    du deine Cookies löschst, bleiben deine Spiele und deine Statistik auf dem Server, aber dein Browser kommt nicht mehr
    an sie heran. Ein Konto ist freiwillig: ein Name und ein Passwort, sonst nichts. Es bewahrt deine Spiele, deine
    Statistik und deine Einstellungen für jeden Browser auf, in dem du dich anmeldest, gibt dir ein öffentliches Profil
    und eine Wertung und lässt dich gewertete Duelle spielen.

faq-deal-number-q = Was ist eine Blattnummer?
faq-deal-number-a =
    Jedes Spiel beginnt mit einem nummerierten Blatt. Dasselbe Spiel, dieselbe Variante und dieselbe Blattnummer ergeben
    immer dieselben Karten in derselben Reihenfolge, auf jedem Rechner. Teile ein Blatt mit dem Link unter der
    Blattnummer auf der Spielseite. In einem Duell wird die Nummer erst gezeigt, wenn das Duell geschlossen ist, damit
    niemand das Blatt des Duells inzwischen in einem anderen Spiel üben kann.

faq-grades-q = Was bedeuten Leicht, Mittel und Schwer?
faq-grades-a =
    Jeder dieser Knöpfe beginnt ein Blatt, das der Löser als gewinnbar bewiesen hat: Jede Karte kann hochgelegt werden. Der
    Schwierigkeitsgrad sagt, wie oft es gewonnen wird: Leicht mindestens sieben von zehn Malen, Mittel drei- bis sechsmal, Schwer
    seltener. Sobald zehn Spieler ein Blatt zu Ende gespielt haben, wird es danach eingestuft, wie viele von ihnen es
    gewonnen haben; bis dahin nach zehn Spielen unseres Computerspielers, der nur sieht, was du siehst. Ein Schwierigkeitsgrad, für
    den die Bibliothek kein Blatt hat, wird nicht angeboten. Der Server führt eine Bibliothek solcher Blätter und erweitert
    sie, wenn er nichts zu tun hat. Nach Laskers ursprünglichen Regeln ist kein Blatt als gewinnbar bekannt; spiel dort
    ein beliebiges Blatt und ziele auf seine Bestmarke, die meisten Karten, die es hochbringen kann.

faq-duel-end-q = Wann endet ein Duell?
faq-duel-end-a =
    Wenn jeder Platz besetzt ist und alle fertig sind, oder zu seiner Schlusszeit. Ein Schnellduell schließt eine Stunde
    nach seiner Eröffnung. Wer ein Duell erstellt hat, kann es auf der Duellseite vorzeitig schließen, um Plätze
    aufzugeben, die nie besetzt wurden, aber erst, wenn alle anderen, die beigetreten sind, fertig sind: Wer einen Platz
    hat, behält seine Chance bis zur Schlusszeit. Dann werden die Rangfolge, Startwert und Salt und die Wiederholungen aller
    gezeigt.

faq-duel-guarantee-q = Was garantiert ein Duell?
faq-duel-guarantee-a =
    Es garantiert, dass alle dasselbe Blatt spielen, festgelegt, bevor jemand spielt: Der Server veröffentlicht einen Hash
    des Startwerts des Blatts, wenn das Duell erstellt wird, und den Startwert selbst, sobald es schließt, sodass jeder prüfen kann,
    dass das Blatt nicht verändert wurde. Der Server führt jede Uhr und prüft jeden Zug; niemand sieht vor dem Schließen
    des Duells die Blattnummer, die Karten eines anderen Spielers oder seine Wiederholung, und Tipps sind abgeschaltet.
faq-duel-guarantee-a2 =
    Es kann nicht garantieren, wer spielt. Außerhalb gewerteter Duelle ist ein Spieler ein Cookie, keine Person, und auch
    ein Konto ist nur ein Name: Nichts hindert einen Freund daran zu helfen, oder jemanden daran, das Blatt in einem
    anderen Browser zu spielen. Um den einfachen Trick zu erschweren, mit
    zwei Browsern zwei Plätze zu belegen, vergibt ein Duell nur einen Platz je Internetadresse; zwei Menschen hinter einer
    Adresse, etwa ein Haushalt, können also nicht beide demselben Duell beitreten. Duelliere dich mit Leuten, denen du
    vertraust.

faq-close-page-q = Kann ich die Seite mitten im Spiel schließen?
faq-close-page-a =
    Ja. Jeder Zug wird auf dem Server gespeichert, bevor er gezeigt wird. Kehr zur Adresse des Spiels zurück oder finde es
    unter „Weiterspielen“ auf der Startseite, und spiel genau dort weiter, wo du warst.

faq-clock-q = Warum läuft die Uhr von Harmony weiter, wenn ich die Seite schließe?
faq-clock-a =
    Die Uhr läuft auf dem Server, nicht in deinem Browser, damit sie für alle gleich ist. In einem Übungsspiel beginnt sie
    mit deinem ersten Zug, sodass du dir zuerst den Tisch ansehen kannst; in einem Duell beginnt sie, wenn du dein Spiel
    öffnest.

faq-refused-q = Warum kann ich einen Zug nicht machen, den ich für richtig halte?
faq-refused-a =
    Der Server entscheidet, welche Züge erlaubt sind. Wird ein Zug abgelehnt, sagt die Seite, warum, zum Beispiel „7♥
    braucht eine schwarze 8; Reihe 5 endet mit 8♦.“; die Regeln jedes Spiels stehen unter
    <a href="/how-to-play">Spielregeln</a>.

faq-no-more-q = Was bedeuten „Keine Züge mehr“ und „Kein Fortschritt mehr möglich“?
faq-no-more-a =
    „Keine Züge mehr“: Es ist kein erlaubter Zug mehr übrig, nicht einmal Ziehen. „Kein Fortschritt mehr möglich“: Es gibt
    noch Züge, aber keine Folge erlaubter Züge brächte nach dem, was du sehen kannst, etwas Neues: keine Karte zum ersten
    Mal auf einen Zielstapel, keine verdeckte Karte aufgedeckt, keine Karte des Talons zum ersten Mal gesehen, und, wo die
    Durchgänge begrenzt sind, kein Ziehen und kein Umdrehen des Talons mehr übrig. Karten hin und her zu schieben würde
    nichts ändern, also endet das Spiel dort. Du kannst trotzdem Züge zurücknehmen und es anders versuchen.

faq-hints-q = Gibt es Tipps?
faq-hints-a =
    Ja, außer in Duellen: Der Knopf <em>Tipp</em> fragt den Computerspieler nach einem Zug, markiert ihn auf dem Tisch und
    sagt, in wie vielen der möglichen Lagen der verdeckten Karten dieser Zug zum Sieg führte („In 7 von 10 möglichen Lagen
    der verdeckten Karten führte dieser Zug zum Sieg“). Er entscheidet nach dem, was du auf dem Tisch sehen kannst und
    bisher gesehen hast, nie nach verdeckten Karten. Wenn in keiner Lage ein Zug zum Sieg führte, sagt er das und bietet
    an, Züge zurückzunehmen oder aufzugeben, außer zu Beginn eines Blatts, das du als gewinnbares verlangt hast: Dort
    erinnert er daran, dass ein Sieg trotzdem möglich ist.

faq-par-q = Was ist „das Bestmögliche“ am Ende eines Spiels?
faq-par-a =
    Die Bestmarke des Blatts: die meisten Karten, die irgendeine Spielweise auf die Zielstapel bringen könnte, vom Löser
    mit Kenntnis jeder Karte ermittelt, etwa zwei Sekunden lang. Alle Karten, wenn das Blatt zu gewinnen war;
    „mindestens“, wenn der Suche zuerst die Zeit ausging. Sie wird gezeigt, sobald das Spiel vorbei ist, in einem Duell
    erst, wenn das Duell schließt (bis dahin ist sein Blatt geheim), und in Lasker, wo jede Karte offen liegt und ein
    Blatt fast nie gewonnen wird, von Anfang an: Sie ist das Ziel, auf das du spielst.

faq-help-q = Was heißt „mit Hilfe gewonnen“?
faq-help-a =
    Sobald jede übrige Karte bekannt ist (keine verdeckte Karte mehr, der ganze Talon gesehen) und noch Entscheidungen
    anstehen, fragt <em>Gewinnweg zeigen</em> im Menü ⋯ des Spiels den Löser nach einem Weg zum Sieg und spielt ihn. Das
    Spiel merkt sich, dass der Weg gezeigt wurde: Ein Sieg danach ist „mit Hilfe gewonnen“, wird getrennt von deinen
    Siegen gezählt und beendet eine Serie. <strong>Fertig spielen</strong> ist keine Hilfe dieser Art: Es erscheint nur,
    wenn nichts mehr zu entscheiden ist, und legt die letzten Karten für dich hoch.

faq-save-q = Kann ich ein Spiel speichern?
faq-save-a =
    Jedes Spiel lässt sich als Textprotokoll herunterladen (<em>Protokoll herunterladen</em> im Menü ⋯ des Spiels, oder auf
    der Statistikseite): das Spiel, das Blatt und jeder Zug, sodass es sich nachspielen lässt.

faq-lose-q = Wo habe ich verloren?
faq-lose-a =
    Ist ein Spiel vorbei, zeigt <em>Das Spiel durchgehen</em> es Aktion für Aktion. Seine Analyse sagt nach jeder
    Aktion, ob das Blatt noch zu gewinnen war (der Löser kennt jede Karte, sobald das Spiel vorbei ist), markiert die
    Aktion, nach der kein Sieg mehr möglich war, und spielt einen Gewinnweg ab, der kurz davor beginnt (bei einem Spiel,
    das verlassen wurde, als es noch zu gewinnen war, dort, wo es verlassen wurde). Jeder mit dem Link kann ein
    beendetes Spiel ansehen; die Spiele eines Duells, sobald das Duell geschlossen ist, die eines Tagesspiels, sobald sein
    Tag vorbei ist.

faq-daily-q = Was ist das Tagesspiel?
faq-daily-a =
    Jeden Tag (nach UTC) hat jedes Spiel ein Blatt, für alle dasselbe, als gewinnbar bewiesen, sofern die Regeln des
    Spiels überhaupt einen Sieg zulassen. Du hast bei jedem einen Versuch: keine Tipps, kein „Fertig spielen“, kein
    Neustart, und die Uhr läuft ab dem Moment, in dem du es öffnest. Das Blatt wird festgelegt, bevor jemand spielt, und
    mit seiner Bestmarke, einem Gewinnweg und den Spielen aller verraten, wenn der Tag endet.
