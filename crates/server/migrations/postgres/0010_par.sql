-- The deal's par (the most cards it can bring up), once the solver found it
-- exactly for this game: a game not won that reached it counts as such in
-- the statistics (Lasker's default rules, whose deals are never won).
ALTER TABLE games ADD COLUMN par INTEGER;

-- Players' results on one deal, which grade the library's deals once enough
-- players have finished them (see src/store/library.rs).
CREATE INDEX games_by_deal ON games (rules, deal);
