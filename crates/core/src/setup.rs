//! Setups: a position written as text, for tests, bug reports and the
//! solver's hand-built puzzles. [`Position`]'s `Display` writes one and
//! [`Position::from_setup`] reads one back, checking it.
//!
//! ```text
//! rules harmony
//! pass 1
//! f 2S -- -- AC
//! t1 5S 4H | KS QH
//! t2
//! stock 3C 4D
//! waste 2C 7D
//! ```
//!
//! `f` lists the top card of each foundation slot (`--` for an empty one);
//! a column lists its cards bottom first, with the face-down ones before `|`;
//! the stock lists the next card to be drawn first; the waste and the
//! reserve list their bottom card first. `base R` gives the foundations' base
//! rank where the player or the deal chooses it. Lines may come in any order
//! and omitted piles are empty. A setup may leave cards out: they are out of
//! play, which lets tests build small positions.

use std::fmt::Write as _;

use crate::card::{parse_rank, rank_char, Card, Suit};
use crate::position::Position;
use crate::presets;
use crate::rules::*;

/// The error for a setup that cannot be read or breaks the rules' limits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad setup, line {line}: {why}")]
pub struct SetupError {
    /// The 1-based line of the problem, 0 for the setup as a whole.
    pub line: usize,
    pub why: String,
}

/// Writes the setup text of `pos`.
pub fn write_setup(pos: &Position) -> String {
    let rules = pos.rules();
    let mut out = String::new();
    let cards = |cards: &[Card]| cards.iter().map(|c| format!(" {}", c.ascii())).collect::<String>();
    let _ = writeln!(out, "rules {}", rules.id);
    let _ = writeln!(out, "pass {}", pos.pass());
    if rules.foundation_base != FoundationBase::Ace {
        match pos.base_rank() {
            Some(r) => {
                let _ = writeln!(out, "base {}", rank_char(r));
            }
            None => out.push_str("base -\n"),
        }
    }
    out.push('f');
    for slot in 0..pos.foundation_slots() {
        match pos.foundation_top(slot) {
            Some(card) => {
                let _ = write!(out, " {}", card.ascii());
            }
            None => out.push_str(" --"),
        }
    }
    out.push('\n');
    for col in 0..pos.column_count() {
        let down = pos.face_down(col);
        let column = pos.column(col);
        let _ = write!(out, "t{}", col + 1);
        if down > 0 {
            let _ = write!(out, "{} |", cards(&column[..down]));
        }
        let _ = writeln!(out, "{}", cards(&column[down..]));
    }
    if rules.stock_cards() > 0 || !pos.stock().is_empty() || !pos.waste().is_empty() {
        let _ = writeln!(out, "stock{}", cards(pos.stock()));
        let _ = writeln!(out, "waste{}", cards(pos.waste()));
    }
    if rules.reserve > 0 || !pos.reserve().is_empty() {
        let _ = writeln!(out, "reserve{}", cards(pos.reserve()));
    }
    out
}

