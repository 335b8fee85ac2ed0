//! The vocabulary every game shares: players, outcomes, scores, and the [`Game`] trait that the
//! search, the protocol adapters and the wasm API are generic over.

use std::fmt;

/// One of the two players. `First` moves first (CodinGame id `1` in Yavalath, `0` in Connect 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves first.
    First,
    /// The player who moves second (and may steal, where the rules allow it).
    Second,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-player arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// 1 for `First`, 2 for `Second`: the numbering the UI and Yavalath's referee use.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Neither won (a full board, or a game's draw rule).
    Draw,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

/// A bad move or position string. The message says what was wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

/// Scores are from the side to move, in the game's evaluation units; a proven result is
/// `WIN - plies` (a win that many plies from the scoring node) or its negation.
pub mod score {
    /// The score of a win on the spot (0 plies away).
    pub const WIN: i32 = 100_000;
    /// Scores at or beyond this magnitude are proven results, never heuristics.
    pub const PROVEN: i32 = WIN - 10_000;
    /// Larger than any score: the alpha-beta window's open ends.
    pub const INFINITE: i32 = WIN + 1;

    /// The score of a win `plies` plies from now.
    pub fn win_in(plies: u32) -> i32 {
        WIN - plies as i32
    }

    /// The score of a loss `plies` plies from now.
    pub fn loss_in(plies: u32) -> i32 {
        -WIN + plies as i32
    }

    /// Moves a proven result `plies` plies further from the node it is counted from (negative:
    /// nearer); heuristic scores are unchanged. The search and its table count proven results
    /// from different nodes (the root, the stored position).
    pub fn shift_proven(s: i32, plies: i32) -> i32 {
        if s >= PROVEN {
            s + plies
        } else if s <= -PROVEN {
            s - plies
        } else {
            s
        }
    }

    /// `Some(plies)` when `s` is a proven win for the side to move.
    pub fn plies_to_win(s: i32) -> Option<u32> {
        (s >= PROVEN).then(|| (WIN - s) as u32)
    }

    /// `Some(plies)` when `s` is a proven loss for the side to move.
    pub fn plies_to_loss(s: i32) -> Option<u32> {
        (s <= -PROVEN).then(|| (WIN + s) as u32)
    }
}

/// A move in 32 bits, losslessly: how the transposition table keeps a best move in an atomic
/// word (`src/search/tt.rs`).
pub trait MoveBits: Copy {
    /// The move's bits.
    fn to_bits(self) -> u32;
    /// The move [`MoveBits::to_bits`] gave `bits` for.
    fn from_bits(bits: u32) -> Self;
}

/// A move that is one byte (a Yavalath cell, a Connect 4 column).
impl MoveBits for u8 {
    fn to_bits(self) -> u32 {
        self as u32
    }

    fn from_bits(bits: u32) -> u8 {
        bits as u8
    }
}

