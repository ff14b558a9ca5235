//! Move notation: a short text form of every move, for people, records and
//! the player view.
//!
//! | text        | move                                                  |
//! |-------------|-------------------------------------------------------|
//! | `s`         | draw from the stock                                   |
//! | `r`         | redeal: turn the waste over into a new stock           |
//! | `t3-t5`     | the top card of column 3 onto column 5 (columns from 1)|
//! | `t2-t7:3`   | the top 3 cards of column 2, as a run, onto column 7   |
//! | `w-t4`      | the top waste card onto column 4                       |
//! | `t3-f`      | column 3's top card to its foundation                  |
//! | `w-f`, `res-f`, `res-t2` | from the waste or the reserve               |
//! | `f2-t4`     | the top card of foundation 2 back onto column 4        |
//!
//! Foundations are numbered 1 to 8 in suit order spades, hearts, diamonds,
//! clubs (then again for the second deck). Parsing is case-insensitive and
//! ignores spaces around the dash; printing gives the canonical form above,
//! and `parse(print(m)) == m` for every move.

use std::fmt;

use crate::moves::{Move, Pile};

/// The error for text that is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a move ({why}); write s (draw), r (redeal), or FROM-TO[:N] with FROM one of t1..t10, w, res, f1..f8 and TO one of t1..t10, f, for example t3-t5, t2-t7:3, w-f")]
pub struct NotationError {
    pub text: String,
    pub why: NotationProblem,
}

/// What is wrong with a text that is not a move: a value, so that each
/// language can say it (`patience_words`); its `Display` is the English
/// of logs and the terminal.
#[derive(Debug, Copy, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationProblem {
    #[error("it is empty")]
    Empty,
    #[error("the count after `:` must be a number")]
    CountNotANumber,
    #[error("the count after `:` must be at least 1")]
    CountZero,
    #[error("the count after `:` is more cards than a pile can hold")]
    CountTooLarge,
    #[error("a dash must separate FROM and TO")]
    NoDash,
    #[error("unknown source pile")]
    UnknownSource,
    #[error("unknown destination pile")]
    UnknownDestination,
    #[error("cards come from a column, the waste, the reserve or one foundation")]
    NotASource,
    #[error("cards go to a column or the foundations")]
    NotADestination,
    #[error("only column-to-column moves carry several cards")]
    SeveralCards,
    #[error("FROM and TO are the same pile")]
    SamePile,
}

/// The move in canonical notation.
pub fn format(mv: Move) -> String {
    mv.to_string()
}

/// Reads a move written in notation.
///
/// ```
/// use patience_core::{notation, Move, Pile};
///
/// let mv = notation::parse("t2-t7:3").unwrap();
/// assert_eq!(mv, Move::transfer(Pile::Tableau(1), Pile::Tableau(6), 3));
/// assert_eq!(notation::format(mv), "t2-t7:3");
///
/// // Case and spaces do not matter; a numbered foundation as the
/// // destination means "to the foundations", printed `f`.
/// assert_eq!(notation::parse(" W - F1 ").unwrap().to_string(), "w-f");
///
/// let err = notation::parse("t1-t1").unwrap_err();
/// assert_eq!(err.why, notation::NotationProblem::SamePile);
/// assert_eq!(err.why.to_string(), "FROM and TO are the same pile");
/// ```
pub fn parse(text: &str) -> Result<Move, NotationError> {
    let err = |why| NotationError { text: text.to_string(), why };
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    match compact.as_str() {
        "" => return Err(err(NotationProblem::Empty)),
        "s" => return Ok(Move::Draw),
        "r" => return Ok(Move::Redeal),
        _ => {}
    }
    let (body, count) = match compact.split_once(':') {
        Some((body, n)) => {
            let n: u8 = n.parse().map_err(|_| {
                let digits = !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
                err(if digits { NotationProblem::CountTooLarge } else { NotationProblem::CountNotANumber })
            })?;
            if n == 0 {
                return Err(err(NotationProblem::CountZero));
            }
            (body, n)
        }
        None => (compact.as_str(), 1),
    };
    let (from, to) = body.split_once('-').ok_or_else(|| err(NotationProblem::NoDash))?;
    let from = parse_pile(from).ok_or_else(|| err(NotationProblem::UnknownSource))?;
    let to = parse_pile(to).ok_or_else(|| err(NotationProblem::UnknownDestination))?;
    match from {
        Pile::Tableau(_) | Pile::Waste | Pile::Reserve | Pile::Foundation(_) => {}
        _ => return Err(err(NotationProblem::NotASource)),
    }
    let to = match to {
        Pile::Tableau(_) | Pile::AnyFoundation => to,
        // Any foundation slot as a destination means "to the foundations":
        // the engine chooses among equivalent slots.
        Pile::Foundation(_) => Pile::AnyFoundation,
        _ => return Err(err(NotationProblem::NotADestination)),
    };
    if count > 1 && !matches!((from, to), (Pile::Tableau(_), Pile::Tableau(_))) {
        return Err(err(NotationProblem::SeveralCards));
    }
    if from == to {
        return Err(err(NotationProblem::SamePile));
    }
    Ok(Move::Transfer { from, to, count })
}

