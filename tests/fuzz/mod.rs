//! The fuzz harness of the CodinGame bots: referee transcripts written by the arena's referee
//! side (the code that a test checks against the recorded transcripts in `tests/fixtures`) from
//! random games, damaged in 1–3 turns (lines dropped, duplicated, swapped or truncated, garbage
//! bytes with NUL and invalid UTF-8, 1 MB lines, CRLF, out-of-range cells, wrong `lastAction`s,
//! impossible boards, end of input mid-turn), fed to the bot in-process one turn at a time as a
//! referee would: the next turn's bytes exist only once the bot asks for more input.
//!
//! Checked: no panic, no hang (a guard of many seconds, not a time limit), every output line
//! readable by the referee, at most one line per turn, and on every undamaged turn a legal move
//! for that turn's true position; the turns right after damage are counted apart (the first one
//! may lose to the damage: its lines may be needed to finish reading the damaged turn).

#![allow(dead_code)]

use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use boardlab::arena::{Action, CgReferee, Rejected};
use boardlab::game::{Game, Player};
use boardlab::games::amazons::Amazons;
use boardlab::games::ataxx::Ataxx;
use boardlab::games::connect4::Connect4Cg;
use boardlab::games::Yavalath;
use boardlab::play::Rng;
use boardlab::protocol::{run_bot, BotConfig};

/// The four bots, by their `boardlab bot` name.
pub const GAMES: [&str; 4] = ["yavalath", "connect4", "amazons", "ataxx"];

/// One turn the referee sends: its lines, and how the referee reads an answer to it (the true
/// position's check: `Ok(())` legal, `Err(true)` unreadable, `Err(false)` illegal).
pub struct Chunk {
    pub lines: Vec<Vec<u8>>,
    pub crlf: bool,
    /// The turn's whole text instead of `lines` (cut mid-line at the end of input).
    pub raw: Option<Vec<u8>>,
    pub damaged: bool,
    judge: Arc<dyn Fn(&str) -> Result<(), bool> + Send + Sync>,
}

impl Chunk {
    fn bytes(&self) -> Vec<u8> {
        if let Some(raw) = &self.raw {
            return raw.clone();
        }
        let mut out = Vec::new();
        for line in &self.lines {
            out.extend_from_slice(line);
            out.extend_from_slice(if self.crlf { b"\r\n" } else { b"\n" });
        }
        out
    }
}

fn judge_of<G: CgReferee + Clone + Send + Sync + 'static>(
    pos: &G,
) -> Arc<dyn Fn(&str) -> Result<(), bool> + Send + Sync> {
    let pos = pos.clone();
    Arc::new(move |line: &str| match pos.parse_action(line) {
        Ok(Action::Play(_)) | Ok(Action::Random) => Ok(()),
        Err(Rejected::Unreadable(_)) => Err(true),
        Err(Rejected::Illegal(_)) => Err(false),
    })
}

/// A random match of `G` from `start` as the referee writes it for the player `me` (colours
/// swapped each game of a multi-game match), at most `max_turns` turns of the bot per game. Both
/// sides play random moves (the bot's answers do not change what it is sent next: the
/// transcript is fixed, as a recorded one is).
fn random_match<G: CgReferee + Clone + Send + Sync + 'static>(
    start: &G,
    me: Player,
    max_turns: usize,
    rng: &mut Rng,
) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut first_turn = true;
    let mut moves = Vec::new();
    for game in 0..G::GAMES_PER_MATCH {
        let me = if game % 2 == 0 { me } else { me.opponent() };
        let mut pos = start.clone();
        let mut last = None;
        let mut turns = 0;
        while pos.outcome().is_none() && turns < max_turns {
            if pos.to_move() == me {
                let text = pos.turn_input(me, first_turn, last);
                first_turn = false;
                turns += 1;
                chunks.push(Chunk {
                    lines: text.lines().map(|l| l.as_bytes().to_vec()).collect(),
                    crlf: false,
                    raw: None,
                    damaged: false,
                    judge: judge_of(&pos),
                });
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            pos.play(mv);
            last = Some(mv);
        }
    }
    chunks
}

