//! Drives the real `boardlab bot yavalath` binary turn by turn, as the CodinGame referee does
//! (rules.md §1): the id line on a player's first turn only, `9`, nine relative rows, the
//! opponent's last move; the bot answers `x y`.
//!
//! The recorded transcripts in `tests/fixtures/yavalath/` were written by hand from rules.md;
//! answers are checked against the recorded rows by the referee's own reading (below), not by
//! BoardLab's board code, and a separate test checks that BoardLab's referee side writes exactly
//! those transcripts.

use boardlab::arena::{Action, CgReferee};
use boardlab::game::{Game, Outcome, Player};
use boardlab::games::yavalath::{cell_at, Yavalath, CELLS};

mod common;
use common::{assert_arena_writes, replay_all, transcripts, Bot, RecordedTurn};

/// Row lengths of the hexagon, top to bottom (rules.md §1).
const ROW_LEN: [usize; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];

/// The referee's check of an answer on the board `rows` (relative: `1` mine, `2` the
/// opponent's, `0` empty; a row of `?` is unknown): split on single spaces, two integers, on the
/// board, and an empty cell, or the opponent's only stone when `may_steal`.
fn check_answer(rows: &[&str], may_steal: bool, answer: &str) -> Result<(usize, usize), String> {
    let mut fields = answer.split(' ');
    let mut number = |what: &str| {
        fields
            .next()
            .and_then(|f| f.parse::<i64>().ok())
            .ok_or(format!("{what} is not an integer"))
    };
    let (x, y) = (number("x")?, number("y")?);
    if !(0..9).contains(&y) || !(0..ROW_LEN[y as usize] as i64).contains(&x) {
        return Err("off the board".into());
    }
    let (x, y) = (x as usize, y as usize);
    let stones: Vec<u8> = rows.iter().flat_map(|r| r.bytes()).collect();
    let lone_opponent_stone =
        stones.iter().filter(|&&c| c == b'2').count() == 1 && !stones.contains(&b'1');
    match rows[y].as_bytes()[x] {
        b'0' => Ok((x, y)),
        b'2' if may_steal && lone_opponent_stone => Ok((x, y)),
        b'?' => Err("a cell of a row the input did not give".into()),
        _ => Err("an occupied cell".into()),
    }
}

/// The rows of a well-formed recorded turn, and whether the steal is open (the second player's
/// first turn: the turn starts with the id line `2`).
fn recorded_rows(turn: &RecordedTurn) -> (Vec<&str>, bool) {
    let nine = turn
        .lines
        .iter()
        .position(|l| l == "9")
        .expect("a '9' line");
    let rows = turn.lines[nine + 1..nine + 10]
        .iter()
        .map(String::as_str)
        .collect();
    (rows, turn.lines[0] == "2")
}

#[test]
fn recorded_transcripts_get_a_legal_answer_every_turn() {
    let legal = |_: &_, turn: &RecordedTurn, answer: &str| {
        let (rows, may_steal) = recorded_rows(turn);
        check_answer(&rows, may_steal, answer).map(|_| ())
    };
    for (name, log) in replay_all("yavalath", legal, |_| false, &["cannot read"]) {
        assert!(
            log.contains("depth"),
            "{name}: stderr reports the search: {log}"
        );
    }
}

#[test]
fn the_arena_referee_writes_the_recorded_transcripts() {
    // BoardLab's referee side (used by the whole-game tests below and the arena) must write
    // exactly what was recorded by hand from rules.md, after replaying the recorded moves.
    let cell = |text: &str| -> Option<usize> {
        let (x, y) = text.split_once(' ')?;
        cell_at(x.parse().ok()?, y.parse().ok()?)
    };
    for transcript in transcripts("yavalath") {
        let me = if transcript.turns[0].lines[0] == "1" {
            Player::First
        } else {
            Player::Second
        };
        let mut pos = Yavalath::start();
        for (i, turn) in transcript.turns.iter().enumerate() {
            let last = cell(turn.lines.last().unwrap());
            if let Some(c) = last {
                pos.play(c as u8);
            }
            assert_arena_writes(
                &transcript,
                i,
                &pos.turn_input(me, i == 0, last.map(|c| c as u8)),
            );
            if let Some(mv) = &turn.played {
                pos.play(cell(mv).expect("a recorded move is a cell") as u8);
                let ends = pos.outcome().is_some();
                assert!(
                    !ends || i + 1 == transcript.turns.len(),
                    "{}",
                    transcript.name
                );
            }
        }
    }
}

