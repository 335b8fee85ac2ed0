//! Self-play data for the evaluation's fit: engine games at a fixed node count (so the data does
//! not depend on the machine's load), each position labelled with its game's result.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::game::{Evaluate, Game, Outcome};
use crate::games::ataxx::{Ataxx, Move};
use crate::rng::{splitmix, Rng};
use crate::search::{Limits, Score, Searcher};

/// How the games are played.
#[derive(Clone, Debug)]
pub struct SelfPlayConfig {
    /// Games to play.
    pub games: usize,
    /// The engine's node budget per move.
    pub nodes: u64,
    /// Random spawns played after each start before the engine takes over, so that games from
    /// one start differ (the engine is deterministic at a fixed node count).
    pub random_plies: u32,
    /// One game in this many starts from a seeded wall layout (`walls:N`); the others cycle
    /// through the given starts. 0: never.
    pub walled_every: usize,
    /// Threads playing games at once.
    pub threads: usize,
    /// Seed of the random plies and the wall layouts.
    pub seed: u64,
    /// Transposition table per thread, MiB.
    pub tt_mib: usize,
}

/// A labelled position.
pub type Sample = super::samples::Sample<Ataxx>;

/// Plays `config.games` games from `starts` (positions after a book line, cycled) and seeded
/// walled starts, calling `on_game` with the number of games finished so far after each one
/// (from any thread). Returns every position the engine moved in, except finished ones and
/// proven shut-outs (the evaluation does not score those), labelled with the game's result and
/// the engine's search score there.
/// Errors: no start and no walled games.
pub fn self_play(
    starts: &[Ataxx],
    config: &SelfPlayConfig,
    on_game: &(dyn Fn(usize) + Sync),
) -> Result<Vec<Sample>, String> {
    if starts.is_empty() && config.walled_every == 0 {
        return Err("self-play needs a start or walled games".into());
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let samples = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::<Ataxx>::new(config.tt_mib);
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= config.games {
                        break;
                    }
                    let start = start_of(game, starts, config);
                    searcher.clear();
                    let played = play_game(&mut searcher, start, game, config);
                    samples.lock().expect("no thread panics").extend(played);
                    on_game(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut samples = samples.into_inner().expect("no thread panics");
    samples.sort_by_key(|s| s.game);
    Ok(samples)
}

/// Game `game`'s start: a seeded wall layout for every `walled_every`-th game, else the next of
/// `starts`.
fn start_of(game: usize, starts: &[Ataxx], config: &SelfPlayConfig) -> Ataxx {
    let walled = config.walled_every > 0 && (game % config.walled_every == 0 || starts.is_empty());
    if walled {
        let walls = Ataxx::random_walls(splitmix(config.seed ^ (game as u64) << 20));
        Ataxx::with_walls(walls).expect("random_walls leaves the corners free")
    } else {
        starts[game % starts.len()].clone()
    }
}

/// A search score in the evaluation's units, proven results as the search scores them.
fn engine_units(score: Score) -> i32 {
    match score {
        Score::Eval(v) => v,
        Score::Win(plies) => crate::game::score::win_in(plies),
        Score::Loss(plies) => crate::game::score::loss_in(plies),
        Score::Draw => 0,
    }
}

/// One game from `start`: the random spawns, then the engine for both sides.
fn play_game(
    searcher: &mut Searcher<Ataxx>,
    start: Ataxx,
    game: usize,
    config: &SelfPlayConfig,
) -> Vec<Sample> {
    let mut rng = Rng(splitmix(config.seed.wrapping_add(game as u64)));
    let mut pos = start;
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..config.random_plies {
        if pos.outcome().is_some() {
            break;
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        let spawns: Vec<Move> = moves.iter().copied().filter(|m| !m.is_jump()).collect();
        let pool = if spawns.is_empty() { &moves } else { &spawns };
        pos.play(pool[rng.below(pool.len())]);
    }
    let limits = Limits {
        max_nodes: Some(config.nodes),
        ..Limits::default()
    };
    let mut seen = Vec::new();
    while pos.outcome().is_none() {
        let labelled = pos.evaluate().score.abs() < crate::game::score::PROVEN;
        let found = searcher.search(&pos, limits, |_| {});
        let mv = found.best.expect("the game is not over");
        if labelled {
            seen.push((pos.clone(), found.last.map(|it| engine_units(it.score))));
        }
        pos.play(mv);
    }
    let winner = match pos.outcome() {
        Some(Outcome::Win(p)) => Some(p),
        _ => None,
    };
    seen.into_iter()
        .map(|(position, score)| Sample {
            game,
            score,
            result: match winner {
                None => 0.5,
                Some(p) if p == position.to_move() => 1.0,
                Some(_) => 0.0,
            },
            position,
        })
        .collect()
}
