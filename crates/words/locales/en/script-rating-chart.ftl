# The words of rating-chart.js: a profile's ratings over time. $summary:
# each game's name with its rating now, "Harmony 1512, Klondike 1480".

ratingchartjs-none = No rated duels yet.
ratingchartjs-title = Ratings over time
ratingchartjs-desc = { $count ->
    [one] 1 rated duel
   *[other] { $count } rated duels
}; now: { $summary }.
ratingchartjs-now = Now: { $summary }.
