//! The test side of a CodinGame bot: starts `boardlab bot <game>` as a child process, sends it one
//! turn's input at a time and reads its answer line, as a referee does; reads the recorded
//! transcripts in `tests/fixtures/<game>/`; checks the referee's time limits.

// Each test binary uses its own part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use boardlab::game::{Outcome, Player};

/// Starts `boardlab <args>` with piped stdin, stdout and stderr.
pub fn spawn_boardlab(args: &[&str]) -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardlab starts");
    let stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    (child, stdin, stdout)
}

/// Checks that a bot given `partial` input (a turn cut short) exits cleanly, printing nothing.
pub fn assert_exits_cleanly_mid_turn(game: &str, partial: &[u8]) {
    let mut bot = Bot::start(game, &[]);
    bot.send(partial);
    bot.finish();
}

/// Checks a whole game the bot played as `me`: it won, and answered every turn in time.
pub fn assert_won_in_time(me: Player, outcome: Outcome, times: &[TurnTime]) {
    assert_eq!(outcome, Outcome::Win(me), "the bot wins");
    assert_in_time(times);
}

/// How long a bot may take to answer before the test calls it stuck: a bot that waits for a
/// line the referee will never send fails here instead of hanging the test.
pub const STUCK_AFTER: Duration = Duration::from_secs(10);

/// A running `boardlab bot <game>` process. Only one runs at a time in a test binary (it holds
/// the lock of [`one_at_a_time`]): bots running side by side would share the cores and miss the
/// time limits for reasons of the test, not of the bot.
pub struct Bot {
    child: Child,
    pub stdin: ChildStdin,
    /// The bot's output lines, read by a thread so that a wait can time out.
    answers: Receiver<String>,
    reader: JoinHandle<()>,
    _one_at_a_time: MutexGuard<'static, ()>,
}

impl Bot {
    /// Starts `boardlab bot <game> <extra args>`.
    pub fn start(game: &str, extra: &[&str]) -> Bot {
        let one_at_a_time = one_at_a_time();
        let args: Vec<&str> = ["bot", game].iter().chain(extra).copied().collect();
        let (child, stdin, stdout) = spawn_boardlab(&args);
        let (tx, answers) = channel();
        let reader = std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Bot {
            child,
            stdin,
            answers,
            reader,
            _one_at_a_time: one_at_a_time,
        }
    }

    /// Sends raw bytes (possibly not UTF-8) without waiting for an answer.
    pub fn send(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads one answer line. Panics when the bot ends its output or has not answered within
    /// [`STUCK_AFTER`].
    pub fn answer(&mut self) -> String {
        match self.answers.recv_timeout(STUCK_AFTER) {
            Ok(line) => line.trim_end_matches('\r').to_string(),
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                panic!("the bot gave no answer within {STUCK_AFTER:?}: it waits for input")
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the bot ended its output instead of answering")
            }
        }
    }

    /// Sends one turn's text and returns the answer line and how long it took.
    pub fn turn(&mut self, input: &str) -> (String, TurnTime) {
        let cpu_before = self.cpu_time();
        let t = Instant::now();
        self.send(input.as_bytes());
        let answer = self.answer();
        let wall = t.elapsed();
        let cpu = self.cpu_time().zip(cpu_before).map(|(a, b)| a - b);
        (answer, TurnTime { wall, cpu })
    }

    /// The CPU time (user and system, all threads) the bot's process has used so far, read from
    /// `/proc/<pid>/stat` in clock ticks of 10 ms; `None` where there is no such file.
    fn cpu_time(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // The fields after the command name, which is in parentheses and may hold spaces:
        // state is field 3, utime and stime fields 14 and 15.
        let rest = stat.rsplit(')').next()?;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(Duration::from_millis(ticks * 1000 / CLOCK_TICKS_PER_S))
    }

    /// Closes stdin and returns what the bot wrote on stderr. The bot must exit cleanly, without
    /// a panic, and must not have printed more lines than it was asked for (one per turn).
    pub fn finish(self) -> String {
        let Bot {
            child,
            stdin,
            answers,
            reader,
            _one_at_a_time,
        } = self;
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        reader.join().unwrap();
        let rest: Vec<String> = answers.try_iter().collect();
        let log = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            out.status.success(),
            "the bot exits cleanly at the end of input: {log}"
        );
        assert!(!log.contains("panicked"), "{log}");
        assert!(
            rest.is_empty(),
            "the bot printed lines nobody asked for: {rest:?}\n{log}"
        );
        log
    }
}

