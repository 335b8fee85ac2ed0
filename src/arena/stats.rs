//! Match statistics: score, Elo difference with a 95 % interval, a sequential probability ratio
//! test (SPRT) for comparing two builds, fault counts and response-time summaries.

use std::collections::HashSet;

use crate::arena::referee::Verdict;
use crate::arena::GameResult;
use crate::game::Player;

/// An SPRT on bot A's score: H0 "A is `elo0` Elo stronger than B" against H1 "A is `elo1`
/// stronger" (`elo0 < elo1`; negative values: weaker), with error rates `alpha` (accepting H1
/// when H0 holds) and `beta` (accepting H0 when H1 holds). To test a new build, make it bot A.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Bot A's Elo advantage under H0.
    pub elo0: f64,
    /// Bot A's Elo advantage under H1.
    pub elo1: f64,
    /// The probability of accepting H1 when H0 holds (0..1).
    pub alpha: f64,
    /// The probability of accepting H0 when H1 holds (0..1).
    pub beta: f64,
}

impl Sprt {
    /// The log-likelihood ratio at which H0 (elo0) is accepted: ln(beta / (1 - alpha)).
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }
    /// The log-likelihood ratio at which H1 (elo1) is accepted: ln((1 - beta) / alpha).
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

/// The SPRT decides nothing before this many games: the normal approximation behind
/// [`MatchStats::llr`] needs a sample, and a short run of equal results says little about the
/// variance.
pub const SPRT_MIN_GAMES: u32 = 20;

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// Neither bound reached (or fewer than [`SPRT_MIN_GAMES`] games): play on.
    Continue,
    /// The LLR fell to [`Sprt::lower`]: bot A is not `elo1` stronger (H0 accepted).
    AcceptH0,
    /// The LLR rose to [`Sprt::upper`]: bot A is at least about `elo1` stronger (H1 accepted).
    AcceptH1,
}

impl SprtState {
    /// The state in words: `undecided`, `H0 accepted` or `H1 accepted`.
    pub fn name(self) -> &'static str {
        match self {
            SprtState::Continue => "undecided",
            SprtState::AcceptH0 => "H0 accepted",
            SprtState::AcceptH1 => "H1 accepted",
        }
    }
}

/// Response times of one bot over a match, in ms with sub-millisecond precision. A timed-out
/// turn counts as the time waited (its limit, a lower bound of the real time) in the mean, the
/// p99 and the maximum; a crash counts nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeSummary {
    /// The mean response time, ms.
    pub mean_ms: f64,
    /// The 99th percentile (nearest rank), ms.
    pub p99_ms: f64,
    /// The longest response, ms.
    pub max_ms: f64,
    /// Turns without an answer within the limit (each lost its game).
    pub over_limit: u32,
}

/// Games one bot lost by its own fault, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    /// No answer within the time limit.
    pub timeout: u32,
    /// A line that is not an action (including one over the length limit).
    pub unreadable: u32,
    /// A readable move the rules do not allow.
    pub illegal: u32,
    /// The process ended, closed its output or could not start.
    pub crash: u32,
    /// Games lost to the bot's fault in another game of the same match (Amazons); not counted
    /// in [`Faults::total`].
    pub forfeit: u32,
}

impl Faults {
    /// Games lost by a fault in the game itself (forfeits not counted).
    pub fn total(&self) -> u32 {
        self.timeout + self.unreadable + self.illegal + self.crash
    }
}

/// The running totals of a match, from bot A's side; arrays are indexed 0 = bot A, 1 = bot B.
#[derive(Clone, Debug, Default)]
pub struct MatchStats {
    /// Games bot A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games bot A lost.
    pub losses: u32,
    /// Every response time of each bot, ms (see [`TimeSummary`] for what counts).
    pub times_ms: [Vec<f64>; 2],
    /// Each bot's faults by kind.
    pub faults: [Faults; 2],
    /// Every game's setup and moves so far, once each: see [`MatchStats::distinct_games`].
    pub sequences: HashSet<(String, Vec<String>)>,
    /// The SPRT's decision that stopped the match, when one did: games under way then still
    /// count in the totals above, so the final LLR may fall back inside the bounds.
    pub decision: Option<SprtDecision>,
}

/// An SPRT bound reached during a match ([`MatchStats::decision`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtDecision {
    /// [`SprtState::AcceptH0`] or [`SprtState::AcceptH1`].
    pub state: SprtState,
    /// Games played when the bound was reached.
    pub games: u32,
    /// The log-likelihood ratio then.
    pub llr: f64,
}

/// The expected score of a side `elo` points stronger (the logistic Elo model).
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives expected score `s`: `-inf` at 0, `+inf` at 1.
fn elo_of(s: f64) -> f64 {
    // `+ 0.0` turns -0 into 0, so an even score prints as `+0`.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// The 95 % Wilson score interval of a proportion `p` observed over `n` trials (E. B. Wilson,
/// 1927): `(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)` with z = 1.96. Unlike the normal
/// approximation it has width at p = 0 and p = 1.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.959_963_985;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // The exact bounds at p = 0 and p = 1 are 0 and 1; rounding would otherwise leave them a hair
    // inside, which maps to a huge finite Elo.
    let lo = if p <= 0.0 { 0.0 } else { centre - half };
    let hi = if p >= 1.0 { 1.0 } else { centre + half };
    (lo.max(0.0), hi.min(1.0))
}

