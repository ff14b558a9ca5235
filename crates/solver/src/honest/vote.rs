//! Voting: one decision's sampled worlds are solved, each win's segment
//! becomes a candidate, rival candidates are tried in every other world won,
//! and the segment that wins the most is chosen ([`deliberate`]); with no
//! world won, the move towards the most cards up in the sampled worlds (a
//! hint) or the fallback order (the player, who gives up on a lost game).
//! Also the tables a game has shown ([`Visits`]), which a decision does not
//! enter again.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use patience_core::deal::SplitMix64;
use patience_core::moves::{Move, Pile};
use patience_core::rules::{Passes, Rules};
use patience_core::view::{PositionView, Silent};
use patience_core::{notation, Position};

use super::knowledge::{unknown_cards, Knowledge};
use super::worlds::{position_key, sample_world, sample_world_near, segment, table_key};
use super::{Hint, HintReason, HonestConfig, WorldSearch};
use crate::beam;
use crate::par::par_of_lost;
use crate::{solve, Budget, Outcome};

/// Rank of a move in the fallback order (higher first).
fn fallback_rank(view: &PositionView, mv: Move) -> u8 {
    match mv {
        Move::Transfer { from: Pile::Foundation(_), .. } => 0,
        Move::Transfer { to: Pile::AnyFoundation, .. } => 6,
        Move::Transfer { from: Pile::Tableau(c), count, .. } => {
            let col = &view.columns[c as usize];
            if col.face_down > 0 && count as usize == col.face_up.len() {
                5
            } else {
                1
            }
        }
        Move::Transfer { .. } => 4,
        Move::Draw => 3,
        Move::Redeal => 2,
    }
}

/// A plan: the segment chosen by a vote, and a sampled world it wins (kept
/// in step, to check that the table is as foreseen).
#[derive(Clone, Debug)]
pub(super) struct Plan {
    pub(super) world: Position,
    pub(super) moves: Vec<Move>,
    /// The rest of the world's win after the segment.
    pub(super) rest: Vec<Move>,
}

/// The moves of a world's win up to and including its first discovery,
/// and the sampled worlds (by index) that are won after them.
struct Segment {
    /// The first world whose win starts with these moves.
    world: Position,
    moves: Vec<Move>,
    /// The rest of that world's win after the moves.
    rest: Vec<Move>,
    /// The table after the moves (in one reference world).
    key: u64,
    /// Worlds whose own win starts with these moves (or others that leave
    /// the same table).
    found: Vec<usize>,
    /// Worlds won after these moves (their own included).
    wins: Vec<usize>,
    /// Worlds tried so far by [`Vote::compare`]: the first `tried`.
    tried: usize,
}

/// How often each table has been seen in a game.
pub(super) type Visits = HashMap<u64, u32>;

/// Visits after which a table is not to be entered again.
pub(super) const MAX_VISITS: u32 = 2;

/// What a decision does when no sampled world is won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum NoneWon {
    /// The first move of the line to the most cards on the foundations in
    /// the sampled worlds (their par, [`mod@crate::par`]): a hint, which
    /// should still lead somewhere in a lost game (in Lasker's default
    /// rules every deal is lost, and the par is what a player aims at).
    AimAtPar,
    /// The fallback order, with no search: the player, which gives up once
    /// every world is proven lost.
    Fallback,
}

/// Whether drawing on from `pos` (just after a draw or a redeal onto a
/// table shown before) reaches a table not shown yet, or one from which a
/// play does, before it comes back to table `here` (where the draw was
/// made). Going round the stock again shows the same tables, yet a card met
/// on the way may now go somewhere: such a draw is a step on, not a step
/// back. Where a play leads on, the draw is not taken (see [`deliberate`]),
/// so that following hints goes round the stock at most once before a
/// play. One round of the stock at most; with no pass left, the walk ends
/// where the stock does.
fn draws_lead_on(mut pos: Position, here: u64, fresh: &impl Fn(&Position) -> bool) -> bool {
    let round = pos.stock().len() + pos.waste().len() + 2;
    for _ in 0..round {
        if fresh(&pos) {
            return true;
        }
        if table_key(&PositionView::of(&pos, &Silent)) == here {
            return false;
        }
        let legal = pos.legal_moves();
        let leads_on = legal.iter().filter(|mv| mv.is_play()).any(|&mv| {
            let mut next = pos.clone();
            next.play(mv).is_ok() && fresh(&next)
        });
        if leads_on {
            return true;
        }
        let Some(&turn) = legal.iter().find(|mv| !mv.is_play()) else { return false };
        if pos.play(turn).is_err() {
            return false;
        }
    }
    false
}

