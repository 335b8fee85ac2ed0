//! Drives the real `boardlab bot yavalath` binary turn by turn, as the CodinGame referee does
//! (rules.md §1): the id line on a player's first turn only, `9`, nine relative rows, the
//! opponent's last move; the bot answers `x y`.

use std::io::Write;
use std::time::Duration;

use boardlab::game::{Game, Outcome, Player};
use boardlab::games::yavalath::{cell_at, coords, Yavalath, CELLS, ROW_LEN};

mod common;
use common::Bot;

/// The referee's view of `pos` for `me`: the nine rows with 1 = mine, 2 = the opponent's.
fn rows_for(pos: &Yavalath, me: Player) -> String {
    let mut text = String::from("9\n");
    for y in 0..9 {
        for x in 0..ROW_LEN[y] as i32 {
            let c = cell_at(x, y as i32).unwrap();
            text.push(match pos.owner(c) {
                None => '0',
                Some(p) if p == me => '1',
                Some(_) => '2',
            });
        }
        text.push('\n');
    }
    text
}

fn turn_input(pos: &Yavalath, me: Player, first_turn: bool, last: Option<usize>) -> String {
    let mut text = String::new();
    if first_turn {
        text.push_str(if me == Player::First { "1\n" } else { "2\n" });
    }
    text.push_str(&rows_for(pos, me));
    let (x, y) = last.map(coords).unwrap_or((-1, -1));
    text.push_str(&format!("{x} {y}\n"));
    text
}

