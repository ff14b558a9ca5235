# The words of home.js: the home page's game cards and the games to
# continue. $name: a game's or variant's name; $grade: easy, medium or hard.

homejs-deal-not-a-number = A deal number is a whole number such as 17; leave it empty for a random deal.
homejs-deal-too-large = That deal number is too large for this page; try a smaller one.
homejs-looking-for-winnable = Looking for a deal the solver proves winnable…
homejs-not-started = The game could not be started. Try again in a moment.
homejs-play-random = Play a random deal
homejs-never-won = By these rules a deal is almost never won: play any deal for its par, the most cards it can bring up.
homejs-library-empty = The library holds no winnable deal of { $name } yet: play a random deal, or ask for a winnable one under { homejs-more-options }.
homejs-games-not-loaded = The games cannot be loaded. Try reloading the page.
homejs-deal-placeholder = random
homejs-winnable-title = The first deal at or after this number that the solver proves winnable; without a number, one from the library
homejs-winnable-only = Winnable deals only
homejs-grades-label = A winnable deal of { $name }
homejs-winnable-deal = Winnable deal:
homejs-grade = { $grade ->
    [easy] Easy
    [medium] Medium
   *[hard] Hard
}
homejs-grade-title = A deal the solver proved winnable, { $grade ->
    [easy] easy
    [medium] medium
   *[hard] hard
} for the players who finished it (or the computer player, before ten had)
# $count: how many grades the library holds no deal of (1 or 2); $first,
# $second: those grades (easy, medium, hard; $second empty with one).
homejs-grades-missing = { $count ->
    [one] No { homejs-grade-name-first } deal of { $name } yet
   *[other] No { homejs-grade-name-first } or { homejs-grade-name-second } deal of { $name } yet
}: its winnable deals are graded by how often they are won, and none falls in that grade (see the FAQ).
homejs-grade-name-first = { $first ->
    [easy] Easy
    [medium] Medium
   *[hard] Hard
}
homejs-grade-name-second = { $second ->
    [easy] Easy
    [medium] Medium
   *[hard] Hard
}
homejs-more-options = More options
homejs-variant = Variant
homejs-deal-number = Deal number
# $minutes: the clock's length.
homejs-clock = Against a { $minutes }-minute clock, for points.
homejs-play = Play
homejs-how-to-play = How to play
# $deal: the deal's number, as the address gives it.
homejs-shared = Deal { $deal } was shared with you.
homejs-play-it = Play it
# A game to continue; $deal: its number.
homejs-continue-deal = { $name }, deal { $deal }
homejs-continue-duel = { $name }, duel deal
homejs-continue-moves = { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}
