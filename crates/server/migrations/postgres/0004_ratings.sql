-- Ratings: see migrations/sqlite/0006_ratings.sql.
ALTER TABLE duels ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE ratings (
    player_id  BIGINT           NOT NULL REFERENCES players (id),
    game       TEXT             NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    duels      INTEGER          NOT NULL,
    updated_ms BIGINT           NOT NULL,
    PRIMARY KEY (player_id, game)
);

CREATE TABLE rating_changes (
    duel_id    TEXT             NOT NULL REFERENCES duels (id),
    player_id  BIGINT           NOT NULL REFERENCES players (id),
    game       TEXT             NOT NULL,
    before     DOUBLE PRECISION NOT NULL,
    after      DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    at_ms      BIGINT           NOT NULL,
    PRIMARY KEY (duel_id, player_id)
);

CREATE INDEX rating_changes_by_player ON rating_changes (player_id, game, at_ms);