/// Parses an answer exactly as the referee does: `x y`, single spaces, no leading space.
fn parse_answer(line: &str) -> usize {
    let parts: Vec<&str> = line.split(' ').collect();
    assert!(parts.len() >= 2, "answer '{line}' is 'x y'");
    let x: i32 = parts[0]
        .parse()
        .unwrap_or_else(|_| panic!("answer '{line}': x is a number"));
    let y: i32 = parts[1]
        .parse()
        .unwrap_or_else(|_| panic!("answer '{line}': y is a number"));
    cell_at(x, y).unwrap_or_else(|| panic!("answer '{line}' is on the board"))
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
fn play_against_bot(me: Player, script: &[usize]) -> (Outcome, Vec<Duration>) {
    let mut bot = Bot::start("yavalath", &[]);
    let mut pos = Yavalath::start();
    let mut last = None;
    let mut first_turn = true;
    let mut times = Vec::new();
    while pos.outcome().is_none() {
        if pos.to_move() == me {
            let (answer, took) = bot.turn(&turn_input(&pos, me, first_turn, last));
            first_turn = false;
            times.push(took);
            let cell = parse_answer(&answer);
            pos.parse_move(&boardlab::games::yavalath::cell_name(cell))
                .unwrap_or_else(|e| panic!("the bot's move '{answer}' is legal: {e}"));
            pos.play(cell as u8);
            last = Some(cell);
        } else {
            let cell = scripted_reply(&pos, script);
            pos.play(cell as u8);
            last = Some(cell);
        }
    }
    bot.finish();
    (pos.outcome().unwrap(), times)
}

fn assert_in_time(times: &[Duration]) {
    assert!(
        times[0] < Duration::from_millis(1000),
        "first turn took {:?}",
        times[0]
    );
    for (i, t) in times.iter().enumerate().skip(1) {
        // The referee allows 100 ms; the bot aims at 80. Pipes and a loaded test machine add a
        // little, which the margin absorbs.
        assert!(
            *t < Duration::from_millis(100 + 60),
            "turn {} took {:?}",
            i + 1,
            t
        );
    }
}

const SCRIPT: [usize; 12] = [30, 20, 40, 21, 39, 29, 31, 12, 48, 5, 55, 0];

#[test]
fn plays_a_whole_game_as_first_player() {
    let (outcome, times) = play_against_bot(Player::First, &SCRIPT);
    assert_eq!(
        outcome,
        Outcome::Win(Player::First),
        "the bot beats the scripted opponent"
    );
    assert_in_time(&times);
}

#[test]
fn plays_a_whole_game_as_second_player() {
    let (outcome, times) = play_against_bot(Player::Second, &SCRIPT);
    assert_eq!(
        outcome,
        Outcome::Win(Player::Second),
        "the bot beats the scripted opponent"
    );
    assert_in_time(&times);
}

#[test]
fn steals_a_centre_opening_and_plays_on() {
    let mut bot = Bot::start("yavalath", &[]);
    let mut pos = Yavalath::start();
    pos.play_text("e5").unwrap();
    let (answer, _) = bot.turn(&turn_input(
        &pos,
        Player::Second,
        true,
        Some(cell_at(4, 4).unwrap()),
    ));
    assert_eq!(answer, "4 4", "the centre is worth stealing");
    pos.play(cell_at(4, 4).unwrap() as u8);
    assert_eq!(pos.owner(cell_at(4, 4).unwrap()), Some(Player::Second));
    // After the steal the bot sees the centre as its own (1) and keeps playing legal moves.
    pos.play_text("a1").unwrap();
    let (answer, _) = bot.turn(&turn_input(&pos, Player::Second, false, Some(0)));
    let cell = parse_answer(&answer);
    assert_eq!(pos.owner(cell), None, "answer '{answer}' is an empty cell");
    bot.finish();
}

#[test]
fn plays_on_after_being_stolen_from() {
    let mut bot = Bot::start("yavalath", &[]);
    let mut pos = Yavalath::start();
    let (answer, _) = bot.turn(&turn_input(&pos, Player::First, true, None));
    let first = parse_answer(&answer);
    pos.play(first as u8);
    pos.play(first as u8); // the opponent steals
    assert_eq!(pos.owner(first), Some(Player::Second));
    // The referee now shows the bot's first cell as the opponent's and reports it as the last move.
    let input = turn_input(&pos, Player::First, false, Some(first));
    assert!(
        input.contains('2') && !input[2..].contains('1'),
        "the stolen stone reads as the opponent's"
    );
    let (answer, _) = bot.turn(&input);
    let cell = parse_answer(&answer);
    assert_ne!(cell, first, "the stolen cell is occupied now");
    assert_eq!(pos.owner(cell), None);
    bot.finish();
}

#[test]
fn the_first_turn_reads_the_exact_referee_text() {
    let mut bot = Bot::start("yavalath", &[]);
    let input = "1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n";
    let (answer, _) = bot.turn(input);
    assert!(!answer.starts_with(' '), "no leading space");
    assert_eq!(answer.split(' ').count(), 2, "just 'x y': {answer}");
    parse_answer(&answer);
    let log = bot.finish();
    assert!(log.contains("depth"), "stderr reports the search: {log}");
    assert!(
        !log.contains("line "),
        "no complaint about well-formed input: {log}"
    );
}

#[test]
fn malformed_rows_are_reported_and_still_answered_legally() {
    let mut bot = Bot::start("yavalath", &[]);
    // Row 2 is too short and row 4 has a stray character: read as empty cells.
    let input =
        "2\n9\n00000\n000000\n00000\n00000000\n0000x0000\n00000000\n0000000\n000000\n00000\n0 0\n";
    let (answer, _) = bot.turn(input);
    let cell = parse_answer(&answer);
    assert!(cell < CELLS);
    let log = bot.finish();
    assert!(
        log.contains("row 2 should be 7 digits"),
        "stderr names the bad row: {log}"
    );
    assert!(log.contains("row 4"), "stderr names the bad row: {log}");
}

#[test]
fn a_missing_id_line_is_guessed_from_the_board() {
    let mut bot = Bot::start("yavalath", &[]);
    let input =
        "9\n00000\n000000\n0000000\n00000000\n000020000\n00000000\n0000000\n000000\n00000\n4 4\n";
    let (answer, _) = bot.turn(input);
    let cell = parse_answer(&answer);
    assert!(cell < CELLS);
    let log = bot.finish();
    assert!(
        log.contains("no id line"),
        "stderr says the id was guessed: {log}"
    );
}

#[test]
fn an_impossible_board_still_gets_a_legal_looking_move() {
    let mut bot = Bot::start("yavalath", &[]);
    // Three of the bot's own stones in a row cannot happen in a game: the position is refused,
    // the bot says so and plays an empty cell that makes no 3.
    let input = "1\n9\n11100\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n22200\n-1 -1\n";
    let (answer, _) = bot.turn(input);
    let cell = parse_answer(&answer);
    assert!(cell > 2 && cell < 56, "an empty cell: {answer}");
    let log = bot.finish();
    assert!(log.contains("cannot read the position"), "{log}");
}

#[test]
fn end_of_input_mid_turn_exits_cleanly() {
    let mut bot = Bot::start("yavalath", &[]);
    bot.stdin.write_all(b"1\n9\n00000\n000").unwrap();
    let log = bot.finish();
    assert!(!log.contains("panicked"), "{log}");
}
