//! Perft and move-generation checks.
//!
//! - `perft_counts_match_the_recorded_numbers`: DESIGN.md's "perft" oracle.
//!   For each game and variant, the number of move sequences of length d from
//!   a deal (`tests/data/perft.txt`). Any change in what the move generator
//!   lists, or in how a move is applied, changes some count.
//! - `listed_moves_are_exactly_the_legal_moves`: for positions from random
//!   playouts of every preset, a large set of candidate moves (every transfer
//!   between every pair of piles with counts 1 to 13, draw, redeal) is sorted
//!   into legal and illegal three ways, which must agree: by `legal_moves()`,
//!   by `check()`, and by a reference written here from `docs/RULES.md` and the
//!   `Rules` fields without looking at the generator.

use patience_core::card::Card;
use patience_core::deal::SplitMix64;
use patience_core::rules::{Build, FoundationBase, Passes, Rules, RunMoves, Space};
use patience_core::{notation, presets, Move, MoveList, Pile, Position};

const DATA: &str = include_str!("../data/perft.txt");

/// Leaf nodes at depth `depth`. Also checks, at every node, that the move
/// list has no duplicates (a duplicate would be counted twice).
fn perft(pos: &Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    for (i, mv) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(mv), "{mv} listed twice in\n{pos}");
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in &moves {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        nodes += perft(&next, depth - 1);
    }
    nodes
}

/// Plays `start` ("-", or moves in notation, `s*6` repeating one) from the deal.
fn start_position(rules: &'static Rules, deal: u64, start: &str) -> Position {
    let mut pos = Position::deal(rules, deal);
    for token in start.split_whitespace().filter(|t| *t != "-") {
        let (text, times) = match token.split_once('*') {
            Some((text, n)) => (text, n.parse::<usize>().expect("repeat count")),
            None => (token, 1),
        };
        let mv = notation::parse(text).expect("start move");
        for _ in 0..times {
            pos.play(mv).unwrap_or_else(|e| panic!("{} deal {deal}, start `{start}`: {e}", rules.id));
        }
    }
    pos
}

#[test]
fn perft_counts_match_the_recorded_numbers() {
    let mut lines = 0;
    let mut covered = Vec::new();
    for line in DATA.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (head, counts) = line.split_once(':').expect("`:` separates the counts");
        let mut head = head.split_whitespace();
        let id = head.next().expect("preset id");
        let deal: u64 = head.next().expect("deal").parse().expect("deal number");
        let start = head.collect::<Vec<_>>().join(" ");
        let rules = presets::find(id).unwrap();
        let pos = start_position(rules, deal, &start);
        for (d, expected) in counts.split_whitespace().enumerate() {
            let expected: u64 = expected.parse().expect("count");
            let depth = d as u32 + 1;
            assert_eq!(perft(&pos, depth), expected, "perft({depth}) of {id} deal {deal} after `{start}`");
        }
        covered.push(rules.id);
        lines += 1;
    }
    assert!(lines >= presets::ALL.len());
    for rules in presets::ALL {
        assert!(covered.contains(&rules.id), "perft.txt has no line for {}", rules.id);
    }
}

#[test]
fn perft_sees_what_the_pass_variants_change() {
    // The same cards and moves, except for the redeal at the end of the stock.
    let count = |id: &str, start: &str| perft(&start_position(presets::find(id).unwrap(), 1, start), 2);
    assert_ne!(count("pitchfork", "s*6"), count("pitchfork/no-redeal", "s*6"));
    assert_ne!(count("harp", "s*59 r s*59 r s*59"), count("harp/3-passes", "s*59 r s*59 r s*59"));
    assert_ne!(count("grosse-harfe", "s*49"), count("grosse-harfe/3-passes", "s*49"));
}

