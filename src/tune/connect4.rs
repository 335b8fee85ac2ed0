//! Data for fitting Connect 4's evaluation (`boardlab tune connect4`): positions of the middle
//! game from varied self-play games (seeded random openings, then the engine at a small fixed
//! node count for both sides), each labelled with its exact result for the side to move by the
//! exact solver ([`Solver::wdl`], capped per position; positions it cannot settle in time are
//! dropped). Unlike Ataxx's game-result labels, these are the truth of each position, so a few
//! thousand positions fit a handful of weights.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::game::{score, Evaluate, Game};
use crate::games::connect4::features::TEMPO;
pub use crate::games::connect4::features::{FEATURES, FEATURE_NAMES};
use crate::games::connect4::solver::{SolveError, Solver, Wdl};
use crate::games::connect4::Connect4Cg;
use crate::play::random_line;
use crate::rng::{splitmix, Rng};
use crate::search::{Limits, Searcher};

/// The hand-made weights the fit starts from and is pulled toward: the evaluation before the fit
/// (40 a threat on its owner's row parity, 16 on the other, 3 a centre step, 4 tempo). Fixed here
/// so that a refit reproduces the shipped weights instead of drifting from the last fit.
pub const HAND_WEIGHTS: [i32; FEATURES] = [40, 16, -16, -40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 4];

/// How the games are played and labelled.
#[derive(Clone, Debug)]
pub struct LabelConfig {
    /// Games to play.
    pub games: usize,
    /// The first game's number: games `first_game..first_game + games` are played. A game's
    /// opening depends only on the seed and its number, so runs over consecutive ranges join
    /// (`cat`) into the data of one longer run.
    pub first_game: usize,
    /// The engine's node budget per move.
    pub nodes: u64,
    /// Random opening plies (the steal among them), drawn per game in this range (inclusive).
    pub opening_plies: (u32, u32),
    /// Positions with a chip count in this range (inclusive) are labelled.
    pub chips: (u32, u32),
    /// The solver's time per position, ms. Each game's positions are solved from the last (the
    /// fullest, quickest) back, and a game's first timeout ends its labelling: fewer chips take
    /// longer still.
    pub solve_ms: u64,
    /// The solver's node budget per position instead of `solve_ms`, when given: which positions
    /// get labelled then does not depend on the machine's speed or load.
    pub solve_nodes: Option<u64>,
    /// Threads playing and labelling games at once, each with its own engine and solver.
    pub threads: usize,
    /// Seed of the openings.
    pub seed: u64,
    /// Each thread's solver table, MiB.
    pub solver_mib: usize,
}

/// A labelled position.
pub type Sample = super::samples::Sample<Connect4Cg>;

/// Progress of [`label_games`], reported after each game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Games finished.
    pub games: usize,
    /// Positions labelled so far.
    pub labelled: usize,
    /// Positions the solver did not settle within its budget (one per game at most: the first
    /// timeout ends the game's labelling).
    pub unsettled: usize,
}

/// Plays and labels `config.games` games, calling `on_game` after each one (from any thread).
/// Returns the labelled positions, ordered by game. Positions where the evaluation already
/// reports a proven result (an immediate win, a double threat) and the open steal are skipped:
/// the fitted heuristic never scores them.
pub fn label_games(config: &LabelConfig, on_game: &(dyn Fn(Progress) + Sync)) -> Vec<Sample> {
    let next = AtomicUsize::new(0);
    let progress = Mutex::new(Progress::default());
    let samples = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::<Connect4Cg>::new(16);
                let mut solver = Solver::<9, 7>::new(config.solver_mib);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    let game = config.first_game + index;
                    searcher.clear();
                    let candidates = play_game(&mut searcher, game, config);
                    let (labelled, unsettled) = label(&mut solver, game, candidates, config);
                    let report = {
                        let mut p = progress.lock().expect("no thread panics");
                        p.games += 1;
                        p.labelled += labelled.len();
                        p.unsettled += unsettled as usize;
                        *p
                    };
                    samples.lock().expect("no thread panics").extend(labelled);
                    on_game(report);
                }
            });
        }
    });
    let mut samples = samples.into_inner().expect("no thread panics");
    samples.sort_by_key(|s| (s.game, s.position.chips()));
    samples
}

