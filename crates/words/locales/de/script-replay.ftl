# Die Worte von replay.js: ein Spiel noch einmal angesehen, Schritt für
# Schritt, mit seiner Analyse. $n: die Nummer eines Schritts oder einer
# Aktion.

replayjs-table-not-loaded = Der Tisch kann nicht geladen werden.
replayjs-step = Schritt { $n } von { $steps }
replayjs-moves = Züge: { $moves }
replayjs-score = Punkte: { $score }
# $time: die verbleibende Zeit, 4:05.
replayjs-clock = Uhr { $time }
# Der Tisch, wie er gegeben wurde: ein eigener Schritt, und was die
# Statuszeile von ihm sagt.
replayjs-the-deal = Ausgangslage
replayjs-the-deal-status = Die Ausgangslage.
replayjs-line-not-shown = Der Gewinnweg kann nicht gezeigt werden.
# Zug $n des Gewinnwegs der Analyse ($moves Züge lang), der nach Aktion
# $from beginnt.
replayjs-line-step = Gewinnweg ab Aktion { $from }: Zug { $n } von { $moves }
replayjs-line-start = Wo das Blatt zuletzt noch zu gewinnen war.
replayjs-play = ▶ Abspielen
replayjs-pause = ⏸ Pause
# Die Leiste der Analyse: eine Marke je Schritt. $step: replayjs-the-deal
# oder replayjs-after-action; $verdict: won, lost oder unknown.
replayjs-after-action = Nach Aktion { $n }
replayjs-verdict = { $step }: { $verdict ->
    [won] noch zu gewinnen
    [lost] nicht mehr zu gewinnen
   *[unknown] nicht entschieden
}
# $best von $total Karten konnten noch hoch; $exact: yes, oder no, wo dem
# Löser die Zeit ausging und $best nur eine Schranke ist.
replayjs-par-title = { $step }: { $exact ->
    [yes] { $best }
   *[no] mindestens { $best }
} von { $total } Karten { $best ->
    [one] konnte
   *[other] konnten
} noch hoch
replayjs-pars-label = Die meisten Karten, die nach jeder Aktion noch hoch konnten: { $first } von { $total } beim Geben, { $last } am Ende
replayjs-verdicts-label = Ob das Blatt nach jeder Aktion noch zu gewinnen war: { $won }-mal ja, { $lost }-mal nein, { $unknown }-mal nicht entschieden
replayjs-go-to-action = Zu Aktion { $n }
replayjs-play-line = Den Gewinnweg ab Aktion { $n } abspielen
# Der Zug des ehrlichen Spielers ($move, in Worten), wo das Spiel verloren
# ging; $confidence: der Satz des Servers, wie sicher er ist.
replayjs-honest-same = Der ehrliche Spieler, der nur sieht, was der Spieler sah, hätte genauso gespielt ({ $move }). { $confidence } Der Fehler war kaum zu erkennen.
replayjs-honest-other = Der ehrliche Spieler, der nur sieht, was der Spieler sah, hätte stattdessen so gespielt: { $move }. { $confidence }
replayjs-analysing = Analyse läuft … bisher { $count ->
    [one] 1 Stellung
   *[other] { $count } Stellungen
} entschieden.
replayjs-analysis-not-loaded = Die Analyse kann nicht geladen werden.
replayjs-not-found = Wiederholung nicht gefunden
replayjs-not-yet = Noch keine Wiederholung
replayjs-not-loaded = Die Wiederholung kann nicht geladen werden.
replayjs-title = { $name }: Wiederholung
replayjs-document-title = { $name }: Wiederholung · patience
replayjs-deal-secret = Blatt geheim, bis der Wettbewerb vorbei ist
# $deal: die Nummer des Blatts.
replayjs-deal = Blatt { $deal }
# Wessen Spiel es war und wie es endete ($outcome).
replayjs-yours = Dein Spiel, { $outcome }.
replayjs-played-by = Gespielt von { $player }, { $outcome }.
replayjs-played-anonymously = Gespielt von jemandem ohne Konto, { $outcome }.
replayjs-download = Protokoll herunterladen
replayjs-the-duel = Zum Duell
replayjs-the-daily-deal = Zum Tagesspiel
replayjs-watch-a-record = Ein Protokoll ansehen
replayjs-record-unreadable = Das Protokoll kann nicht gelesen werden.
