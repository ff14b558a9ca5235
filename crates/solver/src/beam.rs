//! Beam search: a win-finder for the two-deck games (their schedules run
//! it each round, and the one-deck games' once; see `schedule`).
//!
//! A breadth-first search that keeps, of each depth, only the `width`
//! positions that score best on a measure of progress ([`progress`]: cards
//! up, stock passes spared, face-down cards turned, columns emptied, in
//! the last pass a short waste, and in the solver's beams for two decks
//! or cards dealt face up few cards above a lower card of their own suit)
//! and forgets the rest. Where a depth-first search can spend its whole
//! budget under one early wrong choice, a beam compares all the lines it
//! keeps at every depth, so one bad move costs a slot, not the search. Its
//! successors are the exact search's steps (compound stock moves), either
//! every move ([`Moves::Every`]: the measure alone decides what is kept)
//! or only those the win-finding pass tries ([`Moves::Pruned`]); the two
//! find different wins. Positions are deduplicated across depths with the
//! same table and keys as the other searches.
//!
//! A beam never proves anything lost: when the beam runs dry it answers
//! `Unknown(Nodes)`, and a wider beam may still find a win. A win it finds
//! is replayed through the engine like any other.

use patience_core::{MoveList, Position};

use crate::key::canonical;
use crate::search::{SearchKind, Searcher};
use crate::step::Step;
use crate::table::Table;
use crate::{Budget, Limit, Outcome, Report};

/// Which moves a beam tries from each position it keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Moves {
    /// Every legal move (the exact search's successors).
    Every,
    /// The win-finding pass's forward pruning: no moves off the
    /// foundations, no tableau moves that neither turn up a card, empty a
    /// column nor free a card for a foundation.
    Pruned,
}

/// One kept position of the current depth, and where it came from.
struct Kept {
    pos: Position,
    /// Its index in the current depth's links.
    link: u32,
}

/// A child's place in the choice of the positions a depth keeps.
#[derive(Copy, Clone)]
struct Score {
    /// Its [`progress`]: higher first.
    progress: i32,
    /// Part of its key, a hash: lower first among equal progress.
    tie: u32,
    /// Its index in the depth's children.
    child: u32,
}

/// How a position of some depth was reached: its parent's index in the
/// depth before, and the step from there.
#[derive(Copy, Clone)]
struct Link {
    parent: u32,
    step: Step,
}

/// What a beam's measure of progress ([`progress`]) weighs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Measure {
    /// Cards up, stock passes spared, the waste, face-down cards turned
    /// and columns emptied.
    Plain,
    /// Those, and against them every card lying above a lower card of its
    /// own suit in its column (face down or up; lower in the foundations'
    /// order, which starts at their base rank): that card must leave the
    /// column before the one below can go up, and cannot go up first. The
    /// solver's beams use it with two decks and where every card is dealt
    /// face up; the honest player's beams do not: the player won fewer Harp
    /// deals with it, and as few where it weighed only the chance of a card
    /// lying buried, never a hidden card's place (see `EXPERIMENTS.md`).
    Unburying,
}

impl Measure {
    /// The measure of the solver's beams for `rules`: unburying with two
    /// decks, and where every card is dealt face up (Warfield), where it
    /// was measured to win more deals.
    pub fn for_rules(rules: &patience_core::Rules) -> Measure {
        if rules.decks > 1 || rules.deal_face == patience_core::rules::DealFace::AllUp {
            Measure::Unburying
        } else {
            Measure::Plain
        }
    }
}