#[test]
fn a_copy_of_a_presets_rules_lists_the_presets_moves_in_the_same_order() {
    // Each preset has a copy of the generator compiled for its rules; any
    // other rules, even an equal copy, take the general one.
    let mut rng = SplitMix64::new(0x5eed_0003);
    for rules in presets::ALL {
        let copy: &'static Rules = Box::leak(Box::new(rules.clone()));
        for deal in 1..=3 {
            let (mut pos, mut twin) = (Position::deal(rules, deal), Position::deal(copy, deal));
            for _ in 0..300 {
                let moves = pos.legal_moves();
                assert_eq!(moves, twin.legal_moves(), "{} deal {deal}\n{pos}", rules.id);
                let Some(last) = moves.len().checked_sub(1) else { break };
                let mv = moves[rng.below_or_equal(last as u64) as usize];
                pos.play_unchecked(mv);
                twin.play_unchecked(mv);
            }
        }
    }
}

// ----- The reference rules ---------------------------------------------------

/// Whether `card` may be placed on `onto` in the tableau (`docs/RULES.md`).
fn builds_on(rules: &Rules, card: Card, onto: Card) -> bool {
    let (lo, hi) = (card.rank(), onto.rank());
    let wraps = |a: u8, b: u8| rules.build_wrap && a == rules.ranks && b == 1;
    let down = lo + 1 == hi || wraps(lo, hi);
    let up = hi + 1 == lo || wraps(hi, lo);
    match rules.build {
        Build::DownAlternateColours => down && card.is_red() != onto.is_red(),
        Build::DownBySuit => down && card.suit() == onto.suit(),
        Build::UpOrDownBySuit => (down || up) && card.suit() == onto.suit(),
    }
}

/// Whether `card` goes on some foundation of its suit now.
fn fits_a_foundation(pos: &Position, card: Card) -> bool {
    let rules = pos.rules();
    (0..pos.foundation_slots()).filter(|slot| slot % 4 == card.suit().index() as usize).any(|slot| {
        match pos.foundation_top(slot) {
            // An empty foundation takes the base rank: the Ace, the rank of
            // the first card dealt, or (before anything is up in Lasker) any.
            None => match pos.base_rank() {
                Some(base) => card.rank() == base,
                None => rules.foundation_base == FoundationBase::ChosenByFirstMove,
            },
            Some(top) => {
                let full = pos.foundation_len(slot) == rules.ranks as usize;
                let next = if top.rank() == rules.ranks {
                    if rules.foundation_wrap {
                        Some(1)
                    } else {
                        None
                    }
                } else {
                    Some(top.rank() + 1)
                };
                !full && next == Some(card.rank())
            }
        }
    })
}

/// Harmony: whether a card taken off foundation `slot` onto the tableau
/// would go straight back up by itself (every other foundation of an
/// Ace-based game already holds its rank minus one), which makes the move a
/// no-op; the engine does not list it.
fn would_go_straight_back(pos: &Position, slot: usize) -> bool {
    let rules = pos.rules();
    if rules.automatic_moves != patience_core::rules::AutomaticMoves::RankComplete {
        return false;
    }
    let rank = pos.foundation_top(slot).unwrap().rank() as usize;
    (0..pos.foundation_slots()).filter(|&s| s != slot).all(|s| pos.foundation_len(s) >= rank - 1)
}

