//! Fuzz target `notation` (docs/FUZZING.md): move notation read from any
//! text never panics; a text it accepts prints back, in canonical form, to a
//! text that reads as the same move; a text it refuses is named in the error.

use crate::fuzz;

use fuzz::Input;
use patience_core::notation;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const TARGET: &str = "notation";

/// Pieces of notation and things near it.
#[rustfmt::skip]
const DICTIONARY: &[&str] = &[
    "s", "r", "t", "f", "w", "res", "-", ":", "t1", "t10", "t11", "t0", "f1", "f8", "f9", "f0", "0", "1", "13", "255",
    "256", "-1", "+1", "007", "99999999999999999999", " ", "\t", "\u{a0}", "\u{2003}", "S", "R", "T", "W", "RES",
    "İ", "K", "ß", "é", "\u{0}", "@", ".", "::", "--", "t3-t5", "t2-t7:3", "w-f", "res-t2", "f2-t4",
];

/// Texts shaped like notation (a pile, a dash, a pile, maybe a count), in
/// any case and spacing, most of them moves.
fn shaped() -> impl Strategy<Value = Input> {
    let pile = "( ?)(s|r|w|W|res|RES|f|F|[tTfF][0-9]{1,2})( ?)";
    proptest::string::string_regex(&format!("{pile}(-{pile}(:[0-9]{{1,3}})?)?"))
        .expect("a valid regex")
        .prop_map(|text| Input { from: None, bytes: text.into_bytes() })
}

fn check(input: &Input) -> Result<(), TestCaseError> {
    let text = input.text();
    match notation::parse(&text) {
        Ok(mv) => {
            let printed = mv.to_string();
            prop_assert_eq!(notation::format(mv), printed.clone());
            let again = notation::parse(&printed);
            prop_assert_eq!(
                again.clone(),
                Ok(mv),
                "`{}` reads as {:?}, printed `{}`, which reads as {:?}",
                text,
                mv,
                printed,
                again
            );
        }
        Err(e) => prop_assert_eq!(e.text, text),
    }
    Ok(())
}

proptest! {
    #![proptest_config(fuzz::config(60_000))]

    #[test]
    #[ignore = "slow: the full tier runs it"]
    fn notation_never_panics_and_what_it_reads_prints_back_to_the_same_move(input in prop_oneof![fuzz::input(TARGET, DICTIONARY, 48), shaped()]) {
        fuzz::check(TARGET, &input, check)?;
    }
}

#[test]
fn every_corpus_input_passes_and_every_seed_is_a_move() {
    for seed in fuzz::corpus(TARGET) {
        let input = Input { from: Some(seed.name.clone()), bytes: seed.bytes.clone() };
        fuzz::check(TARGET, &input, check).unwrap_or_else(|e| panic!("{}: {e}", seed.name));
        if !seed.is_regression() {
            assert!(notation::parse(&seed.text()).is_ok(), "seed {} is not a move: {:?}", seed.name, seed.text());
        }
    }
}
