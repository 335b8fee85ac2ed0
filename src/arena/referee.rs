//! One refereed match between two bot processes, as CodinGame runs it: each bot is a child
//! process speaking the game's protocol; the time limit runs from writing a turn's input to
//! reading the bot's line; every move is checked against the rules, whatever the bot claims.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::arena::cg::{Action, CgReferee, Rejected};
use crate::arena::openings::Opening;
use crate::game::{Outcome, Player};
use crate::play::Rng;

/// Time limits in ms: the first turn of each bot in each game, and every later turn.
#[derive(Clone, Copy, Debug)]
pub struct TimeLimits {
    /// The limit of each bot's first turn of a game, ms (CodinGame: 1000).
    pub first_turn_ms: u64,
    /// The limit of every later turn, ms (CodinGame: 100).
    pub turn_ms: u64,
}

impl Default for TimeLimits {
    fn default() -> Self {
        TimeLimits {
            first_turn_ms: 1000,
            turn_ms: 100,
        }
    }
}

/// How UAI engines (bots given as `uai:<command>`) are timed: a fixed time per move, or a clock
/// with an increment per colour and game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UaiTime {
    /// `go movetime N`: N ms for every move.
    MoveTime(u64),
    /// `go btime T wtime T binc I winc I` (libataxx's convention: `b` is `x`, the first player):
    /// each colour starts a game with `time_ms` and gains `inc_ms` after each of its moves.
    Clock {
        /// The clock of each colour at the start of a game, ms.
        time_ms: u64,
        /// The increment after each move, ms.
        inc_ms: u64,
    },
}

/// The limits of UAI engines in the arena. An engine loses on time when its `bestmove` comes
/// later than its movetime (or its remaining clock) plus `margin_ms`, measured from writing the
/// `go` line to reading `bestmove`; an engine given a node count (`nodes`) searches `go nodes N`
/// and loses on time only past `node_guard_ms`, a hang guard. The handshake (`uai`/`uaiok` once per process,
/// `uainewgame`+`isready`/`readyok` before each game) is not timed against the move but must
/// finish within `handshake_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UaiLimits {
    /// The time control.
    pub time: UaiTime,
    /// Grace past the movetime or the clock before a timeout, ms (default 100: descheduling on
    /// a loaded machine, pipes, process start).
    pub margin_ms: u64,
    /// The longest wait for `uaiok` or `readyok`, ms (default 10 000).
    pub handshake_ms: u64,
    /// A node count per bot (`[bot A, bot B]`, the order the bots were named in): a bot with
    /// one is sent `go nodes N` instead of the time control, so its play does not depend on the
    /// machine's load. Default: none.
    pub nodes: [Option<u64>; 2],
    /// The hang guard of a bot searching a node count: no `bestmove` within this many ms of the
    /// `go` line is a timeout (default 60 000: a count that takes 0.1 s idle took over 10 s at
    /// `nice 19` on a 2-core machine at a load average of 12).
    pub node_guard_ms: u64,
}

impl Default for UaiLimits {
    fn default() -> Self {
        UaiLimits {
            time: UaiTime::MoveTime(100),
            margin_ms: 100,
            handshake_ms: 10_000,
            nodes: [None, None],
            node_guard_ms: 60_000,
        }
    }
}

/// The prefix that marks a bot command as a UAI engine (`uai:/path/to/engine`); the rest is the
/// shell command.
pub const UAI_PREFIX: &str = "uai:";

/// How a refereed game ended. A fault loses the game for the player named (a colour of this
/// game, not a bot).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Played to the end under the rules.
    Finished(Outcome),
    /// `Player` did not answer within the limit (`ms` waited).
    Timeout(Player, u64),
    /// `Player`'s line could not be read as an action (a line over [`MAX_LINE_BYTES`] included).
    Unparsable(Player, String),
    /// `Player` answered with a move the rules do not allow.
    Illegal(Player, String),
    /// `Player`'s process ended or closed its output.
    Crash(Player, String),
    /// `Player`'s bot made an error in another game of the same match (Amazons), which loses
    /// every game of the match (`shared/rules.md` §3); the text describes that error.
    Forfeit(Player, String),
}

