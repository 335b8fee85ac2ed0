//! Drives the real `boardlab bot amazons` binary through whole CodinGame matches (rules.md §3):
//! two games on one start position with the colours swapped, `boardSize` only on the player's
//! first turn of game 1, the colour every turn, rows rank 8 first, `lastAction` (`null` on the
//! first move of each game) and `actionsCount`; the bot answers one token such as `d8d1d7`.
//!
//! The recorded transcripts in `tests/fixtures/amazons/` (both colours in both seats) were
//! written by hand from rules.md, whose seed 0 and seed 42 starts and move counts they use;
//! answers are checked against the recorded rows by queen moves (below), not by BoardLab's board
//! code, and a separate test checks that BoardLab's referee side writes exactly those
//! transcripts.

use boardlab::arena::CgReferee;
use boardlab::game::{Game, Outcome, Player};
use boardlab::games::amazons::{Amazons, Move};
use boardlab::play::Rng;

mod common;
use common::{
    assert_arena_writes, assert_won_in_time, replay_all, transcript, transcripts, Bot, RecordedTurn,
};

/// A recorded board: `cells[rank][file]` (rank 0 = rank 1) from rows printed rank 8 first.
struct Board([[u8; 8]; 8]);

impl Board {
    fn read(rows: &[String]) -> Board {
        let mut cells = [[b'.'; 8]; 8];
        for (i, row) in rows.iter().enumerate() {
            cells[7 - i].copy_from_slice(row.as_bytes());
        }
        Board(cells)
    }

    fn at(&self, (file, rank): (i32, i32)) -> Option<u8> {
        ((0..8).contains(&file) && (0..8).contains(&rank))
            .then(|| self.0[rank as usize][file as usize])
    }

    /// Whether a queen goes from `a` to `b` over empty squares (`b` included), with `vacated`
    /// counted as empty.
    fn queen_path(&self, a: (i32, i32), b: (i32, i32), vacated: (i32, i32)) -> bool {
        let (df, dr) = (b.0 - a.0, b.1 - a.1);
        if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return false;
        }
        let step = (df.signum(), dr.signum());
        let mut at = a;
        loop {
            at = (at.0 + step.0, at.1 + step.1);
            if self.at(at) != Some(b'.') && at != vacated {
                return false;
            }
            if at == b {
                return true;
            }
        }
    }
}

/// The referee's check of an answer (rules.md §3): cut at `msg`, drop whitespace, lower-case;
/// then `from to arrow`: an amazon of the colour to move goes like a queen over empty squares,
/// and the arrow flies likewise from where it landed (the square it left counts as empty).
fn check_answer(lines: &[String], answer: &str) -> Result<(), String> {
    let colour_at = lines.iter().position(|l| l == "w" || l == "b").unwrap();
    let me = lines[colour_at].as_bytes()[0];
    let board = Board::read(&lines[colour_at + 1..colour_at + 9]);
    let clean: String = answer
        .split("msg")
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let b = clean.as_bytes();
    if b.len() != 6 {
        return Err("not from, to and arrow".into());
    }
    let square = |i: usize| (b[i] as i32 - 'a' as i32, b[i + 1] as i32 - '1' as i32);
    let (from, to, arrow) = (square(0), square(2), square(4));
    if board.at(from) != Some(me) {
        return Err("no amazon of the colour to move on the first square".into());
    }
    if !board.queen_path(from, to, (-1, -1)) {
        return Err("the amazon cannot get there".into());
    }
    if !board.queen_path(to, arrow, from) {
        return Err("the arrow cannot get there".into());
    }
    Ok(())
}

/// Walls on a recorded board: a game's first turn shows at most one (white's first arrow).
fn walls(turn: &RecordedTurn) -> usize {
    turn.lines
        .iter()
        .filter(|l| l.len() == 8)
        .map(|l| l.matches('-').count())
        .sum()
}

#[test]
fn recorded_transcripts_get_a_legal_answer_every_turn() {
    let legal = |_: &_, turn: &RecordedTurn, answer: &str| check_answer(&turn.lines, answer);
    let starts_game = |turn: &RecordedTurn| walls(turn) <= 1;
    for (name, log) in replay_all("amazons", legal, starts_game, &["actionsCount says"]) {
        let games = log.lines().filter(|l| l.contains("new game")).count();
        assert_eq!(games, 2, "{name}: both game starts seen: {log}");
    }
}

