# The words of game-moves.js: the legal moves as the view lists them.

# The card picked up, when the table no longer shows it.
game-moves-that-card = That card
