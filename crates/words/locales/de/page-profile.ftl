# Das öffentliche Profil eines Spielers (profile.html); seine Tabellen der
# Statistik sagen die Worte der Statistikseite (stats-col-…).

profile-title = Spieler · patience
profile-heading = Spieler
profile-yours =
    <a href="/account">Die Einstellungen deines Kontos</a>: das Passwort, das Abmelden auf allen
    Geräten, das Löschen des Kontos.
profile-daily = Tagesspiele
profile-ratings = Wertungen
profile-rating = Wertung
profile-rated-duels = Gewertete Duelle
profile-ratings-chart = Wertungen im Lauf der Zeit
profile-duels = Duelle
profile-closed = Geschlossen
profile-place = Platz
profile-finished-games = Beendete Spiele
