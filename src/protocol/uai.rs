//! `boardlab uai`: the Universal Ataxx Interface (UCI with "uai"), so Ataxx tools such as
//! cuteataxx or python-ataxx can run the engine.
//!
//! Commands: `uai`, `isready`, `setoption name Hash value <MiB>`, `setoption name Threads value
//! <N>` (Lazy SMP, see [`Searcher::set_threads`]; default 1), `uainewgame`,
//! `position startpos|fen <FEN> [moves <m1> <m2> ...]`, `go` with `movetime`, `depth`, `nodes`,
//! `infinite` and clocks, `stop`, `quit`, and `perft <depth>`, answered `nodes <count>` as
//! libataxx's `UAIEngine::perft` reads it (it runs on the reading thread, so it cannot be
//! stopped). Positions follow the engine world's rules
//! ([`Rules::Engine`]: the halfmove clock draws at 100, no repetition rule).
//!
//! Clocks come in two conventions; both are in ms:
//! - `btime`/`wtime`/`binc`/`winc` (libataxx): black = `x`, the first player; white = `o`.
//! - `rtime`/`btime`/`rinc`/`binc`: red = `x`, the first player; blue = `o`. A `go` that names
//!   `rtime` or `rinc` uses this one, so its `btime` is the second player's.
//!
//! The search runs on a worker thread; `stop` raises a [`StopFlag`] that the search reads every
//! 256 nodes, and the worker then prints `bestmove` (`0000` for a pass, and for a finished game).
//! `isready` is answered at once, even during a search, and `setoption` too (a new Hash size or
//! thread count applies from the next search). `movetime` is spent whole: the answer comes within its last
//! 5 % and never after it (see [`Go::limits`] for the reserves).
//!
//! Errors are `info string error: …` lines, and never leave the engine answering for a position
//! the runner did not send: a `position` with a bad FEN or an illegal move leaves no position, so
//! `go` then answers `bestmove 0000` after an error line (and `perft` `nodes 0`) until a
//! `position` or `uainewgame` is read. A `go` with an unknown word or an unreadable limit never
//! searches until `stop`: without a usable time limit it searches [`DEFAULT_BUDGET_MS`].

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::game::{Game, Player};
use crate::games::ataxx::{Ataxx, Rules};
use crate::protocol::{InputError, Lines};
use crate::search::{Iteration, Limits, Score, Searcher, StopFlag, DEFAULT_BUDGET_MS, MAX_THREADS};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = "BoardLab Ataxx";

/// The standard start in FEN.
pub const STARTPOS: &str = "x5o/7/7/7/7/7/o5x x 0 1";

/// The parameters of one `go` command. `None`: the command did not give that limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime`: the time for this move, in ms.
    pub movetime: Option<u64>,
    /// `depth`: the deepest iteration to search, in plies (capped at 1000).
    pub depth: Option<u32>,
    /// `nodes`: the most nodes to search (checked every 256 nodes, so it may pass by fewer
    /// than 256).
    pub nodes: Option<u64>,
    /// `infinite`: search until `stop`, ignoring the clocks.
    pub infinite: bool,
    /// Remaining clock time of the first (`x`) and second (`o`) player, in ms.
    pub time: [Option<u64>; 2],
    /// Increment per move of the first and second player, in ms.
    pub inc: [Option<u64>; 2],
    /// The command held an unknown word or an unreadable value. Such a command never searches
    /// without a time limit ([`Go::limits`]): the limit it lost may have been the only one, and a
    /// match runner waits for an answer rather than sending `stop`.
    pub flawed: bool,
}

