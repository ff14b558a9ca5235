-- Players are known only by a hash of the random token in their cookie.
CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    token_hash BLOB    NOT NULL UNIQUE,
    created_ms INTEGER NOT NULL
);

-- A game's start. The columns after created_ms are a summary derived from the
-- log (rewritten in the same transaction as each appended action), kept so
-- that lists and statistics need no replay.
CREATE TABLE games (
    id           TEXT    PRIMARY KEY,
    player_id    INTEGER NOT NULL REFERENCES players (id),
    rules        TEXT    NOT NULL,
    -- The deal number's 64 bits, stored as SQLite's signed integer.
    deal         INTEGER NOT NULL,
    created_ms   INTEGER NOT NULL,
    action_count INTEGER NOT NULL,
    moves_made   INTEGER NOT NULL,
    outcome      TEXT    NOT NULL,
    score        INTEGER NOT NULL,
    updated_ms   INTEGER NOT NULL
);

CREATE INDEX games_by_player ON games (player_id, created_ms);

-- The move log, the source of truth: action `number` (from 0) of a game, as
-- a move in notation or undo / restart / quit, with the server's time in
-- milliseconds since the game was created.
CREATE TABLE actions (
    game_id TEXT    NOT NULL REFERENCES games (id),
    number  INTEGER NOT NULL,
    action  TEXT    NOT NULL,
    at_ms   INTEGER NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;