/// The opponent: the first cell of `script` that is legal and neither wins nor loses at once,
/// else the first legal cell.
fn scripted_reply(pos: &Yavalath, script: &[usize]) -> usize {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let quiet = |c: usize| {
        let mut p = pos.clone();
        p.play(c as u8);
        p.outcome().is_none()
    };
    script
        .iter()
        .copied()
        .chain(0..CELLS)
        .find(|&c| legal.contains(&(c as u8)) && !pos.is_steal(c as u8) && quiet(c))
        .unwrap_or(legal[0] as usize)
}

/// Plays a whole game against the bot playing `me`; returns the outcome and every answer time.
fn play_against_bot(me: Player, script: &[usize]) -> (Outcome, Vec<common::TurnTime>) {
    let mut bot = Bot::start("yavalath", &[]);
    let mut pos = Yavalath::start();
    let mut last = None;
    let mut times = Vec::new();
    while pos.outcome().is_none() {
        let cell = if pos.to_move() == me {
            let (answer, took) = bot.turn(&pos.turn_input(me, times.is_empty(), last));
            times.push(took);
            match pos.parse_action(&answer) {
                Ok(Action::Play(cell)) => cell,
                other => panic!("the bot's move '{answer}' is legal: {other:?}"),
            }
        } else {
            scripted_reply(&pos, script) as u8
        };
        pos.play(cell);
        last = Some(cell);
    }
    bot.finish();
    (pos.outcome().unwrap(), times)
}

const SCRIPT: [usize; 12] = [30, 20, 40, 21, 39, 29, 31, 12, 48, 5, 55, 0];

#[test]
fn plays_a_whole_game_as_first_player() {
    let (outcome, times) = play_against_bot(Player::First, &SCRIPT);
    common::assert_won_in_time(Player::First, outcome, &times);
}

#[test]
fn plays_a_whole_game_as_second_player() {
    let (outcome, times) = play_against_bot(Player::Second, &SCRIPT);
    common::assert_won_in_time(Player::Second, outcome, &times);
}

/// The empty board's rows.
const EMPTY: [&str; 9] = [
    "00000",
    "000000",
    "0000000",
    "00000000",
    "000000000",
    "00000000",
    "0000000",
    "000000",
    "00000",
];

fn board_text(rows: &[&str]) -> String {
    rows.iter().map(|r| format!("{r}\n")).collect()
}

