# Die Startseite (index.html).

home-title = patience · Patiencen im Browser
home-heading = Patience spielen
home-continue = Weiterspielen
home-intro =
    Sechs Patiencen mit nummerierten Blättern: Dieselbe Blattnummer ergibt immer dieselben Karten, sodass sich ein Blatt
    teilen und nachspielen lässt. <strong>Spielen</strong> beginnt ein zufälliges Blatt; <strong>Leicht</strong>, <strong>Mittel</strong>
    und <strong>Schwer</strong> beginnen ein Blatt, das der Löser als gewinnbar bewiesen hat, eingestuft danach, wie oft Spieler es
    gewinnen (bis zehn es zu Ende gespielt haben, nach unserem Computerspieler); Varianten und Blattnummern findest du unter
    <em>Weitere Optionen</em>.
home-new-game = Neues Spiel
home-loading = Die Spiele werden geladen …
home-daily = Das Tagesspiel von heute
home-daily-words =
    Ein Blatt am Tag für jedes Spiel, für alle dasselbe: ein Versuch, eine Rangliste, und die Geheimnisse des Blatts werden
    verraten, wenn der Tag endet.
home-duel = Ein Duell spielen
home-duel-words = Dasselbe Blatt für alle; die Rangfolge steht fest, sobald alle gespielt haben.
