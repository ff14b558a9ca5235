//! The player view: what a player may see of a game, and nothing more.
//!
//! Face-down tableau cards and the stock are given as counts only, so the
//! view can be sent anywhere (terminal, browser, duel opponents) without
//! leaking a hidden card. The legal moves come with it in notation, in
//! words and as the piles and card count they move, so no front end ever
//! needs to know the rules or read the notation.

use serde::Serialize;

use crate::card::Card;
use crate::game::{Game, Outcome};
use crate::moves::{Move, Pile};
use crate::position::{MoveStory, Position};
use crate::refusal::Refusal;
use crate::rules::{Passes, Rules, Scoring};

/// Puts the engine's typed values into words in one language: a view is
/// built with one, so that its sentences are the player's. The
/// `patience-words` crate's languages are narrators; the engine itself
/// writes no sentence.
pub trait Narrator {
    /// A move, as it would be played: "7♥ from column 3 onto 8♠".
    fn story(&self, story: &MoveStory) -> String;
    /// Why a move is not allowed.
    fn refusal(&self, refusal: &Refusal) -> String;
    /// A game's outcome: "No more progress possible".
    fn outcome(&self, outcome: Outcome) -> String;
    /// A game's or variant's name: "Harp (3 passes)"; by default its
    /// English name, as the rules write it.
    fn rules_name(&self, rules: &Rules) -> String {
        rules.name.to_string()
    }
}

/// The narrator of views that programs read and no person does (the
/// honest player compares tables): every sentence is empty.
pub struct Silent;

impl Narrator for Silent {
    fn story(&self, _: &MoveStory) -> String {
        String::new()
    }
    fn refusal(&self, _: &Refusal) -> String {
        String::new()
    }
    fn outcome(&self, _: Outcome) -> String {
        String::new()
    }
}

/// One tableau column as a player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ColumnView {
    /// How many face-down cards lie under the face-up ones.
    pub face_down: usize,
    /// The face-up cards, bottom first, as `7H`, `TS`.
    pub face_up: Vec<Card>,
}

/// One foundation slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoundationView {
    pub top: Option<Card>,
    pub count: usize,
}

/// A legal move as a front end offers it: in notation, in words, and as
/// plain data (which pile, where to, how many cards), so that a front end
/// never reads the notation to learn what a move does.
///
/// Piles are named as in notation, which is also how the web page names
/// them: `t1`..`t10` (columns), `w` (waste), `res` (reserve), `f1`..`f8`
/// (one foundation slot, as a source) and `f` (the foundations, as a
/// destination: the engine picks the slot).
///
/// ```
/// use patience_core::view::{MoveView, Silent};
/// use patience_core::{Move, Pile, Position};
///
/// let pos = Position::from_setup("rules harmony\nt1 9C\nt2 8H\nstock 5D").unwrap();
/// let mv = MoveView::of(&pos, Move::transfer(Pile::Tableau(1), Pile::Tableau(0), 1), &Silent);
/// assert_eq!(mv.notation, "t2-t1");
/// assert_eq!((mv.from.as_deref(), mv.to.as_deref(), mv.count), (Some("t2"), Some("t1"), 1));
/// let draw = MoveView::of(&pos, Move::Draw, &Silent);
/// assert_eq!((draw.from, draw.to, draw.count), (None, None, 0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The move in notation, as actions send it back: `t3-t5`.
    pub notation: String,
    /// The move as a player reads it: "7♥ from column 3 onto 8♠".
    pub words: String,
    /// The pile the cards come from: `t3`, `w`, `res`, `f2`. `None` for a
    /// draw or a redeal, which turn the stock rather than move cards that a
    /// player picks up.
    pub from: Option<String>,
    /// Where the cards go: a column (`t5`) or the foundations (`f`). `None`
    /// for a draw or a redeal.
    pub to: Option<String>,
    /// How many cards move, the top one and those below it: 1, or more for
    /// a run between columns; 0 for a draw or a redeal.
    pub count: usize,
}

/// A pile whose top card has no move at all, and why in words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BlockedView {
    /// The pile as notation writes it: `t3`, `w`, `res`.
    pub pile: String,
    /// "7♥ has nowhere to go now: no column ends in a black 8, and its
    /// foundation needs the 6 first."
    pub words: String,
}

