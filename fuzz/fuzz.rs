//! What every fuzz target shares (see docs/FUZZING.md). Each target includes
//! this file with `#[path = "../../../fuzz/fuzz.rs"] mod fuzz;`.
//!
//! - [`config`]: the number of cases, `PATIENCE_FUZZ_CASES` or the target's
//!   default.
//! - [`corpus`]: the committed inputs of a target, `fuzz/corpus/<target>/`.
//! - [`input`]: the inputs a target is fed: arbitrary bytes, arbitrary
//!   strings, runs of the target's dictionary tokens, and (most often) a
//!   corpus input with bytes flipped, set, deleted, inserted, duplicated,
//!   spliced from another corpus input or cut short.
//! - [`check`]: runs a target's check on one input and, when it fails or
//!   panics, writes the input to `target/tmp/fuzz-<target>-failure` so that
//!   the (shrunk) failing input can be copied into the corpus as it is.

#![allow(dead_code)]

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

/// The environment variable that overrides every target's number of cases.
pub const CASES_VAR: &str = "PATIENCE_FUZZ_CASES";

/// The number of cases: `PATIENCE_FUZZ_CASES` when set, else `default`.
pub fn cases(default: u32) -> u32 {
    match std::env::var(CASES_VAR) {
        Ok(text) => text.trim().parse().unwrap_or_else(|_| panic!("{CASES_VAR}=`{text}` is not a number of cases")),
        Err(_) => default,
    }
}

/// The proptest configuration of a target: [`cases`], and no
/// `.proptest-regressions` files (a failing input goes into the corpus).
pub fn config(default_cases: u32) -> ProptestConfig {
    ProptestConfig { cases: cases(default_cases), failure_persistence: None, ..ProptestConfig::default() }
}

/// The folder of a target's corpus.
pub fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target)
}

/// One committed input.
#[derive(Clone, Debug)]
pub struct Seed {
    /// The file name, which some targets read (a Solvitaire deal's game).
    pub name: String,
    pub bytes: Vec<u8>,
}

impl Seed {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    /// Whether the file is a regression case (a failure found by fuzzing)
    /// rather than a valid seed.
    pub fn is_regression(&self) -> bool {
        self.name.starts_with("regression-")
    }
}

/// Every input of `fuzz/corpus/<target>/`, in file name order.
pub fn corpus(target: &str) -> Vec<Seed> {
    let dir = corpus_dir(target);
    let mut seeds: Vec<Seed> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the corpus {}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a corpus entry").path();
            let name = path.file_name().expect("a file name").to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Seed { name, bytes }
        })
        .collect();
    seeds.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(seeds.iter().any(|s| !s.is_regression()), "the corpus {} has no seed", dir.display());
    seeds
}

/// An input fed to a target: its bytes, and the corpus file it was made from.
#[derive(Clone)]
pub struct Input {
    /// The seed's file name, `None` for an input made from nothing.
    pub from: Option<String>,
    pub bytes: Vec<u8>,
}

impl Input {
    /// The bytes as text, invalid UTF-8 replaced (the readers take `&str`).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("Input");
        s.field("from", &self.from);
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => s.field("text", &text),
            Err(_) => s.field("bytes", &self.bytes),
        };
        s.finish()
    }
}