#[test]
fn stray_lines_never_shift_the_board() {
    // The audit's case: `1`, then `hello`, then a valid turn, and later turns stay in step.
    let input = format!("1\nhello\n9\n{}-1 -1\n", board_text(&EMPTY));
    let mut bot = Bot::start("yavalath", &[]);
    let (answer, _) = bot.turn(&input);
    let (x, y) = check_answer(&EMPTY, false, &answer).unwrap();
    // The next turn: the bot's stone, the opponent's centre, a stray line between two rows and
    // a lone number before the '9'.
    let mut mine = EMPTY.map(String::from);
    mine[y].replace_range(x..x + 1, "1");
    let (cx, cy) = if (x, y) == (4, 4) { (3, 3) } else { (4, 4) };
    mine[cy].replace_range(cx..cx + 1, "2");
    let rows: Vec<&str> = mine.iter().map(String::as_str).collect();
    let input = format!(
        "7\n9\n{}stray\n{}{cx} {cy}\n",
        board_text(&rows[..3]),
        board_text(&rows[3..])
    );
    let (answer, _) = bot.turn(&input);
    let (ax, ay) = check_answer(&rows, false, &answer).unwrap();
    // And a clean turn after that is read without complaint.
    let mut next = mine.clone();
    next[ay].replace_range(ax..ax + 1, "1");
    let free = (0..9)
        .flat_map(|y| (0..ROW_LEN[y]).map(move |x| (x, y)))
        .find(|&(x, y)| next[y].as_bytes()[x] == b'0')
        .unwrap();
    next[free.1].replace_range(free.0..free.0 + 1, "2");
    let rows: Vec<&str> = next.iter().map(String::as_str).collect();
    let (answer, _) = bot.turn(&format!("9\n{}{} {}\n", board_text(&rows), free.0, free.1));
    check_answer(&rows, false, &answer).unwrap();
    let log = bot.finish();
    assert!(log.contains("got 'hello': skipped"), "{log}");
    assert!(log.contains("'7' stands where the id line goes"), "{log}");
    assert!(log.contains("skipped 'stray': not row 3"), "{log}");
    assert_eq!(log.matches("boardlab: line").count(), 3, "{log}");
}

#[test]
fn malformed_rows_are_reported_and_answered_with_an_empty_cell_of_the_rows_read() {
    let mut bot = Bot::start("yavalath", &[]);
    // Row 2 is too short and row 4 has a stray character: both are unknown, every other row is
    // read in its place (known by its length), and the answer is an empty cell of those.
    let input =
        "2\n9\n00000\n000000\n00200\n00000000\n0000x0000\n00000000\n0000000\n000000\n00000\n0 0\n";
    let (answer, _) = bot.turn(input);
    let mut truth = EMPTY;
    truth[2] = "???????";
    truth[4] = "?????????";
    check_answer(&truth, false, &answer).unwrap();
    let log = bot.finish();
    assert!(log.contains("row 2 is missing or damaged"), "{log}");
    assert!(log.contains("row 4 is missing or damaged"), "{log}");
    assert!(log.contains("an empty cell"), "{log}");
}

#[test]
fn a_line_that_is_not_utf8_is_read_lossily_and_the_bot_keeps_answering() {
    let mut bot = Bot::start("yavalath", &[]);
    let mut input = b"1\n\xff\xfe\n9\n".to_vec();
    input.extend(board_text(&EMPTY).bytes());
    input.extend(b"-1 -1\n");
    bot.send(&input);
    check_answer(&EMPTY, false, &bot.answer()).unwrap();
    // A row that is not UTF-8: read lossily, it is no row, and the answer avoids that row.
    let mut input = b"9\n00000\n000000\n00\xe9000\n".to_vec();
    input.extend(board_text(&EMPTY[3..]).bytes());
    input.extend(b"4 4\n");
    bot.send(&input);
    let mut truth = EMPTY;
    truth[2] = "???????";
    check_answer(&truth, false, &bot.answer()).unwrap();
    let log = bot.finish();
    assert_eq!(log.matches("not valid UTF-8").count(), 2, "{log}");
}

#[test]
fn a_missing_id_line_is_guessed_from_the_board() {
    let mut bot = Bot::start("yavalath", &[]);
    let mut rows = EMPTY;
    rows[4] = "000020000";
    let (answer, _) = bot.turn(&format!("9\n{}4 4\n", board_text(&rows)));
    // Guessed as the second player on its first turn: the steal is open.
    check_answer(&rows, true, &answer).unwrap();
    let log = bot.finish();
    assert!(
        log.contains("no id line"),
        "stderr says the id was guessed: {log}"
    );
}

#[test]
fn an_impossible_board_still_gets_an_empty_cell_that_makes_no_3() {
    let mut bot = Bot::start("yavalath", &[]);
    // Three of the bot's own stones in a row cannot happen in a game: the position is refused,
    // the bot says so and plays an empty cell that makes no 3.
    let mut rows = EMPTY;
    rows[0] = "11100";
    rows[8] = "22200";
    let (answer, _) = bot.turn(&format!("1\n9\n{}-1 -1\n", board_text(&rows)));
    check_answer(&rows, false, &answer).unwrap();
    let log = bot.finish();
    assert!(log.contains("cannot read the position"), "{log}");
    assert!(log.contains("an empty cell that makes"), "{log}");
}

