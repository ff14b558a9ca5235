//! Moves: small `Copy` values, and the fixed-capacity list they are generated
//! into so that move generation never allocates.

use arrayvec::ArrayVec;

/// Where a card can come from or go to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pile {
    /// Tableau column, counted from 0 (notation counts from 1).
    Tableau(u8),
    Stock,
    Waste,
    Reserve,
    /// One foundation slot, counted from 0; slot `i` holds suit `i % 4`.
    Foundation(u8),
    /// "A foundation": as a destination the engine picks the slot, since
    /// every slot that accepts a card is equivalent.
    AnyFoundation,
}

/// A move. Drawing and redealing are moves too, so a game is a plain list.
///
/// Moves print and parse in [`crate::notation`]:
///
/// ```
/// use patience_core::{Move, Pile};
///
/// assert_eq!(Move::transfer(Pile::Tableau(2), Pile::Tableau(4), 1).to_string(), "t3-t5");
/// assert_eq!(Move::to_foundation(Pile::Waste).to_string(), "w-f");
/// assert_eq!("s".parse::<Move>(), Ok(Move::Draw));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn the next card(s) of the stock onto the waste.
    Draw,
    /// Turn the waste over, unshuffled, into a new stock: the next pass.
    Redeal,
    /// Move `count` cards from the top of `from` onto `to`. `to` is a
    /// [`Pile::Tableau`] or [`Pile::AnyFoundation`].
    Transfer { from: Pile, to: Pile, count: u8 },
}

impl Move {
    pub const fn transfer(from: Pile, to: Pile, count: u8) -> Move {
        Move::Transfer { from, to, count }
    }

    pub const fn to_foundation(from: Pile) -> Move {
        Move::Transfer { from, to: Pile::AnyFoundation, count: 1 }
    }

    /// Whether this move changes the tableau or the foundations (rather than
    /// only turning stock cards).
    pub const fn is_play(self) -> bool {
        matches!(self, Move::Transfer { .. })
    }
}

/// An upper bound on legal moves in any position of any preset: with `e`
/// empty columns, at most `e * ((10 - e) * 13 + 10) + 4 * (10 - e)` tableau
/// moves plus a foundation move per source, which peaks near 410.
pub const MAX_MOVES: usize = 512;

/// Legal moves of one position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
