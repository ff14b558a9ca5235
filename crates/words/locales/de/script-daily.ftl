# Die Worte von daily.js: die heutigen Tagesspiele und das Blatt eines
# Tages, seine Rangliste und, wenn der Tag vorbei ist, was er verrät.
# $name: der Name eines Spiels; $day: der Tag (2024-05-01).

dailyjs-not-opened = Das Tagesspiel kann nicht geöffnet werden.
dailyjs-today-not-loaded = Die heutigen Tagesspiele können nicht geladen werden.
dailyjs-title-today = Tagesspiele vom { $day }
dailyjs-players = { $count ->
    [one] 1 Spieler
   *[other] { $count } Spieler
}
dailyjs-your-attempt = Dein Versuch
dailyjs-play = { $name } spielen
dailyjs-board = Rangliste
dailyjs-title = Tagesspiel
dailyjs-not-loaded = Das Tagesspiel kann nicht geladen werden.
dailyjs-title-day = { $name }: Tagesspiel vom { $day }
dailyjs-document-title = { $name }: Tagesspiel vom { $day } · patience
dailyjs-over = Dieser Tag ist vorbei: Sein Blatt, seine Bestmarke und alle Versuche werden gezeigt.
# $ends: Datum und Uhrzeit, zu der der Tag endet.
dailyjs-open-until = Offen bis { $ends }. Bis dahin nur Namen und Zahlen.
# Das verratene Blatt: $deal, seine Nummer; $seed und $salt, hexadezimal.
dailyjs-reveal-matches = Blatt { $deal } (Startwert { $seed }, Salt { $salt }): Es stimmt mit der Festlegung überein.
dailyjs-reveal-does-not-match = Blatt { $deal } (Startwert { $seed }, Salt { $salt }): Es stimmt NICHT mit der Festlegung überein.
dailyjs-par-all = Bestmarke: Alle { $total } Karten können hoch.
dailyjs-par = Bestmarke: { $par } von { $total } Karten.
dailyjs-par-at-least = Bestmarke: mindestens { $par } von { $total } Karten.
# Die Spalte der Rangliste mit der Zahl jedes Versuchs.
dailyjs-score = Punkte
dailyjs-cards-up = Karten oben
dailyjs-you = (du)
dailyjs-replay = Wiederholung
dailyjs-record = Protokoll
dailyjs-after-the-day = nach Tagesende
dailyjs-nobody = Noch niemand hat dieses Blatt gespielt.
dailyjs-page = Seite { $page } von { $pages }
dailyjs-none-yet = Noch keine.
