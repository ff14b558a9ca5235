-- Accounts and sessions: see migrations/sqlite/0005_accounts.sql.
CREATE TABLE sessions (
    token_hash   BYTEA  PRIMARY KEY,
    player_id    BIGINT NOT NULL REFERENCES players (id),
    created_ms   BIGINT NOT NULL,
    last_seen_ms BIGINT NOT NULL
);

CREATE INDEX sessions_by_player ON sessions (player_id);

INSERT INTO sessions (token_hash, player_id, created_ms, last_seen_ms)
SELECT token_hash, id, created_ms, created_ms FROM players;

CREATE TABLE accounts (
    player_id     BIGINT PRIMARY KEY REFERENCES players (id),
    name          TEXT   NOT NULL,
    name_key      TEXT   NOT NULL UNIQUE,
    password_hash TEXT   NOT NULL,
    created_ms    BIGINT NOT NULL
);

CREATE TABLE sign_in_failures (
    key        TEXT   PRIMARY KEY,
    failures   INTEGER NOT NULL,
    blocked_ms BIGINT NOT NULL
);
