//! The par (`patience_solver::par`): the most cards a position can bring to
//! the foundations. Checked against a plain exhaustive maximum (every legal
//! move of the engine, no reduction at all) on small positions of every
//! kind of game, cards coming back from the foundations included; and on
//! real deals of every game, where its line must replay to its figure.

use crate::common;

use common::*;
use patience_core::rules::AutomaticMoves;
use patience_core::{presets, MoveList, Position, Rules};
use patience_solver::par::{par, par_of_lost, replays_to_count, Par};
use patience_solver::{solve, solve_by_classes, Budget, Limit, Outcome};
use proptest::prelude::*;
use std::collections::HashSet;
use std::sync::OnceLock;

/// Positions the plain maximum may visit before it gives up.
const PLAIN_CAP: usize = 40_000;

/// Every cut-down rule set of the other solver tests, and Harmony-like ones
/// with and without automatic moves and moves off the foundations.
fn rule_sets() -> &'static [&'static Rules] {
    static SETS: OnceLock<Vec<&'static Rules>> = OnceLock::new();
    SETS.get_or_init(make_rule_sets)
}

fn make_rule_sets() -> Vec<&'static Rules> {
    let harmony = preset("harmony");
    let mut sets: Vec<&'static Rules> = cut_down().into_iter().map(|(rules, _)| rules).collect();
    sets.push(leak(Rules { id: "test/par-harmony-5x4", ranks: 5, columns: &[1, 2, 3, 4], ..harmony.clone() }));
    sets.push(leak(Rules {
        id: "test/par-harmony-no-auto",
        ranks: 5,
        columns: &[3, 4, 5],
        automatic_moves: AutomaticMoves::None,
        ..harmony.clone()
    }));
    sets
}

/// The plain exhaustive maximum: every position reachable from `root` by
/// the engine's legal moves, each identified by its full contents, and the
/// most cards on the foundations in any of them; `None` past `cap`
/// positions.
fn plain_par(root: &Position, cap: usize) -> Option<usize> {
    let key = |pos: &Position| -> Vec<u8> {
        let mut key = Vec::with_capacity(128);
        for c in 0..pos.column_count() {
            key.push(0xff);
            key.push(pos.face_down(c) as u8);
            key.extend(pos.column(c).iter().map(|card| card.to_u8()));
        }
        key.push(0xfe);
        key.extend(pos.stock().iter().map(|card| card.to_u8()));
        key.push(0xfd);
        key.extend(pos.waste().iter().map(|card| card.to_u8()));
        key.push(0xfc);
        key.extend(pos.reserve().iter().map(|card| card.to_u8()));
        key.push(0xfb);
        key.extend((0..pos.foundation_slots()).map(|s| pos.foundation_len(s) as u8));
        key.push(pos.base_rank().unwrap_or(0));
        // With unlimited passes the counter grows without bound and
        // changes nothing else.
        if pos.rules().passes != patience_core::rules::Passes::Unlimited {
            key.extend(pos.pass().to_le_bytes());
        }
        key
    };
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    seen.insert(key(root));
    let mut stack = vec![root.clone()];
    let mut best = 0;
    let mut moves = MoveList::new();
    while let Some(pos) = stack.pop() {
        best = best.max(pos.cards_on_foundations());
        moves.clear();
        pos.generate_moves(&mut moves);
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv).expect("listed moves are legal");
            if seen.insert(key(&next)) {
                if seen.len() > cap {
                    return None;
                }
                stack.push(next);
            }
        }
    }
    Some(best)
}

/// The position after `steps` random legal moves of `deal` (fewer if the
/// game ends first), the playout seeded by the deal number.
fn after_random_moves(rules: &'static Rules, deal: u64, steps: usize) -> Position {
    along_a_playout(rules, deal, steps + 1, 1).pop().map(|(_, pos)| pos).expect("the opening at least")
}