/// What a decision takes into account beside the view: the tables the game
/// has shown (moves to a table shown `max_visits` times are left out), what
/// to do when no sampled world is won, and whether the chosen segment's
/// first move is weighed against every other ([`Vote::better_first_move`]).
pub(super) struct Occasion<'a> {
    pub(super) visits: &'a Visits,
    pub(super) max_visits: u32,
    /// A draw onto a table shown before is judged by where drawing leads
    /// ([`draws_lead_on`]): a hint's way. The player leaves such draws out
    /// (its strength was measured so).
    pub(super) draws_lead_on: bool,
    pub(super) none_won: NoneWon,
    pub(super) first_moves: bool,
    /// The world of the plan just played to its discovery, if any: it is
    /// brought in line with the table and counts among the sampled worlds
    /// ([`Vote::add_carried`]).
    pub(super) carried: Option<&'a Plan>,
}

/// The decision and, when a world was won by it, the plan to follow: the
/// chosen segment.
pub(super) fn deliberate(
    rules: &'static Rules,
    view: &PositionView,
    knowledge: &Knowledge,
    config: &HonestConfig,
    seed: u64,
    occasion: &Occasion,
) -> Option<(Hint, Option<Plan>)> {
    let Occasion { visits, max_visits, draws_lead_on: walk, none_won, first_moves, carried } = *occasion;
    let mut moves: Vec<Move> = view.notations().filter_map(|m| notation::parse(m).ok()).collect();
    if !visits.is_empty() && !moves.is_empty() {
        let stock = knowledge.stock(view);
        let unknown = unknown_cards(rules, view, &stock)?;
        let world = sample_world(rules, view, &stock, &unknown, &mut SplitMix64::new(seed))?;
        let all = moves.clone();
        let fresh =
            |pos: &Position| visits.get(&table_key(&PositionView::of(pos, &Silent))).copied().unwrap_or(0) < max_visits;
        let here = table_key(&PositionView::of(&world, &Silent));
        // Each legal move's table in the sampled world, and whether it is
        // one not shown yet.
        let nexts: Vec<(Move, Position, bool)> = moves
            .iter()
            .filter_map(|&mv| {
                let mut next = world.clone();
                next.play(mv).ok()?;
                let new = fresh(&next);
                Some((mv, next, new))
            })
            .collect();
        // A play leads on from here: a draw onto a table seen before would
        // only put it off.
        let plays_on = nexts.iter().any(|&(mv, _, new)| mv.is_play() && new);
        moves = nexts
            .into_iter()
            .filter_map(|(mv, next, new)| {
                (new || (walk && !mv.is_play() && !plays_on && draws_lead_on(next, here, &fresh))).then_some(mv)
            })
            .collect();
        if moves.is_empty() {
            return Some((
                Hint {
                    mv: all[0],
                    reason: HintReason::Cycle,
                    samples: 0,
                    won_with_move: 0,
                    winnable: 0,
                    lost: 0,
                    par: None,
                },
                None,
            ));
        }
    }
    let hint = |mv, reason| Hint { mv, reason, samples: 0, won_with_move: 0, winnable: 0, lost: 0, par: None };
    match moves.len() {
        0 => return None,
        1 => return Some((hint(moves[0], HintReason::Only), None)),
        _ => {}
    }
    let stock = knowledge.stock(view);
    if config.scout && rules.passes == Passes::Unlimited && stock.iter().any(Option::is_none) {
        if let Some(&draw) = moves.iter().find(|&&m| m == Move::Draw) {
            return Some((hint(draw, HintReason::Scout), None));
        }
    }
    let Some(unknown) = unknown_cards(rules, view, &stock) else {
        return Some((fallback(view, &moves, 0, 0, 0), None));
    };
    let every_card_known;
    let config = if unknown.is_empty() {
        every_card_known = for_the_deal_itself(config);
        &every_card_known
    } else {
        config
    };
    let mut vote = Vote {
        rules,
        view,
        knowledge,
        config,
        moves: &moves,
        started: Instant::now(),
        worlds: Vec::new(),
        segments: Vec::new(),
        won: 0,
        lost: 0,
        own_wins: Vec::new(),
    };
    let mut rng = SplitMix64::new(seed ^ 0x486f_6e65_7374_2121);
    let batch = config.samples.max(1);
    if let Some(plan) = carried {
        if let Some(world) = sample_world_near(rules, view, &stock, &unknown, &plan.world, &mut rng) {
            vote.add_carried(world, &plan.rest, (2 * batch) as u32);
        }
    }
    // The carried world's segment, should no other world be sampled.
    let mut best = vote.best();
    while vote.worlds.len() < config.most_samples.max(batch) {
        for k in 0..batch {
            let Some(world) = sample_world(rules, view, &stock, &unknown, &mut rng) else { break };
            if !vote.add_world(world, (2 * (batch - k)) as u32) {
                break;
            }
        }
        vote.compare();
        best = vote.best();
        // Settled when the best segment wins every world won at all, or no
        // world was won; otherwise more worlds sharpen the counts and may
        // bring better segments. A hint with no world won and some left
        // unknown (out of nodes, as most two-deck worlds end) samples more
        // first: one decision can afford what a whole game's could not.
        let unsettled_hint = best.is_none() && none_won == NoneWon::AimAtPar && vote.lost < vote.worlds.len();
        let settled = !unsettled_hint && best.is_none_or(|i| vote.score(i) >= vote.won);
        if settled || config.time.is_some_and(|t| vote.started.elapsed() >= t / 2) {
            break;
        }
    }
    let (solved, won, lost) = (vote.worlds.len(), vote.won, vote.lost);
    let Some(i) = best else {
        let aimed = if none_won == NoneWon::AimAtPar { vote.aim_at_par() } else { None };
        return Some((aimed.unwrap_or_else(|| fallback(view, &moves, solved, won, lost)), None));
    };
    if let Some((mv, wins)) = vote.better_first_move(i).filter(|_| first_moves) {
        let hint = Hint {
            mv,
            reason: HintReason::FirstMove,
            samples: solved,
            won_with_move: wins,
            winnable: won,
            lost,
            par: None,
        };
        return Some((hint, None));
    }
    let wins = vote.score(i);
    let seg = vote.segments.swap_remove(i);
    let hint = Hint {
        mv: seg.moves[0],
        reason: HintReason::Vote,
        samples: solved,
        won_with_move: wins,
        winnable: won,
        lost,
        par: None,
    };
    Some((hint, Some(Plan { world: seg.world, moves: seg.moves, rest: seg.rest })))
}

