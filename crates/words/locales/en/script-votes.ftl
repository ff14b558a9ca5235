# The words of votes.js: players' votes for a game, and five stars to give
# one's own. $name: the game's name.

votes-none = No votes yet
# $average: the average, written with one decimal; $votes: how many votes.
votes-average = ★ { $average } / 5 from { $votes ->
    [one] 1 vote
   *[other] { $votes } votes
}
# $votes: the votes as votes-average says them.
votes-thanks = Thank you. { $votes }.
votes-failed = The vote could not be recorded. Try again in a moment.
# A star's button: the vote it gives.
votes-stars = { $stars ->
    [one] 1 star
   *[other] { $stars } stars
}
votes-yours = Your rating of { $name }
votes-rate = Rate { $name }:
