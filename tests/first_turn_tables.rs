//! Each bot empties its tables at its first turn, inside that turn's clock and before it
//! searches (`Agent::clear_tables`): a new table is mapped by the kernel as it is first written,
//! which left to the searches cost later 100 ms turns (README, "A bot's start").

use boardlab::game::Game;
use boardlab::play::Agent;
use boardlab::protocol::{self, BotConfig};

mod common;
use common::transcript;

/// Plays the first legal move and writes down what the protocol asked of it.
#[derive(Default)]
struct Recorder {
    calls: Vec<&'static str>,
}

impl<G: Game> Agent<G> for Recorder {
    fn choose(&mut self, pos: &G, _budget_ms: u64) -> G::Move {
        self.calls.push("choose");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves[0]
    }
    fn clear_tables(&mut self) {
        self.calls.push("clear_tables");
    }
}

/// The whole input of a recorded transcript of `game`.
fn input(game: &str, name: &str) -> String {
    transcript(game, name)
        .turns
        .iter()
        .map(|t| t.text())
        .collect()
}

/// What the recorder was asked, in order, over a transcript with more than one turn.
fn calls(run: impl FnOnce(&mut Recorder)) -> Vec<&'static str> {
    let mut recorder = Recorder::default();
    run(&mut recorder);
    recorder.calls
}

fn assert_emptied_once_before_the_first_search(calls: Vec<&'static str>, game: &str) {
    assert!(calls.len() >= 3, "{game}: too few turns played: {calls:?}");
    assert_eq!(calls[0], "clear_tables", "{game}: {calls:?}");
    assert!(
        calls[1..].iter().all(|&c| c == "choose"),
        "{game}: the tables were emptied again after the first turn: {calls:?}"
    );
}

#[test]
fn the_connect4_bot_empties_its_tables_at_its_first_turn_only() {
    let text = input("connect4", "second_player");
    let calls = calls(|agent| {
        let (mut out, mut log) = (Vec::new(), Vec::new());
        protocol::connect4::run_with(
            text.as_bytes(),
            &mut out,
            &mut log,
            BotConfig::default(),
            agent,
        )
        .unwrap();
    });
    assert_emptied_once_before_the_first_search(calls, "connect4");
}

#[test]
fn the_yavalath_bot_empties_its_tables_at_its_first_turn_only() {
    let text = input("yavalath", "second_player");
    let calls = calls(|agent| {
        let (mut out, mut log) = (Vec::new(), Vec::new());
        protocol::yavalath::run_with(
            text.as_bytes(),
            &mut out,
            &mut log,
            BotConfig::default(),
            agent,
        )
        .unwrap();
    });
    assert_emptied_once_before_the_first_search(calls, "yavalath");
}

#[test]
fn the_ataxx_bot_empties_its_tables_at_its_first_turn_only() {
    let text = input("ataxx", "top_first_plain");
    let calls = calls(|agent| {
        let (mut out, mut log) = (Vec::new(), Vec::new());
        protocol::ataxx::run_with(
            text.as_bytes(),
            &mut out,
            &mut log,
            BotConfig::default(),
            Some(agent),
        )
        .unwrap();
    });
    assert_emptied_once_before_the_first_search(calls, "ataxx");
}
