//! The SQLite store's tests: through [`SqliteStore`], the writer, the
//! checkpoints and the reads together.

use super::*;
use patience_core::game::Action;
use patience_core::game::Outcome;
use patience_core::Move;

fn summary(count: usize) -> Summary {
    Summary {
        action_count: count,
        moves_made: count,
        outcome: Outcome::Playing,
        score: 0,
        foundations: 0,
        helped: false,
        updated_ms: 1,
    }
}

fn gid(n: usize) -> GameId {
    GameId::parse(&format!("{n:024x}")).unwrap()
}

/// A database made while sqlx's migrator ran the SQLite migrations
/// (`tests/fixtures/made-by-sqlx.sql`, dumped from one with a player
/// and a Harmony game) opens without migrating again, and its game
/// loads and plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_migrated_by_sqlx_goes_on_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    Connection::open(&path).unwrap().execute_batch(include_str!("../../../tests/fixtures/made-by-sqlx.sql")).unwrap();
    let store = SqliteStore::open(&path, Durability::Full).await.unwrap();
    let id = GameId::parse("3f34924dd47edba562424a9f").unwrap();
    let game = store.load_game(&id).await.unwrap().expect("the old game is there");
    assert_eq!((game.rules.id, game.deal, game.entries.len()), ("harmony", 7, 0));
    let entry = Entry { action: Action::Play(Move::Draw), at_ms: 5 };
    store.append(&id, 0, &entry, &summary(1)).await.unwrap();
    assert_eq!(store.actions_since(&id, 0).await.unwrap(), vec![entry]);
    // The player's token became its session (migration 5, accounts).
    let token: [u8; 32] = (0..32)
        .map(|i| {
            u8::from_str_radix(
                &"e4ced1e86c1a11f79224df31b0169eafec2a2be7ab225259f1079445c53432c9"[2 * i..2 * i + 2],
                16,
            )
        })
        .collect::<Result<Vec<u8>, _>>()
        .unwrap()
        .try_into()
        .unwrap();
    assert_eq!(store.session(&token).await.unwrap().map(|s| s.player), Some(PlayerId(1)));
    store.close().await;
    let conn = Connection::open(&path).unwrap();
    let installed: Vec<String> = conn
        .prepare("SELECT installed_on FROM _sqlx_migrations ORDER BY version")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(installed[..4], vec!["2026-11-25 17:21:52"; 4], "no migration ran again");
    assert_eq!(installed.len(), migrations::MIGRATIONS.len(), "the migrations made since ran once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_appends_of_one_number_commit_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("t.db"), Durability::Full).await.unwrap();
    let player = store.create_player(&[7; 32], 1).await.unwrap();
    for g in 0..3 {
        let game = NewGame {
            id: gid(g),
            player,
            rules: patience_core::presets::find("pitchfork").unwrap(),
            deal: 1,
            created_ms: 1,
            dealt_as_winnable: false,
            imported: false,
        };
        store.create_game(&game, &summary(0)).await.unwrap();
    }
    let entry = Entry { action: Action::Play(Move::Draw), at_ms: 5 };
    let mut tasks = Vec::new();
    for i in 0..30 {
        let store = store.clone();
        let id = gid(i % 3);
        tasks.push(tokio::spawn(async move { store.append(&id, 0, &entry, &summary(1)).await }));
    }
    let mut ok = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(()) => ok += 1,
            Err(StoreError::Conflict { expected: 0 }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(ok, 3, "one append per game");
    store.append(&gid(0), 1, &Entry { action: Action::Undo, at_ms: 6 }, &summary(2)).await.unwrap();
    assert!(matches!(store.append(&gid(0), 1, &entry, &summary(2)).await, Err(StoreError::Conflict { expected: 1 })));
    let game = store.load_game(&gid(0)).await.unwrap().unwrap();
    assert_eq!(game.entries, vec![entry, Entry { action: Action::Undo, at_ms: 6 }]);
    assert_eq!(store.list_games(player, 10, 0).await.unwrap().iter().map(|r| r.action_count).sum::<usize>(), 4);
    assert!(store.load_game(&gid(99)).await.unwrap().is_none());
    store.close().await;
}

/// The checkpoint thread and the writer start the WAL over again and
/// again while writes keep coming, and everything written is there
/// after a reopen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wal_starts_over_while_writes_keep_coming() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    // Shorter than the defaults, for a short test.
    let tuning = Checkpoints { every: Duration::from_millis(20), restart_after_frames: 1000 };
    let restart = tuning.restart_after_frames;
    let store = SqliteStore::open_with(&path, Durability::Normal, tuning).await.unwrap();
    let player = store.create_player(&[3; 32], 1).await.unwrap();
    let games = 10;
    for g in 0..games {
        let game = NewGame {
            id: gid(g),
            player,
            rules: patience_core::presets::find("harp").unwrap(),
            deal: 1,
            created_ms: 1,
            dealt_as_winnable: false,
            imported: false,
        };
        store.create_game(&game, &summary(0)).await.unwrap();
    }
    // One append at a time, so each is a commit of its own that adds at
    // least one frame to the WAL: it should start over at least every
    // 1000 frames or so (after the next round of the checkpoint thread
    // or, that thread lagging, at twice the length), so at least 12
    // times without delays.
    let appends = 12 * restart as usize;
    for i in 0..appends {
        let (id, n) = (gid(i % games), i / games);
        let entry = Entry { action: Action::Play(Move::Draw), at_ms: n as u64 };
        store.append(&id, n, &entry, &summary(n + 1)).await.unwrap();
    }
    // How long the WAL gets depends on timing: while the checkpoint
    // thread is held up (a slow sync of the database file, when the disk
    // is busy, as after a big build), nothing can start it over and it
    // grows. That it starts over, again and again, does not.
    let restarts = store.wal_restarts();
    assert!(
        restarts >= 3,
        "the WAL started over {restarts} times in {appends} commits; it should about every {restart} frames"
    );
    store.close().await;
    let again = SqliteStore::open(&path, Durability::Normal).await.unwrap();
    let rows = again.list_games(player, 100, 0).await.unwrap();
    assert_eq!(rows.iter().map(|r| r.action_count).sum::<usize>(), appends, "every append is kept");
    assert_eq!(again.load_game(&gid(7)).await.unwrap().unwrap().entries.len(), appends / games);
    again.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_write_undoes_only_itself_and_a_closed_store_refuses_writes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let store = SqliteStore::open(&path, Durability::Full).await.unwrap();
    let player = store.create_player(&[1; 32], 1).await.unwrap();
    let game = NewGame {
        id: gid(1),
        player,
        rules: patience_core::presets::find("lasker").unwrap(),
        deal: 3,
        created_ms: 1,
        dealt_as_winnable: false,
        imported: false,
    };
    store.create_game(&game, &summary(0)).await.unwrap();
    // Sent at once (so mostly in one commit): the duplicate game and the
    // second player with the same token fail, the others are kept.
    let entry = Entry { action: Action::Play(Move::Draw), at_ms: 5 };
    let (zero, one) = (summary(0), summary(1));
    let id = gid(1);
    let (a, b, c, d) = tokio::join!(
        store.create_game(&game, &zero),
        store.append(&id, 0, &entry, &one),
        store.create_player(&[1; 32], 2),
        store.create_player(&[2; 32], 2),
    );
    assert!(matches!(a, Err(StoreError::DuplicateId(id)) if id == gid(1).as_str()));
    b.unwrap();
    assert!(matches!(c, Err(StoreError::Backend(_))));
    let other = d.unwrap();
    assert_ne!(other, player);
    assert_eq!(store.session(&[2; 32]).await.unwrap().map(|s| s.player), Some(other));
    assert_eq!(store.load_game(&gid(1)).await.unwrap().unwrap().entries, vec![entry]);
    store.close().await;
    assert!(matches!(store.append(&gid(1), 1, &entry, &summary(2)).await, Err(StoreError::Backend(_))));

    // Everything acknowledged is in the file.
    let again = SqliteStore::open(&path, Durability::Full).await.unwrap();
    assert_eq!(again.load_game(&gid(1)).await.unwrap().unwrap().entries, vec![entry]);
    assert_eq!(again.list_games(player, 10, 0).await.unwrap()[0].action_count, 1);
    again.close().await;
}

