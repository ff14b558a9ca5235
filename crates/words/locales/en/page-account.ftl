# The account page (account.html): signing in and up, and the account's settings.

account-title = Account · patience
account-heading = Account
account-why =
    You can play without an account. An account keeps your games and statistics under a name, so
    that you find them on every device you sign in on. It asks for a name and a password, nothing else.
account-sign-in = Sign in
account-name = Name
account-password = Password
account-add-games = Add the games started on this device to the account
account-add-games-note = Games not added can no longer be opened once you sign in.
account-sign-up = Create an account
account-sign-up-keeps = The games started on this device so far become the account's.
account-name-rule = A name has 3 to 20 letters a to z, digits, - and _.
account-password-rule = A password has 8 to 128 characters.
account-create = Create the account
account-signed-in-as = Signed in as
account-your-profile = (your public profile).
account-sign-out = Sign out
account-sign-out-everywhere = Sign out on every device
account-change-password = Change the password
account-others-signed-out = Every other device is signed out.
account-current-password = Current password
account-new-password = New password
account-delete = Delete the account
account-delete-words =
    The name becomes free for anyone, and every device is signed out. The games stay on the
    server under no name, and nobody can open them again.
