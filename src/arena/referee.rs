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
}

impl BotProcess {
    /// Starts `command` through `sh -c` in a new process group (so dropping the bot ends the
    /// commands it started too); its stderr is discarded.
    fn start(command: &str) -> Result<BotProcess, String> {
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
        })
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
    loop {
        if let Some(outcome) = pos.outcome() {
            record.verdict = Verdict::Finished(outcome);
            return record;
        }
        let side = pos.to_move();
        let colour = side.index();
        let bot = colour ^ (!bot0_first) as usize;
        let limit_ms = if first_turn_of_game[colour] {
            limits.first_turn_ms
        } else {
            limits.turn_ms
        };
        let input = pos.turn_input(side, !seen[bot], last);
        first_turn_of_game[colour] = false;
        seen[bot] = true;
        let (answer, ms) = bots[bot].ask(&input, Duration::from_millis(limit_ms));
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
                match pos.parse_action(&line) {
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
        let refereed = play_game(opening, &mut bots, first_in(g), &mut seen, limits, &mut rng);
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
