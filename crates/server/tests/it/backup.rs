//! The backups docs/DEPLOY.md describes, done as an operator does them:
//! `sqlite3 .backup` of a running server's file, and `pg_dump` /
//! `pg_restore` of a PostgreSQL database; a server started on the copy
//! continues every game exactly.
//!
//! The tools come with Debian's `sqlite3` and `postgresql` (the test script
//! installs them): these tests belong to the full tier and fail without them.

use crate::common;

use std::process::Command;

use common::*;
use patience_server::Database;

/// The folder `name` is installed in.
fn tool(name: &str) -> &'static str {
    ["/usr/bin/", "/usr/local/bin/"]
        .into_iter()
        .find(|dir| std::path::Path::new(&format!("{dir}{name}")).exists())
        .unwrap_or_else(|| panic!("`{name}` is not installed (scripts/test.sh installs it)"))
}

fn run(program: &str, args: &[&str]) {
    let out = Command::new(program).args(args).output().unwrap_or_else(|e| panic!("{program}: {e}"));
    assert!(out.status.success(), "{program} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// Plays a few moves in two games; returns the player and the games' records.
async fn play_some(server: &patience_server::Server) -> (Player, Vec<(String, String)>) {
    let mut p = Player::new(server);
    let mut games = Vec::new();
    for (rules, deal) in [("harp", 3), ("pitchfork", 4)] {
        let (id, created) = p.create(rules, Some(deal)).await;
        let mut view = created.view().clone();
        for _ in 0..8 {
            let Some(mv) = moves(&view).first().cloned() else { break };
            view = p.play(&id, number(&view), &mv).await.view().clone();
        }
        games.push(id);
    }
    let mut records = Vec::new();
    for id in games {
        let record = p.record(&id).await.text;
        records.push((id, record));
    }
    (p, records)
}

/// A server on the restored copy has every game as it was, and plays on.
async fn check_restored(server: &patience_server::Server, p: &Player, records: &[(String, String)]) {
    let mut p = p.at(server);
    for (id, record) in records {
        assert_eq!(&p.record(id).await.text, record, "game {id} as it was backed up");
        let view = p.view(id).await.view().clone();
        if let Some(mv) = moves(&view).first() {
            assert_eq!(p.play(id, number(&view), mv).await.status, 200, "the restored game plays on");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the sqlite3 shell: the full tier runs it"]
async fn an_sqlite_backup_of_a_running_server_restores_every_game() {
    let dir = tool("sqlite3");
    let sqlite3 = format!("{dir}sqlite3");
    let folder = tempfile::tempdir().unwrap();
    let db = folder.path().join("patience.db");
    let server = start(&db).await;
    let (p, records) = play_some(&server).await;
    // Online, while the server runs (the latest moves are in the WAL).
    let copy = folder.path().join("backup.db");
    run(&sqlite3, &[&db.display().to_string(), &format!(".backup '{}'", copy.display())]);
    server.stop().await.unwrap();

    let restored = folder.path().join("restored").join("patience.db");
    std::fs::create_dir_all(restored.parent().unwrap()).unwrap();
    std::fs::copy(&copy, &restored).unwrap();
    let server = start(&restored).await;
    check_restored(&server, &p, &records).await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn a_pg_dump_restores_every_game_into_a_new_database() {
    let (dump_dir, restore_dir) = (tool("pg_dump"), tool("pg_restore"));
    let url = fresh_postgres_database();
    let server = start(&TestDb(Database::Postgres(url.clone()))).await;
    let (p, records) = play_some(&server).await;
    let folder = tempfile::tempdir().unwrap();
    let dump = folder.path().join("patience.dump");
    run(&format!("{dump_dir}pg_dump"), &["--format=custom", &format!("--file={}", dump.display()), &url]);
    server.stop().await.unwrap();

    let restored = fresh_postgres_database();
    run(
        &format!("{restore_dir}pg_restore"),
        &["--no-owner", &format!("--dbname={restored}"), &dump.display().to_string()],
    );
    assert_ne!(restored, url);
    let server = start(&TestDb(Database::Postgres(restored))).await;
    check_restored(&server, &p, &records).await;
    server.stop().await.unwrap();
}
