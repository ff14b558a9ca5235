# A game's page (game.html): the table, its buttons and menu, the banner
# at the end. The replay page says its table's words too.

game-title = Game · patience
game-skip = Skip to the table
game-all-games-link = patience: all games
game-loading = Loading…
game-deal = Deal
game-deal-link = A link to start this deal again
game-deal-winnable = (winnable)
    .title = You asked for a winnable deal: this one can be won
game-duel-deal = Duel deal
    .title = The deal number is shown once the duel closes
game-moves-made = Moves: { $count }
game-controls = Game controls
game-undo = Undo
    .title = Undo (U)
game-redo = Redo
    .title = Redo (Y)
game-hint = Hint
    .title = Hint (H)
game-finish = Finish
    .title = Every card left goes up by itself: play them up to the end
game-more-actions = More actions
game-restart = Restart
    .title = Back to the deal
game-give-up = Give up
    .title = Give up this game
game-show-line = Show a winning line
    .title = Every card is known: the solver shows a winning line, and a win counts as won with help
game-new-game = New game
game-download-record = Download the record
game-auto-move = Auto-move safe cards
game-other-pages = Other pages
game-all-games = All games
game-duel-note = This game is part of a
game-duel-name = duel
game-duel-back = back to the duel
game-back-to-duel = Back to the duel
game-same-deal = Same deal again
game-review = Review the game
game-table = The table
game-tableau = Tableau
game-hint-play = Play it
game-hint-close = Close
game-keys = Mouse, touch and keyboard
game-keys-pointer =
    Drag a card (with the cards on it) to another pile, or tap it and then tap where it should go.
    Double-click a card to send it to a foundation. Click the stock to draw.
game-keys-keyboard =
    <kbd>Tab</kbd> or <kbd>←</kbd> <kbd>→</kbd> go from pile to pile; <kbd>↑</kbd> <kbd>↓</kbd> take more or fewer cards of a column;
    <kbd>Enter</kbd> picks the cards up, and <kbd>Enter</kbd> on another pile puts them there; <kbd>F</kbd> sends to a foundation;
    <kbd>D</kbd> draws; <kbd>U</kbd> undoes; <kbd>Y</kbd> redoes; <kbd>H</kbd> asks for a hint, and <kbd>Enter</kbd> plays it; <kbd>Esc</kbd> lets go.
