//! The six games of `docs/RULES.md` and their named variants, as [`Rules`] presets,
//! and the registry that finds them by their stable string ids.
//!
//! Each preset is written as "the default, with these fields changed", so a
//! variant reads as exactly the difference `docs/RULES.md` describes.

use crate::rules::*;

pub(crate) const HARP: Rules = Rules {
    id: "harp",
    game: "harp",
    name: "Harp",
    deal_key: "harp",
    decks: 2,
    ranks: 13,
    columns: &[1, 2, 3, 4, 5, 6, 7, 8, 9],
    deal_face: DealFace::TopCardUp,
    reserve: 0,
    build: Build::DownAlternateColours,
    build_wrap: false,
    run_moves: RunMoves::KingRunsToSpaces,
    space: Space::KingOnly,
    max_occupied: 9,
    draw: 1,
    passes: Passes::Limited(4),
    foundation_base: FoundationBase::Ace,
    foundation_wrap: false,
    foundation_to_tableau: false,
    automatic_moves: AutomaticMoves::None,
    scoring: Scoring::None,
    clock_secs: None,
    summary: "Two decks, nine columns of 1 to 9 cards; one card moves at a time; four passes through the stock.",
};

pub(crate) const GROSSE_HARFE: Rules = Rules {
    id: "grosse-harfe",
    game: "grosse-harfe",
    name: "Die Große Harfe",
    deal_key: "grosse-harfe",
    decks: 2,
    ranks: 13,
    columns: &[10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
    deal_face: DealFace::TopCardUp,
    reserve: 0,
    build: Build::DownAlternateColours,
    build_wrap: false,
    run_moves: RunMoves::AnyRun,
    space: Space::AnyCard,
    max_occupied: 10,
    draw: 1,
    passes: Passes::Limited(1),
    foundation_base: FoundationBase::Ace,
    foundation_wrap: false,
    foundation_to_tableau: false,
    // "Alle Asse, die offen im Spiel erscheinen, werden aus dem Kartenbild
    // genommen und über der ersten Reihe abgelegt": in every variant.
    automatic_moves: AutomaticMoves::AcesUp,
    scoring: Scoring::None,
    clock_secs: None,
    summary: "Two decks, ten columns of 10 down to 1 cards; runs of alternating colours move as a unit; Aces go up by themselves; one pass through the stock.",
};

pub(crate) const HARMONY: Rules = Rules {
    id: "harmony",
    game: "harmony",
    name: "Solitaire Harmony",
    deal_key: "harmony",
    decks: 1,
    ranks: 13,
    columns: &[1, 2, 3, 4, 5, 6, 7],
    deal_face: DealFace::TopCardUp,
    reserve: 0,
    build: Build::DownAlternateColours,
    build_wrap: false,
    run_moves: RunMoves::AnyRun,
    space: Space::KingOnly,
    max_occupied: 7,
    draw: 1,
    passes: Passes::Unlimited,
    foundation_base: FoundationBase::Ace,
    foundation_wrap: false,
    foundation_to_tableau: true,
    automatic_moves: AutomaticMoves::RankComplete,
    scoring: Scoring::Harmony,
    clock_secs: Some(300),
    summary: "Klondike, draw one, against a five-minute clock for points; cards no longer needed go up by themselves.",
};

/// Klondike as most collections offer it: Solitaire Harmony's layout and
/// play, without its clock, its score or its automatic moves.
pub(crate) const KLONDIKE: Rules = Rules {
    id: "klondike",
    game: "klondike",
    name: "Klondike",
    deal_key: "klondike",
    automatic_moves: AutomaticMoves::None,
    scoring: Scoring::None,
    clock_secs: None,
    summary: "The classic: one deck, seven piles, draw one card at a time as often as you like; no clock, no score.",
    ..HARMONY
};

pub(crate) const PITCHFORK: Rules = Rules {
    id: "pitchfork",
    game: "pitchfork",
    name: "Pitchfork",
    deal_key: "pitchfork",
    decks: 1,
    ranks: 13,
    columns: &[8, 8, 4, 2, 2, 2, 4, 8, 8],
    deal_face: DealFace::AllUp,
    reserve: 0,
    build: Build::DownAlternateColours,
    build_wrap: false,
    // "No Partial Sequence Moves": a run moves only whole.
    run_moves: RunMoves::WholeRun,
    space: Space::KingOnly,
    max_occupied: 9,
    draw: 1,
    passes: Passes::Unlimited,
    foundation_base: FoundationBase::Ace,
    foundation_wrap: false,
    foundation_to_tableau: false,
    automatic_moves: AutomaticMoves::None,
    scoring: Scoring::None,
    clock_secs: None,
    summary: "One deck, nine face-up piles shaped like a pitchfork and a six-card stock; runs move only whole.",
};

pub(crate) const WARFIELD: Rules = Rules {
    id: "pitchfork/warfield",
    name: "Pitchfork (Warfield)",
    deal_key: "pitchfork/warfield",
    columns: &[8, 8, 4, 2, 0, 2, 4, 8, 8],
    reserve: 7,
    // Single cards: no run ever moves, so the default's whole-run rule
    // (docs/RULES.md, Pitchfork) has nothing left to restrict here.
    run_moves: RunMoves::SingleCards,
    space: Space::AnyCard,
    draw: 0,
    passes: Passes::Limited(1),
    foundation_base: FoundationBase::FirstCardDealt,
    foundation_wrap: true,
    summary: "The other published rule set: a seven-card reserve, foundations from the first card dealt, single cards, any card in a space.",
    ..PITCHFORK
};

pub(crate) const LASKER: Rules = Rules {
    id: "lasker",
    game: "lasker",
    name: "Lasker",
    deal_key: "lasker",
    decks: 1,
    ranks: 13,
    columns: &[6, 6, 5, 5, 5, 5, 5, 5, 5, 5],
    deal_face: DealFace::AllUp,
    reserve: 0,
    build: Build::DownBySuit,
    build_wrap: false,
    run_moves: RunMoves::SingleCards,
    space: Space::NeverRefilled,
    max_occupied: 10,
    draw: 0,
    passes: Passes::Limited(1),
    foundation_base: FoundationBase::ChosenByFirstMove,
    foundation_wrap: true,
    foundation_to_tableau: false,
    automatic_moves: AutomaticMoves::None,
    scoring: Scoring::None,
    clock_secs: None,
    // The seed's rules are the default although they almost never come out
    // (the solver proves every early deal lost): the summary says what the
    // game is about then, and points to the usual rule set.
    summary: "One deck, all face up in ten piles; your first card to a foundation sets the base rank. By these original rules a deal is almost never won: bring up as many cards as you can. Lasker (classic collections) is the version most collections offer.",
};

/// Every game and variant, defaults first, in the order lists show them.
pub static ALL: &[Rules] = &PRESETS;

/// The presets of [`ALL`], as a constant so that code can be compiled for
/// each of them (see `position::movegen`).
pub(crate) const PRESETS: [Rules; 19] = [
    HARP,
    Rules {
        id: "harp/3-passes",
        name: "Harp (3 passes)",
        passes: Passes::Limited(3),
        summary: "Harp with three passes through the stock, as several published pages have it.",
        ..HARP
    },
    Rules {
        id: "harp/unlimited",
        name: "Harp (unlimited passes)",
        passes: Passes::Unlimited,
        summary: "Harp with as many passes through the stock as you like.",
        ..HARP
    },
    GROSSE_HARFE,
    Rules {
        id: "grosse-harfe/3-passes",
        name: "Die Große Harfe (3 passes)",
        passes: Passes::Limited(3),
        summary: "The talon is gone through three times (\"den Talon dreimal umdrehen\").",
        ..GROSSE_HARFE
    },
    Rules {
        id: "grosse-harfe/kings-only",
        name: "Die Große Harfe (kings only in spaces)",
        space: Space::KingOnly,
        summary: "Only a King, or a run led by a King, may fill an empty column.",
        ..GROSSE_HARFE
    },
    Rules {
        id: "grosse-harfe/8-columns",
        name: "Die Große Harfe (at most 8 columns)",
        max_occupied: 8,
        summary: "A space may only be filled while fewer than 8 columns hold cards (\"nur 8 statt 10 Reihen\").",
        ..GROSSE_HARFE
    },
    Rules {
        id: "grosse-harfe/draw-3",
        name: "Die Große Harfe (draw 3, unlimited passes)",
        draw: 3,
        passes: Passes::Unlimited,
        summary: "Turn three cards at a time (\"nur jede dritte Karte\"), as often as you like.",
        ..GROSSE_HARFE
    },
    HARMONY,
    KLONDIKE,
    Rules {
        id: "klondike/draw-3",
        name: "Klondike (draw 3)",
        draw: 3,
        summary: "Klondike turning three cards at a time, as often as you like; only the top one of them plays.",
        ..KLONDIKE
    },
    PITCHFORK,
    Rules {
        id: "pitchfork/no-redeal",
        name: "Pitchfork (no redeal)",
        passes: Passes::Limited(1),
        summary: "Pitchfork with a single pass through the stock.",
        ..PITCHFORK
    },
    Rules {
        id: "pitchfork/2-passes",
        name: "Pitchfork (2 passes)",
        passes: Passes::Limited(2),
        summary: "Pitchfork with two passes through the stock.",
        ..PITCHFORK
    },
    Rules {
        id: "pitchfork/3-passes",
        name: "Pitchfork (3 passes)",
        passes: Passes::Limited(3),
        summary: "Pitchfork with three passes through the stock.",
        ..PITCHFORK
    },
    Rules {
        id: "pitchfork/partial-runs",
        name: "Pitchfork (partial runs)",
        run_moves: RunMoves::AnyRun,
        summary: "Pitchfork where any part of a run, from some card to the top, may move as a unit.",
        ..PITCHFORK
    },
    WARFIELD,
    LASKER,
    Rules {
        id: "lasker/classic",
        name: "Lasker (classic collections)",
        build: Build::UpOrDownBySuit,
        build_wrap: true,
        run_moves: RunMoves::AnyRun,
        space: Space::AnyCard,
        summary: "The rule set other collections use: build up or down by suit with wrap, runs move as a unit, any card fills a space.",
        ..LASKER
    },
];

/// The games, in list order, each with its default rules first.
///
/// ```
/// use patience_core::presets;
///
/// let games: Vec<_> = presets::games().collect();
/// assert_eq!(games, ["harp", "grosse-harfe", "harmony", "klondike", "pitchfork", "lasker"]);
/// let lasker: Vec<_> = presets::variants("lasker").map(|r| r.id).collect();
/// assert_eq!(lasker, ["lasker", "lasker/classic"]);
/// ```
pub fn games() -> impl Iterator<Item = &'static str> {
    let mut seen: Vec<&'static str> = Vec::new();
    ALL.iter().filter_map(move |r| {
        if seen.contains(&r.game) {
            None
        } else {
            seen.push(r.game);
            Some(r.game)
        }
    })
}

