# Die Seite einer Adresse, unter der nichts ist (404.html).

not-found-title = Nicht gefunden · patience
not-found-heading = Nicht gefunden
not-found-words = Unter dieser Adresse gibt es nichts. <a href="/">Starte stattdessen ein Spiel</a>.
