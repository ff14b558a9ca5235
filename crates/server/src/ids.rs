//! Typed ids: a game, a duel, a player, a UTC day (a daily deal's), and the
//! secret token a player's browser holds. Each is checked once, where it enters (a URL, a cookie, a
//! database row), and carried as its type from there on.

use std::fmt;

use patience_words::{say, Say};
use serde::{Deserialize, Deserializer, Serialize};
use sha2::{Digest, Sha256};

/// `n` random bytes as lower-case hex.
fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn is_lower_hex(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// What a player is told of a game id that names none of their games: the
/// same whether the game is someone else's, does not exist or the id is
/// malformed, so that nobody learns which games exist.
pub fn no_such_game(text: &str) -> Say {
    say!("no-such-game", id = shown(text))
}

/// What a player is told of a duel id that names no duel.
pub fn no_such_duel(text: &str) -> Say {
    say!("no-such-duel", id = shown(text))
}

/// What a player is told of a text in a path that is no day.
pub fn no_such_day(text: &str) -> Say {
    say!("no-such-day", text = shown(text))
}

/// An id as an answer may quote it: at most 40 characters of it.
fn shown(text: &str) -> String {
    text.chars().take(40).collect()
}

/// How a path parameter that does not read as its id is refused: serde
/// carries a deserializer's error as text, so the text says which id it
/// was and what it read, and [`refused_in_path`] makes it its sentence
/// again.
const REFUSED: &str = "\u{1}refused:";

fn refusal(kind: &str, text: &str) -> String {
    format!("{REFUSED}{kind}:{}", shown(text))
}

/// The sentence for a deserializer's error that an id's `Deserialize`
/// wrote, if `message` is one.
pub fn refused_in_path(message: &str) -> Option<Say> {
    let (kind, text) = message.strip_prefix(REFUSED)?.split_once(':')?;
    match kind {
        "game" => Some(no_such_game(text)),
        "duel" => Some(no_such_duel(text)),
        "day" => Some(no_such_day(text)),
        _ => None,
    }
}

macro_rules! hex_id {
    ($(#[$doc:meta])* $name:ident, $bytes:expr, $kind:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// Hex digits in an id.
            pub const LEN: usize = 2 * $bytes;

            /// A fresh random id.
            pub fn random() -> $name {
                $name(random_hex($bytes))
            }

            /// The id written in `text`, if `text` is one (lower-case hex of
            /// the right length).
            pub fn parse(text: &str) -> Option<$name> {
                is_lower_hex(text, Self::LEN).then(|| $name(text.to_string()))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        /// Read where the id enters (a URL's path): a text that is no id
        /// is refused with what a player is told of an id that names
        /// nothing.
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
                $name::parse(&text).ok_or_else(|| serde::de::Error::custom(refusal($kind, &text)))
            }
        }
    };
}

hex_id!(
    /// A game: 24 lower-case hex digits, random.
    GameId,
    12,
    "game"
);

hex_id!(
    /// A duel: 16 lower-case hex digits, random.
    DuelId,
    8,
    "duel"
);

/// A player, as the store numbers them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct PlayerId(pub i64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A UTC day: the day of a daily deal, written `2026-11-26`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Day(time::Date);

const MS_PER_DAY: i64 = 86_400_000;

/// The Julian day number of 1970-01-01, the first day of Unix time.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;

impl Day {
    /// The UTC day that Unix time `ms` falls on.
    pub fn of_ms(ms: i64) -> Day {
        let julian = ms.div_euclid(MS_PER_DAY) + UNIX_EPOCH_JULIAN_DAY;
        Day(time::Date::from_julian_day(julian as i32).unwrap_or(time::Date::MIN))
    }

    /// When the day starts (Unix ms).
    pub fn start_ms(self) -> i64 {
        (i64::from(self.0.to_julian_day()) - UNIX_EPOCH_JULIAN_DAY) * MS_PER_DAY
    }

    /// When the day ends: the next day's start (Unix ms).
    pub fn end_ms(self) -> i64 {
        self.start_ms() + MS_PER_DAY
    }

    pub fn previous(self) -> Option<Day> {
        self.0.previous_day().map(Day)
    }

    pub fn next(self) -> Option<Day> {
        self.0.next_day().map(Day)
    }

    /// The day written in `text` as `YYYY-MM-DD`, if it is one.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.split('-');
        let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || year.len() != 4 || month.len() != 2 || day.len() != 2 {
            return None;
        }
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if !(digits(year) && digits(month) && digits(day)) {
            return None;
        }
        let month = time::Month::try_from(month.parse::<u8>().ok()?).ok()?;
        time::Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?).ok().map(Day)
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.0.year(), u8::from(self.0.month()), self.0.day())
    }
}

