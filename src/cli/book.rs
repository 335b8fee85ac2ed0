//! `boardlab book <game>`: computes the opening book of a game with the steal (Yavalath, Connect
//! 4 on 9x7) by deep search, with a progress bar, and writes it as the Rust table the engine
//! reads (`src/games/<game>/book_table.rs`).
//!
//! The book answers the first two turns. For each first move up to the board's symmetry (Yavalath:
//! 9 cells under the hexagon's 12 symmetries; Connect 4: the columns 0 to 4 under the mirror) the
//! position after it, the steal open, is searched once: its best move is the second player's
//! answer (the steal or a move), its score the first move's value for the second player. The
//! book's first move is the one whose value for the second player is lowest, i.e. the one least
//! worth stealing or answering. Every search has the same fixed depth, with a node cap as a
//! guard; it is single-threaded with a fresh table, so the book depends on its arguments only.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use boardlab::game::{line_text, Evaluate, Game};
use boardlab::games::connect4::solver::{SolveError, Solver};
use boardlab::games::connect4::{Connect4Cg, STEAL};
use boardlab::games::yavalath::book::{symmetry, SYMMETRIES};
use boardlab::games::yavalath::{cell_name, CELLS};
use boardlab::games::Yavalath;
use boardlab::search::{Limits, Score, Searcher};

use super::Failure;

#[derive(Args)]
pub struct BookArgs {
    /// The game: yavalath or connect4 (the CodinGame 9x7 board).
    #[arg(value_parser = ["yavalath", "connect4"])]
    pub game: String,
    /// Alpha-beta depth of each position's search, in plies (default: Yavalath 11, Connect 4
    /// 20: about 10 minutes each on a loaded 2-core machine).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node cap of each search, a guard for a depth that would take too long (the search then
    /// answers with its last completed iteration).
    #[arg(long, default_value_t = 400_000_000)]
    pub nodes: u64,
    /// Connect 4: time the exact solver gets on each position before the deep search, in ms
    /// (0: no solver). Where it finishes, the entry is exact.
    #[arg(long, default_value_t = 5_000)]
    pub solve_ms: u64,
    /// Transposition table size, MiB.
    #[arg(long, default_value_t = 256)]
    pub tt_mb: usize,
    /// Write the table to this Rust source file (default: src/games/<game>/book_table.rs).
    #[arg(long)]
    pub write: Option<PathBuf>,
}

/// One book entry: the first move (a representative of its class), the answer and how it was
/// found.
struct Entry {
    first: u8,
    answer: u8,
    /// The answer's value for the second player (the side to move after the first move), as
    /// text: the search's score, or the solver's result.
    value: String,
    /// The value as a number, higher better for the second player (see [`rank`]).
    rank: i64,
    /// How the entry was settled: `depth D, N nodes` or `solved exactly`.
    how: String,
    /// The answer's line (the principal variation), in the game's notation.
    line: Vec<String>,
}

/// A total order on scores (higher is better for the side to move): wins by length, then
/// evaluations and draws, then losses by length.
fn rank(score: Score) -> i64 {
    match score {
        Score::Win(n) => 1_000_000_000 - n as i64,
        Score::Loss(n) => -1_000_000_000 + n as i64,
        Score::Eval(v) => v as i64,
        Score::Draw => 0,
    }
}

fn bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} first moves, searching {msg} ({elapsed}, eta {eta})",
        )
        .expect("a valid template"),
    );
    bar
}

/// Prints `line` above the progress bar, or plainly when the bar is hidden (output not a
/// terminal), so a log keeps every entry.
fn say(progress: &ProgressBar, line: String) {
    if progress.is_hidden() {
        println!("{line}");
    } else {
        progress.println(line);
    }
}

