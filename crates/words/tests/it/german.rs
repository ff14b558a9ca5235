//! The engine's words in every language: each kind of refusal, move, side
//! effect, outcome and game error is said completely (no message or
//! argument missing) and holds no word of another language; and German
//! reads as German players write it.

use patience_core::card::Suit;
use patience_core::game::{GameError, Outcome};
use patience_core::position::{MoveStory, SideEffect};
use patience_core::rules::Build;
use patience_core::{Card, IllegalMove, Move, Pile, Refusal};
use patience_words::{announce, foreign_words, game_error, outcome, refusal, side_effect, story, Lang, Say};

use crate::common::{card, mv, setup};

fn german() -> Lang {
    Lang::from_tag("de").unwrap()
}

/// One refusal of every kind; the match makes a new kind a compile error
/// here until it is added.
fn every_refusal() -> Vec<Refusal> {
    let c = card("7H");
    let all = vec![
        Refusal::NoStock,
        Refusal::StockEmpty,
        Refusal::StockNotEmpty,
        Refusal::WasteEmpty,
        Refusal::NoPassLeft { passes: 1 },
        Refusal::NoPassLeft { passes: 3 },
        Refusal::StockClosed,
        Refusal::NoSuchPile { pile: Pile::Tableau(8), count: 7 },
        Refusal::NoSuchPile { pile: Pile::Foundation(5), count: 4 },
        Refusal::NoCards,
        Refusal::SamePile { pile: Pile::Tableau(2) },
        Refusal::SamePile { pile: Pile::Waste },
        Refusal::NotASource { pile: Pile::Stock },
        Refusal::NotASource { pile: Pile::AnyFoundation },
        Refusal::NotADestination { pile: Pile::Waste },
        Refusal::NoSuchSource { pile: Pile::Reserve },
        Refusal::FoundationsKeepTheirCards,
        Refusal::SourceEmpty { pile: Pile::Waste },
        Refusal::SourceEmpty { pile: Pile::Tableau(0) },
        Refusal::OneCardFrom { pile: Pile::Waste },
        Refusal::FoundationsTakeOneAtATime,
        Refusal::SingleCardsOnly,
        Refusal::NotThatManyFaceUp { pile: Pile::Tableau(1), face_up: 1 },
        Refusal::NotThatManyFaceUp { pile: Pile::Tableau(1), face_up: 2 },
        Refusal::NotARun { pile: Pile::Tableau(0), count: 3, run: 1 },
        Refusal::NotARun { pile: Pile::Tableau(0), count: 3, run: 2 },
        Refusal::PartOfARun { pile: Pile::Tableau(0), run: 3 },
        Refusal::NotNextOnFoundation { card: c, needs: [None, None] },
        Refusal::NotNextOnFoundation { card: c, needs: [Some(card("6H")), None] },
        Refusal::NotNextOnFoundation { card: c, needs: [Some(card("6H")), Some(card("6H"))] },
        Refusal::NotNextOnFoundation { card: c, needs: [Some(card("JH")), Some(card("AH"))] },
        Refusal::RunOntoCard { pile: Pile::Tableau(3) },
        Refusal::DoesNotBuild {
            card: c,
            onto: card("9C"),
            pile: Pile::Tableau(0),
            build: Build::DownAlternateColours,
            wrap: false,
            ranks: 13,
        },
        Refusal::DoesNotBuild {
            card: card("TH"),
            onto: card("9C"),
            pile: Pile::Tableau(0),
            build: Build::DownAlternateColours,
            wrap: false,
            ranks: 13,
        },
        Refusal::DoesNotBuild {
            card: card("KH"),
            onto: card("9C"),
            pile: Pile::Tableau(0),
            build: Build::DownBySuit,
            wrap: false,
            ranks: 13,
        },
        Refusal::DoesNotBuild {
            card: c,
            onto: card("9C"),
            pile: Pile::Tableau(0),
            build: Build::UpOrDownBySuit,
            wrap: true,
            ranks: 13,
        },
        Refusal::BackToFoundation { card: c },
        Refusal::SpaceStaysEmpty { pile: Pile::Tableau(2) },
        Refusal::TooManyColumnsInUse { most: 8 },
        Refusal::OnlyKingsFillSpaces { card: card("4C"), pile: Pile::Tableau(1), king: 13 },
        Refusal::NowhereToGo {
            card: c,
            build: Build::DownAlternateColours,
            wrap: false,
            ranks: 13,
            up: [Some(card("6H")), None],
        },
        Refusal::NowhereToGo { card: card("KS"), build: Build::DownBySuit, wrap: false, ranks: 13, up: [None, None] },
        Refusal::RunNowhereToGo {
            lead: card("QC"),
            run: 3,
            build: Build::DownAlternateColours,
            wrap: false,
            ranks: 13,
        },
        Refusal::RunNowhereToGo {
            lead: card("KH"),
            run: 3,
            build: Build::DownAlternateColours,
            wrap: false,
            ranks: 13,
        },
        Refusal::NotAllowed,
    ];
    for r in &all {
        match r {
            Refusal::NoStock
            | Refusal::StockEmpty
            | Refusal::StockNotEmpty
            | Refusal::WasteEmpty
            | Refusal::NoPassLeft { .. }
            | Refusal::StockClosed
            | Refusal::NoSuchPile { .. }
            | Refusal::NoCards
            | Refusal::SamePile { .. }
            | Refusal::NotASource { .. }
            | Refusal::NotADestination { .. }
            | Refusal::NoSuchSource { .. }
            | Refusal::FoundationsKeepTheirCards
            | Refusal::SourceEmpty { .. }
            | Refusal::OneCardFrom { .. }
            | Refusal::FoundationsTakeOneAtATime
            | Refusal::SingleCardsOnly
            | Refusal::NotThatManyFaceUp { .. }
            | Refusal::NotARun { .. }
            | Refusal::PartOfARun { .. }
            | Refusal::NotNextOnFoundation { .. }
            | Refusal::RunOntoCard { .. }
            | Refusal::DoesNotBuild { .. }
            | Refusal::BackToFoundation { .. }
            | Refusal::SpaceStaysEmpty { .. }
            | Refusal::TooManyColumnsInUse { .. }
            | Refusal::OnlyKingsFillSpaces { .. }
            | Refusal::NowhereToGo { .. }
            | Refusal::RunNowhereToGo { .. }
            | Refusal::NotAllowed => {}
        }
    }
    all
}