impl Go {
    /// Reads the words after `go`. Unknown words and unreadable numbers (negative ones too) are
    /// skipped, set [`Go::flawed`] and are described in the returned list, which the caller
    /// prints as `info string error: …`.
    pub fn parse(words: &[&str]) -> (Go, Vec<String>) {
        let mut go = Go::default();
        let mut problems = Vec::new();
        let red_blue = words.iter().any(|w| *w == "rtime" || *w == "rinc");
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            let value = words.get(i + 1).and_then(|v| v.parse::<u64>().ok());
            let mut takes_value = true;
            match key {
                "movetime" => go.movetime = value,
                "depth" => go.depth = value.map(|v| v.min(1000) as u32),
                "nodes" => go.nodes = value,
                "rtime" => go.time[0] = value,
                "rinc" => go.inc[0] = value,
                "btime" if red_blue => go.time[1] = value,
                "binc" if red_blue => go.inc[1] = value,
                "btime" => go.time[0] = value,
                "binc" => go.inc[0] = value,
                "wtime" => go.time[1] = value,
                "winc" => go.inc[1] = value,
                "movestogo" => {}
                "infinite" => {
                    go.infinite = true;
                    takes_value = false;
                }
                other => {
                    problems.push(format!("unknown go parameter '{other}'"));
                    takes_value = false;
                }
            }
            if takes_value {
                if value.is_none() {
                    problems.push(format!("'{key}' needs a whole number of 0 or more"));
                }
                i += 2;
            } else {
                i += 1;
            }
        }
        go.flawed = !problems.is_empty();
        (go, problems)
    }

    /// Whether [`Go::limits`] gives the side `side` the default time limit
    /// ([`DEFAULT_BUDGET_MS`]) because the command named none it can use: a flawed command
    /// without `movetime` or that side's clock, or clocks given for the other side only. A
    /// plain `go` or `go infinite` is not flawed: it searches until `stop`.
    pub fn uses_default_time(&self, side: Player) -> bool {
        let clocks_given = self.time.iter().chain(&self.inc).any(Option::is_some);
        self.movetime.is_none()
            && self.time[side.index()].is_none()
            && (self.flawed || (clocks_given && !self.infinite))
    }

    /// The search limits for the side `side` to move, from [`crate::search::budget`]'s rules.
    /// `movetime` is spent whole: the search stops within its last 5 % (the reserve of
    /// [`Limits::stop_at_ms`], 1/20 of it and 2 to 50 ms, covers finishing the node and writing
    /// `bestmove`). A clock gives `time/25 + inc*3/4`, at most half the remaining time, less a
    /// 20 ms reserve for the answer's way to the runner. Without any limit the search runs until
    /// `stop`; a command with no usable time limit ([`Go::uses_default_time`]) gets
    /// [`DEFAULT_BUDGET_MS`] as its `movetime`.
    pub fn limits(&self, side: Player, stop: StopFlag) -> Limits {
        let time = if let Some(ms) = self.movetime {
            Limits::from_movetime_ms(ms)
        } else if let Some(t) = self.time[side.index()] {
            Limits::from_clock_ms(t, self.inc[side.index()].unwrap_or(0))
        } else if self.uses_default_time(side) {
            Limits::from_movetime_ms(DEFAULT_BUDGET_MS)
        } else {
            Limits::default()
        };
        let unlimited = self.infinite && !self.flawed;
        Limits {
            max_depth: self.depth,
            max_nodes: self.nodes,
            stop: Some(stop),
            ..if unlimited { Limits::default() } else { time }
        }
    }
}

/// Reads `position startpos|fen <FEN> [moves ...]` (the words after `position`).
/// Errors: a bad FEN or an illegal move (named with its number).
pub fn parse_position(words: &[&str]) -> Result<Ataxx, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &words[words.len()..]),
    };
    let fen = match setup.first() {
        Some(&"startpos") if setup.len() == 1 => STARTPOS.to_string(),
        Some(&"fen") if setup.len() > 1 => setup[1..].join(" "),
        _ => return Err("expected 'position startpos' or 'position fen <FEN>'".into()),
    };
    let mut pos = Ataxx::from_fen(&fen).map_err(|e| e.to_string())?;
    debug_assert_eq!(pos.rules(), Rules::Engine);
    for (i, m) in moves.iter().enumerate() {
        pos.play_text(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    Ok(pos)
}

/// The `info` line of one completed iteration.
pub fn info_line(pos: &Ataxx, it: &Iteration<crate::games::ataxx::Move>) -> String {
    let score = match it.score {
        Score::Eval(cp) => format!("cp {cp}"),
        Score::Draw => "cp 0".to_string(),
        Score::Win(plies) => format!("mate {}", plies.div_ceil(2)),
        Score::Loss(plies) => format!("mate -{}", plies.div_ceil(2)),
    };
    let mut p = pos.clone();
    let mut pv = String::new();
    for &m in &it.pv {
        if p.outcome().is_some() {
            break;
        }
        pv.push(' ');
        pv.push_str(&p.format_move(m));
        p.play(m);
    }
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {} pv{pv}",
        it.depth, it.seldepth, it.nodes, it.nps, it.elapsed_ms
    )
}

