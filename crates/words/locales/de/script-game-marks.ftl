# Die Worte von game-marks.js: die aufgenommenen Karten.

# $card: die aufgenommene Karte („7♥“); $more: wie viele Karten auf ihr liegen.
game-marks-picked-up = { $more ->
    [0] { $card } aufgenommen: Wähle jetzt, wohin sie kommt.
    [one] { $card } und die Karte darauf aufgenommen: Wähle jetzt, wohin sie kommen.
   *[other] { $card } und die { $more } Karten darauf aufgenommen: Wähle jetzt, wohin sie kommen.
}
