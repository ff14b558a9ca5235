# The server's answers: refusals of requests, errors, and what it tells of
# duels, daily deals, accounts and the library.

## The language switch.

language-unknown = No language of this site is called “{ $tag }”.

## Errors of the server itself.

error-internal = Something went wrong on the server; it has been logged. Try again, or reload the page.

## Games.

game-moved-on = This game has moved on (action { $expected }, not { $number }), in another tab or window: showing where it stands now.
game-taken-elsewhere = This game has moved on (action { $action } was taken elsewhere): showing where it stands now.
took-back-last = Took back the last move.
back-to-the-deal = Back to the deal.
you-gave-up = You gave up.
safe-auto-moves-on = Safe auto-moves on.
safe-auto-moves-off = Safe auto-moves off.
winning-line-shown = A winning line was shown: a win from here is a win with help.
finish-not-yet = Finish is offered once the rest needs no decision: every card face up, the stock and the waste empty, and each card free to go up in turn.
line-not-found = No win was found from here within { $secs } seconds: the game may still be won by hand.
again-deal-secret = This game's deal stays secret until its duel closes or its day ends: it cannot be dealt again yet.

## Hints. $samples: how many ways the hidden cards could lie were tried.

hint-game-over = The game is over ({ $outcome }): there is nothing to hint.
hint-no-legal-move = No move is legal: there is nothing to hint.
hint-circles = Every move leads back to a position this game has already been in.
hint-most-cards-up = In none of { $samples } ways the hidden cards could lie did a move lead to a win; this one brings the most cards up: { $par ->
    [one] 1 card
   *[other] { $par } cards
} on the foundations.
# Every card shows, or its place is known: the samples are all the deal on the table.
hint-most-cards-up-all-seen = No win was found from here; this one brings the most cards up: { $par ->
    [one] 1 card
   *[other] { $par } cards
} on the foundations.
hint-no-win-all-seen = No win that starts with this move was found from here.
hint-wins-all-seen = This move starts a line that wins.
hint-won-in-none = In none of { $samples } ways the hidden cards could lie did this move lead to a win.
hint-won-in-some = In { $won } of { $samples } ways the hidden cards could lie, this move led to a win.
hint-dealt-winnable = You asked for a winnable deal, and this is one: a win is there all the same, with the hidden cards lying in a way none of these samples hit.
hint-reason-only = The only legal move.
hint-reason-scout = Drawing through the stock to see it first.
hint-reason-vote = Wins in the most sampled deals.
hint-reason-fallback = No sampled deal was won: best by rule of thumb.
hint-reason-par = No sampled deal was won: heads for the most cards up.
hint-reason-plan = Continues the plan (nothing new seen).
hint-reason-first-move = Wins more sampled deals than the best plan's first move.
hint-reason-cycle = Every move leads back to where the game has been: giving up.

## The par: the most cards a deal can bring up.

par-secret-deal = The deal of a duel or a daily deal stays secret until the duel closes or the day ends: its par is told then.
par-when-over = The par of this deal is told when the game is over: it would tell what the table does not show.
par-when-over-for-good = The par of this deal is told when the game is over for good: give it up to see it, or undo and play on.
par-all = Par for this deal: all { $total } cards can go up.
par-exact = Par for this deal: { $best ->
    [one] 1 card
   *[other] { $best } cards
}.
par-at-least = Par for this deal: at least { $best ->
    [one] 1 card
   *[other] { $best } cards
}.
par-you-put-all-up = You put all { $total } cards up.
par-was-winnable = This deal was winnable: all { $total } cards can go up.
par-you-reached-it = You put { $yours ->
    [one] 1 card
   *[other] { $yours } cards
} up, the best possible.
par-you-reached-the-best-found = You put { $yours ->
    [one] 1 card
   *[other] { $yours } cards
} up; the solver found no way to put up more.
par-you-missed-it = You put { $yours ->
    [one] 1 card
   *[other] { $yours } cards
} up; the best possible was { $best }.
par-you-missed-at-least = You put { $yours ->
    [one] 1 card
   *[other] { $yours } cards
} up; the best possible was at least { $best }.

## The analysis of a finished game.

