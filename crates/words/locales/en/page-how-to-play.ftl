# How to play (how-to-play.html): what every game shares, then the rules of each game.

how-to-play-title = How to play · patience
how-to-play-heading = How to play
how-to-play-intro =
    Every game is played from a numbered deal, and the server checks every move: the page only offers the moves the
    rules allow. Move cards by dragging them, by clicking a card and then where it should go, or with the keyboard
    (<kbd>Tab</kbd> or the arrow keys to choose a pile, <kbd>↑</kbd>/<kbd>↓</kbd> to take more or fewer cards of a column,
    <kbd>Enter</kbd> to pick up and put down, <kbd>F</kbd> for a foundation, <kbd>D</kbd> to draw, <kbd>U</kbd> to undo,
    <kbd>Y</kbd> to redo). Double-click a card to send it to a foundation. Click the stock to draw a card, or, when it is
    empty and a pass is left, to turn the waste over. A move the rules do not allow is refused with its reason.
how-to-play-hints =
    <strong>Hint</strong> (<kbd>H</kbd>) marks a move on the table, says it in words and in how many of the ways the
    hidden cards could lie it led to a win; <kbd>Enter</kbd> or <em>Play it</em> plays it. When the
    rest needs no decision (every card face up, the stock and the waste empty, each card free to go up in turn),
    <strong>Finish</strong> moves every card up; click it again to skip to the end. When no sequence of moves can bring anything new any more, the game ends:
    “No more progress possible”; Undo opens it again. Restart, Give up, a new game and the game's record are in the
    <strong>⋯</strong> menu.
how-to-play-common =
    Common to all games: the <strong>foundations</strong> are built up by suit (Ace, 2, 3 … King, except where noted),
    the <strong>tableau</strong> columns are built down, a face-down card that comes to the top of a column turns face up
    by itself, and a game is won when every card is on the foundations. Undo is always there; only Harmony charges for it.

## Harp

how-to-play-harp = Harp
how-to-play-harp-deal = Two decks. Nine columns of 1 to 9 cards, the top card of each face up; 59 cards in the stock; eight foundations.
how-to-play-harp-rule-1 = Build the tableau down in alternating colours (a red 6 on a black 7). One card moves at a time.
how-to-play-harp-rule-2 = An empty column takes only a King; a face-up run led by a King may move into an empty column as a whole.
how-to-play-harp-rule-3 = Draw one card at a time from the stock to the waste; the top waste card is playable.
how-to-play-harp-rule-4 = Four passes through the stock (the first and three redeals).
how-to-play-harp-rule-5 = Variants: <em>3 passes</em>; <em>unlimited passes</em>.

## Die Große Harfe

how-to-play-grosse-harfe = Die Große Harfe
how-to-play-grosse-harfe-deal = Two decks. Ten columns, the first of 10 cards down to the last of 1, only the top card face up; 49 cards in the talon (the stock).
how-to-play-grosse-harfe-rule-1 = Build down in alternating colours. Any correctly built face-up run (a “Leiter”) moves as a unit.
how-to-play-grosse-harfe-rule-2 =
    Every Ace that shows face up goes to a foundation by itself, as part of the move that showed it: at the deal,
    when it is turned up in a column, and when it is drawn. (With <em>draw 3</em>, an Ace under the top waste card goes up
    as soon as it comes to the top.)
how-to-play-grosse-harfe-rule-3 = An empty column takes any card or run.
how-to-play-grosse-harfe-rule-4 = Draw one card at a time; the talon is gone through once (no redeal). Only the top waste card is playable.
how-to-play-grosse-harfe-rule-5 =
    Variants: <em>3 passes</em>; <em>kings only in spaces</em>; <em>at most 8 columns</em> (a space may only be filled
    while fewer than 8 columns hold cards); <em>draw 3</em> with unlimited passes.

## Solitaire Harmony

how-to-play-harmony = Solitaire Harmony
how-to-play-harmony-deal =
    Klondike with one deck, drawing one card at a time, against a five-minute clock, for points.
    Seven piles of 1 to 7 cards, the top card face up; 24 cards in the stock.
