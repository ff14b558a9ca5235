# Die Tagesspiele (daily.html): die von heute für jedes Spiel, und das eines Tages für ein Spiel.

daily-title = Tagesspiel · patience
daily-heading = Tagesspiel
daily-name = Dein Name auf den Ranglisten
daily-name-rule = 1 bis 24 Buchstaben, Ziffern, Leerzeichen, - _ .
daily-name-placeholder = nötig zum Spielen, außer du meldest dich an
daily-name-note = Angemeldet: Der Name deines Kontos wird verwendet.
daily-today-words =
    Jeden Tag (nach UTC) hat jedes Spiel ein Blatt, für alle dasselbe, vom Löser als gewinnbar bewiesen, sofern die Regeln
    des Spiels überhaupt einen Sieg zulassen. Du hast bei jedem <strong>einen Versuch</strong>: keine Tipps, kein „Fertig spielen“
    und kein Neustart, und seine Uhr läuft ab dem Moment, in dem du es öffnest. Das Blatt steht fest, bevor jemand es spielt
    (sein Hash wird veröffentlicht), und wird nach Ablauf des Tages mit seiner Bestmarke, einem Gewinnweg und den Spielen
    aller gezeigt.
daily-today-table = Die Tagesspiele von heute
daily-game = Spiel
daily-played-by = Gespielt von
daily-your-attempt = Dein Versuch
daily-board = Rangliste
daily-play = Das Blatt von heute spielen
daily-commitment = Festlegung (SHA-256 von Startwert und Salt):
daily-the-deal = Das Blatt
daily-winning-line = Ein Gewinnweg
daily-rank = Rang
daily-player = Spieler
daily-result = Ergebnis
daily-cards-up = Karten oben
daily-time = Zeit
daily-moves = Züge
daily-replay = Wiederholung
daily-previous-page = Vorige Seite
daily-next-page = Nächste Seite
daily-days = Tage
daily-previous-day = Voriger Tag
daily-next-day = Nächster Tag
daily-today = Die Tagesspiele von heute
daily-past-days = Vergangene Tage
daily-older-days = Ältere Tage
