//! The duel rule book: which changes a duel's stored state allows. One pure
//! check for both stores, made inside the transaction of the write it
//! judges, on the state the store read there, so that no other write comes
//! between the check and the write. The stores only read that state and
//! write the rows; the services put a refusal into words.

use super::{DuelStatus, DuelWrite};
use crate::ids::{DuelId, PlayerId};

/// What a store reads for the rule book before a change: which duel, and
/// the seat of which player (joining from which address hash).
#[derive(Copy, Clone, Debug)]
pub struct Subject<'a> {
    pub duel_id: &'a DuelId,
    pub player: Option<PlayerId>,
    pub address: Option<&'a [u8; 32]>,
}

/// What the store must read before `write`; `None` for a new duel.
pub fn subject(write: &DuelWrite) -> Option<Subject<'_>> {
    let (duel_id, player, address) = match write {
        DuelWrite::Create(_) => return None,
        DuelWrite::Join { duel_id, seat, .. } => (duel_id, Some(seat.player), seat.address.as_ref()),
        DuelWrite::StartGame { duel_id, player, .. } => (duel_id, Some(*player), None),
        DuelWrite::Close { duel_id, .. } | DuelWrite::Rematch { duel_id, .. } => (duel_id, None, None),
    };
    Some(Subject { duel_id, player, address })
}

/// What the rule book reads of a duel before a change to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelState {
    pub status: DuelStatus,
    pub max_participants: usize,
    /// How many have joined.
    pub participants: usize,
    pub has_rematch: bool,
    /// The seat of the player the change is for (who joins, whose game
    /// starts), if they have one.
    pub seat: Option<SeatState>,
    /// Another participant sits in the duel from the joining player's
    /// address.
    pub address_taken: bool,
}

impl DuelState {
    /// The state of a duel's row, before the store reads the seat of the
    /// player a change is for.
    pub fn of_row(status: DuelStatus, max_participants: usize, participants: usize, has_rematch: bool) -> DuelState {
        DuelState { status, max_participants, participants, has_rematch, seat: None, address_taken: false }
    }
}

/// A participant's seat, as far as the rule book cares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    /// Their game of the duel has been started.
    pub has_game: bool,
}

/// Why the rule book refuses a change. Nothing is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DuelRefusal {
    NoSuchDuel,
    /// The duel is closed: no joins, games or second closing.
    Closed,
    Full {
        max_participants: usize,
    },
    /// Someone else sits in the duel from the joining player's address.
    AddressTaken,
    JoinedAlready,
    /// A game for a player who has no seat in the duel.
    NotAParticipant,
    /// The participant's game exists already.
    GameStarted,
    RematchExists,
}

