//! A twin class as a handful of bit sets over the deck, its steps, and the
//! moves it makes without branching.
//!
//! A card's bit is `4 * (rank - 1) + lane`, the lanes being spades, clubs
//! (black), hearts, diamonds (red): a card's twin (same rank and colour) is
//! the other lane of its pair, `bit ^ 1`, and the cards that fit on it (one
//! rank lower, other colour) are the pair of the other colour one rank down.
//! Everything about a class is then a few shifts and masks: which cards are
//! up, in the talon, face down, the columns' bases (the face-up cards lying on
//! face-down cards, or a column's root bottom card that is no King), and
//! face up elsewhere ("free": lying on a card they fit, or Kings in spaces).

use patience_core::rules::{DealFace, MAX_COLUMNS};
use patience_core::{Card, Position, Suit};

/// A set of cards, a bit each (see the module docs).
pub(super) type Mask = u64;

/// Each suit's lane (suits in the engine's order: spades, hearts, diamonds,
/// clubs).
const LANE_OF_SUIT: [u8; 4] = [0, 2, 3, 1];
const SUIT_OF_LANE: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Hearts, Suit::Diamonds];

/// The first lane of each pair (spades, hearts) at every rank.
const PAIR_FIRST: Mask = 0x5555_5555_5555_5555;
/// Lane 0 (spades) and lane 2 (hearts) of every rank.
const LANE0: Mask = 0x1111_1111_1111_1111;
const LANE2: Mask = 0x4444_4444_4444_4444;

/// The card's bit number.
#[inline]
pub(super) fn bit_of(card: Card) -> u8 {
    4 * (card.rank() - 1) + LANE_OF_SUIT[card.suit().index() as usize]
}

/// The card of a bit number.
#[inline]
pub(super) fn card_of(bit: u8) -> Card {
    Card::new(SUIT_OF_LANE[(bit & 3) as usize], bit / 4 + 1)
}

#[inline]
fn one(bit: u8) -> Mask {
    1 << bit
}

/// The lowest card of `mask`, removed from it.
#[inline]
pub(super) fn pop_lowest(mask: &mut Mask) -> Option<u8> {
    if *mask == 0 {
        return None;
    }
    let bit = mask.trailing_zeros() as u8;
    *mask &= *mask - 1;
    Some(bit)
}

/// The two cards that fit on card `bit` (one rank lower, other colour).
#[inline]
pub(super) fn kids(bit: u8) -> Mask {
    if bit < 4 {
        0
    } else {
        0b11 << (4 * (bit / 4 - 1) + ((bit & 2) ^ 2))
    }
}

/// The two cards card `bit` fits on (one rank higher, other colour); none
/// above the top rank, as no card has those bits.
#[inline]
fn parents(bit: u8) -> Mask {
    0b11u64.checked_shl(4 * (bit as u32 / 4 + 1) + ((bit as u32 & 2) ^ 2)).unwrap_or(0)
}

/// What the class search needs of the root: the deck and each column's
/// root cards up to its base.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub ranks: u8,
    pub columns: usize,
    /// Each column's root cards, bottom first: its face-down cards and its
    /// base (the first face-up card), when the column has a base.
    pub root: [[u8; 16]; MAX_COLUMNS],
    /// Each column's root bottom card (for telling a root base from a King
    /// come into a space).
    root_bottom: [Card; MAX_COLUMNS],
    /// Every card in play at the root (a hand-built position may hold
    /// fewer than the whole deck).
    pub all: Mask,
    pub kings: Mask,
    /// Whether foundation cards may come back down.
    pub worry_back: bool,
    /// Each card's place in the root's talon (a bit of
    /// [`State::talon_code`]), [`NOT_IN_TALON`] for the others.
    talon_place: [u8; 64],
    /// Each column's weight in the key's mixed-radix number of depths.
    radix: [u64; MAX_COLUMNS],
    /// Where the key's fields start: the depths' number, the talon's bits,
    /// the pending card.
    talon_shift: u32,
    pending_shift: u32,
}

const NOT_IN_TALON: u8 = 0xff;

