//! `boardlab uai` on hostile sessions, in-process: garbage commands and bytes, bad FENs, illegal
//! moves in `position`, `go` with absurd or unreadable limits, `stop`/`go`/`setoption` during
//! searches, end of input without `quit`. Checked: no panic, the session ends (a hang guard, not
//! a time limit), every `go` gets one `bestmove`, legal in the last accepted position, or `0000`
//! after an error line when the last position was rejected. The long run (`make fuzz`) also
//! times each `go` that has a finite or unreadable limit, from the moment the engine read it to
//! its `bestmove`, against that limit plus a margin.

use std::io::{BufRead, Read, Write};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use boardlab::search::DEFAULT_BUDGET_MS;

use boardlab::game::Game;
use boardlab::games::ataxx::Ataxx;
use boardlab::play::Rng;
use boardlab::protocol::uai::{self, parse_position};
use proptest::prelude::*;

/// One command of a session and the position it leaves (`None`: no position, after a rejected
/// one), when it sets one.
fn command(rng: &mut Rng, position: &mut Option<Ataxx>) -> Vec<u8> {
    let set = |words: &str, position: &mut Option<Ataxx>| {
        let w: Vec<&str> = words.split_whitespace().collect();
        *position = parse_position(&w).ok();
        format!("position {words}").into_bytes()
    };
    match rng.below(16) {
        0..=3 => {
            // A real game's position, sometimes with an illegal move or a broken FEN.
            let mut pos = Ataxx::start();
            let mut moves = Vec::new();
            let mut text = Vec::new();
            for _ in 0..rng.below(16) {
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                if pos.outcome().is_some() || legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len())];
                text.push(pos.format_move(mv));
                pos.play(mv);
                moves.push(mv);
            }
            let setup = match rng.below(4) {
                0 => format!("fen {}", Ataxx::start().fen()),
                1 => "fen x5o/7/9/7 x 0 1".to_string(),
                2 => "fen x5o/7/7/7/7/7/o5x q -3 zz".to_string(),
                _ => "startpos".to_string(),
            };
            if rng.below(4) == 0 {
                text.push(["a1", "d4d4", "h9", "0000", "a7a7"][rng.below(5)].to_string());
            }
            set(&format!("{setup} moves {}", text.join(" ")), position)
        }
        4..=7 => {
            let go = [
                "go depth 2",
                "go movetime 5",
                "go movetime -5",
                "go depth abc",
                "go nodes 2000",
                "go wtime 30 btime 30",
                "go wtime 1000000000 btime 1000000000",
                "go movetime 99999999999999999999999",
                "go infinite",
                "go",
                "go sideways 3",
                "go winc -1 binc -1 wtime 5 btime 5",
            ];
            go[rng.below(go.len())].as_bytes().to_vec()
        }
        8 | 9 => b"stop".to_vec(),
        10 => b"isready".to_vec(),
        11 => b"setoption name Hash value 4".to_vec(),
        12 => {
            *position = Some(Ataxx::start());
            b"uainewgame".to_vec()
        }
        13 => {
            let line = ["d", "perft 2", "uai", "setoption name Nothing", "position"][rng.below(5)];
            if line == "position" {
                // A position command without a position is rejected: none is left.
                *position = None;
            }
            line.as_bytes().to_vec()
        }
        _ => {
            // Garbage: NUL, invalid UTF-8, control bytes, and sometimes a long line.
            let len = if rng.below(8) == 0 {
                100_000
            } else {
                1 + rng.below(30)
            };
            (0..len)
                .map(|_| match rng.below(4) {
                    0 => 0,
                    1 => 0x80 + rng.below(0x80) as u8,
                    _ => b' ' + rng.below(95) as u8,
                })
                .collect()
        }
    }
}

