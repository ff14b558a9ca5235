# Die Seite der Einstellungen (settings.html); die Einstellungen selbst sind die von settings.js.

settings-title = Einstellungen · patience
settings-heading = Einstellungen
settings-words = In diesem Browser gespeichert und auf jeder Seite verwendet. Jede Änderung wirkt sofort.
settings-form = Einstellungen
