# The about page (about.html).

about-title = About · patience
about-heading = About
about-what =
    <strong>patience</strong> plays six solitaire games — Harp, Die Große Harfe, Solitaire Harmony, Klondike, Pitchfork and Lasker —
    and their variants, in the browser, from one program that serves the whole site.
about-how =
    The rules live in one engine on the server; the browser is only told what it may show and which moves are legal.
    Face-down cards and the order of the stock never leave the server. Every game is stored as its deal and the list of
    your moves, so it can always be rebuilt exactly.
about-privacy = No sign-up, no tracking, no adverts, and nothing is loaded from other sites.
