//! [`Lang`]: one of the languages the catalogues speak, and how a request's
//! language is chosen among them.

use std::fmt;
use std::str::FromStr;

use unic_langid::LanguageIdentifier;

use crate::sources::SOURCES;

/// A language the site speaks: one catalogue folder. Small and `Copy`, so it
/// travels with every request.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Lang(pub(crate) u8);

impl Lang {
    /// English, the language every catalogue falls back to.
    pub const ENGLISH: Lang = Lang(0);

    /// Every language, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..SOURCES.len() as u8).map(Lang)
    }

    /// Its tag, as `lang` attributes and cookies write it: `en`, `de`.
    pub fn tag(self) -> &'static str {
        SOURCES[self.0 as usize].0
    }

    /// The language a tag names (`de`, `de-AT`, `DE`), by its primary
    /// language.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let id: LanguageIdentifier = tag.trim().parse().ok()?;
        Lang::all().find(|l| l.tag() == id.language.as_str())
    }

    /// The language to speak to a browser that sent this `Accept-Language`
    /// header: its most preferred language the catalogues have, English
    /// where none.
    pub fn negotiate(accept_language: &str) -> Lang {
        let requested = fluent_langneg::accepted_languages::parse(accept_language);
        let available: Vec<LanguageIdentifier> = Lang::all().map(|l| l.tag().parse().unwrap()).collect();
        let chosen = fluent_langneg::negotiate_languages(
            &requested,
            &available,
            Some(&available[0]),
            fluent_langneg::NegotiationStrategy::Lookup,
        );
        chosen.first().and_then(|id| Lang::from_tag(id.language.as_str())).unwrap_or(Lang::ENGLISH)
    }
}

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lang({})", self.tag())
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A tag that names no language of the catalogues.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no catalogue speaks `{}`", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(tag: &str) -> Result<Lang, UnknownLang> {
        Lang::from_tag(tag).ok_or_else(|| UnknownLang(tag.to_string()))
    }
}