/// The configuration for a decision where every card is known (none face
/// down, every stock card seen): each sampled world would be the deal on
/// the table, so it is searched once, with the nodes of a batch of worlds
/// (what a settled decision spends), by the solver's whole schedule (which
/// can also prove it lost). Sampling the one deal again and again, each
/// time with a world's few nodes, could miss a win the whole budget finds:
/// with every card dealt face up (Pitchfork's Warfield) a hint at the
/// opening of a deal the solver wins said that no sampled deal was won.
fn for_the_deal_itself(config: &HonestConfig) -> HonestConfig {
    let worlds = config.samples.max(1) as u64;
    HonestConfig {
        samples: 1,
        most_samples: 1,
        nodes: config.nodes.saturating_mul(worlds),
        world_search: WorldSearch::Solve,
        ..config.clone()
    }
}

/// The fallback when no sampled world was won: the move first in the
/// fallback order (ties: the engine's order).
fn fallback(view: &PositionView, moves: &[Move], samples: usize, won: usize, lost: usize) -> Hint {
    let best = (0..moves.len()).max_by_key(|&i| (fallback_rank(view, moves[i]), std::cmp::Reverse(i))).unwrap();
    Hint { mv: moves[best], reason: HintReason::Fallback, samples, won_with_move: 0, winnable: won, lost, par: None }
}

/// One decision's sampled worlds and candidate segments.
struct Vote<'a> {
    rules: &'static Rules,
    view: &'a PositionView,
    knowledge: &'a Knowledge,
    config: &'a HonestConfig,
    /// The moves a segment may start with.
    moves: &'a [Move],
    started: Instant,
    /// The worlds sampled, each with whether its solve proved it lost.
    worlds: Vec<(Position, bool)>,
    segments: Vec<Segment>,
    /// Worlds won and proven lost by their first solve.
    won: usize,
    lost: usize,
    /// The worlds (by index) won by their own solve.
    own_wins: Vec<usize>,
}