/// Game `game`: a seeded random opening, then the engine for both sides. Returns the positions
/// in the chip range that the heuristic would score.
fn play_game(
    searcher: &mut Searcher<Connect4Cg>,
    game: usize,
    config: &LabelConfig,
) -> Vec<Connect4Cg> {
    let mut rng = Rng(splitmix(config.seed ^ ((game as u64) << 24)));
    let (lo, hi) = config.opening_plies;
    let plies = lo + rng.below((hi.max(lo) - lo + 1) as usize) as u32;
    let (mut pos, _) = random_line(&Connect4Cg::start(), plies, &mut rng);
    let limits = Limits {
        max_nodes: Some(config.nodes),
        ..Limits::default()
    };
    let mut seen = Vec::new();
    while pos.outcome().is_none() {
        let chips = pos.chips();
        if chips > config.chips.1 {
            break;
        }
        if chips >= config.chips.0
            && !pos.steal_open()
            && pos.evaluate().score.abs() < score::PROVEN
        {
            seen.push(pos);
        }
        let Some(mv) = searcher.search(&pos, limits, |_| {}).best else {
            break;
        };
        pos.play(mv);
    }
    seen
}

/// Solves `positions` from the last back until the first timeout. Returns the labelled ones and
/// whether a timeout ended the game's labelling.
fn label(
    solver: &mut Solver<9, 7>,
    game: usize,
    positions: Vec<Connect4Cg>,
    config: &LabelConfig,
) -> (Vec<Sample>, bool) {
    let mut out = Vec::new();
    for position in positions.into_iter().rev() {
        match config.solve_nodes {
            Some(nodes) => {
                solver.set_time_limit(None);
                solver.set_node_limit(Some(nodes));
            }
            None => solver.set_time_limit(Some(config.solve_ms)),
        }
        let result = match solver.wdl(&position) {
            Ok(Wdl::Win) => 1.0,
            Ok(Wdl::Draw) => 0.5,
            Ok(Wdl::Loss) => 0.0,
            Err(SolveError::Timeout) => return (out, true),
            Err(SolveError::GameOver) => continue,
        };
        out.push(Sample {
            game,
            result,
            score: None,
            position,
        });
    }
    (out, false)
}

/// The fit's inputs for `pos`: each role feature times the role's sign, and tempo, so that their
/// dot product with the weights is the heuristic ([`Connect4Cg::weighed`]).
pub fn inputs(pos: &Connect4Cg) -> [f32; FEATURES] {
    let (f, s) = pos.features();
    let mut out = [0f32; FEATURES];
    for i in 0..FEATURES {
        out[i] = if i == TEMPO { f[i] } else { s * f[i] } as f32;
    }
    out
}

