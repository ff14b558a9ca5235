//! Ratings: Glicko-2 (the `skillratings` crate's arithmetic) with lichess's
//! choices. A new player stands at 1500 with a deviation of 500; the
//! deviation grows with the time away (by the volatility, a rating period
//! every 1/0.21436 days), up to 500 again; a rating is provisional, shown as
//! `1500?`, while its deviation is above 110. A rated duel is one rating
//! period for all its participants: each pair of them gives a win, a loss
//! or a draw by their places in the final ranking.

use serde::Serialize;
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Where every player starts.
pub const START: Rating = Rating { rating: 1500.0, deviation: 500.0, volatility: 0.09 };
/// The largest deviation: a player long away is as unknown as a new one.
pub const MAX_DEVIATION: f64 = 500.0;
/// The smallest deviation: a rating never becomes certain.
pub const MIN_DEVIATION: f64 = 45.0;
/// A rating with a deviation above this is provisional.
pub const PROVISIONAL_ABOVE: f64 = 110.0;
/// How many rating periods a day away counts for.
pub const PERIODS_PER_DAY: f64 = 0.21436;
/// The system constant: how much the volatility may change in a period.
pub const TAU: f64 = 0.75;
/// Glicko-2's scale factor between its two scales.
const SCALE: f64 = 173.7178;

/// A player's rating in one game.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_ABOVE
    }

    /// The rating as a player reads it: `1500`, or `1500?` while provisional.
    pub fn shown(&self) -> String {
        let mark = if self.provisional() { "?" } else { "" };
        format!("{}{mark}", self.rating.round() as i64)
    }

    /// The rating last changed at `then_ms` as it stands at `now_ms`.
    pub fn at(&self, then_ms: i64, now_ms: i64) -> Rating {
        self.after_days_away((now_ms - then_ms) as f64 / 86_400_000.0)
    }

    /// The rating after `days` away: the same number, less certain.
    pub fn after_days_away(&self, days: f64) -> Rating {
        let periods = days * PERIODS_PER_DAY;
        if periods <= 0.0 {
            return *self;
        }
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating { deviation: grown.min(MAX_DEVIATION), ..*self }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }
}

/// A rated participant as a period sees them: their rating (already grown
/// by their time away) and their place in the final ranking, 1 first;
/// equal places are draws.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Entrant {
    pub rating: Rating,
    pub place: usize,
}

/// The new ratings after one rated duel, in the order of `entrants`: each
/// plays every other once, all in one rating period.
pub fn duel_period(entrants: &[Entrant]) -> Vec<Rating> {
    let config = Glicko2Config { tau: TAU, ..Glicko2Config::new() };
    entrants
        .iter()
        .enumerate()
        .map(|(i, me)| {
            let results: Vec<(Glicko2Rating, Outcomes)> = entrants
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, other)| {
                    let outcome = match me.place.cmp(&other.place) {
                        std::cmp::Ordering::Less => Outcomes::WIN,
                        std::cmp::Ordering::Greater => Outcomes::LOSS,
                        std::cmp::Ordering::Equal => Outcomes::DRAW,
                    };
                    (other.rating.glicko(), outcome)
                })
                .collect();
            let new = glicko2_rating_period(&me.rating.glicko(), &results, &config);
            Rating {
                rating: new.rating,
                deviation: new.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
                volatility: new.volatility,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_player_is_provisional_at_1500() {
        assert_eq!(START.shown(), "1500?");
        assert!(START.provisional());
        let settled = Rating { rating: 1712.4, deviation: 80.0, volatility: 0.06 };
        assert_eq!(settled.shown(), "1712");
    }

    #[test]
    fn time_away_makes_a_rating_less_certain_up_to_the_start() {
        let settled = Rating { rating: 1712.0, deviation: 60.0, volatility: 0.06 };
        let month = settled.after_days_away(30.0);
        assert_eq!(month.rating, 1712.0);
        assert!(month.deviation > 60.0 && month.deviation < 80.0, "{month:?}");
        assert_eq!(settled.after_days_away(1e9).deviation, MAX_DEVIATION);
        assert_eq!(settled.after_days_away(0.0), settled);
    }

    #[test]
    fn the_winner_gains_the_loser_loses_and_a_draw_between_equals_moves_nothing() {
        let one = Entrant { rating: START, place: 1 };
        let two = Entrant { rating: START, place: 2 };
        let after = duel_period(&[one, two]);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0, "{after:?}");
        assert!((after[0].rating - 1500.0 + after[1].rating - 1500.0).abs() < 1e-6, "symmetric");
        let drawn = duel_period(&[one, Entrant { place: 1, ..two }]);
        assert!((drawn[0].rating - 1500.0).abs() < 1e-6 && drawn[0].deviation < 500.0, "{drawn:?}");
    }
}
