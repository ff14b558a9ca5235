//! The honest player: plays from the player view alone, the way a person
//! must, and gives hints that never use a hidden card.
//!
//! Its input is a [`PositionView`], which by type holds no face-down card and
//! no stock order, plus a [`Knowledge`] of what the player has seen of the
//! stock so far. It never receives a [`Position`] with hidden cards. For each
//! decision it
//! 1. works out the unknown cards: the full deck(s) minus every visible card
//!    (face-up tableau cards, waste, reserve, foundations) minus the stock
//!    cards the player has already seen;
//! 2. samples worlds: deals the unknown cards at random (seeded) into the
//!    face-down slots and the stock places not yet seen, builds each world
//!    as a [`Setup`] and turns it into a full position with the checked
//!    constructor (`Position::try_from`);
//! 3. solves each world with a small budget ([`crate::solve`]) and cuts each
//!    win at its first discovery: the moves up to and including the first
//!    one that turns up a face-down card or draws a stock card not seen yet
//!    (a *segment*). Until then every world shows the same table, so a
//!    segment can be played in all of them, and two segments that end on
//!    the same table are one candidate;
//! 4. when there are rival candidates, tries each in every other world that
//!    a solve has won, and plays the first move of the segment that wins
//!    the most worlds (ties: the one most worlds' own wins start with).
//!    While the best segment loses a world another wins, it samples more
//!    worlds (up to [`HonestConfig::most_samples`]). When no world was won,
//!    the fallback: a card to a foundation, a move that turns up a
//!    face-down card, a waste or reserve card to the tableau, a draw, a
//!    redeal, other tableau moves, and moves off the foundations last.
//!
//! A [`Player`] then plays the rest of the chosen segment, discovery
//! included, and votes again. Voting on whole segments rather than first
//! moves matters: the moves a world's solver makes before a discovery are
//! often a bet on that world's hidden cards (a waste card put on the
//! tableau for a card that only this world has underneath), and such a bet
//! now has to win in the other worlds too.
//!
//! With unlimited passes the first pass is spent drawing through the stock
//! before anything else (`scout`): going round the stock changes nothing a
//! later pass cannot undo, and afterwards the player knows the whole stock
//! order, so the worlds differ only in the face-down cards.
//!
//! # What the player knows of the stock
//! The engine keeps stock and waste as one sequence (the talon) that is never
//! reordered: drawing moves the boundary, a redeal puts it back to the start,
//! and playing the top waste card removes it. [`Knowledge`] follows that
//! sequence place by place from the successive views and the actions taken
//! (all public), and records the card at a place whenever the place is seen
//! on the waste. From pass 2 on every stock card has been seen, so the whole
//! stock order is known, as it is to a person who watched the waste; in pass
//! 1 the places not yet drawn are unknown. Undo and restart are followed too
//! (a card seen once stays known). A card drawn and sent up automatically at
//! once (Harmony; Die Große Harfe's Aces) is treated as unseen if it comes
//! back to the stock by an undo: weaker than a perfect memory, never
//! stronger.
//!
//! The server rebuilds the knowledge of a game from its log with
//! [`Knowledge::from_log`], which replays the game and hands the knowledge
//! only the view after each action, never the position.
//!
//! Everything is deterministic given the seed while [`HonestConfig::time`]
//! is `None` (the solver is then bounded by nodes alone), and the time a
//! decision takes depends only on the view, so not even its timing tells a
//! hidden card.

use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use patience_core::card::{Card, Suit};
use patience_core::deal::{ordered_deck, SplitMix64};
use patience_core::game::{Action, Entry, Game, GameError};
use patience_core::moves::{Move, Pile};
use patience_core::rules::{Passes, Rules};
use patience_core::setup::{Setup, SetupColumn};
use patience_core::view::PositionView;
use patience_core::{notation, Position};

use crate::{solve, Budget, Outcome};