/// Every sentence the engine's values make: refusals, moves of every
/// kind, side effects, outcomes, game errors.
fn every_sentence() -> Vec<Say> {
    let mut all: Vec<Say> = every_refusal().iter().map(refusal).collect();
    let transfers = [
        (Pile::Tableau(2), Pile::Tableau(4), Some(card("7C")), 1),
        (Pile::Tableau(0), Pile::Tableau(1), None, 4),
        (Pile::Tableau(0), Pile::Tableau(1), Some(card("8S")), 2),
        (Pile::Waste, Pile::AnyFoundation, None, 1),
        (Pile::Foundation(1), Pile::Tableau(3), Some(card("8S")), 1),
        (Pile::Reserve, Pile::Waste, None, 1),
    ];
    for (from, to, onto, count) in transfers {
        all.push(story(&MoveStory::Transfer { lead: Some(card("6H")), count, from, to, onto }));
    }
    all.push(story(&MoveStory::Transfer { lead: None, count: 1, from: Pile::Waste, to: Pile::Tableau(0), onto: None }));
    all.extend([
        story(&MoveStory::Draw { cards: 1 }),
        story(&MoveStory::Draw { cards: 3 }),
        story(&MoveStory::Redeal { pass: 2, passes: Some(3) }),
        story(&MoveStory::Redeal { pass: 2, passes: None }),
        side_effect(&SideEffect::TurnedUp { card: card("QD"), pile: Pile::Tableau(2) }),
        side_effect(&SideEffect::Drawn { card: card("QD") }),
        side_effect(&SideEffect::WentUp { cards: vec![card("AS")] }),
        side_effect(&SideEffect::WentUp { cards: vec![card("AS"), card("2S")] }),
    ]);
    for o in [Outcome::Playing, Outcome::Won, Outcome::Lost, Outcome::Stuck, Outcome::Quit, Outcome::TimeUp] {
        all.push(outcome(o));
        all.push(game_error(&GameError::Over(o)));
    }
    let illegal = IllegalMove { mv: Move::Draw, reason: Refusal::NoStock };
    all.extend(
        [
            GameError::Illegal(illegal),
            GameError::NothingToUndo,
            GameError::NothingToRedo,
            GameError::NoRestart { penalty: 1_000 },
            GameError::TimeUp { limit_ms: 1, at_ms: 2 },
            GameError::TimeWentBack { at_ms: 1, last_ms: 2 },
            GameError::LineWhileHidden,
        ]
        .iter()
        .map(game_error),
    );
    all
}