/// The lock each [`Bot`] holds while it runs.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// The kernel's clock ticks per second for `/proc/<pid>/stat` times (USER_HZ, 100 on Linux).
const CLOCK_TICKS_PER_S: u64 = 100;

/// The referee's limit on a player's first turn, in ms.
pub const FIRST_TURN_LIMIT_MS: u64 = 1000;
/// The referee's limit on later turns, in ms.
pub const TURN_LIMIT_MS: u64 = 100;

/// How long one answer took.
#[derive(Clone, Copy, Debug)]
pub struct TurnTime {
    /// From the test writing the turn to reading the answer line, as the referee measures it.
    pub wall: Duration,
    /// The CPU time the bot's process used meanwhile (to the 10 ms tick), where the system
    /// tells it.
    pub cpu: Option<Duration>,
}

impl TurnTime {
    /// Whether the answer kept to the referee's `limit_ms`. The tests run on a shared 2-core
    /// machine, where a pipe write or the bot's wake-up can wait behind other work for longer
    /// than the whole 100 ms; so an answer late in wall time still passes when the bot's own CPU
    /// time stayed within the limit (one tick of slack for the counter), which shows the wait was
    /// the machine's and not the bot thinking too long, and the wall time stayed under the limit
    /// plus a second. A bot that thinks past its limit fails either way.
    pub fn within(&self, limit_ms: u64) -> bool {
        let limit = Duration::from_millis(limit_ms);
        let tick = Duration::from_millis(1000 / CLOCK_TICKS_PER_S);
        self.wall < limit
            || (self.wall < limit + Duration::from_secs(1)
                && self.cpu.is_some_and(|cpu| cpu <= limit + tick))
    }
}

/// Checks the answer times of one game: the first within [`FIRST_TURN_LIMIT_MS`], the others
/// within [`TURN_LIMIT_MS`] (see [`TurnTime::within`]).
pub fn assert_in_time(times: &[TurnTime]) {
    assert_in_time_from(times, |i| i == 0);
}

/// Checks answer times: those of the turns `first(i)` within [`FIRST_TURN_LIMIT_MS`], the others
/// within [`TURN_LIMIT_MS`] (see [`TurnTime::within`]).
pub fn assert_in_time_from(times: &[TurnTime], first: impl Fn(usize) -> bool) {
    for (i, t) in times.iter().enumerate() {
        let limit = if first(i) {
            FIRST_TURN_LIMIT_MS
        } else {
            TURN_LIMIT_MS
        };
        assert!(
            t.within(limit),
            "turn {} took {t:?} (limit {limit} ms)",
            i + 1
        );
    }
}

/// One turn of a recorded transcript.
#[derive(Clone, Debug)]
pub struct RecordedTurn {
    /// The referee's input lines, exactly as sent.
    pub lines: Vec<String>,
    /// The move the recorded game went on with (`None` when it ended there).
    pub played: Option<String>,
    /// Whether the bot must answer exactly `played` (`=` in the file) rather than any legal move
    /// (`>`).
    pub required: bool,
    /// 1-based line of the file where the turn starts, for messages.
    pub file_line: usize,
}

impl RecordedTurn {
    /// The input text: the lines, each with its newline.
    pub fn text(&self) -> String {
        self.lines.iter().map(|l| format!("{l}\n")).collect()
    }
}

/// A recorded transcript, `tests/fixtures/<game>/<name>.txt`.
///
/// Format: a turn is its input lines exactly as the referee sends them, closed by a line
/// `> MOVE` (the move the recorded game went on with; the bot may answer any legal move) or
/// `= MOVE` (the bot must answer exactly this), or `>` alone when the game went on with no move.
/// Lines starting with `//!` are `key: value` settings of the transcript, other lines starting
/// with `//` are comments.
#[derive(Clone, Debug)]
pub struct Transcript {
    /// The file's name without `.txt`.
    pub name: String,
    /// The `//! key: value` settings.
    pub settings: Vec<(String, String)>,
    pub turns: Vec<RecordedTurn>,
}

