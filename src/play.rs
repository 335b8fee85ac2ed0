//! In-process games between two move choosers, and matches over seeded openings with colours
//! swapped, to measure the engine against baselines.

use crate::clock::Instant;

use crate::game::{Evaluate, Game, Outcome, Player};
pub use crate::rng::Rng;
use crate::search::Limits;
#[cfg(not(bundle_without_mcts))]
use crate::search::{EngineKind, Mcts, MctsConfig, MctsResult};
#[cfg(not(codingame_baseline))]
use crate::search::{SearchResult, Searcher};

/// Something that picks a move in a position that is not over.
pub trait Agent<G: Game> {
    /// The move to play in `pos`, within about `budget_ms` milliseconds.
    fn choose(&mut self, pos: &G, budget_ms: u64) -> G::Move;
    /// Called before each game, e.g. to clear learned tables.
    fn new_game(&mut self) {}
    /// Empties the agent's tables by writing every entry, which makes the kernel map their memory
    /// now: a new table is taken zeroed and mapped page by page as searches first touch it
    /// (`search::tt::ZeroedTable`), which made later 100 ms turns time out (README, "A bot's
    /// start"). The bots call it at their first turn, whose clock counts the time. By default
    /// nothing (an agent without large tables).
    fn clear_tables(&mut self) {}
    /// A one-line summary of the last choice for logs (depth, nodes, score), if there is one.
    fn summary(&self) -> Option<String> {
        None
    }
}

/// An agent that plays the opening book's move ([`Evaluate::book_move`]) where the book has one
/// and asks `inner` elsewhere: the engine bots' front door (`protocol::<game>::run`).
#[cfg(not(codingame_baseline))]
pub struct Booked<G: Evaluate> {
    /// Who chooses outside the book.
    pub inner: Box<dyn Agent<G>>,
    /// The last move, when it came from the book.
    from_book: Option<G::Move>,
}

#[cfg(not(codingame_baseline))]
impl<G: Evaluate> Booked<G> {
    /// `inner` with the game's book in front of it.
    pub fn new(inner: Box<dyn Agent<G>>) -> Self {
        Booked {
            inner,
            from_book: None,
        }
    }
}

#[cfg(not(codingame_baseline))]
impl<G: Evaluate> Agent<G> for Booked<G> {
    fn choose(&mut self, pos: &G, budget_ms: u64) -> G::Move {
        self.from_book = pos.book_move();
        match self.from_book {
            Some(mv) => mv,
            None => self.inner.choose(pos, budget_ms),
        }
    }
    fn new_game(&mut self) {
        self.inner.new_game();
    }
    fn clear_tables(&mut self) {
        self.inner.clear_tables();
    }
    fn summary(&self) -> Option<String> {
        match self.from_book {
            Some(_) => Some("book move (no search)".into()),
            None => self.inner.summary(),
        }
    }
}

/// The alpha-beta engine: searches each move within the budget it is given, optionally capped at
/// a depth (which makes its play independent of the machine's speed).
#[cfg(not(codingame_baseline))]
pub struct EngineAgent<G: Evaluate> {
    /// The searcher, kept between moves (its TT carries over).
    pub searcher: Searcher<G>,
    /// Deepest iteration, in plies; `None` searches until the budget runs out.
    pub max_depth: Option<u32>,
    /// Nodes per move on top of the time (load-independent arena comparisons); `None`: time only.
    pub max_nodes: Option<u64>,
    last: Option<SearchResult<G::Move>>,
}

#[cfg(not(codingame_baseline))]
impl<G: Evaluate> EngineAgent<G> {
    /// An engine with a transposition table of `tt_mib` MiB.
    pub fn new(tt_mib: usize, max_depth: Option<u32>) -> Self {
        EngineAgent {
            searcher: Searcher::new(tt_mib),
            max_depth,
            max_nodes: None,
            last: None,
        }
    }
}

#[cfg(not(codingame_baseline))]
impl<G: Evaluate> Agent<G> for EngineAgent<G> {
    fn choose(&mut self, pos: &G, budget_ms: u64) -> G::Move {
        let limits = Limits {
            max_depth: self.max_depth,
            max_nodes: self.max_nodes,
            ..Limits::time(budget_ms)
        };
        let result = self.searcher.search(pos, limits, |_| {});
        let best = result.best.expect("the game is not over");
        self.last = Some(result);
        best
    }
    fn new_game(&mut self) {
        self.clear_tables();
    }
    fn clear_tables(&mut self) {
        self.searcher.clear();
    }
    fn summary(&self) -> Option<String> {
        let r = self.last.as_ref()?;
        let it = r.last.as_ref()?;
        Some(format!(
            "depth {} nodes {} {} ms score {}",
            it.depth, r.nodes, r.elapsed_ms, it.score
        ))
    }
}

/// The MCTS engine: searches each move for the budget it is given.
#[cfg(not(bundle_without_mcts))]
pub struct MctsAgent<G: Evaluate> {
    /// The searcher, kept between moves (it reuses its tree).
    pub mcts: Mcts<G>,
    /// Iterations per move on top of the time (load-independent arena comparisons); `None`:
    /// time only.
    pub max_iterations: Option<u64>,
    last: Option<MctsResult<G::Move>>,
}

#[cfg(not(bundle_without_mcts))]
impl<G: Evaluate> MctsAgent<G> {
    /// An engine whose tree may use about `tree_mib` MiB.
    pub fn new(tree_mib: usize, config: MctsConfig) -> Self {
        MctsAgent {
            mcts: Mcts::new(tree_mib, config),
            max_iterations: None,
            last: None,
        }
    }
}