/// The longest a `go` of [`command`] may think, in ms, by the limits `protocol::uai` documents:
/// `movetime` whole, a clock at most half the time left, an unreadable limit or unknown word
/// [`DEFAULT_BUDGET_MS`], and that too for the fast depth and node limits; `None` for the ones
/// that may search until `stop` (none, `infinite`, a clock of eleven days).
fn time_limit_ms(go: &[u8]) -> Option<u64> {
    match go {
        b"go movetime 5" => Some(5),
        b"go wtime 30 btime 30" => Some(15),
        b"go winc -1 binc -1 wtime 5 btime 5" => Some(3),
        b"go movetime -5"
        | b"go depth abc"
        | b"go movetime 99999999999999999999999"
        | b"go sideways 3"
        | b"go depth 2"
        | b"go nodes 2000" => Some(DEFAULT_BUDGET_MS),
        _ => None,
    }
}

/// The script as the engine reads it, noting when it has read each whole line.
struct TimedInput {
    data: Vec<u8>,
    pos: usize,
    read_at: Arc<Mutex<Vec<Instant>>>,
}

impl Read for TimedInput {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let buf = self.fill_buf()?;
            let n = buf.len().min(out.len());
            out[..n].copy_from_slice(&buf[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for TimedInput {
    /// At most the rest of one line, so that a line counts as read only when the engine takes it.
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let rest = &self.data[self.pos..];
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |i| i + 1);
        Ok(&rest[..end])
    }
    fn consume(&mut self, n: usize) {
        let newlines = self.data[self.pos..self.pos + n]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let now = Instant::now();
        self.read_at
            .lock()
            .unwrap()
            .extend((0..newlines).map(|_| now));
        self.pos += n;
    }
}

/// The engine's output, noting when each whole line was written.
#[derive(Default)]
struct TimedOutput {
    text: Vec<u8>,
    written_at: Vec<Instant>,
}

impl Write for TimedOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.text.extend_from_slice(buf);
        let now = Instant::now();
        let newlines = buf.iter().filter(|&&b| b == b'\n').count();
        self.written_at.extend((0..newlines).map(|_| now));
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What a sound session measured: how many `go` had a time limit, and by how much the latest
/// `bestmove` came after its `go`'s limit (ms; negative when all came within).
#[derive(Clone, Copy, Debug)]
struct Timing {
    timed: u64,
    worst_over_ms: f64,
}

/// Runs one session of `n` commands from `seed` and checks it; with `margin_ms`, also that every
/// `go` with a time limit ([`time_limit_ms`]) was answered within it plus the margin.
fn session(seed: u64, n: usize, margin_ms: Option<f64>) -> Result<Timing, String> {
    let mut rng = Rng(seed | 1);
    let mut position = Some(Ataxx::start());
    let mut script = b"position startpos\n".to_vec();
    // The position each `go` searches, the line the `go` is on and its time limit.
    let mut searched: Vec<Option<Ataxx>> = Vec::new();
    let mut go_lines: Vec<(usize, Option<u64>)> = Vec::new();
    for _ in 0..n {
        let line = command(&mut rng, &mut position);
        if line.starts_with(b"go") {
            searched.push(position.clone());
            let line_no = script.iter().filter(|&&b| b == b'\n').count();
            go_lines.push((line_no, time_limit_ms(&line)));
            // A long or unbounded search gets a stop now and then; the rest end at their limit,
            // their default, or at the end of input.
            if rng.below(2) == 0 {
                script.extend_from_slice(&line);
                script.extend_from_slice(b"\nstop");
                script.push(b'\n');
                continue;
            }
        }
        script.extend_from_slice(&line);
        script.extend_from_slice(if rng.below(8) == 0 { b"\r\n" } else { b"\n" });
    }
    let out = Arc::new(Mutex::new(TimedOutput::default()));
    let (tx, rx) = mpsc::channel();
    let sink = Arc::clone(&out);
    let read_at = Arc::new(Mutex::new(Vec::new()));
    let input = TimedInput {
        data: script.clone(),
        pos: 0,
        read_at: Arc::clone(&read_at),
    };
    std::thread::spawn(move || {
        let result = uai::run(input, sink, 4);
        let _ = tx.send(result.map_err(|e| e.to_string()));
    });
    match rx.recv_timeout(Duration::from_secs(120)) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(format!("the session failed: {e}")),
        Err(mpsc::RecvTimeoutError::Disconnected) => return Err("panicked".into()),
        Err(mpsc::RecvTimeoutError::Timeout) => return Err("no end within 120 s".into()),
    }
    let (output, written_at) = {
        let out = out.lock().unwrap();
        (
            String::from_utf8_lossy(&out.text).into_owned(),
            out.written_at.clone(),
        )
    };
    let read_at = read_at.lock().unwrap().clone();
    let lines: Vec<&str> = output.lines().collect();
    let bests: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("bestmove"))
        .collect();
    let script = String::from_utf8_lossy(&script).into_owned();
    let script: String = script.lines().map(|l| format!("{:.80}\n", l)).collect();
    if bests.len() != searched.len() {
        return Err(format!(
            "{} go, {} bestmove\n{script}\n{output}",
            searched.len(),
            bests.len()
        ));
    }
    let mut timing = Timing {
        timed: 0,
        worst_over_ms: f64::NEG_INFINITY,
    };
    for (&at, &(line_no, limit)) in bests.iter().zip(&go_lines) {
        let (Some(limit), Some(read), Some(written)) =
            (limit, read_at.get(line_no), written_at.get(at))
        else {
            continue;
        };
        let over = written.saturating_duration_since(*read).as_secs_f64() * 1000.0 - limit as f64;
        timing.timed += 1;
        timing.worst_over_ms = timing.worst_over_ms.max(over);
        if margin_ms.is_some_and(|m| over > m) {
            return Err(format!(
                "'{}' came {over:.1} ms after the {limit} ms limit of line {line_no}\n{script}\n{output}",
                lines[at]
            ));
        }
    }
    for (&at, pos) in bests.iter().zip(&searched) {
        let best = lines[at].trim_start_matches("bestmove").trim();
        let best = best.split_whitespace().next().unwrap_or("");
        let ok = match pos {
            None => best == "0000" && at > 0 && lines[at - 1].starts_with("info string error"),
            Some(pos) => {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                let stuck = pos.outcome().is_some() || moves.iter().all(|m| m.is_pass());
                if best == "0000" {
                    stuck
                } else {
                    !stuck && pos.parse_move(best).is_ok()
                }
            }
        };
        if !ok {
            return Err(format!(
                "'{}' for {:?}\n{script}\n{output}",
                lines[at],
                pos.as_ref().map(|p| p.fen())
            ));
        }
    }
    Ok(timing)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn hostile_uai_sessions_end_and_every_go_gets_a_legal_bestmove_or_0000(seed in any::<u64>()) {
        // No timing here: `make test` may run on a loaded machine (only the hang guard).
        let result = session(seed, 12, None);
        prop_assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
}

