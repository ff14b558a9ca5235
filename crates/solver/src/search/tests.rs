//! The search's own tests: lines that share a table, pending nodes, keys
//! worked out ahead, the moves left out as repeats, resumed searches.

use super::*;
use crate::shared_table::SharedTable;
use crate::Verdict;
use patience_core::presets;

/// Harmony with `ranks` ranks a suit and three columns of 3, 4 and 5
/// cards: small enough to search whole.
fn small_harmony(id: &'static str, ranks: u8) -> &'static Rules {
    let base = presets::find("harmony").unwrap();
    Box::leak(Box::new(Rules { id, ranks, columns: &[3, 4, 5], ..base.clone() }))
}

/// Runs `searcher` from `pos` in slices of `nodes` nodes, calling
/// `between` with the slice's number before each, up to the first
/// report that is not for want of nodes.
fn in_slices(
    searcher: &mut Searcher,
    pos: &Position,
    nodes: u64,
    mut between: impl FnMut(&mut Searcher, u64),
) -> Report {
    if let Some(report) = searcher.begin(pos) {
        return report;
    }
    for turn in 1.. {
        between(searcher, turn);
        searcher.allow_nodes(searcher.nodes() + nodes);
        let report = searcher.resume();
        if report.outcome != Outcome::Unknown(Limit::Nodes) {
            return report;
        }
    }
    unreachable!("the slices end in a report")
}

/// Lines forked every few nodes, sharing one table, reach the verdict
/// of one line: the same wins and the same losses (and a win found by
/// any line replays, which `won` checks).
#[test]
fn lines_sharing_a_table_reach_the_verdict_of_one() {
    let rules = small_harmony("test/harmony-5", 5);
    let budget = Budget::default();
    let (mut won, mut lost, mut most_lines) = (0, 0, 0);
    for deal in 1..=60 {
        let pos = Position::deal(rules, deal);
        let one = Searcher::new(rules, &budget, SearchKind::Exact).run(&pos);
        let mut many = Searcher::new(rules, &Budget { max_nodes: Some(0), ..budget.clone() }, SearchKind::Exact);
        let report = in_slices(&mut many, &pos, 5, |many, turn| {
            if turn % 3 == 0 {
                many.rotate();
            } else {
                many.fork(turn);
            }
            most_lines = most_lines.max(many.lines());
        });
        assert_eq!(report.outcome.verdict(), one.outcome.verdict(), "deal {deal}");
        match report.outcome {
            Outcome::Won(_) => won += 1,
            Outcome::Lost => lost += 1,
            Outcome::Unknown(_) => {}
        }
    }
    assert!(won > 5 && lost > 5 && most_lines > 10, "won {won}, lost {lost}, lines {most_lines}");
}

/// Threads sharing one table reach the verdict of one thread: the same
/// wins (each replays, which `won` checks) and the same losses, with lines
/// handed between the threads on the way. Warfield's and Lasker's deals
/// that one thread decides within a few hundred thousand nodes, each gone
/// parallel after its first thousand.
#[test]
fn threads_sharing_a_table_reach_the_verdict_of_one() {
    let (mut won, mut lost) = (0, 0);
    let handed_before = parallel::lines_handed();
    for (id, deals) in [("pitchfork/warfield", 1..=40), ("lasker", 1..=20)] {
        let rules = presets::find(id).unwrap();
        for deal in deals {
            let pos = Position::deal(rules, deal);
            let one = Searcher::new(rules, &Budget::default().with_nodes(400_000), SearchKind::Exact).run(&pos);
            if one.outcome.verdict() == Verdict::Unknown {
                continue;
            }
            let mut two = Searcher::new(rules, &Budget::default().with_nodes(0), SearchKind::Exact);
            if two.begin(&pos).is_some() {
                continue;
            }
            two.fork(deal); // a parked line to hand over, beside splits
            two.allow_nodes(1_000);
            let first = two.resume();
            let report = if first.outcome == Outcome::Unknown(Limit::Nodes) {
                let table = SharedTable::new(two.shared_table_bytes());
                two.finish_in_parallel(2, table, &mut parallel::helper_turns(0))
            } else {
                first
            };
            assert_eq!(report.outcome.verdict(), one.outcome.verdict(), "{id} deal {deal}");
            match report.outcome {
                Outcome::Won(_) => won += 1,
                Outcome::Lost => lost += 1,
                Outcome::Unknown(_) => {}
            }
        }
    }
    let handed = parallel::lines_handed() - handed_before;
    assert!(won >= 5 && lost >= 5 && handed >= 20, "won {won}, lost {lost}, lines handed {handed}");
}

/// A pending node that `pending::can_be_covered` gives up on has no
/// step indeed: checked on every card played to the tableau from the
/// talon or a foundation along random playouts of Harmony deals.
#[test]
fn a_pending_node_left_as_a_dead_end_has_no_step() {
    let rules = presets::find("harmony").unwrap();
    let mut searcher = Searcher::new(rules, &Budget::default(), SearchKind::Exact);
    let mut rng = patience_core::deal::SplitMix64::new(7);
    let (mut dead, mut alive) = (0, 0);
    for deal in 1..=40 {
        let root = Position::deal(rules, deal);
        searcher.begin(&root);
        let mut pos = root;
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let Some(x) = searcher.placed_card(&pos, mv) else { continue };
                let mut child = pos.clone();
                child.play_unchecked(mv);
                if !pending::left_pending(&child, mv, x) {
                    continue; // it went up by itself
                }
                searcher.stack.steps.clear();
                searcher.expand(&child, &child.legal_moves(), Some(x), None);
                let has_step = !searcher.stack.steps.is_empty();
                if !pending::can_be_covered(&child, x) {
                    assert!(!has_step, "deal {deal}: {mv} in\n{pos}");
                    dead += 1;
                } else if has_step {
                    alive += 1;
                }
            }
            let mv = moves[rng.below_or_equal(moves.len() as u64 - 1) as usize];
            pos.play_unchecked(mv);
        }
    }
    // Both kinds occur, so the check above is not vacuous.
    assert!(dead > 100 && alive > 100, "dead ends {dead}, covered {alive}");
}