/// One change to an input. Positions are [`Index`]es, scaled to the input's
/// length when applied.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// XOR one byte with `mask` (bit 5 flips the case of a letter).
    Flip { at: Index, mask: u8 },
    /// Overwrite one byte.
    Set { at: Index, byte: u8 },
    /// Cut the input short.
    Truncate { at: Index },
    /// Remove up to `len` bytes.
    Delete { at: Index, len: u8 },
    /// Insert arbitrary bytes.
    Insert { at: Index, bytes: Vec<u8> },
    /// Insert one of the target's dictionary tokens.
    Token { at: Index, token: Index },
    /// Copy up to `len` bytes of the input elsewhere in it.
    Duplicate { from: Index, len: u8, to: Index },
    /// Insert up to `len` bytes of another corpus input, or with `replace`
    /// put that input's tail (from `from`) in place of this one's (from `at`).
    Splice { at: Index, other: Index, from: Index, len: u16, replace: bool },
    /// Put a dictionary token in place of one word (a run of bytes between
    /// white space), which keeps the input's structure.
    ReplaceWord { word: Index, token: Index },
    /// Cut the input short after one word.
    TruncateAfterWord { word: Index },
    /// Remove one word.
    DeleteWord { word: Index },
    /// Copy one word next to another.
    DuplicateWord { word: Index, to: Index },
    /// Exchange two words.
    SwapWords { a: Index, b: Index },
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<Index>;
    prop_oneof![
        3 => (at(), prop_oneof![Just(0x20u8), any::<u8>()]).prop_map(|(at, mask)| Mutation::Flip { at, mask }),
        2 => (at(), any::<u8>()).prop_map(|(at, byte)| Mutation::Set { at, byte }),
        1 => at().prop_map(|at| Mutation::Truncate { at }),
        2 => (at(), 1..16u8).prop_map(|(at, len)| Mutation::Delete { at, len }),
        2 => (at(), prop::collection::vec(any::<u8>(), 1..8)).prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        4 => (at(), at()).prop_map(|(at, token)| Mutation::Token { at, token }),
        2 => (at(), 1..64u8, at()).prop_map(|(from, len, to)| Mutation::Duplicate { from, len, to }),
        2 => (at(), at(), at(), 1..512u16, any::<bool>())
            .prop_map(|(at, other, from, len, replace)| Mutation::Splice { at, other, from, len, replace }),
        4 => (at(), at()).prop_map(|(word, token)| Mutation::ReplaceWord { word, token }),
        2 => at().prop_map(|word| Mutation::TruncateAfterWord { word }),
        2 => at().prop_map(|word| Mutation::DeleteWord { word }),
        2 => (at(), at()).prop_map(|(word, to)| Mutation::DuplicateWord { word, to }),
        2 => (at(), at()).prop_map(|(a, b)| Mutation::SwapWords { a, b }),
    ]
}

/// The byte ranges of the words of `bytes` (runs between ASCII white space).
fn words(bytes: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, b) in bytes.iter().enumerate() {
        match (b.is_ascii_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..bytes.len());
    }
    out
}