impl Vote<'_> {
    /// The budget of one solve, which may take `1 / share` of the
    /// decision's time left; `None` once that time is up.
    fn budget(&self, share: u32) -> Option<Budget> {
        let timeout = self.config.time.map(|t| t.saturating_sub(self.started.elapsed()) / share.max(1));
        if timeout == Some(Duration::ZERO) {
            return None;
        }
        Some(Budget { max_nodes: Some(self.config.nodes), timeout, max_memory: self.config.memory, threads: 1 })
    }

    /// Searches `world` (a sampled world, or one after a segment or a
    /// move) as the configuration says.
    fn search(&self, world: &Position, budget: &Budget) -> Outcome {
        match self.config.world_search {
            WorldSearch::Solve => solve(world, budget).outcome,
            WorldSearch::Beam { width } => {
                beam::search(world, width, beam::Moves::Every, beam::Measure::Plain, budget).outcome
            }
        }
    }

    /// Solves a new world; its win's segment becomes a candidate (or counts
    /// for an equivalent one). False when the time is up.
    fn add_world(&mut self, world: Position, share: u32) -> bool {
        let Some(budget) = self.budget(share) else { return false };
        let outcome = self.search(&world, &budget);
        self.record(world, &outcome);
        true
    }

    /// Counts `world` among the sampled worlds with its own `outcome`; a
    /// win's segment becomes a candidate.
    fn record(&mut self, world: Position, outcome: &Outcome) {
        let w = self.worlds.len();
        self.worlds.push((world, *outcome == Outcome::Lost));
        match outcome {
            Outcome::Won(solution) => {
                self.won += 1;
                self.own_wins.push(w);
                self.add_segment(w, solution);
            }
            Outcome::Lost => self.lost += 1,
            Outcome::Unknown(_) => {}
        }
    }

    /// Adds `world`, the world of the plan just played brought in line with
    /// the table ([`sample_world_near`]), as a sampled world: won without a
    /// search when the rest of its win still wins it (the cards it guessed
    /// wrong were not in the way), else searched like any other. With two
    /// decks a world's search rarely wins within its nodes, so a world
    /// carried on keeps a plan going from one discovery to the next.
    fn add_carried(&mut self, world: Position, rest: &[Move], share: u32) {
        if crate::replays_to_win(&world, rest) == Ok(true) {
            self.record(world, &Outcome::Won(rest.to_vec()));
        } else {
            self.add_world(world, share);
        }
    }

    /// Adds the segment of `solution`, world `w`'s win from the table now.
    fn add_segment(&mut self, w: usize, solution: &[Move]) {
        let world = &self.worlds[w].0;
        let moves = segment(self.rules, world, solution, self.knowledge, self.view);
        if !moves.first().is_some_and(|m| self.moves.contains(m)) {
            return;
        }
        // Two segments that end on the same table end on the same position
        // in every world (the tables are alike in all of them until the
        // discovery, which shows the same place), so they are one candidate:
        // how it gets there does not matter. Any one world, the first, tells
        // the tables apart.
        let mut end = self.worlds[0].0.clone();
        if moves.iter().any(|&mv| end.play(mv).is_err()) {
            return;
        }
        let key = position_key(&end);
        match self.segments.iter_mut().find(|s| s.key == key) {
            Some(s) => {
                s.found.push(w);
                if w < s.tried {
                    s.wins.push(w);
                }
            }
            None => {
                let world = world.clone();
                let rest = solution[moves.len()..].to_vec();
                self.segments.push(Segment { world, moves, rest, key, found: vec![w], wins: Vec::new(), tried: 0 });
            }
        }
    }

    /// Tries every segment in every world not yet tried, when there are
    /// rivals to compare (with one candidate there is nothing to choose).
    ///
    /// Each world's solver picks one win among many, and the moves up to its
    /// first discovery are as good in every world as in its own only if they
    /// do not bet on its hidden cards: trying each segment in every world
    /// keeps equally good segments from splitting the vote, and a segment
    /// that needs one world's cards loses the others. Worlds proven lost are
    /// lost after any segment; worlds no solve has won (out of nodes: hard
    /// deals, most of them lost) are left out too, since a segment rarely
    /// wins them within the same budget and trying them cost a quarter of
    /// the time for nothing in our runs.
    fn compare(&mut self) {
        if self.segments.len() < 2 {
            return;
        }
        for i in 0..self.segments.len() {
            while self.segments[i].tried < self.worlds.len() {
                let w = self.segments[i].tried;
                let (world, proven_lost) = &self.worlds[w];
                let open = !self.segments.iter().any(|s| s.found.contains(&w));
                let seg = &self.segments[i];
                if seg.found.contains(&w) {
                    self.segments[i].wins.push(w);
                } else if !proven_lost && !open {
                    let Some(budget) = self.budget(4) else { return };
                    let mut next = world.clone();
                    if seg.moves.iter().all(|&mv| next.play(mv).is_ok())
                        && self.search(&next, &budget).solution().is_some()
                    {
                        self.segments[i].wins.push(w);
                    }
                }
                self.segments[i].tried += 1;
            }
        }
    }

    /// The worlds (by index) won after segment `i`: before [`Vote::compare`]
    /// has tried it everywhere, those whose own win it is.
    fn winners(&self, i: usize) -> &[usize] {
        let s = &self.segments[i];
        if s.tried >= self.worlds.len() {
            &s.wins
        } else {
            &s.found
        }
    }

    /// How many worlds segment `i` wins ([`Vote::winners`]).
    fn score(&self, i: usize) -> usize {
        self.winners(i).len()
    }

    /// A move that wins more sampled worlds than the first move of segment
    /// `i`, with the worlds it wins (the best such move), if there is one.
    ///
    /// The candidates are only the segments some world's solver happened to
    /// find, and a segment is a whole line: its first move can be a
    /// commitment that another first move avoids (a waste card played where
    /// drawing first keeps every world winnable). So the first move is
    /// weighed against every other allowed move, move by move as plain PIMC
    /// does, but only where it can differ: in the worlds some solve won and
    /// the segment does not (in the others the segment's first move wins),
    /// another move must win more than the first move does, and then lose
    /// fewer than that margin of the worlds the segment wins.
    fn better_first_move(&self, i: usize) -> Option<(Move, usize)> {
        let next = self.segments[i].moves[0];
        let winners = self.winners(i);
        let (won, missed): (Vec<usize>, Vec<usize>) = self.own_wins.iter().partition(|w| winners.contains(w));
        if missed.is_empty() {
            return None;
        }
        // Out of time, the comparison is dropped: the segment stands.
        let out_of_time = std::cell::Cell::new(false);
        let wins = |mv: Move, w: usize| {
            let Some(budget) = self.budget(4) else {
                out_of_time.set(true);
                return false;
            };
            let mut pos = self.worlds[w].0.clone();
            pos.play(mv).is_ok() && self.search(&pos, &budget).solution().is_some()
        };
        let own = missed.iter().filter(|&&w| wins(next, w)).count();
        let mut best: Option<(usize, Move)> = None;
        for &mv in self.moves.iter().filter(|&&m| m != next) {
            let gained = missed.iter().filter(|&&w| wins(mv, w)).count();
            let margin = gained.saturating_sub(own);
            if margin == 0 || best.is_some_and(|(b, _)| margin <= b) {
                continue;
            }
            let mut lost = 0;
            for &w in &won {
                if !wins(mv, w) {
                    lost += 1;
                    if lost >= margin {
                        break;
                    }
                }
            }
            if lost < margin {
                best = Some((margin - lost, mv));
            }
        }
        if out_of_time.get() {
            return None;
        }
        let score = self.score(i) + own;
        best.map(|(beats_by, mv)| (mv, score + beats_by))
    }

    /// The segment that wins the most worlds; ties go to the one found by
    /// most worlds (the solvers' usual choice), then by the fallback order
    /// of its first move.
    fn best(&self) -> Option<usize> {
        (0..self.segments.len()).max_by_key(|&i| {
            let s = &self.segments[i];
            let at = self.moves.iter().position(|&m| m == s.moves[0]);
            (
                self.score(i),
                s.found.len(),
                fallback_rank(self.view, s.moves[0]),
                std::cmp::Reverse(at),
                std::cmp::Reverse(i),
            )
        })
    }

    /// With no world won: the move that starts the line to the most cards
    /// up in the most sampled worlds (each distinct world searched once,
    /// counting as often as it was drawn; ties: the most cards up summed).
    /// `None` when no world's line starts with a move this decision allows
    /// (none brings up a card, or its first move leads back to a table
    /// shown too often). A line that brings every card up wins its world,
    /// which the world's own search (a beam, with two decks) missed: then
    /// the move most such lines start with is a vote, and those worlds
    /// count as won.
    fn aim_at_par(&self) -> Option<Hint> {
        let mut distinct: Vec<(&Position, usize)> = Vec::new();
        for (world, _) in &self.worlds {
            match distinct.iter_mut().find(|(w, _)| *w == world) {
                Some((_, drawn)) => *drawn += 1,
                None => distinct.push((world, 1)),
            }
        }
        // Per allowed move: worlds won, worlds, cards up summed over them,
        // most cards up.
        let every_card = self.rules.card_count();
        let mut tally: Vec<(Move, usize, usize, usize, usize)> = Vec::new();
        for (k, &(world, drawn)) in distinct.iter().enumerate() {
            let Some(budget) = self.budget((distinct.len() - k) as u32) else { break };
            let par = par_of_lost(world, &budget);
            let Some(&mv) = par.line.first() else { continue };
            if par.best <= world.cards_on_foundations() || !self.moves.contains(&mv) {
                continue;
            }
            let won = if par.best == every_card { drawn } else { 0 };
            match tally.iter_mut().find(|t| t.0 == mv) {
                Some(t) => {
                    t.1 += won;
                    t.2 += drawn;
                    t.3 += drawn * par.best;
                    t.4 = t.4.max(par.best);
                }
                None => tally.push((mv, won, drawn, drawn * par.best, par.best)),
            }
        }
        let &(mv, won, _, _, most) = tally.iter().max_by_key(|t| (t.1, t.2, t.3))?;
        if won > 0 {
            return Some(Hint {
                mv,
                reason: HintReason::Vote,
                samples: self.worlds.len(),
                won_with_move: won,
                winnable: self.won + tally.iter().map(|t| t.1).sum::<usize>(),
                lost: self.lost,
                par: None,
            });
        }
        Some(Hint {
            mv,
            reason: HintReason::Par,
            samples: self.worlds.len(),
            won_with_move: 0,
            winnable: self.won,
            lost: self.lost,
            par: Some(most),
        })
    }
}