impl Layout {
    /// The layout of `root`, which the caller has checked the class search
    /// applies to.
    pub fn of(root: &Position) -> Layout {
        let rules = root.rules();
        let ranks = rules.ranks;
        let mut layout = Layout {
            ranks,
            columns: root.column_count(),
            root: [[0; 16]; MAX_COLUMNS],
            root_bottom: [Card::NONE; MAX_COLUMNS],
            all: 0,
            kings: 0,
            worry_back: rules.foundation_to_tableau,
            talon_place: [NOT_IN_TALON; 64],
            radix: [0; MAX_COLUMNS],
            talon_shift: 0,
            pending_shift: 0,
        };
        for (i, &card) in root.waste().iter().chain(root.stock()).enumerate() {
            layout.talon_place[bit_of(card) as usize] = i as u8;
        }
        let (talon_shift, pending_shift) = Layout::shifts(root).expect("the key fits: checked by `applies`");
        layout.talon_shift = talon_shift;
        layout.pending_shift = pending_shift;
        let mut weight = 1;
        for c in 0..root.column_count() {
            layout.radix[c] = weight;
            weight *= root.face_down(c) as u64 + 2;
        }
        for (slot, &lane) in LANE_OF_SUIT.iter().enumerate() {
            for rank in 1..=root.foundation_len(slot) as u8 {
                layout.all |= one(4 * (rank - 1) + lane);
            }
        }
        for &card in root.waste().iter().chain(root.stock()) {
            layout.all |= one(bit_of(card));
        }
        for c in 0..root.column_count() {
            for &card in root.column(c) {
                layout.all |= one(bit_of(card));
            }
        }
        layout.kings = 0b1111 << (4 * (ranks - 1));
        for c in 0..layout.columns {
            let column = root.column(c);
            layout.root_bottom[c] = column.first().copied().unwrap_or(Card::NONE);
            for (i, &card) in column.iter().take(root.face_down(c) + 1).enumerate() {
                layout.root[c][i] = bit_of(card);
            }
        }
        layout
    }

    /// Whether the class search may search from `root`: the games of the
    /// twin, pending and dominance reductions (one deck, alternating
    /// colours, any run moves, Kings into spaces, draw 1 and unlimited
    /// passes, top card dealt face up), with every column its face-down
    /// cards and one correct run.
    pub fn applies(root: &Position) -> bool {
        let rules = root.rules();
        crate::compact_key::CompactKeys::for_root(root).is_some()
            && crate::pending::prunable(root)
            && crate::dominance::applies(root)
            && rules.deal_face == DealFace::TopCardUp
            && rules.max_occupied as usize >= root.column_count()
            && rules.ranks <= 13
            && Layout::shifts(root).is_some()
    }

    /// Where the key's talon bits and pending card start, if the key of a
    /// position from `root` fits 64 bits: 16 bits of foundation heights,
    /// the columns' depths as one mixed-radix number (each column's depth
    /// is at most its root depth, one more than its face-down cards), a bit
    /// for each root talon card, and 6 bits for the pending card.
    fn shifts(root: &Position) -> Option<(u32, u32)> {
        let mut depths = 1u64;
        for c in 0..root.column_count() {
            depths = depths.checked_mul(root.face_down(c) as u64 + 2)?;
        }
        let talon_shift = 16 + (64 - (depths - 1).leading_zeros());
        let pending_shift = talon_shift + (root.waste().len() + root.stock().len()) as u32;
        (pending_shift + 6 <= 64).then_some((talon_shift, pending_shift))
    }
}

/// A twin class: a position up to twin swaps (see [`crate::twins`]),
/// written as what is known without the arrangement of the face-up cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Cards up, by lane.
    pub up: [u8; 4],
    /// Each column's root cards still where they were dealt (its face-down
    /// cards and its base), 0 for a column without a base.
    pub depth: [u8; MAX_COLUMNS],
    pub talon: Mask,
    pub hidden: Mask,
    pub bases: Mask,
    /// Face-up cards in the tableau, bases included.
    pub visible: Mask,
    /// The talon's cards by their places in the root's talon (for the key).
    talon_code: u64,
}

