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
//! 3. solves each world with a small budget ([`crate::solve`]; with two
//!    decks a narrow beam search, [`WorldSearch::Beam`]) and cuts each
//!    win at its first discovery: the moves up to and including the first
//!    one that turns up a face-down card or draws a stock card not seen yet
//!    (a *segment*). Until then every world shows the same table, so a
//!    segment can be played in all of them, and two segments that end on
//!    the same table are one candidate;
//! 4. when there are rival candidates, tries each in every other world that
//!    a solve has won, and plays the first move of the segment that wins
//!    the most worlds (ties: the one most worlds' own wins start with).
//!    While the best segment loses a world another wins, it samples more
//!    worlds (up to [`HonestConfig::most_samples`]). The segments are only
//!    the lines some world's solver happened to find, so when the chosen
//!    one still loses a world another won, its first move is weighed
//!    against every other move in those worlds, and a move that wins more
//!    worlds is played alone instead. When no world was won,
//!    a hint heads for the par: the first move of the line to the most
//!    cards on the foundations ([`mod@crate::par`]) in the most worlds, so that
//!    a lost game's hints still lead somewhere (Lasker's default rules lose
//!    every deal). The [`Player`] gives up instead once every world is
//!    lost; otherwise, and where no line brings a card up, the fallback: a
//!    card to a foundation, a move that turns up a face-down card, a waste
//!    or reserve card to the tableau, a draw, a redeal, other tableau
//!    moves, and moves off the foundations last.
//!
//! The literature calls this Perfect Information Monte Carlo sampling
//! (PIMC), also determinization: sample worlds consistent with what the
//! player knows, solve each as a game of perfect information, and vote
//! (Long, Sturtevant, Buro and Furtak, "Understanding the Success of
//! Perfect Information Monte Carlo Sampling in Game Tree Search", AAAI
//! 2010). This player departs from plain PIMC in what it votes on: not on
//! the first move of each world's solution, but on whole segments up to the
//! next discovery, each tried in the other worlds too.
//!
//! A [`Player`] then plays the rest of the chosen segment, discovery
//! included, and votes again. The world the segment came from is carried
//! into that vote: brought in line with the table (the card it guessed for
//! the place just shown swaps places with the real one, every other guess
//! stands), it counts as won, with no search, while the rest of its win
//! still wins it. It is as consistent with what the player has seen as a
//! fresh sample; with two decks, where a world's search rarely wins within
//! its nodes, it keeps a plan going from one discovery to the next (much as
//! a particle filter keeps its samples from one observation to the next).
//! Carrying every world the segment won was tried too (EXPERIMENTS.md).
//!
//! Voting on whole segments rather than first moves matters: the moves a
//! world's solver makes before a discovery are often a bet on that world's
//! hidden cards (a waste card put on the tableau for a card that only this
//! world has underneath), and such a bet now has to win in the other
//! worlds too.
//!
//! Once every card is known (none face down, every stock card seen, as in
//! Pitchfork's Warfield from the start), every world would be the deal on
//! the table: it is searched once, with the nodes of a batch of worlds, by
//! the solver's whole schedule, and a win found is a plan to the end of the
//! game.
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
//!
//! The code: what the player knows in `knowledge.rs`, sampling worlds in
//! `worlds.rs`, voting in `vote.rs`, the player going through a game in
//! `player.rs`; here the configuration, the hint and the entry points.
//!
//! [`Position`]: patience_core::Position
//! [`Setup`]: patience_core::setup::Setup

use std::fmt;
use std::time::Duration;

use patience_core::game::Game;
use patience_core::moves::Move;
use patience_core::notation;
use patience_core::rules::Rules;
use patience_core::view::{PositionView, Silent};

mod knowledge;
mod player;
mod vote;
mod worlds;

pub use knowledge::{unknown_cards, Knowledge};
pub use player::{play_deal, Played, Player};
pub use worlds::sample_world;

use vote::{deliberate, NoneWon, Occasion, Visits, MAX_VISITS};
use worlds::table_key;

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
    /// When the chosen segment loses a world another segment wins, weigh
    /// its first move against every other move in the worlds it misses,
    /// and play one that wins more alone.
    pub weigh_first_moves: bool,
    /// How each world is searched, within `nodes`.
    pub world_search: WorldSearch,
}

/// How the honest player searches a sampled world (a deal of perfect
/// information) for a win.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WorldSearch {
    /// The solver's schedule ([`crate::solve`]): exact search and
    /// win-finding passes, which can also prove a world lost.
    Solve,
    /// A beam search keeping `width` positions a depth, which only finds
    /// wins. With two decks the schedule's exact search and passes rarely
    /// win a world within the nodes a decision can spend on it, where a
    /// narrow beam often does.
    Beam { width: usize },
}

impl HonestConfig {
    /// The player for `rules`: [`HonestConfig::default`], but with two
    /// decks 10 worlds of 30,000 nodes (up to 20 while the vote is close),
    /// each searched by a beam 8 wide: the worlds of two decks take much
    /// longer to search, and the schedule wins few of them within that.
    pub fn for_rules(rules: &Rules) -> HonestConfig {
        if rules.decks > 1 {
            HonestConfig {
                samples: 10,
                most_samples: 20,
                nodes: 30_000,
                world_search: WorldSearch::Beam { width: 8 },
                ..HonestConfig::default()
            }
        } else {
            HonestConfig::default()
        }
    }

