-- Analyses under way (see src/store/analyses.rs): one row per game being
-- analysed, and at most one per player, so that every server sees them. A
-- row whose heartbeat is old belongs to a server that died: the next claim
-- removes it.
CREATE TABLE analysis_runs (
    game_id      TEXT    PRIMARY KEY REFERENCES games (id),
    player_id    INTEGER NOT NULL UNIQUE,
    solves       INTEGER NOT NULL,
    heartbeat_ms INTEGER NOT NULL
);
