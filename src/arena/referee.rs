//! One refereed game between two bot processes, as CodinGame runs it: each bot is a child
//! process speaking the game's protocol; the time limit runs from writing a turn's input to
//! reading the bot's line; every move is checked against the rules, whatever the bot claims.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{Game, Outcome, Player};

/// A game the arena can referee: the text a referee sends each turn and how it reads answers.
pub trait CgReferee: Game {
    /// The input for `player`'s turn in `pos`: `first_turn` is the player's first turn of the game
    /// (some referees send an id line then), `last` the opponent's previous move.
    fn turn_input(&self, player: Player, first_turn: bool, last: Option<Self::Move>) -> String;

    /// Games in one match, on the same start, with the same bot processes and colours swapped
    /// each game (Amazons: 2). The bots get `first_turn` input only once per match.
    const GAMES_PER_MATCH: usize = 1;

    /// Reads a bot's output line as the referee does. Errors: the text the verdict shows, and
    /// whether the line was unreadable (`true`) or a readable but illegal move (`false`).
    fn parse_action(&self, line: &str) -> Result<Self::Move, (bool, String)>;
}

/// Time limits in ms: the first turn of each bot, and every later turn.
#[derive(Clone, Copy, Debug)]
pub struct TimeLimits {
    pub first_turn_ms: u64,
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

/// How a refereed game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Played to the end under the rules.
    Finished(Outcome),
    /// `Player` did not answer within the limit (`ms` waited).
    Timeout(Player, u64),
    /// `Player`'s line could not be read as an action.
    Unparsable(Player, String),
    /// `Player` answered with a move the rules do not allow.
    Illegal(Player, String),
    /// `Player`'s process ended or closed its output.
    Crash(Player, String),
}

impl Verdict {
    /// The game's result: a fault loses for the player at fault.
    pub fn outcome(&self) -> Outcome {
        match self {
            Verdict::Finished(o) => *o,
            Verdict::Timeout(p, _)
            | Verdict::Unparsable(p, _)
            | Verdict::Illegal(p, _)
            | Verdict::Crash(p, _) => Outcome::Win(p.opponent()),
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
        }
    }
}

/// A record of one refereed game.
#[derive(Clone, Debug)]
pub struct Refereed {
    /// Moves in the game's notation from the start position, opening included.
    pub moves: Vec<String>,
    pub verdict: Verdict,
    /// Each player's answer times in ms (`[first, second]`).
    pub times_ms: [Vec<u64>; 2],
}

/// A running bot process.
struct BotProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, String>>,
}

