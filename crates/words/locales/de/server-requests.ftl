# Anfragen, die der Server nicht lesen kann oder nicht annimmt: ihr Inhalt,
# ihre Pfade, Cookies, und was die API eines Spiels verlangt.

## Der Inhalt von Anfragen. $line, $column: wo serde den Fehler fand.

body-not-json = Die Anfrage muss JSON enthalten, mit Content-Type: application/json (gesendet wurde `{ $mime }`).
body-not-json-none = Die Anfrage muss JSON enthalten, mit Content-Type: application/json (gesendet wurde keiner).
body-too-large = Der Inhalt der Anfrage ist größer als die Grenze von { $limit } Byte.
body-late = Der Inhalt der Anfrage kam nicht innerhalb von { $secs } s an.
body-unreadable = Der Inhalt der Anfrage lässt sich nicht lesen.
json-missing-field = Fehlerhaftes JSON: Das Feld `{ $field }` fehlt (Zeile { $line }, Spalte { $column }).
json-unknown-field = Fehlerhaftes JSON: Ein Feld `{ $field }` gibt es hier nicht (Zeile { $line }, Spalte { $column }).
json-unknown-variant = Fehlerhaftes JSON: `{ $value }` ist hier kein erlaubter Wert (Zeile { $line }, Spalte { $column }).
json-invalid = Fehlerhaftes JSON: Ein Wert hat nicht die erwartete Form (Zeile { $line }, Spalte { $column }).
json-eof = Fehlerhaftes JSON: Der Text endet zu früh (Zeile { $line }, Spalte { $column }).
json-syntax = Fehlerhaftes JSON: Der Text ist so kein JSON (Zeile { $line }, Spalte { $column }).

## Pfade, Routen, Cookies, andere Seiten.

path-refused = Diese Adresse gibt es nicht: { $why }
path-unreadable = Diese Adresse gibt es nicht: Ein Teil von ihr lässt sich nicht lesen.
route-unknown = Die API hat keinen Pfad `{ $path }`.
method-not-allowed = `{ $method }` ist auf `{ $path }` nicht erlaubt.
# Jede andere Ablehnung einer Anfrage, die der Server nicht selbst formuliert hat.
request-refused = Diese Anfrage kann der Server nicht beantworten.
cookie-twice = Die Anfrage bringt das Cookie { $name } zweimal mit; lösche die Cookies dieser Seite und versuch es noch einmal.
cross-site = Anfragen von anderen Seiten dürfen hier nichts ändern.

## Die API eines Spiels: was zu tun ist, und welches Blatt.

deal-out-of-range = Blatt { $deal } gibt diese Seite nicht aus: Die Blattnummern reichen von 1 bis { $max }.
grade-with-deal = Ein Schwierigkeitsgrad wählt sein eigenes Blatt: Lass die Blattnummer weg oder den Schwierigkeitsgrad.
action-move-needs-move = Die Aktion `move` braucht einen `move` in Notation.
action-both = Gib entweder einen `move` oder die Aktion `{ $action }` an, nicht beides.
action-line = Einen Gewinnweg erfragst du mit POST /api/games/{"{"}id{"}"}/line; die Antwort enthält ihn.
action-unknown = Unbekannte Aktion `{ $action }`: Nimm move, undo, redo, restart, quit, auto-on oder auto-off.
action-none = Sag, was zu tun ist: einen `move` in Notation oder eine `action` (undo, redo, restart, quit, auto-on, auto-off).