#[test]
fn the_arena_referee_writes_the_recorded_transcripts() {
    for transcript in transcripts("amazons") {
        let start = Amazons::from_setup(transcript.setting("setup")).unwrap();
        let mut pos = start;
        let mut colour = None;
        for (i, turn) in transcript.turns.iter().enumerate() {
            let me = if turn.lines.contains(&"w".to_string()) {
                Player::First
            } else {
                Player::Second
            };
            if colour != Some(me) {
                pos = start;
                colour = Some(me);
            }
            let last_text = &turn.lines[turn.lines.len() - 2];
            let last = (last_text != "null").then(|| pos.play_text(last_text).unwrap());
            assert_arena_writes(&transcript, i, &pos.turn_input(me, i == 0, last));
            if let Some(mv) = &turn.played {
                pos.play_text(mv).unwrap();
            }
        }
    }
}

/// A random legal move from `rng`.
fn random_reply(pos: &Amazons, rng: &mut Rng) -> Move {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves[rng.below(moves.len())]
}

/// One game from `start` with the bot playing `bot_colour`; `first_of_match` says whether this is
/// the bot's first game (it gets `boardSize`). Returns the outcome and, per bot turn, the time
/// it took.
fn play_game(
    bot: &mut Bot,
    start: &Amazons,
    bot_colour: Player,
    first_of_match: bool,
    rng: &mut Rng,
) -> (Outcome, Vec<common::TurnTime>) {
    let mut pos = *start;
    let mut last = None;
    let mut times = Vec::new();
    while pos.outcome().is_none() {
        let mv = if pos.to_move() == bot_colour {
            let input = pos.turn_input(bot_colour, first_of_match && times.is_empty(), last);
            let (answer, took) = bot.turn(&input);
            times.push(took);
            let lines: Vec<String> = input.lines().map(str::to_string).collect();
            check_answer(&lines, &answer).unwrap_or_else(|e| panic!("'{answer}' is legal: {e}"));
            assert_eq!(answer.len(), 6, "one bare token like d8d1d7: '{answer}'");
            pos.parse_move(&answer).unwrap()
        } else {
            random_reply(&pos, rng)
        };
        pos.play(mv);
        last = Some(mv);
    }
    (pos.outcome().unwrap(), times)
}

/// A whole two-game match with the bot as player `seat` (1: white in game 1, black in game 2)
/// with extra bot arguments; the bot's log must mention `logged` (its search).
fn play_match_with(seat: u8, seed: i64, args: &[&str], logged: &str) {
    let start = Amazons::from_setup(&format!("seed:{seed}")).unwrap();
    let mut rng = Rng(0xA3A2_0000 + seed as u64);
    let mut bot = Bot::start("amazons", args);
    let (first, second) = if seat == 1 {
        (Player::First, Player::Second)
    } else {
        (Player::Second, Player::First)
    };
    // Game 1 gets boardSize; in each game the bot beats random moves, in time.
    let (outcome, times) = play_game(&mut bot, &start, first, true, &mut rng);
    assert_won_in_time(first, outcome, &times);
    let (outcome, times) = play_game(&mut bot, &start, second, false, &mut rng);
    assert_won_in_time(second, outcome, &times);
    let log = bot.finish();
    assert!(log.contains(logged), "stderr reports the search: {log}");
    let colours = if seat == 1 { ["w", "b"] } else { ["b", "w"] };
    let games: Vec<&str> = log.lines().filter(|l| l.contains("new game")).collect();
    assert_eq!(
        games,
        colours.map(|c| format!("boardlab: new game as {c}")),
        "the bot sees both game starts (and gets the first-turn time there)"
    );
    assert!(
        !log.contains("boardlab: line ") && !log.contains("actionsCount says"),
        "no complaint about well-formed input: {log}"
    );
}

#[test]
fn a_match_as_the_first_player() {
    play_match_with(1, 0, &[], "depth");
}

#[test]
fn a_match_as_the_second_player() {
    play_match_with(2, 42, &[], "depth");
}

#[test]
fn a_match_with_each_engine_named() {
    play_match_with(1, 5, &["--engine", "mcts"], "mcts iterations");
    play_match_with(2, 6, &["--engine", "alphabeta"], "depth");
}

/// rules.md's seed 0 as CodinGame shows it to white on its first turn (as recorded).
fn seed0_first_turn() -> Vec<String> {
    transcript("amazons", "match_seat1").turns[0].lines.clone()
}

