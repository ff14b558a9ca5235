# Die Worte von account.js: an- und abmelden, ein Konto anlegen, ändern und
# löschen. $name: der Name des Kontos.

accountjs-not-loaded = Das Konto kann nicht geladen werden.
accountjs-title-yours = Dein Konto
accountjs-title-sign-in = Anmelden
# $games: die auf diesem Gerät begonnenen Spiele (mit oder ohne Zug), die
# noch in keinem Konto sind; die Statistik zählt nur die mit Zug als gespielt.
accountjs-add-games = { $games ->
    [one] Das auf diesem Gerät begonnene Spiel
   *[other] Die { $games } auf diesem Gerät begonnenen Spiele
} zum Konto hinzufügen
accountjs-failed = Das hat nicht geklappt.
accountjs-signed-in = Angemeldet als { $name }.
accountjs-games-added = { $count ->
    [one] 1 Spiel wurde hinzugefügt.
   *[other] { $count } Spiele wurden hinzugefügt.
}
accountjs-made = Dein Konto { $name } ist erstellt, und du bist angemeldet.
accountjs-signed-out = Du bist abgemeldet.
accountjs-signed-out-everywhere = Du bist auf allen Geräten abgemeldet.
accountjs-password-changed = Das Passwort ist geändert; alle anderen Geräte sind abgemeldet.
accountjs-delete-question = Das Konto endgültig löschen? Sein Name wird frei, es wird überall abgemeldet, und seine Spiele sind nicht mehr erreichbar.
accountjs-delete-yes = Konto löschen
accountjs-deleted = Das Konto ist gelöscht.
