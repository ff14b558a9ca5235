-- A finished game's analysis (see src/services/analyses.rs), computed once:
-- the verdict after each of its first `action_count` actions, where it was
-- lost and a winning line from there, as JSON.
CREATE TABLE analyses (
    game_id      TEXT    PRIMARY KEY REFERENCES games (id),
    action_count INTEGER NOT NULL,
    result       TEXT    NOT NULL,
    created_ms   INTEGER NOT NULL
);
