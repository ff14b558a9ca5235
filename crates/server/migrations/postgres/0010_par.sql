-- The deal's par (the most cards it can bring up), once the solver found it
-- exactly for this game: a game not won that reached it counts as such in
-- the statistics (Lasker's default rules, whose deals are never won).
ALTER TABLE games ADD COLUMN par INTEGER;
