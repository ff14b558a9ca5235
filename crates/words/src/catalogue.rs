//! The catalogues: every language's Fluent files, embedded at build time
//! (see `build.rs`), each made into one bundle on first use.

use std::fmt;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentError, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::lang::Lang;
use crate::numbers;
use crate::say::{Arg, Say};

use crate::sources::SOURCES;

struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    /// Every file of the language, one after another.
    source: String,
    /// The files of the scripts' words (`script-*.ftl`), one after
    /// another: what the browser reads.
    scripts: String,
}

static CATALOGUES: LazyLock<Vec<Catalogue>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|(tag, files)| {
            let id: LanguageIdentifier =
                tag.parse().unwrap_or_else(|e| panic!("locales/{tag}: not a language tag: {e}"));
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // The isolation marks Fluent puts around arguments are for
            // mixed writing directions; both languages here run left to
            // right, and the marks would sit in every sentence a test reads.
            bundle.set_use_isolating(false);
            bundle.set_formatter(Some(numbers::format));
            let mut source = String::new();
            let mut scripts = String::new();
            for (name, text) in files.iter() {
                let resource = FluentResource::try_new(text.to_string())
                    .unwrap_or_else(|(_, errors)| panic!("locales/{tag}/{name} does not parse: {errors:?}"));
                bundle
                    .add_resource(resource)
                    .unwrap_or_else(|errors| panic!("locales/{tag}/{name} repeats a message: {errors:?}"));
                source.push_str(text);
                source.push('\n');
                if name.starts_with("script-") {
                    scripts.push_str(text);
                    scripts.push('\n');
                }
            }
            Catalogue { bundle, source, scripts }
        })
        .collect()
});

/// Every Fluent file of `lang`, one after another.
pub fn source(lang: Lang) -> &'static str {
    &CATALOGUES[lang.0 as usize].source
}

/// The Fluent files of `lang` that the browser's scripts say their
/// sentences from (`script-*.ftl`), one after another: only what the pages
/// do not say themselves travels to the browser.
pub fn script_source(lang: Lang) -> &'static str {
    &CATALOGUES[lang.0 as usize].scripts
}

/// The words of `lang`'s messages (no ids, comments or variable names),
/// one message a line: what [`crate::foreign_words`] reads.
pub(crate) fn text(lang: Lang) -> String {
    let mut out = String::new();
    for line in source(lang).lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        // The part after `id =` or `.attribute =`, or a continuation line.
        let text = match line.split_once(" = ") {
            Some((head, rest)) if !head.contains(' ') || head.starts_with('.') => rest,
            _ => line,
        };
        // Variable names and selector keys are not words of the language.
        let cleaned: Vec<&str> = text
            .split_whitespace()
            .filter(|w| !(w.starts_with('$') || w.starts_with('[') || w.starts_with("*[")))
            .collect();
        out.push_str(&cleaned.join(" "));
        out.push('\n');
    }
    out
}

/// Why a catalogue could not say a message.
#[derive(Debug, Clone, PartialEq)]
pub enum MessageError {
    /// The language has no such message (or attribute).
    Missing { lang: Lang, id: String },
    /// The message is there but could not be said: an argument it uses was
    /// not given, or it refers to a message that is missing.
    Unsaid { lang: Lang, id: String, errors: Vec<String> },
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::Missing { lang, id } => write!(f, "locales/{lang} has no message `{id}`"),
            MessageError::Unsaid { lang, id, errors } => {
                write!(f, "locales/{lang} cannot say `{id}`: {}", errors.join("; "))
            }
        }
    }
}

impl std::error::Error for MessageError {}

/// `say` in `lang`'s words. An id `message.attribute` names an attribute.
fn format(lang: Lang, say: &Say) -> Result<String, MessageError> {
    let bundle = &CATALOGUES[lang.0 as usize].bundle;
    let id = say.id();
    let missing = || MessageError::Missing { lang, id: id.to_string() };
    let (name, attribute) = match id.split_once('.') {
        Some((name, attribute)) => (name, Some(attribute)),
        None => (id, None),
    };
    let message = bundle.get_message(name).ok_or_else(missing)?;
    let pattern = match attribute {
        Some(attribute) => message.get_attribute(attribute).map(|a| a.value()).ok_or_else(missing)?,
        None => message.value().ok_or_else(missing)?,
    };
    let mut args = FluentArgs::new();
    for (name, arg) in say.args() {
        let value = match arg {
            Arg::Number(n) => FluentValue::from(*n),
            Arg::Text(text) => FluentValue::from(text.clone()),
            Arg::Say(inner) => FluentValue::from(format(lang, inner)?),
            Arg::List(list) => {
                FluentValue::from(list.iter().map(|s| format(lang, s)).collect::<Result<Vec<_>, _>>()?.join(", "))
            }
        };
        args.set(*name, value);
    }
    let mut errors: Vec<FluentError> = Vec::new();
    let words = bundle.format_pattern(pattern, Some(&args), &mut errors).into_owned();
    if errors.is_empty() {
        Ok(words)
    } else {
        Err(MessageError::Unsaid { lang, id: id.to_string(), errors: errors.iter().map(|e| e.to_string()).collect() })
    }
}

impl Say {
    /// The words in `lang`. A message the language lacks is said in English
    /// (the tests keep every catalogue complete).
    pub fn in_lang(&self, lang: Lang) -> String {
        format(lang, self).or_else(|_| format(Lang::ENGLISH, self)).unwrap_or_else(|e| {
            debug_assert!(false, "{e}");
            self.id().to_string()
        })
    }

    /// The words in `lang`, or why the catalogue cannot say them (a missing
    /// message or argument): what the catalogue tests check.
    pub fn try_in_lang(&self, lang: Lang) -> Result<String, MessageError> {
        format(lang, self)
    }
}

/// The English words, for logs; players read [`Say::in_lang`].
impl fmt::Display for Say {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.in_lang(Lang::ENGLISH))
    }
}

impl Lang {
    /// The language's name in itself: "English", "Deutsch".
    pub fn name(self) -> String {
        crate::say!("language-name").in_lang(self)
    }
}