/// How hard the honest player thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HonestConfig {
    /// Worlds sampled for each decision.
    pub samples: usize,
    /// Solver nodes for each world.
    pub nodes: u64,
    /// Wall-clock bound of one decision, shared equally by its worlds;
    /// `None` keeps the player deterministic (nodes alone bound it).
    pub time: Option<Duration>,
    /// Transposition-table bytes for each world's search.
    pub memory: usize,
    /// With unlimited passes, draw through the first pass to see the whole
    /// stock before anything else.
    pub scout: bool,
    /// Play the chosen segment to its discovery instead of voting again for
    /// each of its moves ([`Player`] only): faster, and the votes do not
    /// wander between equally good moves.
    pub follow_plans: bool,
    /// While the best segment loses a world another segment wins, sample
    /// `samples` more worlds, up to this many in all.
    pub most_samples: usize,
}

impl Default for HonestConfig {
    /// 60 worlds of 60,000 nodes each (up to 120 when the vote is close), no
    /// time bound, 64 MiB tables, scouting, following the chosen segments.
    /// (Fewer worlds or fewer nodes each win fewer Harmony deals in less
    /// time; the measured trade-offs are in docs/BENCHMARKS.md.)
    fn default() -> HonestConfig {
        HonestConfig {
            samples: 60,
            nodes: 60_000,
            time: None,
            memory: 64 << 20,
            scout: true,
            follow_plans: true,
            most_samples: 120,
        }
    }
}

/// Why the player chose a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HintReason {
    /// The only legal move.
    Only,
    /// Drawing through the first pass to see the stock (unlimited passes).
    Scout,
    /// The move starts the segment that wins the most sampled worlds.
    Vote,
    /// No sampled world was won: the fallback order.
    Fallback,
    /// The next move of the segment chosen by the last vote, while nothing
    /// new has been seen since (only [`Player`] does this).
    Plan,
    /// Every move leads back to a table seen twice already: the player is
    /// going round in circles and gives up (only [`Player`] does this).
    Cycle,
}

impl HintReason {
    pub fn as_str(self) -> &'static str {
        match self {
            HintReason::Only => "the only legal move",
            HintReason::Scout => "drawing through the stock to see it first",
            HintReason::Vote => "wins in the most sampled deals",
            HintReason::Fallback => "no sampled deal was won: best by rule of thumb",
            HintReason::Plan => "continues the plan (nothing new seen)",
            HintReason::Cycle => "every move leads back to where the game has been: giving up",
        }
    }
}

/// The player's choice and how it came about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub mv: Move,
    pub reason: HintReason,
    /// Worlds solved for this decision.
    pub samples: usize,
    /// Worlds won after the chosen segment, which starts with `mv` (with
    /// no rival segment: the worlds whose own win starts with it).
    pub won_with_move: usize,
    /// Worlds won at all by their own solve.
    pub winnable: usize,
    /// Worlds proven lost by their own solve.
    pub lost: usize,
}

impl Hint {
    /// The move in notation, such as `t3-t5`.
    pub fn notation(&self) -> String {
        notation::format(self.mv)
    }

    /// Whether every sampled world was proven lost: the game is most likely
    /// lost whatever is played.
    pub fn hopeless(&self) -> bool {
        (self.samples > 0 && self.lost == self.samples) || self.reason == HintReason::Cycle
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}", self.mv, self.reason.as_str())?;
        if self.samples > 0 {
            write!(f, ": {} of {} sampled deals won", self.won_with_move, self.samples)?;
        }
        f.write_str(")")
    }
}

/// What the player has seen of the stock (see the module docs). Rebuild it
/// with [`Knowledge::from_log`], or keep it up to date with
/// [`Knowledge::observe`] after each action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    draw: u8,
    /// The talon as places of the original talon, waste first, then stock
    /// (next card to draw first).
    talon: Vec<u16>,
    waste_len: usize,
    /// The card at each original talon place, once seen on the waste.
    seen: Vec<Option<Card>>,
    /// `(talon, waste_len)` before each move still on the table.
    history: Vec<(Vec<u16>, usize)>,
    /// A view did not fit: from then on the stock counts as unknown.
    confused: bool,
}

impl Knowledge {
    /// What a player knows on first seeing `view`: the waste, and nothing of
    /// the stock's order.
    pub fn new(rules: &Rules, view: &PositionView) -> Knowledge {
        let places = view.waste.len() + view.stock;
        let mut knowledge = Knowledge {
            draw: rules.draw.max(1),
            talon: (0..places as u16).collect(),
            waste_len: view.waste.len(),
            seen: vec![None; places],
            history: Vec::new(),
            confused: false,
        };
        knowledge.reconcile(view);
        knowledge
    }