impl MatchStats {
    /// Adds one finished game.
    pub fn add(&mut self, g: &GameResult) {
        self.count(
            g.a_points(),
            g.refereed.setup.clone(),
            g.refereed.moves.clone(),
        );
        let (a, b) = if g.a_first { (0, 1) } else { (1, 0) };
        self.times_ms[0].extend(&g.refereed.times_ms[a]);
        self.times_ms[1].extend(&g.refereed.times_ms[b]);
        if let Some(p) = g.refereed.verdict.at_fault() {
            let faults = &mut self.faults[bot_of(p, g.a_first)];
            match g.refereed.verdict {
                Verdict::Timeout(..) => faults.timeout += 1,
                Verdict::Unparsable(..) => faults.unreadable += 1,
                Verdict::Illegal(..) => faults.illegal += 1,
                Verdict::Crash(..) => faults.crash += 1,
                Verdict::Forfeit(..) => faults.forfeit += 1,
                Verdict::Finished(_) => unreachable!("a finished game has no fault"),
            }
        }
    }

    /// Counts a game's result, bot A's `a_points` (1, 0.5 or 0), and the game itself, its
    /// `setup` and `moves`, for [`MatchStats::distinct_games`]; no times or faults (what
    /// [`MatchStats::add`] adds for a refereed game, and [`crate::arena::records`] for a
    /// recorded one).
    pub fn count(&mut self, a_points: f64, setup: String, moves: Vec<String>) {
        match a_points {
            p if p > 0.75 => self.wins += 1,
            p if p > 0.25 => self.draws += 1,
            _ => self.losses += 1,
        }
        self.sequences.insert((setup, moves));
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Games that differ from every other in their setup or moves (opening included): what a
    /// match of `games()` games really sampled. Deterministic bots replay the same game from the
    /// same opening, so with fewer distinct openings than pairs of games this is smaller.
    pub fn distinct_games(&self) -> usize {
        self.sequences.len()
    }

    /// Bot A's mean points per game (0..1; 0.5 before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => (self.wins as f64 + 0.5 * self.draws as f64) / n as f64,
        }
    }

    /// Bot A's Elo advantage and its 95 % interval, `(elo, low, high)`: the logistic Elo of the
    /// score and of the bounds of the score's Wilson interval (draws count half a win, so with
    /// draws the interval is a little wider than it needs to be). A score of 100 % gives
    /// `+inf` and a finite lower bound; 0 % gives `-inf` and a finite upper bound. `None`
    /// before any game.
    pub fn elo_interval(&self) -> Option<(f64, f64, f64)> {
        let n = self.games();
        if n == 0 {
            return None;
        }
        let s = self.score();
        let (lo, hi) = wilson(s, n as f64);
        Some((elo_of(s), elo_of(lo), elo_of(hi)))
    }

    /// The log-likelihood ratio of H1 against H0 after the games so far: the generalised SPRT
    /// with the normal approximation on the trinomial win/draw/loss counts, as fishtest's
    /// `LLR_logistic` computes it. With `N` games of mean score `m` and per-game variance `v`,
    /// and `s0`, `s1` the expected scores of `elo0`, `elo1`:
    ///
    /// `LLR = N · (s1 − s0) · (2m − s0 − s1) / (2v)`
    ///
    /// (the log ratio of two normal likelihoods of mean `s1` and `s0`, variance `v / N`). The
    /// counts are regularised by a prior of half a win and half a loss, so `v` is never 0: a
    /// run of equal results moves the LLR by a bounded step per game instead of dividing by
    /// zero.
    pub fn llr(&self, t: &Sprt) -> f64 {
        let w = self.wins as f64 + 0.5;
        let d = self.draws as f64;
        let l = self.losses as f64 + 0.5;
        let n = w + d + l;
        let mean = (w + 0.5 * d) / n;
        let variance = (w + 0.25 * d) / n - mean * mean;
        let (s0, s1) = (expected_score(t.elo0), expected_score(t.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The SPRT's state after the games so far (never decided before [`SPRT_MIN_GAMES`]).
    pub fn sprt(&self, t: &Sprt) -> SprtState {
        if self.games() < SPRT_MIN_GAMES {
            return SprtState::Continue;
        }
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
    pub fn time_summary(&self, i: usize) -> TimeSummary {
        let mut t = self.times_ms[i].clone();
        let over_limit = self.faults[i].timeout;
        if t.is_empty() {
            return TimeSummary {
                over_limit,
                ..TimeSummary::default()
            };
        }
        t.sort_unstable_by(f64::total_cmp);
        let rank = ((t.len() as f64 * 0.99).ceil() as usize).clamp(1, t.len());
        TimeSummary {
            mean_ms: t.iter().sum::<f64>() / t.len() as f64,
            p99_ms: t[rank - 1],
            max_ms: t[t.len() - 1],
            over_limit,
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

    fn stats(wins: u32, draws: u32, losses: u32) -> MatchStats {
        MatchStats {
            wins,
            draws,
            losses,
            ..MatchStats::default()
        }
    }

    const ZERO_TEN: Sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn an_even_score_is_zero_elo_and_75_percent_is_about_191() {
        assert_eq!(elo_of(0.5), 0.0);
        assert_eq!(format!("{:+.0}", elo_of(0.5)), "+0");
        assert!((elo_of(0.75) - 190.85).abs() < 0.1);
        assert!((expected_score(elo_of(0.6)) - 0.6).abs() < 1e-9);
    }

    #[test]
    fn sprt_bounds_follow_the_error_rates() {
        assert!((ZERO_TEN.upper() - 2.944).abs() < 0.01);
        assert!((ZERO_TEN.lower() + 2.944).abs() < 0.01);
    }

    #[test]
    fn the_llr_matches_a_hand_computation() {
        // +60 =20 -20 with the prior: w 60.5, d 20, l 20.5, n 101; mean 70.5/101 = 0.698020,
        // E[x²] = 65.5/101 = 0.648515, variance 0.161283; s0 = 0.5, s1 = 1/(1+10^(-10/400))
        // = 0.514387; LLR = 101 · 0.014387 · (1.396040 − 1.014387) / 0.322566 = 1.7193.
        assert!((stats(60, 20, 20).llr(&ZERO_TEN) - 1.7193).abs() < 1e-3);
        // An even score sits between the hypotheses' scores, nearer H0: 101 · 0.014387 ·
        // (1 − 1.014387) / (2 · 0.150990) = −0.0692.
        assert!((stats(30, 40, 30).llr(&ZERO_TEN) + 0.0692).abs() < 1e-3);
        // One win: w 1.5, l 0.5, mean 0.75, variance 0.1875: 2 · 0.014387 · 0.485613 / 0.375.
        assert!((stats(1, 0, 0).llr(&ZERO_TEN) - 0.03726).abs() < 1e-4);
    }

    #[test]
    fn equal_results_do_not_decide_the_sprt_at_once() {
        for n in 1..SPRT_MIN_GAMES {
            assert_eq!(stats(n, 0, 0).sprt(&ZERO_TEN), SprtState::Continue, "{n}");
            assert_eq!(stats(0, n, 0).sprt(&ZERO_TEN), SprtState::Continue, "{n}");
            assert!(stats(n, 0, 0).llr(&ZERO_TEN).is_finite());
        }
        // Without the minimum, all wins would cross the upper bound at 14 games.
        assert!(stats(13, 0, 0).llr(&ZERO_TEN) < ZERO_TEN.upper());
        assert!(stats(14, 0, 0).llr(&ZERO_TEN) > ZERO_TEN.upper());
        assert_eq!(stats(20, 0, 0).sprt(&ZERO_TEN), SprtState::AcceptH1);
        assert_eq!(stats(0, 0, 20).sprt(&ZERO_TEN), SprtState::AcceptH0);
    }

    #[test]
    fn an_even_match_accepts_h0_in_the_long_run() {
        assert_eq!(stats(300, 400, 300).sprt(&ZERO_TEN), SprtState::Continue);
        assert_eq!(stats(3000, 4000, 3000).sprt(&ZERO_TEN), SprtState::AcceptH0);
    }

    #[test]
    fn the_elo_interval_is_wilsons_interval_mapped_to_elo() {
        // 100 wins of 100: Wilson lower bound 0.963005 → 400 · log10(0.963005 / 0.036995)
        // = +566.2; the estimate and the upper bound are infinite.
        let (elo, lo, hi) = stats(100, 0, 0).elo_interval().expect("games played");
        assert_eq!((elo, hi), (f64::INFINITY, f64::INFINITY));
        assert!((lo - 566.2).abs() < 0.1, "{lo}");
        let (elo, lo, hi) = stats(0, 0, 100).elo_interval().expect("games played");
        assert_eq!((elo, lo), (f64::NEG_INFINITY, f64::NEG_INFINITY));
        assert!((hi + 566.2).abs() < 0.1, "{hi}");
        // 169 of 200 (84.5 %): Wilson 0.788392 .. 0.888604, Elo +294.6 (+228.5 .. +360.7).
        let (elo, lo, hi) = stats(169, 0, 31).elo_interval().expect("games played");
        assert!((elo - 294.6).abs() < 0.1 && (lo - 228.5).abs() < 0.1 && (hi - 360.7).abs() < 0.1);
        // One draw: an even estimate with an interval of ±495 Elo, not zero width.
        let (elo, lo, hi) = stats(0, 1, 0).elo_interval().expect("games played");
        assert_eq!(elo, 0.0);
        assert!((hi - 495.3).abs() < 0.1 && (lo + 495.3).abs() < 0.1);
        assert_eq!(stats(0, 0, 0).elo_interval(), None);
    }
}
