-- Cards on the foundations, beside the other summary columns of a game
-- (rewritten with each action): what a daily deal's board ranks by.
ALTER TABLE games ADD COLUMN foundations INTEGER NOT NULL DEFAULT 0;

-- The daily deal of a game's default rules on a UTC day (`2026-11-26`):
-- committed (like a duel's deal) before anyone plays it, its seed and salt
-- revealed once the day is over.
CREATE TABLE dailies (
    rules      TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    deal       INTEGER NOT NULL,
    seed       TEXT    NOT NULL,
    salt       TEXT    NOT NULL,
    commitment TEXT    NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (rules, day)
);

-- A player's one counted attempt at a daily deal: its game, created in the
-- same transaction. `ends_ms` is the day's end, until which the deal stays
-- secret (a game list reads it without a join on dailies).
CREATE TABLE daily_attempts (
    rules      TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    name       TEXT    NOT NULL,
    game_id    TEXT    NOT NULL UNIQUE REFERENCES games (id),
    ends_ms    INTEGER NOT NULL,
    PRIMARY KEY (rules, day, player_id),
    FOREIGN KEY (rules, day) REFERENCES dailies (rules, day)
);

CREATE INDEX daily_attempts_by_player ON daily_attempts (player_id, day);
