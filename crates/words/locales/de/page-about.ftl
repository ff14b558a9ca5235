# Die Seite über patience (about.html).

about-title = Über patience
about-heading = Über patience
about-what =
    <strong>patience</strong> spielt sechs Patiencen – Harp, Die Große Harfe, Solitaire Harmony, Klondike, Pitchfork und Lasker –
    und ihre Varianten im Browser, mit einem einzigen Programm, das die ganze Seite ausliefert.
about-how =
    Die Regeln stecken in einem einzigen Programmkern auf dem Server; der Browser erfährt nur, was er zeigen darf und welche
    Züge erlaubt sind. Verdeckte Karten und die Reihenfolge des Talons verlassen den Server nie. Jedes Spiel wird als
    Blatt und Liste deiner Züge gespeichert, sodass es sich jederzeit genau wiederherstellen lässt.
about-privacy = Keine Registrierung, keine Nachverfolgung, keine Werbung, und nichts wird von anderen Seiten geladen.
