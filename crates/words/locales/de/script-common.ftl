# Die Worte von common.js: was die Skripte jeder Seite teilen.