/// `plies` random moves from `pos` (fewer when the game ends).
fn random_plies<G: Game>(mut pos: G, plies: usize, rng: &mut Rng) -> G {
    let mut moves = Vec::new();
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        pos.play(moves[rng.below(moves.len())]);
    }
    pos
}

/// A fresh undamaged transcript of `game` for `seed`: the bot's seat, the start (Amazons: a
/// dealt start; Ataxx: a seeded wall layout or none, joined after 0–40 random plies, rows in
/// either order) and the random moves all come from the seed.
pub fn transcript(game: &str, seed: u64, max_turns: usize) -> Vec<Chunk> {
    let mut rng = Rng(seed ^ 0x9e37_79b9_7f4a_7c15);
    let me = if rng.below(2) == 0 {
        Player::First
    } else {
        Player::Second
    };
    match game {
        "yavalath" => {
            let start = random_plies(Yavalath::start(), rng.below(2), &mut rng);
            random_match(&start, me, max_turns, &mut rng)
        }
        "connect4" => {
            let start = random_plies(Connect4Cg::start(), rng.below(2), &mut rng);
            random_match(&start, me, max_turns, &mut rng)
        }
        "amazons" => {
            let start = Amazons::from_seed(rng.below(1 << 30) as i64);
            // Games cut short so that game 2 comes within the turn budget.
            random_match(&start, me, max_turns / 2, &mut rng)
        }
        "ataxx" => {
            let setup = match rng.below(2) {
                0 => "start".to_string(),
                _ => format!("walls:{}", rng.below(1000)),
            };
            let start = Ataxx::from_setup(&setup).unwrap_or_else(|_| Ataxx::start());
            let start = random_plies(start, [0, 2, 10, 40][rng.below(4)], &mut rng);
            let mut chunks = random_match(&start, me, max_turns, &mut rng);
            if rng.below(2) == 0 {
                // Rows top first: the other order the statement leaves open.
                for chunk in &mut chunks {
                    let at = chunk
                        .lines
                        .iter()
                        .position(|l| is_ataxx_row(l))
                        .unwrap_or(0);
                    if at + 7 <= chunk.lines.len() {
                        chunk.lines[at..at + 7].reverse();
                    }
                }
            }
            chunks
        }
        other => panic!("no game {other}"),
    }
}

fn is_ataxx_row(line: &[u8]) -> bool {
    line.len() == 7 && line.iter().all(|b| b".01#".contains(b))
}

/// The kinds of damage, by index (see [`damage`]).
pub const DAMAGE_KINDS: usize = 12;

/// A line of random bytes: NUL, invalid UTF-8, control characters and text.
fn garbage(rng: &mut Rng) -> Vec<u8> {
    let len = 1 + rng.below(20);
    (0..len)
        .map(|_| match rng.below(4) {
            0 => 0,
            1 => 0x80 + rng.below(0x80) as u8,
            2 => rng.below(32) as u8,
            _ => b' ' + rng.below(95) as u8,
        })
        .filter(|&b| b != b'\n')
        .collect()
}

/// A wrong `lastAction` for `game`: off the board, or a cell that is likely occupied.
fn bad_last_action(game: &str, rng: &mut Rng) -> &'static str {
    let choices: &[&str] = match game {
        "yavalath" => &["9 9", "4 4", "-5 2", "0 0", "x y"],
        "connect4" => &["9", "12", "-2", "-7", "4"],
        "amazons" => &["i9i9i9", "a1a1a1", "d4d4d4", "null", "z"],
        _ => &["h8", "a1", "g7g7", "null", "a1a3"],
    };
    choices[rng.below(choices.len())]
}

