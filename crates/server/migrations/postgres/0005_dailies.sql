-- Daily deals: see migrations/sqlite/0007_dailies.sql.
ALTER TABLE games ADD COLUMN foundations INTEGER NOT NULL DEFAULT 0;

CREATE TABLE dailies (
    rules      TEXT   NOT NULL,
    day        TEXT   NOT NULL,
    deal       BIGINT NOT NULL,
    seed       TEXT   NOT NULL,
    salt       TEXT   NOT NULL,
    commitment TEXT   NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (rules, day)
);

CREATE TABLE daily_attempts (
    rules      TEXT   NOT NULL,
    day        TEXT   NOT NULL,
    player_id  BIGINT NOT NULL REFERENCES players (id),
    name       TEXT   NOT NULL,
    game_id    TEXT   NOT NULL UNIQUE REFERENCES games (id),
    ends_ms    BIGINT NOT NULL,
    PRIMARY KEY (rules, day, player_id),
    FOREIGN KEY (rules, day) REFERENCES dailies (rules, day)
);

CREATE INDEX daily_attempts_by_player ON daily_attempts (player_id, day);
