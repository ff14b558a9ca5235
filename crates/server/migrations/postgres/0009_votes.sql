-- Players' votes (see src/store/votes.rs): stars from 1 to 5 for a game
-- (its id, such as `harp`), one vote a player and game, changed by voting
-- again.
CREATE TABLE votes (
    player_id  BIGINT   NOT NULL REFERENCES players (id),
    game       TEXT     NOT NULL,
    stars      SMALLINT NOT NULL CHECK (stars BETWEEN 1 AND 5),
    updated_ms BIGINT   NOT NULL,
    PRIMARY KEY (player_id, game)
);
