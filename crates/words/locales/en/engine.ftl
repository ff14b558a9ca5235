# The engine's words: cards, piles, moves, what a move set off, refusals,
# outcomes and the game's errors.

language-name = English

## Cards. $rank: 1 (Ace) to 13 (King); $suit: its symbol.

card = { $rank ->
    [1] A
    [11] J
    [12] Q
    [13] K
   *[other] { $rank }
}{ $suit }
rank-name = { $rank ->
    [1] Ace
    [11] Jack
    [12] Queen
    [13] King
   *[other] { $rank }
}
    .definite = the { $rank ->
        [1] Ace
        [11] Jack
        [12] Queen
        [13] King
       *[other] { $rank }
    }
suit-name = { $suit ->
    [spades] spades
    [hearts] hearts
    [diamonds] diamonds
   *[clubs] clubs
}

## Piles, by the part they play in a sentence: the value alone, as the
## subject (at the start), after "from", after "to", and without article.

pile-column = column { $column }
    .subject = Column { $column }
    .from = from column { $column }
    .to = to column { $column }
    .bare = column { $column }
pile-stock = the stock
    .subject = The stock
    .from = from the stock
    .to = to the stock
    .bare = stock
pile-waste = the waste
    .subject = The waste
    .from = from the waste
    .to = to the waste
    .bare = waste
pile-reserve = the reserve
    .subject = The reserve
    .from = from the reserve
    .to = to the reserve
    .bare = reserve
pile-foundation = the { $suit } foundation
    .subject = The { $suit } foundation
    .from = from the foundation
    .to = to the { $suit } foundation
    .bare = { $suit } foundation
pile-foundations = the foundations
    .subject = The foundations
    .from = from the foundations
    .to = to the foundations
    .bare = foundations

## Moves. $cards: the cards that move, as move-cards says them; $from,
## $to: piles.

move-draw = { $cards ->
    [one] Draw a card
   *[other] Draw { $cards } cards
}
move-redeal = Turn the waste over: pass { $pass } of { $passes }
move-redeal-unlimited = Turn the waste over: pass { $pass }
move-cards = { $below ->
    [0] { $lead }
    [one] { $lead } and 1 card below it
   *[other] { $lead } and { $below } cards below it
}
move-to-foundation = { $cards } { $from } to the foundation
move-onto = { $cards } { $from } onto { $onto }
move-into-empty = { $cards } { $from } into the empty column { $column }
move-to = { $cards } { $from } { $to }
move-unseen = Move { $from } { $to }

## What a move set off, and a move told with it.

effect-drawn = { $card } on top of the waste
effect-turned-up = { $card } turned up in column { $column }
effect-went-up = { $count ->
    [one] { $cards } went to the foundation by itself
   *[other] { $cards } went to the foundations by themselves
}
sentence = { $words }.
took-back = Took back: { $words }.

## Outcomes: as a label, and inside a sentence.

outcome-playing = In progress
    .inline = in progress
outcome-won = Won
    .inline = won
outcome-lost = No more moves
    .inline = no more moves
outcome-stuck = No more progress possible
    .inline = no more progress possible
outcome-quit = Given up
    .inline = given up
outcome-time-up = Out of time
    .inline = out of time

## What a card needs to build on a column. $build: alternate (down in
## alternating colours), suit (down in suit) or either (up or down in
## suit); $colour: red or black, the colour needed; $rank, $other: ranks.

needed-card = { $build ->
    [alternate] a { $colour } { rank-name }
    [suit] { $rank ->
        [1] an
        [8] an
       *[other] a
    } { rank-name } of { suit-name }
   *[either] { $rank ->
        [1] an
        [8] an
       *[other] a
    } { rank-name } or { $other_name } of { suit-name }
}
needs-nothing-below = no card: nothing builds on it
foundation-needs = { $needs ->
    [none] its foundations are complete
    [one] its foundation needs { $first } first
    [same] its foundations need { $first } first
   *[two] its foundations need { $first } or { $second } first
}

## Refusals: why the rules forbid a move.

