//! Fuzz target `record` (docs/FUZZING.md): reading and replaying a game
//! record from any text never panics; a record that reads is written out
//! again to a text that reads as the same record, and replays the same way
//! (to the same game, or refused as well); the record of a replayed game
//! reads and replays to the same game again.

use crate::fuzz;

use fuzz::Input;
use patience_core::record::Record;
use patience_core::Game;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const TARGET: &str = "record";

/// Pieces of records and things near them.
#[rustfmt::skip]
const DICTIONARY: &[&str] = &[
    "[", "]", "\"", "\n", "\r\n", "#", "@", ".", "12.", "[Game \"harmony\"]\n", "[Game \"harp\"]\n",
    "[Game \"lasker/classic\"]\n", "[Game \"pitchfork/warfield\"]\n", "[Deal \"0\"]\n", "[Deal \"1\"]\n",
    "[Deal \"18446744073709551615\"]\n", "[Deal \"18446744073709551616\"]\n", "[Deal \"-1\"]\n", "[Result \"won\"]\n",
    "[Result \"time-up\"]\n", "[Result \"quit\"]\n", "[Score \"0\"]\n", "[Score \"-5\"]\n", "[game \"HARP\"]\n", "Game",
    "Deal", "Result", "Score", "undo", "restart", "quit", "auto-on", "auto-off", "UNDO", "s", "r", "w-f", "t1-f",
    "t3-t5", "t2-t7:3", "res-t1", "f1-t2", "@0", "@1", "@999999999", "@18446744073709551615", "@18446744073709551616",
    "@-1", " ", "\t", "\u{a0}", "\u{2028}", "é", "\u{0}",
];

fn same_game(replayed: &Game, expected: &Game) -> Result<(), TestCaseError> {
    prop_assert_eq!(replayed.rules().id, expected.rules().id);
    prop_assert_eq!(replayed.deal(), expected.deal());
    prop_assert_eq!(replayed.log(), expected.log());
    prop_assert_eq!(replayed.action_number(), expected.action_number());
    prop_assert_eq!(replayed.outcome(), expected.outcome());
    prop_assert_eq!(replayed.score(), expected.score());
    prop_assert_eq!(replayed.undos(), expected.undos());
    prop_assert_eq!(replayed.position(), expected.position());
    Ok(())
}

fn check(input: &Input) -> Result<(), TestCaseError> {
    let text = input.text();
    let Ok(record) = Record::parse(&text) else { return Ok(()) };
    let written = record.to_text();
    let reread = Record::parse(&written)
        .map_err(|e| TestCaseError::fail(format!("the record's own text is refused: {e}\n{written}")))?;
    prop_assert_eq!(reread.rules.id, record.rules.id);
    prop_assert_eq!(reread.deal, record.deal);
    prop_assert_eq!(&reread.entries, &record.entries);
    // Header values are written with `"` turned into `'`.
    let headers: Vec<(String, String)> = record.headers.iter().map(|(k, v)| (k.clone(), v.replace('"', "'"))).collect();
    prop_assert_eq!(&reread.headers, &headers);
    match record.replay() {
        Ok(game) => {
            let again = reread
                .replay()
                .map_err(|e| TestCaseError::fail(format!("the written record is refused on replay: {e}\n{written}")))?;
            same_game(&again, &game)?;
            let own = Record::of(&game).to_text();
            let from_own = Record::parse(&own)
                .and_then(|r| r.replay())
                .map_err(|e| TestCaseError::fail(format!("the replayed game's record is refused: {e}\n{own}")))?;
            same_game(&from_own, &game)?;
        }
        Err(e) => prop_assert!(reread.replay().is_err(), "the record is refused ({}) but its written text replays", e),
    }
    Ok(())
}

proptest! {
    #![proptest_config(fuzz::config(60_000))]

    #[test]
    #[ignore = "slow: the full tier runs it"]
    fn records_never_panic_and_what_replays_is_written_and_replayed_to_the_same_game(input in fuzz::input(TARGET, DICTIONARY, 512)) {
        fuzz::check(TARGET, &input, check)?;
    }
}

#[test]
fn every_corpus_input_passes_and_every_seed_replays() {
    for seed in fuzz::corpus(TARGET) {
        let input = Input { from: Some(seed.name.clone()), bytes: seed.bytes.clone() };
        fuzz::check(TARGET, &input, check).unwrap_or_else(|e| panic!("{}: {e}", seed.name));
        if !seed.is_regression() {
            let replayed = Record::parse(&seed.text()).and_then(|r| r.replay());
            assert!(replayed.is_ok(), "seed {} does not replay: {:?}", seed.name, replayed.err());
        }
    }
}
