-- Accounts and sessions.
--
-- A request is known by its session: the hash of the random token in its
-- cookie, bound to one player. An anonymous player has the one session of
-- the browser that created it; a player with an account may have one on
-- each device it signed in on, and loses them all when it signs out
-- everywhere or changes its password. Every token a player had so far
-- becomes its first session. `players.token_hash` stays as the token the
-- player was created with and decides nothing from here on.
CREATE TABLE sessions (
    token_hash   BLOB    PRIMARY KEY,
    player_id    INTEGER NOT NULL REFERENCES players (id),
    created_ms   INTEGER NOT NULL,
    last_seen_ms INTEGER NOT NULL
);

CREATE INDEX sessions_by_player ON sessions (player_id);

INSERT INTO sessions (token_hash, player_id, created_ms, last_seen_ms)
SELECT token_hash, id, created_ms, created_ms FROM players;

-- A player that claimed a name. `name_key` is the name in lower case, so
-- that no two names differ only by case; `password_hash` is an argon2id
-- hash in the PHC string format (algorithm, parameters, salt and hash).
CREATE TABLE accounts (
    player_id     INTEGER PRIMARY KEY REFERENCES players (id),
    name          TEXT    NOT NULL,
    name_key      TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    created_ms    INTEGER NOT NULL
);

-- Failed sign-ins, counted per name (`name:` and the name's key) and per
-- address (`address:` and the address), with the time before which the
-- next attempt is refused. A success clears both.
CREATE TABLE sign_in_failures (
    key         TEXT    PRIMARY KEY,
    failures    INTEGER NOT NULL,
    blocked_ms  INTEGER NOT NULL
);

-- Old counts are forgotten by their time.
CREATE INDEX sign_in_failures_by_time ON sign_in_failures (blocked_ms);

-- A history added to an account moves a player's seats and the duels it
-- created; a profile lists a player's duels.
CREATE INDEX duel_participants_by_player ON duel_participants (player_id);
CREATE INDEX duels_by_creator ON duels (creator_id);