    /// Replays a game's log from the deal and records what the player saw
    /// after each action. Only views are handed to the knowledge, never the
    /// position; on a refused entry says which (from 1) and why.
    pub fn from_log(rules: &'static Rules, deal: u64, log: &[Entry]) -> Result<Knowledge, (usize, GameError)> {
        let mut game = Game::new(rules, deal);
        let mut knowledge = Knowledge::new(rules, &PositionView::of(game.position()));
        for (i, entry) in log.iter().enumerate() {
            game.apply(*entry).map_err(|e| (i + 1, e))?;
            knowledge.observe(entry.action, &PositionView::of(game.position()));
        }
        Ok(knowledge)
    }

    /// [`Knowledge::from_log`] of a game in progress.
    pub fn of_game(game: &Game) -> Knowledge {
        Knowledge::from_log(game.rules(), game.deal(), game.log()).expect("a game's own log replays")
    }

    /// Takes in an action the game accepted and the view after it.
    pub fn observe(&mut self, action: Action, after: &PositionView) {
        match action {
            Action::Play(mv) => {
                self.history.push((self.talon.clone(), self.waste_len));
                match mv {
                    Move::Draw => {
                        let stock = self.talon.len() - self.waste_len;
                        self.waste_len += (self.draw as usize).min(stock);
                    }
                    Move::Redeal => self.waste_len = 0,
                    Move::Transfer { .. } => {}
                }
            }
            Action::Undo => {
                if let Some((talon, waste_len)) = self.history.pop() {
                    self.talon = talon;
                    self.waste_len = waste_len;
                }
            }
            Action::Restart => {
                if !self.history.is_empty() {
                    let (talon, waste_len) = self.history.swap_remove(0);
                    self.history.clear();
                    self.talon = talon;
                    self.waste_len = waste_len;
                }
            }
            Action::Quit | Action::SafeAutoMoves(_) => {}
        }
        self.reconcile(after);
    }

    /// Fits the talon to the view: waste cards played off the top leave
    /// the talon, and every waste card shown is recorded at its place.
    fn reconcile(&mut self, view: &PositionView) {
        let w = view.waste.len();
        if w < self.waste_len {
            self.talon.drain(w..self.waste_len);
            self.waste_len = w;
        }
        if w != self.waste_len || self.talon.len() - self.waste_len != view.stock {
            self.confused = true;
            return;
        }
        for (i, &card) in view.waste.iter().enumerate() {
            let place = &mut self.seen[self.talon[i] as usize];
            if place.is_some_and(|c| c != card) {
                self.confused = true;
            }
            *place = Some(card);
        }
    }

    /// The stock as the player knows it, next card to draw first: `None`
    /// where the card has not been seen.
    pub fn stock(&self, view: &PositionView) -> Vec<Option<Card>> {
        if self.confused || self.talon.len() - self.waste_len != view.stock {
            return vec![None; view.stock];
        }
        self.talon[self.waste_len..].iter().map(|&p| self.seen[p as usize]).collect()
    }
}

/// The cards a player cannot see and does not know the place of: the
/// deck(s) minus every visible card and every known stock card, in deck
/// order. `None` if the view and knowledge hold more of a card than the
/// deck has.
pub fn unknown_cards(rules: &Rules, view: &PositionView, stock: &[Option<Card>]) -> Option<Vec<Card>> {
    let mut counts = [0i32; 256];
    for card in ordered_deck(rules) {
        counts[card.to_u8() as usize] += 1;
    }
    let mut take = |card: Card| {
        counts[card.to_u8() as usize] -= 1;
    };
    for col in &view.columns {
        col.face_up.iter().copied().for_each(&mut take);
    }
    view.waste.iter().copied().for_each(&mut take);
    view.reserve.iter().copied().for_each(&mut take);
    stock.iter().flatten().copied().for_each(&mut take);
    for (slot, f) in view.foundations.iter().enumerate() {
        if f.count == 0 {
            continue;
        }
        let base = view.base.unwrap_or(1);
        let suit = Suit::from_index(slot as u8);
        for k in 0..f.count as u8 {
            take(Card::new(suit, (base - 1 + k) % rules.ranks + 1));
        }
    }
    if counts.iter().any(|&n| n < 0) {
        return None;
    }
    let mut pool = Vec::new();
    for card in ordered_deck(rules) {
        let left = &mut counts[card.to_u8() as usize];
        if *left > 0 {
            *left -= 1;
            pool.push(card);
        }
    }
    Some(pool)
}

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
struct Plan {
    world: Position,
    moves: Vec<Move>,
}

