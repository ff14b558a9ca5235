//! Sampling worlds: deals of the unknown cards consistent with the view
//! ([`sample_world`]), a world's win cut at its first discovery (a
//! segment), and fingerprints of positions and tables.

use std::hash::{Hash, Hasher};

use patience_core::card::Card;
use patience_core::deal::SplitMix64;
use patience_core::game::Action;
use patience_core::moves::Move;
use patience_core::rules::Rules;
use patience_core::setup::{Setup, SetupColumn};
use patience_core::view::{PositionView, Silent};
use patience_core::Position;

use super::knowledge::Knowledge;

/// One world consistent with the view: the unknown cards shuffled with
/// `rng` into the face-down slots (column by column, bottom first) and the
/// unseen stock places. `None` if the view cannot be completed.
pub fn sample_world(
    rules: &'static Rules,
    view: &PositionView,
    stock: &[Option<Card>],
    unknown: &[Card],
    rng: &mut SplitMix64,
) -> Option<Position> {
    let mut pool = unknown.to_vec();
    shuffle(&mut pool, rng);
    world_of(rules, view, stock, pool.into_iter().map(Some))
}

/// Shuffles `cards` with `rng` (Fisher-Yates).
fn shuffle(cards: &mut [Card], rng: &mut SplitMix64) {
    for i in (1..cards.len()).rev() {
        let j = rng.below_or_equal(i as u64) as usize;
        cards.swap(i, j);
    }
}

/// The world that shows `view` and holds `hidden`'s cards in its hidden
/// places: the face-down slots column by column (bottom first), then the
/// unseen stock places. `None` if `hidden` runs out or holds a `None` there,
/// or the cards do not make a position.
fn world_of(
    rules: &'static Rules,
    view: &PositionView,
    stock: &[Option<Card>],
    mut hidden: impl Iterator<Item = Option<Card>>,
) -> Option<Position> {
    let mut columns = Vec::with_capacity(view.columns.len());
    for col in &view.columns {
        let mut cards: Vec<Card> = hidden.by_ref().take(col.face_down).collect::<Option<_>>()?;
        if cards.len() < col.face_down {
            return None;
        }
        cards.extend_from_slice(&col.face_up);
        columns.push(SetupColumn { cards, face_down: col.face_down });
    }
    let stock = stock.iter().map(|place| place.or_else(|| hidden.next().flatten())).collect::<Option<Vec<Card>>>()?;
    let setup = Setup {
        rules,
        pass: view.pass,
        base: view.base,
        foundations: view.foundations.iter().map(|f| f.top).collect(),
        columns,
        stock,
        waste: view.waste.clone(),
        reserve: view.reserve.clone(),
    };
    Position::try_from(setup).ok()
}

/// A world consistent with the view that keeps `near`'s hidden cards
/// where the view allows: each face-down slot and unseen stock place takes
/// the card `near` has there while that card is still unknown, and the
/// places left take the unknown cards left, shuffled with `rng`. `near` is
/// a world sampled earlier and played along with the game: after a
/// discovery it differs from the view only where it guessed the card that
/// showed wrong, and the card it had there goes where it had the real one.
/// `None` if `near` does not have the view's piles (then a fresh
/// [`sample_world`] is wanted).
pub(super) fn sample_world_near(
    rules: &'static Rules,
    view: &PositionView,
    stock: &[Option<Card>],
    unknown: &[Card],
    near: &Position,
    rng: &mut SplitMix64,
) -> Option<Position> {
    if near.column_count() != view.columns.len() || near.stock().len() != stock.len() {
        return None;
    }
    let mut left = [0u8; 256];
    for card in unknown {
        left[card.to_u8() as usize] += 1;
    }
    // The places, in the order `sample_world` fills them, and what `near`
    // holds there (`None`: a place still to fill from the cards left).
    let mut keep = |card: Card| {
        let n = &mut left[card.to_u8() as usize];
        (*n > 0).then(|| {
            *n -= 1;
            card
        })
    };
    let mut places: Vec<Option<Card>> = Vec::with_capacity(unknown.len());
    for (c, col) in view.columns.iter().enumerate() {
        if near.face_down(c) != col.face_down {
            return None;
        }
        places.extend(near.column(c)[..col.face_down].iter().map(|&card| keep(card)));
    }
    for (i, place) in stock.iter().enumerate() {
        if place.is_none() {
            places.push(keep(near.stock()[i]));
        }
    }
    let mut pool: Vec<Card> = unknown
        .iter()
        .copied()
        .filter(|card| {
            let n = &mut left[card.to_u8() as usize];
            let spare = *n > 0;
            *n = n.saturating_sub(1);
            spare
        })
        .collect();
    shuffle(&mut pool, rng);
    let mut pool = pool.into_iter();
    world_of(rules, view, stock, places.into_iter().map(|place| place.or_else(|| pool.next())))
}

