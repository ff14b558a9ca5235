# The words of account.js: signing in and out, making, changing and
# deleting an account. $name: the account's name.

accountjs-not-loaded = The account cannot be loaded.
accountjs-title-yours = Your account
accountjs-title-sign-in = Sign in
# $games: the games started on this device (a move made or not), not yet in
# an account; the statistics count as played only those with a move.
accountjs-add-games = Add the { $games ->
    [one] 1 game
   *[other] { $games } games
} started on this device to the account
accountjs-failed = That did not work.
accountjs-signed-in = Signed in as { $name }.
accountjs-games-added = { $count ->
    [one] 1 game was added.
   *[other] { $count } games were added.
}
accountjs-made = Your account { $name } is made, and you are signed in.
accountjs-signed-out = You are signed out.
accountjs-signed-out-everywhere = You are signed out on every device.
accountjs-password-changed = The password is changed; every other device is signed out.
accountjs-delete-question = Delete the account for good? Its name becomes free, it is signed out everywhere, and its games are no longer reachable.
accountjs-delete-yes = Delete the account
accountjs-deleted = The account is deleted.
