# The words of game-marks.js: the cards picked up.

# $card: the card picked up ("7♥"); $more: how many cards lie on it.
game-marks-picked-up = { $more ->
    [0] Picked up { $card }: now choose where it goes.
    [one] Picked up { $card } and the card on it: now choose where it goes.
   *[other] Picked up { $card } and the { $more } cards on it: now choose where it goes.
}