fn parse_pile(text: &str) -> Option<Pile> {
    let number = |digits: &str, max: u8| -> Option<u8> {
        let n: u8 = digits.parse().ok()?;
        if (1..=max).contains(&n) {
            Some(n - 1)
        } else {
            None
        }
    };
    match text {
        "w" => Some(Pile::Waste),
        "res" => Some(Pile::Reserve),
        "f" => Some(Pile::AnyFoundation),
        _ => {
            if let Some(d) = text.strip_prefix('t') {
                number(d, 10).map(Pile::Tableau)
            } else if let Some(d) = text.strip_prefix('f') {
                number(d, 8).map(Pile::Foundation)
            } else {
                None
            }
        }
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Pile::Tableau(c) => write!(f, "t{}", c as u16 + 1),
            Pile::Stock => f.write_str("s"),
            Pile::Waste => f.write_str("w"),
            Pile::Reserve => f.write_str("res"),
            Pile::Foundation(s) => write!(f, "f{}", s as u16 + 1),
            Pile::AnyFoundation => f.write_str("f"),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Draw => f.write_str("s"),
            Move::Redeal => f.write_str("r"),
            Move::Transfer { from, to, count: 1 } => write!(f, "{from}-{to}"),
            Move::Transfer { from, to, count } => write!(f, "{from}-{to}:{count}"),
        }
    }
}

impl std::str::FromStr for Move {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Move, NotationError> {
        parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_from_the_module_docs_parse() {
        assert_eq!(parse("s"), Ok(Move::Draw));
        assert_eq!(parse("R"), Ok(Move::Redeal));
        assert_eq!(parse("t3-t5"), Ok(Move::transfer(Pile::Tableau(2), Pile::Tableau(4), 1)));
        assert_eq!(parse("t2 - t7:3"), Ok(Move::transfer(Pile::Tableau(1), Pile::Tableau(6), 3)));
        assert_eq!(parse("w-f"), Ok(Move::to_foundation(Pile::Waste)));
        assert_eq!(parse("f2-t4"), Ok(Move::transfer(Pile::Foundation(1), Pile::Tableau(3), 1)));
        assert_eq!(parse("res-t10"), Ok(Move::transfer(Pile::Reserve, Pile::Tableau(9), 1)));
        assert_eq!(parse("t1-f3"), Ok(Move::to_foundation(Pile::Tableau(0))));
    }

    #[test]
    fn malformed_moves_say_what_is_wrong() {
        for bad in ["", "x", "t0-t1", "t11-t1", "t1t2", "t1-t2:0", "t1-t2:x", "w-t1:2", "f-t1", "t1-w", "t1-t1", "s-t1"]
        {
            let e = parse(bad).unwrap_err();
            assert!(e.to_string().contains("is not a move"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_count_too_large_for_any_pile_is_told_apart_from_one_that_is_no_number() {
        let problem = |text: &str| parse(text).unwrap_err().why;
        assert_eq!(problem("t1-t2:99999999999"), NotationProblem::CountTooLarge);
        assert_eq!(problem("t1-t2:256"), NotationProblem::CountTooLarge);
        assert_eq!(problem("t1-t2:-3"), NotationProblem::CountNotANumber);
        assert_eq!(problem("t1-t2:"), NotationProblem::CountNotANumber);
        assert_eq!(problem("t1-t2:0"), NotationProblem::CountZero);
    }
}
