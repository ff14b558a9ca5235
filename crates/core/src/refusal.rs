//! [`Refusal`]: why the rules forbid a move, as a value carrying the cards
//! and piles involved, and the sentence a person reads for it.
//!
//! The move generator alone decides legality; a refusal only explains a
//! move it did not list (see `Position::check`). Front ends show the
//! sentence as it is, so it speaks of cards and columns, never of notation.

use std::fmt;

use crate::card::{rank_name, Card, Suit};
use crate::moves::Pile;
use crate::rules::Build;

/// Why a move is not allowed in the position it was tried in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Drawing or redealing in a game without a stock.
    NoStock,
    /// Drawing with nothing left in the stock.
    StockEmpty,
    /// Turning the waste over while the stock still holds cards.
    StockNotEmpty,
    /// Turning the waste over with nothing on it.
    WasteEmpty,
    /// Turning the waste over after the last pass the rules allow.
    NoPassLeft { passes: u8 },
    /// Drawing or redealing in a position whose rules forbid it for a reason
    /// not listed above.
    StockClosed,
    /// A column or foundation number past the game's last.
    NoSuchPile { pile: Pile, count: u8 },
    /// A move of zero cards.
    NoCards,
    /// The same pile as source and destination.
    SamePile { pile: Pile },
    /// A pile cards never come from, such as the stock.
    NotASource { pile: Pile },
    /// A pile cards never go to, such as the waste.
    NotADestination { pile: Pile },
    /// A source this game does not have (a reserve, a waste).
    NoSuchSource { pile: Pile },
    /// Taking a card back from the foundations where the rules forbid it.
    FoundationsKeepTheirCards,
    /// The source pile is empty.
    SourceEmpty { pile: Pile },
    /// Several cards from a pile that gives one at a time.
    OneCardFrom { pile: Pile },
    /// Several cards at once onto the foundations.
    FoundationsTakeOneAtATime,
    /// Several cards at once in a game where only single cards move.
    SingleCardsOnly,
    /// More cards than lie face up on the column.
    NotThatManyFaceUp { pile: Pile, face_up: u8 },
    /// Cards that do not form a correctly built run.
    NotARun { pile: Pile, count: u8, run: u8 },
    /// Part of a run where only whole runs move.
    PartOfARun { pile: Pile, run: u8 },
    /// A card the foundations do not take now; `needs` are the cards its
    /// suit's foundations take next (none once they are full).
    NotNextOnFoundation { card: Card, needs: [Option<Card>; 2] },
    /// A run onto a card, where runs only move into empty columns.
    RunOntoCard { pile: Pile },
    /// A card that does not build on the top card of a column.
    DoesNotBuild { card: Card, onto: Card, pile: Pile, build: Build, wrap: bool, ranks: u8 },
    /// A card that would only go back to the foundation it came from.
    BackToFoundation { card: Card },
    /// Filling a column that the rules never let be refilled.
    SpaceStaysEmpty { pile: Pile },
    /// Filling a space while too many columns hold cards.
    TooManyColumnsInUse { most: u8 },
    /// A card other than a King into an empty column, where only Kings go.
    OnlyKingsFillSpaces { card: Card, pile: Pile, king: u8 },
    /// A card with no move at all (the top card of its pile): no column
    /// takes it, and its foundation does not either; `up` as in
    /// [`Refusal::NotNextOnFoundation`].
    NowhereToGo { card: Card, build: Build, wrap: bool, ranks: u8, up: [Option<Card>; 2] },
    /// Any other case: the rules do not allow this move here.
    NotAllowed,
}

/// The place a pile has on the table, in words: "column 3", "the waste".
pub fn pile_name(pile: Pile) -> String {
    match pile {
        Pile::Tableau(c) => format!("column {}", c as usize + 1),
        Pile::Stock => "the stock".into(),
        Pile::Waste => "the waste".into(),
        Pile::Reserve => "the reserve".into(),
        Pile::Foundation(s) => format!("the {} foundation", Suit::from_index(s).symbol()),
        Pile::AnyFoundation => "the foundations".into(),
    }
}