/// Searches `root` with a beam of `width` positions per depth trying
/// `moves`, judged by `measure`, within `budget` (nodes, time, and memory
/// for the table, the current depth's positions and children, and the
/// links back to the root).
pub(crate) fn search(root: &Position, width: usize, moves_tried: Moves, measure: Measure, budget: &Budget) -> Report {
    let rules = root.rules();
    let started = std::time::Instant::now();
    let report = |outcome, nodes, table: &Table| Report {
        outcome,
        nodes,
        stored: table.len() as u64,
        elapsed: started.elapsed(),
        threads: 1,
    };
    let kind = match moves_tried {
        Moves::Every => SearchKind::Exact,
        Moves::Pruned => SearchKind::WinFinding,
    };
    let mut searcher = Searcher::new(rules, budget, kind);
    let mut table = Table::new(budget.max_memory).with_deadline(budget.deadline(started));
    let mut moves = MoveList::new();
    let mut start = root.clone();
    searcher.settle(&mut start, &mut moves, &mut |_| {});
    if start.is_won() {
        return won(&searcher, root, &[], 0, &table, started);
    }
    let _ = table.insert(canonical(&start), 0);
    let mut links: Vec<Vec<Link>> = Vec::new();
    let mut linked = 0;
    let mut beam = vec![Kept { pos: start, link: 0 }];
    let mut steps = Vec::new();
    let mut nodes = 0u64;
    let max_nodes = budget.max_nodes.unwrap_or(u64::MAX);
    // Each depth's children, their scores and their links, reused from
    // depth to depth: the positions are large, and vectors grown anew each
    // time copied them over and over.
    let mut children: Vec<Kept> = Vec::new();
    let mut scores: Vec<Score> = Vec::new();
    let mut level: Vec<Link> = Vec::new();
    while !beam.is_empty() {
        children.clear();
        scores.clear();
        level.clear();
        for kept in &beam {
            moves.clear();
            kept.pos.generate_moves(&mut moves);
            steps.clear();
            searcher.successors(&kept.pos, &moves, &mut steps);
            for &step in &steps {
                if nodes >= max_nodes {
                    return report(Outcome::Unknown(Limit::Nodes), nodes, &table);
                }
                nodes += 1;
                if nodes.is_multiple_of(1024) && budget.timeout.is_some_and(|t| started.elapsed() >= t) {
                    return report(Outcome::Unknown(Limit::Time), nodes, &table);
                }
                let mut child = kept.pos.clone();
                crate::search::apply(&mut child, step, &mut |_| {});
                // Most children are dropped: their moves are listed only
                // if they are kept, at the next depth.
                searcher.settle_position(&mut child, &mut moves, &mut |_| {});
                if child.is_won() {
                    let mut line = vec![step];
                    let mut at = kept.link;
                    for depth in (0..links.len()).rev() {
                        let link = links[depth][at as usize];
                        line.push(link.step);
                        at = link.parent;
                    }
                    line.reverse();
                    return won(&searcher, root, &line, nodes, &table, started);
                }
                // The budget's memory bound covers the table, this depth's
                // positions and their children, and the links back to the
                // root.
                let besides = beam.len() * std::mem::size_of::<Kept>()
                    + children.len() * std::mem::size_of::<(Kept, Score)>()
                    + (linked + level.len()) * std::mem::size_of::<Link>();
                let key = canonical(&child);
                match table.insert(key, besides) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(limit) => return report(Outcome::Unknown(limit), nodes, &table),
                }
                let link = level.len() as u32;
                level.push(Link { parent: kept.link, step });
                scores.push(Score {
                    progress: progress(&child, measure),
                    tie: key as u32,
                    child: children.len() as u32,
                });
                children.push(Kept { pos: child, link });
            }
        }
        if scores.len() > width {
            // The best `width`; among equal scores the ones whose keys come
            // first, which is as good as a random pick, and does not
            // depend on the order the children were generated in.
            scores
                .select_nth_unstable_by(width, |a, b| (b.progress, a.tie, a.child).cmp(&(a.progress, b.tie, b.child)));
            scores.truncate(width);
        }
        // The kept positions, and only their links from here on.
        let mut kept_links = Vec::with_capacity(scores.len());
        beam.clear();
        for score in &scores {
            let child = &children[score.child as usize];
            kept_links.push(level[child.link as usize]);
            beam.push(Kept { pos: child.pos.clone(), link: (kept_links.len() - 1) as u32 });
        }
        linked += kept_links.len();
        links.push(kept_links);
    }
    report(Outcome::Unknown(Limit::Nodes), nodes, &table)
}