impl Serialize for Day {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read where the day enters (a URL's path).
impl<'de> Deserialize<'de> for Day {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Day, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        Day::parse(&text).ok_or_else(|| serde::de::Error::custom(refusal("day", &text)))
    }
}

/// A daily deal: a game's default rules on a UTC day.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DailyId {
    pub rules: &'static patience_core::Rules,
    pub day: Day,
}

impl fmt::Display for DailyId {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} {}", self.rules.id, self.day)
    }
}

/// What a game may belong to beside its player: a contest whose rules it
/// plays by (no help, its clock from the opening, its deal secret until
/// the contest is over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contest {
    Duel(DuelId),
    Daily(DailyId),
}

impl Contest {
    pub fn duel(&self) -> Option<&DuelId> {
        match self {
            Contest::Duel(id) => Some(id),
            Contest::Daily(_) => None,
        }
    }
}

/// The secret a player's browser holds in its cookie: 64 hex digits. The
/// server keeps only its hash ([`PlayerToken::hash`]); `Debug` does not
/// show it, so it cannot reach a log.
#[derive(Clone, PartialEq, Eq)]
pub struct PlayerToken(String);

/// A token's SHA-256: what the database keeps instead of the token.
pub type TokenHash = [u8; 32];

impl PlayerToken {
    /// A fresh random token.
    pub fn random() -> PlayerToken {
        PlayerToken(random_hex(32))
    }

    /// The token written in `text`, if `text` is one (64 hex digits, either
    /// case, as browsers send it back).
    pub fn parse(text: &str) -> Option<PlayerToken> {
        (text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())).then(|| PlayerToken(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn hash(&self) -> TokenHash {
        Sha256::digest(self.0.as_bytes()).into()
    }
}

impl fmt::Debug for PlayerToken {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("PlayerToken(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_checked_where_they_enter() {
        let game = GameId::random();
        assert_eq!(GameId::parse(game.as_str()), Some(game.clone()));
        assert_eq!(game.as_str().len(), 24);
        assert_eq!(DuelId::random().as_str().len(), 16);
        for bad in ["", "x", "ABCDEF0123456789abcdef01", "0123456789abcdef0123456", "0123456789abcdef012345678"] {
            assert_eq!(GameId::parse(bad), None, "{bad}");
        }
        assert_eq!(DuelId::parse(game.as_str()), None, "a game id is no duel id");
        let token = PlayerToken::random();
        assert_eq!(PlayerToken::parse(token.as_str()), Some(token.clone()));
        assert_eq!(PlayerToken::parse(&token.as_str()[1..]), None);
        assert!(!format!("{token:?}").contains(token.as_str()), "a token never reaches a log");
        assert_ne!(token.hash(), PlayerToken::random().hash());
    }

    #[test]
    fn a_day_runs_from_utc_midnight_to_the_next() {
        let day = Day::parse("2026-11-26").unwrap();
        assert_eq!(day.to_string(), "2026-11-26");
        assert_eq!(day.start_ms(), 1_795_651_200_000, "date -u -d 2026-11-26 +%s");
        assert_eq!(Day::of_ms(day.start_ms()), day);
        assert_eq!(Day::of_ms(day.end_ms() - 1), day);
        assert_eq!(Day::of_ms(day.end_ms()), day.next().unwrap());
        assert_eq!(day.next().unwrap().previous(), Some(day));
        assert_eq!(Day::of_ms(0).to_string(), "1970-01-01");
        assert_eq!(Day::of_ms(-1).to_string(), "1969-12-31");
        assert_eq!(Day::parse("2024-02-29").map(|d| d.next().unwrap().to_string()), Some("2024-03-01".into()));
        for bad in ["", "2026-11-31", "2026-13-01", "2026-1-01", "26-11-26", "2026-11-26-", "2026/11/26", "+026-11-26"]
        {
            assert_eq!(Day::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_id_in_a_path_is_read_or_refused_with_what_the_player_is_told() {
        let game = GameId::random();
        let read: GameId = serde_json::from_value(serde_json::json!(game.as_str())).unwrap();
        assert_eq!(read, game);
        let refused = serde_json::from_value::<GameId>(serde_json::json!("nope")).unwrap_err().to_string();
        assert_eq!(refused_in_path(&refused), Some(no_such_game("nope")));
        let refused = serde_json::from_value::<DuelId>(serde_json::json!(game.as_str())).unwrap_err().to_string();
        assert_eq!(refused_in_path(&refused), Some(no_such_duel(game.as_str())));
        let refused = serde_json::from_value::<Day>(serde_json::json!("2026-13-01")).unwrap_err().to_string();
        assert_eq!(refused_in_path(&refused), Some(no_such_day("2026-13-01")));
        assert_eq!(no_such_game("nope").to_string(), "no game `nope`: it does not exist or is not yours");
    }
}
