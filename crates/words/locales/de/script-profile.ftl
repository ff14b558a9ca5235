# Die Worte von profile.js: das öffentliche Profil eines Spielers, seine
# Wertungen, Duelle, Tagesspiel-Serien und beendeten Spiele.

profilejs-no-rated-duels = Noch keine gewerteten Duelle.
profilejs-provisional = Vorläufig: zu wenige gewertete Duelle, oder zu lange her, um sicher zu sein
profilejs-no-duels = Noch keine Duelle.
# Der Platz des Spielers in einem Duell: $rank von $participants
# (höchstens 8).
profilejs-place = { $rank }. von { $participants }
# Das Ergebnis eines Duells: Punkte in Harmony, hochgelegte Karten in den
# anderen Spielen.
profilejs-points = { $score ->
    [one] { $score } Punkt
   *[other] { $score } Punkte
}
profilejs-cards-up = { $count ->
    [one] 1 Karte hochgelegt
   *[other] { $count } Karten hochgelegt
}
profilejs-no-finished-games = Noch keine beendeten Spiele.
profilejs-download = herunterladen
profilejs-not-loaded = Das Profil kann nicht geladen werden. Lade die Seite neu.
# $date: der Tag, an dem das Konto angelegt wurde.
profilejs-since = Spielt hier seit dem { $date }.
# Die Serien im Tagesspiel: $current Tage in Folge bis jetzt ($today: yes,
# wenn das heutige Blatt gespielt wurde), die längste ($longest) und $days
# Tage mit einem gespielten Tagesspiel insgesamt.
profilejs-streaks = Tagesspiel-Serie: { $current ->
    [one] 1 Tag
   *[other] { $current } Tage
} in Folge{ $today ->
    [yes] , heute eingeschlossen
   *[no] {""}
}; längste Serie: { $longest ->
    [one] 1 Tag
   *[other] { $longest } Tage
}; an { $days ->
    [one] 1 Tag
   *[other] { $days } Tagen
} ein Tagesspiel gespielt.
profilejs-no-daily = Noch kein Tagesspiel gespielt.
