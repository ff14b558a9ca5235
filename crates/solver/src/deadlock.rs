//! Deadlock proofs: positions shown lost without searching them, because
//! even a far looser game than the real one cannot be won from them.
//!
//! **The loose game.** Play it on the position's piles. A card that has not
//! moved yet is *stuck*; the stuck cards of a column (or the reserve) are the
//! bottom of it. Every talon card and every card on a foundation is free from
//! the start. A stuck card `c` comes free when every stuck card above it
//! comes with it (none is left above it; or, where the rules move runs, all
//! of them are built on `c` as a run) and it has somewhere to go:
//! - a foundation (alone, not with a run), when more copies of the card
//!   below it could have been up than copies of `c` are up in the position;
//!   a copy of a card can have been up only if it is free, and no more copies
//!   than of the card below it;
//! - a card it builds on (by [`Rules::builds_on`]) that is free, or is the
//!   top stuck card of another column;
//! - a space, when the rules let it fill one and another column has no stuck
//!   card left.
//!
//! A free card stays free for good (it can serve as a target wherever it
//! went), so nothing in this game ever gets worse, and it is played to the
//! end at once: won when no card is left stuck.
//!
//! **Why it proves anything.** Follow any real line of play from the
//! position beside the loose game. Whenever a card moves for the first time,
//! everything that was on it has moved before or moves with it as a run; its
//! target is either a card that has moved before, or one that has not (then
//! it is the top of its unmoved cards in another column), or a space (then
//! every card of that column has moved); a foundation takes it only when a
//! copy of the card below is up, which needs that copy (and the one below
//! it, and so on) to have moved or to have been up already. Each of these
//! conditions, met in the real game, is met in the loose game, where at
//! least as many cards are free. So a real line that puts every card up, and
//! so moves every card, is matched by the loose game; when the loose game
//! leaves a card stuck, the position is lost.
//!
//! Two decks with cards coming back from the foundations are left out: there
//! one copy of a card could go up twice, on either foundation, and the
//! counting above would not hold. With the base rank still to be chosen
//! (Lasker), the position is lost only if it is for every base rank.

use patience_core::card::Suit;
use patience_core::rules::{RunMoves, Space};
use patience_core::{Card, Position, Rules};

const MAX_PILES: usize = patience_core::rules::MAX_COLUMNS + 1;

/// Whether the loose game shows `pos` lost (see the module docs). `false`
/// says nothing.
pub fn proven_lost(pos: &Position) -> bool {
    let rules = pos.rules();
    if rules.decks > 1 && rules.foundation_to_tableau {
        return false;
    }
    match pos.base_rank() {
        Some(base) => !LooseGame::new(pos, base).wins(),
        None => (1..=rules.ranks).all(|base| !LooseGame::new(pos, base).wins()),
    }
}

/// An upper bound on the cards the foundations can hold together in any
/// position reachable from `pos` (for [`mod@crate::par`]): a card that never
/// comes free in the loose game never moves in the real one, so it never
/// goes up, and neither does any card above it on its foundation. With the
/// base rank still to be chosen, the bound of the best base. Two decks
/// with cards coming back from the foundations are left out (see the
/// module docs): there the bound is every card.
pub fn most_cards_up(pos: &Position) -> usize {
    let rules = pos.rules();
    if rules.decks > 1 && rules.foundation_to_tableau {
        return rules.card_count();
    }
    match pos.base_rank() {
        Some(base) => LooseGame::new(pos, base).most_up(),
        None => (1..=rules.ranks).map(|base| LooseGame::new(pos, base).most_up()).max().unwrap_or(0),
    }
}

struct LooseGame<'a> {
    pos: &'a Position,
    rules: &'static Rules,
    base: u8,
    /// Stuck cards of each pile: the tableau columns, then the reserve.
    stuck: [u8; MAX_PILES],
    piles: usize,
    /// Copies free or up, by [`Card::index`] (the talon's, the foundations',
    /// and every card that came free).
    free: [u8; 64],
    /// Copies on the foundations in the position, by [`Card::index`].
    up: [u8; 64],
    /// Cards with a copy free or up, as bits by [`Card::index`].
    targets: u64,
}

impl<'a> LooseGame<'a> {
    fn new(pos: &'a Position, base: u8) -> LooseGame<'a> {
        let rules = pos.rules();
        let columns = pos.column_count();
        let mut game = LooseGame {
            pos,
            rules,
            base,
            stuck: [0; MAX_PILES],
            piles: columns + 1,
            free: [0; 64],
            up: [0; 64],
            targets: 0,
        };
        for c in 0..columns {
            game.stuck[c] = pos.column(c).len() as u8;
        }
        game.stuck[columns] = pos.reserve().len() as u8;
        for &card in pos.stock().iter().chain(pos.waste()) {
            game.set_free(card);
        }
        for slot in 0..pos.foundation_slots() {
            for card in pos.foundation_cards(slot) {
                game.up[card.index()] += 1;
                game.set_free(card);
            }
        }
        game
    }

    fn pile(&self, p: usize) -> &'a [Card] {
        if p < self.pos.column_count() {
            self.pos.column(p)
        } else {
            self.pos.reserve()
        }
    }