#[test]
fn a_full_board_gets_an_answer_and_a_true_message() {
    let mut bot = Bot::start("yavalath", &[]);
    let rows = EMPTY.map(|r| r.replace('0', "2"));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (answer, _) = bot.turn(&format!("2\n9\n{}0 0\n", board_text(&rows)));
    assert_eq!(answer, "4 4");
    let log = bot.finish();
    assert!(
        log.contains("printing '4 4': the centre, which is not empty"),
        "the message says what is printed and why: {log}"
    );
    assert!(!log.contains("safe-looking empty cell"), "{log}");
}

#[test]
fn end_of_input_mid_turn_exits_cleanly() {
    common::assert_exits_cleanly_mid_turn("yavalath", b"1\n9\n00000\n000");
}

#[test]
fn the_first_player_opens_knowing_its_stone_can_be_stolen() {
    use boardlab::protocol::yavalath::turn_position;
    let empty = turn_position(Player::First, 0, 0, true).unwrap();
    assert!(
        empty.steal_rule(),
        "the empty board is searched without the steal"
    );
    let centre = 1u64 << cell_at(4, 4).unwrap();
    // The second player's first turn: the one enemy stone may be stolen...
    let moves = |pos: &Yavalath| {
        let mut out = Vec::new();
        pos.legal_moves(&mut out);
        out.len()
    };
    let open = turn_position(Player::Second, 0, centre, true).unwrap();
    assert_eq!(moves(&open), CELLS, "60 empty cells and the steal");
    // ...but not once it has been stolen (the first player then sees one enemy stone).
    let after = turn_position(Player::First, 0, centre, false).unwrap();
    assert_eq!(moves(&after), CELLS - 1, "no steal for the first player");
}

/// The bot's answer as `(x, y)` of the cell it names.
fn answer_cell(answer: &str) -> usize {
    let xy: Vec<i32> = answer
        .split_whitespace()
        .map(|n| n.parse().expect("a number"))
        .collect();
    cell_at(xy[0], xy[1]).expect("a cell of the board")
}

#[test]
fn the_bot_plays_the_opening_book_on_its_first_turn() {
    use boardlab::game::Evaluate;
    let start = Yavalath::start();
    let mut bot = Bot::start("yavalath", &[]);
    let (answer, _) = bot.turn(&start.turn_input(Player::First, true, None));
    let book = start.book_move().expect("the book has a first cell");
    assert_eq!(answer_cell(&answer), book as usize, "the book's first cell");
    let log = bot.finish();
    assert!(log.contains("book move"), "the log says so: {log}");

    // As the second player: the book's answer (a steal names the first stone's own cell) to
    // first stones of several classes, some of them mirror images of the table's cells.
    for first in [0usize, 4, 2, 56, 7, 12, 30, 21, 39, 60] {
        let pos = start.after(first as u8);
        let book = pos.book_move().expect("an answer to every first cell");
        let mut bot = Bot::start("yavalath", &[]);
        let (answer, _) = bot.turn(&pos.turn_input(Player::Second, true, Some(first as u8)));
        bot.finish();
        assert_eq!(
            answer_cell(&answer),
            book as usize,
            "first stone on cell {first}"
        );
    }
}

#[test]
fn without_the_book_the_first_turn_is_searched() {
    let start = Yavalath::start();
    let mut bot = Bot::start("yavalath", &["--no-book", "--first-ms", "100"]);
    let (answer, _) = bot.turn(&start.turn_input(Player::First, true, None));
    let log = bot.finish();
    assert!(!log.contains("book move"), "{log}");
    assert!(log.contains("depth"), "a search's summary: {log}");
    assert!(answer_cell(&answer) < CELLS);
}