/// The exact rules of one two-player game: positions, legal moves, results and notation.
///
/// Positions are small `Copy`-like values: the search clones a position and plays a move on the
/// clone (copy-make), so there is no undo.
pub trait Game: Clone + Send + 'static {
    /// A move. Cheap to copy; `Default` is any value (used to fill empty slots).
    type Move: Copy + Eq + Default + fmt::Debug + Send + MoveBits + 'static;

    /// The game's name as the CLI and the wasm API spell it, e.g. `"yavalath"`.
    const NAME: &'static str;

    /// The number of distinct values [`Game::move_slot`] can return (the history table's size).
    const MOVE_SLOTS: usize;

    /// The standard start position under the CodinGame rules.
    fn start() -> Self;

    /// A start position from a game-specific setup string; the empty string gives [`Game::start`].
    /// Errors: a setup the game does not understand. Not in the bots' bundles: a bot reads the
    /// referee's input, never a setup.
    #[cfg(not(codingame_bundle))]
    fn from_setup(setup: &str) -> Result<Self, NotationError>;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// Plies played since the start position.
    fn ply(&self) -> u32;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Appends every legal move to `out` (which the caller clears). Empty when the game is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move that [`Game::legal_moves`] produced. Other moves are a logic error.
    fn play(&mut self, mv: Self::Move);

    /// The Zobrist hash of the position (stones, side to move and any rule state such as the
    /// steal being available).
    fn hash(&self) -> u64;

    /// A dense index of `mv` below [`Game::MOVE_SLOTS`].
    fn move_slot(mv: Self::Move) -> usize;

    /// Reads a move in the game's notation and checks that it is legal here.
    /// Errors: unreadable text, or a move that is not legal in this position.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// Writes a move in the game's notation (what [`Game::parse_move`] reads back).
    fn format_move(&self, mv: Self::Move) -> String;

    /// How perft counts a finished game below the root: as one leaf (`true`, the default), or as
    /// nothing because a finished game has no moves (`false`: libataxx, whose tables Ataxx
    /// matches).
    const PERFT_COUNTS_FINISHED: bool = true;

    /// The number of legal moves here: perft's last ply. The default generates them into `buf`;
    /// a game may count them in bulk instead.
    fn count_moves(&self, buf: &mut Vec<Self::Move>) -> u64 {
        buf.clear();
        self.legal_moves(buf);
        buf.len() as u64
    }

    /// The position after `mv` (legal here), leaving `self` as it was: copy-make's one step,
    /// for callers that keep the parent (search, perft, the openings' walks).
    #[inline]
    #[must_use]
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// The [`Game::hash`] of the position after `mv` (legal here), as a table prefetch needs
    /// it before the move is made. The default makes it on a copy; a game can do with less.
    #[inline]
    fn hash_after(&self, mv: Self::Move) -> u64 {
        self.after(mv).hash()
    }

    /// Plays a checked move from text: parse, then play.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, NotationError> {
        let mv = self.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// The position after the setup and the whitespace-separated moves, checked one by one.
    /// Errors name the first bad move and its 1-based number.
    #[cfg(not(codingame_bundle))]
    fn from_moves(setup: &str, moves: &str) -> Result<Self, NotationError> {
        Self::replay(setup, moves, |_, _| {})
    }

    /// Like [`Game::from_moves`], calling `before_move(position, move)` before each move is played.
    #[cfg(not(codingame_bundle))]
    fn replay(
        setup: &str,
        moves: &str,
        mut before_move: impl FnMut(&Self, Self::Move),
    ) -> Result<Self, NotationError> {
        let mut pos = Self::from_setup(setup)?;
        for (i, text) in moves.split_whitespace().enumerate() {
            if pos.outcome().is_some() {
                return Err(NotationError(format!(
                    "move {} ({text}): the game is already over",
                    i + 1
                )));
            }
            let mv = pos
                .parse_move(text)
                .map_err(|e| NotationError(format!("move {} ({text}): {e}", i + 1)))?;
            before_move(&pos, mv);
            pos.play(mv);
        }
        Ok(pos)
    }
}

/// What the searches (alpha-beta and MCTS) need from a game beyond its rules: a static
/// evaluation and the moves worth searching.
pub trait Evaluate: Game {
    /// Nodes between two looks at the clock in a timed search. The default suits games whose
    /// nodes cost about a microsecond; games with costly nodes (Amazons scores every candidate
    /// move) lower it so the search stops close to its budget.
    const NODES_PER_CLOCK_CHECK: u64 = 256;

    /// Evaluation units worth about a 73 % winning chance for the side ahead: MCTS maps a score
    /// `s` to the winning chance `1 / (1 + e^(-s / scale))` (the playground's `scoreScale`).
    const WIN_CHANCE_SCALE: f64 = 100.0;

    /// The engine this game plays with unless told otherwise (the bots, the CLI, the page),
    /// chosen by arena measurement (the README's measured strength): alpha-beta unless a game
    /// says otherwise (Amazons: MCTS, which beat alpha-beta at 100 ms a move).
    const DEFAULT_ENGINE: EngineKind = EngineKind::AlphaBeta;

    /// The static score of a position that is not over, from the side to move. It may return a
    /// proven result relative to this position (`score::win_in(1)` when a winning move exists).
    /// `quiet: false` asks the search not to stop here: the side to move faces a threat that
    /// forces its reply, so the horizon is extended by one ply.
    fn evaluate(&self) -> Eval;

