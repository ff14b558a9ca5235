-- The library of winnable deals: every deal number looked at for a game or
-- variant, in order from 1, with the solver's verdict (won, lost, unknown
-- within its budget); a won deal keeps its solution (moves in the notation,
-- separated by spaces) and its grade (easy, medium, hard) from the honest
-- player's wins in its runs. Seeded at start from the pool embedded in the
-- server, grown by its background worker.
CREATE TABLE library (
    rules    TEXT    NOT NULL,
    deal     INTEGER NOT NULL,
    verdict  TEXT    NOT NULL,
    grade    TEXT,
    wins     INTEGER NOT NULL,
    runs     INTEGER NOT NULL,
    solution TEXT    NOT NULL,
    PRIMARY KEY (rules, deal)
);

CREATE INDEX library_by_grade ON library (rules, grade);