/// Panics unless `par`'s line replays through the engine to `par.best`
/// cards up and its figures are in order.
#[track_caller]
fn assert_consistent(pos: &Position, par: &Par) {
    assert_eq!(replays_to_count(pos, &par.line), Ok(par.best), "the line does not replay to its count\n{pos}");
    assert!(par.best <= par.upper && par.upper <= par.total, "{par:?}");
    assert_eq!(par.total, pos.rules().card_count());
    assert_eq!(par.exact, par.stopped.is_none(), "{par:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    /// With room to search everything, the par is exact and equals the
    /// plain maximum, and the upper bound is never below it.
    #[test]
    fn par_equals_the_plain_exhaustive_maximum_on_small_positions(
        set in 0..rule_sets().len(),
        deal in 1u64..2_000,
        steps in 0usize..24,
    ) {
        let rules = rule_sets()[set];
        let pos = after_random_moves(rules, deal, steps);
        let Some(plain) = plain_par(&pos, PLAIN_CAP) else { return Ok(()) };
        let par = par(&pos, &Budget::default().with_nodes(2_000_000));
        assert_consistent(&pos, &par);
        prop_assert!(par.exact, "{} deal {deal} after {steps}: {par:?}", rules.id);
        prop_assert_eq!(par.best, plain, "{} deal {} after {}\n{}", rules.id, deal, steps, pos);
        prop_assert!(par.upper >= plain, "{} deal {deal}: upper {} below {plain}", rules.id, par.upper);
    }

    /// A budget too short to search everything gives a lower bound whose
    /// line replays, marked exact only when it is the maximum.
    #[test]
    fn a_short_budget_gives_a_lower_bound_whose_line_replays(
        set in 0..rule_sets().len(),
        deal in 1u64..2_000,
        nodes in 1u64..400,
    ) {
        let rules = rule_sets()[set];
        let pos = Position::deal(rules, deal);
        let Some(plain) = plain_par(&pos, PLAIN_CAP) else { return Ok(()) };
        let par = par(&pos, &Budget::default().with_nodes(nodes));
        assert_consistent(&pos, &par);
        prop_assert!(par.best <= plain, "{} deal {deal}: {} above the maximum {plain}", rules.id, par.best);
        prop_assert!(!par.exact || par.best == plain, "{} deal {deal}: exact {par:?}, plain {plain}", rules.id);
        prop_assert!(par.exact || par.stopped == Some(Limit::Nodes), "{par:?}");
    }
}

/// The property tests above would pass vacuously if the plain maximum never
/// finished, or only ever met won or empty positions: on the openings of
/// every cut-down rule set it finishes often, and finds both maxima short
/// of every card (most above zero) and wins, where the par agrees.
#[test]
fn the_plain_maximum_meets_both_wins_and_partial_maxima() {
    let (mut partial, mut won, mut checked) = (0, 0, 0);
    for &rules in rule_sets() {
        for deal in 1..=6 {
            let pos = Position::deal(rules, deal);
            let Some(plain) = plain_par(&pos, PLAIN_CAP) else { continue };
            let par = par(&pos, &Budget::default().with_nodes(2_000_000));
            assert_consistent(&pos, &par);
            assert!(par.exact && par.best == plain, "{} deal {deal}: {par:?}, plain {plain}", rules.id);
            checked += 1;
            match plain {
                p if p == rules.card_count() => won += 1,
                p if p > 0 => partial += 1,
                _ => {}
            }
        }
    }
    assert!(checked >= 60 && won >= 15 && partial >= 15, "checked {checked}, won {won}, partial {partial}");
}

/// Where the class search applies (the Harmony-like decks) it is the par
/// search, pending and dominant cards included, which the engine's par
/// mode leaves out: on many positions short of a win its maximum is the
/// plain one.
#[test]
fn the_class_searchs_par_is_the_plain_maximum_on_harmony_like_decks() {
    let (mut checked, mut partial) = (0, 0);
    for &rules in rule_sets().iter().filter(|r| r.id.contains("harmony")) {
        for deal in 1..=40 {
            for steps in [0, 6, 12, 18] {
                let pos = after_random_moves(rules, deal, steps);
                if solve_by_classes(&pos, &Budget::default()).is_none() {
                    continue;
                }
                let Some(plain) = plain_par(&pos, PLAIN_CAP) else { continue };
                let par = par_of_lost(&pos, &Budget::default().with_nodes(2_000_000));
                assert_consistent(&pos, &par);
                assert!(
                    par.exact && par.best == plain,
                    "{} deal {deal} after {steps}: {par:?}, plain {plain}\n{pos}",
                    rules.id
                );
                checked += 1;
                partial += usize::from(plain < rules.card_count());
            }
        }
    }
    assert!(checked >= 300 && partial >= 100, "checked {checked}, partial {partial}");
}

/// A node budget that repeats anywhere, of the size the server spends in
/// about two seconds.
fn budget() -> Budget {
    Budget::default().with_nodes(400_000).with_memory(1 << 28)
}

fn deal(id: &str, number: u64) -> Position {
    Position::deal(presets::find(id).unwrap(), number)
}

#[test]
fn every_lasker_deal_is_lost_and_its_par_is_what_the_player_plays_for() {
    for number in 1..=20 {
        let pos = deal("lasker", number);
        assert_eq!(solve(&pos, &budget()).outcome, Outcome::Lost, "deal {number}");
        let par = par(&pos, &budget());
        assert_consistent(&pos, &par);
        assert!(par.exact, "deal {number}: {par:?}");
        assert!(par.best < 52, "deal {number}: {par:?}");
        println!("lasker {number}: {} of 52, {} nodes, {:?}", par.best, par.nodes, par.elapsed);
    }
    // Deal 2 can bring 10 cards up, no more (every deal's figure repeats).
    assert_eq!(par(&deal("lasker", 2), &budget()).best, 10);
}

#[test]
fn a_won_deal_has_every_card_for_par_exactly() {
    for (id, number) in [("harmony", 1), ("pitchfork", 4), ("grosse-harfe", 1), ("lasker/classic", 2)] {
        let pos = deal(id, number);
        let par = par(&pos, &budget());
        assert_consistent(&pos, &par);
        assert!(par.exact && par.winnable(), "{id} {number}: {par:?}");
        assert_eq!(par.best, pos.rules().card_count());
    }
}

#[test]
fn a_lost_harmony_deal_has_an_exact_par_short_of_every_card() {
    // Deal 29 is proven lost (`solve`'s deadlock proof settles it).
    let pos = deal("harmony", 29);
    assert_eq!(solve(&pos, &budget()).outcome, Outcome::Lost);
    let par = par(&pos, &budget());
    assert_consistent(&pos, &par);
    assert!(par.exact && par.best < 52 && par.best > 0, "{par:?}");
}

#[test]
fn lost_pitchfork_deals_have_exact_pars_some_of_none() {
    let mut lost = 0;
    for number in 1..=8 {
        let pos = deal("pitchfork", number);
        let par = par(&pos, &budget());
        assert_consistent(&pos, &par);
        assert!(par.exact, "deal {number}: {par:?}");
        if !par.winnable() {
            lost += 1;
        }
        println!("pitchfork {number}: {} of 52, {} nodes, {:?}", par.best, par.nodes, par.elapsed);
    }
    assert!(lost >= 3, "{lost} lost");
    // Deal 2 cannot bring a single card up.
    assert_eq!(par(&deal("pitchfork", 2), &budget()).best, 0);
}

#[test]
fn two_deck_deals_give_a_win_or_a_bound_marked_as_one() {
    let mut bounds = 0;
    for (id, number) in [("harp", 1), ("harp", 2), ("grosse-harfe", 2), ("grosse-harfe", 3)] {
        let pos = deal(id, number);
        let par = par(&pos, &budget());
        assert_consistent(&pos, &par);
        assert!(par.exact == par.winnable(), "{id} {number}: {par:?}");
        if !par.exact {
            bounds += 1;
            assert_eq!(par.stopped, Some(Limit::Nodes), "{id} {number}");
            assert!(par.best > 8, "{id} {number}: {par:?}");
        }
        println!("{id} {number}: {} of 104 (exact {}), {} nodes, {:?}", par.best, par.exact, par.nodes, par.elapsed);
    }
    assert!(bounds >= 3, "{bounds} bounds");
}