    /// Appends the moves the search should consider, and returns `true` when they are forced
    /// (every other legal move loses at once or is provably no better). The default is every legal
    /// move, not forced. Must append at least one move when the game is not over.
    fn search_moves(&self, out: &mut Vec<Self::Move>) -> bool {
        self.legal_moves(out);
        false
    }

    /// Appends the moves an MCTS playout chooses among at random (the caller clears `out`); must
    /// append at least one move when the game is not over. The default is every legal move (a
    /// uniform random playout); a game may narrow it to what a sensible player would consider,
    /// as win/loss-aware playouts do (Yavalath: play an immediate win, block the opponent's,
    /// avoid one's own 3 when possible).
    fn playout_moves(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }

    /// Positions alpha-beta gives [`Evaluate::forced_win`] at the root of each search when its
    /// `forced_wins` switch is on (0: the game has none). They count as nodes of the search, so
    /// a node budget covers both.
    const FORCED_WIN_NODES: u64 = 0;

    /// The opening book's move for this position, if the game has a book and it covers the
    /// position (Yavalath, Connect 4 on 9x7: the first two turns under the steal rule). The
    /// engine's front doors (the bots, the playground's engine turn) play it without a search;
    /// analysis searches as usual. `None`, the default: no book.
    #[cfg(not(codingame_baseline))]
    fn book_move(&self) -> Option<Self::Move> {
        None
    }

    /// A win for the side to move proven by forcing moves alone (a threat-space search, far
    /// deeper than the main search's horizon), searching at most `max_nodes` positions and
    /// adding those it visits to `nodes`: `Some(plies)`, the win's length when the opponent
    /// makes it as long as it can, with its line (moves from this position, the winning move
    /// last) in `line`. `None`, the default, proves nothing.
    fn forced_win(
        &self,
        _max_nodes: u64,
        _line: &mut Vec<Self::Move>,
        _nodes: &mut u64,
    ) -> Option<u32> {
        None
    }

    /// A static ordering hint for `mv` (higher is searched earlier) used after the TT move,
    /// killers and history, within an [`Evaluate::order_class`].
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// The ordering class of `mv`: alpha-beta searches the TT move first, then moves of a
    /// higher class first, ahead of killers (Ataxx: by stones taken, spawns above jumps). Within
    /// a class the order is killers, then history and [`Evaluate::order_hint`]. The default
    /// puts every move in class 0: that order alone.
    fn order_class(&self, _mv: Self::Move) -> u8 {
        0
    }

    /// Whether alpha-beta picks a node's next move while the current move's subtree is searched,
    /// and prefetches the table slot of the position it leads to ([`Game::hash_after`]), so that
    /// the miss is over when that move's turn comes (x86-64 only: wasm has no prefetch). The same
    /// trees either way. Worth it where the child's key is cheap and table misses are much of a
    /// node's cost: Connect 4 and Yavalath, about 10 and 5 % more nodes a second with keys taken
    /// from made children (README, issue 16: "Session 49"), more with `hash_after`s that make
    /// none; Ataxx, 2 % fewer with made children, about 4 % more without ("Session 50").
    /// Default: no.
    const PREFETCH_SIBLINGS: bool = false;

    /// The forward pruning alpha-beta may apply to this game (see [`Pruning`]); `None`, the
    /// default, keeps the search full-width to its depth apart from one-ply late-move reductions.
    /// A game opts in when an arena SPRT against the build without it passes (README: measured
    /// strength), so the other games' searches and bench signatures stay as they were.
    const PRUNING: Option<Pruning> = None;

    /// The position after the side to move passes, for null-move pruning (see
    /// [`Pruning::null_move`]); `None`, the default, where a game has no such position.
    fn null_move(&self) -> Option<Self> {
        None
    }
}

