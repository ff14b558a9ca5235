//! Records that do not read and moves that are not written in notation:
//! every reason is said completely in every language, with no word of
//! another, and English says what the engine's own text says.

use patience_core::notation;
use patience_core::record::Record;
use patience_words::{foreign_words, notation_error, record_error, Lang};

/// A record of each kind of wrong, and a word of what its English says.
const BROKEN: &[(&str, &str)] = &[
    ("[Game \"harp\"]\n[Deal \"1\"]\ns\n[Score \"0\"]\n", "headers must come before the moves"),
    ("[Game harp]\n[Deal \"1\"]\n", "is not a header"),
    ("[Game \"spider\"]\n[Deal \"1\"]\n", "unknown game or variant `spider`"),
    ("[Game \"harp\"]\n[Deal \"-1\"]\n", "is not a number from 0 to 18446744073709551615"),
    ("[Deal \"1\"]\n", "record has no [Game"),
    ("[Game \"harp\"]\n[Deal \"1\"]\ns@2.5s\n", "after @ is not a time"),
    ("[Game \"harp\"]\n[Deal \"1\"]\ns t1-t99\n", "record action 2 `t1-t99`"),
    ("[Game \"harp\"]\n[Deal \"1\"]\ns t1-t2\n", "is refused: "),
    ("[Game \"harp\"]\n[Deal \"1\"]\n[Score \"1000\"]\ns\n", "the replay gives"),
];

#[test]
fn every_reason_a_record_does_not_read_is_said_in_every_language() {
    for (text, english) in BROKEN {
        let error = Record::parse(text).and_then(|r| r.replay().map(|_| ())).unwrap_err();
        let said = record_error(&error);
        if !english.contains("replay") && !english.contains("refused") {
            // The parser's errors, in the engine's words; a refused action
            // and a mismatch are told in sentences of their own.
            assert_eq!(said.in_lang(Lang::ENGLISH), error.to_string(), "{text}");
        }
        assert!(said.in_lang(Lang::ENGLISH).contains(english), "{text}: {}", said.in_lang(Lang::ENGLISH));
        for lang in Lang::all() {
            let words = said.try_in_lang(lang).unwrap_or_else(|e| panic!("{e}"));
            assert!(foreign_words(&unquoted(&words), lang).is_empty(), "{lang}: {words}");
        }
    }
}

/// `words` without what they quote: the record's own text, a header's key
/// (`Game`), which are the same in every language.
fn unquoted(words: &str) -> String {
    let mut out = String::new();
    let mut closing = None;
    for c in words.chars() {
        match (closing, c) {
            (None, '`') => closing = Some('`'),
            (None, '„') => closing = Some('“'),
            (None, '[') => closing = Some(']'),
            (Some(end), c) if c == end => closing = None,
            (None, c) => out.push(c),
            _ => {}
        }
    }
    out
}

#[test]
fn every_reason_a_text_is_no_move_is_said_in_every_language() {
    for bad in ["", "x", "t0-t1", "t11-t1", "t1t2", "t1-t2:0", "t1-t2:x", "w-t1:2", "f-t1", "t1-w", "t1-t1", "s-t1"] {
        let error = notation::parse(bad).unwrap_err();
        let said = notation_error(&error);
        assert_eq!(said.in_lang(Lang::ENGLISH), error.to_string(), "{bad}");
        for lang in Lang::all() {
            let words = said.try_in_lang(lang).unwrap_or_else(|e| panic!("{e}"));
            assert!(foreign_words(&unquoted(&words), lang).is_empty(), "{lang}: {words}");
        }
    }
    let german = Lang::from_tag("de").unwrap();
    let said = notation_error(&notation::parse("t1-t1").unwrap_err()).in_lang(german);
    assert!(said.starts_with("„t1-t1“ ist kein Zug (VON und NACH sind derselbe Stapel)"), "{said}");
}