/// Damages `chunks` once with damage `kind` at turn `at` (modulo their number) and marks the
/// turns it touched; the last kind ends the input mid-turn (later turns are gone).
pub fn damage(game: &str, chunks: &mut Vec<Chunk>, kind: usize, at: usize, rng: &mut Rng) {
    let at = at % chunks.len();
    let n = chunks[at].lines.len();
    let i = rng.below(n.max(1));
    let chunk = &mut chunks[at];
    chunk.damaged = true;
    match kind {
        0 => {
            chunk.lines.remove(i);
        }
        1 => {
            let line = chunk.lines[i].clone();
            chunk.lines.insert(i, line);
        }
        2 => {
            // Two lines swapped: within the turn, or its last line with the next turn's first.
            if i + 1 < n {
                chunk.lines.swap(i, i + 1);
            } else if at + 1 < chunks.len() {
                let last = chunks[at].lines.pop().unwrap();
                let first = std::mem::replace(&mut chunks[at + 1].lines[0], last);
                chunks[at].lines.push(first);
                chunks[at + 1].damaged = true;
            }
        }
        3 => {
            let line = &mut chunk.lines[i];
            let cut = rng.below(line.len().max(1));
            line.truncate(cut);
        }
        4 => {
            let line = garbage(rng);
            chunk.lines.insert(i, line);
        }
        5 => chunk.lines[i] = garbage(rng),
        6 => {
            let fill = [b'.', b'x', b'0'][rng.below(3)];
            chunk.lines.insert(i, vec![fill; 1 << 20]);
        }
        7 => chunk.crlf = true,
        8 => {
            // An out-of-range character in a line (a row's cell).
            let line = &mut chunk.lines[i];
            if !line.is_empty() {
                let j = rng.below(line.len());
                line[j] = b"9zq#-2"[rng.below(6)];
            }
        }
        9 => {
            // The last action names a cell off the board or occupied.
            let j = if game == "connect4" || game == "yavalath" {
                n - 1
            } else {
                n.saturating_sub(2)
            };
            chunk.lines[j] = bad_last_action(game, rng).as_bytes().to_vec();
        }
        10 => {
            // An impossible board: every empty cell of a line filled.
            let stone = match game {
                "yavalath" => b'2',
                "connect4" => b'1',
                "amazons" => b'w',
                _ => b'0',
            };
            for b in chunk.lines[i].iter_mut() {
                if *b == b'.' || (game == "yavalath" && *b == b'0') {
                    *b = stone;
                }
            }
        }
        _ => {
            // End of input mid-turn.
            chunks.truncate(at + 1);
            let mut bytes = chunks[at].bytes();
            bytes.truncate(rng.below(bytes.len().max(1)));
            chunks[at].raw = Some(bytes);
        }
    }
}

/// The bot's output, shared with the input so that each answer is put to the turn it answers.
#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The referee's side of the pipe: one turn's bytes at a time. When the bot asks for more input
/// than the turns so far, the next turn is sent, and the number of output lines at that moment
/// is noted: the lines printed between two turns answer the earlier one.
struct Feed {
    turns: Vec<Vec<u8>>,
    next: usize,
    buf: Vec<u8>,
    pos: usize,
    out: Output,
    /// Output lines when turn `k` was sent.
    sent_at: Arc<Mutex<Vec<usize>>>,
    /// The bot's log, and its length in bytes when turn `k` was sent (for the failure notes).
    log: Output,
    log_at: Arc<Mutex<Vec<usize>>>,
}

impl Read for Feed {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
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

impl BufRead for Feed {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos >= self.buf.len() && self.next < self.turns.len() {
            let lines = self
                .out
                .0
                .lock()
                .unwrap()
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            self.sent_at.lock().unwrap().push(lines);
            let logged = self.log.0.lock().unwrap().len();
            self.log_at.lock().unwrap().push(logged);
            self.buf = std::mem::take(&mut self.turns[self.next]);
            self.pos = 0;
            self.next += 1;
        }
        Ok(&self.buf[self.pos.min(self.buf.len())..])
    }
    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
}