    /// The player behind hints, in the browser and the terminal alike:
    /// [`HonestConfig::for_rules`], bounded by nodes, so that the same table
    /// gets the same hint however busy the machine is; [`HINT_SAFETY`] only
    /// stops a hint on a machine so loaded that its nodes take far longer
    /// than they should. With two decks up to [`TWO_DECK_HINT_SAMPLES`]
    /// worlds. Against a clock, half the worlds (30, up to 60): the hint
    /// answers in half the time while the clock runs, and following the
    /// hints won about as many Harmony games (docs/BENCHMARKS.md).
    pub fn for_hints(rules: &Rules) -> HonestConfig {
        let mut config = HonestConfig { time: Some(HINT_SAFETY), ..HonestConfig::for_rules(rules) };
        if rules.decks > 1 {
            config.most_samples = TWO_DECK_HINT_SAMPLES;
        }
        if rules.clock_secs.is_some() {
            HonestConfig { samples: config.samples / 2, most_samples: config.most_samples / 2, ..config }
        } else {
            config
        }
    }
}

impl Default for HonestConfig {
    /// 60 worlds of 60,000 nodes each (up to 120 when the vote is close), no
    /// time bound, 64 MiB tables, scouting, following the chosen segments,
    /// weighing their first moves, the solver's schedule in each world.
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
            weigh_first_moves: true,
            world_search: WorldSearch::Solve,
        }
    }
}

/// Most worlds a hint samples with two decks, while no world is won or the
/// vote is close: a few times what a decision of the player may, since a
/// hint is one decision and a game hundreds, and the first batches of a
/// two-deck opening often win no world (a hint there then said that
/// nothing was won on deals the player wins three times in ten).
pub const TWO_DECK_HINT_SAMPLES: usize = 60;

/// The time past which a hint stops thinking: many times what its nodes
/// take (a hint's are bounded to well under a few seconds on one core), so
/// that only an overloaded machine meets it.
pub const HINT_SAFETY: Duration = Duration::from_secs(20);

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
    /// No sampled world was won: the move that starts the line to the most
    /// cards on the foundations in the most sampled worlds (hints only).
    Par,
    /// The next move of the segment chosen by the last vote, while nothing
    /// new has been seen since (only [`Player`] does this).
    Plan,
    /// Wins more sampled worlds than the first move of the segment that won
    /// the vote; played alone, with no plan to follow.
    FirstMove,
    /// Every move leads back to a table seen twice already: the player is
    /// going round in circles and gives up (only [`Player`] does this).
    Cycle,
}

impl HintReason {
    pub const ALL: [HintReason; 8] = [
        HintReason::Only,
        HintReason::Scout,
        HintReason::Vote,
        HintReason::Fallback,
        HintReason::Par,
        HintReason::Plan,
        HintReason::FirstMove,
        HintReason::Cycle,
    ];

    /// The reason as stored and logged: `vote`, `first-move`. Players read
    /// it in words from the `patience-words` catalogues.
    pub fn as_str(self) -> &'static str {
        match self {
            HintReason::Only => "only",
            HintReason::Scout => "scout",
            HintReason::Vote => "vote",
            HintReason::Fallback => "fallback",
            HintReason::Par => "par",
            HintReason::Plan => "plan",
            HintReason::FirstMove => "first-move",
            HintReason::Cycle => "cycle",
        }
    }
}

/// Reads what [`HintReason::as_str`] writes.
impl std::str::FromStr for HintReason {
    type Err = String;

    fn from_str(text: &str) -> Result<HintReason, String> {
        HintReason::ALL.into_iter().find(|r| r.as_str() == text).ok_or_else(|| format!("no hint reason `{text}`"))
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
    /// With [`HintReason::Par`]: the most cards on the foundations a
    /// sampled world's line starting with `mv` brings up.
    pub par: Option<usize>,
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
        if let Some(par) = self.par {
            write!(f, "; {par} cards up")?;
        }
        f.write_str(")")
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
    let occasion = Occasion {
        visits: &Visits::new(),
        max_visits: MAX_VISITS,
        draws_lead_on: true,
        none_won: NoneWon::AimAtPar,
        first_moves: config.weigh_first_moves,
        carried: None,
    };
    deliberate(rules, view, knowledge, config, seed, &occasion).map(|(hint, _)| hint)
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
    visits.insert(table_key(&PositionView::of(replay.position(), &Silent)), 1);
    for entry in game.log() {
        if replay.apply(*entry).is_err() {
            break;
        }
        *visits.entry(table_key(&PositionView::of(replay.position(), &Silent))).or_insert(0) += 1;
    }
    let view = PositionView::of(game.position(), &Silent);
    let knowledge = Knowledge::of_game(game);
    let occasion = Occasion {
        visits: &visits,
        max_visits: 1,
        draws_lead_on: true,
        none_won: NoneWon::AimAtPar,
        first_moves: config.weigh_first_moves,
        carried: None,
    };
    deliberate(rules, &view, &knowledge, config, seed, &occasion).map(|(hint, _)| hint)
}
