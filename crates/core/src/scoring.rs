//! Solitaire Harmony's score, as a pure function of what happened in a game.
//!
//! The list of `docs/RULES.md` ("Solitaire Harmony", the score), line by
//! line:
//! - +1,000 the first time each card reaches a foundation ([`Tally::cards`]);
//! - +10,000 when all 52 cards are on the foundations;
//! - +100 for each tableau card uncovered ([`Tally::uncovered`]);
//! - +150 per whole second left on the clock when the board is cleared;
//! - +1 per whole second left when the player quits early;
//! - -400 for each redeal that starts pass 3, 4, ... ([`Tally::charged_passes`]);
//! - -1,000 per undo.
//!
//! An undo takes back everything the undone move earned or cost (the tally is
//! restored) and then costs 1,000 itself, so undoing is never a way to earn
//! points twice. The score is not clamped at zero.

use crate::moves::Move;
use crate::position::Position;
use crate::rules::DealFace;

pub const CARD_POINTS: i64 = 1_000;
pub const CLEARED_BONUS: i64 = 10_000;
pub const UNCOVER_POINTS: i64 = 100;
pub const CLEARED_POINTS_PER_SECOND: i64 = 150;
pub const QUIT_POINTS_PER_SECOND: i64 = 1;
pub const PASS_PENALTY: i64 = 400;
/// Passes before this one are free.
pub const FIRST_CHARGED_PASS: u16 = 3;
pub const UNDO_PENALTY: i64 = 1_000;

/// What the moves so far have earned, kept beside each position so that an
/// undo restores it exactly.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Bit `card.index()` (and `+ 52` for a second deck's copy) is set once
    /// that card has reached a foundation.
    pub cards: u128,
    /// Tableau cards turned face up.
    pub uncovered: u16,
    /// Redeals that started pass 3 or later.
    pub charged_passes: u16,
}

impl Tally {
    /// What the opening position has already earned: automatic moves at the
    /// deal may send cards up and uncover the cards beneath them.
    pub fn opening(pos: &Position) -> Tally {
        let rules = pos.rules();
        let dealt_down: usize = match rules.deal_face {
            DealFace::TopCardUp => rules.columns.iter().map(|&c| c.saturating_sub(1) as usize).sum(),
            DealFace::AllUp => 0,
        };
        let mut tally = Tally { uncovered: (dealt_down - pos.face_down_total()) as u16, ..Tally::default() };
        tally.note_foundations(&[0; 8], pos);
        tally
    }

    /// Adds what `mv` earned, given the position before and after it.
    pub fn record(&mut self, before: &Position, mv: Move, after: &Position) {
        self.uncovered += (before.face_down_total() - after.face_down_total()) as u16;
        if mv == Move::Redeal && after.pass() >= FIRST_CHARGED_PASS {
            self.charged_passes += 1;
        }
        let mut counts = [0u8; 8];
        for (slot, c) in counts.iter_mut().enumerate().take(before.foundation_slots()) {
            *c = before.foundation_len(slot) as u8;
        }
        self.note_foundations(&counts, after);
    }

    fn note_foundations(&mut self, before: &[u8; 8], after: &Position) {
        for slot in 0..after.foundation_slots() {
            let copy = (slot / 4) as u32 * 52;
            for card in after.foundation_cards(slot).skip(before[slot] as usize) {
                self.cards |= 1u128 << (card.index() as u32 + copy);
            }
        }
    }
}

/// How a timed game ended, for the bonuses that depend on it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Still playing, lost, stuck or out of time: no bonus.
    None,
    /// Every card on the foundations with this many milliseconds left.
    Cleared { ms_left: u64 },
    /// The player gave up with this many milliseconds left.
    Quit { ms_left: u64 },
}

/// Harmony's score from a game's tally, undo count and finish.
///
/// ```
/// use patience_core::scoring::{score, Finish, Tally};
///
/// // Every card up, 21 cards turned up, pass 3 started once, one undo,
/// // cleared with 90.5 s left (whole seconds count).
/// let tally = Tally { cards: (1 << 52) - 1, uncovered: 21, charged_passes: 1 };
/// let points = 52 * 1_000 + 21 * 100 - 400 - 1_000 + 10_000 + 90 * 150;
/// assert_eq!(score(&tally, 1, Finish::Cleared { ms_left: 90_500 }), points);
/// assert_eq!(score(&Tally::default(), 0, Finish::Quit { ms_left: 299_999 }), 299);
/// ```
pub fn score(tally: &Tally, undos: u32, finish: Finish) -> i64 {
    let points = CARD_POINTS * tally.cards.count_ones() as i64 + UNCOVER_POINTS * tally.uncovered as i64
        - PASS_PENALTY * tally.charged_passes as i64
        - UNDO_PENALTY * undos as i64;
    let cleared = if matches!(finish, Finish::Cleared { .. }) { CLEARED_BONUS } else { 0 };
    points + cleared + time_bonus(finish)
}

/// The points a finish earns for the whole seconds left on the clock: 150
/// each when the board is cleared, 1 each when the player quits.
///
/// ```
/// use patience_core::scoring::{time_bonus, Finish};
///
/// assert_eq!(time_bonus(Finish::Cleared { ms_left: 61_999 }), 150 * 61);
/// assert_eq!(time_bonus(Finish::Quit { ms_left: 271_500 }), 271);
/// assert_eq!(time_bonus(Finish::None), 0);
/// ```
pub fn time_bonus(finish: Finish) -> i64 {
    match finish {
        Finish::None => 0,
        Finish::Cleared { ms_left } => CLEARED_POINTS_PER_SECOND * (ms_left / 1000) as i64,
        Finish::Quit { ms_left } => QUIT_POINTS_PER_SECOND * (ms_left / 1000) as i64,
    }
}
