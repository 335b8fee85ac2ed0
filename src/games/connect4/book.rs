//! The CodinGame board's opening book (9x7 with the steal): the first column to play on the empty
//! board, and the second player's answer to every first column (the steal, or a column), read
//! from the table `boardlab book connect4` writes (`book_table.rs`, generated; its header says
//! how). The table holds the columns `0..=4`; a chip in column `c > 4` is the mirror image of one
//! in `8 - c`, so its answer is the mirrored answer.

use super::book_table::{ANSWERS, FIRST};
use super::{Connect4, STEAL};
use crate::game::Game;

/// The book's move in `pos`, if it has one: on the empty 9x7 board of a game with the steal, the
/// book's first column; on the second player's first turn (the steal open), the book's answer
/// to the first chip ([`STEAL`] or a column). `None` after those turns, on other boards and in
/// games without the steal.
pub fn book_move<const W: usize, const H: usize>(pos: &Connect4<W, H>) -> Option<u8> {
    if (W, H) != (9, 7) || !pos.steal_rule() || pos.outcome().is_some() {
        return None;
    }
    match pos.ply() {
        0 => Some(FIRST),
        1 if pos.steal_open() => Some(answer(Connect4::<W, H>::column_of(pos.mask()) as usize)),
        _ => None,
    }
}

/// The book's answer to a first chip in column `first` (`0..9`): [`STEAL`] or a column, the
/// mirrored entry's answer mirrored for `first > 4`.
pub fn answer(first: usize) -> u8 {
    let mirrored = first > 4;
    let reply = ANSWERS[if mirrored { 8 - first } else { first }.min(4)];
    if mirrored && reply != STEAL {
        8 - reply
    } else {
        reply
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::{Connect4Cg, Connect4Std};

    #[test]
    fn book_moves_are_legal_and_only_on_the_first_two_turns() {
        let start = Connect4Cg::new(true);
        let first = book_move(&start).expect("a first column");
        let mut legal = Vec::new();
        start.legal_moves(&mut legal);
        assert!(legal.contains(&first));
        for col in 0..9u8 {
            let pos = start.after(col);
            let reply = book_move(&pos).expect("an answer to every first column");
            pos.legal_moves(&mut legal);
            assert!(legal.contains(&reply), "column {col}");
            assert_eq!(book_move(&pos.after(reply)), None);
        }
        assert_eq!(book_move(&Connect4Cg::new(false)), None);
        assert_eq!(book_move(&Connect4Std::new(true)), None);
    }

    #[test]
    fn an_answer_to_a_mirrored_column_is_the_mirrored_answer() {
        let mirror = |m: u8| if m == STEAL { STEAL } else { 8 - m };
        for col in 0..9 {
            assert_eq!(answer(8 - col), mirror(answer(col)), "column {col}");
        }
    }
}