/// The report of the win by `steps` from `root`, replayed first.
fn won(
    searcher: &Searcher,
    root: &Position,
    steps: &[Step],
    nodes: u64,
    table: &Table,
    started: std::time::Instant,
) -> Report {
    let line = searcher.line(root, steps);
    let outcome = match crate::replays_to_win(root, &line) {
        Ok(true) => Outcome::Won(line),
        other => {
            debug_assert!(false, "beam solution does not replay: {other:?}");
            Outcome::Unknown(Limit::Nodes)
        }
    };
    Report { outcome, nodes, stored: table.len() as u64, elapsed: started.elapsed(), threads: 1 }
}

/// How far `pos` has come, in hundredths of a card up: cards up count
/// most; a pass through the stock used costs ten cards and each card drawn
/// in this pass a little, because a beam that spends the stock freely runs
/// dry with the stock gone (most of Harp's beams did); face-down cards
/// still to turn count against, empty columns for. In the last pass a card
/// left on the waste costs as much as a card up gains: the waste will
/// never be turned over again, so each card on it buries the ones below
/// until it is played, and a beam that draws freely there leaves a pile
/// it cannot dig out of (Die Große Harfe's one pass). With
/// [`Measure::Unburying`] each card above a lower card of its own suit
/// costs two fifths of a card up.
fn progress(pos: &Position, measure: Measure) -> i32 {
    let up = pos.cards_on_foundations() as i32;
    let mut face_down = 0;
    let mut empty = 0;
    let mut buried = 0;
    let (base, ranks) = (pos.base_rank().unwrap_or(1), pos.rules().ranks);
    for c in 0..pos.column_count() {
        face_down += pos.face_down(c) as i32;
        empty += pos.column(c).is_empty() as i32;
        if measure == Measure::Unburying {
            buried += buried_cards(pos.column(c), base, ranks);
        }
    }
    let passes_used = pos.pass() as i32 - 1;
    let waste_cost = if pos.rules().allows_pass(pos.pass()) { 3 } else { 100 };
    100 * up - 1000 * passes_used - waste_cost * pos.waste().len() as i32 - 10 * face_down + 10 * empty - 40 * buried
}

