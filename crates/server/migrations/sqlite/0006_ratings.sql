-- Ratings (see src/ratings.rs): a rated duel is one between accounts,
-- chosen when it is created; when it closes, every participant's rating in
-- the duel's game changes, in the transaction that closes it.
ALTER TABLE duels ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

-- A player's rating in a game (the game's id: `harmony`, not a variant),
-- with the number of rated duels behind it and when it last changed.
CREATE TABLE ratings (
    player_id  INTEGER NOT NULL REFERENCES players (id),
    game       TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    duels      INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, game)
);

-- What each rated duel did to each participant's rating: the standings'
-- changes and a profile's history.
CREATE TABLE rating_changes (
    duel_id    TEXT    NOT NULL REFERENCES duels (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    game       TEXT    NOT NULL,
    before     REAL    NOT NULL,
    after      REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    at_ms      INTEGER NOT NULL,
    PRIMARY KEY (duel_id, player_id)
);

CREATE INDEX rating_changes_by_player ON rating_changes (player_id, game, at_ms);