how-to-play-harmony-rule-1 =
    Build down in alternating colours; any face-up part of a pile may move if its bottom card fits.
    An empty pile takes only a King or a run led by a King.
how-to-play-harmony-rule-2 = Unlimited passes through the stock. A foundation's top card may be moved back onto the tableau.
how-to-play-harmony-rule-3 =
    Cards that are no longer needed go to the foundations by themselves: a card moves up once all four cards of the
    rank below are there (Aces always).
how-to-play-harmony-rule-4 =
    The clock runs on the server. In a practice game it starts with your first move; in a duel, when you open your
    game. At 0:00 the game ends as it stands. There is no restart: every undo costs its points.
how-to-play-harmony-rule-5 =
    Points: +{ $first_up } the first time each card reaches a foundation; +100 for each tableau card uncovered;
    +{ $all_up } when all 52 cards are up; +150 per whole second left when the board is cleared; +1 per second left if you
    give up; −400 each time the stock is gone through from the third pass on; −{ $undo } per undo.

## Klondike

how-to-play-klondike = Klondike
how-to-play-klondike-deal =
    The classic, with no clock and no score: one deck, seven piles of 1 to 7 cards, the top card face up; 24 cards in
    the stock.
how-to-play-klondike-rule-1 =
    Build down in alternating colours; any face-up part of a pile may move if its bottom card fits.
    An empty pile takes only a King or a run led by a King.
how-to-play-klondike-rule-2 =
    Draw one card at a time, with unlimited passes through the stock. A foundation's top card may be moved back onto
    the tableau. No card goes up by itself (the ⋯ menu's <em>Auto-move safe cards</em> does it for you if you like).
how-to-play-klondike-rule-3 = Undo and restart cost nothing.
how-to-play-klondike-rule-4 = Variant: <em>draw 3</em>, three cards a draw, of which only the top one plays.

## Pitchfork

how-to-play-pitchfork = Pitchfork
how-to-play-pitchfork-deal = One deck. Nine piles of 8, 8, 4, 2, 2, 2, 4, 8 and 8 cards, all face up; six cards in the stock.
how-to-play-pitchfork-rule-1 = Build down in alternating colours.
how-to-play-pitchfork-rule-2 =
    No partial sequence moves: a correctly built run moves only as a whole, from the top card of its pile down as far
    as it is built. No part of it moves on its own, not even its top card, except to a foundation.
how-to-play-pitchfork-rule-3 = An empty pile takes only a King or a whole run led by a King.
how-to-play-pitchfork-rule-4 = Draw one card at a time, with unlimited passes.
how-to-play-pitchfork-rule-5 =
    Variants: <em>no redeal</em>; <em>2 passes</em>; <em>3 passes</em>; <em>partial runs</em>: any part of a run, from
    some card to the top of its pile, may move as a unit; <em>Warfield</em>: piles of 8, 8, 4, 2, 0, 2, 4, 8, 8,
    a seven-card reserve, foundations that start at the rank of the first card dealt and wrap from King to Ace,
    single cards only, and any card in a space.

## Lasker

how-to-play-lasker = Lasker
how-to-play-lasker-deal = One deck, all face up in ten piles (two of 6 cards, eight of 5). No stock.
how-to-play-lasker-note =
    <strong>By these rules, the game's original ones, a deal is almost never won</strong>: the solver proves every one
    of the first { $deals } deals lost. Play to bring as many cards up to the foundations as you can; the number of cards up
    is your result. From the start the table shows the deal's par, the most cards that can go up in it as the solver
    finds it: the score to aim at. Most solitaire collections offer another Lasker: the variant <em>Lasker (classic
    collections)</em>, <code>lasker/classic</code> here.
how-to-play-lasker-rule-1 =
    The first card you move to a foundation, any available card, sets the base rank; the other foundations start with
    that rank in the other suits. Foundations build up by suit and wrap from King to Ace.
how-to-play-lasker-rule-2 =
    Build the tableau down by suit (the 7 of spades on the 8 of spades), one card at a time.
    An emptied pile stays empty for the rest of the game.
how-to-play-lasker-rule-3 = In <em>Lasker (classic collections)</em>: build up or down by suit with wrap, runs move as a unit, any card fills a space.