/// Whether `docs/RULES.md` allows `mv` in `pos`, decided from the rules' fields and
/// what is on the table.
fn reference_allows(pos: &Position, mv: Move) -> bool {
    let rules = pos.rules();
    let cols = pos.column_count();
    let (from, to, count) = match mv {
        Move::Draw => return !pos.stock().is_empty(),
        Move::Redeal => {
            let passes_left = match rules.passes {
                Passes::Limited(n) => pos.pass() < u16::from(n),
                Passes::Unlimited => true,
            };
            return pos.stock().is_empty() && !pos.waste().is_empty() && passes_left;
        }
        Move::Transfer { from, to, count } => (from, to, count as usize),
    };
    if count == 0 {
        return false;
    }
    // The cards that would move, bottom first.
    let moving: Vec<Card> = match from {
        Pile::Tableau(c) if (c as usize) < cols => {
            let up = pos.face_up(c as usize);
            if count > up.len() {
                return false;
            }
            up[up.len() - count..].to_vec()
        }
        Pile::Waste | Pile::Reserve if count == 1 => {
            let pile = if from == Pile::Waste { pos.waste() } else { pos.reserve() };
            match pile.last() {
                Some(&card) => vec![card],
                None => return false,
            }
        }
        Pile::Foundation(s) if (s as usize) < pos.foundation_slots() && rules.foundation_to_tableau && count == 1 => {
            match pos.foundation_top(s as usize) {
                Some(card) => vec![card],
                None => return false,
            }
        }
        _ => return false,
    };
    // A run is correctly built under the tableau rule.
    if moving.windows(2).any(|w| !builds_on(rules, w[1], w[0])) {
        return false;
    }
    // Pitchfork's "No Partial Sequence Moves": between columns only the
    // whole built run at the top moves, so the card under it does not build
    // on its bottom card (or there is none, or it is face down).
    if let (Pile::Tableau(c), Pile::Tableau(_), RunMoves::WholeRun) = (from, to, rules.run_moves) {
        let up = pos.face_up(c as usize);
        if count < up.len() && builds_on(rules, up[up.len() - count], up[up.len() - count - 1]) {
            return false;
        }
    }
    let lead = moving[0];
    match to {
        Pile::AnyFoundation => count == 1 && !matches!(from, Pile::Foundation(_)) && fits_a_foundation(pos, lead),
        Pile::Tableau(d) if (d as usize) < cols && to != from => {
            if let Pile::Foundation(s) = from {
                if would_go_straight_back(pos, s as usize) {
                    return false;
                }
            }
            match pos.column(d as usize).last() {
                Some(&onto) => {
                    let runs_move = matches!(rules.run_moves, RunMoves::AnyRun | RunMoves::WholeRun);
                    (count == 1 || runs_move) && builds_on(rules, lead, onto)
                }
                None => {
                    let occupied = (0..cols).filter(|&c| !pos.column(c).is_empty()).count();
                    let lead_ok = match rules.space {
                        Space::NeverRefilled => false,
                        Space::KingOnly => lead.rank() == rules.ranks,
                        Space::AnyCard => true,
                    };
                    lead_ok
                        && occupied < rules.max_occupied as usize
                        && (count == 1 || rules.run_moves != RunMoves::SingleCards)
                }
            }
        }
        _ => false,
    }
}

/// Every transfer between every pair of piles (columns 1 to 10, waste,
/// reserve, stock, each foundation slot, "the foundations") with counts 1 to
/// 13, plus draw and redeal.
fn candidates() -> Vec<Move> {
    let mut piles: Vec<Pile> = (0..10).map(Pile::Tableau).collect();
    piles.extend([Pile::Waste, Pile::Reserve, Pile::Stock, Pile::AnyFoundation]);
    piles.extend((0..8).map(Pile::Foundation));
    let mut moves = vec![Move::Draw, Move::Redeal];
    for &from in &piles {
        for &to in &piles {
            for count in 1..=13 {
                moves.push(Move::transfer(from, to, count));
            }
        }
    }
    moves
}

/// Positions from random playouts of deals of `rules`, sampled along the way.
fn sample_positions(rules: &'static Rules, rng: &mut SplitMix64, playouts: usize, every: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..playouts {
        let mut pos = Position::deal(rules, rng.next_u64());
        for step in 0..200 {
            if step % every == 0 {
                out.push(pos.clone());
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                out.push(pos.clone());
                break;
            }
            // Prefer moves that change the table, so that playouts get far.
            let plays: Vec<Move> = moves.iter().copied().filter(|m| m.is_play()).collect();
            let pick = if !plays.is_empty() && rng.next_u64() & 3 != 0 {
                plays[rng.below_or_equal(plays.len() as u64 - 1) as usize]
            } else {
                moves[rng.below_or_equal(moves.len() as u64 - 1) as usize]
            };
            pos.play_unchecked(pick);
        }
    }
    out
}

/// `check(mv)` accepts `mv` exactly when `listed` holds it, and a refusal
/// names the move and says why.
fn assert_check_agrees(pos: &Position, listed: &[Move], mv: Move) {
    let id = pos.rules().id;
    match pos.check(mv) {
        Ok(()) => assert!(listed.contains(&mv), "{id}: check accepts unlisted {mv}\n{pos}"),
        Err(e) => {
            assert!(!listed.contains(&mv), "{id}: check refuses listed {mv}: {e}\n{pos}");
            assert_eq!(e.mv, mv);
            assert!(!e.to_string().is_empty(), "{mv}: the refusal says why");
        }
    }
}