/// The Rust source of `src/games/connect4/weights.rs` for `weights`, with `provenance` (lines of
/// how they were made) in its header comment.
pub fn weights_source(weights: &[i32; FEATURES], provenance: &[String]) -> String {
    let mut s = String::from(
        "//! The evaluation's weights, per unit of each feature (`features.rs`, same order), in\n\
         //! evaluation units. Written by `boardlab tune connect4` (do not edit by hand):\n",
    );
    for line in provenance {
        s.push_str(&format!("//! {line}\n"));
    }
    s.push('\n');
    s.push_str(&super::weight_array(
        "WEIGHTS",
        "Weight of each feature.",
        "super::features::FEATURES",
        weights,
        &FEATURE_NAMES,
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::samples::samples_text;

    /// The evaluation before the fit, written out directly: per side, 40 a threat on the side's
    /// row parity (odd rows for the player to move at an even chip count), 16 on the other, 3 a
    /// chip per step towards the centre; the difference, plus 4 tempo.
    fn hand_heuristic(pos: &Connect4Cg) -> i32 {
        let me = pos.current();
        let opponent = me ^ pos.mask();
        let me_odd = pos.chips() % 2 == 0;
        let side = |stones: u64, odd: bool| -> i32 {
            let mut total = 0;
            for col in 0..9 {
                let ring = (2 * col as i32 - 8).abs() / 2;
                for row in 0..7 {
                    let bit = Connect4Cg::bit(col, row);
                    if stones & bit != 0 {
                        total += 3 * (5 - ring);
                    }
                    let threat = Connect4Cg::winning_cells(stones, pos.mask()) & bit != 0;
                    if threat {
                        total += if (row % 2 == 0) == odd { 40 } else { 16 };
                    }
                }
            }
            total
        };
        side(me, me_odd) - side(opponent, !me_odd) + 4
    }

    #[test]
    fn hand_weights_are_the_old_evaluation() {
        let mut rng = Rng(7);
        for plies in (2..40).cycle().take(400) {
            let (pos, _) = random_line(&Connect4Cg::start(), plies, &mut rng);
            assert_eq!(
                pos.weighed(&HAND_WEIGHTS),
                hand_heuristic(&pos),
                "{}",
                pos.position_string()
            );
            let dot: f32 = inputs(&pos)
                .iter()
                .zip(HAND_WEIGHTS)
                .map(|(x, w)| x * w as f32)
                .sum();
            assert_eq!(dot as i32, hand_heuristic(&pos));
        }
    }

    #[test]
    fn features_see_moot_and_ready_threats() {
        // x (the first player, A) holds b1 c1 d1 f1 h1, o (B, to move at 9 chips) b2 c2 d2 f2.
        let pos = Connect4Cg::from_position_string(
            "........./........./........./........./........./.ooo.o.../.xxx.x.x. o -",
        )
        .expect("a valid position");
        let (f, s) = pos.features();
        assert_eq!(s, -1, "B is to move");
        assert_eq!(f[0], 2, "A's odd threats: a1 and e1");
        assert_eq!(f[3], 2, "B's even threats: a2 and e2");
        assert_eq!(f[7], 2, "a2 and e2 are moot: A's threats lie below them");
        assert_eq!(f[4], 0, "nothing lies below a1 and e1");
        assert_eq!(f[11], 2, "a2 and e2 are right above playable cells");
        assert_eq!(f[10], 0);
        assert_eq!(
            (f[12], f[13]),
            (1, 0),
            "A has a live odd threat, B no live even one"
        );
        assert_eq!(f[9], 0, "no stacked pair");
        assert_eq!(f[TEMPO], 1);
        // o stacks a2 over a1 once x's a1 threat is o's too: not here; o plays a1 instead, and
        // its a2 threat is then playable (ready and no longer moot).
        let after = pos.after(0);
        let (g, _) = after.features();
        assert_eq!(g[3], 2);
        assert_eq!(g[7], 1, "only e2 is moot now");
    }

    /// Games `0..4` labelled in one run, and as the runs `0..2` and `2..4` joined: the same
    /// positions and labels (each game's opening depends only on the seed and its number). The
    /// positions lie near the end, where the solver settles every one well within its budget,
    /// so that its table, which carries over between a thread's games, cannot change the set.
    #[test]
    fn runs_over_consecutive_games_join_into_one_run() {
        let config = |games, first_game| LabelConfig {
            games,
            first_game,
            nodes: 300,
            opening_plies: (2, 10),
            chips: (44, 50),
            solve_ms: 0,
            solve_nodes: Some(50_000_000),
            threads: 1,
            seed: 33,
            solver_mib: 4,
        };
        let text = |c: &LabelConfig| samples_text(&label_games(c, &|_| {}));
        let whole = text(&config(4, 0));
        assert!(
            whole.lines().count() >= 4,
            "a few positions labelled:\n{whole}"
        );
        assert_eq!(whole, text(&config(2, 0)) + &text(&config(2, 2)));
    }
}