/// Forward pruning for alpha-beta, as modern chess and Ataxx engines prune: each prunes a subtree
/// on a static guess, and each is off in PV nodes (unless [`Pruning::pv_nodes`]) and near proven
/// results, so a proven score stays proven. Margins are in the game's evaluation units.
#[derive(Clone, Copy, Debug)]
pub struct Pruning {
    /// Futility pruning in the move loop: at a non-PV node up to 6 plies from the horizon, once
    /// three moves have been searched, the rest are skipped when the static score plus
    /// `futility_margin / 2 * (depth + 1)` (one ply more when improving) is still at most alpha:
    /// later moves, of a lower ordering class, are unlikely to gain that much.
    pub futility_margin: i32,
    /// Reverse futility pruning (static null move): at a non-PV node `depth` plies from the
    /// horizon (`depth <= reverse_futility_depth`), a static score at least
    /// `reverse_futility_margin * depth` (a ply less when improving) above beta fails high
    /// without a search.
    pub reverse_futility_margin: i32,
    /// See `reverse_futility_margin`.
    pub reverse_futility_depth: i32,
    /// Null-move pruning: at a non-PV node at least 3 plies from the horizon whose static score
    /// is at least beta, a reduced search after [`Evaluate::null_move`] that still fails high
    /// cuts the node. Unsound in zugzwang, so only games where passing never helps set it.
    pub null_move: bool,
    /// Late-move pruning: at a non-PV node `depth <= 3` plies from the horizon, moves after the
    /// first `late_moves_base + depth * depth * late_moves_per_ply` in move order are skipped.
    pub late_moves_base: usize,
    /// See `late_moves_base`.
    pub late_moves_per_ply: usize,
    /// Late-move reductions: from the third move on, at least 3 plies from the horizon, a move
    /// is first searched `floor(0.75 + ln(depth) * ln(index) / reduction_divisor)` plies
    /// shallower (less at PV nodes and for killers): the logarithmic shape of Stockfish and
    /// Ethereal. A smaller divisor reduces more.
    pub reduction_divisor: f64,
    /// At a non-PV node, once two moves have been searched, skip every later move of
    /// [`Evaluate::order_class`] 0 that is neither the TT move nor a killer, at any depth
    /// (Ataxx: jumps that capture nothing, which give up a stone's worth of spawn for no gain).
    pub prune_class_zero: bool,
    /// The move loop's pruning (late-move, futility, class 0) at PV nodes too, and cutoffs on a
    /// deep enough table entry at PV nodes below the root, as Zataxx prunes (zzzzz151/Zataxx,
    /// `search.rs`). Reverse futility and the null move stay at non-PV nodes. A cutoff ends the
    /// principal variation there, so a PV may be shorter than the depth.
    pub pv_nodes: bool,
    /// Singular extensions from this many plies from the horizon (0: none): at a non-PV node
    /// whose table entry (a lower bound or exact, at most three plies shallower) has a move, the
    /// other moves are searched to half the depth against the entry's score less one unit a
    /// ply. When none reaches it the table's move is singular and is searched a ply deeper;
    /// when that bound is itself at least beta, several moves fail high and the node is cut
    /// (multi-cut); else, when the entry's score is at least beta, the table's move is searched
    /// a ply shallower (a negative extension). Anantharaman, Campbell and Hsu (1990), as
    /// Stockfish and Zataxx (`search.rs`) use them.
    pub singular_depth: i32,
    /// Nodes at most this many plies from the horizon (0: none) keep their table entries in a
    /// small table of each search thread's own (`SHALLOW_TABLE_MIB` in `search::alphabeta`,
    /// 1 MiB), not the shared one. They are most of the stores, and in the shared table they
    /// would evict the deeper entries that save more work; their own small table stays in the
    /// cache. A two-tier table chosen by depth (Breuker, Uiterwijk and van den Herik, 1994,
    /// compare two-tier replacement schemes).
    pub shallow_table_depth: i32,
    /// The root's aspiration window, from 5 plies on: `None`, a quarter of
    /// [`Evaluate::WIN_CHANCE_SCALE`] each way around the last iteration's score and the full
    /// window when the first move's score falls outside it; `Some(step)`, `step` each way, and
    /// on a failure the failing side moves out by twice the last step, again and again, until
    /// the step passes 1,000 units (then the full window), as Stockfish and Zataxx widen theirs.
    pub aspiration_step: Option<i32>,
}

