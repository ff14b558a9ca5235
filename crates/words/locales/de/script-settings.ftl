# Die Worte von settings.js: das Formular der Einstellungen (/settings),
# jede Einstellung und ihre Möglichkeiten.

settings-back = Kartenrücken
settings-back-blue = Blau
settings-back-red = Rot
settings-back-green = Grün
settings-table = Tischfarbe
settings-table-green = Grün
settings-table-blue = Blau
settings-table-dark = Dunkel
settings-four-colour = Vierfarbige Karten
settings-four-colour-note = (♦ blau, ♣ grün)
settings-large-cards = Größere Karten
settings-large-cards-note = (so breit, wie die Seite erlaubt; der Tisch scrollt)
settings-sound = Soundeffekte
settings-sound-note = (ein Klick bei jedem Zug, ein Gong beim Sieg)
settings-animation = Animation
settings-animation-normal = Normal
settings-animation-fast = Schnell
settings-animation-off = Aus
