# The games and their variants: each one's name and its summary, by rules
# id (a variant's slash written as a dash: harp/3-passes is
# rules-harp-3-passes).

rules-harp = Harp
    .summary = Two decks, nine columns of 1 to 9 cards; one card moves at a time; four passes through the stock.
rules-grosse-harfe = Die Große Harfe
    .summary = Two decks, ten columns of 10 down to 1 cards; runs of alternating colours move as a unit; Aces go up by themselves; one pass through the stock.
rules-harmony = Solitaire Harmony
    .summary = Klondike, draw one, against a five-minute clock for points; cards no longer needed go up by themselves.
rules-klondike = Klondike
    .summary = The classic: one deck, seven piles, draw one card at a time as often as you like; no clock, no score.
rules-pitchfork = Pitchfork
    .summary = One deck, nine face-up piles shaped like a pitchfork and a six-card stock; runs move only whole.
rules-lasker = Lasker
    .summary = One deck, all face up in ten piles; your first card to a foundation sets the base rank. By these original rules a deal is almost never won: bring up as many cards as you can. Lasker (classic collections) is the version most collections offer.
rules-harp-3-passes = Harp (3 passes)
    .summary = Harp with three passes through the stock, as several published pages have it.
rules-harp-unlimited = Harp (unlimited passes)
    .summary = Harp with as many passes through the stock as you like.
rules-grosse-harfe-3-passes = Die Große Harfe (3 passes)
    .summary = The talon is gone through three times ("den Talon dreimal umdrehen").
rules-grosse-harfe-kings-only = Die Große Harfe (kings only in spaces)
    .summary = Only a King, or a run led by a King, may fill an empty column.
rules-grosse-harfe-8-columns = Die Große Harfe (at most 8 columns)
    .summary = A space may only be filled while fewer than 8 columns hold cards ("nur 8 statt 10 Reihen").
rules-grosse-harfe-draw-3 = Die Große Harfe (draw 3, unlimited passes)
    .summary = Turn three cards at a time ("nur jede dritte Karte"), as often as you like.
rules-klondike-draw-3 = Klondike (draw 3)
    .summary = Klondike turning three cards at a time, as often as you like; only the top one of them plays.
rules-pitchfork-no-redeal = Pitchfork (no redeal)
    .summary = Pitchfork with a single pass through the stock.
rules-pitchfork-2-passes = Pitchfork (2 passes)
    .summary = Pitchfork with two passes through the stock.
rules-pitchfork-3-passes = Pitchfork (3 passes)
    .summary = Pitchfork with three passes through the stock.
rules-pitchfork-partial-runs = Pitchfork (partial runs)
    .summary = Pitchfork where any part of a run, from some card to the top, may move as a unit.
rules-pitchfork-warfield = Pitchfork (Warfield)
    .summary = The other published rule set: a seven-card reserve, foundations from the first card dealt, single cards, any card in a space.
rules-lasker-classic = Lasker (classic collections)
    .summary = The rule set other collections use: build up or down by suit with wrap, runs move as a unit, any card fills a space.
