# The words of game-clock.js: a timed game's clock, as screen readers
# hear it.

game-clock-left = { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
} { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
} left
