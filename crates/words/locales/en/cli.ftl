# The terminal: `patience play`, `replay`, `deal` and `games`, and the table
# they draw.

## The table.

cli-pass = pass { $pass } of { $passes }
cli-pass-unlimited = pass { $pass } (unlimited)
cli-stock = Stock
cli-waste = Waste
cli-stock-next-first = Stock { $count } (next card first):
cli-reserve = Reserve
cli-foundations = Foundations
cli-built-up-from = (built up from { $base })
cli-built-up-from-wrapping = (built up from { $base }, wrapping K to A)
cli-first-card-sets-base = (your first card to a foundation sets the base rank)
cli-face-down-in-parentheses = Face-down cards are shown in parentheses.

## Playing.

cli-title = { $name } ({ $id }), deal { $deal }
cli-chosen-at-random = (chosen at random; play it again with --deal { $deal })
cli-chosen-winnable = (a winnable deal, { $grade ->
    [easy] Easy
    [medium] Medium
   *[hard] Hard
}; play it again with --deal { $deal } --winnable)
cli-no-winnable-deal = The starting pool holds no winnable deal of { $name } ({ $lost } of its deals are proven lost): by these rules a deal is almost never won. Play any deal and aim for its par.
cli-deal-not-winnable = Deal { $deal } of { $name } is not one the starting pool holds as winnable, so it cannot be dealt as one: leave out --winnable, or --deal to have one picked.
cli-no-deal-of-grade = The starting pool holds no { $grade ->
    [easy] Easy
    [medium] Medium
   *[hard] Hard
} deal of { $name }; it holds: { $held }. Try another --grade, or --winnable alone.
cli-clock-on = You have { $time } on the clock; it starts with your first action.
cli-clock-off = The clock is off (--no-clock): time never runs out, and time left earns no bonus.
cli-type-a-move = Type a move such as t3-t5, or `help` for the commands.
cli-time-is-up-ends = Time is up: the game ends as it stands.
cli-error = error:
cli-unknown-command = unknown command `{ $text }`: type a move such as t3-t5 or s, or `help` for the commands
cli-move-title = { $name } · deal { $deal } · move { $moves }
cli-status = Status: { $outcome }
cli-score = score { $score }
cli-undos = undos { $undos }
cli-time-left = time left { $time }
cli-clock-off-short = clock off
cli-on-foundations = { $up } of { $cards } cards on the foundations
cli-note-won = Every card is on the foundations: you won!
cli-note-lost = No legal move is left: undo or quit.
cli-note-stuck = No more progress possible: no sequence of moves turns up, draws or plays up a new card. Undo or quit.
cli-note-quit = You gave up.
cli-note-time-up = Time is up.
cli-no-legal-moves = No legal moves.
cli-legal-moves = Legal moves:
cli-no-hint = No legal moves: nothing to hint.
cli-hint = Hint: { $move }  { $words } ({ $why })
cli-hint-samples = { $why }: { $won } of { $samples } sampled deals won
cli-help =
    Commands, one a line:
      MOVE        a move in notation; columns count from 1:
                    s draw from the stock, r redeal (turn the waste over),
                    t3-t5 column 3's top card onto column 5, t2-t7:3 a run of 3 cards,
                    w-t4 the waste's top card, t3-f w-f to a foundation,
                    res-t2 res-f from the reserve, f2-t4 from foundation 2 back to column 4
      moves, m    list the legal moves
      hint        a good move (not played), from what you can see: no hidden card is used
cli-help-undo = {"  "}undo, u     take back the last move
cli-help-undo-costs = {"  "}undo, u     take back the last move (costs { $cost } points)
cli-help-redo = {"  "}redo        play the last undone move again
cli-help-restart = {"  "}restart     back to the deal
cli-help-auto = {"  "}auto on     send cards no longer needed to the foundations by themselves (auto off)
cli-help-end =
    {"  "}show        draw the table again
      help, h, ?  this help
      quit, q     give up and leave; end of input (Ctrl-D) leaves without giving up
    The game record is saved when you leave.
cli-game-over = Game over ({ $outcome }) at move { $moves }, after { $actions ->
    [one] 1 action
   *[other] { $actions } actions
}
cli-game-left = Game left unfinished ({ $outcome }) at move { $moves }, after { $actions ->
    [one] 1 action
   *[other] { $actions } actions
}
cli-final-score = ; score { $score }
cli-record-saved = Record saved to { $path } (replay it with `patience replay { $path }`).
cli-cannot-save = could not save the record to { $path }

## Replaying a record.

cli-outcome = Outcome: { $outcome }
cli-replay-score = Score: { $score }
cli-replay-on-foundations = Score: { $up } of { $cards } cards on the foundations
cli-actions = Actions: { $actions } ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
} on the table, { $undos ->
    [one] 1 undo
   *[other] { $undos } undos
})

## The games.

cli-play-one = Play one with `patience play ID`, for example `patience play harmony`.
