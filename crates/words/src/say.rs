//! [`Say`]: a message of the catalogues with its arguments, not yet words.
//! It becomes words in a [`crate::Lang`] (see `catalogue`), where the
//! person reading is known.

use std::borrow::Cow;

/// A message to be said: its id in the catalogues and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Say {
    id: Cow<'static, str>,
    args: Vec<(&'static str, Arg)>,
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A number: formatted for the language (10,554 or 10.554), and what
    /// plural forms choose by.
    Number(f64),
    /// Text said as it is: a player's name, a game id.
    Text(String),
    /// Another message, said in the same language.
    Say(Box<Say>),
    /// Messages said one after another, with commas: "A♠, 2♠".
    List(Vec<Say>),
}

/// Builds a [`Say`]: `say!("duel-full", most = 8)`.
#[macro_export]
macro_rules! say {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::Say::new($id)$(.with(stringify!($name), $value))*
    };
}

impl Say {
    /// The message `id` (`message` or `message.attribute`), without
    /// arguments yet. `say!` reads better; a page template names its
    /// messages at run time.
    pub fn new(id: impl Into<Cow<'static, str>>) -> Say {
        Say { id: id.into(), args: Vec::new() }
    }

    /// With the argument `name` (as the catalogue writes it, `$name`).
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Say {
        self.args.push((name, value.into()));
        self
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn args(&self) -> &[(&'static str, Arg)] {
        &self.args
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f32, f64);

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<Vec<Say>> for Arg {
    fn from(list: Vec<Say>) -> Arg {
        Arg::List(list)
    }
}

impl From<Say> for Arg {
    fn from(say: Say) -> Arg {
        Arg::Say(Box::new(say))
    }
}