/// A daily deal's board without a score: won first, then more cards up,
/// then the shorter time, then fewer moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_board_ranks_won_then_cards_then_time_then_moves() {
    use crate::ids::{DailyId, Day};
    use crate::store::{BoardOrder, Daily, DailyWrite, NewAttempt};
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("d.db"), Durability::Full).await.unwrap();
    let rules = patience_core::presets::find("pitchfork").unwrap();
    let id = DailyId { rules, day: Day::parse("2026-11-26").unwrap() };
    let daily = Daily { id, deal: 5, seed: "s".into(), salt: "t".into(), commitment: "c".into(), created_ms: 0 };
    store.write_daily(DailyWrite::Create(daily.clone())).await.unwrap();
    let mut other = daily.clone();
    other.deal = 6;
    store.write_daily(DailyWrite::Create(other)).await.unwrap();
    assert_eq!(store.daily(id).await.unwrap(), Some(daily), "the first commitment stands");
    // (name, outcome, cards up, time, moves), given in no particular order.
    let attempts = [
        ("slower", Outcome::Playing, 10, 900, 40),
        ("won", Outcome::Won, 104, 5000, 300),
        ("fewer cards", Outcome::Stuck, 9, 100, 10),
        ("more moves", Outcome::Playing, 10, 500, 41),
        ("best unwon", Outcome::Quit, 10, 500, 40),
    ];
    for (n, (name, outcome, foundations, time, moves)) in attempts.into_iter().enumerate() {
        let player = store.create_player(&[n as u8; 32], 0).await.unwrap();
        let game = NewGame {
            id: gid(100 + n),
            player,
            rules,
            deal: 5,
            created_ms: 1000,
            dealt_as_winnable: false,
            imported: false,
        };
        let summary = Summary {
            action_count: 0,
            moves_made: moves,
            outcome,
            score: 0,
            foundations,
            helped: false,
            updated_ms: 1000 + time,
        };
        let attempt = NewAttempt { daily: id, player, name: name.into(), game: game.clone(), summary: summary.clone() };
        store.write_daily(DailyWrite::StartAttempt(attempt.clone())).await.unwrap();
        let again = NewAttempt { game: NewGame { id: gid(200 + n), ..game }, ..attempt };
        assert!(matches!(store.write_daily(DailyWrite::StartAttempt(again)).await, Err(StoreError::AttemptExists)));
    }
    let (rows, total) = store.daily_board(id, BoardOrder::Cards, 0, 10).await.unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["won", "best unwon", "more moves", "slower", "fewer cards"]);
    assert_eq!(total, 5);
    let (page, _) = store.daily_board(id, BoardOrder::Cards, 3, 10).await.unwrap();
    assert_eq!(page.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["slower", "fewer cards"]);
    assert_eq!(store.daily_days_of(PlayerId(1), 10).await.unwrap(), vec![id.day]);
    store.close().await;
}
