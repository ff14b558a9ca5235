//! The engine's typed values in words: cards, piles, moves and what they
//! set off, refusals, outcomes and the game's errors. Every language is a
//! [`Narrator`] of views.

use patience_core::card::Suit;
use patience_core::game::{Action, GameError, Outcome};
use patience_core::notation::{NotationError, NotationProblem};
use patience_core::position::{MoveStory, SideEffect};
use patience_core::presets::UnknownRules;
use patience_core::record::{HeaderProblem, RecordError, TokenProblem};
use patience_core::rules::Build;
use patience_core::view::Narrator;
use patience_core::{Card, Pile, Refusal, Rules};

use crate::lang::Lang;
use crate::say;
use crate::say::Say;

/// The message of a game or variant: `rules-harp-3-passes` for
/// `harp/3-passes`.
fn rules_id(rules: &Rules) -> String {
    format!("rules-{}", rules.id.replace('/', "-"))
}

/// A game's or variant's name: "Harp (3 passes)".
pub fn rules_name(rules: &Rules) -> Say {
    Say::new(rules_id(rules))
}

/// A game's or variant's summary, in a sentence or two.
pub fn rules_summary(rules: &Rules) -> Say {
    Say::new(format!("{}.summary", rules_id(rules)))
}

/// A card as players write it: "7♥", in German "B♥" for the Jack.
pub fn card(card: Card) -> Say {
    say!("card", rank = card.rank(), suit = card.suit().symbol().to_string())
}

fn suit_key(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

/// The part a pile plays in a sentence, which decides its words ("the
/// waste", "from the waste", in German "die Ablage", "von der Ablage").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PileRole {
    /// Its name alone, mid-sentence.
    Name,
    /// The subject, at the start of a sentence.
    Subject,
    /// Where cards come from.
    From,
    /// Where cards go.
    To,
    /// Its name without article.
    Bare,
}

/// A pile in the part it plays in a sentence.
pub fn pile(pile: Pile, role: PileRole) -> Say {
    macro_rules! ids {
        ($base:literal) => {
            match role {
                PileRole::Name => $base,
                PileRole::Subject => concat!($base, ".subject"),
                PileRole::From => concat!($base, ".from"),
                PileRole::To => concat!($base, ".to"),
                PileRole::Bare => concat!($base, ".bare"),
            }
        };
    }
    match pile {
        Pile::Tableau(c) => Say::new(ids!("pile-column")).with("column", c as u32 + 1),
        Pile::Stock => Say::new(ids!("pile-stock")),
        Pile::Waste => Say::new(ids!("pile-waste")),
        Pile::Reserve => Say::new(ids!("pile-reserve")),
        Pile::Foundation(s) => Say::new(ids!("pile-foundation")).with("suit", Suit::from_index(s).symbol().to_string()),
        Pile::AnyFoundation => Say::new(ids!("pile-foundations")),
    }
}

/// The number of a column as players count them (from 1); 0 for a pile
/// that is no column, which the refusals about columns never carry.
fn column(pile: Pile) -> u32 {
    match pile {
        Pile::Tableau(c) => c as u32 + 1,
        _ => 0,
    }
}

/// A move as it would be played: "7♥ from column 3 onto 8♠".
pub fn story(story: &MoveStory) -> Say {
    match *story {
        MoveStory::Draw { cards } => say!("move-draw", cards = cards),
        MoveStory::Redeal { pass, passes: Some(passes) } => say!("move-redeal", pass = pass, passes = passes),
        MoveStory::Redeal { pass, passes: None } => say!("move-redeal-unlimited", pass = pass),
        MoveStory::Transfer { lead: None, from, to, .. } => {
            say!("move-unseen", from = pile(from, PileRole::From), to = pile(to, PileRole::To))
        }
        MoveStory::Transfer { lead: Some(lead), count, from, to, onto } => {
            let cards = say!("move-cards", lead = card(lead), below = count.saturating_sub(1));
            let from = pile(from, PileRole::From);
            match (to, onto) {
                (Pile::AnyFoundation | Pile::Foundation(_), _) => {
                    say!("move-to-foundation", cards = cards, from = from)
                }
                (Pile::Tableau(_), Some(onto)) => say!("move-onto", cards = cards, from = from, onto = card(onto)),
                (Pile::Tableau(_), None) => say!("move-into-empty", cards = cards, from = from, column = column(to)),
                (other, _) => say!("move-to", cards = cards, from = from, to = pile(other, PileRole::To)),
            }
        }
    }
}

