# Die Worte von rating-chart.js: die Wertungen eines Profils im Lauf der
# Zeit. $summary: der Name jedes Spiels mit seiner Wertung jetzt,
# „Harmony 1512, Klondike 1480“.

ratingchartjs-none = Noch keine gewerteten Duelle.
ratingchartjs-title = Wertungen im Lauf der Zeit
ratingchartjs-desc = { $count ->
    [one] 1 gewertetes Duell
   *[other] { $count } gewertete Duelle
}; jetzt: { $summary }.
ratingchartjs-now = Jetzt: { $summary }.