/// A step of the class search: one class-changing move (with the twin
/// move before it that it needs, if any).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// A face-up card goes up (after the twin move that frees it, if it
    /// is covered); a base turns up the card under it.
    UpFromTableau(u8),
    UpFromTalon(u8),
    /// A talon card onto a card it fits, or a King into a space.
    TalonToTableau(u8),
    /// A foundation's top card onto a card it fits, or a King into a space.
    DownToTableau(u8),
    /// A column's base moves, with what lies on it, onto a card it fits
    /// (a King into a space), turning up the card under it or leaving a
    /// space.
    MoveBase(u8),
}

impl State {
    /// The class of `pos` (a position reached from the root of `layout`).
    pub fn of(pos: &Position, layout: &Layout) -> State {
        let mut state =
            State { up: [0; 4], depth: [0; MAX_COLUMNS], talon: 0, hidden: 0, bases: 0, visible: 0, talon_code: 0 };
        for (slot, &lane) in LANE_OF_SUIT.iter().enumerate() {
            state.up[lane as usize] = pos.foundation_len(slot) as u8;
        }
        for c in 0..layout.columns {
            let column = pos.column(c);
            let down = pos.face_down(c);
            for &card in &column[..down] {
                state.hidden |= one(bit_of(card));
            }
            let based = match column.first() {
                Some(&bottom) => down > 0 || (bottom == layout.root_bottom[c] && bottom.rank() != layout.ranks),
                None => false,
            };
            if based {
                state.depth[c] = down as u8 + 1;
                state.bases |= one(bit_of(column[down]));
            }
        }
        for &card in pos.waste().iter().chain(pos.stock()) {
            state.talon |= one(bit_of(card));
            state.talon_code |= 1 << layout.talon_place[bit_of(card) as usize];
        }
        state.visible = layout.all & !(state.up_mask() | state.talon | state.hidden);
        state
    }

    /// The cards on the foundations.
    fn up_mask(&self) -> Mask {
        let mut mask = 0;
        for lane in 0..4 {
            let below = one(4 * self.up[lane]) - 1;
            mask |= (LANE0 << lane) & below;
        }
        mask
    }

    pub fn cards_up(&self) -> usize {
        self.up.iter().map(|&n| n as usize).sum()
    }

    /// Won: every card in play is up (as the engine says, no card is left
    /// in the tableau or the talon).
    pub fn is_won(&self) -> bool {
        self.visible | self.hidden | self.talon == 0
    }

    /// The cards that fit their foundation now.
    #[inline]
    fn next_up(&self, layout: &Layout) -> Mask {
        let mut mask = 0;
        for lane in 0..4 {
            if self.up[lane] < layout.ranks {
                mask |= one(4 * self.up[lane] + lane as u8);
            }
        }
        mask
    }

    /// The highest rank index (rank - 1) dominant in `lane` (see
    /// [`crate::dominance`]): the other colour up to at least `r - 2` and
    /// the twin suit to at least `r - 3`.
    #[inline]
    fn dominant_below(&self, lane: usize) -> u8 {
        let other = (lane & 2) ^ 2;
        let other_up = self.up[other].min(self.up[other + 1]);
        (other_up + 1).min(self.up[lane ^ 1] + 2)
    }

    /// The cards of `next_up` that are dominant.
    #[inline]
    fn dominant_next(&self, layout: &Layout) -> Mask {
        let mut mask = 0;
        for lane in 0..4 {
            let up = self.up[lane];
            if up < layout.ranks && up <= self.dominant_below(lane) {
                mask |= one(4 * up + lane as u8);
            }
        }
        mask
    }

    /// Whether the top card of `lane`'s foundation (there is one) is
    /// dominant: then it never comes down.
    #[inline]
    fn top_dominant(&self, lane: usize) -> bool {
        self.up[lane] - 1 <= self.dominant_below(lane)
    }

    /// The face-up cards that nothing lies on in some member of the class:
    /// a card with no free card that fits on it, or with one and a face-up
    /// twin (the one lies on the twin there).
    #[inline]
    pub fn exposed(&self) -> Mask {
        let free = self.visible & !self.bases;
        let first = free & PAIR_FIRST;
        let second = (free >> 1) & PAIR_FIRST;
        let none = !(first | second) & PAIR_FIRST;
        let just_one = first ^ second;
        // From the pair one rank lower in the other colour to each pair.
        let onto = |m: Mask| ((m << 2) & LANE0) | ((m << 6) & LANE2);
        let kid_none = onto(none) | 0b0101; // nothing fits on an Ace
        let kid_one = onto(just_one);
        let twin_visible = ((self.visible >> 1) & PAIR_FIRST) | ((self.visible & PAIR_FIRST) << 1);
        let both = |m: Mask| m | (m << 1);
        self.visible & (both(kid_none) | (both(kid_one) & twin_visible))
    }