fn capitalised(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

fn cards(n: u8) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

/// The cards a card needs below it to build, in words: "a black 8", "8♥",
/// "6♥ or 8♥".
fn needed_below(card: Card, build: Build, wrap: bool, ranks: u8) -> String {
    needed_rank(card, build, wrap, ranks).unwrap_or_else(|| "no card: nothing builds on it".into())
}

/// What its foundation needs before `card` goes up, in words: "its
/// foundation needs the 6 first".
fn foundation_needs(needs: [Option<Card>; 2]) -> String {
    match needs {
        [None, None] => "its foundations are complete".into(),
        [Some(a), None] | [None, Some(a)] => format!("its foundation needs the {} first", rank_name(a.rank())),
        [Some(a), Some(b)] if a == b => format!("its foundations need the {} first", rank_name(a.rank())),
        [Some(a), Some(b)] => {
            format!("its foundations need the {} or the {} first", rank_name(a.rank()), rank_name(b.rank()))
        }
    }
}

/// [`needed_below`], or `None` where no card takes it (a King building
/// down).
fn needed_rank(card: Card, build: Build, wrap: bool, ranks: u8) -> Option<String> {
    let above = if card.rank() < ranks {
        Some(card.rank() + 1)
    } else if wrap {
        Some(1)
    } else {
        None
    };
    let below = if card.rank() > 1 {
        Some(card.rank() - 1)
    } else if wrap {
        Some(ranks)
    } else {
        None
    };
    // Needed cards are told by rank and suit name, not as cards: they may
    // be face down, and a sentence naming them would read as a leak.
    let suit = match card.suit() {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    };
    let article = |rank: u8| if matches!(rank, 1 | 8) { "an" } else { "a" };
    match build {
        Build::DownAlternateColours => above.map(|rank| {
            let colour = if card.is_red() { "black" } else { "red" };
            format!("a {colour} {}", rank_name(rank))
        }),
        Build::DownBySuit => above.map(|rank| format!("{} {} of {suit}", article(rank), rank_name(rank))),
        Build::UpOrDownBySuit => match (below, above) {
            (Some(low), Some(high)) => {
                Some(format!("{} {} or {} of {suit}", article(low), rank_name(low), rank_name(high)))
            }
            (Some(rank), None) | (None, Some(rank)) => Some(format!("{} {} of {suit}", article(rank), rank_name(rank))),
            (None, None) => None,
        },
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match *self {
            Refusal::NoStock => "This game has no stock.".to_string(),
            Refusal::StockEmpty => "The stock is empty.".into(),
            Refusal::StockNotEmpty => "The stock still holds cards: draw them before turning the waste over.".into(),
            Refusal::WasteEmpty => "The waste is empty: there is nothing to turn over.".into(),
            Refusal::NoPassLeft { passes: 1 } => {
                "No pass is left: these rules allow one pass through the stock.".into()
            }
            Refusal::NoPassLeft { passes } => {
                format!("No pass is left: these rules allow {passes} passes through the stock.")
            }
            Refusal::StockClosed => "The stock cannot be used now.".into(),
            Refusal::NoSuchPile { pile: Pile::Tableau(c), count } => {
                format!("There is no column {}: this game has {count}.", c as usize + 1)
            }
            Refusal::NoSuchPile { count, .. } => format!("There is no such foundation: this game has {count}."),
            Refusal::NoCards => "A move carries at least one card.".into(),
            Refusal::SamePile { pile } => {
                capitalised(format!("{} is both the source and the destination.", pile_name(pile)))
            }
            Refusal::NotASource { pile } => capitalised(format!(
                "{}: cards come from a column, the waste, the reserve or a foundation.",
                match pile {
                    Pile::Stock => "cards are drawn from the stock, not moved from it".to_string(),
                    other => format!("cards are not taken from {}", pile_name(other)),
                }
            )),
            Refusal::NotADestination { pile } => {
                format!("Cards cannot go to {}: they go to a column or a foundation.", pile_name(pile))
            }
            Refusal::NoSuchSource { pile } => {
                format!("This game has no {}.", pile_name(pile).trim_start_matches("the "))
            }
            Refusal::FoundationsKeepTheirCards => "Cards never leave the foundations in this game.".into(),
            Refusal::SourceEmpty { pile } => capitalised(format!("{} is empty.", pile_name(pile))),
            Refusal::OneCardFrom { pile } => format!("Only one card at a time comes from {}.", pile_name(pile)),
            Refusal::FoundationsTakeOneAtATime => "Cards go to the foundations one at a time.".into(),
            Refusal::SingleCardsOnly => "Only one card moves at a time in this game.".into(),
            Refusal::NotThatManyFaceUp { pile, face_up } => {
                capitalised(format!("{} has only {} face up.", pile_name(pile), cards(face_up)))
            }
            Refusal::NotARun { pile, count, run: 1 } => {
                format!(
                    "The top {} of {} are not built in order: only the top card moves from there.",
                    cards(count),
                    pile_name(pile)
                )
            }
            Refusal::NotARun { pile, count, run } => format!(
                "The top {} of {} are not built in order: at most the top {run} move together.",
                cards(count),
                pile_name(pile)
            ),
            Refusal::PartOfARun { pile, run } => {
                format!("Only whole runs move: take all {} of the run on {}.", cards(run), pile_name(pile))
            }
            // The cards needed are told by rank alone: they may be face
            // down, and a sentence that names them would read as a leak.
            Refusal::NotNextOnFoundation { card, needs: [None, None] } => {
                format!("{card} cannot go up: {}.", foundation_needs([None, None]))
            }
            Refusal::NotNextOnFoundation { card, needs } => {
                format!("{card} cannot go up yet: {}.", foundation_needs(needs))
            }
            Refusal::RunOntoCard { pile } => {
                format!(
                    "Only one card at a time goes onto another card; runs move only into an empty column, not onto {}.",
                    pile_name(pile)
                )
            }
            Refusal::DoesNotBuild { card, onto, pile, build, wrap, ranks } => {
                format!("{card} needs {}; {} ends in {onto}.", needed_below(card, build, wrap, ranks), pile_name(pile))
            }
            Refusal::BackToFoundation { card } => format!("{card} would only go straight back to its foundation."),
            Refusal::SpaceStaysEmpty { pile } => capitalised(format!(
                "{} stays empty: an emptied column is never refilled in this game.",
                pile_name(pile)
            )),
            Refusal::TooManyColumnsInUse { most } => {
                format!(
                    "An empty column may be filled only while at most {} columns hold cards.",
                    most.saturating_sub(1)
                )
            }
            Refusal::OnlyKingsFillSpaces { card, pile, king } => format!(
                "Only a {} goes into an empty column, and {card} is not one ({} is empty).",
                rank_name(king),
                pile_name(pile)
            ),
            Refusal::NowhereToGo { card, build, wrap, ranks, up } => format!(
                "{card} has nowhere to go now: {}, and {}.",
                match needed_rank(card, build, wrap, ranks) {
                    Some(needed) => format!("no column ends in {needed}"),
                    None => "it goes only into an empty column".into(),
                },
                foundation_needs(up)
            ),
            Refusal::NotAllowed => "The rules do not allow that move here.".into(),
        };
        f.write_str(&text)
    }
}
