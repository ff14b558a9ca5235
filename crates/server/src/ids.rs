//! Typed ids: a game, a duel, a player, and the secret token a player's
//! browser holds. Each is checked once, where it enters (a URL, a cookie, a
//! database row), and carried as its type from there on.

use std::fmt;

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
pub fn no_such_game(text: &str) -> String {
    format!("no game `{}`: it does not exist or is not yours", shown(text))
}

/// What a player is told of a duel id that names no duel.
pub fn no_such_duel(text: &str) -> String {
    format!("no duel `{}`", shown(text))
}

/// An id as an answer may quote it: at most 40 characters of it.
fn shown(text: &str) -> String {
    text.chars().take(40).collect()
}

macro_rules! hex_id {
    ($(#[$doc:meta])* $name:ident, $bytes:expr, $no_such:path) => {
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
                $name::parse(&text).ok_or_else(|| serde::de::Error::custom($no_such(&text)))
            }
        }
    };
}

hex_id!(
    /// A game: 24 lower-case hex digits, random.
    GameId,
    12,
    no_such_game
);

hex_id!(
    /// A duel: 16 lower-case hex digits, random.
    DuelId,
    8,
    no_such_duel
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
    fn an_id_in_a_path_is_read_or_refused_with_what_the_player_is_told() {
        let game = GameId::random();
        let read: GameId = serde_json::from_value(serde_json::json!(game.as_str())).unwrap();
        assert_eq!(read, game);
        let refused = serde_json::from_value::<GameId>(serde_json::json!("nope")).unwrap_err().to_string();
        assert_eq!(refused, no_such_game("nope"));
        let refused = serde_json::from_value::<DuelId>(serde_json::json!(game.as_str())).unwrap_err().to_string();
        assert_eq!(refused, no_such_duel(game.as_str()));
    }
}