impl BotProcess {
    /// Starts `command` through `sh -c`; its stderr is discarded.
    fn start(command: &str) -> Result<BotProcess, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
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
                let mut line = String::new();
                let sent = match reader.read_line(&mut line) {
                    Ok(0) => tx.send(Err("closed its output".to_string())),
                    Ok(_) => tx.send(Ok(line.trim_end_matches(['\n', '\r']).to_string())),
                    Err(e) => tx.send(Err(format!("output unreadable: {e}"))),
                };
                if sent.is_err() || line.is_empty() {
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

    /// Writes `input` and waits up to `limit` for one line.
    fn ask(&mut self, input: &str, limit: Duration) -> (Result<String, TurnFault>, u64) {
        let t = Instant::now();
        if let Err(e) = self
            .stdin
            .write_all(input.as_bytes())
            .and_then(|_| self.stdin.flush())
        {
            return (Err(TurnFault::Crash(format!("stdin closed: {e}"))), 0);
        }
        let answer = match self.lines.recv_timeout(limit) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(why)) => Err(TurnFault::Crash(why)),
            Err(RecvTimeoutError::Timeout) => Err(TurnFault::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(TurnFault::Crash("exited".into())),
        };
        (answer, t.elapsed().as_millis() as u64)
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

enum TurnFault {
    Timeout,
    Crash(String),
}

/// Plays one game of a match on `bots` (`bots[0]` plays `Player::First` when `bot0_first`).
/// `seen[i]` says bot `i` has had a turn earlier in the match (some referees send their
/// initial lines only once per match); the first-turn time limit applies to each bot's first
/// turn of every game.
fn play_game<G: CgReferee>(
    start: &G,
    opening: &[String],
    bots: &mut [BotProcess; 2],
    bot0_first: bool,
    seen: &mut [bool; 2],
    limits: TimeLimits,
) -> Refereed {
    let mut moves = opening.to_vec();
    let mut times_ms: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let mut pos = start.clone();
    let mut first_turn_of_game = [true, true];
    let mut last: Option<G::Move> = None;
    loop {
        if let Some(outcome) = pos.outcome() {
            return Refereed {
                moves,
                verdict: Verdict::Finished(outcome),
                times_ms,
            };
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
        let fault = match answer {
            Err(TurnFault::Timeout) => Some(Verdict::Timeout(side, limit_ms)),
            Err(TurnFault::Crash(why)) => Some(Verdict::Crash(side, why)),
            Ok(line) => {
                times_ms[colour].push(ms);
                match pos.parse_action(&line) {
                    Ok(mv) => {
                        moves.push(pos.format_move(mv));
                        pos.play(mv);
                        last = Some(mv);
                        None
                    }
                    Err((true, why)) => Some(Verdict::Unparsable(side, why)),
                    Err((false, why)) => Some(Verdict::Illegal(side, why)),
                }
            }
        };
        if let Some(verdict) = fault {
            return Refereed {
                moves,
                verdict,
                times_ms,
            };
        }
    }
}

impl Verdict {
    /// The same fault charged to the other colour: a bot at fault in one game of a match also
    /// loses the match's later games, where it plays the other colour.
    fn with_colours_swapped(&self) -> Verdict {
        match self.clone() {
            Verdict::Finished(o) => Verdict::Finished(o),
            Verdict::Timeout(p, ms) => Verdict::Timeout(p.opponent(), ms),
            Verdict::Unparsable(p, why) => {
                Verdict::Unparsable(p.opponent(), format!("{why} (earlier in the match)"))
            }
            Verdict::Illegal(p, why) => {
                Verdict::Illegal(p.opponent(), format!("{why} (earlier in the match)"))
            }
            Verdict::Crash(p, why) => {
                Verdict::Crash(p.opponent(), format!("{why} (earlier in the match)"))
            }
        }
    }
}

/// Plays a match of [`CgReferee::GAMES_PER_MATCH`] games from `start` (an opening already on the
/// board, given as `opening` move texts) between the processes of `commands`, started once for
/// the whole match. Colours swap every game; `commands[0]` plays first in game 1 when
/// `bot0_first`. Returns each game with whether `commands[0]` played first in it. An error in a
/// game loses the rest of the match too.
pub fn referee_match<G: CgReferee>(
    start: &G,
    opening: &[String],
    commands: [&str; 2],
    bot0_first: bool,
    limits: TimeLimits,
) -> Vec<(Refereed, bool)> {
    let crash = |bot: usize, why: String| {
        let colour = if (bot == 0) == bot0_first {
            Player::First
        } else {
            Player::Second
        };
        let refereed = Refereed {
            moves: opening.to_vec(),
            verdict: Verdict::Crash(colour, why),
            times_ms: [Vec::new(), Vec::new()],
        };
        vec![(refereed, bot0_first)]
    };
    let mut bots = match (
        BotProcess::start(commands[0]),
        BotProcess::start(commands[1]),
    ) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(why), _) => return crash(0, why),
        (_, Err(why)) => return crash(1, why),
    };
    let mut seen = [false, false];
    let mut games: Vec<(Refereed, bool)> = Vec::new();
    for g in 0..G::GAMES_PER_MATCH {
        let first = bot0_first == (g % 2 == 0);
        if let Some((previous, _)) = games
            .last()
            .filter(|(r, _)| !matches!(r.verdict, Verdict::Finished(_)))
        {
            let verdict = previous.verdict.with_colours_swapped();
            games.push((
                Refereed {
                    moves: opening.to_vec(),
                    verdict,
                    times_ms: [Vec::new(), Vec::new()],
                },
                first,
            ));
            continue;
        }
        games.push((
            play_game(start, opening, &mut bots, first, &mut seen, limits),
            first,
        ));
    }
    games
}

/// Plays one game from `start` between `commands[0]` (playing `Player::First`) and
/// `commands[1]`: the first game of [`referee_match`].
pub fn referee_game<G: CgReferee>(
    start: &G,
    opening: &[String],
    commands: [&str; 2],
    limits: TimeLimits,
) -> Refereed {
    referee_match(start, opening, commands, true, limits)
        .swap_remove(0)
        .0
}