/// Applies `m` to `bytes`; `seeds` and `dictionary` are the target's.
pub fn apply(bytes: &mut Vec<u8>, m: &Mutation, seeds: &[Seed], dictionary: &[&str]) {
    // A position from 0 to the length, both included.
    let pos = |at: &Index, bytes: &Vec<u8>| at.index(bytes.len() + 1);
    match m {
        Mutation::Flip { at, mask } => {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] ^= mask;
            }
        }
        Mutation::Set { at, byte } => {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = *byte;
            }
        }
        Mutation::Truncate { at } => bytes.truncate(pos(at, bytes)),
        Mutation::Delete { at, len } => {
            let i = pos(at, bytes);
            let end = (i + *len as usize).min(bytes.len());
            bytes.drain(i..end);
        }
        Mutation::Insert { at, bytes: new } => {
            let i = pos(at, bytes);
            bytes.splice(i..i, new.iter().copied());
        }
        Mutation::Token { at, token } => {
            if !dictionary.is_empty() {
                let i = pos(at, bytes);
                bytes.splice(i..i, dictionary[token.index(dictionary.len())].bytes());
            }
        }
        Mutation::Duplicate { from, len, to } => {
            let start = pos(from, bytes);
            let copy: Vec<u8> = bytes[start..(start + *len as usize).min(bytes.len())].to_vec();
            let i = pos(to, bytes);
            bytes.splice(i..i, copy);
        }
        Mutation::Splice { at, other, from, len, replace } => {
            if seeds.is_empty() {
                return;
            }
            let other = &seeds[other.index(seeds.len())].bytes;
            let start = from.index(other.len() + 1);
            let i = pos(at, bytes);
            if *replace {
                bytes.truncate(i);
                bytes.extend_from_slice(&other[start..]);
            } else {
                let end = (start + *len as usize).min(other.len());
                bytes.splice(i..i, other[start..end].iter().copied());
            }
        }
        Mutation::ReplaceWord { word, token } => {
            let words = words(bytes);
            if !words.is_empty() && !dictionary.is_empty() {
                let token = dictionary[token.index(dictionary.len())];
                bytes.splice(words[word.index(words.len())].clone(), token.bytes());
            }
        }
        Mutation::TruncateAfterWord { word } => {
            let words = words(bytes);
            if !words.is_empty() {
                bytes.truncate(words[word.index(words.len())].end);
            }
        }
        Mutation::DeleteWord { word } => {
            let words = words(bytes);
            if !words.is_empty() {
                bytes.drain(words[word.index(words.len())].clone());
            }
        }
        Mutation::DuplicateWord { word, to } => {
            let words = words(bytes);
            if !words.is_empty() {
                let copy = bytes[words[word.index(words.len())].clone()].to_vec();
                let to = words[to.index(words.len())].end;
                bytes.splice(to..to, std::iter::once(b' ').chain(copy));
            }
        }
        Mutation::SwapWords { a, b } => {
            let words = words(bytes);
            if !words.is_empty() {
                let (mut a, mut b) = (words[a.index(words.len())].clone(), words[b.index(words.len())].clone());
                if a.start > b.start {
                    std::mem::swap(&mut a, &mut b);
                }
                if a != b {
                    let (first, second) = (bytes[a.clone()].to_vec(), bytes[b.clone()].to_vec());
                    bytes.splice(b, first);
                    bytes.splice(a, second);
                }
            }
        }
    }
}

/// The inputs of a target (see the module docs): mostly mutated corpus
/// inputs, then runs of dictionary tokens, arbitrary strings and arbitrary
/// bytes. Inputs stay under about `max_len` bytes plus what the mutations
/// add.
pub fn input(target: &str, dictionary: &'static [&'static str], max_len: usize) -> impl Strategy<Value = Input> {
    let seeds = Arc::new(corpus(target));
    let mutated = {
        let seeds = Arc::clone(&seeds);
        (any::<Index>(), prop::collection::vec(mutation(), 1..4)).prop_map(move |(seed, mutations)| {
            let seed = &seeds[seed.index(seeds.len())];
            let mut bytes = seed.bytes.clone();
            for m in &mutations {
                apply(&mut bytes, m, &seeds, dictionary);
            }
            Input { from: Some(seed.name.clone()), bytes }
        })
    };
    let tokens = prop::collection::vec((any::<Index>(), prop::sample::select(&[" ", "", "\n", "  ", "\t"][..])), 0..24)
        .prop_map(move |words| {
            let mut text = String::new();
            for (word, sep) in words {
                text.push_str(dictionary[word.index(dictionary.len())]);
                text.push_str(sep);
            }
            Input { from: None, bytes: text.into_bytes() }
        });
    let strings = prop::collection::vec(any::<char>(), 0..max_len.min(64))
        .prop_map(|chars| Input { from: None, bytes: chars.into_iter().collect::<String>().into_bytes() });
    let bytes = prop::collection::vec(any::<u8>(), 0..max_len).prop_map(|bytes| Input { from: None, bytes });
    prop_oneof![6 => mutated, 2 => tokens, 1 => strings, 1 => bytes]
}

/// Runs `check` on `input`; a failure or a panic is written to
/// `target/tmp/fuzz-<target>-failure` (the last one written is the shrunk
/// input proptest reports) and passed on.
pub fn check(
    target: &str,
    input: &Input,
    check: impl FnOnce(&Input) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| check(input)));
    if !matches!(outcome, Ok(Ok(()))) {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-{target}-failure"));
        let _ = std::fs::write(&path, &input.bytes);
    }
    match outcome {
        Ok(result) => result,
        Err(payload) => panic::resume_unwind(payload),
    }
}