/// The moves of a world's win up to and including its first discovery,
/// and the sampled worlds (by index) that are won after them.
struct Segment {
    /// The first world whose win starts with these moves.
    world: Position,
    moves: Vec<Move>,
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

/// The moves of `plan` (a win of `world`) up to and including the first
/// one that shows the player something new: a move that turns up a
/// face-down card, or a draw of a stock card not seen yet. Until then the
/// table stays the same in every world consistent with `view`, so the
/// segment can be played in each of them.
fn segment(rules: &Rules, world: &Position, plan: &[Move], knowledge: &Knowledge, view: &PositionView) -> Vec<Move> {
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
        shown = PositionView::of(&pos);
        known.observe(Action::Play(mv), &shown);
    }
    plan.to_vec()
}

/// A fingerprint of a position's table (the pass counter left out).
fn position_key(pos: &Position) -> u64 {
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

/// Whether `a` and `b` show the same table (the legal moves aside).
fn same_table(a: &PositionView, b: &PositionView) -> bool {
    a.columns == b.columns
        && a.foundations == b.foundations
        && a.stock == b.stock
        && a.waste == b.waste
        && a.reserve == b.reserve
        && a.base == b.base
        && a.pass == b.pass
}

/// A fingerprint of the table as the player sees it, the pass counter left
/// out (so that going round the stock with nothing done repeats a table).
fn table_key(view: &PositionView) -> u64 {
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

/// How often each table has been seen in a game.
type Visits = HashMap<u64, u32>;

/// Visits after which a table is not to be entered again.
const MAX_VISITS: u32 = 2;

/// The decision and, when a world was won by it, the plan to follow: the
/// chosen segment. Moves leading to a table in `visits` `max_visits` times
/// are left out.
fn deliberate(
    rules: &'static Rules,
    view: &PositionView,
    knowledge: &Knowledge,
    config: &HonestConfig,
    seed: u64,
    visits: &Visits,
    max_visits: u32,
) -> Option<(Hint, Option<Plan>)> {
    let mut moves: Vec<Move> = view.notations().filter_map(|m| notation::parse(m).ok()).collect();
    if !visits.is_empty() && !moves.is_empty() {
        let stock = knowledge.stock(view);
        let unknown = unknown_cards(rules, view, &stock)?;
        let world = sample_world(rules, view, &stock, &unknown, &mut SplitMix64::new(seed))?;
        let all = moves.clone();
        moves.retain(|&mv| {
            let mut next = world.clone();
            next.play(mv).is_ok() && visits.get(&table_key(&PositionView::of(&next))).copied().unwrap_or(0) < max_visits
        });
        if moves.is_empty() {
            return Some((
                Hint { mv: all[0], reason: HintReason::Cycle, samples: 0, won_with_move: 0, winnable: 0, lost: 0 },
                None,
            ));
        }
    }
    let hint = |mv, reason| Hint { mv, reason, samples: 0, won_with_move: 0, winnable: 0, lost: 0 };
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
    };
    let mut rng = SplitMix64::new(seed ^ 0x486f_6e65_7374_2121);
    let batch = config.samples.max(1);
    let mut best = None;
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
        // bring better segments.
        let settled = best.is_none_or(|i| vote.score(i) >= vote.won);
        if settled || config.time.is_some_and(|t| vote.started.elapsed() >= t / 2) {
            break;
        }
    }
    let (solved, won, lost) = (vote.worlds.len(), vote.won, vote.lost);
    let Some(i) = best else {
        return Some((fallback(view, &moves, solved, won, lost), None));
    };
    let wins = vote.score(i);
    let seg = vote.segments.swap_remove(i);
    let hint =
        Hint { mv: seg.moves[0], reason: HintReason::Vote, samples: solved, won_with_move: wins, winnable: won, lost };
    Some((hint, Some(Plan { world: seg.world, moves: seg.moves })))
}

