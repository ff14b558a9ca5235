-- One seat of a duel per client address. A participant's address is kept
-- only as the SHA-256 of the duel's address key followed by the address
-- (text); the key is random per duel and never leaves the server, so the
-- hashes cannot be turned back into addresses even once the duel's seed
-- and salt are revealed. Rows from before this migration have neither.
ALTER TABLE duels ADD COLUMN address_key TEXT;
ALTER TABLE duel_participants ADD COLUMN address_hash BLOB;