/// The moves of `plan` (a win of `world`) up to and including the first
/// one that shows the player something new: a move that turns up a
/// face-down card, or a draw of a stock card not seen yet. Until then the
/// table stays the same in every world consistent with `view`, so the
/// segment can be played in each of them.
pub(super) fn segment(
    rules: &Rules,
    world: &Position,
    plan: &[Move],
    knowledge: &Knowledge,
    view: &PositionView,
) -> Vec<Move> {
    let mut pos = world.clone();
    let mut known = knowledge.clone();
    let mut shown = view.clone();
    for (i, &mv) in plan.iter().enumerate() {
        let draws_unseen =
            mv == Move::Draw && known.stock(&shown).iter().take(rules.draw.max(1) as usize).any(Option::is_none);
        let down = pos.face_down_total();
        if draws_unseen || pos.play(mv).is_err() || pos.face_down_total() < down {
            return plan[..=i].to_vec();
        }
        shown = PositionView::of(&pos, &Silent);
        known.observe(Action::Play(mv), &shown);
    }
    plan.to_vec()
}

/// A fingerprint of a position's table (the pass counter left out).
pub(super) fn position_key(pos: &Position) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for c in 0..pos.column_count() {
        (pos.face_down(c), pos.face_up(c)).hash(&mut h);
    }
    for slot in 0..pos.foundation_slots() {
        (pos.foundation_top(slot), pos.foundation_len(slot)).hash(&mut h);
    }
    (pos.stock(), pos.waste(), pos.reserve(), pos.base_rank()).hash(&mut h);
    h.finish()
}

/// A fingerprint of the table as the player sees it, the pass counter left
/// out (so that going round the stock with nothing done repeats a table).
pub(super) fn table_key(view: &PositionView) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for col in &view.columns {
        (col.face_down, &col.face_up).hash(&mut h);
    }
    for f in &view.foundations {
        (f.top, f.count).hash(&mut h);
    }
    (view.stock, &view.waste, &view.reserve, view.base).hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use patience_core::presets;

    use super::*;
    use crate::honest::knowledge::unknown_cards;

    /// The hidden cards of `pos` in the order the samplers fill them: the
    /// face-down cards column by column, then the stock.
    fn hidden(pos: &Position) -> Vec<Card> {
        let mut cards = Vec::new();
        for c in 0..pos.column_count() {
            cards.extend_from_slice(&pos.column(c)[..pos.face_down(c)]);
        }
        cards.extend_from_slice(pos.stock());
        cards
    }

    #[test]
    fn a_world_carried_past_a_discovery_changes_only_where_it_held_the_card_shown() {
        // Harp (two decks): a world sampled at the opening whose first
        // stock card is not the deal's, and the deal, both draw.
        let rules = presets::find("harp").unwrap();
        let mut real = Position::deal(rules, 1);
        let view = PositionView::of(&real, &Silent);
        let mut knowledge = Knowledge::new(rules, &view);
        let stock = knowledge.stock(&view);
        let unknown = unknown_cards(rules, &view, &stock).unwrap();
        let mut rng = SplitMix64::new(7);
        let drawn = |pos: &Position| {
            let mut next = pos.clone();
            next.play(Move::Draw).unwrap();
            next
        };
        let mut world = (0..100)
            .map(|_| sample_world(rules, &view, &stock, &unknown, &mut rng).unwrap())
            .find(|w| drawn(w).waste() != drawn(&real).waste())
            .expect("a world that guessed the first stock card wrong");
        real = drawn(&real);
        world = drawn(&world);
        let shown = PositionView::of(&real, &Silent);
        knowledge.observe(Action::Play(Move::Draw), &shown);
        let stock = knowledge.stock(&shown);
        let unknown = unknown_cards(rules, &shown, &stock).unwrap();
        let near = sample_world_near(rules, &shown, &stock, &unknown, &world, &mut rng).unwrap();
        assert_eq!(table_key(&PositionView::of(&near, &Silent)), table_key(&shown));
        // The card the world guessed for the place now shown went where the
        // world held the card shown; every other guess stands.
        let (before, after) = (hidden(&world), hidden(&near));
        assert_eq!(before.len(), after.len());
        let changed: Vec<usize> = (0..before.len()).filter(|&i| before[i] != after[i]).collect();
        assert_eq!(changed.len(), 1, "{changed:?}");
        assert_eq!(after[changed[0]], *world.waste().last().unwrap());
        assert_eq!(before[changed[0]], *real.waste().last().unwrap());
    }

    #[test]
    fn a_world_with_other_piles_is_not_carried() {
        let rules = presets::find("harp").unwrap();
        let real = Position::deal(rules, 1);
        let view = PositionView::of(&real, &Silent);
        let knowledge = Knowledge::new(rules, &view);
        let stock = knowledge.stock(&view);
        let unknown = unknown_cards(rules, &view, &stock).unwrap();
        let mut other = real.clone();
        other.play(Move::Draw).unwrap();
        let mut rng = SplitMix64::new(7);
        assert_eq!(sample_world_near(rules, &view, &stock, &unknown, &other, &mut rng), None);
    }
}