/// `make fuzz` runs this too: `FUZZ_RUNS` sessions (default 2000) of 20 commands, each `go` with a
/// time limit answered within it plus `UAI_MARGIN_MS` (default 250 ms: on the shared 2-core
/// machine at a load of about 12 the scheduler alone held answers up to 232 ms, and 11 of 7,355
/// past 100 ms; the summary line gives the worst case seen).
#[test]
#[ignore]
fn uai_fuzz_sessions() {
    let runs: u64 = std::env::var("FUZZ_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let margin: f64 = std::env::var("UAI_MARGIN_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(250.0);
    let mut failed = Vec::new();
    let (mut timed, mut worst) = (0, f64::NEG_INFINITY);
    for seed in 0..runs {
        match session(seed * 7919 + 1, 20, Some(margin)) {
            Ok(t) => {
                timed += t.timed;
                worst = worst.max(t.worst_over_ms);
            }
            Err(e) => failed.push(format!("seed {}: {e}", seed * 7919 + 1)),
        }
    }
    let _ = writeln!(
        std::io::stdout(),
        "uai: {runs} sessions, {} failed; {timed} go with a time limit, the latest bestmove \
         {worst:+.1} ms after its limit (margin {margin} ms)",
        failed.len()
    );
    assert!(
        failed.is_empty(),
        "{}",
        failed[..failed.len().min(3)].join("\n\n")
    );
}