/// What one run showed.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub runs: u64,
    pub turns: u64,
    pub panics: u64,
    pub hangs: u64,
    /// Output lines the referee cannot read.
    pub malformed: u64,
    /// Turns (damaged or not) answered with more than one line.
    pub extra_lines: u64,
    /// First undamaged turn after damage: how many, and how many got no, two, or an illegal
    /// answer.
    pub first_after: u64,
    pub first_after_bad: u64,
    /// Later undamaged turns after damage.
    pub later_after: u64,
    pub later_after_bad: u64,
    /// Undamaged turns before any damage.
    pub clean: u64,
    pub clean_bad: u64,
    /// What went wrong, for the failure message (the first few).
    pub notes: Vec<String>,
}

impl Tally {
    pub fn add(&mut self, other: &Tally) {
        self.runs += other.runs;
        self.turns += other.turns;
        self.panics += other.panics;
        self.hangs += other.hangs;
        self.malformed += other.malformed;
        self.extra_lines += other.extra_lines;
        self.first_after += other.first_after;
        self.first_after_bad += other.first_after_bad;
        self.later_after += other.later_after;
        self.later_after_bad += other.later_after_bad;
        self.clean += other.clean;
        self.clean_bad += other.clean_bad;
        for n in &other.notes {
            if self.notes.len() < 5 {
                self.notes.push(n.clone());
            }
        }
    }

    /// Whether the run kept the bot's first promises: no panic, no hang, no malformed line.
    pub fn well_behaved(&self) -> bool {
        self.panics + self.hangs + self.malformed == 0
    }

    /// Whether the run met the goal: [`Tally::well_behaved`], no turn answered twice, and a
    /// legal answer on every undamaged turn other than the first one after damage.
    pub fn sound(&self) -> bool {
        self.well_behaved() && self.extra_lines + self.later_after_bad + self.clean_bad == 0
    }
}

/// The bot's time and memory in the harness: a few ms a turn (the moves need only be legal).
pub fn fuzz_config() -> BotConfig {
    BotConfig {
        first_turn_ms: 5,
        turn_ms: 2,
        tt_mib: 2,
        ..BotConfig::default()
    }
}

/// How long a run may take before it counts as a hang (a guard, not a time limit).
pub const HANG_AFTER: Duration = Duration::from_secs(60);