/// The fallback when no sampled world was won: the move first in the
/// fallback order (ties: the engine's order).
fn fallback(view: &PositionView, moves: &[Move], samples: usize, won: usize, lost: usize) -> Hint {
    let best = (0..moves.len()).max_by_key(|&i| (fallback_rank(view, moves[i]), std::cmp::Reverse(i))).unwrap();
    Hint { mv: moves[best], reason: HintReason::Fallback, samples, won_with_move: 0, winnable: won, lost }
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
}

impl Vote<'_> {
    /// The budget of one solve, which may take `1 / share` of the
    /// decision's time left; `None` once that time is up.
    fn budget(&self, share: u32) -> Option<Budget> {
        let timeout = self.config.time.map(|t| t.saturating_sub(self.started.elapsed()) / share.max(1));
        if timeout == Some(Duration::ZERO) {
            return None;
        }
        Some(Budget { max_nodes: Some(self.config.nodes), timeout, max_memory: self.config.memory })
    }

    /// Solves a new world; its win's segment becomes a candidate (or counts
    /// for an equivalent one). False when the time is up.
    fn add_world(&mut self, world: Position, share: u32) -> bool {
        let Some(budget) = self.budget(share) else { return false };
        let w = self.worlds.len();
        let outcome = solve(&world, &budget).outcome;
        self.worlds.push((world, outcome == Outcome::Lost));
        match outcome {
            Outcome::Won(solution) => {
                self.won += 1;
                self.add_segment(w, &solution);
            }
            Outcome::Lost => self.lost += 1,
            Outcome::Unknown(_) => {}
        }
        true
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
                self.segments.push(Segment { world, moves, key, found: vec![w], wins: Vec::new(), tried: 0 });
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
                        && solve(&next, &budget).outcome.solution().is_some()
                    {
                        self.segments[i].wins.push(w);
                    }
                }
                self.segments[i].tried += 1;
            }
        }
    }

    /// Worlds won after segment `i`: before [`Vote::compare`] has tried it
    /// everywhere, those whose own win it is.
    fn score(&self, i: usize) -> usize {
        let s = &self.segments[i];
        if s.tried >= self.worlds.len() {
            s.wins.len()
        } else {
            s.found.len()
        }
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
}

/// The honest player's move in `view`, or `None` when there is no legal
/// move. Deterministic given `seed` while `config.time` is `None`.
pub fn best_move(
    rules: &'static Rules,
    view: &PositionView,
    knowledge: &Knowledge,
    config: &HonestConfig,
    seed: u64,
) -> Option<Move> {
    hint(rules, view, knowledge, config, seed).map(|h| h.mv)
}

/// The honest player's move with how it was chosen: what the hint command
/// and the server's hint endpoint show. `None` when no move is legal.
pub fn hint(
    rules: &'static Rules,
    view: &PositionView,
    knowledge: &Knowledge,
    config: &HonestConfig,
    seed: u64,
) -> Option<Hint> {
    deliberate(rules, view, knowledge, config, seed, &Visits::new(), MAX_VISITS).map(|(hint, _)| hint)
}

/// The hint for a game in progress: as [`hint`], but never a move back to a
/// table the game has already shown, so that following hints never goes
/// round in circles. When every move leads back, the hint's reason is
/// [`HintReason::Cycle`] and it is [`Hint::hopeless`]. The tables are read
/// from the game's log, as the player saw them.
pub fn hint_in_game(game: &Game, config: &HonestConfig, seed: u64) -> Option<Hint> {
    let rules = game.rules();
    let mut replay = Game::new(rules, game.deal()).with_clock_start(game.clock_start());
    let mut visits = Visits::new();
    visits.insert(table_key(&PositionView::of(replay.position())), 1);
    for entry in game.log() {
        if replay.apply(*entry).is_err() {
            break;
        }
        *visits.entry(table_key(&PositionView::of(replay.position()))).or_insert(0) += 1;
    }
    let view = PositionView::of(game.position());
    let knowledge = Knowledge::of_game(game);
    deliberate(rules, &view, &knowledge, config, seed, &visits, 1).map(|(hint, _)| hint)
}

