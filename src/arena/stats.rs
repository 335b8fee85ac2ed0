//! Match statistics: score, Elo difference with a 95 % interval, a sequential probability ratio
//! test (SPRT) for comparing two builds, and response-time summaries.

use crate::arena::referee::{TimeLimits, Verdict};
use crate::arena::GameResult;
use crate::game::Player;

/// An SPRT of "B is `elo0` better than A" against "`elo1` better" (Elo from bot A's side), with
/// error rates `alpha` (false accept of elo1) and `beta` (false accept of elo0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// The log-likelihood ratio at which H0 (elo0) is accepted.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }
    /// The log-likelihood ratio at which H1 (elo1) is accepted.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    Continue,
    AcceptH0,
    AcceptH1,
}

/// Response times of one bot.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeSummary {
    pub mean_ms: f64,
    pub p99_ms: u64,
    pub max_ms: u64,
    /// Turns without an answer within the limit (each lost its game).
    pub over_limit: u32,
}

/// The running totals of a match, from bot A's side; index 0 is bot A, 1 bot B.
#[derive(Clone, Debug, Default)]
pub struct MatchStats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Sum of squared per-game points, for the variance.
    points_sq: f64,
    pub times_ms: [Vec<u64>; 2],
    pub timeouts: [u32; 2],
    /// Games lost to a timeout, an unreadable or illegal move, or a crash.
    pub faults: [u32; 2],
}

/// The expected score of a side `elo` points stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives expected score `s` (0 < s < 1).
fn elo_of(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

impl MatchStats {
    /// Adds one finished game.
    pub fn add(&mut self, g: &GameResult) {
        let points = g.a_points();
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p > 0.25 => self.draws += 1,
            _ => self.losses += 1,
        }
        self.points_sq += points * points;
        let (a, b) = if g.a_first { (0, 1) } else { (1, 0) };
        self.times_ms[0].extend(&g.refereed.times_ms[a]);
        self.times_ms[1].extend(&g.refereed.times_ms[b]);
        let fault_by = match &g.refereed.verdict {
            Verdict::Finished(_) => None,
            Verdict::Timeout(p, _) => {
                self.timeouts[bot_of(*p, g.a_first)] += 1;
                Some(*p)
            }
            Verdict::Unparsable(p, _) | Verdict::Illegal(p, _) | Verdict::Crash(p, _) => Some(*p),
        };
        if let Some(p) = fault_by {
            self.faults[bot_of(p, g.a_first)] += 1;
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Bot A's mean points per game (0..1).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.points_sq / n - self.score().powi(2)).max(1e-6)
    }

    /// Bot A's Elo advantage and its 95 % interval (normal approximation of the mean score;
    /// a score of 0 or 1 is clamped half a game inside, so the figures stay finite).
    pub fn elo_interval(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let clamp = |s: f64| s.clamp(0.5 / n, 1.0 - 0.5 / n);
        let s = self.score();
        let margin = 1.96 * (self.variance() / n).sqrt();
        (
            elo_of(clamp(s)),
            elo_of(clamp(s - margin)),
            elo_of(clamp(s + margin)),
        )
    }

    /// The log-likelihood ratio of H1 against H0 (normal approximation).
    pub fn llr(&self, t: &Sprt) -> f64 {
        let n = self.games() as f64;
        let (s0, s1) = (expected_score(t.elo0), expected_score(t.elo1));
        n * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * self.variance())
    }

    /// The SPRT's state after the games so far.
    pub fn sprt(&self, t: &Sprt) -> SprtState {
        let llr = self.llr(t);
        if llr >= t.upper() {
            SprtState::AcceptH1
        } else if llr <= t.lower() {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }

    /// Response-time summary of bot `i` (0 = A, 1 = B).
    pub fn time_summary(&self, i: usize, _limits: TimeLimits) -> TimeSummary {
        let mut t = self.times_ms[i].clone();
        if t.is_empty() {
            return TimeSummary {
                over_limit: self.timeouts[i],
                ..TimeSummary::default()
            };
        }
        t.sort_unstable();
        let p99 = t[((t.len() as f64 * 0.99).ceil() as usize).clamp(1, t.len()) - 1];
        TimeSummary {
            mean_ms: t.iter().sum::<u64>() as f64 / t.len() as f64,
            p99_ms: p99,
            max_ms: *t.last().expect("not empty"),
            over_limit: self.timeouts[i],
        }
    }
}

/// Which bot (0 = A, 1 = B) played `p`.
fn bot_of(p: Player, a_first: bool) -> usize {
    ((p == Player::First) != a_first) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero_elo_and_75_percent_is_about_191() {
        assert!(elo_of(0.5).abs() < 1e-9);
        assert!((elo_of(0.75) - 190.85).abs() < 0.1);
        assert!((expected_score(elo_of(0.6)) - 0.6).abs() < 1e-9);
    }

    #[test]
    fn sprt_bounds_follow_the_error_rates() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert!((t.upper() - 2.944).abs() < 0.01);
        assert!((t.lower() + 2.944).abs() < 0.01);
    }
}