    /// Whether a column is empty.
    #[inline]
    fn has_space(&self, layout: &Layout) -> bool {
        let based = self.depth[..layout.columns].iter().filter(|&&d| d > 0).count();
        let kings_in_spaces = (self.visible & !self.bases & layout.kings).count_ones() as usize;
        based + kings_in_spaces < layout.columns
    }

    /// The card of `lane`'s foundation top.
    #[inline]
    fn top(&self, lane: usize) -> u8 {
        4 * (self.up[lane] - 1) + lane as u8
    }

    /// The move this class makes without branching, if any: a dominant card
    /// that fits its foundation goes up from the talon or the tableau.
    #[inline]
    pub fn forced(&self, layout: &Layout) -> Option<Step> {
        let dominant = self.dominant_next(layout);
        if dominant == 0 {
            return None;
        }
        if dominant & self.talon != 0 {
            return Some(Step::UpFromTalon((dominant & self.talon).trailing_zeros() as u8));
        }
        let exposed = dominant & self.exposed();
        (exposed != 0).then(|| Step::UpFromTableau(exposed.trailing_zeros() as u8))
    }

    /// Makes the forced moves; how many.
    #[inline]
    pub fn settle(&mut self, layout: &Layout) -> usize {
        let mut made = 0;
        while let Some(step) = self.forced(layout) {
            self.apply(layout, step);
            made += 1;
        }
        made
    }

    /// Plays `step`; the card it put on the tableau from the talon or a
    /// foundation, if it did (the pending card of [`crate::pending`]).
    #[inline]
    pub fn apply(&mut self, layout: &Layout, step: Step) -> Option<u8> {
        match step {
            Step::UpFromTableau(b) => {
                self.up[(b & 3) as usize] += 1;
                self.visible &= !one(b);
                if self.bases & one(b) != 0 {
                    let column = (0..layout.columns)
                        .find(|&c| self.depth[c] > 0 && layout.root[c][self.depth[c] as usize - 1] == b)
                        .expect("a base lies on its column");
                    self.bases &= !one(b);
                    self.turn_up_under(layout, column);
                }
                None
            }
            Step::UpFromTalon(b) => {
                self.up[(b & 3) as usize] += 1;
                self.talon &= !one(b);
                self.talon_code &= !(1 << layout.talon_place[b as usize]);
                None
            }
            Step::TalonToTableau(b) => {
                self.talon &= !one(b);
                self.talon_code &= !(1 << layout.talon_place[b as usize]);
                self.visible |= one(b);
                Some(b)
            }
            Step::DownToTableau(b) => {
                self.up[(b & 3) as usize] -= 1;
                self.visible |= one(b);
                Some(b)
            }
            Step::MoveBase(c) => {
                let c = c as usize;
                self.bases &= !one(layout.root[c][self.depth[c] as usize - 1]);
                self.turn_up_under(layout, c);
                None
            }
        }
    }

    /// The base of column `c` has left it: the card under it turns up and
    /// is the new base, or a King on no face-down card counts as one in a
    /// space (it may move to another), or the column is empty.
    #[inline]
    fn turn_up_under(&mut self, layout: &Layout, c: usize) {
        self.depth[c] -= 1;
        let depth = self.depth[c];
        if depth == 0 {
            return;
        }
        let card = layout.root[c][depth as usize - 1];
        self.hidden &= !one(card);
        self.visible |= one(card);
        if depth == 1 && layout.kings & one(card) != 0 {
            self.depth[c] = 0;
        } else {
            self.bases |= one(card);
        }
    }

