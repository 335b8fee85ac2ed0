//! What the wasm API returns, as serde structs (serialised to plain JavaScript objects), and the
//! functions that make them from the rules' positions and the searches' reports. Moves are
//! always written in the game's notation, each in the position it is played in. Amazons'
//! territory has its own file beside this one (`territory.rs`).

use serde::Serialize;

use crate::game::{line_text, CellView, Display, Game, Player};
use crate::search::mcts::{MctsReport, MctsResult};
use crate::search::{
    EngineKind, Iteration, Progress, RootMove, Score, ScoreBound, SearchResult, StopReason,
};

use super::error::{replay, WasmError};

// ---------------------------------------------------------------------------------------------
// describe()

/// A move played so far: its text, who played it (1 or 2) and the game's note on it.
#[derive(Serialize)]
pub struct HistoryEntry {
    #[serde(rename = "move")]
    mv: String,
    player: u8,
    /// The game's note on the move (`steal`, `pass`), if any.
    note: Option<&'static str>,
    steal: bool,
}

/// How the game ended.
#[derive(Serialize)]
pub struct ResultView {
    /// 1 or 2, or null for a draw.
    winner: Option<u8>,
    /// The game's reason, e.g. Yavalath's `four`, `three` or `full`.
    reason: &'static str,
    /// The deciding cells (a winning line), possibly empty.
    line: Vec<String>,
}

/// describe()'s view of a position (see its documentation in `mod.rs`).
#[derive(Serialize)]
pub struct GameView {
    game: &'static str,
    to_move: u8,
    ply: u32,
    legal: Vec<String>,
    steal: Option<String>,
    result: Option<ResultView>,
    history: Vec<HistoryEntry>,
    cells: Vec<CellView>,
    last: Option<String>,
    /// The position in the game's own notation (a setup string), where it has one.
    position: Option<String>,
    /// The id of the draw rules the position plays under (one of game_info's `draw_rules`).
    draw_rules: &'static str,
}

/// The view of the position after `moves` from `setup`. Errors: a bad setup or move.
pub fn describe_game<G: Display + 'static>(
    setup: &str,
    moves: &str,
) -> Result<GameView, WasmError> {
    let mut history = Vec::new();
    let pos = replay::<G>(setup, moves, |pos, mv| {
        let note = pos.move_note(mv);
        history.push(HistoryEntry {
            mv: pos.format_move(mv),
            player: pos.to_move().number(),
            note,
            steal: note == Some("steal"),
        });
    })?;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let steal = legal
        .iter()
        .find(|&&m| pos.move_note(m) == Some("steal"))
        .map(|&m| pos.format_move(m));
    let result = pos.outcome().map(|o| {
        let (reason, line) = pos.result_detail().unwrap_or(("over", Vec::new()));
        ResultView {
            winner: o.winner().map(Player::number),
            reason,
            line,
        }
    });
    Ok(GameView {
        game: G::NAME,
        to_move: pos.to_move().number(),
        ply: pos.ply(),
        legal: legal.iter().map(|&m| pos.format_move(m)).collect(),
        steal,
        result,
        last: history.last().map(|h| h.mv.clone()),
        history,
        cells: pos.cells(),
        position: pos.position_text(),
        draw_rules: crate::info::draw_rules_of(&pos),
    })
}

// ---------------------------------------------------------------------------------------------
// search() reports

#[derive(Serialize)]
struct RootMoveView {
    #[serde(rename = "move")]
    mv: String,
    score: Score,
    bound: ScoreBound,
    /// The move's line, the move first (multi-PV: searches with exact root scores; else empty).
    pv: Vec<String>,
}

/// An alpha-beta iteration's report.
#[derive(Serialize)]
pub struct IterationView {
    /// Always `alphabeta`: which engine's report this is.
    engine: EngineKind,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    nps: u64,
    elapsed_ms: u64,
    score: Score,
    pv: Vec<String>,
    root_moves: Vec<RootMoveView>,
}

/// A reply one level below an MCTS root move.
#[derive(Serialize)]
struct MctsReplyView {
    #[serde(rename = "move")]
    mv: String,
    visits: u32,
    /// Winning chance (0..1) for the player making the reply.
    value: f64,
    score: Score,
}

/// An MCTS root move: the alpha-beta root move's fields (`move`, `score`, `bound`), then what
/// MCTS knows of it.
#[derive(Serialize)]
struct MctsRootMoveView {
    #[serde(rename = "move")]
    mv: String,
    score: Score,
    bound: ScoreBound,
    visits: u32,
    /// Winning chance (0..1) for the side to move.
    value: f64,
    prior: f64,
    pv: Vec<String>,
    replies: Vec<MctsReplyView>,
}

/// An MCTS report: the fields every engine's report has (depth = the tree's depth, nodes = the
/// iterations, nps = iterations per second), then MCTS's own.
#[derive(Serialize)]
pub struct MctsView {
    /// Always `mcts`.
    engine: EngineKind,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    nps: u64,
    elapsed_ms: u64,
    score: Score,
    pv: Vec<String>,
    root_moves: Vec<MctsRootMoveView>,
    iterations: u64,
    /// Visits kept from the previous search's tree: root moves' visits add up to iterations +
    /// reused.
    reused: u64,
    /// Nodes in all the threads' trees.
    tree_nodes: u64,
    /// Threads the search ran on (root parallelism: whose trees the report merges).
    threads: u32,
    mean_depth: f64,
    /// The best move's winning chance (0..1) for the side to move.
    value: f64,
}

#[derive(Serialize)]
#[serde(untagged)]
enum ReportView {
    AlphaBeta(IterationView),
    Mcts(MctsView),
}

