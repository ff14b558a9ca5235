//! [`Refusal`]: why the rules forbid a move, as a value carrying the cards
//! and piles involved, which front ends put into words in the player's
//! language (the `patience-words` crate).
//!
//! The move generator alone decides legality; a refusal only explains a
//! move it did not list (see `Position::check`). It names cards and piles,
//! never notation.

use crate::card::Card;
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
    /// Where only whole runs move: the run of `run` cards on top of a
    /// column, led by `lead`, has no move at all, and its top card cannot go
    /// up either.
    RunNowhereToGo { lead: Card, run: u8, build: Build, wrap: bool, ranks: u8 },
    /// Any other case: the rules do not allow this move here.
    NotAllowed,
}
