# The words of table.js: the table's piles and cards as screen readers
# name them.

## Cards. $rank: 1 (ace) to 13 (king); $suit: spades, hearts, diamonds or
## clubs.

# A rank as a card's corner shows it.
table-rank = { $rank ->
    [1] A
    [11] J
    [12] Q
    [13] K
   *[other] { $rank }
}
# A card in words.
table-card-name = { $rank ->
    [1] ace
    [11] jack
    [12] queen
    [13] king
   *[other] { $rank }
} of { $suit ->
    [spades] spades
    [hearts] hearts
    [diamonds] diamonds
   *[clubs] clubs
}
table-face-down-card = face-down card

## The piles. $count, $down: how many cards; $card, $cards, $up: cards in
## words, one after another.

table-stock = Stock: { $count ->
    [one] 1 card
   *[other] { $count } cards
}{ $redeal ->
    [yes] , turn the waste over
   *[no] {""}
}
table-waste = Waste: { $card } on top
table-waste-empty = Waste: empty
table-reserve = Reserve: { $cards }
table-reserve-empty = Reserve: empty
table-foundations = Foundations
table-foundation = Foundation { $number }: { $card }, { $count ->
    [one] 1 card
   *[other] { $count } cards
}
table-foundation-empty = Foundation { $number }: empty
table-column-both = Column { $column }: { $down ->
    [one] 1 face-down card
   *[other] { $down } face-down cards
}, then { $up }
table-column-down = Column { $column }: { $down ->
    [one] 1 face-down card
   *[other] { $down } face-down cards
}
table-column-up = Column { $column }: { $up }
table-column-empty = Column { $column }: empty
