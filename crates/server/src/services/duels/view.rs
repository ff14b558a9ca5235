//! A duel as a player is shown it: standings in numbers only, and no deal,
//! seed or card until the duel closes.

use patience_words::Lang;
use serde::Serialize;

use super::{fairness, is_scored, Progress};
use crate::ids::{DuelId, GameId, PlayerId};
use crate::ratings;
use crate::services::rules_name;
use crate::store::duels::ParticipantOutcome;
use crate::store::{Duel, DuelStatus};

/// A participant in the standings.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct Standing {
    /// The name they joined under.
    pub name: String,
    /// Their account's name, for a link to their profile.
    pub account: Option<String>,
    /// Their rating in the duel's game as a player reads it (`1500?` while
    /// provisional), in a rated duel.
    pub rating: Option<String>,
    /// What the duel did to their rating (rounded), once a rated duel closed.
    pub rating_change: Option<i64>,
    pub joined_ms: i64,
    pub started: bool,
    pub finished: bool,
    pub outcome: ParticipantOutcome,
    /// Whether their game is closed for good: won, given up or out of time.
    pub over: bool,
    pub score: i64,
    pub foundations: usize,
    pub finished_ms: Option<i64>,
    /// 1 for the winner, once the duel is closed.
    pub rank: Option<usize>,
    pub you: bool,
    /// Their game's replay, once the duel is closed (for anyone) or their
    /// own game is over (for them).
    pub replay: Option<String>,
}

/// Seed and salt, once the duel is closed, with the server's own
/// verification of them.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct Reveal {
    pub seed: String,
    pub salt: String,
    pub deal: u64,
    #[serde(flatten)]
    pub verification: fairness::Verification,
}

/// The requester in the duel.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct Me {
    pub index: usize,
    pub name: String,
    /// Their game, once opened.
    pub game_id: Option<GameId>,
}

/// A duel as the API shows it.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct DuelView {
    pub id: DuelId,
    pub link: String,
    /// The rules' id, and their name in the reader's language.
    pub rules: &'static str,
    pub name: String,
    /// Ranked by score (Harmony) rather than cards on the foundations.
    pub scored: bool,
    /// The clock's length in seconds, for timed games (Harmony); none in
    /// the others, whose games are not timed.
    pub clock_secs: Option<u32>,
    /// Between accounts, changing their ratings when it closes.
    pub rated: bool,
    pub created_ms: i64,
    pub closes_ms: Option<i64>,
    pub max_participants: usize,
    pub status: DuelStatus,
    pub closed_ms: Option<i64>,
    pub commitment: String,
    pub participants: Vec<Standing>,
    /// Participant indices, winner first (once closed).
    pub ranking: Option<Vec<usize>>,
    pub me: Option<Me>,
    /// Whether the requester created the duel (and may close it early).
    pub you_created: bool,
    pub reveal: Option<Reveal>,
    pub rematch_id: Option<DuelId>,
}

/// The duel a game belongs to, as its game page shows it.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct GameDuel {
    pub id: DuelId,
    pub link: String,
    /// The rules' id, and their name in the reader's language.
    pub rules: &'static str,
    pub name: String,
    pub status: DuelStatus,
}

impl GameDuel {
    pub fn of(duel: &Duel, lang: Lang) -> GameDuel {
        GameDuel {
            id: duel.id.clone(),
            link: format!("/duel/{}", duel.id),
            rules: duel.rules.id,
            name: rules_name(duel.rules, lang),
            status: duel.status,
        }
    }
}

/// The order of the final ranking: indices into the participants.
/// Scored games (Harmony): higher score first, then the earlier finish;
/// others: more cards on the foundations first, then the earlier finish.
/// Unfinished games come after finished ones of the same score; then the
/// order of joining.
pub fn ranking(scored: bool, progress: &[Progress]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..progress.len()).collect();
    order.sort_by_key(|&i| {
        let r = &progress[i].result;
        let first = if scored { -r.score } else { -(r.foundations as i64) };
        (first, r.finished_ms.unwrap_or(i64::MAX), i)
    });
    order
}