/// How long a search may still run once the input has ended, in ms, before it is stopped and
/// answers: a piped script (`go depth 6` then EOF) still gets a finished search, while an engine
/// whose match runner died does not think on for the rest of a long clock.
pub const EOF_GRACE_MS: u64 = 2000;

/// What `go`, `d` and `perft` answer after a rejected `position`: the runner's position is
/// unknown, and no move for another one may be sent.
const NO_POSITION: &str = "info string error: no position (the last position command was rejected)";

/// A search running on the worker thread.
struct Running {
    handle: JoinHandle<Searcher<Ataxx>>,
    /// Searches until `stop` (no limit at all).
    unlimited: bool,
    /// The searcher's table size, MiB.
    mib: usize,
}

/// One UAI session: reads commands from `input` until `quit` or the end of input, and writes
/// replies to `out` (shared with the search thread). At `quit` a running search is stopped; at
/// the end of input it may run on for [`EOF_GRACE_MS`] (an unlimited one is stopped at once),
/// then answers. Errors: only failures to write.
pub fn run<R: BufRead, W: Write + Send + 'static>(
    input: R,
    out: Arc<Mutex<W>>,
    tt_mib: usize,
) -> io::Result<()> {
    let say = |out: &Arc<Mutex<W>>, text: &str| -> io::Result<()> {
        let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(w, "{text}")?;
        w.flush()
    };
    let stop = StopFlag::new();
    let mut tt_mib = tt_mib.clamp(1, 4096);
    // Threads for the next search (`setoption name Threads`): the searcher's Lazy SMP helpers.
    let mut threads = 1;
    // The searcher and its table size; `setoption` during a search only changes `tt_mib`, and the
    // next `go` builds a table of that size (waiting for the search would deadlock `go infinite`).
    let mut searcher: Option<(Searcher<Ataxx>, usize)> = Some((Searcher::new(tt_mib), tt_mib));
    let mut worker: Option<Running> = None;
    // `None` after a rejected `position`: answering for the position before it would send a move
    // for another game.
    let mut pos = Some(Ataxx::from_fen(STARTPOS).expect("the start FEN is valid"));
    let mut quit = false;

    // Waits for a running search (after raising the stop flag when `halt`) and takes its
    // searcher back.
    let finish = |worker: &mut Option<Running>,
                  searcher: &mut Option<(Searcher<Ataxx>, usize)>,
                  halt: bool| {
        if let Some(running) = worker.take() {
            if halt {
                stop.raise();
            }
            *searcher = running.handle.join().ok().map(|s| (s, running.mib));
        }
    };

    let mut lines = Lines::new(input);
    loop {
        // Lines that are not UTF-8 are read lossily; the note goes out as `info string`.
        let mut note = Vec::new();
        let read = lines.next_line(&mut note);
        for text in String::from_utf8_lossy(&note).lines() {
            say(&out, &format!("info string {text}"))?;
        }
        let line = match read {
            Ok(l) => l,
            Err(InputError::Eof) => break,
            Err(InputError::Io(e)) => {
                say(&out, &format!("info string {e}"))?;
                break;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        match command {
            "uai" => {
                say(&out, &format!("id name {ENGINE_NAME}"))?;
                say(&out, "id author BoardLab")?;
                say(&out, "option name Hash type spin default 64 min 1 max 4096")?;
                say(
                    &out,
                    &format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
                )?;
                say(&out, "uaiok")?;
            }
            "isready" => say(&out, "readyok")?,
            "setoption" => {
                // setoption name Hash value N
                let name = words
                    .iter()
                    .position(|w| *w == "name")
                    .and_then(|i| words.get(i + 1));
                let value = words
                    .iter()
                    .position(|w| *w == "value")
                    .and_then(|i| words.get(i + 1))
                    .and_then(|v| v.parse::<usize>().ok());
                match (name, value) {
                    (Some(n), Some(v)) if n.eq_ignore_ascii_case("hash") => {
                        tt_mib = v.clamp(1, 4096);
                        if worker.is_some() {
                            say(&out, "info string Hash applies from the next search")?;
                        } else {
                            searcher = Some((Searcher::new(tt_mib), tt_mib));
                        }
                    }
                    (Some(n), Some(v)) if n.eq_ignore_ascii_case("threads") => {
                        threads = v.clamp(1, MAX_THREADS);
                        if worker.is_some() {
                            say(&out, "info string Threads applies from the next search")?;
                        }
                    }
                    _ => say(&out, &format!("info string unsupported option: {line}"))?,
                }
            }
            "uainewgame" => {
                finish(&mut worker, &mut searcher, true);
                if let Some((s, _)) = searcher.as_mut() {
                    s.clear();
                }
                pos = Some(Ataxx::from_fen(STARTPOS).expect("the start FEN is valid"));
            }
            "position" => {
                finish(&mut worker, &mut searcher, true);
                pos = match parse_position(&words[1..]) {
                    Ok(p) => Some(p),
                    Err(e) => {
                        say(&out, &format!("info string error: {e}"))?;
                        None
                    }
                };
            }
            "go" => {
                finish(&mut worker, &mut searcher, true);
                let (go, problems) = Go::parse(&words[1..]);
                for p in problems {
                    say(&out, &format!("info string error: {p}"))?;
                }
                let Some(pos) = pos.as_ref() else {
                    say(&out, NO_POSITION)?;
                    say(&out, "bestmove 0000")?;
                    continue;
                };
                if pos.outcome().is_some() {
                    say(&out, "info string the game is over")?;
                    say(&out, "bestmove 0000")?;
                    continue;
                }
                if go.uses_default_time(pos.to_move()) {
                    say(
                        &out,
                        &format!(
                            "info string error: no usable time limit for the side to move, \
                             searching {DEFAULT_BUDGET_MS} ms"
                        ),
                    )?;
                }
                stop.lower();
                let limits = go.limits(pos.to_move(), stop);
                let unlimited = limits.time_ms.is_none()
                    && limits.max_depth.is_none()
                    && limits.max_nodes.is_none();
                let mib = tt_mib;
                let mut s = match searcher.take() {
                    Some((s, had)) if had == mib => s,
                    _ => Searcher::new(mib),
                };
                s.set_threads(threads);
                let p = pos.clone();
                let out = Arc::clone(&out);
                let handle = std::thread::spawn(move || {
                    let result = s.search(&p, limits, |it| {
                        let line = info_line(&p, it);
                        let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
                        let _ = writeln!(w, "{line}");
                        let _ = w.flush();
                    });
                    let best = result
                        .best
                        .map(|m| p.format_move(m))
                        .unwrap_or_else(|| "0000".into());
                    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
                    let _ = writeln!(w, "bestmove {best}");
                    let _ = w.flush();
                    s
                });
                worker = Some(Running {
                    handle,
                    unlimited,
                    mib,
                });
            }
            "stop" => finish(&mut worker, &mut searcher, true),
            "perft" => {
                finish(&mut worker, &mut searcher, true);
                match (
                    pos.as_ref(),
                    words.get(1).and_then(|d| d.parse::<u32>().ok()),
                ) {
                    (None, _) => {
                        // A perft reader waits for a `nodes` line: give one it cannot mistake
                        // for a count after the error.
                        say(&out, NO_POSITION)?;
                        say(&out, "nodes 0")?;
                    }
                    (Some(p), Some(depth)) => {
                        say(&out, &format!("nodes {}", crate::perft::perft(p, depth)))?
                    }
                    (Some(_), None) => {
                        say(&out, "info string perft needs a depth (a whole number)")?
                    }
                }
            }
            "quit" => {
                quit = true;
                break;
            }
            "d" | "print" => match &pos {
                Some(p) => say(&out, &format!("info string fen {}", p.fen()))?,
                None => say(&out, NO_POSITION)?,
            },
            _ => say(&out, &format!("info string unknown command: {line}"))?,
        }
    }
    // At `quit`, or at the end of input for a search without a limit: stop now. Otherwise the
    // search may end by itself within the grace time (so a piped script gets its whole answer).
    if let Some(running) = &worker {
        if !(quit || running.unlimited) {
            let deadline = std::time::Instant::now() + Duration::from_millis(EOF_GRACE_MS);
            while !running.handle.is_finished() && std::time::Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
    finish(&mut worker, &mut searcher, true);
    Ok(())
}