#[test]
fn listed_moves_are_exactly_the_legal_moves() {
    let candidates = candidates();
    let mut rng = SplitMix64::new(0x5eed_0001);
    let (mut legal_seen, mut positions) = (0usize, 0usize);
    for rules in presets::ALL {
        for pos in sample_positions(rules, &mut rng, 3, 15) {
            positions += 1;
            let listed = pos.legal_moves();
            for mv in &listed {
                assert!(candidates.contains(mv), "{}: listed move {mv} is outside the candidate set", rules.id);
            }
            for &mv in &candidates {
                let is_listed = listed.contains(&mv);
                let reference = reference_allows(&pos, mv);
                assert_eq!(
                    is_listed,
                    reference,
                    "{}: move {mv} is {} but the reference says {}\n{pos}",
                    rules.id,
                    if is_listed { "listed" } else { "not listed" },
                    if reference { "legal" } else { "illegal" }
                );
            }
            // `check` on every listed move and on a sample of the others
            // (every candidate is checked in the next test, on fewer positions).
            for &mv in &listed {
                assert_check_agrees(&pos, &listed, mv);
            }
            for _ in 0..50 {
                let mv = candidates[rng.below_or_equal(candidates.len() as u64 - 1) as usize];
                assert_check_agrees(&pos, &listed, mv);
            }
            legal_seen += listed.len();
        }
    }
    assert!(positions > 400, "{positions} positions");
    assert!(legal_seen > 1800, "{legal_seen} legal moves seen in {positions} positions");
}

#[test]
fn check_accepts_exactly_the_listed_moves_and_play_obeys_it() {
    let candidates = candidates();
    let mut rng = SplitMix64::new(0x5eed_0002);
    for rules in presets::ALL {
        // One position some way into a playout, per preset.
        let sampled = sample_positions(rules, &mut rng, 1, 30);
        for pos in &sampled[sampled.len().min(3) - 1..sampled.len().min(3)] {
            let listed = pos.legal_moves();
            for &mv in &candidates {
                assert_check_agrees(pos, &listed, mv);
            }
            for &mv in &listed {
                let mut after = pos.clone();
                after.play(mv).unwrap_or_else(|e| panic!("{}: listed {mv} refused: {e}\n{pos}", rules.id));
                let mut unchecked = pos.clone();
                unchecked.play_unchecked(mv);
                assert_eq!(after, unchecked);
                assert_ne!(&after, pos, "{}: {mv} changes the position", rules.id);
            }
            // An illegal move leaves the position as it was.
            let mut tried = pos.clone();
            for &mv in candidates.iter().filter(|m| !listed.contains(m)).take(200) {
                assert!(tried.play(mv).is_err());
            }
            assert_eq!(&tried, pos);
        }
    }
}

#[test]
fn the_reference_is_not_trivially_permissive() {
    // Sanity check of the reference itself on a deal whose moves were
    // checked by hand (harmony 1: only t3-t5 and s).
    let pos = Position::deal(presets::find("harmony").unwrap(), 1);
    let allowed: Vec<String> =
        candidates().into_iter().filter(|&m| reference_allows(&pos, m)).map(|m| m.to_string()).collect();
    assert_eq!(allowed, ["s", "t3-t5"]);
}

#[test]
fn the_waste_moves_are_the_listed_moves_from_the_waste_and_stock() {
    let mut rng = SplitMix64::new(0x5eed_0003);
    let mut with_waste_moves = 0;
    for rules in presets::ALL {
        for pos in sample_positions(rules, &mut rng, 3, 3) {
            let listed: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Draw | Move::Redeal | Move::Transfer { from: Pile::Waste, .. }))
                .collect();
            let mut waste = MoveList::new();
            pos.generate_waste_moves(&mut waste);
            assert_eq!(waste.as_slice(), listed.as_slice(), "{}\n{pos}", rules.id);
            with_waste_moves += usize::from(waste.iter().any(|m| matches!(m, Move::Transfer { .. })));
        }
    }
    assert!(with_waste_moves >= 180, "only {with_waste_moves} positions had a waste move");
}