    /// Whether the pending card `x` can be covered at all (see
    /// [`State::steps`]): a pending node without a step is a dead end, left
    /// unstored.
    #[inline]
    pub fn can_be_covered(&self, layout: &Layout, x: u8) -> bool {
        let fits = kids(x);
        let mut tops = 0;
        for lane in 0..4 {
            if self.up[lane] > 0 {
                tops |= one(self.top(lane));
            }
        }
        let below_x = if x >= 4 { one(x - 4) } else { 0 };
        let twin_up = self.next_up(layout) & self.visible & one(x ^ 1) != 0
            && (fits & self.visible & !self.bases).count_ones() == 1;
        (fits & (self.talon | self.bases)) != 0 || (layout.worry_back && tops & (fits | below_x) != 0) || twin_up
    }

    /// Appends this class's steps to `out`; in a pending node (`pending`,
    /// the card played onto the tableau by the last step, still there) only
    /// those that cover it: a card put onto it (a base with what lies on it,
    /// a talon card, a foundation card, or the card lying on its twin as
    /// that twin goes up), or the card below it of its suit brought down.
    pub fn steps(&self, layout: &Layout, pending: Option<u8>, out: &mut Vec<Step>) {
        let exposed = self.exposed();
        let next = self.next_up(layout);
        let columns = layout.columns;
        let base_of = |c: usize| layout.root[c][self.depth[c] as usize - 1];
        if let Some(x) = pending {
            let fits = kids(x);
            for c in 0..columns {
                if self.depth[c] > 0 && fits & one(base_of(c)) != 0 {
                    out.push(Step::MoveBase(c as u8));
                }
            }
            let mut talon = self.talon & fits;
            while let Some(b) = pop_lowest(&mut talon) {
                out.push(Step::TalonToTableau(b));
            }
            if layout.worry_back {
                for lane in 0..4 {
                    if self.up[lane] == 0 || self.top_dominant(lane) {
                        continue;
                    }
                    let top = self.top(lane);
                    let below_x = top + 4 == x;
                    if fits & one(top) != 0 || (below_x && self.takes(layout, top, exposed)) {
                        out.push(Step::DownToTableau(top));
                    }
                }
            }
            let twin = x ^ 1;
            if next & self.visible & one(twin) != 0 && (fits & self.visible & !self.bases).count_ones() == 1 {
                out.push(Step::UpFromTableau(twin));
            }
            return;
        }
        // Bases first, those with the most face-down cards under them
        // first: turning cards up is what wins.
        let mut order = [0u8; MAX_COLUMNS];
        let mut n = 0;
        for c in 0..columns {
            if self.depth[c] > 0 {
                order[n] = c as u8;
                n += 1;
            }
        }
        order[..n].sort_unstable_by_key(|&c| std::cmp::Reverse(self.depth[c as usize]));
        let space = self.has_space(layout);
        for &c in &order[..n] {
            let b = base_of(c as usize);
            let goes = if layout.kings & one(b) != 0 {
                // A King on face-down cards (one on none has depth 0).
                space
            } else {
                parents(b) & exposed != 0
            };
            if goes {
                out.push(Step::MoveBase(c));
            }
        }
        let mut up = next & exposed;
        while let Some(b) = pop_lowest(&mut up) {
            out.push(Step::UpFromTableau(b));
        }
        let mut talon = self.talon;
        while let Some(b) = pop_lowest(&mut talon) {
            if parents(b) & exposed != 0 || (layout.kings & one(b) != 0 && space) {
                out.push(Step::TalonToTableau(b));
            }
        }
        let mut up = next & self.talon;
        while let Some(b) = pop_lowest(&mut up) {
            out.push(Step::UpFromTalon(b));
        }
        if layout.worry_back {
            for lane in 0..4 {
                if self.up[lane] > 0 && !self.top_dominant(lane) {
                    let top = self.top(lane);
                    if self.takes(layout, top, exposed) {
                        out.push(Step::DownToTableau(top));
                    }
                }
            }
        }
    }

    /// Whether card `b` has a place in the tableau: a card it fits that
    /// nothing lies on, or a space for a King.
    #[inline]
    fn takes(&self, layout: &Layout, b: u8, exposed: Mask) -> bool {
        parents(b) & exposed != 0 || (layout.kings & one(b) != 0 && self.has_space(layout))
    }