    fn is_column(&self, p: usize) -> bool {
        p < self.pos.column_count()
    }

    fn set_free(&mut self, card: Card) {
        self.free[card.index()] += 1;
        self.targets |= 1 << card.index();
    }

    /// Whether a foundation could take one more copy of `card` than it had
    /// in the position. At most as many copies of a card can ever have been
    /// up as of the card below it (cards never come back down in two-deck
    /// games here), and no more than are free or up: that bounds how many
    /// copies of the card below can ever have been up.
    fn fits_foundation(&self, card: Card) -> bool {
        let ranks = self.rules.ranks;
        let place = (card.rank() + ranks - self.base) % ranks;
        let mut below = self.rules.decks;
        for step in 0..place {
            let rank = (self.base - 1 + step) % ranks + 1;
            below = below.min(self.free[Card::new(card.suit(), rank).index()]);
        }
        below > self.up[card.index()]
    }

    /// Whether `card`, leaving pile `p` (with a run on it when `run`), has a
    /// card or a space to go to.
    fn has_tableau_target(&self, card: Card, p: usize, run: bool) -> bool {
        let rules = self.rules;
        let king_led = card.rank() == rules.king();
        let king_runs_only = run && rules.run_moves == RunMoves::KingRunsToSpaces;
        let space_ok = match rules.space {
            Space::KingOnly => king_led,
            Space::AnyCard => king_led || !king_runs_only,
            Space::NeverRefilled => false,
        };
        let columns = self.pos.column_count();
        if space_ok && (0..columns).any(|q| q != p && self.stuck[q] == 0) {
            return true;
        }
        if king_runs_only {
            return false; // such runs only go to spaces, and only King-led
        }
        if self.targets != 0 && self.free_target(card) {
            return true;
        }
        (0..columns)
            .any(|q| q != p && self.stuck[q] > 0 && rules.builds_on(card, self.pile(q)[self.stuck[q] as usize - 1]))
    }

    /// Whether some free or up card takes `card`.
    fn free_target(&self, card: Card) -> bool {
        let mut bits = self.targets;
        while bits != 0 {
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let onto = Card::new(Suit::from_index((index / 13) as u8), (index % 13) as u8 + 1);
            if self.rules.builds_on(card, onto) {
                return true;
            }
        }
        false
    }

    /// Plays the loose game to the end.
    fn play_out(&mut self) {
        let mut changed = true;
        while changed {
            changed = false;
            for p in 0..self.piles {
                changed |= self.unstick(p);
            }
        }
    }

    /// Plays the loose game to the end; whether every card came free.
    fn wins(mut self) -> bool {
        self.play_out();
        self.stuck[..self.piles].iter().all(|&n| n == 0)
    }

    /// Plays the loose game to the end; the most cards the foundations can
    /// hold together in any position of the real game: a foundation holds
    /// a card only with every card below it from the base, and no more
    /// copies of a card are ever up than come free here.
    fn most_up(mut self) -> usize {
        self.play_out();
        let ranks = self.rules.ranks;
        let mut most = 0;
        for suit in 0..4 {
            // Foundations of this suit that can reach each place, from the
            // base up: never more than the copies of any card below.
            let mut reach = self.rules.decks;
            for step in 0..ranks {
                let rank = (self.base - 1 + step) % ranks + 1;
                reach = reach.min(self.free[Card::new(Suit::from_index(suit), rank).index()]);
                most += reach as usize;
            }
        }
        most
    }

    /// Frees what can come free at the top of pile `p`; whether anything did.
    fn unstick(&mut self, p: usize) -> bool {
        let pile = self.pile(p);
        let column = self.is_column(p);
        let runs = column && self.rules.run_moves != RunMoves::SingleCards;
        let face_down = if column { self.pos.face_down(p) } else { 0 };
        let mut any = false;
        'pile: while self.stuck[p] > 0 {
            let top = self.stuck[p] as usize - 1;
            let card = pile[top];
            if self.fits_foundation(card) || self.has_tableau_target(card, p, false) {
                self.stuck[p] -= 1;
                self.set_free(card);
                any = true;
                continue;
            }
            if runs {
                // A run led by a card further down, its stuck cards above it
                // built on it one by one.
                let mut lead = top;
                while lead > face_down && self.rules.builds_on(pile[lead], pile[lead - 1]) {
                    lead -= 1;
                    if self.has_tableau_target(pile[lead], p, true) {
                        for &card in &pile[lead..=top] {
                            self.set_free(card);
                        }
                        self.stuck[p] = lead as u8;
                        any = true;
                        continue 'pile;
                    }
                }
            }
            break;
        }
        any
    }
}
