# Die Worte von home.js: die Spielkarten der Startseite und die Spiele zum
# Fortsetzen. $name: der Name eines Spiels oder einer Variante; $grade:
# easy, medium oder hard.

homejs-deal-not-a-number = Eine Blattnummer ist eine ganze Zahl wie 17; lass das Feld leer für ein zufälliges Blatt.
homejs-deal-too-large = Diese Blattnummer ist zu groß für diese Seite; versuch es mit einer kleineren.
homejs-looking-for-winnable = Suche nach einem Blatt, das der Löser als gewinnbar beweist …
homejs-not-started = Das Spiel konnte nicht gestartet werden. Versuch es gleich noch einmal.
homejs-play-random = Ein zufälliges Blatt spielen
homejs-never-won = Nach diesen Regeln wird ein Blatt fast nie gewonnen: Spiel ein beliebiges Blatt und ziel auf seine Bestmarke, die meisten Karten, die es hochbringen kann.
homejs-library-empty = Die Bibliothek hat noch kein gewinnbares Blatt von { $name }: Spiel ein zufälliges Blatt oder wähle unter „{ homejs-more-options }“ ein gewinnbares.
homejs-games-not-loaded = Die Spiele können nicht geladen werden. Lade die Seite neu.
homejs-deal-placeholder = zufällig
homejs-winnable-title = Das erste Blatt ab dieser Nummer, das der Löser als gewinnbar beweist; ohne Nummer eines aus der Bibliothek
homejs-winnable-only = Nur gewinnbare Blätter
homejs-grades-label = Ein gewinnbares Blatt von { $name }
homejs-winnable-deal = Gewinnbares Blatt:
homejs-grade = { $grade ->
    [easy] Leicht
    [medium] Mittel
   *[hard] Schwer
}
homejs-grade-title = Ein Blatt, das der Löser als gewinnbar bewiesen hat, { $grade ->
    [easy] leicht
    [medium] mittelschwer
   *[hard] schwer
} für die Spieler, die es beendet haben (oder für den Computerspieler, solange es keine zehn waren)
# $count: wie viele Stufen die Bibliothek nicht führt (1 oder 2); $first,
# $second: diese Stufen (easy, medium, hard; $second leer bei einer).
homejs-grades-missing = { $count ->
    [one] Noch kein Blatt der Stufe { homejs-grade-name-first } von { $name }
   *[other] Noch kein Blatt der Stufe { homejs-grade-name-first } oder { homejs-grade-name-second } von { $name }
}: Seine gewinnbaren Blätter sind danach eingestuft, wie oft sie gewonnen werden, und keines fällt in diese Stufe (siehe die FAQ).
homejs-grade-name-first = { $first ->
    [easy] Leicht
    [medium] Mittel
   *[hard] Schwer
}
homejs-grade-name-second = { $second ->
    [easy] Leicht
    [medium] Mittel
   *[hard] Schwer
}
homejs-more-options = Weitere Optionen
homejs-variant = Variante
homejs-deal-number = Blattnummer
# $minutes: wie lange die Uhr läuft.
homejs-clock = Gegen die Uhr ({ $minutes } Minuten), um Punkte.
homejs-play = Spielen
homejs-how-to-play = Spielregeln
# $deal: die Nummer des Blatts, wie die Adresse sie nennt.
homejs-shared = Blatt { $deal } wurde mit dir geteilt.
homejs-play-it = Jetzt spielen
# Ein Spiel zum Fortsetzen; $deal: seine Nummer.
homejs-continue-deal = { $name }, Blatt { $deal }
homejs-continue-duel = { $name }, Duell-Blatt
homejs-continue-moves = { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}