    /// The table key: foundation heights, each column's depth, the talon's
    /// cards and the pending card (see [`Layout::shifts`]). Two classes
    /// never share one, and it is never zero (a column or the talon holds a
    /// card, or the foundations do).
    #[inline]
    pub fn key(&self, layout: &Layout, pending: Option<u8>) -> u64 {
        let mut key = 0u64;
        for lane in 0..4 {
            key |= (self.up[lane] as u64) << (4 * lane);
        }
        let mut depths = 0;
        for c in 0..layout.columns {
            depths += self.depth[c] as u64 * layout.radix[c];
        }
        key |= depths << 16;
        key |= self.talon_code << layout.talon_shift;
        if let Some(x) = pending {
            key |= (x as u64 + 1) << layout.pending_shift;
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use patience_core::{presets, Position};

    use super::*;

    #[test]
    fn bits_and_cards_round_trip_and_pair_twins() {
        for suit in 0..4 {
            for rank in 1..=13 {
                let card = Card::new(Suit::from_index(suit), rank);
                let bit = bit_of(card);
                assert_eq!(card_of(bit), card);
                let twin = card_of(bit ^ 1);
                assert_eq!((twin.rank(), twin.is_red()), (rank, card.is_red()));
                assert_ne!(twin.suit(), card.suit());
            }
        }
        let card = |text: &str| bit_of(text.parse().unwrap());
        assert_eq!(kids(card("8H")), one(card("7S")) | one(card("7C")));
        assert_eq!(parents(card("7S")), one(card("8H")) | one(card("8D")));
        assert_eq!(kids(card("AS")), 0);
        assert_eq!(parents(card("KD")) & ((1 << 52) - 1), 0, "no card above a King");
    }

    /// The class of a position found twice, by its own bits and along a
    /// random playout of the engine, is the same, and the exposed cards are
    /// the cards some twin-equivalent member has on top of a column.
    #[test]
    fn the_state_of_each_position_along_playouts_matches_the_engine() {
        let rules = presets::find("harmony").unwrap();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut positions = 0;
        for deal in 1..=30 {
            let root = Position::deal(rules, deal);
            let layout = Layout::of(&root);
            crate::playouts::each_position(&root, 20, 150, &mut seed, |pos| {
                let state = State::of(pos, &layout);
                let mut tops = 0;
                for c in 0..pos.column_count() {
                    if let Some(&top) = pos.column(c).last() {
                        tops |= one(bit_of(top));
                    }
                }
                let exposed = state.exposed();
                assert_eq!(tops & !exposed, 0, "deal {deal}: every top is exposed\n{pos}");
                assert_eq!(
                    state.visible.count_ones() as usize + state.hidden.count_ones() as usize,
                    (0..pos.column_count()).map(|c| pos.column(c).len()).sum::<usize>()
                );
                positions += 1;
            });
        }
        assert!(positions > 10_000, "{positions}");
    }

    /// The class key and the compact key (which writes the twin class as a
    /// number, `compact_key`) split the positions of random Harmony and
    /// Klondike games alike: one class, one key, and the other way round.
    #[test]
    fn class_keys_split_positions_as_compact_keys_do() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut positions = 0;
        for id in ["harmony", "klondike"] {
            let rules = presets::find(id).unwrap();
            for deal in 1..=20 {
                let root = Position::deal(rules, deal);
                assert!(Layout::applies(&root), "{id} deal {deal}");
                let layout = Layout::of(&root);
                let compact = crate::compact_key::CompactKeys::for_root(&root).unwrap();
                let mut split = crate::playouts::SameSplit::new();
                crate::playouts::each_position(&root, 20, 200, &mut seed, |pos| {
                    let class = State::of(pos, &layout).key(&layout, None);
                    split.check(class, compact.key(pos), format_args!("{id} deal {deal}: class and compact keys"));
                    positions += 1;
                });
            }
        }
        assert!(positions > 20_000, "{positions}");
    }

    #[test]
    fn the_class_search_does_not_apply_to_other_games() {
        for id in ["klondike/draw-3", "grosse-harfe", "harp", "pitchfork", "pitchfork/partial-runs", "lasker"] {
            let root = Position::deal(presets::find(id).unwrap(), 1);
            assert!(!Layout::applies(&root), "{id}");
        }
    }
}