/// Each participant's place in the final ranking, 1 first, in the order
/// of `progress`: equal results share a place (a draw between them). Equal
/// means the same score in scored games, and elsewhere the same cards on
/// the foundations finished at the same time.
pub fn places(scored: bool, progress: &[Progress]) -> Vec<usize> {
    let key = |i: usize| {
        let r = &progress[i].result;
        (if scored { r.score } else { r.foundations as i64 }, if scored { None } else { r.finished_ms })
    };
    let order = ranking(scored, progress);
    let mut places = vec![0; progress.len()];
    for (at, &i) in order.iter().enumerate() {
        places[i] = match at {
            0 => 1,
            _ if key(order[at - 1]) == key(i) => places[order[at - 1]],
            _ => at + 1,
        };
    }
    places
}

/// The duel as `me` sees it, in `lang`.
pub fn of(duel: &Duel, progress: &[Progress], me: Option<PlayerId>, lang: Lang) -> DuelView {
    let you_created = me == Some(duel.creator);
    let scored = is_scored(duel.rules);
    let ranking = duel.is_closed().then(|| ranking(scored, progress));
    let participants = duel
        .participants
        .iter()
        .zip(progress)
        .enumerate()
        .map(|(i, (p, g))| Standing {
            name: p.name.clone(),
            account: p.account.clone(),
            rating: duel.rated.then(|| p.rating.unwrap_or(ratings::START).shown()),
            rating_change: p.rating_change.map(|c| (c.after.round() - c.before.round()) as i64),
            joined_ms: p.joined_ms,
            started: g.started,
            finished: g.result.finished_ms.is_some(),
            outcome: g.result.outcome,
            over: g.result.outcome.is_final(),
            score: g.result.score,
            foundations: g.result.foundations,
            finished_ms: g.result.finished_ms,
            rank: ranking.as_ref().and_then(|r| r.iter().position(|&j| j == i)).map(|r| r + 1),
            you: Some(p.player) == me,
            replay: p
                .game_id
                .as_ref()
                .filter(|_| duel.is_closed() || (Some(p.player) == me && g.result.finished_ms.is_some()))
                .map(|id| format!("/replay/{id}")),
        })
        .collect();
    let me = me.and_then(|me| {
        let index = duel.participants.iter().position(|p| p.player == me)?;
        let p = &duel.participants[index];
        Some(Me { index, name: p.name.clone(), game_id: p.game_id.clone() })
    });
    let reveal = duel.is_closed().then(|| Reveal {
        seed: duel.seed.clone(),
        salt: duel.salt.clone(),
        deal: duel.deal,
        verification: fairness::verify(&duel.seed, &duel.salt, &duel.commitment, duel.deal),
    });
    DuelView {
        id: duel.id.clone(),
        link: format!("/duel/{}", duel.id),
        rules: duel.rules.id,
        name: rules_name(duel.rules, lang),
        scored,
        clock_secs: duel.rules.clock_secs,
        rated: duel.rated,
        created_ms: duel.created_ms,
        closes_ms: duel.closes_ms,
        max_participants: duel.max_participants,
        status: duel.status,
        closed_ms: duel.closed_ms,
        commitment: duel.commitment.clone(),
        participants,
        ranking,
        me,
        you_created,
        reveal,
        rematch_id: duel.rematch_id.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::duels::ParticipantResult;

    fn progress(score: i64, foundations: usize, finished_ms: Option<i64>) -> Progress {
        let outcome = ParticipantOutcome::NotStarted;
        Progress {
            started: true,
            result: ParticipantResult { score, foundations, outcome, finished_ms },
            clock_ends_ms: None,
        }
    }

    #[test]
    fn equal_results_share_a_place_and_draw() {
        // Harmony: the score alone; equal scores draw, whenever they finished.
        let scored = [progress(900, 0, Some(5)), progress(1200, 0, Some(9)), progress(900, 0, Some(2))];
        assert_eq!(places(true, &scored), [2, 1, 2]);
        // Elsewhere: the cards, then the finishing time.
        let cards =
            [progress(0, 30, Some(5)), progress(0, 30, Some(5)), progress(0, 30, Some(4)), progress(0, 12, None)];
        assert_eq!(places(false, &cards), [2, 2, 1, 4]);
    }
}