#[test]
fn every_sentence_of_the_engine_is_said_in_every_language_without_a_foreign_word() {
    for lang in Lang::all() {
        for said in every_sentence() {
            let words = said.try_in_lang(lang).unwrap_or_else(|e| panic!("{e}"));
            assert!(!words.is_empty() && !words.contains('{'), "{lang} {}: {words:?}", said.id());
            let foreign = foreign_words(&words, lang);
            assert!(foreign.is_empty(), "{lang} {}: {words:?} has {foreign:?}", said.id());
        }
    }
}

#[test]
fn german_cards_are_written_with_b_d_k_a_and_named_pik_herz_karo_kreuz() {
    let de = german();
    let said = |c: &str| patience_words::card(card(c)).in_lang(de);
    assert_eq!([said("JH"), said("QS"), said("KD"), said("AC"), said("TH")], ["B♥", "D♠", "K♦", "A♣", "10♥"]);
    let suit = |s: Suit| {
        refusal(&Refusal::NowhereToGo {
            card: Card::new(s, 7),
            build: Build::DownBySuit,
            wrap: false,
            ranks: 13,
            up: [None, None],
        })
        .in_lang(de)
    };
    assert!(suit(Suit::Spades).contains("Pik 8"), "{}", suit(Suit::Spades));
    assert!(suit(Suit::Hearts).contains("Herz 8"));
    assert!(suit(Suit::Diamonds).contains("Karo 8"));
    assert!(suit(Suit::Clubs).contains("Kreuz 8"));
    let queen = refusal(&Refusal::NowhereToGo {
        card: card("JS"),
        build: Build::DownAlternateColours,
        wrap: false,
        ranks: 13,
        up: [Some(card("9S")), None],
    })
    .in_lang(de);
    assert_eq!(
        queen,
        "B♠ kann gerade nirgendwohin: Keine Reihe bietet eine rote Dame, und ihr Zielstapel braucht zuerst die 9."
    );
}

#[test]
fn a_move_and_what_it_turned_up_are_announced_in_german() {
    let pos = setup("rules harmony\nt1 4C | 7H\nt2 8S");
    let mut after = pos.clone();
    after.play(mv("t1-t2")).unwrap();
    assert_eq!(
        announce(german(), &pos.story(mv("t1-t2")), &pos.side_effects(mv("t1-t2"), &after)),
        "7♥ aus Reihe 1 an 8♠ anlegen. 4♣ in Reihe 1 aufgedeckt."
    );
}

#[test]
fn every_game_and_variant_has_its_name_and_summary_in_every_language() {
    for lang in Lang::all() {
        for rules in patience_core::presets::ALL {
            for said in [patience_words::rules_name(rules), patience_words::rules_summary(rules)] {
                let words = said.try_in_lang(lang).unwrap_or_else(|e| panic!("{e}"));
                assert!(foreign_words(&words, lang).is_empty(), "{lang} {}: {words}", said.id());
            }
        }
        let english = patience_words::rules_name(patience_core::presets::find("harp/3-passes").unwrap());
        assert_eq!(english.in_lang(Lang::ENGLISH), "Harp (3 passes)");
    }
}
