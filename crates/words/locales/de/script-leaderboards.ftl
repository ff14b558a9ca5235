# Die Worte von leaderboards.js: die Bestenliste der Wertungen eines Spiels
# und die Ranglisten seines Tagesspiels. $name: der Name des Spiels.

leaderboardsjs-not-loaded = Die Bestenliste kann nicht geladen werden.
leaderboardsjs-nobody = In den letzten 30 Tagen hat niemand ein gewertetes Duell in { $name } gespielt.
leaderboardsjs-page = Seite { $page } von { $pages }
leaderboardsjs-players = { $count ->
    [one] 1 Spieler
   *[other] { $count } Spieler
}
leaderboardsjs-no-past-days = Noch keine vergangenen Tage.
