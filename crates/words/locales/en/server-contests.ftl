# Duels and daily deals: what a contest refuses, and why.

## Duels.

duel-full = The duel is full ({ $most } participants).
duel-no-such = no such duel
duel-closed = the duel is closed
duel-closed-no-moves = the duel is closed: no more moves
duel-address-taken = someone from your address has a seat in this duel already: one seat per address
duel-joined-already = you have joined this duel already
duel-no-seat = you have no seat in this duel
duel-game-started = your game of this duel has been started already
duel-rematch-exists = the rematch exists already
duel-name-length = a display name has { $least } to { $most } characters
duel-name-character = a display name may hold letters, digits, spaces, `-`, `_` and `.`, not `{ $character }`
duel-name-double-space = a display name has no double spaces
# $name: the rules' name.
duel-rated-variant = only a game's default rules are rated; { $name } is a variant
duel-rated-accounts = a rated duel is between accounts: sign in or create an account first
duel-participants = a duel has { $least } to { $most } participants
duel-closes-in = closes_in_secs must be from { $least } to { $most } (30 days)
duel-join-first = join the duel first
duel-no-participant = no such participant
duel-not-played = this participant has not played
duel-replays-after-close = the other participants' replays are visible once the duel is closed
duel-rematch-participants = only a participant can ask for a rematch
duel-rematch-after-close = a rematch can start once the duel is closed
duel-close-creator = only the duel's creator can close it early
# $playing: yes (the game is started) or no.
duel-close-waiting = { $name } { $playing ->
    [yes] is still playing
   *[no] has not played yet
}; the duel can be closed early once everyone who joined has finished
streams-full = too many live duel streams are open on the server; reload the page in a moment
streams-yours = you have { $count } live duel streams open already; close a duel page first
streams-address = { $count } live duel streams are open from your address already; close a duel page first

## Daily deals. $day: written 2026-11-26.

daily-no-such-game = no daily deal of `{ $game }`: each game's default rules have one ({ $games })
daily-over = The daily deal of { $day } is over: no more moves. Its deal, par and every attempt are shown on its page now.
daily-no-restart = There is no restart in the daily deal: its one attempt counts.
daily-not-out = the daily deal of { $day } is not out yet
daily-never-dealt = nobody asked for the daily deal of { $name } on { $day }: it was never dealt
daily-name-needed = give a name for the board (or sign in: your account's name is used)
daily-played-already = you have played this daily deal already: one attempt a day

## Help a contest's games go without. $help: hints, finish or line.

help-off-in-duels = { $help ->
    [hints] Hints are
    [finish] Finish is
   *[line] A winning line is
} off in duel games: every participant plays alone.
help-off-in-daily = { $help ->
    [hints] Hints are
    [finish] Finish is
   *[line] A winning line is
} off in the daily deal: everyone plays it alone, once.
