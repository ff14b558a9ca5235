# The words of profile.js: a player's public profile, its ratings, duels,
# daily streaks and finished games.

profilejs-no-rated-duels = No rated duels yet.
profilejs-provisional = Provisional: too few rated duels, or long ago, to be sure
profilejs-no-duels = No duels yet.
# The player's place in a duel: $rank of $participants (at most 8).
profilejs-place = { $rank ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $rank }th
} of { $participants }
# A duel's result: points in Harmony, cards up in the other games.
profilejs-points = { $score ->
    [one] { $score } point
   *[other] { $score } points
}
profilejs-cards-up = { $count ->
    [one] 1 card up
   *[other] { $count } cards up
}
profilejs-no-finished-games = No finished games yet.
profilejs-download = download
profilejs-not-loaded = The profile cannot be loaded. Try reloading the page.
# $date: the day the account was made.
profilejs-since = Playing here since { $date }.
# The daily streaks: $current days in a row up to now ($today: yes where
# today's deal was played), the $longest ever, and $days with a daily deal
# played in all.
profilejs-streaks = Daily streak: { $current ->
    [one] 1 day
   *[other] { $current } days
} in a row{ $today ->
    [yes] , today's included
   *[no] {""}
}; longest { $longest ->
    [one] 1 day
   *[other] { $longest } days
}; { $days ->
    [one] 1 day
   *[other] { $days } days
} with a daily deal played.
profilejs-no-daily = No daily deal played yet.
