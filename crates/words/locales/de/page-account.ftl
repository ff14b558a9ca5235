# Die Seite des Kontos (account.html): anmelden, registrieren, und die Einstellungen des Kontos.

account-title = Konto · patience
account-heading = Konto
account-why =
    Du kannst ohne Konto spielen. Ein Konto bewahrt deine Spiele und deine Statistik unter einem Namen auf, sodass du
    sie auf jedem Gerät findest, auf dem du dich anmeldest. Es braucht einen Namen und ein Passwort, sonst nichts.
account-sign-in = Anmelden
account-name = Name
account-password = Passwort
account-add-games = Die auf diesem Gerät begonnenen Spiele zum Konto hinzufügen
account-add-games-note = Spiele, die du nicht hinzufügst, lassen sich nach dem Anmelden nicht mehr öffnen.
account-sign-up = Ein Konto erstellen
account-sign-up-keeps = Die bisher auf diesem Gerät begonnenen Spiele gehören dann zum Konto.
account-name-rule = Ein Name hat 3 bis 20 Zeichen: Buchstaben von a bis z, Ziffern, - und _.
account-password-rule = Ein Passwort hat 8 bis 128 Zeichen.
account-create = Konto erstellen
account-signed-in-as = Angemeldet als
account-your-profile = (dein öffentliches Profil).
account-sign-out = Abmelden
account-sign-out-everywhere = Auf allen Geräten abmelden
account-change-password = Passwort ändern
account-others-signed-out = Alle anderen Geräte werden abgemeldet.
account-current-password = Aktuelles Passwort
account-new-password = Neues Passwort
account-delete = Konto löschen
account-delete-words =
    Der Name wird für alle frei, und jedes Gerät wird abgemeldet. Die Spiele bleiben ohne Namen auf dem Server, und
    niemand kann sie je wieder öffnen.