refusal-no-stock = This game has no stock.
refusal-stock-empty = The stock is empty.
refusal-stock-not-empty = The stock still holds cards: draw them before turning the waste over.
refusal-waste-empty = The waste is empty: there is nothing to turn over.
refusal-no-pass-left = { $passes ->
    [one] No pass is left: these rules allow one pass through the stock.
   *[other] No pass is left: these rules allow { $passes } passes through the stock.
}
refusal-stock-closed = The stock cannot be used now.
refusal-no-such-column = There is no column { $column }: this game has { $count }.
refusal-no-such-foundation = There is no such foundation: this game has { $count }.
refusal-no-cards = A move carries at least one card.
refusal-same-pile = { $pile } is both the source and the destination.
refusal-stock-not-a-source = Cards are drawn from the stock, not moved from it: cards come from a column, the waste, the reserve or a foundation.
refusal-not-a-source = Cards are not taken { $from }: cards come from a column, the waste, the reserve or a foundation.
refusal-not-a-destination = Cards cannot go { $to }: they go to a column or a foundation.
refusal-no-such-source = This game has no { $pile }.
refusal-foundations-keep-their-cards = Cards never leave the foundations in this game.
refusal-source-empty = { $pile } is empty.
refusal-one-card-from = Only one card at a time comes { $from }.
refusal-foundations-take-one-at-a-time = Cards go to the foundations one at a time.
refusal-single-cards-only = Only one card moves at a time in this game.
refusal-not-that-many-face-up = { $face_up ->
    [one] Column { $column } has only 1 card face up.
   *[other] Column { $column } has only { $face_up } cards face up.
}
refusal-not-a-run = { $run ->
    [one] The top { $count } cards of column { $column } are not built in order: only the top card moves from there.
   *[other] The top { $count } cards of column { $column } are not built in order: at most the top { $run } move together.
}
refusal-part-of-a-run = Only whole runs move: take all { $run } cards of the run on column { $column }.
refusal-not-next-on-foundation = { $card } cannot go up yet: { $needs }.
refusal-foundation-complete = { $card } cannot go up: { $needs }.
refusal-run-onto-card = Only one card at a time goes onto another card; runs move only into an empty column, not onto column { $column }.
refusal-does-not-build = { $card } needs { $needed }; column { $column } ends in { $onto }.
refusal-back-to-foundation = { $card } would only go straight back to its foundation.
refusal-space-stays-empty = Column { $column } stays empty: an emptied column is never refilled in this game.
refusal-too-many-columns-in-use = An empty column may be filled only while at most { $most } columns hold cards.
refusal-only-kings-fill-spaces = Only { $king ->
    [12] a Queen
   *[other] a King
} goes into an empty column, and { $card } is not one (column { $column } is empty).
refusal-nowhere-to-go = { $card } has nowhere to go now: no column ends in { $needed }, and { $needs }.
refusal-nowhere-to-go-but-empty = { $card } has nowhere to go now: it goes only into an empty column, and { $needs }.
refusal-run-nowhere-to-go = The run of { $run } cards from { $lead } has nowhere to go now: only whole runs move, and no column ends in { $needed }.
refusal-run-nowhere-to-go-but-empty = The run of { $run } cards from { $lead } has nowhere to go now: only whole runs move, and it goes only into an empty column.
refusal-not-allowed = The rules do not allow that move here.

## The game's errors.

error-game-over = The game is over ({ $outcome }): start a new one.
error-nothing-to-undo = There is no move to undo.
error-nothing-to-redo = There is no move to redo.
error-no-restart = Scored games have no restart: undo takes back one move at a time, at { $penalty } points each.
error-time-up = The clock has run out.
error-time-went-back = The game's actions must come in the order they were played.
error-line-while-hidden = A winning line is shown once every card left is known: turn up the face-down cards and see the whole stock first.

## A game's actions other than moves, as a log lists them.

action-move = A move
action-undo = Undo
action-restart = Restart
action-quit = Give up
action-safe-auto-moves-on = Safe auto-moves on
action-safe-auto-moves-off = Safe auto-moves off
action-show-line = Show a winning line

## Game records that do not replay.

record-refused = record action { $number } `{ $token }` is refused: { $why }
record-mismatch = record says { $header } is `{ $recorded }` but the replay gives `{ $replayed }`
record-header = record line { $line }: { $why }
record-header-after-moves = headers must come before the moves
record-not-a-header = `{ $text }` is not a header: write [Key "value"]
record-not-a-deal = deal `{ $text }` is not a number from 0 to { $most }
record-missing = record has no [{ $header } "..."] header
record-token = record action { $number } `{ $token }`: { $why }
record-not-a-time = `{ $text }` after @ is not a time in milliseconds

## Moves written in notation, and ids of games.

notation-error = `{ $text }` is not a move ({ $why }); write s (draw), r (redeal), or FROM-TO[:N] with FROM one of t1..t10, w, res, f1..f8 and TO one of t1..t10, f, for example t3-t5, t2-t7:3, w-f
notation-empty = it is empty
notation-count-not-a-number = the count after `:` must be a number
notation-count-zero = the count after `:` must be at least 1
notation-count-too-large = the count after `:` is more cards than a pile can hold
notation-no-dash = a dash must separate FROM and TO
notation-unknown-source = unknown source pile
notation-unknown-destination = unknown destination pile
notation-not-a-source = cards come from a column, the waste, the reserve or one foundation
notation-not-a-destination = cards go to a column or the foundations
notation-several-cards = only column-to-column moves carry several cards
notation-same-pile = FROM and TO are the same pile
unknown-rules = unknown game or variant `{ $id }`; known ids: { $known }