analysis-secret-deal = The analysis is told once the duel closes or the daily deal's day ends: it would tell what the deal holds.
analysis-one-at-a-time = One analysis at a time: wait for the one under way to finish.
analysis-won = Won: the deal could be won all along.
analysis-never-winnable = This deal could not be won from the start: no line of moves wins it.
analysis-lost-at = After action { $action } ({ $what }) the deal could no longer be won.
analysis-still-winnable = The deal could still be won when the game ended.
analysis-not-known = Where the game was lost is not known: the solver left positions undecided.
analysis-undecided = { $count ->
    [one] The solver did not decide 1 position within its time: shown as unknown.
   *[other] The solver did not decide { $count } positions within its time: shown as unknown.
}
analysis-an-action = an action
analysis-par-cards = { $exact ->
    [yes] { $best ->
        [one] 1 card
       *[other] { $best } cards
    }
   *[no] at least { $best ->
        [one] 1 card
       *[other] { $best } cards
    }
}
analysis-par-at-deal = { $cards } at the deal
analysis-par-fell = { $cards } after action { $action } ({ $what })
analysis-par-moves = The most that could go up: { $parts }{ $more ->
    [0] {""}
    [one] , and it fell once more
   *[other] , and it fell { $more } times more
}. The game ended with { $up } up.
analysis-par-at-least = Figures given as "at least" are where the solver ran out of time.
analysis-no-line-yet = This game's analysis has no winning line (yet).
analysis-line-length = { $moves ->
    [one] The winning line has 1 move.
   *[other] The winning line has { $moves } moves.
}

## Replays.

replay-no-such-step = { $actions ->
    [one] The game has 1 action: there is no step { $step }.
   *[other] The game has { $actions } actions: there is no step { $step }.
}
record-one-at-a-time = Paste one record at a time (this text holds { $records }); an export holds many: import them one by one.
record-action-refused = Record action { $number } is refused: { $why }
record-contest-clock = This record's clock ran from the opening (a duel's or a daily deal's game): watch it on its own replay page.
record-clock-off = This record was played without its clock (--no-clock): only games played against the clock can be kept here.

## What the server knows, and what it does not. $id, $name: as the
## request wrote them.

no-game-called = no game is called { $id }
no-such-game = no game `{ $id }`: it does not exist or is not yours
no-such-duel = no duel `{ $id }`
no-such-day = `{ $text }` is no day: write one as 2026-11-26
no-player-called = no player is called { $name }
page-numbered-from-one = pages are numbered from 1
store-conflict = the game's log has moved on: expected { $expected ->
    [one] 1 action
   *[other] { $expected } actions
} before this one
store-unavailable = The game store cannot be reached just now: try again in a few seconds.

## Waiting. $unit: seconds or minutes.

duration = { $unit ->
    [minutes] { $count ->
        [one] 1 minute
       *[other] { $count } minutes
    }
   *[seconds] { $count } s
}

## Limits. $kind: what there were too many of; $wait: a duration.

too-many = too many { $kind ->
    [new-players] new players from your address
    [new-games] new games
    [new-duels] new duels
    [moves] moves
   *[password-checks] password checks from your address
}: try again in { $wait }

## Searches (hints, winnable deals, winning lines, pars, analyses).
## $what: search-what.

search-what = { $search ->
    [hint] a hint
    [winnable-deal] a winnable deal
    [line] a winning line
    [par] the best possible for this deal
   *[analysis] an analysis
}
search-address-busy = the server is working out { $count } requests from your address already; wait for them before asking for { $what }
search-player-busy = the server is still working out your last requests; wait for them before asking for { $what }
search-server-busy = the server is busy working out other players' requests; ask for { $what } again in a moment
winnable-none-found = no deal from { $from } to { $to } was proven winnable within { $secs } s each; try another deal number, or play without "winnable deals only"

## The library of winnable deals. $name: a game's or variant's name.

library-hopeless = { $lost } deals of { $name } are proven lost and none winnable: by these rules a deal is almost never won. Play any deal and aim for its par, the most cards it can bring to the foundations, shown from the start.
library-no-grade = { $grade ->
    [easy] The library holds no Easy deal of { $name } yet (Easy: won at least 7 times in 10). Try another grade, or winnable deals only.
    [medium] The library holds no Medium deal of { $name } yet (Medium: won 3 to 6 times in 10). Try another grade, or winnable deals only.
   *[hard] The library holds no Hard deal of { $name } yet (Hard: won fewer than 3 times in 10). Try another grade, or winnable deals only.
}

## Votes.

vote-play-first = Finish a game of { $name } first: votes come from players who have played it.
vote-stars = `stars` is a whole number from { $least } to { $most }

## Replays, and the export of every finished game (a record file's first
## line, a comment).

replay-not-over = A game is replayed once it is over: finish it, or give it up, first.
replay-dead-end = A game at a dead end is replayed once it is given up: Undo could still take it on.
export-header = # patience: { $count ->
    [one] 1 finished game
   *[other] { $count } finished games
}, the latest first; each record replays with `patience replay`
export-none = # patience: no games yet
# A record of a contest still running: its first line, a comment.
record-deal-hidden = # A duel game: the deal number is left out until the duel closes; the full record is served then.
