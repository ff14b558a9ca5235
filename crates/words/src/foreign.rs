//! Finding words of another language in a text: what the tests use to
//! show that a German page holds no English sentence, and the reverse.

use std::collections::HashSet;
use std::sync::LazyLock;

use crate::catalogue;
use crate::lang::Lang;

/// Every word of each catalogue's text (message ids, variables and
/// comments left out), lower case.
static WORDS: LazyLock<Vec<HashSet<String>>> =
    LazyLock::new(|| Lang::all().map(|lang| words_of(&catalogue::text(lang))).collect());

/// The words of `text`: runs of letters, three or more, lower case. A run
/// of letters and digits ("3fadd9", a hash) is no word.
fn words_of(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
        .map(str::to_lowercase)
        .collect()
}

/// The words of `text` that only another language's catalogue uses: in a
/// German text, "the", "column" or "cards", never "Talon" (no English text
/// uses it) nor a game's name (both use it). Words of neither catalogue,
/// like a player's name, are not counted.
pub fn foreign_words(text: &str, lang: Lang) -> Vec<String> {
    let own = &WORDS[lang.0 as usize];
    let mut found: Vec<String> = words_of(text)
        .into_iter()
        .filter(|w| !own.contains(w) && Lang::all().any(|other| other != lang && WORDS[other.0 as usize].contains(w)))
        .collect();
    found.sort();
    found
}