#[cfg(test)]
mod tests {
    use patience_core::presets;

    use super::*;

    #[test]
    fn a_world_the_last_plan_won_counts_as_won_without_a_search() {
        // Harmony deal 1 and its solver's win, carried as the world of the
        // last plan (the deal itself: every guess right). With no node to
        // search a world, only the carried world can be won.
        let rules = presets::find("harmony").unwrap();
        let deal = Position::deal(rules, 1);
        let Outcome::Won(line) = solve(&deal, &Budget::default().with_nodes(1_000_000)).outcome else {
            panic!("Harmony deal 1 is won")
        };
        let view = PositionView::of(&deal, &Silent);
        let knowledge = Knowledge::new(rules, &view);
        let config = HonestConfig {
            samples: 4,
            most_samples: 4,
            nodes: 0,
            scout: false,
            weigh_first_moves: false,
            ..HonestConfig::default()
        };
        let plan = Plan { world: deal.clone(), moves: Vec::new(), rest: line.clone() };
        let visits = Visits::new();
        let occasion = |carried| Occasion {
            visits: &visits,
            max_visits: MAX_VISITS,
            draws_lead_on: false,
            none_won: NoneWon::Fallback,
            first_moves: false,
            carried,
        };
        let (hint, next) = deliberate(rules, &view, &knowledge, &config, 1, &occasion(Some(&plan))).unwrap();
        assert_eq!((hint.reason, hint.winnable, hint.mv), (HintReason::Vote, 1, line[0]), "{hint}");
        let next = next.expect("a plan");
        assert_eq!(next.moves[0], line[0]);
        assert_eq!([next.moves.as_slice(), next.rest.as_slice()].concat(), line, "the carried world's win goes on");
        let (hint, _) = deliberate(rules, &view, &knowledge, &config, 1, &occasion(None)).unwrap();
        assert_eq!((hint.reason, hint.winnable), (HintReason::Fallback, 0), "{hint}");
    }
}