/// The cards of `column` (bottom first) that lie above a lower card of
/// their own suit, lower in the order the foundations take a suit from
/// `base` (of `ranks`).
fn buried_cards(column: &[patience_core::Card], base: u8, ranks: u8) -> i32 {
    let mut lowest = [u8::MAX; 4];
    let mut buried = 0;
    for card in column {
        let suit = card.suit().index() as usize;
        let place = (card.rank() + ranks - base) % ranks;
        buried += (lowest[suit] < place) as i32;
        lowest[suit] = lowest[suit].min(place);
    }
    buried
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_core::presets;

    #[test]
    fn a_beam_wins_harp_deal_2_and_its_line_replays() {
        let pos = Position::deal(presets::find("harp").unwrap(), 2);
        for moves in [Moves::Every, Moves::Pruned] {
            let report = search(&pos, 200, moves, Measure::Plain, &Budget::default().with_nodes(1_000_000));
            let Outcome::Won(line) = report.outcome else { panic!("{moves:?}: not won: {:?}", report.outcome) };
            assert_eq!(crate::replays_to_win(&pos, &line), Ok(true));
        }
    }

    #[test]
    fn a_card_above_a_lower_card_of_its_own_suit_is_buried() {
        let column: Vec<patience_core::Card> = ["5H", "9S", "7H", "4H", "KH", "3S"].map(|c| c.parse().unwrap()).into();
        // 7♥ and K♥ lie above 5♥; 9♠ and 3♠ are not above a lower spade
        // (3♠ is lower than 9♠), nor is 4♥.
        assert_eq!(buried_cards(&column, 1, 13), 2);
        assert_eq!(buried_cards(&[], 1, 13), 0);
    }

    /// Unburying weighs two fifths of a card up for each buried card, and
    /// nothing else changes.
    #[test]
    fn the_unburying_measure_costs_each_buried_card() {
        let pos = Position::deal(presets::find("harp").unwrap(), 1);
        let buried: i32 = (0..pos.column_count()).map(|c| buried_cards(pos.column(c), 1, 13)).sum();
        assert!(buried > 0);
        assert_eq!(progress(&pos, Measure::Plain) - progress(&pos, Measure::Unburying), 40 * buried);
    }

    /// What the cost of buried cards is for: narrow beams win more Harp
    /// deals with it than without (with every card known, as the solver
    /// searches).
    #[test]
    fn narrow_beams_win_more_harp_deals_when_buried_cards_cost() {
        let rules = presets::find("harp").unwrap();
        let wins = |measure| {
            (1..=60)
                .filter(|&deal| {
                    let pos = Position::deal(rules, deal);
                    let report = search(&pos, 8, Moves::Every, measure, &Budget::default().with_nodes(30_000));
                    matches!(report.outcome, Outcome::Won(_))
                })
                .count()
        };
        let (plain, unburying) = (wins(Measure::Plain), wins(Measure::Unburying));
        assert!(unburying > plain, "unburying {unburying}, plain {plain}");
        assert_eq!(Measure::for_rules(rules), Measure::Unburying);
        assert_eq!(Measure::for_rules(presets::find("harmony").unwrap()), Measure::Plain);
    }

    /// A draw that leaves its card on the waste (no Ace, which would go up
    /// by itself in Die Große Harfe), from the first deal that has one.
    fn progress_of_a_draw(id: &str) -> i32 {
        let rules = presets::find(id).unwrap();
        let pos = (1..)
            .map(|deal| Position::deal(rules, deal))
            .find(|pos| pos.stock().first().is_some_and(|card| card.rank() != 1))
            .unwrap();
        let mut drawn = pos.clone();
        drawn.play(patience_core::Move::Draw).unwrap();
        assert_eq!(drawn.waste().len(), pos.waste().len() + 1);
        progress(&drawn, Measure::Plain) - progress(&pos, Measure::Plain)
    }

    #[test]
    fn in_the_last_pass_a_card_left_on_the_waste_costs_what_a_card_up_gains() {
        // Die Große Harfe goes through the talon once: its first pass is
        // the last.
        assert_eq!(progress_of_a_draw("grosse-harfe"), -100);
        // Harp's first pass of four: a draw costs little.
        assert_eq!(progress_of_a_draw("harp"), -3);
    }

    #[test]
    fn a_beam_wins_a_grosse_harfe_deal_by_keeping_the_last_pass_waste_short() {
        // Deal 39 was left open by every beam up to 30,000 wide that
        // counted a waste card a thirty-third of a card up.
        let pos = Position::deal(presets::find("grosse-harfe").unwrap(), 39);
        let report = search(&pos, 300, Moves::Every, Measure::Plain, &Budget::default().with_nodes(5_000_000));
        let Outcome::Won(line) = report.outcome else { panic!("not won: {:?}", report.outcome) };
        assert_eq!(crate::replays_to_win(&pos, &line), Ok(true));
    }

    #[test]
    fn a_beam_that_runs_dry_never_says_lost() {
        // Lasker's default rules lose every deal; a narrow beam runs dry.
        let pos = Position::deal(presets::find("lasker").unwrap(), 1);
        let report = search(&pos, 4, Moves::Every, Measure::Plain, &Budget::default().with_nodes(1_000_000));
        assert_eq!(report.outcome, Outcome::Unknown(Limit::Nodes));
        assert!(report.nodes < 1_000_000, "ran dry, not out of nodes");
    }
}
