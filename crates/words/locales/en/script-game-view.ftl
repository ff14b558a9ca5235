# The words of game-view.js: the game page's figures, buttons, banner and
# notes around the table. $name: the game's name; $deal: its deal number.

game-view-title = { $name } · deal { $deal } · patience
game-view-title-duel = { $name } · duel deal · patience
game-view-moves-made = Moves: { $moves }
game-view-score = Score: { $score }
# Cards on the foundations of a game without a score, of $cards in all.
game-view-on-foundations = On foundations: { $up } / { $cards }
# The passes through the stock: the current one, of how many allowed.
game-view-pass-of = Pass { $pass } of { $passes }
game-view-pass = Pass { $pass }

## Buttons. $cost: the points an undo costs.

game-view-undo = Undo
game-view-undo-cost = Undo (−{ $cost })
game-view-undo-title = Undo (U)
game-view-undo-cost-title = Undo (U): costs { $cost } points
game-view-finish = Finish
game-view-skip = Skip to the end

## The banner of a game that ended.

game-view-won = You won! Every card is on the foundations.
game-view-won-with-help = Won with help: every card is on the foundations, after a winning line was shown.
# $outcome: how the game ended, as the server says it ("No more moves").
game-view-outcome = { $outcome }.
game-view-fact-time = Time
game-view-fact-moves = Moves
game-view-fact-score = Score
game-view-fact-time-bonus = of it, for the time left
game-view-fact-cards-up = Cards up
game-view-cards-up = { $up } of { $cards }
# $seconds: two digits ("05").
game-view-duration-minutes = { $minutes } min { $seconds } s
game-view-duration-seconds = { $seconds } s

## The player's figures for these rules, parts of one line.

game-view-best-par = { $name }: the par reached in { $reached } of { $played } played
game-view-best-won = { $name }: { $percent }% won of { $played } played
game-view-best-streak = streak { $streak }
game-view-best-score = your best { $best }
# Ends the line when the score is a personal best.
game-view-best-personal = a personal best!
# $parts: the parts above, one after another.
game-view-best-line = { $parts }.

## A timed game before its first move.

game-view-clock-starts = The { $minutes }-minute clock starts with your first move.
game-view-clock-started = The clock started when this game was opened.
