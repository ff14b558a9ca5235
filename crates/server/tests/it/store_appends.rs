//! The store's appends when many arrive at once, as they do under load:
//! SQLite's writer and PostgreSQL's writers each take what has arrived and
//! write it together. Each append still gets its own answer: written, or
//! refused because the game's log had moved on, and only what was answered
//! "written" is in the log. Runs on the backend the run asks for
//! (`PATIENCE_TEST_BACKEND`).

use crate::common;

use std::sync::Arc;

use common::*;
use patience_core::game::{Action, Entry, Outcome};
use patience_server::ids::{GameId, PlayerToken};
use patience_server::store::{NewGame, StoreError, Summary};
use patience_server::Store;

fn summary(action_count: usize) -> Summary {
    Summary {
        action_count,
        moves_made: 0,
        outcome: Outcome::Playing,
        score: 0,
        foundations: 0,
        helped: false,
        updated_ms: 1,
    }
}

/// Appends `action` as action `number` of `game`.
async fn append(store: &Arc<dyn Store>, game: &GameId, number: usize, action: Action) -> Result<(), StoreError> {
    let entry = Entry { action, at_ms: 10 * number as u64 };
    store.append(game, number, &entry, &summary(number + 1)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn appends_arriving_together_each_get_their_own_answer_and_only_the_written_ones_are_kept() {
    let (_dir, db) = temp_db();
    let store = open_store(&db).await;
    let player = store.create_player(&PlayerToken::random().hash(), 1).await.unwrap();
    let mut games = Vec::new();
    for deal in 0..60 {
        let game = NewGame {
            id: GameId::random(),
            player,
            rules: patience_core::presets::find("harmony").unwrap(),
            deal,
            created_ms: 1,
            dealt_as_winnable: false,
            imported: false,
        };
        store.create_game(&game, &summary(0)).await.unwrap();
        games.push(game.id);
    }

    // All at once: every game's first action; a second, different first
    // action for every third game (a race: one of the two is written); an
    // action numbered as if the log were further on for every fifth game.
    let mut sent = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let mut tries = vec![(0, Action::SafeAutoMoves(true))];
        if i % 3 == 0 {
            tries.push((0, Action::SafeAutoMoves(false)));
        }
        if i % 5 == 0 {
            tries.push((2, Action::Undo));
        }
        for (number, action) in tries {
            let (store, game) = (store.clone(), game.clone());
            sent.push(tokio::spawn(async move {
                (game.clone(), number, action, append(&store, &game, number, action).await)
            }));
        }
    }
    let mut written = std::collections::HashMap::new();
    for answer in sent {
        let (game, number, action, result) = answer.await.unwrap();
        match result {
            Ok(()) => {
                assert_eq!(number, 0, "{game}: an action numbered past the log is never written");
                assert!(written.insert(game.clone(), action).is_none(), "{game}: two first actions were written");
            }
            Err(StoreError::Conflict { expected }) => assert_eq!(expected, number),
            Err(e) => panic!("{game}: {e}"),
        }
    }
    assert_eq!(written.len(), games.len(), "every game got exactly one first action");
    for game in &games {
        let stored = store.load_game(game).await.unwrap().expect("the game is stored");
        assert_eq!(stored.entries.len(), 1, "{game}");
        assert_eq!(stored.entries[0].action, written[game], "{game}: the log holds the action answered as written");
    }

    // And the next action of every game, all at once again: all written.
    let mut sent = Vec::new();
    for game in &games {
        let (store, game) = (store.clone(), game.clone());
        sent.push(tokio::spawn(async move { append(&store, &game, 1, Action::Undo).await }));
    }
    for answer in sent {
        answer.await.unwrap().expect("a second action on a log of one is written");
    }
    for game in &games {
        assert_eq!(store.load_game(game).await.unwrap().unwrap().entries.len(), 2, "{game}");
    }
    store.close().await;
}