#[cfg(not(bundle_without_mcts))]
impl<G: Evaluate> Agent<G> for MctsAgent<G> {
    fn choose(&mut self, pos: &G, budget_ms: u64) -> G::Move {
        let limits = Limits {
            max_nodes: self.max_iterations,
            ..Limits::time(budget_ms)
        };
        let result = self.mcts.search(pos, limits, |_| {});
        let best = result.best.expect("the game is not over");
        self.last = Some(result);
        best
    }
    fn new_game(&mut self) {
        self.mcts.clear();
    }
    fn summary(&self) -> Option<String> {
        let r = self.last.as_ref()?;
        let it = r.last.as_ref()?;
        Some(format!(
            "mcts iterations {} (+{} kept) depth {}/{:.1} {} ms value {:.0} % score {}",
            r.iterations,
            it.reused,
            it.max_depth,
            it.mean_depth,
            r.elapsed_ms,
            100.0 * it.value,
            it.score
        ))
    }
}

/// The engine of `kind` as an agent, with `memory_mib` MiB for its table or tree, `mcts` as the
/// MCTS settings, and `max_nodes` nodes (alpha-beta) or iterations (MCTS) per move on top of the
/// time (`None`: time only).
#[cfg(not(any(bundle_without_mcts, codingame_baseline)))]
pub fn engine_agent<G: Evaluate>(
    kind: EngineKind,
    memory_mib: usize,
    mcts: MctsConfig,
    max_nodes: Option<u64>,
) -> Box<dyn Agent<G>> {
    match kind {
        EngineKind::AlphaBeta => {
            let mut agent = EngineAgent::<G>::new(memory_mib, None);
            agent.max_nodes = max_nodes;
            Box::new(agent)
        }
        EngineKind::Mcts => {
            let mut agent = MctsAgent::<G>::new(memory_mib, mcts);
            agent.max_iterations = max_nodes;
            Box::new(agent)
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    /// Every move from the start, the opening included.
    pub moves: Vec<G::Move>,
    /// How the game ended.
    pub outcome: Outcome,
    /// The longest time each side took for one move, in ms (`[first, second]`).
    pub max_move_ms: [u64; 2],
}

/// Plays `start` to the end, `first` moving for `Player::First`, each move within `budget_ms`.
pub fn play_game<G: Game>(
    start: &G,
    first: &mut dyn Agent<G>,
    second: &mut dyn Agent<G>,
    budget_ms: u64,
) -> GameRecord<G> {
    first.new_game();
    second.new_game();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut max_move_ms = [0u64; 2];
    while pos.outcome().is_none() {
        let side = pos.to_move();
        let agent: &mut dyn Agent<G> = if side == Player::First {
            &mut *first
        } else {
            &mut *second
        };
        let t = Instant::now();
        let mv = agent.choose(&pos, budget_ms);
        let ms = t.elapsed().as_millis() as u64;
        max_move_ms[side.index()] = max_move_ms[side.index()].max(ms);
        moves.push(mv);
        pos.play(mv);
    }
    GameRecord {
        moves,
        outcome: pos.outcome().expect("loop ended"),
        max_move_ms,
    }
}

/// A random opening of `plies` moves from `start`, none of which ends the game.
pub fn random_opening<G: Game>(start: &G, plies: u32, rng: &mut Rng) -> G {
    random_line(start, plies, rng).0
}

/// Like [`random_opening`], also returning the moves as text.
pub fn random_line<G: Game>(start: &G, plies: u32, rng: &mut Rng) -> (G, Vec<String>) {
    let mut pos = start.clone();
    let mut line = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        let quiet: Vec<G::Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let c = pos.after(m);
                c.outcome().is_none()
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let mv = quiet[rng.below(quiet.len())];
        line.push(pos.format_move(mv));
        pos.play(mv);
    }
    (pos, line)
}

/// The score of a match from the first-named agent's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games the first-named agent won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first-named agent lost.
    pub losses: u32,
    /// The engine's longest move over the whole match, in ms.
    pub max_move_ms: u64,
}

impl MatchScore {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game in percent (a draw is half a point).
    pub fn percent(&self) -> f64 {
        100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }
}

/// Plays `pairs` openings twice each (colours swapped) between `ours` and `theirs`, every move
/// within `budget_ms`, calling `progress` after every game. Openings are `opening_plies` random
/// moves from `seed`. Not in the CodinGame bundles, whose bots never call it (`codingame_bundle`
/// is the bundle script's cfg).
#[cfg(not(codingame_bundle))]
#[allow(clippy::too_many_arguments)]
pub fn play_match<G: Game>(
    start: &G,
    ours: &mut dyn Agent<G>,
    theirs: &mut dyn Agent<G>,
    budget_ms: u64,
    pairs: u32,
    opening_plies: u32,
    seed: u64,
    mut progress: impl FnMut(&MatchScore, &GameRecord<G>, Player),
) -> MatchScore {
    let mut rng = Rng(seed);
    let mut score = MatchScore::default();
    for _ in 0..pairs {
        let opening = random_opening(start, opening_plies, &mut rng);
        for our_side in [Player::First, Player::Second] {
            let record = if our_side == Player::First {
                play_game(&opening, ours, theirs, budget_ms)
            } else {
                play_game(&opening, theirs, ours, budget_ms)
            };
            match record.outcome {
                Outcome::Draw => score.draws += 1,
                Outcome::Win(p) if p == our_side => score.wins += 1,
                Outcome::Win(_) => score.losses += 1,
            }
            score.max_move_ms = score.max_move_ms.max(record.max_move_ms[our_side.index()]);
            progress(&score, &record, our_side);
        }
    }
    score
}