impl BlockedView {
    /// Every column, the waste and the reserve whose top card cannot move,
    /// among `legal`, the position's legal moves, with why in `narrator`'s
    /// words.
    pub fn of(pos: &Position, legal: &[Move], narrator: &dyn Narrator) -> Vec<BlockedView> {
        (0..pos.column_count())
            .map(|c| Pile::Tableau(c as u8))
            .chain([Pile::Waste, Pile::Reserve])
            .filter_map(|pile| {
                pos.why_stays(pile, legal)
                    .map(|why| BlockedView { pile: pile.to_string(), words: narrator.refusal(&why) })
            })
            .collect()
    }
}

impl MoveView {
    /// `mv`, legal in `pos`, told in `narrator`'s words.
    pub fn of(pos: &Position, mv: Move, narrator: &dyn Narrator) -> MoveView {
        let (from, to, count) = match mv {
            Move::Draw | Move::Redeal => (None, None, 0),
            // Piles are written as notation writes them, which is how the
            // page names them too.
            Move::Transfer { from, to, count } => (Some(from.to_string()), Some(to.to_string()), usize::from(count)),
        };
        MoveView { notation: mv.to_string(), words: narrator.story(&pos.story(mv)), from, to, count }
    }
}

/// Everything visible on the table, plus the legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionView {
    pub rules: &'static str,
    pub columns: Vec<ColumnView>,
    pub foundations: Vec<FoundationView>,
    /// Cards left in the stock; their order is hidden.
    pub stock: usize,
    /// The waste, bottom first; the last card is the playable one.
    pub waste: Vec<Card>,
    /// The reserve, bottom first; the last card is the playable one.
    pub reserve: Vec<Card>,
    /// The foundations' base rank once known (1 = Ace).
    pub base: Option<u8>,
    /// The current pass through the stock, from 1.
    pub pass: u16,
    /// Passes allowed in all, `None` when unlimited.
    pub passes: Option<u8>,
    /// The legal moves.
    pub moves: Vec<MoveView>,
}

impl PositionView {
    /// The table of `pos`, its moves told in `narrator`'s words.
    pub fn of(pos: &Position, narrator: &dyn Narrator) -> PositionView {
        PositionView::with_moves(pos, &pos.legal_moves(), narrator)
    }

    fn with_moves(pos: &Position, moves: &[Move], narrator: &dyn Narrator) -> PositionView {
        let rules = pos.rules();
        PositionView {
            rules: rules.id,
            columns: (0..pos.column_count())
                .map(|c| ColumnView { face_down: pos.face_down(c), face_up: pos.face_up(c).to_vec() })
                .collect(),
            foundations: (0..pos.foundation_slots())
                .map(|s| FoundationView { top: pos.foundation_top(s), count: pos.foundation_len(s) })
                .collect(),
            stock: pos.stock().len(),
            waste: pos.waste().to_vec(),
            reserve: pos.reserve().to_vec(),
            base: pos.base_rank(),
            pass: pos.pass(),
            passes: match rules.passes {
                Passes::Limited(n) => Some(n),
                Passes::Unlimited => None,
            },
            moves: moves.iter().map(|&mv| MoveView::of(pos, mv, narrator)).collect(),
        }
    }

    /// The legal moves in notation.
    pub fn notations(&self) -> impl Iterator<Item = &str> {
        self.moves.iter().map(|m| m.notation.as_str())
    }
}

