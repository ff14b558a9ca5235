# Die Worte von common.js: was die Skripte jeder Seite teilen.

common-unreachable = Der Server ist nicht erreichbar. Prüfe, ob er läuft.
# Die Schaltfläche einer Frage auf der Seite, die Nein sagt.
common-cancel = Abbrechen
# Wo die Navigation die Anmeldung anbietet.
common-sign-in = Anmelden

## Wie ein Spiel steht, in einer Zeile von Zahlen.

common-outcome-playing = läuft noch
common-outcome-won = gewonnen
common-outcome-lost = keine Züge mehr
common-outcome-stuck = kein Fortschritt mehr möglich
common-outcome-quit = aufgegeben
common-outcome-time-up = Zeit abgelaufen
common-won-with-help = mit Hilfe gewonnen