fn text(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn a_wrong_actions_count_is_reported_but_answered() {
    let mut lines = seed0_first_turn();
    *lines.last_mut().unwrap() = "7".into();
    let mut bot = Bot::start("amazons", &[]);
    let (answer, _) = bot.turn(&text(&lines));
    check_answer(&lines, &answer).unwrap();
    let log = bot.finish();
    assert!(
        log.contains("actionsCount says 7 but the rows give 1062"),
        "{log}"
    );
}

#[test]
fn an_unreadable_board_gets_random_and_a_clear_message() {
    let mut bot = Bot::start("amazons", &[]);
    // Rank 6 has a stray character: that row is lost, so the position cannot be read.
    let mut lines = seed0_first_turn();
    lines[4] = ".w..q.w.".into();
    let (answer, _) = bot.turn(&text(&lines));
    assert_eq!(
        answer, "random",
        "the referee plays a random legal move for us"
    );
    let log = bot.finish();
    assert!(log.contains("skipped '.w..q.w.': not row 2"), "{log}");
    assert!(
        log.contains("the board ends after 7 of its 8 rows"),
        "{log}"
    );
    assert!(log.contains("cannot read the position"), "{log}");
}

#[test]
fn a_missing_colour_is_read_from_the_walls() {
    let mut bot = Bot::start("amazons", &[]);
    let mut lines = seed0_first_turn();
    lines.remove(1);
    *lines.last_mut().unwrap() = "x".into();
    let (answer, _) = bot.turn(&text(&lines));
    check_answer(&seed0_first_turn(), &answer).unwrap();
    let log = bot.finish();
    assert!(log.contains("expected the colour 'w' or 'b'"), "{log}");
    assert!(log.contains("expected actionsCount"), "{log}");
}

#[test]
fn stray_lines_and_bad_bytes_never_shift_the_board() {
    let mut bot = Bot::start("amazons", &[]);
    let lines = seed0_first_turn();
    let mut noisy = lines.clone();
    noisy.insert(0, "hello".into());
    noisy.insert(5, "stray".into());
    let mut input = b"\xfe\xff\n".to_vec();
    input.extend(text(&noisy).bytes());
    bot.send(&input);
    let answer = bot.answer();
    check_answer(&lines, &answer).unwrap();
    // The next turn, in step: black replies and the bot answers on the board that follows.
    let mut pos = Amazons::from_setup("seed:0").unwrap();
    pos.play_text(&answer).unwrap();
    let reply = pos
        .parse_move("b8c8b8")
        .or_else(|_| pos.parse_move("e6e5e6"));
    let reply = reply.unwrap();
    pos.play(reply);
    let next = pos.turn_input(Player::First, false, Some(reply));
    let (answer, _) = bot.turn(&format!("left over\n{next}"));
    let next: Vec<String> = next.lines().map(str::to_string).collect();
    check_answer(&next, &answer).unwrap();
    let log = bot.finish();
    assert!(log.contains("not valid UTF-8"), "{log}");
    assert!(log.contains("got 'hello': skipped"), "{log}");
    assert!(log.contains("skipped 'stray': not row 2"), "{log}");
    assert!(log.contains("got 'left over': skipped"), "{log}");
}

#[test]
fn a_row_cut_to_one_colour_letter_gets_one_answer() {
    // Found by the fuzz: a row cut to `b` reads as a colour line. It ended the board, and the
    // rows after it were answered again as a board of their own: two answers to one turn.
    let mut lines = seed0_first_turn();
    let row = lines.iter().position(|l| l.len() == 8).unwrap() + 3;
    lines[row] = "b".into();
    let config = boardlab::protocol::BotConfig {
        max_nodes: Some(2_000),
        tt_mib: 1,
        ..Default::default()
    };
    let (mut out, mut log) = (Vec::new(), Vec::new());
    boardlab::protocol::amazons::run(text(&lines).as_bytes(), &mut out, &mut log, config).unwrap();
    let out = String::from_utf8(out).unwrap();
    let log = String::from_utf8_lossy(&log);
    assert_eq!(out, "random\n", "one answer for one turn\n{log}");
    assert!(log.contains("the board starts again"), "{log}");
}

#[test]
fn end_of_input_mid_turn_exits_cleanly() {
    common::assert_exits_cleanly_mid_turn("amazons", b"8\nw\n.b......\n....");
}
