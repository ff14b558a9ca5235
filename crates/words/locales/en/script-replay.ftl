# The words of replay.js: a game watched again, step by step, with its
# analysis. $n: a step's or action's number.

replayjs-table-not-loaded = The table cannot be loaded.
replayjs-step = Step { $n } of { $steps }
replayjs-moves = Moves: { $moves }
replayjs-score = Score: { $score }
# $time: the time left, 4:05.
replayjs-clock = Clock { $time }
# The table as dealt: a step of its own, and what the status line says of it.
replayjs-the-deal = The deal
replayjs-the-deal-status = The deal.
replayjs-line-not-shown = The winning line cannot be shown.
# Move $n of the analysis's winning line ($moves long), which starts after
# action $from.
replayjs-line-step = Winning line from action { $from }: move { $n } of { $moves }
replayjs-line-start = Where the deal could last be won.
replayjs-play = ▶ Play
replayjs-pause = ⏸ Pause
# The analysis bar: a mark a step. $step: replayjs-the-deal or
# replayjs-after-action; $verdict: won, lost or unknown.
replayjs-after-action = After action { $n }
replayjs-verdict = { $step }: { $verdict ->
    [won] could still be won
    [lost] could no longer be won
   *[unknown] not decided
}
# $best of $total cards could still go up; $exact: yes, or no where the
# solver ran out of time and $best is only a bound.
replayjs-par-title = { $step }: { $exact ->
    [yes] { $best }
   *[no] at least { $best }
} of { $total } cards could still go up
replayjs-pars-label = The most cards that could still go up after each action: { $first } of { $total } at the deal, { $last } at the end
replayjs-verdicts-label = Whether the deal could still be won after each action: { $won } could, { $lost } could not, { $unknown } not decided
replayjs-go-to-action = Go to action { $n }
replayjs-play-line = Play the winning line from action { $n }
# The honest player's move ($move, in words) where the game was lost;
# $confidence: the server's sentence of how sure it is.
replayjs-honest-same = The honest player, who sees only what the player saw, would have played the same ({ $move }). { $confidence } The mistake could hardly be seen.
replayjs-honest-other = The honest player, who sees only what the player saw, would have played { $move } instead. { $confidence }
replayjs-analysing = Analysing… { $count ->
    [one] 1 position
   *[other] { $count } positions
} decided so far.
replayjs-analysis-not-loaded = The analysis cannot be loaded.
replayjs-not-found = Replay not found
replayjs-not-yet = No replay yet
replayjs-not-loaded = The replay cannot be loaded.
replayjs-title = { $name }: replay
replayjs-document-title = { $name } replay · patience
replayjs-deal-secret = Deal secret until the contest is over
# $deal: the deal's number.
replayjs-deal = Deal { $deal }
# Whose game it was, and how it ended ($outcome).
replayjs-yours = Your game, { $outcome }.
replayjs-played-by = Played by { $player }, { $outcome }.
replayjs-played-anonymously = Played by a player without an account, { $outcome }.
replayjs-download = Download the record
replayjs-the-duel = The duel
replayjs-the-daily-deal = The daily deal
replayjs-watch-a-record = Watch a record
replayjs-record-unreadable = The record cannot be read.
