# The words of game.js: the questions the game page asks before an action
# that cannot be taken back lightly.

game-restart-question = Take back every move and go back to the deal?
game-restart-yes = Restart
game-give-up-question = Give up this game? It ends as it stands.
game-give-up-yes = Give up
game-line-question = Show a winning line? The computer plays it, and a win then counts as won with help, apart from your wins.
game-line-yes = Show it
# "Same deal again" could not start a new game.
game-again-failed = The game could not be started. Try again in a moment.
