# Die Worte von game-moves.js: die erlaubten Züge, wie die Ansicht sie
# aufzählt.

# Die aufgenommene Karte, wenn der Tisch sie nicht mehr zeigt.
game-moves-that-card = Diese Karte
