# Die Bestenlisten (leaderboards.html).

leaderboards-title = Bestenlisten · patience
leaderboards-heading = Bestenlisten
leaderboards-words =
    Das Tagesspiel jedes Spiels hat jeden Tag eine eigene Rangliste; dazu kommen die höchsten Wertungen aus gewerteten
    Duellen, für jedes Spiel, unter den Spielern, die in den letzten { $days } Tagen eines gespielt haben. Eine Wertung mit
    Fragezeichen ist vorläufig: zu wenige gewertete Duelle, oder zu lange her, um sicher zu sein.
leaderboards-game = Spiel
leaderboards-table = Bestenliste
leaderboards-rank = Rang
leaderboards-player = Spieler
leaderboards-rating = Wertung
leaderboards-rated-duels = Gewertete Duelle
leaderboards-previous-page = Vorige Seite
leaderboards-next-page = Nächste Seite
leaderboards-daily = Ranglisten der Tagesspiele
leaderboards-daily-today = Die Rangliste von heute
leaderboards-older-days = Ältere Tage
