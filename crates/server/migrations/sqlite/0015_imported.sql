-- Whether the game was imported from a record rather than played here: an
-- imported game can be watched and analysed like any other, but a record
-- can be written by anyone (or by the solver), so it counts in no
-- statistics, profile or grade. Set when the game is created, never changed.
ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
