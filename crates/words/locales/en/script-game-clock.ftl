# The words of game-clock.js: a timed game's clock, as screen readers
# hear it.

game-clock-left = { $minutes } minutes { $seconds } seconds left