/// Move pruning and the moves into spaces left out change nothing but
/// the work: in every kind of game they apply to, an exhausted exact or
/// par search stores exactly the positions of the search without them
/// (so it expanded all of them), with the same verdict and par, in fewer
/// nodes.
/// Small games of every kind that searches can exhaust: Warfield,
/// Pitchfork, one- and two-deck Harp, Die Große Harfe and Lasker, with
/// few ranks and columns.
fn small_games() -> [&'static Rules; 6] {
    let small = |id: &'static str, of: &str, ranks: u8, columns: &'static [u8], f: fn(&mut Rules)| {
        let mut rules = Rules { id, ranks, columns, ..presets::find(of).unwrap().clone() };
        f(&mut rules);
        &*Box::leak(Box::new(rules))
    };
    [
        small("test/warfield", "pitchfork/warfield", 5, &[4, 4, 0, 4, 3], |r| r.reserve = 4),
        small("test/pitchfork", "pitchfork", 5, &[4, 3, 3, 4], |_| {}),
        small("test/harp-1-deck", "harp", 5, &[2, 3, 4, 5], |r| {
            r.decks = 1;
            r.passes = patience_core::rules::Passes::Limited(2);
        }),
        small("test/harfe-1-deck", "grosse-harfe", 5, &[5, 4, 3, 2], |r| {
            r.decks = 1;
            r.max_occupied = 4;
        }),
        small("test/harp-2-decks", "harp", 3, &[3, 4, 5, 6], |r| r.passes = patience_core::rules::Passes::Limited(1)),
        small("test/lasker", "lasker", 4, &[3, 3, 3, 3, 2, 2], |_| {}),
    ]
}

