-- The library of winnable deals: see migrations/sqlite/0004_library.sql.
CREATE TABLE library (
    rules    TEXT    NOT NULL,
    deal     BIGINT  NOT NULL,
    verdict  TEXT    NOT NULL,
    grade    TEXT,
    wins     INTEGER NOT NULL,
    runs     INTEGER NOT NULL,
    solution TEXT    NOT NULL,
    PRIMARY KEY (rules, deal)
);

CREATE INDEX library_by_grade ON library (rules, grade);
