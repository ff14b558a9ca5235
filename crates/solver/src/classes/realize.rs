//! A line of class steps turned into the engine's moves: each step played
//! on a real position, a member of its class, then the forced moves, and
//! the class of the result checked against the search's.

use patience_core::{Move, Pile, Position};

use super::state::{bit_of, card_of, kids, Layout, State, Step};

/// The engine's moves that play `steps` from `root` (the forced moves
/// before the first and after each included); `None` if a step has no
/// counterpart (a bug of the class search, which its caller reports).
pub(super) fn line(root: &Position, layout: &Layout, steps: &[Step]) -> Option<Vec<Move>> {
    let mut pos = root.clone();
    let mut moves = Vec::new();
    let mut class = State::of(root, layout);
    class.settle(layout);
    settle(&mut pos, layout, &mut moves)?;
    if State::of(&pos, layout) != class {
        return None;
    }
    for &step in steps {
        class.apply(layout, step);
        class.settle(layout);
        play_step(&mut pos, step, &mut moves)?;
        settle(&mut pos, layout, &mut moves)?;
        if State::of(&pos, layout) != class {
            return None;
        }
    }
    Some(moves)
}

/// Plays the forced moves of `pos`'s class, one at a time (the engine may
/// send more cards up by itself on the way; the end is the same, since a
/// dominant card stays dominant and available as more cards go up).
fn settle(pos: &mut Position, layout: &Layout, moves: &mut Vec<Move>) -> Option<()> {
    while let Some(step) = State::of(pos, layout).forced(layout) {
        play_step(pos, step, moves)?;
    }
    Some(())
}

fn play(pos: &mut Position, mv: Move, moves: &mut Vec<Move>) -> Option<()> {
    pos.play(mv).ok()?;
    moves.push(mv);
    Some(())
}

/// Draws (and redeals) until `card` shows on the waste: `Some(true)`, or
/// `Some(false)` if it went up by itself when drawn (as Aces do in Harmony).
fn draw_to(pos: &mut Position, card: patience_core::Card, moves: &mut Vec<Move>) -> Option<bool> {
    let talon = pos.stock().len() + pos.waste().len();
    for _ in 0..=2 * talon + 1 {
        if pos.waste().last() == Some(&card) {
            return Some(true);
        }
        if !pos.stock().contains(&card) && !pos.waste().contains(&card) {
            return Some(false);
        }
        let mv = if pos.stock().is_empty() { Move::Redeal } else { Move::Draw };
        play(pos, mv, moves)?;
    }
    None
}

/// A column other than `except` where `card` may be put: on a top card it
/// fits, or empty for a King.
fn place_for(pos: &Position, card: patience_core::Card, except: Option<usize>) -> Option<u8> {
    let rules = pos.rules();
    let columns = (0..pos.column_count()).filter(|&c| Some(c) != except);
    let onto = columns.clone().find(|&c| pos.column(c).last().is_some_and(|&top| rules.builds_on(card, top)));
    let space = || columns.clone().find(|&c| pos.column(c).is_empty() && card.rank() == rules.king());
    onto.or_else(space).map(|c| c as u8)
}

/// Plays the engine's moves of `step`.
fn play_step(pos: &mut Position, step: Step, moves: &mut Vec<Move>) -> Option<()> {
    match step {
        Step::UpFromTableau(b) => {
            let card = card_of(b);
            let (c, i) =
                (0..pos.column_count()).find_map(|c| pos.face_up(c).iter().position(|&x| x == card).map(|i| (c, i)))?;
            let above = pos.face_up(c).len() - 1 - i;
            if above > 0 {
                // One card fits on it, and lies on it here: it moves with
                // what lies on it to the twin, which nothing covers.
                let twin = card_of(b ^ 1);
                debug_assert!(kids(b) & (1 << bit_of(pos.face_up(c)[i + 1])) != 0);
                let d = (0..pos.column_count()).find(|&d| pos.column(d).last() == Some(&twin))?;
                play(pos, Move::transfer(Pile::Tableau(c as u8), Pile::Tableau(d as u8), above as u8), moves)?;
            }
            play(pos, Move::to_foundation(Pile::Tableau(c as u8)), moves)
        }
        Step::UpFromTalon(b) => match draw_to(pos, card_of(b), moves)? {
            true => play(pos, Move::to_foundation(Pile::Waste), moves),
            false => Some(()),
        },
        Step::TalonToTableau(b) => {
            let card = card_of(b);
            draw_to(pos, card, moves)?.then_some(())?;
            let d = place_for(pos, card, None)?;
            play(pos, Move::transfer(Pile::Waste, Pile::Tableau(d), 1), moves)
        }
        Step::DownToTableau(b) => {
            let card = card_of(b);
            let d = place_for(pos, card, None)?;
            let slot = card.suit().index();
            play(pos, Move::transfer(Pile::Foundation(slot), Pile::Tableau(d), 1), moves)
        }
        Step::MoveBase(c) => {
            let run = pos.face_up(c as usize);
            let (base, count) = (*run.first()?, run.len() as u8);
            let d = place_for(pos, base, Some(c as usize))?;
            play(pos, Move::transfer(Pile::Tableau(c), Pile::Tableau(d), count), moves)
        }
    }
}