/// A game as its player sees it.
///
/// ```
/// use patience_core::view::{GameView, Silent};
/// use patience_core::{presets, Game};
///
/// let game = Game::new(presets::find("harmony").unwrap(), 1);
/// let view = GameView::of(&game, 0, &Silent);
/// let column_7 = &view.table.columns[6];
/// assert_eq!(column_7.face_down, 6); // a count, not the cards
/// assert_eq!(column_7.face_up, ["9S".parse().unwrap()]);
/// assert_eq!(view.table.stock, 24);
/// assert_eq!(view.table.notations().collect::<Vec<_>>(), ["t3-t5", "s"]);
///
/// // No face-down card and no stock card is in what is sent.
/// let json = serde_json::to_string(&view).unwrap();
/// let pos = game.position();
/// let face_down = (0..pos.column_count()).flat_map(|c| pos.column(c)[..pos.face_down(c)].to_vec());
/// for card in face_down.chain(pos.stock().iter().copied()) {
///     assert!(!json.contains(&format!("\"{}\"", card.ascii())));
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameView {
    pub game: &'static str,
    /// The game's or variant's name, in the narrator's words.
    pub name: String,
    pub deal: u64,
    /// The number the next action must carry.
    pub action_number: usize,
    pub moves_made: usize,
    pub outcome: Outcome,
    /// The outcome as a player reads it: "No more progress possible".
    pub outcome_words: String,
    /// Whether the game is closed for good: won, given up or out of time
    /// ([`Outcome::is_final`]). A lost or stuck game is not over: undo is
    /// still possible.
    pub over: bool,
    /// Whether the rules keep a score (Harmony's points). Without one,
    /// `score` is the cards on the foundations.
    pub scored: bool,
    /// How many cards the game is played with, wherever they lie: 52 a
    /// deck ([`Rules::card_count`]). It says nothing about any pile.
    ///
    /// [`Rules::card_count`]: crate::rules::Rules::card_count
    pub cards: usize,
    pub score: i64,
    pub undos: u32,
    /// Points one undo costs (0 in games without scoring).
    pub undo_cost: i64,
    pub can_undo: bool,
    /// Whether the rules offer Restart at all: never in scored games,
    /// where each move taken back would cost an undo's points.
    pub restart_offered: bool,
    /// Whether Restart is possible now: offered, a move made, not over.
    pub can_restart: bool,
    /// Whether the rules deal a stock (its pile and pass count are shown
    /// even once it is empty).
    pub has_stock: bool,
    /// Whether the deal shows every card ([`Rules::deal_shows_every_card`]):
    /// the par can be told from the start.
    ///
    /// [`Rules::deal_shows_every_card`]: crate::rules::Rules::deal_shows_every_card
    pub deal_shows_every_card: bool,
    /// Whether the game is open and needs no decision any more: every card
    /// left goes up by itself, in turn ([`Position::wins_by_going_up`]).
    ///
    /// [`Position::wins_by_going_up`]: crate::Position::wins_by_going_up
    pub finishable: bool,
    /// Whether a winning line may be shown: the game is open, every card
    /// left is known, and decisions remain (a game that needs none is
    /// [`GameView::finishable`]).
    pub line_offered: bool,
    /// Whether the player was shown a winning line: a win is a win with help.
    pub helped: bool,
    /// The piles whose top card has no move at all, each with why (while
    /// the game is open): what a page says when the player tries to move
    /// one.
    pub blocked: Vec<BlockedView>,
    pub can_redo: bool,
    /// Whether the optional safe auto-move is on.
    pub safe_auto_moves: bool,
    /// Milliseconds left on the clock, for timed games.
    pub ms_left: Option<u64>,
    /// The clock's length in seconds, for timed games: what `ms_left`
    /// starts from.
    pub clock_secs: Option<u32>,
    /// How long the game was played, in milliseconds ([`Game::played_ms`]).
    pub played_ms: Option<u64>,
    /// The part of `score` earned by the time left ([`Game::time_bonus`]).
    pub time_bonus: Option<i64>,
    pub table: PositionView,
}

impl GameView {
    /// The view at `now_ms` (for the clock), its sentences in `narrator`'s
    /// words.
    pub fn of(game: &Game, now_ms: u64, narrator: &dyn Narrator) -> GameView {
        let moves = game.legal_moves();
        let outcome = game.outcome();
        let pos = game.position();
        let rules = game.rules();
        let goes_up = pos.wins_by_going_up();
        GameView {
            game: rules.id,
            name: narrator.rules_name(rules),
            deal: game.deal(),
            action_number: game.action_number(),
            moves_made: game.moves_made(),
            outcome,
            outcome_words: narrator.outcome(outcome),
            over: outcome.is_final(),
            scored: rules.scoring != Scoring::None,
            cards: rules.card_count(),
            score: game.score(),
            undos: game.undos(),
            undo_cost: game.undo_cost(),
            can_undo: game.can_undo(),
            restart_offered: rules.scoring == Scoring::None,
            can_restart: game.check_restart().is_ok(),
            has_stock: rules.stock_cards() > 0,
            deal_shows_every_card: rules.deal_shows_every_card(),
            finishable: outcome == Outcome::Playing && goes_up,
            line_offered: outcome == Outcome::Playing && game.every_card_known() && !goes_up,
            helped: game.helped(),
            blocked: if outcome == Outcome::Playing { BlockedView::of(pos, &moves, narrator) } else { Vec::new() },
            can_redo: game.redo_move().is_some() && !game.is_final(),
            safe_auto_moves: game.safe_auto_moves(),
            ms_left: game.ms_left(now_ms),
            clock_secs: game.limit_ms().map(|ms| (ms / 1000) as u32),
            played_ms: game.played_ms(),
            time_bonus: game.time_bonus(),
            table: PositionView::with_moves(pos, &moves, narrator),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.ascii())
    }
}
