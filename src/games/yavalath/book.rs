//! Yavalath's opening book under the steal rule: the first cell to play on the empty board, and
//! the second player's answer to every first cell (the steal, or a cell to play), read from the
//! table `boardlab book yavalath` writes (`book_table.rs`, generated; its header says how).
//!
//! The table holds one first cell per class of the board's 12 symmetries (6 rotations by 60°,
//! each with or without a mirror: 9 classes); [`symmetry`] carries a class's answer onto the
//! cell actually played.

use super::book_table::{ANSWERS, FIRST};
use super::tables::{axial_of, axial_to_cell};
use super::{Cell, Yavalath};
use crate::game::{Game, Player};

/// The symmetries of the hexagonal board: 6 rotations, each with or without a mirror.
pub const SYMMETRIES: usize = 12;

/// The image of `cell` (`0..61`) under symmetry `s` (`0..SYMMETRIES`): when `s >= 6` the mirror
/// first, then `s % 6` rotations by 60° about the centre. In centred axial coordinates `(u, v) =
/// (a - 4, y - 4)` (module doc of `yavalath`) the three line axes are `(1, 0)`, `(0, 1)` and
/// `(1, 1)`; the rotation maps `(u, v)` to `(u - v, u)` and the mirror to `(v, u)`. Both map the
/// board (`|u|, |v|, |u - v| <= 4`) and the set of line axes onto themselves, so lines go to
/// lines and a position's value is that of its image.
pub const fn symmetry(cell: usize, s: usize) -> usize {
    let (a, y) = axial_of(cell);
    let (mut u, mut v) = (a - 4, y - 4);
    if s >= 6 {
        (u, v) = (v, u);
    }
    let mut turns = 0;
    while turns < s % 6 {
        (u, v) = (u - v, u);
        turns += 1;
    }
    match axial_to_cell(u + 4, v + 4) {
        Some(c) => c,
        None => panic!("a symmetry maps the board onto itself"),
    }
}

/// The book's move in `pos`, if it has one: on the empty board of a game with the steal, the
/// book's first cell; on the second player's first turn (the steal open), the book's answer to
/// the first stone: the stone's own cell (the steal) or a cell to play. `None` after those
/// turns and in games without the steal.
pub fn book_move(pos: &Yavalath) -> Option<Cell> {
    if !pos.steal_rule() || pos.outcome().is_some() {
        return None;
    }
    match pos.ply() {
        0 => Some(FIRST),
        1 => answer(pos.stones(Player::First).trailing_zeros() as usize),
        _ => None,
    }
}

/// The book's answer to a first stone on `first` (`0..61`): its table entry's answer carried by
/// the symmetry that maps the entry's cell onto `first`. The answer equals `first` for a steal.
/// `None` only for a cell off the board.
pub fn answer(first: usize) -> Option<Cell> {
    ANSWERS.iter().find_map(|&(cell, reply)| {
        (0..SYMMETRIES)
            .find(|&s| symmetry(cell as usize, s) == first)
            .map(|s| symmetry(reply as usize, s) as Cell)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::yavalath::{cell_name, CELLS, SEGMENTS_3, SEGMENTS_4};

    #[test]
    fn symmetries_map_the_board_and_its_lines_onto_themselves() {
        for s in 0..SYMMETRIES {
            let image: Vec<usize> = (0..CELLS).map(|c| symmetry(c, s)).collect();
            let mut sorted = image.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..CELLS).collect::<Vec<_>>(), "symmetry {s}");
            let map = |mask: u64| {
                (0..CELLS)
                    .filter(|&c| mask >> c & 1 == 1)
                    .fold(0u64, |m, c| m | 1 << image[c])
            };
            for seg in SEGMENTS_4 {
                assert!(SEGMENTS_4.contains(&map(seg)), "symmetry {s}");
            }
            for seg in SEGMENTS_3 {
                assert!(SEGMENTS_3.contains(&map(seg)), "symmetry {s}");
            }
        }
        // The 12 are distinct: the corner a1 alone tells the rotations apart, a1's neighbours
        // the mirrors.
        let images: std::collections::HashSet<(usize, usize)> = (0..SYMMETRIES)
            .map(|s| (symmetry(0, s), symmetry(1, s)))
            .collect();
        assert_eq!(images.len(), SYMMETRIES);
    }

    #[test]
    fn the_table_has_one_entry_per_class_of_first_cells() {
        let class = |c: usize| (0..SYMMETRIES).map(|s| symmetry(c, s)).min().unwrap();
        let mut classes: Vec<usize> = (0..CELLS).map(class).collect();
        classes.sort_unstable();
        classes.dedup();
        assert_eq!(classes.len(), 9);
        let mut entries: Vec<usize> = ANSWERS.iter().map(|&(c, _)| class(c as usize)).collect();
        entries.sort_unstable();
        assert_eq!(entries, classes, "one entry per class");
    }

    #[test]
    fn an_answer_to_a_mirrored_first_cell_is_the_mirrored_answer() {
        for &(cell, reply) in &ANSWERS {
            assert_eq!(answer(cell as usize), Some(reply), "the table's own cell");
        }
        for first in 0..CELLS {
            let reply = answer(first).expect("every cell has an answer") as usize;
            for s in 0..SYMMETRIES {
                let image = symmetry(first, s);
                let got = answer(image).map(usize::from);
                // A cell on a mirror axis (a3, the middle of an edge) is its own image under
                // that mirror, and so are the two answers mirrored by it: either is the answer.
                let fits = (0..SYMMETRIES)
                    .any(|t| symmetry(first, t) == image && Some(symmetry(reply, t)) == got);
                assert!(
                    fits,
                    "first {} under symmetry {s}: {:?}",
                    cell_name(first),
                    got.map(cell_name)
                );
                let unmoved = (0..SYMMETRIES).filter(|&t| symmetry(first, t) == first);
                if unmoved.count() == 1 {
                    assert_eq!(got, Some(symmetry(reply, s)), "{}", cell_name(first));
                }
            }
        }
    }

    #[test]
    fn book_moves_are_legal_and_only_on_the_first_two_turns() {
        let start = Yavalath::new(true);
        let first = book_move(&start).expect("a first cell");
        let mut legal = Vec::new();
        start.legal_moves(&mut legal);
        assert!(legal.contains(&first));
        for cell in 0..CELLS as Cell {
            let pos = start.after(cell);
            let reply = book_move(&pos).expect("an answer to every first cell");
            pos.legal_moves(&mut legal);
            assert!(legal.contains(&reply), "{}", cell_name(cell as usize));
            assert_eq!(book_move(&pos.after(reply)), None);
        }
        assert_eq!(book_move(&Yavalath::new(false)), None);
        assert_eq!(book_move(&Yavalath::new(false).after(30)), None);
    }
}