/// Runs the bot of `game` on `chunks` and checks its answers (see the module doc).
pub fn run(game: &'static str, chunks: Vec<Chunk>) -> Tally {
    let mut tally = Tally {
        runs: 1,
        turns: chunks.len() as u64,
        ..Tally::default()
    };
    let out = Output::default();
    let sent_at = Arc::new(Mutex::new(Vec::new()));
    let bot_log = Output::default();
    let log_at = Arc::new(Mutex::new(Vec::new()));
    let feed = Feed {
        turns: chunks.iter().map(Chunk::bytes).collect(),
        next: 0,
        buf: Vec::new(),
        pos: 0,
        out: out.clone(),
        sent_at: sent_at.clone(),
        log: bot_log.clone(),
        log_at: log_at.clone(),
    };
    let (done_tx, done_rx) = mpsc::channel();
    let mut bot_out = out.clone();
    let bot_log_writer = bot_log.clone();
    let worker = std::thread::spawn(move || {
        let mut log = bot_log_writer;
        let result = run_bot(game, feed, &mut bot_out, &mut log, fuzz_config());
        let _ = done_tx.send((result, ()));
    });
    match done_rx.recv_timeout(HANG_AFTER) {
        Ok((result, ())) => {
            if let Err(e) = result {
                tally.panics += 1;
                tally.notes.push(format!("{game}: the bot failed: {e}"));
            }
            let _ = worker.join();
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            tally.panics += 1;
            tally.notes.push(format!("{game}: panicked"));
            let _ = worker.join();
            return tally;
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            tally.hangs += 1;
            tally
                .notes
                .push(format!("{game}: no end within {HANG_AFTER:?}"));
            return tally;
        }
    }
    let log = log_at.lock().unwrap().clone();
    let log_text = bot_log.0.lock().unwrap().clone();
    let text = out.0.lock().unwrap().clone();
    let lines: Vec<String> = String::from_utf8_lossy(&text)
        .lines()
        .map(str::to_string)
        .collect();
    let mut sent_at = sent_at.lock().unwrap().clone();
    sent_at.push(lines.len());
    let mut since_damage: Option<usize> = None;
    for (k, chunk) in chunks.iter().enumerate() {
        let Some(window) = sent_at.get(k..k + 2) else {
            break;
        };
        let answers = &lines[window[0]..window[1]];
        for a in answers {
            if (chunk.judge)(a) == Err(true) {
                tally.malformed += 1;
                tally
                    .notes
                    .push(format!("{game} turn {k}: unreadable '{a}'"));
            }
        }
        if answers.len() > 1 {
            tally.extra_lines += 1;
            let input = String::from_utf8_lossy(&chunk.bytes()).into_owned();
            tally.notes.push(format!(
                "{game} turn {k} (damaged: {}): {} lines {answers:?} for\n{:.400}",
                chunk.damaged,
                answers.len(),
                input
            ));
        }
        if chunk.damaged {
            since_damage = Some(0);
            continue;
        }
        let verdict = match answers {
            [a] => (chunk.judge)(a).map_err(|_| format!("illegal '{a}'")),
            [] => Err("no answer".to_string()),
            more => Err(format!("{} answers {more:?}", more.len())),
        };
        let (count, bad) = match since_damage {
            None => (&mut tally.clean, &mut tally.clean_bad),
            Some(0) => (&mut tally.first_after, &mut tally.first_after_bad),
            Some(_) => (&mut tally.later_after, &mut tally.later_after_bad),
        };
        *count += 1;
        if let Err(e) = verdict {
            *bad += 1;
            if since_damage != Some(0) {
                let input = String::from_utf8_lossy(&chunk.bytes()).into_owned();
                // The log from the previous turn's input to this turn's answer.
                let from = log.get(k.saturating_sub(1)).copied().unwrap_or(0);
                let to = log.get(k + 1).copied().unwrap_or(log_text.len());
                let log = String::from_utf8_lossy(&log_text[from.min(to)..to]);
                tally.notes.push(format!(
                    "{game} turn {k}: {e} for\n{input}(log of turns {} and {k})\n{log}",
                    k.saturating_sub(1)
                ));
            }
        }
        since_damage = since_damage.map(|d| d + 1);
    }
    tally
}

/// One fuzz case: the transcript of `seed`, damaged by `damages` (kind, turn), run and checked.
pub fn case(game: &'static str, seed: u64, damages: &[(usize, usize)], max_turns: usize) -> Tally {
    let mut chunks = transcript(game, seed, max_turns);
    if chunks.is_empty() {
        return Tally::default();
    }
    let mut rng = Rng(seed.wrapping_mul(31).wrapping_add(7));
    for &(kind, at) in damages {
        if !chunks.is_empty() {
            damage(game, &mut chunks, kind % DAMAGE_KINDS, at, &mut rng);
        }
    }
    let mut tally = run(game, chunks);
    for note in &mut tally.notes {
        *note = format!("seed {seed} damages {damages:?}: {note}");
    }
    tally
}

/// The summary table of `tallies` (one per game), in the README's Markdown.
pub fn table(tallies: &[(&str, Tally)]) -> String {
    let mut s = String::from(
        "| bot | runs (turns) | panics | hangs | malformed lines | turns with two answers | first undamaged turn after damage: bad | later undamaged turns after damage: bad | undamaged turns before damage: bad |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    for (game, t) in tallies {
        s.push_str(&format!(
            "| {game} | {} ({}) | {} | {} | {} | {} | {} of {} | {} of {} | {} of {} |\n",
            t.runs,
            t.turns,
            t.panics,
            t.hangs,
            t.malformed,
            t.extra_lines,
            t.first_after_bad,
            t.first_after,
            t.later_after_bad,
            t.later_after,
            t.clean_bad,
            t.clean
        ));
    }
    s
}
