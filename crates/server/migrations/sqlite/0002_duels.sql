-- Duels: every participant plays their own game of the same deal.
--
-- The deal comes from `seed` (hex): the deal number is the seed's first four
-- bytes read as a big-endian number, plus one. `commitment` is the hex
-- SHA-256 of the seed's bytes followed by the salt's bytes, published when
-- the duel is created; `seed` and `salt` are sent to nobody before the duel
-- is closed.
CREATE TABLE duels (
    id               TEXT    PRIMARY KEY,
    rules            TEXT    NOT NULL,
    created_ms       INTEGER NOT NULL,
    -- The optional closing time (Unix ms): the duel closes then even if
    -- some participants have not finished.
    closes_ms        INTEGER,
    max_participants INTEGER NOT NULL,
    -- `open` or `closed`.
    status           TEXT    NOT NULL,
    closed_ms        INTEGER,
    commitment       TEXT    NOT NULL,
    salt             TEXT    NOT NULL,
    seed             TEXT    NOT NULL,
    -- Derived from the seed (kept so nobody has to recompute it).
    deal             INTEGER NOT NULL,
    creator_id       INTEGER NOT NULL REFERENCES players (id),
    -- 1 when opened by "play a duel" (quick match): others may be paired into it.
    quick            INTEGER NOT NULL DEFAULT 0,
    -- The duel a rematch of this one started, once someone asked for it.
    rematch_id       TEXT
);

CREATE INDEX duels_open ON duels (status, quick, rules);

-- A participant: a player (known by their token's hash, through players)
-- with a display name and, once they have opened it, their game. The final_
-- columns are the participant's result, frozen when the duel closes.
CREATE TABLE duel_participants (
    duel_id           TEXT    NOT NULL REFERENCES duels (id),
    player_id         INTEGER NOT NULL REFERENCES players (id),
    name              TEXT    NOT NULL,
    game_id           TEXT    REFERENCES games (id),
    joined_ms         INTEGER NOT NULL,
    final_score       INTEGER,
    final_foundations INTEGER,
    final_outcome     TEXT,
    finished_ms       INTEGER,
    PRIMARY KEY (duel_id, player_id)
);

CREATE INDEX duel_participants_by_game ON duel_participants (game_id);