/// Why a search() call ended: the search's own reason (`time`, `depth`, `nodes`, `solved`), or
/// `book` when the opening book gave the move and nothing was searched.
#[derive(Serialize)]
#[serde(untagged)]
enum StopView {
    Search(StopReason),
    Book(&'static str),
}

/// What search() returns.
#[derive(Serialize)]
pub struct SearchView {
    engine: EngineKind,
    best: Option<String>,
    last: Option<ReportView>,
    nodes: u64,
    elapsed_ms: u64,
    stop: StopView,
    /// Whether `best` is the opening book's move (then `last` is null and nothing was searched).
    book: bool,
}

/// The result of a search() that the opening book answered with `mv` in `pos`.
pub fn book_view<G: Game>(pos: &G, mv: G::Move, engine: EngineKind) -> SearchView {
    SearchView {
        engine,
        best: Some(pos.format_move(mv)),
        last: None,
        nodes: 0,
        elapsed_ms: 0,
        stop: StopView::Book("book"),
        book: true,
    }
}

/// An alpha-beta progress report: `progress` is always true, which tells it from an iteration's.
#[derive(Serialize)]
pub struct ProgressView {
    engine: EngineKind,
    progress: bool,
    #[serde(flatten)]
    at: Progress,
}

impl ProgressView {
    /// The report of an alpha-beta search at `at`.
    pub fn alphabeta(at: &Progress) -> Self {
        ProgressView {
            engine: EngineKind::AlphaBeta,
            progress: true,
            at: *at,
        }
    }
}

/// An alpha-beta iteration of a search of `pos`.
pub fn iteration_view<G: Game>(pos: &G, it: &Iteration<G::Move>) -> IterationView {
    IterationView {
        engine: EngineKind::AlphaBeta,
        depth: it.depth,
        seldepth: it.seldepth,
        nodes: it.nodes,
        nps: it.nps,
        elapsed_ms: it.elapsed_ms,
        score: it.score,
        pv: line_text(pos, &it.pv),
        root_moves: it
            .root_moves
            .iter()
            .map(|r: &RootMove<G::Move>| RootMoveView {
                mv: pos.format_move(r.mv),
                score: r.score,
                bound: r.bound,
                pv: line_text(pos, &r.pv),
            })
            .collect(),
    }
}

/// The result of an alpha-beta search of `pos`.
pub fn search_view<G: Game>(pos: &G, r: &SearchResult<G::Move>) -> SearchView {
    SearchView {
        engine: EngineKind::AlphaBeta,
        best: r.best.map(|m| pos.format_move(m)),
        last: r
            .last
            .as_ref()
            .map(|it| ReportView::AlphaBeta(iteration_view(pos, it))),
        nodes: r.nodes,
        elapsed_ms: r.elapsed_ms,
        stop: StopView::Search(r.stop),
        book: false,
    }
}

/// An MCTS report of a search of `pos`.
pub fn mcts_view<G: Game>(pos: &G, r: &MctsReport<G::Move>) -> MctsView {
    let after = |mv| {
        let mut p = pos.clone();
        p.play(mv);
        p
    };
    MctsView {
        engine: EngineKind::Mcts,
        depth: r.max_depth,
        seldepth: r.seldepth,
        nodes: r.iterations,
        nps: r.nps,
        elapsed_ms: r.elapsed_ms,
        score: r.score,
        pv: line_text(pos, &r.pv),
        root_moves: r
            .root_moves
            .iter()
            .map(|m| {
                let child = after(m.mv);
                MctsRootMoveView {
                    mv: pos.format_move(m.mv),
                    score: m.score,
                    bound: ScoreBound::Exact,
                    visits: m.visits,
                    value: m.value,
                    prior: m.prior,
                    pv: line_text(pos, &m.pv),
                    replies: m
                        .replies
                        .iter()
                        .map(|reply| MctsReplyView {
                            mv: child.format_move(reply.mv),
                            visits: reply.visits,
                            value: reply.value,
                            score: reply.score,
                        })
                        .collect(),
                }
            })
            .collect(),
        iterations: r.iterations,
        reused: r.reused,
        tree_nodes: r.tree_nodes,
        threads: r.threads,
        mean_depth: r.mean_depth,
        value: r.value,
    }
}

/// The result of an MCTS search of `pos`.
pub fn mcts_search_view<G: Game>(pos: &G, r: &MctsResult<G::Move>) -> SearchView {
    SearchView {
        engine: EngineKind::Mcts,
        best: r.best.map(|m| pos.format_move(m)),
        last: r
            .last
            .as_ref()
            .map(|it| ReportView::Mcts(mcts_view(pos, it))),
        nodes: r.iterations,
        elapsed_ms: r.elapsed_ms,
        stop: StopView::Search(r.stop),
        book: false,
    }
}

// ---------------------------------------------------------------------------------------------
// static_scores() and bench()

/// A legal move with its static score (see static_scores in `mod.rs`).
#[derive(Serialize)]
pub struct StaticMoveView {
    #[serde(rename = "move")]
    mv: String,
    score: Score,
}

/// Every legal move of `pos` with its static score.
pub fn static_moves<G: crate::game::Evaluate>(pos: &G) -> Vec<StaticMoveView> {
    crate::search::static_root_scores(pos)
        .into_iter()
        .map(|(mv, score)| StaticMoveView {
            mv: pos.format_move(mv),
            score,
        })
        .collect()
}

/// bench()'s totals.
#[derive(Serialize)]
pub struct BenchView {
    /// How many bench positions were searched.
    pub positions: usize,
    /// The depth each was searched to, in plies.
    pub depth: u32,
    /// Nodes searched in all (equal to the native bench's at the same depth).
    pub nodes: u64,
    /// Milliseconds in all.
    pub ms: u64,
    /// Nodes per second.
    pub nps: u64,
}
