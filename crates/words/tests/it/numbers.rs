//! Numbers as each language writes them.

use patience_words::{say, Lang};

#[test]
fn points_are_grouped_by_thousands_as_the_language_writes_them() {
    let german = Lang::from_tag("de").unwrap();
    let told = say!("error-no-restart", penalty = 10_554);
    assert!(told.in_lang(Lang::ENGLISH).contains("at 10,554 points each"), "{}", told.in_lang(Lang::ENGLISH));
    assert!(told.in_lang(german).contains("je 10.554 Punkte"), "{}", told.in_lang(german));
    let small = say!("error-no-restart", penalty = -50);
    assert!(small.in_lang(Lang::ENGLISH).contains("at -50 points"), "{}", small.in_lang(Lang::ENGLISH));
}
