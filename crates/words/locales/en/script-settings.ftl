# The words of settings.js: the settings form (/settings), each setting and
# its choices.

settings-back = Card back
settings-back-blue = Blue
settings-back-red = Red
settings-back-green = Green
settings-table = Table colour
settings-table-green = Green
settings-table-blue = Blue
settings-table-dark = Dark
settings-four-colour = Four-colour deck
settings-four-colour-note = (♦ blue, ♣ green)
settings-large-cards = Larger cards
settings-large-cards-note = (as wide as the page allows; the table scrolls)
settings-sound = Sound effects
settings-sound-note = (a click for each move, a chime for a win)
settings-animation = Animation
settings-animation-normal = Normal
settings-animation-fast = Fast
settings-animation-off = Off
