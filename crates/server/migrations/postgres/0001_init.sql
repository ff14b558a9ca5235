-- The PostgreSQL schema: the same tables as SQLite's migrations 0001-0003
-- (see migrations/sqlite/ for what each column means), in PostgreSQL's
-- types. `seq` columns give rows the order SQLite's rowid gives them.

CREATE TABLE players (
    id         BIGSERIAL PRIMARY KEY,
    token_hash BYTEA     NOT NULL UNIQUE,
    created_ms BIGINT    NOT NULL
);

CREATE TABLE games (
    id           TEXT      PRIMARY KEY,
    seq          BIGSERIAL NOT NULL,
    player_id    BIGINT    NOT NULL REFERENCES players (id),
    rules        TEXT      NOT NULL,
    -- The deal number's 64 bits, as a signed integer.
    deal         BIGINT    NOT NULL,
    created_ms   BIGINT    NOT NULL,
    action_count INTEGER   NOT NULL,
    moves_made   INTEGER   NOT NULL,
    outcome      TEXT      NOT NULL,
    score        BIGINT    NOT NULL,
    updated_ms   BIGINT    NOT NULL
-- Room on each page, so that the summary rewritten with every action is
-- updated in place (a heap-only update, no index touched).
) WITH (fillfactor = 50);

CREATE INDEX games_by_player ON games (player_id, created_ms);

CREATE TABLE actions (
    game_id TEXT    NOT NULL REFERENCES games (id),
    number  INTEGER NOT NULL,
    action  TEXT    NOT NULL,
    at_ms   BIGINT  NOT NULL,
    PRIMARY KEY (game_id, number)
);

CREATE TABLE duels (
    id               TEXT    PRIMARY KEY,
    seq              BIGSERIAL NOT NULL,
    rules            TEXT    NOT NULL,
    created_ms       BIGINT  NOT NULL,
    closes_ms        BIGINT,
    max_participants INTEGER NOT NULL,
    status           TEXT    NOT NULL,
    closed_ms        BIGINT,
    commitment       TEXT    NOT NULL,
    salt             TEXT    NOT NULL,
    seed             TEXT    NOT NULL,
    deal             BIGINT  NOT NULL,
    creator_id       BIGINT  NOT NULL REFERENCES players (id),
    quick            BOOLEAN NOT NULL DEFAULT FALSE,
    rematch_id       TEXT,
    address_key      TEXT
);

CREATE INDEX duels_open ON duels (status, quick, rules);

CREATE TABLE duel_participants (
    duel_id           TEXT      NOT NULL REFERENCES duels (id),
    player_id         BIGINT    NOT NULL REFERENCES players (id),
    seq               BIGSERIAL NOT NULL,
    name              TEXT      NOT NULL,
    game_id           TEXT      REFERENCES games (id),
    joined_ms         BIGINT    NOT NULL,
    final_score       BIGINT,
    final_foundations INTEGER,
    final_outcome     TEXT,
    finished_ms       BIGINT,
    address_hash      BYTEA,
    PRIMARY KEY (duel_id, player_id)
);

CREATE INDEX duel_participants_by_game ON duel_participants (game_id);
