//! Baseline opponents to measure the engines against: `random`, `greedy` and `minimax`, for every
//! game. Each is an [`Agent`], so it can play in-process matches or, through the protocol
//! adapters, as a CodinGame bot the arena runs.

use crate::game::{score, Game, Outcome, Player};
use crate::games::yavalath::{move_effect, MoveEffect, Yavalath};
use crate::play::{Agent, Rng};

/// The names of the baselines, as the CLI spells them.
pub const KINDS: &[&str] = &["random", "greedy", "minimax"];

/// What the `minimax` baseline evaluates at its leaves: seed 000's one-ply threat evaluation,
/// adapted to each game. The default plays every legal move of the side to move once: +100 for
/// each move that wins on the spot, -100 for each that loses on the spot.
pub trait Baseline: Game {
    /// The leaf score from the side to move.
    fn threat_eval(&self) -> i32 {
        let me = self.to_move();
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut p = self.clone();
                p.play(mv);
                match p.outcome() {
                    Some(Outcome::Win(w)) if w == me => 100,
                    Some(Outcome::Win(_)) => -100,
                    _ => 0,
                }
            })
            .sum()
    }
}

/// Seed 000's `evaluateBoard`: every empty cell is tried for both sides: +100 where the side to
/// move would make a 4, -100 where it would make a 3, and the opposite for the opponent's cells.
impl Baseline for Yavalath {
    fn threat_eval(&self) -> i32 {
        let me = self.to_move();
        let (mine, theirs) = (self.stones(me), self.stones(me.opponent()));
        let value = |own: u64, cell: usize| match move_effect(own, cell) {
            MoveEffect::Wins => 100,
            MoveEffect::Loses => -100,
            MoveEffect::Neutral => 0,
        };
        let mut total = 0;
        let mut empty = self.empty();
        while empty != 0 {
            let cell = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            total += value(mine, cell) - value(theirs, cell);
        }
        total
    }
}

/// A uniformly random legal move.
pub struct RandomAgent(pub Rng);

impl<G: Game> Agent<G> for RandomAgent {
    fn choose(&mut self, pos: &G, _budget_ms: u64) -> G::Move {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves[self.0.below(moves.len())]
    }
}

/// Takes an immediate win; otherwise avoids moves that lose at once or let the opponent win at
/// once; otherwise random.
pub struct GreedyAgent(pub Rng);

/// What one move leads to, one ply deep for each side.
fn immediate<G: Game>(pos: &G, mv: G::Move, me: Player) -> (bool, bool) {
    let mut p = pos.clone();
    p.play(mv);
    match p.outcome() {
        Some(Outcome::Win(w)) => (w == me, w != me),
        Some(Outcome::Draw) => (false, false),
        None => {
            let mut replies = Vec::new();
            p.legal_moves(&mut replies);
            let opponent_wins = replies.into_iter().any(|r| {
                let mut q = p.clone();
                q.play(r);
                q.outcome() == Some(Outcome::Win(me.opponent()))
            });
            (false, opponent_wins)
        }
    }
}

impl<G: Game> Agent<G> for GreedyAgent {
    fn choose(&mut self, pos: &G, _budget_ms: u64) -> G::Move {
        let me = pos.to_move();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut safe = Vec::new();
        for &mv in &moves {
            match immediate(pos, mv, me) {
                (true, _) => return mv,
                (false, false) => safe.push(mv),
                _ => {}
            }
        }
        let pool = if safe.is_empty() { &moves } else { &safe };
        pool[self.0.below(pool.len())]
    }
}

/// The plain bot seed 000 describes: fixed-depth minimax with alpha-beta (depth 2 by default)
/// and [`Baseline::threat_eval`] at the leaves. Deterministic: ties go to the first move
/// generated.
pub struct MinimaxAgent {
    /// Search depth in plies (seed 000 uses 2).
    pub depth: u32,
}

impl Default for MinimaxAgent {
    fn default() -> Self {
        MinimaxAgent { depth: 2 }
    }
}

impl MinimaxAgent {
    fn negamax<G: Baseline>(&self, pos: &G, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        match pos.outcome() {
            Some(Outcome::Draw) => return 0,
            Some(Outcome::Win(p)) => {
                return if p == pos.to_move() {
                    score::WIN
                } else {
                    -score::WIN
                }
            }
            None => {}
        }
        if depth == 0 {
            return pos.threat_eval();
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut best = -score::INFINITE;
        for mv in moves {
            let mut child = pos.clone();
            child.play(mv);
            let s = -self.negamax(&child, depth - 1, -beta, -alpha);
            best = best.max(s);
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

impl<G: Baseline> Agent<G> for MinimaxAgent {
    fn choose(&mut self, pos: &G, _budget_ms: u64) -> G::Move {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut best = (moves[0], -score::INFINITE);
        for &mv in &moves {
            let mut child = pos.clone();
            child.play(mv);
            let s = -self.negamax(
                &child,
                self.depth.saturating_sub(1),
                -score::INFINITE,
                -best.1,
            );
            if s > best.1 {
                best = (mv, s);
            }
        }
        best.0
    }
}

/// The baseline called `kind` (one of [`KINDS`]), seeded with `seed` where it is random.
/// Errors: an unknown kind.
pub fn agent<G: Baseline>(kind: &str, seed: u64) -> Result<Box<dyn Agent<G>>, String> {
    match kind {
        "random" => Ok(Box::new(RandomAgent(Rng(seed)))),
        "greedy" => Ok(Box::new(GreedyAgent(Rng(seed)))),
        "minimax" => Ok(Box::new(MinimaxAgent::default())),
        other => Err(format!(
            "unknown baseline '{other}' (known: {})",
            KINDS.join(", ")
        )),
    }
}

/// Connect 4 uses the default one-ply threat evaluation.
impl<const W: usize, const H: usize> Baseline for crate::games::Connect4<W, H> {}

/// Ataxx: the plain stone difference (100 a stone) from the side to move, what a first Ataxx bot
/// counts.
impl Baseline for crate::games::Ataxx {
    fn threat_eval(&self) -> i32 {
        let me = self.to_move();
        let stones = |p| self.stones(p).count_ones() as i32;
        100 * (stones(me) - stones(me.opponent()))
    }
}

/// Amazons: every legal move is a leaf of the default threat evaluation (about a thousand), so
/// the baseline counts queen moves instead: 10 per amazon move the side to move has, minus 10
/// per move the opponent's amazons have (arrows not counted).
impl Baseline for crate::games::Amazons {
    fn threat_eval(&self) -> i32 {
        let me = self.to_move();
        10 * (self.amazon_mobility(me) as i32 - self.amazon_mobility(me.opponent()) as i32)
    }
}