/// An honest player going through a whole game: keeps its [`Knowledge`],
/// and after each vote plays the chosen segment to its discovery instead of
/// sampling again (a new vote comes once the segment is played, or as soon
/// as the table is not as the segment foresaw).
#[derive(Clone, Debug)]
pub struct Player {
    rules: &'static Rules,
    config: HonestConfig,
    seed: u64,
    knowledge: Knowledge,
    plan: Option<Plan>,
    decisions: u64,
    visits: Visits,
}

impl Player {
    /// A player about to play from `opening`.
    pub fn new(rules: &'static Rules, config: HonestConfig, seed: u64, opening: &PositionView) -> Player {
        let mut visits = Visits::new();
        visits.insert(table_key(opening), 1);
        Player { rules, config, seed, knowledge: Knowledge::new(rules, opening), plan: None, decisions: 0, visits }
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// The move to play in `view` (which must follow from the actions
    /// observed so far), or `None` when no move is legal.
    pub fn choose(&mut self, view: &PositionView) -> Option<Hint> {
        if let Some(mv) = self.planned(view).filter(|_| self.config.follow_plans) {
            return Some(Hint { mv, reason: HintReason::Plan, samples: 0, won_with_move: 0, winnable: 0, lost: 0 });
        }
        self.plan = None;
        self.decisions += 1;
        let seed = self.seed ^ self.decisions.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let (hint, plan) = deliberate(self.rules, view, &self.knowledge, &self.config, seed, &self.visits, MAX_VISITS)?;
        if hint.reason == HintReason::Vote {
            self.plan = plan;
        }
        Some(hint)
    }

    /// The plan's next move if the table is as the plan's world shows it
    /// (the segment ends with its discovery, so no move of it is played
    /// after something new has been seen).
    fn planned(&self, view: &PositionView) -> Option<Move> {
        let plan = self.plan.as_ref()?;
        let &mv = plan.moves.first()?;
        if !same_table(&PositionView::of(&plan.world), view) || !view.notations().any(|m| m == mv.to_string()) {
            return None;
        }
        Some(mv)
    }

    /// Takes in the action just taken and the view after it.
    pub fn observe(&mut self, action: Action, after: &PositionView) {
        self.knowledge.observe(action, after);
        *self.visits.entry(table_key(after)).or_insert(0) += 1;
        if let (Some(plan), Action::Play(mv)) = (self.plan.as_mut(), action) {
            if plan.moves.first() == Some(&mv) && plan.world.play(mv).is_ok() {
                plan.moves.remove(0);
                return;
            }
        }
        self.plan = None;
    }
}

/// How an honest game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub deal: u64,
    pub won: bool,
    /// How the game ended (`quit` when the player gave up as every sampled
    /// world was lost, `playing` when the move cap was reached).
    pub outcome: patience_core::game::Outcome,
    /// Moves played.
    pub moves: usize,
    /// Decisions that sampled worlds.
    pub votes: usize,
    pub elapsed: Duration,
}

/// Plays deal `deal` to the end with a [`Player`], without a clock (every
/// action at 0 ms). This function is the referee: it holds the [`Game`], and
/// the player gets nothing but the view after each move. The player gives up
/// when every sampled world is proven lost; `max_moves` caps the game.
pub fn play_deal(rules: &'static Rules, deal: u64, config: &HonestConfig, seed: u64, max_moves: usize) -> Played {
    let started = Instant::now();
    let mut game = Game::new(rules, deal);
    let seed = seed ^ deal.wrapping_mul(0xd134_2543_de82_ef95);
    let mut player = Player::new(rules, config.clone(), seed, &PositionView::of(game.position()));
    let (mut moves, mut votes) = (0, 0);
    while game.outcome() == patience_core::game::Outcome::Playing && moves < max_moves {
        let Some(hint) = player.choose(&PositionView::of(game.position())) else { break };
        if hint.samples > 0 {
            votes += 1;
        }
        if hint.hopeless() {
            game.quit(0).expect("an open game can be given up");
            break;
        }
        game.play(hint.mv, 0).expect("the player plays a legal move");
        moves += 1;
        player.observe(Action::Play(hint.mv), &PositionView::of(game.position()));
    }
    let outcome = game.outcome();
    Played {
        deal,
        won: outcome == patience_core::game::Outcome::Won,
        outcome,
        moves,
        votes,
        elapsed: started.elapsed(),
    }
}
