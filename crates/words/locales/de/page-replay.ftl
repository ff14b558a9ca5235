# Die Wiederholung eines Spiels, und ein Protokoll zum Ansehen (replay.html).
# Ihr Tisch sagt die Worte der Spielseite (game-…).

replay-title = Wiederholung · patience
replay-heading = Wiederholung
replay-step = Schritt { $step }
replay-controls = Steuerung der Wiederholung
replay-first = « Anfang
    .title = Die Ausgangslage (Pos1)
replay-back = ◀ Zurück
    .title = Eine Aktion zurück (←)
replay-play = ▶ Abspielen
    .title = Abspielen oder anhalten (Leertaste)
replay-forward = Vor ▶
    .title = Eine Aktion vor (→)
replay-last = Ende »
    .title = Das Ende (Ende)
replay-speed = Tempo
replay-slow = Langsam
replay-normal = Normal
replay-fast = Schnell
replay-import = Ein Protokoll ansehen
replay-import-words =
    Füge das Protokoll eines Spiels ein oder öffne seine Datei: Es wird Zug für Zug nachgespielt (ein Protokoll, das sich
    nicht nachspielen lässt, wird bei seiner ersten falschen Aktion abgelehnt), bei deinen Spielen aufbewahrt und hier mit
    seiner Analyse gezeigt.
replay-the-record = Das Protokoll
replay-or-its-file = Oder seine Datei
replay-watch-it = Ansehen
replay-analysis = Analyse
replay-analysing = Wird analysiert …
replay-analysis-bar = Ob das Blatt nach jeder Aktion noch zu gewinnen war
replay-go-to-action = Zu dieser Aktion
replay-play-line = Den Gewinnweg abspielen
replay-back-to-game = Zurück zum Spiel
replay-actions = Aktionen