/// Whether `write` may be made to the duel in `state` (`None`: there is no
/// such duel; a [`DuelWrite::Create`] reads none).
pub fn judge(write: &DuelWrite, state: Option<&DuelState>) -> Result<(), DuelRefusal> {
    let Some(duel) = state else {
        return match write {
            DuelWrite::Create(_) => Ok(()),
            _ => Err(DuelRefusal::NoSuchDuel),
        };
    };
    let open = duel.status == DuelStatus::Open;
    match write {
        // A taken id is the store's to find (a unique key), not a rule.
        DuelWrite::Create(_) => Ok(()),
        DuelWrite::Join { .. } => {
            if !open {
                Err(DuelRefusal::Closed)
            } else if duel.participants >= duel.max_participants {
                Err(DuelRefusal::Full { max_participants: duel.max_participants })
            } else if duel.address_taken {
                Err(DuelRefusal::AddressTaken)
            } else if duel.seat.is_some() {
                Err(DuelRefusal::JoinedAlready)
            } else {
                Ok(())
            }
        }
        DuelWrite::StartGame { .. } => match duel.seat {
            _ if !open => Err(DuelRefusal::Closed),
            None => Err(DuelRefusal::NotAParticipant),
            Some(SeatState { has_game: true }) => Err(DuelRefusal::GameStarted),
            Some(SeatState { has_game: false }) => Ok(()),
        },
        DuelWrite::Close { .. } if !open => Err(DuelRefusal::Closed),
        DuelWrite::Close { .. } => Ok(()),
        DuelWrite::Rematch { .. } if duel.has_rematch => Err(DuelRefusal::RematchExists),
        DuelWrite::Rematch { .. } => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{DuelId, GameId, PlayerId};
    use crate::store::duels::Seat;
    use crate::store::{NewGame, Summary};
    use patience_core::game::Outcome;

    fn open_duel() -> DuelState {
        DuelState {
            status: DuelStatus::Open,
            max_participants: 3,
            participants: 1,
            has_rematch: false,
            seat: None,
            address_taken: false,
        }
    }

    fn join() -> DuelWrite {
        let seat = Seat { player: PlayerId(2), name: "Bo".into(), address: None };
        DuelWrite::Join { duel_id: DuelId::random(), seat, joined_ms: 1 }
    }

    fn start_game() -> DuelWrite {
        let game = NewGame {
            id: GameId::random(),
            player: PlayerId(2),
            rules: patience_core::presets::find("harmony").unwrap(),
            deal: 1,
            created_ms: 1,
            dealt_as_winnable: false,
            imported: false,
        };
        let summary = Summary {
            action_count: 0,
            moves_made: 0,
            outcome: Outcome::Playing,
            score: 0,
            foundations: 0,
            helped: false,
            updated_ms: 1,
        };
        DuelWrite::StartGame { duel_id: DuelId::random(), player: PlayerId(2), game, summary }
    }

    fn close() -> DuelWrite {
        DuelWrite::Close { duel_id: DuelId::random(), closed_ms: 1, results: Vec::new(), rated: None }
    }

    #[test]
    fn a_player_joins_an_open_duel_with_a_free_seat() {
        assert_eq!(judge(&join(), Some(&open_duel())), Ok(()));
    }

    #[test]
    fn no_change_but_creation_is_made_to_a_duel_that_does_not_exist() {
        for write in [join(), start_game(), close()] {
            assert_eq!(judge(&write, None), Err(DuelRefusal::NoSuchDuel));
        }
    }

    #[test]
    fn a_closed_duel_takes_no_join_no_game_and_no_second_closing() {
        let closed = DuelState { status: DuelStatus::Closed, ..open_duel() };
        for write in [join(), start_game(), close()] {
            assert_eq!(judge(&write, Some(&closed)), Err(DuelRefusal::Closed));
        }
    }

    #[test]
    fn a_full_duel_takes_no_one_more() {
        let full = DuelState { participants: 3, ..open_duel() };
        assert_eq!(judge(&join(), Some(&full)), Err(DuelRefusal::Full { max_participants: 3 }));
    }

    #[test]
    fn one_seat_per_address() {
        let taken = DuelState { address_taken: true, ..open_duel() };
        assert_eq!(judge(&join(), Some(&taken)), Err(DuelRefusal::AddressTaken));
    }

    #[test]
    fn a_participant_joins_once() {
        let seated = DuelState { seat: Some(SeatState { has_game: false }), ..open_duel() };
        assert_eq!(judge(&join(), Some(&seated)), Err(DuelRefusal::JoinedAlready));
    }

    #[test]
    fn a_participant_starts_one_game_and_no_one_else_starts_any() {
        let seated = DuelState { seat: Some(SeatState { has_game: false }), ..open_duel() };
        assert_eq!(judge(&start_game(), Some(&seated)), Ok(()));
        let started = DuelState { seat: Some(SeatState { has_game: true }), ..open_duel() };
        assert_eq!(judge(&start_game(), Some(&started)), Err(DuelRefusal::GameStarted));
        assert_eq!(judge(&start_game(), Some(&open_duel())), Err(DuelRefusal::NotAParticipant));
    }

    #[test]
    fn a_duel_has_one_rematch() {
        let closed = DuelState { status: DuelStatus::Closed, ..open_duel() };
        let rematch = |id: &DuelId| DuelWrite::Rematch {
            duel_id: id.clone(),
            rematch: crate::store::duels::NewDuel {
                id: DuelId::random(),
                rules: patience_core::presets::find("harmony").unwrap(),
                created_ms: 1,
                closes_ms: None,
                max_participants: 2,
                commitment: String::new(),
                salt: String::new(),
                seed: String::new(),
                deal: 1,
                creator: PlayerId(1),
                quick: false,
                rated: false,
                address_key: String::new(),
                participants: Vec::new(),
            },
        };
        let id = DuelId::random();
        assert_eq!(judge(&rematch(&id), Some(&closed)), Ok(()));
        let rematched = DuelState { has_rematch: true, ..closed };
        assert_eq!(judge(&rematch(&id), Some(&rematched)), Err(DuelRefusal::RematchExists));
    }
}
