-- Whether the player asked for a winnable deal and was dealt one: the
-- player then knows the deal can be won, and the hint at its opening never
-- offers to give up. Set when the game is created, never changed.
ALTER TABLE games ADD COLUMN dealt_as_winnable BOOLEAN NOT NULL DEFAULT FALSE;