/// A game's default rules by the game's id (`harp`), as ratings, boards
/// and votes name a game; `None` for a variant's id or any other text.
///
/// ```
/// use patience_core::presets;
///
/// assert_eq!(presets::game("harp").unwrap().id, "harp");
/// assert!(presets::game("harp/3-passes").is_none());
/// ```
pub fn game(id: &str) -> Option<&'static Rules> {
    ALL.iter().find(|rules| rules.is_default() && rules.id == id)
}

/// The variants of one game, default first.
pub fn variants(game: &str) -> impl Iterator<Item = &'static Rules> + '_ {
    ALL.iter().filter(move |r| r.game == game)
}

/// The error for an id that names no game or variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game or variant `{id}`; known ids: {known}")]
pub struct UnknownRules {
    pub id: String,
    pub known: String,
}

/// Finds a game (`harp`) or a variant (`harp/3-passes`) by its id. Ids are
/// case-insensitive; `harp/default` names a game's default rules.
///
/// ```
/// use patience_core::presets;
/// use patience_core::rules::Passes;
///
/// let rules = presets::find("harp/3-passes").unwrap();
/// assert_eq!(rules.game, "harp");
/// assert_eq!(rules.decks, 2);
/// assert_eq!(rules.passes, Passes::Limited(3));
/// assert_eq!(presets::find("Harmony/default").unwrap().id, "harmony");
///
/// let err = presets::find("spider").unwrap_err();
/// assert!(err.known.contains("pitchfork/warfield")); // the message lists every id
/// ```
pub fn find(id: &str) -> Result<&'static Rules, UnknownRules> {
    let wanted = id.trim().to_ascii_lowercase();
    let wanted = wanted.strip_suffix("/default").unwrap_or(&wanted);
    ALL.iter().find(|r| r.id == wanted).ok_or_else(|| UnknownRules {
        id: id.to_string(),
        known: ALL.iter().map(|r| r.id).collect::<Vec<_>>().join(", "),
    })
}

