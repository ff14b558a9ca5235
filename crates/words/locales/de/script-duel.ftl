# Die Worte von duel.js: ein Duell beginnen, die Warteliste des schnellen
# Duells, der Stand eines Duells und die Prüfung, dass sein Blatt fair war.
# $name: der Name eines Spiels.

dueljs-title = Duelle
dueljs-document-title = Duelle · patience
# $status: der HTTP-Status einer Ablehnung ohne eigene Worte.
dueljs-server-answered = Der Server antwortete mit { $status }.
# Wer im schnellen Duell wartet: das Spiel, gewertet oder nicht.
dueljs-lobby-game = { $rated ->
    [yes] { $name } (gewertet)
   *[no] { $name }
}
dueljs-casual = ungewertet
dueljs-waiting-secs = { $secs } s
dueljs-waiting-min = { $minutes } min
dueljs-nobody-waiting = Niemand wartet.
# Die Prüfung der Fairness. $number: die ersten 13 Hex-Ziffern des
# Startwerts als Zahl; $deal: die Nummer des Blatts.
dueljs-server-checked = Der Server hat geprüft: SHA-256(Startwert ‖ Salt) ist gleich der Festlegung.
dueljs-server-mismatch = SHA-256(Startwert ‖ Salt) ist NICHT gleich der Festlegung!
dueljs-browser-checked = In deinem Browser geprüft: SHA-256(Startwert ‖ Salt) ist gleich der Festlegung ✓.
dueljs-browser-mismatch = SHA-256(Startwert ‖ Salt) ist NICHT gleich der Festlegung ✗
dueljs-deal-follows = Das Blatt folgt aus dem Startwert: { $number } + 1 = { $deal } ✓.
dueljs-deal-does-not-follow = Das Blatt folgt NICHT aus dem Startwert ✗
dueljs-proven-by-server = Die Karten standen fest, bevor jemand spielte, und alle bekamen dieselben: Blatt { $deal }, das aus dem Fingerabdruck folgt, der beim Erstellen des Duells veröffentlicht wurde (vom Server geprüft).
dueljs-proven-by-browser = Die Karten standen fest, bevor jemand spielte, und alle bekamen dieselben: Blatt { $deal }, das aus dem Fingerabdruck folgt, der beim Erstellen des Duells veröffentlicht wurde (von deinem Browser geprüft).
dueljs-proof-failed = Die Prüfung ist FEHLGESCHLAGEN: Das verratene Blatt passt nicht zum Fingerabdruck, der beim Erstellen des Duells veröffentlicht wurde.
# Der Stand eines Teilnehmers: nicht begonnen, oder $state (ein
# Spielausgang), sobald er ein Spiel beendet hat, das noch nicht endgültig
# vorbei ist.
dueljs-not-started = nicht begonnen
dueljs-time-up = Zeit abgelaufen
dueljs-finished = beendet: { $state }
dueljs-title-duel = { $rated ->
    [yes] Gewertetes Duell: { $name }
   *[no] Duell: { $name }
}
# $count von $most Spielern sind beigetreten.
dueljs-joined = { $count } von { $most } Spielern
# $when: Datum und Uhrzeit.
dueljs-closed-at = geschlossen am { $when }
dueljs-closed = geschlossen
dueljs-open-until-latest = offen, bis alle fertig sind, spätestens bis { $when }
dueljs-open = offen, bis alle fertig sind
dueljs-link-to-share = Link zum Teilen:
dueljs-link-to-duel = Link zu diesem Duell:
dueljs-play-with-clock = Dein Spiel beginnen (deine Uhr läuft los)
dueljs-play = Dein Spiel beginnen
dueljs-see-game = Dein Spiel ansehen
dueljs-go-to-game = Zu deinem Spiel
# Die Spalte des Stands: Harmony zählt Punkte, die anderen Spiele Karten
# auf den Zielstapeln.
dueljs-score = Punkte
dueljs-foundations = Zielstapel
dueljs-profile-of = Profil von { $name }
dueljs-you = (du)
dueljs-replay = Wiederholung
dueljs-go-to-rematch = Zur Revanche
dueljs-copied = Kopiert
dueljs-select-to-copy = Markiere den Link, um ihn zu kopieren
dueljs-close-question = Das Duell jetzt schließen? Danach kann niemand mehr beitreten oder ein Spiel beginnen.
dueljs-close-yes = Duell schließen
