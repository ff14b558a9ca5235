# Duelle und Tagesspiele: was ein Wettbewerb ablehnt, und warum.

## Duelle.

duel-full = Das Duell ist voll ({ $most } Teilnehmer).
duel-no-such = Dieses Duell gibt es nicht.
duel-closed = Das Duell ist geschlossen.
duel-closed-no-moves = Das Duell ist geschlossen: keine Züge mehr.
duel-address-taken = Von deiner Adresse aus hat schon jemand einen Platz in diesem Duell: ein Platz pro Adresse.
duel-joined-already = Du bist diesem Duell schon beigetreten.
duel-no-seat = Du hast keinen Platz in diesem Duell.
duel-game-started = Dein Spiel in diesem Duell hat schon begonnen.
duel-rematch-exists = Die Revanche gibt es schon.
duel-name-length = Ein Anzeigename hat { $least } bis { $most } Zeichen.
duel-name-character = Ein Anzeigename darf Buchstaben, Ziffern, Leerzeichen, `-`, `_` und `.` enthalten, aber kein `{ $character }`.
duel-name-double-space = Ein Anzeigename hat keine doppelten Leerzeichen.
# $name: der Name der Regeln.
duel-rated-variant = Gewertet werden nur die Grundregeln eines Spiels; { $name } ist eine Variante.
duel-rated-accounts = Ein gewertetes Duell findet zwischen Konten statt: Melde dich zuerst an oder erstelle ein Konto.
duel-participants = Ein Duell hat { $least } bis { $most } Teilnehmer.
duel-closes-in = closes_in_secs muss zwischen { $least } und { $most } liegen (30 Tage).
duel-join-first = Tritt zuerst dem Duell bei.
duel-no-participant = Diesen Teilnehmer gibt es nicht.
duel-not-played = Dieser Teilnehmer hat nicht gespielt.
duel-replays-after-close = Die Wiederholungen der anderen Teilnehmer sind zu sehen, sobald das Duell geschlossen ist.
duel-rematch-participants = Nur ein Teilnehmer kann eine Revanche fordern.
duel-rematch-after-close = Eine Revanche kann beginnen, sobald das Duell geschlossen ist.
duel-close-creator = Nur wer das Duell erstellt hat, kann es vorzeitig schließen.
# $playing: yes (das Spiel hat begonnen) oder no.
duel-close-waiting = { $name } { $playing ->
    [yes] spielt noch
   *[no] hat noch nicht gespielt
}; das Duell kann vorzeitig geschlossen werden, sobald alle, die beigetreten sind, fertig sind.
streams-full = Auf dem Server sind zu viele Live-Ansichten von Duellen offen; lade die Seite gleich neu.
streams-yours = Du hast schon { $count } Live-Ansichten von Duellen offen; schließ zuerst eine Duellseite.
streams-address = Von deiner Adresse aus sind schon { $count } Live-Ansichten von Duellen offen; schließ zuerst eine Duellseite.

## Tagesspiele. $day: geschrieben 2026-11-26.

daily-no-such-game = Kein Tagesspiel von `{ $game }`: Die Grundregeln jedes Spiels haben eines ({ $games }).
daily-over = Das Tagesspiel vom { $day } ist vorbei: keine Züge mehr. Sein Blatt, seine Bestmarke und alle Versuche stehen jetzt auf seiner Seite.
daily-no-restart = Im Tagesspiel gibt es keinen Neustart: Sein einziger Versuch zählt.
daily-not-out = Das Tagesspiel vom { $day } ist noch nicht erschienen.
daily-never-dealt = Am { $day } hat niemand nach dem Tagesspiel von { $name } gefragt: Es wurde nie gegeben.
daily-name-needed = Gib einen Namen für die Rangliste an (oder melde dich an: Dann gilt der Name deines Kontos).
daily-played-already = Du hast dieses Tagesspiel schon gespielt: ein Versuch pro Tag.

## Hilfe, die die Spiele eines Wettbewerbs nicht haben. $help: hints,
## finish oder line.

help-off-in-duels = { $help ->
    [hints] Tipps gibt es
    [finish] „Fertig spielen“ gibt es
   *[line] Einen Gewinnweg gibt es
} in Duellen nicht: Jeder Teilnehmer spielt für sich.
help-off-in-daily = { $help ->
    [hints] Tipps gibt es
    [finish] „Fertig spielen“ gibt es
   *[line] Einen Gewinnweg gibt es
} im Tagesspiel nicht: Jeder spielt es für sich, einmal.
