# Die Worte von table.js: die Stapel und Karten des Tisches, wie
# Bildschirmleser sie nennen.

## Karten. $rank: 1 (Ass) bis 13 (König); $suit: spades, hearts, diamonds
## oder clubs.

# Ein Wert, wie die Ecke einer Karte ihn zeigt.
table-rank = { $rank ->
    [1] A
    [11] B
    [12] D
    [13] K
   *[other] { $rank }
}
# Eine Karte in Worten.
table-card-name = { $suit ->
    [spades] Pik
    [hearts] Herz
    [diamonds] Karo
   *[clubs] Kreuz
} { $rank ->
    [1] Ass
    [11] Bube
    [12] Dame
    [13] König
   *[other] { $rank }
}
table-face-down-card = verdeckte Karte

## Die Stapel. $count, $down: wie viele Karten; $card, $cards, $up: Karten
## in Worten, eine nach der anderen.

table-stock = Talon: { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
}{ $redeal ->
    [yes] , Talon umdrehen
   *[no] {""}
}
table-waste = Ablage: { $card } obenauf
table-waste-empty = Ablage: leer
table-reserve = Reserve: { $cards }
table-reserve-empty = Reserve: leer
table-foundations = Zielstapel
table-foundation = Zielstapel { $number }: { $card }, { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
}
table-foundation-empty = Zielstapel { $number }: leer
table-column-both = Reihe { $column }: { $down ->
    [one] 1 verdeckte Karte
   *[other] { $down } verdeckte Karten
}, darauf { $up }
table-column-down = Reihe { $column }: { $down ->
    [one] 1 verdeckte Karte
   *[other] { $down } verdeckte Karten
}
table-column-up = Reihe { $column }: { $up }
table-column-empty = Reihe { $column }: leer
