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

/// Plays the recorded transcript `game`/`name` (more than one turn) through `run` with a
/// recorder, and checks that the tables were emptied once, before the first search.
fn assert_emptied_once_before_the_first_search(
    game: &str,
    name: &str,
    run: impl FnOnce(&[u8], &mut Vec<u8>, &mut Vec<u8>, &mut Recorder) -> std::io::Result<()>,
) {
    let input: String = transcript(game, name)
        .turns
        .iter()
        .map(|t| t.text())
        .collect();
    let mut recorder = Recorder::default();
    run(
        input.as_bytes(),
        &mut Vec::new(),
        &mut Vec::new(),
        &mut recorder,
    )
    .unwrap();
    let calls = recorder.calls;
    assert!(calls.len() >= 3, "{game}: too few turns played: {calls:?}");
    assert_eq!(calls[0], "clear_tables", "{game}: {calls:?}");
    assert!(
        calls[1..].iter().all(|&c| c == "choose"),
        "{game}: the tables were emptied again after the first turn: {calls:?}"
    );
}

#[test]
fn the_connect4_bot_empties_its_tables_at_its_first_turn_only() {
    assert_emptied_once_before_the_first_search("connect4", "second_player", |i, o, l, agent| {
        protocol::connect4::run_with(i, o, l, BotConfig::default(), agent)
    });
}

#[test]
fn the_yavalath_bot_empties_its_tables_at_its_first_turn_only() {
    assert_emptied_once_before_the_first_search("yavalath", "second_player", |i, o, l, agent| {
        protocol::yavalath::run_with(i, o, l, BotConfig::default(), agent)
    });
}

#[test]
fn the_ataxx_bot_empties_its_tables_at_its_first_turn_only() {
    assert_emptied_once_before_the_first_search("ataxx", "top_first_plain", |i, o, l, agent| {
        protocol::ataxx::run_with(i, o, l, BotConfig::default(), Some(agent))
    });
}
