# The words of duel.js: starting a duel, the lobby of quick match, a duel's
# standings and the check that its deal was fair. $name: a game's name.

dueljs-title = Duels
dueljs-document-title = Duels · patience
# $status: the HTTP status of a refusal without words of its own.
dueljs-server-answered = The server answered { $status }.
# A player waiting in quick match: the game, rated or not.
dueljs-lobby-game = { $rated ->
    [yes] Rated { $name }
   *[no] { $name }
}
dueljs-casual = casual
dueljs-waiting-secs = { $secs } s
dueljs-waiting-min = { $minutes } min
dueljs-nobody-waiting = Nobody is waiting.
# The fairness check. $number: the seed's first 13 hex digits as a number;
# $deal: the deal's number.
dueljs-server-checked = The server checked: SHA-256(seed ‖ salt) equals the commitment.
dueljs-server-mismatch = SHA-256(seed ‖ salt) does NOT equal the commitment!
dueljs-browser-checked = Checked in your browser: SHA-256(seed ‖ salt) equals the commitment ✓.
dueljs-browser-mismatch = SHA-256(seed ‖ salt) does NOT equal the commitment ✗
dueljs-deal-follows = The deal follows from the seed: { $number } + 1 = { $deal } ✓.
dueljs-deal-does-not-follow = The deal does NOT follow from the seed ✗
dueljs-proven-by-server = The cards were fixed before anyone played, and everyone got the same ones: deal { $deal }, which follows from the fingerprint published when the duel was created (checked by the server).
dueljs-proven-by-browser = The cards were fixed before anyone played, and everyone got the same ones: deal { $deal }, which follows from the fingerprint published when the duel was created (checked by your browser).
dueljs-proof-failed = The check FAILED: the revealed deal does not match the fingerprint published when the duel was created.
# A participant's state: not started, or $state (an outcome) once they
# finished a game that is not over for good.
dueljs-not-started = not started
dueljs-time-up = time up
dueljs-finished = finished: { $state }
dueljs-title-duel = { $rated ->
    [yes] Rated { $name } duel
   *[no] { $name } duel
}
# $count of $most players have joined.
dueljs-joined = { $count } of { $most } players
# $when: a date and time.
dueljs-closed-at = closed { $when }
dueljs-closed = closed
dueljs-open-until-latest = open until everyone has finished, at the latest { $when }
dueljs-open = open until everyone has finished
dueljs-link-to-share = Link to share:
dueljs-link-to-duel = Link to this duel:
dueljs-play-with-clock = Play your game (your clock starts)
dueljs-play = Play your game
dueljs-see-game = See your game
dueljs-go-to-game = Go to your game
# The standings' column: harmony is ranked by score, the others by cards
# on the foundations.
dueljs-score = Score
dueljs-foundations = Foundations
dueljs-profile-of = { $name }'s profile
dueljs-you = (you)
dueljs-replay = Replay
dueljs-go-to-rematch = Go to the rematch
dueljs-copied = Copied
dueljs-select-to-copy = Select the link to copy it
dueljs-close-question = Close the duel now? Nobody can join or start a game after this.
dueljs-close-yes = Close the duel
