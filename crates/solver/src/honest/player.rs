//! The player going through a whole game ([`Player`]): keeps its
//! knowledge, follows the chosen segment to its discovery and votes again;
//! and [`play_deal`], the referee that plays a deal to the end with it.

use std::time::{Duration, Instant};

use patience_core::game::{Action, Game};
use patience_core::moves::Move;
use patience_core::rules::Rules;
use patience_core::view::{PositionView, Silent};

use super::knowledge::Knowledge;
use super::vote::{deliberate, NoneWon, Occasion, Plan, Visits, MAX_VISITS};
use super::worlds::table_key;
use super::{Hint, HintReason, HonestConfig};

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
    /// The hidden places left (face-down cards and stock places not seen)
    /// when a better first move last replaced a vote's segment: one between
    /// two discoveries, so that such moves and votes cannot take turns for
    /// long.
    first_move_at: Option<usize>,
}

impl Player {
    /// A player about to play from `opening`.
    pub fn new(rules: &'static Rules, config: HonestConfig, seed: u64, opening: &PositionView) -> Player {
        let mut visits = Visits::new();
        visits.insert(table_key(opening), 1);
        Player {
            rules,
            config,
            seed,
            knowledge: Knowledge::new(rules, opening),
            plan: None,
            decisions: 0,
            visits,
            first_move_at: None,
        }
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// The move to play in `view` (which must follow from the actions
    /// observed so far), or `None` when no move is legal.
    pub fn choose(&mut self, view: &PositionView) -> Option<Hint> {
        if let Some(mv) = self.planned(view).filter(|_| self.config.follow_plans) {
            return Some(Hint {
                mv,
                reason: HintReason::Plan,
                samples: 0,
                won_with_move: 0,
                winnable: 0,
                lost: 0,
                par: None,
            });
        }
        // A plan played to its discovery: its world is carried on.
        let carried = self.plan.take().filter(|plan| plan.moves.is_empty());
        self.decisions += 1;
        let seed = self.seed ^ self.decisions.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        // No aiming at the par: the player gives up once every world is lost.
        let hidden = view.columns.iter().map(|c| c.face_down).sum::<usize>()
            + self.knowledge.stock(view).iter().filter(|place| place.is_none()).count();
        let occasion = Occasion {
            visits: &self.visits,
            max_visits: MAX_VISITS,
            draws_lead_on: false,
            none_won: NoneWon::Fallback,
            first_moves: self.config.weigh_first_moves && self.first_move_at != Some(hidden),
            carried: carried.as_ref(),
        };
        let (hint, plan) = deliberate(self.rules, view, &self.knowledge, &self.config, seed, &occasion)?;
        match hint.reason {
            HintReason::Vote => self.plan = plan,
            HintReason::FirstMove => self.first_move_at = Some(hidden),
            _ => {}
        }
        Some(hint)
    }

    /// The plan's next move if the table is as the plan's world shows it
    /// (the segment ends with its discovery, so no move of it is played
    /// after something new has been seen).
    fn planned(&self, view: &PositionView) -> Option<Move> {
        let plan = self.plan.as_ref()?;
        let &mv = plan.moves.first()?;
        if !same_table(&PositionView::of(&plan.world, &Silent), view) || !view.notations().any(|m| m == mv.to_string())
        {
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
    /// The game's log.
    pub log: Vec<patience_core::game::Entry>,
}

/// Plays deal `deal` to the end with a [`Player`], without a clock (every
/// action at 0 ms). This function is the referee: it holds the [`Game`], and
/// the player gets nothing but the view after each move. The player gives up
/// when every sampled world is proven lost; `max_moves` caps the game.
pub fn play_deal(rules: &'static Rules, deal: u64, config: &HonestConfig, seed: u64, max_moves: usize) -> Played {
    let started = Instant::now();
    let mut game = Game::new(rules, deal);
    let seed = seed ^ deal.wrapping_mul(0xd134_2543_de82_ef95);
    let mut player = Player::new(rules, config.clone(), seed, &PositionView::of(game.position(), &Silent));
    let (mut moves, mut votes) = (0, 0);
    while game.outcome() == patience_core::game::Outcome::Playing && moves < max_moves {
        let Some(hint) = player.choose(&PositionView::of(game.position(), &Silent)) else { break };
        if hint.samples > 0 {
            votes += 1;
        }
        if hint.hopeless() {
            game.quit(0).expect("an open game can be given up");
            break;
        }
        game.play(hint.mv, 0).expect("the player plays a legal move");
        moves += 1;
        player.observe(Action::Play(hint.mv), &PositionView::of(game.position(), &Silent));
    }
    let outcome = game.outcome();
    Played {
        deal,
        won: outcome == patience_core::game::Outcome::Won,
        outcome,
        moves,
        votes,
        elapsed: started.elapsed(),
        log: game.log().to_vec(),
    }
}
