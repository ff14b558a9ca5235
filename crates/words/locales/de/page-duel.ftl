# Die Seite der Duelle (duel.html): ein Duell beginnen, und ein Duell.

duel-title = Duell · patience
duel-heading = Duell
duel-start-words =
    Alle in einem Duell spielen ihre eigene Kopie desselben Blatts, wann sie wollen, und die Rangfolge steht fest, sobald
    alle fertig sind. In Solitaire Harmony entscheiden die Punkte (bei gleichen Punkten: wer zuerst fertig war), in den
    anderen Spielen die Karten auf den Zielstapeln, dann, wer zuerst fertig war.
duel-game = Spiel
duel-your-name = Dein Name
duel-name-rule = 1 bis 24 Buchstaben, Ziffern, Leerzeichen, - _ .
duel-rated = Gewertet
duel-rated-note =
    Ein gewertetes Duell findet zwischen Konten statt, nach den Grundregeln eines Spiels (nicht nach einer Variante), und
    ändert beim Schließen die Wertung jedes Teilnehmers. Ein gewertetes Schnellduell bringt dich mit dem wartenden Spieler
    zusammen, dessen Wertung deiner am nächsten liegt, und mit weiter entfernten, je länger sie schon warten.
duel-against-anyone = Gegen einen beliebigen Gegner
duel-against-anyone-words =
    Du spielst gegen den ersten Spieler, der in diesem Spiel auf einen Gegner wartet, oder du wartest selbst auf
    einen.
duel-find-opponent = Einen Gegner finden
duel-with-friends = Mit Freunden
duel-players = Spieler
duel-closes-after = Schließt nach (Minuten, optional)
duel-create = Ein Duell erstellen und seinen Link teilen
duel-waiting-now = Wer gerade wartet
duel-lobby = Spieler, die auf einen Gegner warten
duel-player = Spieler
duel-rating = Wertung
duel-waiting = Wartezeit
duel-nobody-waiting = Niemand wartet.
duel-link-to-share = Link zum Teilen:
duel-copy-link = Link kopieren
duel-join = Beitreten
duel-play = Dein Spiel beginnen
duel-standings = Rangfolge
duel-rank = Rang
duel-name = Name
duel-score = Punkte
duel-state = Status
duel-fairness = Fairness
duel-proof-words =
    Die Karten dieses Duells standen bei seiner Erstellung fest, für alle dieselben: Der Server hat damals einen
    Fingerabdruck von ihnen veröffentlicht und zeigt, wenn das Duell schließt, wofür er steht, sodass jeder prüfen kann,
    dass nichts verändert wurde.
duel-proof-details = Einzelheiten, und wie du es prüfst
duel-commitment = Festlegung, veröffentlicht bei der Erstellung des Duells:
duel-seed = Startwert:
duel-salt = Salt:
duel-deal = Blatt:
duel-sealed = Startwert und Salt, und mit ihnen die Blattnummer, werden verraten, wenn das Duell schließt.
duel-how-to-check =
    Die Festlegung ist der SHA-256-Hash des Startwerts mit angehängtem Salt, hexadezimal geschrieben; die Blattnummer ist
    die Zahl aus den ersten 13 Hexadezimalziffern des Startwerts, plus 1. Jedes SHA-256-Werkzeug wiederholt die Prüfung.
duel-rematch = Revanche
duel-close-now = Das Duell jetzt schließen
duel-close-note =
    Du hast dieses Duell erstellt: Schließ es, wenn keine Spieler mehr kommen (sobald niemand mehr mitten in einem Spiel
    ist).
