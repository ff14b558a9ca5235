//! The SQLite schema's migrations (`migrations/sqlite/`), embedded in the
//! binary and applied at start, each in a transaction of its own.
//!
//! The versions applied are kept where sqlx's migrator kept them before the
//! SQLite store moved to rusqlite alone: the table `_sqlx_migrations`, with
//! the same columns and the same checksum (SHA-384 of the file's text), so
//! a database made by an earlier version goes on where it was, and a file
//! changed after it was applied is refused rather than run twice.

use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha384};

/// One migration file.
pub(super) struct Migration {
    pub version: i64,
    /// The file name's words after the number, as sqlx wrote them.
    pub description: &'static str,
    pub sql: &'static str,
}

/// Every migration, in order. A new file in `migrations/sqlite/` goes here
/// too (a test checks the folder and this list agree).
pub(super) const MIGRATIONS: &[Migration] = &[
    Migration { version: 1, description: "init", sql: include_str!("../../../migrations/sqlite/0001_init.sql") },
    Migration { version: 2, description: "duels", sql: include_str!("../../../migrations/sqlite/0002_duels.sql") },
    Migration {
        version: 3,
        description: "seat addresses",
        sql: include_str!("../../../migrations/sqlite/0003_seat_addresses.sql"),
    },
    Migration { version: 4, description: "library", sql: include_str!("../../../migrations/sqlite/0004_library.sql") },
    Migration {
        version: 5,
        description: "accounts",
        sql: include_str!("../../../migrations/sqlite/0005_accounts.sql"),
    },
    Migration { version: 6, description: "ratings", sql: include_str!("../../../migrations/sqlite/0006_ratings.sql") },
    Migration { version: 7, description: "dailies", sql: include_str!("../../../migrations/sqlite/0007_dailies.sql") },
    Migration {
        version: 8,
        description: "analyses",
        sql: include_str!("../../../migrations/sqlite/0008_analyses.sql"),
    },
    Migration {
        version: 9,
        description: "analysis runs",
        sql: include_str!("../../../migrations/sqlite/0009_analysis_runs.sql"),
    },
    Migration { version: 10, description: "helped", sql: include_str!("../../../migrations/sqlite/0010_helped.sql") },
    Migration { version: 11, description: "votes", sql: include_str!("../../../migrations/sqlite/0011_votes.sql") },
    Migration { version: 12, description: "par", sql: include_str!("../../../migrations/sqlite/0012_par.sql") },
    Migration {
        version: 13,
        description: "account settings",
        sql: include_str!("../../../migrations/sqlite/0013_account_settings.sql"),
    },
    Migration {
        version: 14,
        description: "dealt as winnable",
        sql: include_str!("../../../migrations/sqlite/0014_dealt_as_winnable.sql"),
    },
    Migration {
        version: 15,
        description: "imported",
        sql: include_str!("../../../migrations/sqlite/0015_imported.sql"),
    },
];

/// Brings the database up to the last migration. The error says which
/// migration and why.
pub(super) fn run(conn: &mut Connection) -> Result<(), String> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS _sqlx_migrations (
            version BIGINT PRIMARY KEY,
            description TEXT NOT NULL,
            installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
            success BOOLEAN NOT NULL,
            checksum BLOB NOT NULL,
            execution_time BIGINT NOT NULL
        )",
    )
    .map_err(|e| format!("cannot keep the list of migrations: {e}"))?;
    let known = MIGRATIONS.iter().map(|m| m.version).max().unwrap_or(0);
    let newest: Option<i64> = conn
        .query_row("SELECT MAX(version) FROM _sqlx_migrations", [], |row| row.get(0))
        .map_err(|e| format!("cannot read the list of migrations: {e}"))?;
    if let Some(newest) = newest.filter(|&v| v > known) {
        return Err(format!(
            "the database has migration {newest}, which this version does not know (the newest here is {known}): \
             it was last run by a newer version"
        ));
    }
    for migration in MIGRATIONS {
        apply(conn, migration)?;
    }
    Ok(())
}

/// Applies `migration` unless it was applied, checking that the one applied
/// is the same file.
fn apply(conn: &mut Connection, migration: &Migration) -> Result<(), String> {
    let Migration { version, description, sql } = *migration;
    let checksum = Sha384::digest(sql.as_bytes()).to_vec();
    let failed = |e: rusqlite::Error| format!("migration {version} ({description}) failed: {e}");
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(failed)?;
    let applied: Option<(bool, Vec<u8>)> = tx
        .query_row("SELECT success, checksum FROM _sqlx_migrations WHERE version = ?", [version], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()
        .map_err(failed)?;
    match applied {
        Some((true, stored)) if stored == checksum => return Ok(()),
        Some((true, _)) => {
            return Err(format!(
                "migration {version} ({description}) was applied from a different file than this version's"
            ))
        }
        Some((false, _)) => {
            return Err(format!("migration {version} ({description}) failed part way once; restore a backup"))
        }
        None => {}
    }
    let started = std::time::Instant::now();
    tx.execute_batch(sql).map_err(failed)?;
    tx.execute(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (?, ?, TRUE, ?, ?)",
        params![version, description, checksum, started.elapsed().as_nanos() as i64],
    )
    .map_err(failed)?;
    tx.commit().map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file of `migrations/sqlite/` is in the list, in order, with
    /// the number and words of its name.
    #[test]
    fn the_list_is_the_folder() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite");
        let mut files: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        files.sort();
        assert_eq!(files.len(), MIGRATIONS.len());
        for (file, migration) in files.iter().zip(MIGRATIONS) {
            let (number, words) = file.trim_end_matches(".sql").split_once('_').unwrap();
            assert_eq!(number.parse::<i64>().unwrap(), migration.version, "{file}");
            assert_eq!(words.replace('_', " "), migration.description, "{file}");
            assert_eq!(std::fs::read_to_string(format!("{dir}/{file}")).unwrap(), migration.sql, "{file}");
        }
    }

    #[test]
    fn migrating_twice_changes_nothing_and_a_changed_file_is_refused() {
        let mut conn = Connection::open_in_memory().unwrap();
        run(&mut conn).unwrap();
        run(&mut conn).unwrap();
        let count: i64 = conn.query_row("SELECT COUNT(*) FROM _sqlx_migrations", [], |r| r.get(0)).unwrap();
        assert_eq!(count, MIGRATIONS.len() as i64);

        conn.execute("UPDATE _sqlx_migrations SET checksum = x'00' WHERE version = 2", []).unwrap();
        let e = run(&mut conn).unwrap_err();
        assert!(e.contains("migration 2 (duels) was applied from a different file"), "{e}");

        conn.execute("INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) VALUES (99, 'x', TRUE, x'00', 0)", []).unwrap();
        let e = run(&mut conn).unwrap_err();
        assert!(e.contains("migration 99") && e.contains("newer version"), "{e}");
    }
}