/// A static evaluation: the score from the side to move, and whether the position is quiet
/// enough to stop searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    /// Score for the side to move, in the game's evaluation units (see [`score`]).
    pub score: i32,
    /// False when the side to move faces a threat, so the search looks one ply further.
    pub quiet: bool,
}

/// One cell of a board as the UI draws it. Not in the bots' bundles (no bot draws a board).
#[cfg(not(codingame_bundle))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CellView {
    /// The cell's name in the game's notation (what a move names).
    pub name: String,
    /// Board coordinates as the game's referee numbers them (Yavalath: `(x, y)` within rows).
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// 0 empty, 1 the first player's, 2 the second player's.
    pub owner: u8,
    /// A blocked square (Amazons' burned squares, Ataxx walls).
    pub wall: bool,
}

/// What a board UI needs beyond the rules: the cells to draw and words for results and moves.
/// Not in the bots' bundles.
#[cfg(not(codingame_bundle))]
pub trait Display: Game {
    /// Every cell, in the game's display order.
    fn cells(&self) -> Vec<CellView>;

    /// For a finished game: a short reason (`"four"`, `"three"`, `"full"`, ...) and the names of
    /// the cells that decided it (a winning line; may be empty).
    fn result_detail(&self) -> Option<(&'static str, Vec<String>)>;

    /// A note on a legal move here, such as `"steal"` or `"pass"`; `None` for ordinary moves.
    fn move_note(&self, _mv: Self::Move) -> Option<&'static str> {
        None
    }

    /// The position in the game's own notation, as a setup string [`Game::from_setup`] reads back
    /// (an Ataxx FEN, an Amazons, Yavalath or Connect 4 position string); `None` where a game has
    /// no such notation, or where a game refuses finished positions as setups and this one is
    /// finished (Yavalath, Connect 4).
    fn position_text(&self) -> Option<String> {
        None
    }

    /// The id of the draw rules this position plays under, for a game whose setups play under
    /// more than one set (Ataxx: `"codingame"` or `"engine"`, as `crate::info::ATAXX_FACTS`
    /// lists them); `None` for a game with one set of draw rules.
    fn draw_rules_id(&self) -> Option<&'static str> {
        None
    }
}

/// The moves of `line` (a principal variation, or any sequence starting at `pos`) in the game's
/// notation, one string a move. Each move is named in the position it is played from, which is
/// why this needs `pos`: notations such as Ataxx's single-square spawn depend on the board.
/// The moves must be legal in turn (a search's line is).
pub fn line_text<G: Game>(pos: &G, line: &[G::Move]) -> Vec<String> {
    let mut p = pos.clone();
    line.iter()
        .map(|&m| {
            let text = p.format_move(m);
            p.play(m);
            text
        })
        .collect()
}

/// Which search plays: iterative-deepening alpha-beta or Monte Carlo tree search. It is named
/// here, below the search, so that a game's [`Evaluate::DEFAULT_ENGINE`] can name its engine
/// without the rules importing the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum EngineKind {
    /// [`crate::search::Searcher`]: iterative-deepening alpha-beta.
    AlphaBeta,
    /// [`crate::search::Mcts`]: UCT with evaluation-cut playouts.
    Mcts,
}

impl EngineKind {
    /// Every engine, as the command line and the wasm API spell them.
    pub const NAMES: &'static [&'static str] = &["alphabeta", "mcts"];

    /// The name the command line and the wasm API use.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::AlphaBeta => "alphabeta",
            EngineKind::Mcts => "mcts",
        }
    }
}

impl std::fmt::Display for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for EngineKind {
    type Err = String;

    /// `alphabeta` (or `alpha-beta`, `ab`) or `mcts`, any case.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "alphabeta" | "alpha-beta" | "ab" => Ok(EngineKind::AlphaBeta),
            "mcts" => Ok(EngineKind::Mcts),
            other => Err(format!("unknown engine '{other}': use alphabeta or mcts")),
        }
    }
}
