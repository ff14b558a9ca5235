-- Analyses under way: see migrations/sqlite/0009_analysis_runs.sql.
CREATE TABLE analysis_runs (
    game_id      TEXT    PRIMARY KEY REFERENCES games (id),
    player_id    BIGINT  NOT NULL UNIQUE,
    solves       INTEGER NOT NULL,
    heartbeat_ms BIGINT  NOT NULL
);