impl Verdict {
    /// The game's result: a fault loses for the player at fault.
    pub fn outcome(&self) -> Outcome {
        match self {
            Verdict::Finished(o) => *o,
            Verdict::Timeout(p, _)
            | Verdict::Unparsable(p, _)
            | Verdict::Illegal(p, _)
            | Verdict::Crash(p, _)
            | Verdict::Forfeit(p, _) => Outcome::Win(p.opponent()),
        }
    }

    /// The player at fault in this game, if any (a forfeit included).
    pub fn at_fault(&self) -> Option<Player> {
        match self.outcome() {
            Outcome::Win(winner) if !matches!(self, Verdict::Finished(_)) => {
                Some(winner.opponent())
            }
            _ => None,
        }
    }

    /// A short human description.
    pub fn describe(&self) -> String {
        let who = |p: &Player| format!("player {}", p.number());
        match self {
            Verdict::Finished(Outcome::Win(p)) => format!("{} wins", who(p)),
            Verdict::Finished(Outcome::Draw) => "draw".into(),
            Verdict::Timeout(p, ms) => format!("{} timed out (no answer in {ms} ms)", who(p)),
            Verdict::Unparsable(p, why) => format!("{} sent an unreadable action: {why}", who(p)),
            Verdict::Illegal(p, why) => format!("{} played an illegal move: {why}", who(p)),
            Verdict::Crash(p, why) => format!("{} crashed: {why}", who(p)),
            Verdict::Forfeit(p, why) => format!("{} forfeits: {why}", who(p)),
        }
    }
}

/// A record of one refereed game.
#[derive(Clone, Debug)]
pub struct Refereed {
    /// The setup string of the start position (see [`Game::from_setup`]).
    pub setup: String,
    /// Moves in the game's notation from the setup's start, opening included.
    pub moves: Vec<String>,
    /// How the game ended.
    pub verdict: Verdict,
    /// Each colour's response times in ms (`[first, second]`), sub-millisecond precision: one per
    /// answered turn, and a timed-out turn as the time waited (its limit, a lower bound). A
    /// crash adds no time.
    pub times_ms: [Vec<f64>; 2],
}

/// The longest line a bot may print, in bytes without the line end. A longer line is unreadable,
/// and the referee stops reading that bot, so a bot flooding its output cannot grow memory.
pub const MAX_LINE_BYTES: usize = 4096;

/// What the reader thread saw on a bot's output.
enum Output {
    Line(String),
    TooLong,
    Closed,
    Failed(String),
}

/// A running bot process, the leader of its own process group.
struct BotProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Output>,
    /// Spoken to over UAI (the command had [`UAI_PREFIX`]) rather than the CodinGame protocol.
    uai: bool,
}

