# The words of stats-view.js: a player's statistics as the statistics page
# and a profile show them: the totals, the table, the chart of results.

# A share won, in a cell of the table; $percent: from 0 to 100.
stats-view-percent = { $percent }%

## The totals' line, parts joined by " · ".

stats-view-played = { $played ->
    [one] 1 game played
   *[other] { $played } games played
}
stats-view-won = { $won } won ({ $percent }%)
stats-view-won-with-help = { $won } won with help
stats-view-reached-par = { $reached } reached the par
stats-view-current-streak = current streak { $streak }
stats-view-best-streak = best streak { $streak }
stats-view-best-harmony = best Harmony score { $score }

## The table's rows. $name: a game's name.

stats-view-all-variants = { $name }, all variants
stats-view-default-rules = { $name } (default rules)

## The chart.

stats-view-chart-title = Results over time
stats-view-chart-description = { $games ->
    [one] 1 game
   *[other] { $games } games
}, oldest first: { $won } won, { $lost } not won, { $open } in progress; { $percent }% won.
# A game's bar: $result, how it stands; $when, when it was started.
stats-view-bar = { $name }: { $result }, { $when }
stats-view-bar-deal = { $name }, deal { $deal }: { $result }, { $when }
stats-view-legend-won = won (up)
stats-view-legend-not-won = not won (down)
stats-view-legend-open = in progress
stats-view-legend-share = share won so far
