# Die Worte von votes.js: die Stimmen der Spieler für ein Spiel und fünf
# Sterne für die eigene. $name: der Name des Spiels.

votes-none = Noch keine Stimmen
# $average: der Durchschnitt mit einer Nachkommastelle; $votes: wie viele Stimmen.
votes-average = ★ { $average } / 5 aus { $votes ->
    [one] 1 Stimme
   *[other] { $votes } Stimmen
}
# $votes: die Stimmen, wie votes-average sie nennt.
votes-thanks = Danke. { $votes }.
votes-failed = Die Stimme konnte nicht gespeichert werden. Versuch es gleich noch einmal.
# Die Schaltfläche eines Sterns: die Stimme, die er gibt.
votes-stars = { $stars ->
    [one] 1 Stern
   *[other] { $stars } Sterne
}
votes-yours = Deine Bewertung von { $name }
votes-rate = { $name } bewerten:
