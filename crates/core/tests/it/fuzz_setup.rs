//! Fuzz target `setup` (docs/FUZZING.md): reading a setup from any text
//! never panics; a setup that reads is written out again to a text that
//! reads as the same position, and writing that position gives the same
//! text.

use crate::fuzz;

use fuzz::Input;
use patience_core::setup::write_setup;
use patience_core::Position;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const TARGET: &str = "setup";

/// Pieces of setups and things near them.
#[rustfmt::skip]
const DICTIONARY: &[&str] = &[
    "rules ", "rules harmony\n", "rules harp\n", "rules grosse-harfe/8-columns\n", "rules pitchfork/warfield\n",
    "rules lasker\n", "rules lasker/classic\n", "rules nope\n", "pass ", "pass 0", "pass 1", "pass 2", "pass 4",
    "pass 65535", "pass 65536", "base ", "base -", "base A", "base Q", "base K", "base 0", "f ", "f", "t1", "t7", "t9",
    "t10", "t11", "t0", "t18446744073709551616", "|", " | ", "--", "stock", "waste", "reserve", "AS", "KS", "TD", "10D",
    "QH", "JC", "2C", "9H", "0S", "14S", "AX", "\u{2660}", "#", "\n", " ", "\t", "é", "\u{0}",
];

fn check(input: &Input) -> Result<(), TestCaseError> {
    let text = input.text();
    let Ok(pos) = Position::from_setup(&text) else { return Ok(()) };
    let written = write_setup(&pos);
    let back = Position::from_setup(&written)
        .map_err(|e| TestCaseError::fail(format!("the position's own setup is refused: {e}\n{written}")))?;
    prop_assert_eq!(&back, &pos, "read from\n{}\nwritten as\n{}", text, written);
    prop_assert_eq!(write_setup(&back), written);
    Ok(())
}

proptest! {
    #![proptest_config(fuzz::config(60_000))]

    #[test]
    #[ignore = "slow: the full tier runs it"]
    fn setups_never_panic_and_what_reads_is_written_and_read_to_the_same_position(input in fuzz::input(TARGET, DICTIONARY, 512)) {
        fuzz::check(TARGET, &input, check)?;
    }
}

#[test]
fn every_corpus_input_passes_and_every_seed_reads() {
    for seed in fuzz::corpus(TARGET) {
        let input = Input { from: Some(seed.name.clone()), bytes: seed.bytes.clone() };
        fuzz::check(TARGET, &input, check).unwrap_or_else(|e| panic!("{}: {e}", seed.name));
        if !seed.is_regression() {
            let read = Position::from_setup(&seed.text());
            assert!(read.is_ok(), "seed {} does not read: {:?}", seed.name, read.err());
        }
    }
}
