# Konten: Namen, Passwörter, Anmelden, Einstellungen, die ein Konto behält.

name-length = Ein Name hat { $least } bis { $most } Zeichen.
name-characters = Ein Name besteht aus den Buchstaben a bis z (groß oder klein), Ziffern, - und _.
name-reserved = Dieser Name ist reserviert.
name-taken = Dieser Name ist schon vergeben.
password-too-short = Ein Passwort hat mindestens { $least } Zeichen.
password-too-long = Ein Passwort hat höchstens { $most } Zeichen.
account-signed-in-already = Du bist schon als { $name } angemeldet.
account-name-taken = Der Name { $name } ist schon vergeben.
account-wrong-name-or-password = Zu diesem Namen und Passwort gibt es kein Konto.
account-not-signed-in = Du bist nicht angemeldet.
account-current-password-wrong = Das aktuelle Passwort ist falsch.
account-password-wrong = Dieses Passwort ist falsch.
# $wait: eine Dauer.
sign-in-throttled = Zu viele fehlgeschlagene Anmeldungen: Versuch es in { $wait } noch einmal.
settings-sign-in = Melde dich an, um deine Einstellungen in einem Konto zu behalten; dieser Browser speichert sie schon.
