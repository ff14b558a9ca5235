# The words of common.js: what every page's scripts share.

common-unreachable = The server cannot be reached. Check that it is running.
# The button of a question asked in the page that says no.
common-cancel = Cancel
# Where the navigation offers to sign in.
common-sign-in = Sign in

## How a game stands, inside a line of figures.

common-outcome-playing = in progress
common-outcome-won = won
common-outcome-lost = no more moves
common-outcome-stuck = no more progress possible
common-outcome-quit = given up
common-outcome-time-up = time up
common-won-with-help = won with help
