-- Accounts and sessions: see migrations/sqlite/0005_accounts.sql.
CREATE TABLE sessions (
    token_hash   BYTEA  PRIMARY KEY,
    player_id    BIGINT NOT NULL REFERENCES players (id),
    created_ms   BIGINT NOT NULL,
    last_seen_ms BIGINT NOT NULL
);

CREATE INDEX sessions_by_player ON sessions (player_id);

INSERT INTO sessions (token_hash, player_id, created_ms, last_seen_ms)
SELECT token_hash, id, created_ms, created_ms FROM players;

CREATE TABLE accounts (
    player_id     BIGINT PRIMARY KEY REFERENCES players (id),
    name          TEXT   NOT NULL,
    name_key      TEXT   NOT NULL UNIQUE,
    password_hash TEXT   NOT NULL,
    created_ms    BIGINT NOT NULL
);

CREATE TABLE sign_in_failures (
    key        TEXT   PRIMARY KEY,
    failures   INTEGER NOT NULL,
    blocked_ms BIGINT NOT NULL
);

CREATE INDEX sign_in_failures_by_time ON sign_in_failures (blocked_ms);
CREATE INDEX duel_participants_by_player ON duel_participants (player_id);
CREATE INDEX duels_by_creator ON duels (creator_id);

-- While instances of the version before accounts still run beside new
-- ones (a rolling upgrade), the players they create get their session
-- too, so that the new instances know them. A later migration drops this.
CREATE FUNCTION players_first_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO sessions (token_hash, player_id, created_ms, last_seen_ms)
    VALUES (NEW.token_hash, NEW.id, NEW.created_ms, NEW.created_ms)
    ON CONFLICT (token_hash) DO NOTHING;
    RETURN NEW;
END;
$$;

CREATE TRIGGER players_first_session AFTER INSERT ON players
    FOR EACH ROW EXECUTE FUNCTION players_first_session();