/// The place of `rules` in [`ALL`], if they are that very entry (an equal
/// copy elsewhere is not): a comparison of addresses, cheap enough for move
/// generation to ask at every position.
#[inline]
pub(crate) fn place_in_all(rules: &Rules) -> Option<usize> {
    let offset = (rules as *const Rules as usize).wrapping_sub(ALL.as_ptr() as usize);
    let size = std::mem::size_of::<Rules>();
    (offset < std::mem::size_of_val(ALL) && offset.is_multiple_of(size)).then(|| offset / size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_valid_and_ids_are_unique() {
        for (i, rules) in ALL.iter().enumerate() {
            rules.validate().unwrap();
            assert!(ALL[..i].iter().all(|r| r.id != rules.id), "{} twice", rules.id);
            assert!(rules.id == rules.game || rules.id.starts_with(&format!("{}/", rules.game)));
        }
    }

    #[test]
    fn each_preset_is_found_at_its_place_and_a_copy_nowhere() {
        for (i, rules) in ALL.iter().enumerate() {
            assert_eq!(place_in_all(rules), Some(i), "{}", rules.id);
            assert_eq!(place_in_all(&rules.clone()), None, "{}", rules.id);
        }
    }

    #[test]
    fn five_games_are_listed() {
        let games: Vec<_> = games().collect();
        assert_eq!(games, ["harp", "grosse-harfe", "harmony", "klondike", "pitchfork", "lasker"]);
        for game in games {
            assert_eq!(variants(game).next().unwrap().id, game, "default first");
        }
    }

    #[test]
    fn unknown_ids_are_named_with_the_known_ones() {
        let err = find("spider").unwrap_err();
        assert!(err.to_string().contains("unknown game or variant `spider`"));
        assert!(err.to_string().contains("harp/3-passes"));
        assert_eq!(find("HARP/3-passes").unwrap().id, "harp/3-passes");
        assert_eq!(find("harmony/default").unwrap().id, "harmony");
    }

    #[test]
    fn card_counts_add_up() {
        for rules in ALL {
            let counted = rules.tableau_cards() + rules.reserve as usize + rules.stock_cards();
            let first = usize::from(rules.foundation_base == FoundationBase::FirstCardDealt);
            assert_eq!(counted + first, rules.card_count(), "{}", rules.id);
        }
        assert_eq!(find("harp").unwrap().stock_cards(), 59);
        assert_eq!(find("grosse-harfe").unwrap().stock_cards(), 49);
        assert_eq!(find("harmony").unwrap().stock_cards(), 24);
        assert_eq!(find("pitchfork").unwrap().stock_cards(), 6);
        assert_eq!(find("pitchfork/warfield").unwrap().stock_cards(), 0);
        assert_eq!(find("lasker").unwrap().stock_cards(), 0);
    }
}