impl BotProcess {
    /// Starts `command` through `sh -c` in a new process group (so dropping the bot ends the
    /// commands it started too); its stderr is discarded.
    fn start(command: &str) -> Result<BotProcess, String> {
        let (command, uai) = match command.strip_prefix(UAI_PREFIX) {
            Some(rest) => (rest, true),
            None => (command, false),
        };
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = mpsc::channel();
        // A reader thread turns the blocking pipe into a channel the referee can wait on with a
        // timeout.
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                let read = (&mut reader)
                    .take(MAX_LINE_BYTES as u64 + 1)
                    .read_until(b'\n', &mut buf);
                let output = match read {
                    Ok(0) => Output::Closed,
                    Err(e) => Output::Failed(e.to_string()),
                    Ok(_) if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE_BYTES => {
                        Output::TooLong
                    }
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf);
                        Output::Line(line.trim_end_matches(['\n', '\r']).to_string())
                    }
                };
                let more = matches!(output, Output::Line(_));
                if tx.send(output).is_err() || !more {
                    return;
                }
            }
        });
        Ok(BotProcess {
            child,
            stdin,
            lines: rx,
            uai,
        })
    }

    /// Writes `input` (unless empty), then reads lines until one passes `done` (which returns
    /// the answer) or `limit` runs out from the write; other lines (`info`, `id`, `option`) are
    /// skipped. Also returns the ms waited.
    fn await_line(
        &mut self,
        input: &str,
        limit: Duration,
        done: impl Fn(&str) -> Option<String>,
    ) -> (Result<String, TurnFault>, f64) {
        let t = Instant::now();
        if let Err(e) = self
            .stdin
            .write_all(input.as_bytes())
            .and_then(|_| self.stdin.flush())
        {
            return (Err(TurnFault::Crash(format!("stdin closed: {e}"))), 0.0);
        }
        loop {
            let left = limit.saturating_sub(t.elapsed());
            let answer = match self.lines.recv_timeout(left) {
                Ok(Output::Line(line)) => match done(&line) {
                    Some(answer) => Ok(answer),
                    None => continue,
                },
                Ok(Output::TooLong) => Err(TurnFault::TooLong),
                Ok(Output::Closed) => Err(TurnFault::Crash("closed its output".into())),
                Ok(Output::Failed(why)) => {
                    Err(TurnFault::Crash(format!("output unreadable: {why}")))
                }
                Err(RecvTimeoutError::Timeout) => Err(TurnFault::Timeout),
                Err(RecvTimeoutError::Disconnected) => Err(TurnFault::Crash("exited".into())),
            };
            return (answer, t.elapsed().as_secs_f64() * 1000.0);
        }
    }

    /// A UAI handshake step: writes `input` and waits for the line `reply` (`uaiok`,
    /// `readyok`). Errors: the verdict's text and whether it was a timeout.
    fn uai_handshake(&mut self, input: &str, reply: &str, limit_ms: u64) -> Result<(), Verdict0> {
        let (answer, _) = self.await_line(input, Duration::from_millis(limit_ms), |line| {
            (line.trim() == reply).then(String::new)
        });
        match answer {
            Ok(_) => Ok(()),
            Err(TurnFault::Timeout) => Err(Verdict0::Timeout(limit_ms)),
            Err(TurnFault::TooLong) => Err(Verdict0::Unparsable(format!(
                "a line longer than {MAX_LINE_BYTES} bytes while waiting for {reply}"
            ))),
            Err(TurnFault::Crash(why)) => {
                Err(Verdict0::Crash(format!("{why} (waiting for {reply})")))
            }
        }
    }

    /// Writes `input` and waits up to `limit` for one line; also returns the ms waited.
    fn ask(&mut self, input: &str, limit: Duration) -> (Result<String, TurnFault>, f64) {
        let t = Instant::now();
        if let Err(e) = self
            .stdin
            .write_all(input.as_bytes())
            .and_then(|_| self.stdin.flush())
        {
            return (Err(TurnFault::Crash(format!("stdin closed: {e}"))), 0.0);
        }
        let answer = match self.lines.recv_timeout(limit) {
            Ok(Output::Line(line)) => Ok(line),
            Ok(Output::TooLong) => Err(TurnFault::TooLong),
            Ok(Output::Closed) => Err(TurnFault::Crash("closed its output".into())),
            Ok(Output::Failed(why)) => Err(TurnFault::Crash(format!("output unreadable: {why}"))),
            Err(RecvTimeoutError::Timeout) => Err(TurnFault::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(TurnFault::Crash("exited".into())),
        };
        (answer, t.elapsed().as_secs_f64() * 1000.0)
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        // The whole group: `sh -c` may have started children that hold the pipes open. The
        // child is not yet reaped, so its pid (the group id) cannot have been reused.
        #[cfg(unix)]
        if let Ok(pgid) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group; no memory is
            // involved.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A verdict before the player is known (the UAI handshake).
enum Verdict0 {
    Timeout(u64),
    Unparsable(String),
    Crash(String),
}

impl Verdict0 {
    fn of(self, p: Player) -> Verdict {
        match self {
            Verdict0::Timeout(ms) => Verdict::Timeout(p, ms),
            Verdict0::Unparsable(why) => Verdict::Unparsable(p, why),
            Verdict0::Crash(why) => Verdict::Crash(p, why),
        }
    }
}

/// The `position` line for a UAI engine: the setup (a FEN; `startpos` for the standard one) and
/// the moves played since.
fn uai_position(setup: &str, moves: &[String]) -> String {
    let mut line = if setup == crate::protocol::uai::STARTPOS {
        "position startpos".to_string()
    } else {
        format!("position fen {setup}")
    };
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line.push('\n');
    line
}

enum TurnFault {
    Timeout,
    TooLong,
    Crash(String),
}

/// Plays one game of a match on `bots` (`bots[0]` plays `Player::First` when `bot0_first`).
/// `seen[i]` says bot `i` has had a turn earlier in the match (some referees send their
/// initial lines only once per match); the first-turn time limit applies to each bot's first
/// turn of every game. `rng` picks the moves of [`Action::Random`].
fn play_game<G: CgReferee>(
    opening: &Opening<G>,
    bots: &mut [BotProcess; 2],
    bot0_first: bool,
    seen: &mut [bool; 2],
    limits: TimeLimits,
    uai: UaiLimits,
    rng: &mut Rng,
) -> Refereed {
    let mut record = Refereed {
        setup: opening.setup.clone(),
        moves: opening.moves.clone(),
        verdict: Verdict::Finished(Outcome::Draw),
        times_ms: [Vec::new(), Vec::new()],
    };
    let mut pos = opening.position.clone();
    let mut first_turn_of_game = [true, true];
    let mut last = opening.last;
    let mut legal = Vec::new();
    let colour_of = |b: usize| match (b == 0) == bot0_first {
        true => Player::First,
        false => Player::Second,
    };
    for (b, process) in bots.iter_mut().enumerate().filter(|(_, p)| p.uai) {
        let mut step = || {
            if !seen[b] {
                process.uai_handshake("uai\n", "uaiok", uai.handshake_ms)?;
            }
            process.uai_handshake("uainewgame\nisready\n", "readyok", uai.handshake_ms)
        };
        if let Err(v) = step() {
            record.verdict = v.of(colour_of(b));
            return record;
        }
    }
    // The UAI clocks of the two colours, ms.
    let mut clock = match uai.time {
        UaiTime::Clock { time_ms, .. } => [time_ms; 2],
        UaiTime::MoveTime(_) => [0; 2],
    };
    loop {
        if let Some(outcome) = pos.outcome() {
            record.verdict = Verdict::Finished(outcome);
            return record;
        }
        let side = pos.to_move();
        let colour = side.index();
        let bot = colour ^ (!bot0_first) as usize;
        let is_uai = bots[bot].uai;
        let (answer, ms, limit_ms) = if is_uai {
            let (go, limit_ms) = match (uai.nodes[bot], uai.time) {
                (Some(n), _) => (format!("go nodes {n}\n"), uai.node_guard_ms),
                (None, UaiTime::MoveTime(n)) => (format!("go movetime {n}\n"), n + uai.margin_ms),
                (None, UaiTime::Clock { inc_ms, .. }) => (
                    format!(
                        "go btime {} wtime {} binc {inc_ms} winc {inc_ms}\n",
                        clock[0], clock[1]
                    ),
                    clock[colour] + uai.margin_ms,
                ),
            };
            let input = uai_position(&record.setup, &record.moves) + &go;
            let (answer, ms) =
                bots[bot].await_line(&input, Duration::from_millis(limit_ms), |line| {
                    let mut words = line.split_whitespace();
                    (words.next() == Some("bestmove")).then(|| words.next().unwrap_or("").into())
                });
            if let (UaiTime::Clock { inc_ms, .. }, Ok(_), None) =
                (uai.time, &answer, uai.nodes[bot])
            {
                clock[colour] = clock[colour].saturating_sub(ms as u64) + inc_ms;
            }
            (answer, ms, limit_ms)
        } else {
            let limit_ms = if first_turn_of_game[colour] {
                limits.first_turn_ms
            } else {
                limits.turn_ms
            };
            let input = pos.turn_input(side, !seen[bot], last);
            let (answer, ms) = bots[bot].ask(&input, Duration::from_millis(limit_ms));
            (answer, ms, limit_ms)
        };
        first_turn_of_game[colour] = false;
        seen[bot] = true;
        let action = match answer {
            Err(TurnFault::Crash(why)) => Err(Verdict::Crash(side, why)),
            Err(TurnFault::Timeout) => {
                record.times_ms[colour].push(ms);
                Err(Verdict::Timeout(side, limit_ms))
            }
            Err(TurnFault::TooLong) => {
                record.times_ms[colour].push(ms);
                let why = format!("a line longer than {MAX_LINE_BYTES} bytes");
                Err(Verdict::Unparsable(side, why))
            }
            Ok(line) => {
                record.times_ms[colour].push(ms);
                let read = match is_uai {
                    true => pos.parse_uai_move(&line).map(Action::Play),
                    false => pos.parse_action(&line),
                };
                match read {
                    Ok(action) => Ok(action),
                    Err(Rejected::Unreadable(why)) => Err(Verdict::Unparsable(side, why)),
                    Err(Rejected::Illegal(why)) => Err(Verdict::Illegal(side, why)),
                }
            }
        };
        let mv = match action {
            Ok(Action::Play(mv)) => mv,
            Ok(Action::Random) => {
                legal.clear();
                pos.legal_moves(&mut legal);
                legal[rng.below(legal.len())]
            }
            Err(verdict) => {
                record.verdict = verdict;
                return record;
            }
        };
        record.moves.push(pos.format_move(mv));
        pos.play(mv);
        last = Some(mv);
    }
}

/// Plays a match of [`CgReferee::GAMES_PER_MATCH`] games from `opening` between the processes of
/// `commands`, started once for the whole match. Colours swap every game; `commands[0]` plays
/// first in game 1 when `bot0_first`. `seed` seeds the referee's random moves. Returns each game
/// with whether `commands[0]` played first in it.
///
/// An error by a bot in any game loses every game of the match for it (`shared/rules.md` §3):
/// games after it are not played and, like games before it, get [`Verdict::Forfeit`].
pub fn referee_match<G: CgReferee>(
    opening: &Opening<G>,
    commands: [&str; 2],
    bot0_first: bool,
    limits: TimeLimits,
    seed: u64,
) -> Vec<(Refereed, bool)> {
    referee_match_uai(
        opening,
        commands,
        bot0_first,
        limits,
        UaiLimits::default(),
        seed,
    )
}

/// [`referee_match`] with the limits of UAI engines: a command starting with [`UAI_PREFIX`] is
/// a UAI engine (the rest is its shell command), timed by `uai` instead of `limits`. When one
/// of the bots is a UAI engine, the game is played under the engine world's rules
/// ([`CgReferee::uai_setup`]: Ataxx from its FEN, drawn at 100 halfmoves without a spawn) and
/// the records' setup is that FEN. A game with no UAI engines (all but Ataxx) gives a UAI bot a
/// crash verdict saying so.
pub fn referee_match_uai<G: CgReferee>(
    opening: &Opening<G>,
    commands: [&str; 2],
    bot0_first: bool,
    limits: TimeLimits,
    uai: UaiLimits,
    seed: u64,
) -> Vec<(Refereed, bool)> {
    let uai_bot = commands.iter().position(|c| c.starts_with(UAI_PREFIX));
    let converted;
    let opening = match uai_bot {
        None => opening,
        Some(b) => {
            let engine = match G::uai_setup(&opening.setup) {
                Some(Ok(setup)) => Opening::parse(&setup, &opening.moves.join(" ")),
                Some(Err(e)) => Err(e),
                None => Err(format!("{} has no UAI engines", G::NAME)),
            };
            match engine {
                Ok(o) => {
                    converted = o;
                    &converted
                }
                Err(why) => {
                    let first = (b == 0) == bot0_first;
                    let p = if first { Player::First } else { Player::Second };
                    let refereed = Refereed {
                        setup: opening.setup.clone(),
                        moves: opening.moves.clone(),
                        verdict: Verdict::Crash(p, format!("cannot start a UAI game: {why}")),
                        times_ms: [Vec::new(), Vec::new()],
                    };
                    return vec![(refereed, bot0_first)];
                }
            }
        }
    };
    let first_in = |g: usize| bot0_first == (g % 2 == 0);
    let colour_of = |bot: usize, g: usize| {
        if (bot == 0) == first_in(g) {
            Player::First
        } else {
            Player::Second
        }
    };
    let unplayed = |verdict: Verdict| Refereed {
        setup: opening.setup.clone(),
        moves: opening.moves.clone(),
        verdict,
        times_ms: [Vec::new(), Vec::new()],
    };
    let mut bots = match (
        BotProcess::start(commands[0]),
        BotProcess::start(commands[1]),
    ) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(why), _) => {
            return vec![(unplayed(Verdict::Crash(colour_of(0, 0), why)), first_in(0))]
        }
        (_, Err(why)) => {
            return vec![(unplayed(Verdict::Crash(colour_of(1, 0), why)), first_in(0))]
        }
    };
    let mut rng = Rng(seed);
    let mut seen = [false, false];
    let mut games: Vec<(Refereed, bool)> = Vec::new();
    // The first game with a fault, and the bot at fault.
    let mut fault: Option<(usize, usize)> = None;
    for g in 0..G::GAMES_PER_MATCH {
        let refereed = play_game(
            opening,
            &mut bots,
            first_in(g),
            &mut seen,
            limits,
            uai,
            &mut rng,
        );
        if let Some(p) = refereed.verdict.at_fault() {
            let bot = (0..2)
                .find(|&b| colour_of(b, g) == p)
                .expect("a bot has each colour");
            fault = Some((g, bot));
        }
        games.push((refereed, first_in(g)));
        if fault.is_some() {
            break;
        }
    }
    drop(bots);
    if let Some((g, bot)) = fault.filter(|_| G::GAMES_PER_MATCH > 1) {
        let why = format!(
            "its error in game {} of the match: {}",
            g + 1,
            games[g].0.verdict.describe()
        );
        for (h, (refereed, _)) in games.iter_mut().enumerate().filter(|(h, _)| *h != g) {
            refereed.verdict = Verdict::Forfeit(colour_of(bot, h), why.clone());
        }
        for h in games.len()..G::GAMES_PER_MATCH {
            games.push((
                unplayed(Verdict::Forfeit(colour_of(bot, h), why.clone())),
                first_in(h),
            ));
        }
    }
    games
}

/// Plays one game from `opening` between `commands[0]` (playing `Player::First`) and
/// `commands[1]`: the first game of [`referee_match`], with seed 0 for random moves.
pub fn referee_game<G: CgReferee>(
    opening: &Opening<G>,
    commands: [&str; 2],
    limits: TimeLimits,
) -> Refereed {
    referee_match(opening, commands, true, limits, 0)
        .swap_remove(0)
        .0
}