/// What a move set off: "4♣ turned up in column 3".
pub fn side_effect(effect: &SideEffect) -> Say {
    match effect {
        SideEffect::TurnedUp { card: c, pile: p } => say!("effect-turned-up", card = card(*c), column = column(*p)),
        SideEffect::Drawn { card: c } => say!("effect-drawn", card = card(*c)),
        SideEffect::WentUp { cards } => {
            say!("effect-went-up", count = cards.len(), cards = cards.iter().map(|&c| card(c)).collect::<Vec<_>>())
        }
    }
}

/// A move with what it set off, as a screen reader announces it: "7♥ from
/// column 3 onto 8♠. 4♣ turned up in column 3."
pub fn announce(lang: Lang, told: &MoveStory, effects: &[SideEffect]) -> String {
    std::iter::once(story(told))
        .chain(effects.iter().map(side_effect))
        .map(|said| say!("sentence", words = said).in_lang(lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An action of a game's log in words: a move as it reads where it is
/// played is [`story`]; the others are "Undo", "Restart"…
pub fn action(action: Action) -> Say {
    match action {
        Action::Play(_) => say!("action-move"),
        Action::Undo => say!("action-undo"),
        Action::Restart => say!("action-restart"),
        Action::Quit => say!("action-quit"),
        Action::SafeAutoMoves(true) => say!("action-safe-auto-moves-on"),
        Action::SafeAutoMoves(false) => say!("action-safe-auto-moves-off"),
        Action::ShowLine => say!("action-show-line"),
    }
}

/// An outcome as a label: "No more progress possible".
pub fn outcome(outcome: Outcome) -> Say {
    Say::new(match outcome {
        Outcome::Playing => "outcome-playing",
        Outcome::Won => "outcome-won",
        Outcome::Lost => "outcome-lost",
        Outcome::Stuck => "outcome-stuck",
        Outcome::Quit => "outcome-quit",
        Outcome::TimeUp => "outcome-time-up",
    })
}

/// An outcome inside a sentence: "no more progress possible".
pub fn outcome_inline(outcome: Outcome) -> Say {
    Say::new(match outcome {
        Outcome::Playing => "outcome-playing.inline",
        Outcome::Won => "outcome-won.inline",
        Outcome::Lost => "outcome-lost.inline",
        Outcome::Stuck => "outcome-stuck.inline",
        Outcome::Quit => "outcome-quit.inline",
        Outcome::TimeUp => "outcome-time-up.inline",
    })
}

/// The ranks next to `card`'s: the one below it and the one above it, each
/// `None` past the Ace or the King unless ranks wrap.
fn neighbours(card: Card, wrap: bool, ranks: u8) -> (Option<u8>, Option<u8>) {
    let above = if card.rank() < ranks {
        Some(card.rank() + 1)
    } else if wrap {
        Some(1)
    } else {
        None
    };
    let below = if card.rank() > 1 {
        Some(card.rank() - 1)
    } else if wrap {
        Some(ranks)
    } else {
        None
    };
    (below, above)
}

/// The card `card` needs at the end of a column to build there: "a black
/// 8", "an 8 of hearts", "a 6 or 8 of hearts". `None` where no card takes
/// it (a King, building down).
// Needed cards are told by rank and colour or suit, never as cards: they
// may be face down, and a sentence naming them would read as a leak.
fn needed_card(card: Card, build: Build, wrap: bool, ranks: u8) -> Option<Say> {
    let (below, above) = neighbours(card, wrap, ranks);
    let suit = suit_key(card.suit());
    match build {
        Build::DownAlternateColours => above.map(|rank| {
            let colour = if card.is_red() { "black" } else { "red" };
            say!("needed-card", build = "alternate", colour = colour, rank = rank)
        }),
        Build::DownBySuit => above.map(|rank| say!("needed-card", build = "suit", rank = rank, suit = suit)),
        Build::UpOrDownBySuit => match (below, above) {
            (Some(low), Some(high)) => Some(say!(
                "needed-card",
                build = "either",
                rank = low,
                other_name = say!("rank-name", rank = high),
                suit = suit
            )),
            (Some(rank), None) | (None, Some(rank)) => {
                Some(say!("needed-card", build = "suit", rank = rank, suit = suit))
            }
            (None, None) => None,
        },
    }
}

/// What a card's foundations need before it goes up.
fn foundation_needs(needs: [Option<Card>; 2]) -> Say {
    let rank = |c: Card| say!("rank-name.definite", rank = c.rank());
    match needs {
        [None, None] => say!("foundation-needs", needs = "none"),
        [Some(a), None] | [None, Some(a)] => say!("foundation-needs", needs = "one", first = rank(a)),
        [Some(a), Some(b)] if a == b => say!("foundation-needs", needs = "same", first = rank(a)),
        [Some(a), Some(b)] => say!("foundation-needs", needs = "two", first = rank(a), second = rank(b)),
    }
}

/// Why the rules forbid a move.
pub fn refusal(refusal: &Refusal) -> Say {
    match *refusal {
        Refusal::NoStock => say!("refusal-no-stock"),
        Refusal::StockEmpty => say!("refusal-stock-empty"),
        Refusal::StockNotEmpty => say!("refusal-stock-not-empty"),
        Refusal::WasteEmpty => say!("refusal-waste-empty"),
        Refusal::NoPassLeft { passes } => say!("refusal-no-pass-left", passes = passes),
        Refusal::StockClosed => say!("refusal-stock-closed"),
        Refusal::NoSuchPile { pile: Pile::Tableau(c), count } => {
            say!("refusal-no-such-column", column = c as u32 + 1, count = count)
        }
        Refusal::NoSuchPile { count, .. } => say!("refusal-no-such-foundation", count = count),
        Refusal::NoCards => say!("refusal-no-cards"),
        Refusal::SamePile { pile: p } => say!("refusal-same-pile", pile = pile(p, PileRole::Subject)),
        Refusal::NotASource { pile: Pile::Stock } => say!("refusal-stock-not-a-source"),
        Refusal::NotASource { pile: p } => say!("refusal-not-a-source", from = pile(p, PileRole::From)),
        Refusal::NotADestination { pile: p } => say!("refusal-not-a-destination", to = pile(p, PileRole::To)),
        Refusal::NoSuchSource { pile: p } => say!("refusal-no-such-source", pile = pile(p, PileRole::Bare)),
        Refusal::FoundationsKeepTheirCards => say!("refusal-foundations-keep-their-cards"),
        Refusal::SourceEmpty { pile: p } => say!("refusal-source-empty", pile = pile(p, PileRole::Subject)),
        Refusal::OneCardFrom { pile: p } => say!("refusal-one-card-from", from = pile(p, PileRole::From)),
        Refusal::FoundationsTakeOneAtATime => say!("refusal-foundations-take-one-at-a-time"),
        Refusal::SingleCardsOnly => say!("refusal-single-cards-only"),
        Refusal::NotThatManyFaceUp { pile, face_up } => {
            say!("refusal-not-that-many-face-up", column = column(pile), face_up = face_up)
        }
        Refusal::NotARun { pile, count, run } => {
            say!("refusal-not-a-run", column = column(pile), count = count, run = run)
        }
        Refusal::PartOfARun { pile, run } => say!("refusal-part-of-a-run", column = column(pile), run = run),
        Refusal::NotNextOnFoundation { card: c, needs: [None, None] } => {
            say!("refusal-foundation-complete", card = card(c), needs = foundation_needs([None, None]))
        }
        Refusal::NotNextOnFoundation { card: c, needs } => {
            say!("refusal-not-next-on-foundation", card = card(c), needs = foundation_needs(needs))
        }
        Refusal::RunOntoCard { pile } => say!("refusal-run-onto-card", column = column(pile)),
        Refusal::DoesNotBuild { card: c, onto, pile, build, wrap, ranks } => say!(
            "refusal-does-not-build",
            card = card(c),
            needed = needed_card(c, build, wrap, ranks).unwrap_or_else(|| say!("needs-nothing-below")),
            column = column(pile),
            onto = card(onto)
        ),
        Refusal::BackToFoundation { card: c } => say!("refusal-back-to-foundation", card = card(c)),
        Refusal::SpaceStaysEmpty { pile } => say!("refusal-space-stays-empty", column = column(pile)),
        Refusal::TooManyColumnsInUse { most } => say!("refusal-too-many-columns-in-use", most = most.saturating_sub(1)),
        Refusal::OnlyKingsFillSpaces { card: c, pile, king } => {
            say!("refusal-only-kings-fill-spaces", king = king, card = card(c), column = column(pile))
        }
        Refusal::NowhereToGo { card: c, build, wrap, ranks, up } => match needed_card(c, build, wrap, ranks) {
            Some(needed) => {
                say!("refusal-nowhere-to-go", card = card(c), needed = needed, needs = foundation_needs(up))
            }
            None => say!("refusal-nowhere-to-go-but-empty", card = card(c), needs = foundation_needs(up)),
        },
        Refusal::RunNowhereToGo { lead, run, build, wrap, ranks } => match needed_card(lead, build, wrap, ranks) {
            Some(needed) => say!("refusal-run-nowhere-to-go", lead = card(lead), run = run, needed = needed),
            None => say!("refusal-run-nowhere-to-go-but-empty", lead = card(lead), run = run),
        },
        Refusal::NotAllowed => say!("refusal-not-allowed"),
    }
}

/// Why the game refused an action.
pub fn game_error(error: &GameError) -> Say {
    match error {
        GameError::Illegal(illegal) => refusal(&illegal.reason),
        GameError::Over(o) => say!("error-game-over", outcome = outcome_inline(*o)),
        GameError::NothingToUndo => say!("error-nothing-to-undo"),
        GameError::NothingToRedo => say!("error-nothing-to-redo"),
        GameError::NoRestart { penalty } => say!("error-no-restart", penalty = *penalty),
        GameError::TimeUp { .. } => say!("error-time-up"),
        GameError::TimeWentBack { .. } => say!("error-time-went-back"),
        GameError::LineWhileHidden => say!("error-line-while-hidden"),
    }
}

/// Why a game record does not read or does not replay.
pub fn record_error(error: &RecordError) -> Say {
    match error {
        RecordError::Header { line, why } => say!("record-header", line = *line, why = header_problem(why)),
        RecordError::Missing(header) => say!("record-missing", header = *header),
        RecordError::Token { number, token, why } => {
            let why = match why {
                TokenProblem::NotATime { text } => say!("record-not-a-time", text = text.as_str()),
                TokenProblem::NotAnAction(e) => notation_error(e),
            };
            say!("record-token", number = *number, token = token.as_str(), why = why)
        }
        RecordError::Refused { number, token, error } => {
            say!("record-refused", number = *number, token = token.as_str(), why = game_error(error))
        }
        RecordError::Mismatch { header, recorded, replayed } => {
            say!("record-mismatch", header = *header, recorded = recorded.as_str(), replayed = replayed.as_str())
        }
    }
}

fn header_problem(why: &HeaderProblem) -> Say {
    match why {
        HeaderProblem::AfterMoves => say!("record-header-after-moves"),
        HeaderProblem::NotAHeader { text } => say!("record-not-a-header", text = shown(text)),
        HeaderProblem::UnknownRules(e) => unknown_rules(e),
        HeaderProblem::NotADeal { text } => say!("record-not-a-deal", text = shown(text), most = u64::MAX.to_string()),
    }
}

/// At most 60 characters of a text a player wrote, to quote it back.
fn shown(text: &str) -> String {
    text.chars().take(60).collect()
}

/// Why a text is not a move in notation, with how moves are written.
pub fn notation_error(error: &NotationError) -> Say {
    let why = match error.why {
        NotationProblem::Empty => say!("notation-empty"),
        NotationProblem::CountNotANumber => say!("notation-count-not-a-number"),
        NotationProblem::CountTooLarge => say!("notation-count-too-large"),
        NotationProblem::CountZero => say!("notation-count-zero"),
        NotationProblem::NoDash => say!("notation-no-dash"),
        NotationProblem::UnknownSource => say!("notation-unknown-source"),
        NotationProblem::UnknownDestination => say!("notation-unknown-destination"),
        NotationProblem::NotASource => say!("notation-not-a-source"),
        NotationProblem::NotADestination => say!("notation-not-a-destination"),
        NotationProblem::SeveralCards => say!("notation-several-cards"),
        NotationProblem::SamePile => say!("notation-same-pile"),
    };
    say!("notation-error", text = shown(&error.text), why = why)
}

/// An id that names no game or variant, with the ids there are.
pub fn unknown_rules(error: &UnknownRules) -> Say {
    say!("unknown-rules", id = shown(&error.id), known = error.known.as_str())
}

impl Narrator for Lang {
    fn story(&self, told: &MoveStory) -> String {
        story(told).in_lang(*self)
    }

    fn refusal(&self, why: &Refusal) -> String {
        refusal(why).in_lang(*self)
    }

    fn outcome(&self, o: Outcome) -> String {
        outcome(o).in_lang(*self)
    }

    fn rules_name(&self, rules: &Rules) -> String {
        rules_name(rules).in_lang(*self)
    }
}
