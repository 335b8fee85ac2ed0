//! Baseline opponents to measure the engines against: `random`, `greedy` and `minimax`, for every
//! game. Each is an [`Agent`], so it can play in-process matches or, through the protocol
//! adapters, as a CodinGame bot the arena runs (or, bundled, CodinGame itself).
//!
//! This file is generic; each game's child module holds its [`Baseline`] leaf evaluation, so a
//! one-game CodinGame bundle keeps only its own game's.

mod amazons;
mod ataxx;
mod connect4;
mod yavalath;

use crate::game::{score, Game, Outcome, Player};
use crate::play::{Agent, Rng};

/// The names of the baselines, as the CLI spells them.
pub const KINDS: &[&str] = &["random", "greedy", "minimax"];

/// What the `minimax` baseline evaluates at its leaves: seed 000's one-ply threat evaluation
/// (`evaluateBoard`), which looks one move ahead for BOTH players: what the side to move could do
/// at once counts for it, and what the opponent could do at once, were it its turn, counts
/// against it. Each game's module says what that means under its rules. There is no default: a
/// generic version could only try the side to move's moves and would miss every threat the
/// opponent holds.
pub trait Baseline: Game {
    /// The leaf score from the side to move, in the baseline's units (100 for an immediate win,
    /// or in Ataxx for a stone). The search scores finished games itself and never asks here.
    fn threat_eval(&self) -> i32;
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
    let p = pos.after(mv);
    match p.outcome() {
        Some(Outcome::Win(w)) => (w == me, w != me),
        Some(Outcome::Draw) => (false, false),
        None => {
            let mut replies = Vec::new();
            p.legal_moves(&mut replies);
            let opponent_wins = replies.into_iter().any(|r| {
                let q = p.after(r);
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
/// and [`Baseline::threat_eval`] at the leaves.
///
/// Seed 000 does not say how ties between equally scored moves break. Without `tie_break` the
/// first move generated wins them, so the agent is deterministic; with it, a uniformly random one
/// of the best moves does (the root moves are shuffled, then the first best is kept), which is
/// what the arena uses so that games between `minimax` and a deterministic engine still differ.
pub struct MinimaxAgent {
    /// Search depth in plies (seed 000 uses 2).
    pub depth: u32,
    /// Breaks ties between the best root moves at random when set.
    pub tie_break: Option<Rng>,
}

impl Default for MinimaxAgent {
    fn default() -> Self {
        MinimaxAgent {
            depth: 2,
            tie_break: None,
        }
    }
}

impl MinimaxAgent {
    /// Depth 2 with ties broken at random from `seed`.
    pub fn seeded(seed: u64) -> Self {
        MinimaxAgent {
            tie_break: Some(Rng(seed)),
            ..MinimaxAgent::default()
        }
    }

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
            let child = pos.after(mv);
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
        if let Some(rng) = &mut self.tie_break {
            // Fisher-Yates: every order equally likely, so the first of the tied best moves is
            // each of them equally often.
            for i in (1..moves.len()).rev() {
                moves.swap(i, rng.below(i + 1));
            }
        }
        let mut best = (moves[0], -score::INFINITE);
        for &mv in &moves {
            let child = pos.after(mv);
            // The window starts at the best score so far: a move that cannot beat it returns a
            // bound no higher than that score, and only a strictly better move replaces it.
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

/// The baseline called `kind` (one of [`KINDS`]), seeded with `seed`: `random` and `greedy`
/// choose with it, `minimax` breaks ties with it. Errors: an unknown kind.
pub fn agent<G: Baseline>(kind: &str, seed: u64) -> Result<Box<dyn Agent<G>>, String> {
    match kind {
        "random" => Ok(Box::new(RandomAgent(Rng(seed)))),
        "greedy" => Ok(Box::new(GreedyAgent(Rng(seed)))),
        "minimax" => Ok(Box::new(MinimaxAgent::seeded(seed))),
        other => Err(format!(
            "unknown baseline '{other}' (known: {})",
            KINDS.join(", ")
        )),
    }
}
