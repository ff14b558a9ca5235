# Was jede Seite teilt: die Navigation, die Sprachwahl, die Fußzeile.

nav-label = Seite
nav-home = Start
nav-daily = Tagesspiel
nav-duels = Duelle
nav-leaderboards = Bestenlisten
nav-how-to-play = Spielregeln
nav-faq = Fragen
nav-about = Über
nav-stats = Statistik
nav-settings = Einstellungen
nav-sign-in = Anmelden
language-switch = Sprache

footer = patience · sechs Patiencen, gespielt auf diesem Server · keine Registrierung nötig, keine Nachverfolgung
