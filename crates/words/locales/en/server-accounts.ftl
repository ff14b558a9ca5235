# Accounts: names, passwords, signing in, settings kept with an account.

name-length = a name has { $least } to { $most } characters
name-characters = a name is made of letters a to z (either case), digits, - and _
name-reserved = that name is reserved
name-taken = that name is taken
password-too-short = a password has at least { $least } characters
password-too-long = a password has at most { $most } characters
account-signed-in-already = you are signed in as { $name } already
account-name-taken = the name { $name } is taken
account-wrong-name-or-password = that name and password do not match an account
account-not-signed-in = you are not signed in
account-current-password-wrong = the current password is wrong
account-password-wrong = that password is wrong
# $wait: a duration.
sign-in-throttled = too many failed sign-ins: try again in { $wait }
settings-sign-in = Sign in to keep your settings in an account; this browser keeps them already.
