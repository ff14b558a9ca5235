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
    for i in (1..pool.len()).rev() {
        let j = rng.below_or_equal(i as u64) as usize;
        pool.swap(i, j);
    }
    let mut pool = pool.into_iter();
    let mut columns = Vec::with_capacity(view.columns.len());
    for col in &view.columns {
        let mut cards: Vec<Card> = pool.by_ref().take(col.face_down).collect();
        if cards.len() < col.face_down {
            return None;
        }
        cards.extend_from_slice(&col.face_up);
        columns.push(SetupColumn { cards, face_down: col.face_down });
    }
    let stock = stock.iter().map(|place| place.or_else(|| pool.next())).collect::<Option<Vec<Card>>>()?;
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
