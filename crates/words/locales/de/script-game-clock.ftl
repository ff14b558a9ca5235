# Die Worte von game-clock.js: die Uhr eines Spiels auf Zeit, wie
# Bildschirmleser sie vorlesen.

game-clock-left = Noch { $minutes ->
    [one] 1 Minute
   *[other] { $minutes } Minuten
} { $seconds ->
    [one] 1 Sekunde
   *[other] { $seconds } Sekunden
}