impl Transcript {
    /// The setting `key`. Panics when the file lacks it.
    pub fn setting(&self, key: &str) -> &str {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("{}: no '//! {key}:' line", self.name))
    }

    fn parse(name: &str, text: &str) -> Transcript {
        let mut settings = Vec::new();
        let mut turns = Vec::new();
        let mut lines = Vec::new();
        let mut start = 0;
        for (i, line) in text.lines().enumerate() {
            if let Some(setting) = line.strip_prefix("//!") {
                let (k, v) = setting
                    .split_once(':')
                    .unwrap_or_else(|| panic!("{name}:{}: '//! key: value'", i + 1));
                settings.push((k.trim().to_string(), v.trim().to_string()));
            } else if line.starts_with("//") {
            } else if let Some(rest) = line.strip_prefix('>').or(line.strip_prefix('=')) {
                let played = Some(rest.trim().to_string()).filter(|m| !m.is_empty());
                turns.push(RecordedTurn {
                    lines: std::mem::take(&mut lines),
                    played,
                    required: line.starts_with('='),
                    file_line: start + 1,
                });
            } else {
                if lines.is_empty() {
                    start = i;
                }
                lines.push(line.to_string());
            }
        }
        assert!(lines.is_empty(), "{name}: input after the last turn");
        assert!(!turns.is_empty(), "{name}: no turn");
        Transcript {
            name: name.to_string(),
            settings,
            turns,
        }
    }
}

/// Every transcript of `game`, by file name.
pub fn transcripts(game: &str) -> Vec<Transcript> {
    let dir = format!("{}/tests/fixtures/{game}", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no transcript in {dir}");
    paths
        .iter()
        .map(|p| (p, std::fs::read_to_string(p).unwrap()))
        // A data file beside the transcripts (connect4/pons_7x6.txt, `#` comments) is not one.
        .filter(|(_, text)| !text.starts_with('#'))
        .map(|(p, text)| {
            let name = p.file_stem().unwrap().to_string_lossy();
            Transcript::parse(&name, &text)
        })
        .collect()
}

/// The transcript `tests/fixtures/<game>/<name>.txt`.
pub fn transcript(game: &str, name: &str) -> Transcript {
    transcripts(game)
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no transcript {game}/{name}"))
}

/// Checks that the referee input BoardLab's arena writes for turn `i` of `transcript` is the
/// recorded text.
pub fn assert_arena_writes(transcript: &Transcript, i: usize, arena: &str) {
    assert_eq!(
        arena,
        transcript.turns[i].text(),
        "{} turn {}",
        transcript.name,
        i + 1
    );
}

/// Plays every transcript of `game` against the bot ([`replay_to_bot`] without extra
/// arguments; `legal` also gets the transcript) and checks that the well-formed input drew no
/// complaint on stderr: no `boardlab: line` message and none of `complaints`. Returns each
/// transcript's name with the bot's stderr.
pub fn replay_all(
    game: &str,
    legal: impl Fn(&Transcript, &RecordedTurn, &str) -> Result<(), String>,
    starts_game: impl Fn(&RecordedTurn) -> bool,
    complaints: &[&str],
) -> Vec<(String, String)> {
    transcripts(game)
        .iter()
        .map(|t| {
            let log = replay_to_bot(game, t, &[], |turn, a| legal(t, turn, a), &starts_game);
            for complaint in complaints.iter().chain(&["boardlab: line "]) {
                assert!(
                    !log.contains(complaint),
                    "{}: no complaint about well-formed input: {log}",
                    t.name
                );
            }
            (t.name.clone(), log)
        })
        .collect()
}

/// Plays `transcript` against a fresh `boardlab bot <game> <args>`: sends each recorded turn,
/// checks the answer with `legal(turn, answer)` (an error names what is wrong), that a required
/// answer is exactly the recorded one, and the time limits (the first turn, and each turn that
/// `starts_game` says begins a new game, get the first-turn limit). Returns the bot's stderr.
pub fn replay_to_bot(
    game: &str,
    transcript: &Transcript,
    args: &[&str],
    legal: impl Fn(&RecordedTurn, &str) -> Result<(), String>,
    starts_game: impl Fn(&RecordedTurn) -> bool,
) -> String {
    let mut bot = Bot::start(game, args);
    let mut times = Vec::new();
    for turn in &transcript.turns {
        let (answer, took) = bot.turn(&turn.text());
        times.push(took);
        let place = format!("{} (turn at line {})", transcript.name, turn.file_line);
        assert!(
            !answer.starts_with(' '),
            "{place}: a leading space in '{answer}'"
        );
        if let Err(e) = legal(turn, &answer) {
            panic!("{place}: the answer '{answer}' is not legal: {e}");
        }
        if turn.required {
            assert_eq!(Some(&answer), turn.played.as_ref(), "{place}");
        }
    }
    let log = bot.finish();
    assert_in_time_from(&times, |i| i == 0 || starts_game(&transcript.turns[i]));
    log
}
