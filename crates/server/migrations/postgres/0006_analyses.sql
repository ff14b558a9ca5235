-- Analyses: see migrations/sqlite/0008_analyses.sql.
CREATE TABLE analyses (
    game_id      TEXT    PRIMARY KEY REFERENCES games (id),
    action_count INTEGER NOT NULL,
    result       TEXT    NOT NULL,
    created_ms   BIGINT  NOT NULL
);
