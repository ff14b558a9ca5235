-- Whether the game's player was shown a winning line (the action `line` in
-- its log): a win is then a win with help, counted apart in the statistics.
-- A summary column like the others, rewritten with each appended action.
ALTER TABLE games ADD COLUMN helped BOOLEAN NOT NULL DEFAULT FALSE;