/// Working keys out ahead changes nothing but when the table's memory
/// is read: with it from the first node and without it, every search
/// (exact and par, small games of every kind, and Harmony, whose keys
/// are compact and whose nodes may be pending) ends with the same
/// outcome, the same winning line, the same nodes and positions stored
/// and the same par.
#[test]
fn keys_worked_out_ahead_change_nothing_but_the_cache() {
    let harmony = presets::find("harmony").unwrap();
    let budget = Budget::default().with_nodes(100_000);
    let (mut won, mut lost) = (0, 0);
    for rules in small_games().into_iter().chain([harmony]) {
        for deal in 1..=40 {
            let pos = Position::deal(rules, deal);
            for kind in [SearchKind::Exact, SearchKind::Par] {
                let mut ahead = Searcher::new(rules, &budget, kind);
                ahead.key_ahead_from = Some(0);
                let mut plain = Searcher::new(rules, &budget, kind);
                plain.key_ahead_from = Some(usize::MAX);
                let (a, b) = (ahead.search(&pos), plain.search(&pos));
                let what = format!("{} deal {deal}, {kind:?}", rules.id);
                assert_eq!(a.outcome, b.outcome, "{what}");
                assert_eq!((a.nodes, a.stored), (b.nodes, b.stored), "{what}");
                assert_eq!(ahead.best(), plain.best(), "{what}");
                match a.outcome {
                    Outcome::Won(_) => won += 1,
                    Outcome::Lost => lost += 1,
                    Outcome::Unknown(_) => {}
                }
            }
        }
    }
    assert!(won > 50 && lost > 50, "won {won}, lost {lost}");
}

#[test]
fn leaving_out_repeated_positions_keeps_every_position_and_verdict() {
    let games = small_games();
    let budget = Budget::default().with_nodes(300_000);
    let (mut lost, mut nodes_with, mut nodes_without) = (0, 0u64, 0u64);
    for rules in games {
        let mut lost_here = 0;
        for deal in 1..=150 {
            let pos = Position::deal(rules, deal);
            for kind in [SearchKind::Exact, SearchKind::Par] {
                let mut with = Searcher::new(rules, &budget, kind);
                let mut without = Searcher::new(rules, &budget, kind);
                without.leave_out_repeats = false;
                let (a, b) = (with.search(&pos), without.search(&pos));
                let what = format!("{} deal {deal}, {kind:?}", rules.id);
                assert_eq!(a.outcome.verdict(), b.outcome.verdict(), "{what}");
                if a.outcome == Outcome::Lost && b.outcome == Outcome::Lost {
                    assert_eq!(a.stored, b.stored, "{what}");
                    assert_eq!(with.best(), without.best(), "{what}");
                    assert!(a.nodes <= b.nodes, "{what}");
                    lost_here += 1;
                    nodes_with += a.nodes;
                    nodes_without += b.nodes;
                }
            }
        }
        // Every kind of game has exhausted searches to compare.
        assert!(lost_here >= 20, "{}: {lost_here} lost", rules.id);
        lost += lost_here;
    }
    println!("{lost} exhausted searches, nodes {nodes_with} against {nodes_without}");
    assert!(nodes_with * 10 < nodes_without * 9, "nodes {nodes_with} against {nodes_without}");
}

/// A search stopped for want of nodes and resumed goes on exactly where
/// it left off: slices of any size end where one run does.
#[test]
fn a_resumed_search_ends_where_one_run_does() {
    let rules = small_harmony("test/harmony-4", 4);
    let budget = Budget::default();
    for deal in 1..=24 {
        let pos = Position::deal(rules, deal);
        let whole = Searcher::new(rules, &budget, SearchKind::Exact).run(&pos);
        let mut sliced = Searcher::new(rules, &Budget { max_nodes: Some(0), ..budget.clone() }, SearchKind::Exact);
        let report = in_slices(&mut sliced, &pos, 7, |_, _| {});
        assert_eq!(report.outcome, whole.outcome, "deal {deal}");
        assert_eq!(report.nodes, whole.nodes, "deal {deal}");
    }
}

/// Bytes held elsewhere for a search (the shared table being made ready)
/// count against its budget: a search that had room runs out of memory
/// once they are held.
#[test]
fn bytes_held_elsewhere_count_against_the_budget() {
    let rules = presets::find("pitchfork/warfield").unwrap();
    let pos = Position::deal(rules, 90);
    let budget = Budget::default().with_memory(64 << 20).with_nodes(0);
    let mut searcher = Searcher::new(rules, &budget, SearchKind::Exact);
    assert!(searcher.begin(&pos).is_none());
    searcher.allow_nodes(20_000);
    assert_eq!(searcher.resume().outcome, Outcome::Unknown(Limit::Nodes));
    searcher.hold_elsewhere(64 << 20);
    searcher.allow_nodes(40_000);
    assert_eq!(searcher.resume().outcome, Outcome::Unknown(Limit::Memory));
}
