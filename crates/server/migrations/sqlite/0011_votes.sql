-- Players' votes (see src/store/votes.rs): stars from 1 to 5 for a game
-- (its id, such as `harp`), one vote a player and game, changed by voting
-- again.
CREATE TABLE votes (
    player_id  INTEGER NOT NULL REFERENCES players (id),
    game       TEXT    NOT NULL,
    stars      INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, game)
);
