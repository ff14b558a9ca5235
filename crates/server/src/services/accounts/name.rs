//! An account's name: what a player may claim, checked once where it
//! enters and carried as its type from there on.

use std::fmt;

/// Characters a name has at least.
pub const MIN_LEN: usize = 3;
/// Characters a name has at most.
pub const MAX_LEN: usize = 20;

/// Names nobody may claim (compared without regard to case): they would
/// pass for the site speaking, or for nobody.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "api",
    "guest",
    "mod",
    "moderator",
    "nobody",
    "null",
    "patience",
    "root",
    "staff",
    "static",
    "support",
    "system",
    "undefined",
];

/// A name an account may have: 3 to 20 ASCII letters, digits, `-` and `_`,
/// not reserved. Two names that differ only by case are the same name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountName(String);

/// Why a text is no name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NameRefusal {
    Length,
    Characters,
    Reserved,
}

impl AccountName {
    /// The name written in `text`, as written (its case kept).
    pub fn parse(text: &str) -> Result<AccountName, NameRefusal> {
        let len = text.chars().count();
        if !(MIN_LEN..=MAX_LEN).contains(&len) {
            return Err(NameRefusal::Length);
        }
        if !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(NameRefusal::Characters);
        }
        if RESERVED.contains(&text.to_ascii_lowercase().as_str()) {
            return Err(NameRefusal::Reserved);
        }
        Ok(AccountName(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for AccountName {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_3_to_20_letters_digits_dashes_and_underscores_and_not_reserved() {
        for good in ["ann", "Ann-Marie_2", "x".repeat(20).as_str(), "ADMIN1"] {
            assert_eq!(AccountName::parse(good).map(|n| n.to_string()), Ok(good.to_string()), "{good}");
        }
        assert_eq!(AccountName::parse("an"), Err(NameRefusal::Length));
        assert_eq!(AccountName::parse(&"x".repeat(21)), Err(NameRefusal::Length));
        for bad in ["ann marie", "ann.m", "jürgen", "<b>x</b>", "ann@x"] {
            assert_eq!(AccountName::parse(bad), Err(NameRefusal::Characters), "{bad}");
        }
        for reserved in ["admin", "Admin", "ANONYMOUS", "system"] {
            assert_eq!(AccountName::parse(reserved), Err(NameRefusal::Reserved), "{reserved}");
        }
    }
}
