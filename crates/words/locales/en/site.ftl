# What every page shares: the navigation, the language switch, the footer.

nav-label = Site
nav-home = Home
nav-daily = Daily deal
nav-duels = Duels
nav-leaderboards = Leaderboards
nav-how-to-play = How to play
nav-faq = FAQ
nav-about = About
nav-stats = Statistics
nav-settings = Settings
nav-sign-in = Sign in
language-switch = Language

footer = patience · six solitaire games, played on this server · no sign-up needed, no tracking
