//! Each game's position notation (Display::position_text) reads back as a setup to the same
//! position, after moves from its start.

use boardlab::game::{Display, Game};
use boardlab::games::{Amazons, Ataxx, Yavalath};
use boardlab::play::{random_opening, Rng};

fn round_trips<G: Display>(setup: &str, plies: u32, seed: u64) {
    let start = G::from_setup(setup).expect("valid setup");
    let pos = random_opening(&start, plies, &mut Rng(seed));
    let text = pos
        .position_text()
        .expect("the game has a position notation");
    let back = G::from_setup(&text).unwrap_or_else(|e| panic!("'{text}' does not read back: {e}"));
    assert_eq!(back.cells(), pos.cells(), "{text}");
    assert_eq!(back.to_move(), pos.to_move(), "{text}");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    pos.legal_moves(&mut a);
    back.legal_moves(&mut b);
    assert_eq!(a, b, "{text}: the same legal moves");
}

#[test]
fn an_ataxx_fen_reads_back_under_both_rule_sets() {
    for seed in 0..5 {
        round_trips::<Ataxx>("", 9, seed);
        round_trips::<Ataxx>("x5o/7/7/7/7/7/o5x x 0 1", 9, seed);
        round_trips::<Ataxx>("walls:3", 6, seed);
    }
    assert!(
        Ataxx::start().position_text().unwrap().starts_with("cg:"),
        "CodinGame rules keep their prefix"
    );
}

#[test]
fn an_amazons_position_string_reads_back() {
    for seed in 0..5 {
        round_trips::<Amazons>("", 7, seed);
        round_trips::<Amazons>("seed:42", 4, seed);
    }
}

#[test]
fn yavalath_has_no_position_notation_but_its_move_list() {
    assert_eq!(Yavalath::start().position_text(), None);
}