/// Searches `pos` with alpha-beta to `depth` plies (at most `nodes` nodes) in a fresh table:
/// the best move, its score, the depth reached, the nodes and the line.
fn deep_search<G: Evaluate>(
    pos: &G,
    depth: u32,
    nodes: u64,
    tt_mib: usize,
    progress: &ProgressBar,
    label: &str,
) -> Result<(G::Move, Score, u32, u64, Vec<String>), String> {
    let mut searcher = Searcher::<G>::new(tt_mib);
    let limits = Limits {
        max_depth: Some(depth),
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    let result = searcher.search(pos, limits, |it| {
        progress.set_message(format!(
            "{label}: depth {} done, {} nodes",
            it.depth, it.nodes
        ));
    });
    let (Some(best), Some(last)) = (result.best, result.last) else {
        return Err(format!(
            "{label}: no iteration completed within {nodes} nodes"
        ));
    };
    Ok((
        best,
        last.score,
        last.depth,
        result.nodes,
        line_text(pos, &last.pv),
    ))
}

pub fn run(args: BookArgs) -> Result<(), Failure> {
    let started = Instant::now();
    let (entries, path, source) = match args.game.as_str() {
        "yavalath" => {
            let depth = args.depth.unwrap_or(11);
            let entries = yavalath_entries(depth, &args)?;
            let source = yavalath_source(&entries, depth, &args);
            (entries, "src/games/yavalath/book_table.rs", source)
        }
        _ => {
            let depth = args.depth.unwrap_or(20);
            let entries = connect4_entries(depth, &args)?;
            let source = connect4_source(&entries, depth, &args);
            (entries, "src/games/connect4/book_table.rs", source)
        }
    };
    let best = best_first(&entries);
    println!(
        "first move: {} (the second player's best: {}, {} for it)",
        entries[best].first_name(&args.game),
        entries[best].answer_name(&args.game),
        entries[best].value
    );
    let path = args.write.clone().unwrap_or_else(|| PathBuf::from(path));
    std::fs::write(&path, source).map_err(|e| format!("{}: {e}", path.display()))?;
    println!(
        "wrote {} in {:.0} s",
        path.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints a finished entry of `game` above the progress bar ([`say`]), keeps it and advances the bar.
fn report(progress: &ProgressBar, label: &str, game: &str, entry: Entry, entries: &mut Vec<Entry>) {
    say(
        progress,
        format!(
            "{label}: {} ({} for the second player; {}; {})",
            entry.answer_name(game),
            entry.value,
            entry.how,
            entry.line.join(" ")
        ),
    );
    entries.push(entry);
    progress.inc(1);
}

impl Entry {
    fn first_name(&self, game: &str) -> String {
        match game {
            "yavalath" => cell_name(self.first as usize),
            _ => self.first.to_string(),
        }
    }

    fn answer_name(&self, game: &str) -> String {
        let steal = match game {
            "yavalath" => self.answer == self.first,
            _ => self.answer == STEAL,
        };
        if steal {
            "steal".into()
        } else {
            self.first_name_of(game, self.answer)
        }
    }

    fn first_name_of(&self, game: &str, mv: u8) -> String {
        match game {
            "yavalath" => cell_name(mv as usize),
            _ => mv.to_string(),
        }
    }
}

/// The index of the entry whose first move leaves the second player the lowest score.
fn best_first(entries: &[Entry]) -> usize {
    (0..entries.len())
        .min_by_key(|&i| entries[i].rank)
        .expect("entries")
}

/// The smallest cell of each class of cells under the hexagon's symmetries: 9 cells.
fn yavalath_classes() -> Vec<u8> {
    (0..CELLS)
        .filter(|&c| (0..SYMMETRIES).all(|s| symmetry(c, s) >= c))
        .map(|c| c as u8)
        .collect()
}

fn yavalath_entries(depth: u32, args: &BookArgs) -> Result<Vec<Entry>, String> {
    let classes = yavalath_classes();
    let progress = bar(classes.len() as u64);
    let mut entries = Vec::new();
    for &first in &classes {
        let label = cell_name(first as usize);
        progress.set_message(label.clone());
        let pos = Yavalath::new(true).after(first);
        let (answer, score, reached, nodes, line) =
            deep_search(&pos, depth, args.nodes, args.tt_mb, &progress, &label)?;
        let entry = Entry {
            first,
            answer,
            value: score.to_string(),
            rank: rank(score),
            how: format!("depth {reached}, {nodes} nodes"),
            line,
        };
        report(&progress, &label, "yavalath", entry, &mut entries);
    }
    progress.finish_and_clear();
    Ok(entries)
}

fn connect4_entries(depth: u32, args: &BookArgs) -> Result<Vec<Entry>, String> {
    let progress = bar(5);
    let mut entries = Vec::new();
    let mut solver = Solver::<9, 7>::new(args.tt_mb);
    for first in 0..5u8 {
        let label = format!("column {first}");
        progress.set_message(label.clone());
        let pos = Connect4Cg::new(true).after(first);
        let solved = if args.solve_ms > 0 {
            solver.set_time_limit(Some(args.solve_ms));
            solver.reset_nodes();
            match solver.best_move(&pos) {
                Ok((mv, pons)) => Some((mv, pons)),
                Err(SolveError::Timeout) => None,
                Err(e) => return Err(format!("{label}: {e}")),
            }
        } else {
            None
        };
        let entry = match solved {
            Some((answer, pons)) => Entry {
                first,
                answer,
                value: match pons.signum() {
                    1 => "a proven win".into(),
                    0 => "a proven draw".into(),
                    _ => "a proven loss".into(),
                },
                rank: pons_rank(pons),
                how: format!("solved exactly (Pons score {pons:+})"),
                line: vec![pos.format_move(answer)],
            },
            None => {
                let (answer, score, reached, nodes, line) =
                    deep_search(&pos, depth, args.nodes, args.tt_mb, &progress, &label)?;
                let tried = if args.solve_ms > 0 {
                    format!(", the solver unfinished after {} ms", args.solve_ms)
                } else {
                    String::new()
                };
                Entry {
                    first,
                    answer,
                    value: score.to_string(),
                    rank: rank(score),
                    how: format!("depth {reached}, {nodes} nodes{tried}"),
                    line,
                }
            }
        };
        report(&progress, &label, "connect4", entry, &mut entries);
    }
    progress.finish_and_clear();
    Ok(entries)
}

/// A solver's score (Pons' convention: positive wins, the more chips left unplayed the higher)
/// on [`rank`]'s scale: a win above every evaluation, a sooner one higher; a draw 0.
fn pons_rank(pons: i32) -> i64 {
    match pons.signum() {
        0 => 0,
        sign => sign as i64 * 1_000_000_000 + pons as i64,
    }
}

/// The command line that regenerates the book with `args` at `depth`, for the table's header.
fn command(game: &str, depth: u32, args: &BookArgs) -> String {
    let solve = if game == "connect4" {
        format!(" --solve-ms {}", args.solve_ms)
    } else {
        String::new()
    };
    format!(
        "boardlab book {game} --depth {depth} --nodes {}{solve} --tt-mb {}",
        args.nodes, args.tt_mb
    )
}

fn yavalath_source(entries: &[Entry], depth: u32, args: &BookArgs) -> String {
    let best = &entries[best_first(entries)];
    let mut s = String::new();
    s.push_str(&format!(
        "//! Yavalath's opening book (the steal rule): written by `boardlab book yavalath` (do not edit\n\
         //! by hand): `{}`.\n\
         //! Each first cell up to the board's symmetry was searched once, the steal open, by alpha-beta\n\
         //! to depth {depth} (single-threaded, a fresh {} MiB table, at most {} nodes); the answer is the\n\
         //! search's best move, the score its value for the second player. The first cell is the one\n\
         //! whose score is lowest. Read by `book.rs`.\n\n",
        command("yavalath", depth, args),
        args.tt_mb,
        args.nodes
    ));
    s.push_str("use super::Cell;\n\n");
    s.push_str(&format!(
        "/// The first cell on the empty board: {} ({} for the second player, who answers {}).\n\
         pub(super) const FIRST: Cell = {};\n\n",
        cell_name(best.first as usize),
        best.value,
        best.answer_name("yavalath"),
        best.first
    ));
    s.push_str(
        "/// `(first cell, answer)` per class of first cells; the answer equals the first cell for a\n\
         /// steal. Above each: the answer's score for the second player and how it was found.\n",
    );
    s.push_str(&format!(
        "pub(super) const ANSWERS: [(Cell, Cell); {}] = [\n",
        entries.len()
    ));
    for e in entries {
        s.push_str(&format!(
            "    // {}: {}, {}; {}; line {}\n    ({}, {}),\n",
            cell_name(e.first as usize),
            e.answer_name("yavalath"),
            e.value,
            e.how,
            e.line.join(" "),
            e.first,
            e.answer,
        ));
    }
    s.push_str("];\n");
    s
}

fn connect4_source(entries: &[Entry], depth: u32, args: &BookArgs) -> String {
    let best = &entries[best_first(entries)];
    let mut s = String::new();
    s.push_str(&format!(
        "//! Connect 4's opening book (9x7, the steal rule): written by `boardlab book connect4` (do not\n\
         //! edit by hand): `{}`.\n\
         //! Each first column 0 to 4 (5 to 8 are their mirror images) was given to the exact solver for\n\
         //! {} ms, then, unsolved, searched once by alpha-beta to depth {depth} (single-threaded, a\n\
         //! fresh {} MiB table, at most {} nodes), the steal open; the answer is the best move, the\n\
         //! score its value for the second player. The first column is the one whose score is lowest.\n\
         //! Read by `book.rs`.\n\n",
        command("connect4", depth, args),
        args.solve_ms,
        args.tt_mb,
        args.nodes
    ));
    s.push_str("#[allow(unused_imports)]\nuse super::STEAL;\n\n");
    s.push_str(&format!(
        "/// The first column on the empty board: {} ({} for the second player, who answers {}).\n\
         pub(super) const FIRST: u8 = {};\n\n",
        best.first,
        best.value,
        best.answer_name("connect4"),
        best.first
    ));
    s.push_str(
        "/// The answer to a first chip in column 0 to 4: `STEAL` or a column. Above each: the answer's\n\
         /// score for the second player and how it was found.\n",
    );
    s.push_str("pub(super) const ANSWERS: [u8; 5] = [\n");
    for e in entries {
        let answer = if e.answer == STEAL {
            "STEAL".to_string()
        } else {
            e.answer.to_string()
        };
        s.push_str(&format!(
            "    // column {}: {}, {}; {}; line {}\n    {answer},\n",
            e.first,
            e.answer_name("connect4"),
            e.value,
            e.how,
            e.line.join(" ")
        ));
    }
    s.push_str("];\n");
    s
}