impl Position {
    /// Reads a setup whose `rules` line names a preset.
    pub fn from_setup(text: &str) -> Result<Position, SetupError> {
        let id = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("rules "))
            .ok_or(SetupError { line: 0, why: "no `rules ID` line".into() })?;
        let rules = presets::find(id.trim()).map_err(|e| SetupError { line: 0, why: e.to_string() })?;
        Position::from_setup_with(rules, text)
    }

    /// Reads a setup for the given rules (any `rules` line is ignored), for
    /// rules that are not presets, such as cut-down decks.
    pub fn from_setup_with(rules: &'static Rules, text: &str) -> Result<Position, SetupError> {
        let mut pos = Position::empty(rules);
        let mut counts = [0u8; 64];
        let mut foundation_tops: Option<(usize, Vec<Option<Card>>)> = None;
        let mut base: Option<u8> = (rules.foundation_base == FoundationBase::Ace).then_some(1);
        let mut waste = Vec::new();
        let mut stock = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            let bad = |why: String| SetupError { line: n, why };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let read_cards = |text: &str, counts: &mut [u8; 64]| -> Result<Vec<Card>, SetupError> {
                let mut out = Vec::new();
                for word in text.split_whitespace() {
                    let card: Card = word.parse().map_err(|e: crate::card::ParseCardError| bad(e.to_string()))?;
                    if card.rank() > rules.ranks {
                        return Err(bad(format!("{} is above these rules' top rank", card.ascii())));
                    }
                    let seen = &mut counts[card.to_u8() as usize];
                    *seen += 1;
                    if *seen > rules.decks {
                        return Err(bad(format!(
                            "{} appears more often than {} deck(s) hold",
                            card.ascii(),
                            rules.decks
                        )));
                    }
                    out.push(card);
                }
                Ok(out)
            };
            match key {
                "rules" => {}
                "pass" => {
                    let p: u16 = rest.trim().parse().map_err(|_| bad(format!("`{rest}` is not a pass number")))?;
                    if p == 0 || !(rules.allows_pass(p - 1)) {
                        return Err(bad(format!("pass {p} is not allowed by these rules")));
                    }
                    pos.set_pass(p);
                }
                "base" => {
                    let r = rest.trim();
                    base = if r == "-" {
                        None
                    } else {
                        Some(
                            parse_rank(r)
                                .filter(|&r| r <= rules.ranks)
                                .ok_or_else(|| bad(format!("`{r}` is not a rank")))?,
                        )
                    };
                    // Found by fuzzing (fuzz/corpus/setup/regression-base-*):
                    // these rules' foundations always start from the Ace.
                    if rules.foundation_base == FoundationBase::Ace && base != Some(1) {
                        return Err(bad(format!("these rules build the foundations from the Ace, not `base {r}`")));
                    }
                }
                "f" => {
                    let mut tops = Vec::new();
                    for word in rest.split_whitespace() {
                        tops.push(if word == "--" {
                            None
                        } else {
                            Some(word.parse::<Card>().map_err(|e| bad(e.to_string()))?)
                        });
                    }
                    if tops.len() != rules.foundation_count() {
                        return Err(bad(format!(
                            "these rules have {} foundations, the line lists {}",
                            rules.foundation_count(),
                            tops.len()
                        )));
                    }
                    foundation_tops = Some((n, tops));
                }
                "stock" => stock = read_cards(rest, &mut counts)?,
                "waste" => waste = read_cards(rest, &mut counts)?,
                "reserve" => {
                    let cards = read_cards(rest, &mut counts)?;
                    if cards.len() > MAX_RESERVE {
                        return Err(bad(format!("a reserve holds at most {MAX_RESERVE} cards")));
                    }
                    pos.set_reserve(&cards);
                }
                _ => {
                    let col = key
                        .strip_prefix('t')
                        .and_then(|d| d.parse::<usize>().ok())
                        .filter(|&c| (1..=rules.column_count()).contains(&c))
                        .ok_or_else(|| {
                            bad(format!(
                                "unknown line `{key}`: expected rules, pass, base, f, t1..t{}, stock, waste or reserve",
                                rules.column_count()
                            ))
                        })?;
                    let (down, up) = match rest.split_once('|') {
                        Some((down, up)) => (read_cards(down, &mut counts)?, read_cards(up, &mut counts)?),
                        None => (Vec::new(), read_cards(rest, &mut counts)?),
                    };
                    if up.is_empty() && !down.is_empty() {
                        return Err(bad("a column's top card is face up".into()));
                    }
                    let all: Vec<Card> = down.iter().chain(&up).copied().collect();
                    if all.len() > COLUMN_CAPACITY {
                        return Err(bad(format!("a column holds at most {COLUMN_CAPACITY} cards")));
                    }
                    pos.set_column(col - 1, &all, down.len());
                }
            }
        }
        if waste.len() + stock.len() > MAX_TALON {
            return Err(SetupError { line: 0, why: format!("stock and waste hold at most {MAX_TALON} cards") });
        }
        pos.set_talon(&waste, &stock);
        if let Some((n, tops)) = foundation_tops {
            let bad = |why: String| SetupError { line: n, why };
            for (slot, top) in tops.iter().enumerate() {
                let Some(top) = top else { continue };
                if top.suit() != Suit::from_index(slot as u8) {
                    return Err(bad(format!(
                        "foundation {} holds {}s, not {}",
                        slot + 1,
                        suit_name(slot),
                        top.ascii()
                    )));
                }
                let b = base
                    .ok_or_else(|| bad("a foundation holds cards, so a `base` line must give the base rank".into()))?;
                let count = (top.rank() + rules.ranks - b) % rules.ranks + 1;
                if count > 1 && !rules.foundation_wrap && top.rank() < b {
                    return Err(bad(format!(
                        "{} cannot top a foundation built from rank {}",
                        top.ascii(),
                        rank_char(b)
                    )));
                }
                for k in 0..count {
                    let card = Card::new(top.suit(), (b - 1 + k) % rules.ranks + 1);
                    let seen = &mut counts[card.to_u8() as usize];
                    *seen += 1;
                    if *seen > rules.decks {
                        return Err(bad(format!(
                            "{} appears more often than {} deck(s) hold",
                            card.ascii(),
                            rules.decks
                        )));
                    }
                }
                pos.set_foundation(slot, count);
            }
        }
        pos.set_base(base.unwrap_or(0));
        pos.settle_after_setup();
        Ok(pos)
    }
}

fn suit_name(slot: usize) -> &'static str {
    ["spade", "heart", "diamond", "club"][slot % 4]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_position_round_trips_through_its_setup() {
        for rules in presets::ALL {
            for deal in 1..=3 {
                let pos = Position::deal(rules, deal);
                let text = write_setup(&pos);
                let back = Position::from_setup(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", rules.id));
                assert_eq!(back, pos, "{}", rules.id);
            }
        }
    }

    #[test]
    fn bad_setups_name_the_line() {
        let e = Position::from_setup("rules harmony\nt1 KS KS").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.why.contains("KS appears more often"), "{e}");
        let e = Position::from_setup("rules harmony\nt9 KS").unwrap_err();
        assert!(e.why.contains("unknown line"), "{e}");
        let e = Position::from_setup("rules nope").unwrap_err();
        assert!(e.why.contains("unknown game"), "{e}");
        let e = Position::from_setup("rules lasker\nf 5S -- -- --").unwrap_err();
        assert!(e.why.contains("base"), "{e}");
    }
}
