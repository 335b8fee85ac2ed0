//! The exact solver (Pons' convention) against independent computations: a memoised full
//! minimax on small boards and late in 9 x 7 games, the generic alpha-beta search's proven
//! results on 7 x 6, and Pons' own solver's scores of test positions.

use std::collections::HashMap;

use boardlab::game::{Evaluate, Game, Outcome};
use boardlab::games::connect4::solver::{analyze_parallel, Solver};
use boardlab::games::connect4::{Connect4, Connect4Std};
use boardlab::play::{random_line, random_opening, Rng};
use boardlab::search::{Limits, Score, Searcher};

/// Pons' score of a proven result, from the side to move of a position with `chips` chips on a
/// `cells`-cell board, given the number of plies until the winning chip (`plies_to_win` > 0 for
/// the side to move, or the loser's count): `(cells + 2 - chips_after_the_win) / 2`, negated for a
/// loss. The steal is not counted (Pons' convention has none). It lives here, not in the rules,
/// because it reads the search's [`Score`] and the games import no search.
fn pons_score(cells: u32, chips: u32, result: Score) -> Option<i32> {
    match result {
        Score::Win(n) => Some(((cells + 2 - (chips + n)) / 2) as i32),
        Score::Loss(n) => Some(-(((cells + 2 - (chips + n)) / 2) as i32)),
        Score::Draw => Some(0),
        Score::Eval(_) => None,
    }
}

/// Pons' score by definition: the best over every column of `(cells + 1 - chips) / 2` for a win
/// with that chip, 0 for a draw, else minus the opponent's score; every move is tried.
fn minimax<const W: usize, const H: usize>(
    pos: &Connect4<W, H>,
    memo: &mut HashMap<u128, i32>,
) -> i32 {
    if let Some(&s) = memo.get(&pos.key()) {
        return s;
    }
    let cells = (W * H) as i32;
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = *pos;
        child.play(mv);
        let s = match child.outcome() {
            Some(Outcome::Win(_)) => (cells + 1 - pos.chips() as i32) / 2,
            Some(Outcome::Draw) => 0,
            None => -minimax(&child, memo),
        };
        best = best.max(s);
    }
    memo.insert(pos.key(), best);
    best
}

#[test]
fn the_solver_matches_full_minimax_on_small_boards() {
    let mut memo4 = HashMap::new();
    let mut solver4 = Solver::<4, 4>::new(4);
    let empty = Connect4::<4, 4>::new(false);
    assert_eq!(
        solver4.solve(&empty).unwrap(),
        minimax(&empty, &mut memo4),
        "4x4 empty board"
    );
    let checked = solve_random_games_as_minimax::<5, 4>(2..16, 300, 7);
    assert!(checked > 200, "{checked}");
}

/// 9 x 7, the CodinGame board, is solved in its own layout (63 cells in a `u64`, no sentinel
/// row): late in random games its scores and column scores are the full minimax's.
#[test]
fn the_solver_matches_full_minimax_late_in_9_by_7_games() {
    let checked = solve_random_games_as_minimax::<9, 7>(48..56, 120, 9);
    assert!(checked > 60, "{checked}");
}

/// Solves `games` random positions (`plies` random plies from the empty board without the steal,
/// cycling through the range; finished games skipped) and checks each score, and the best column
/// score, against [`minimax`]. Returns how many positions were checked.
fn solve_random_games_as_minimax<const W: usize, const H: usize>(
    plies: std::ops::Range<u32>,
    games: usize,
    seed: u64,
) -> usize {
    let mut memo = HashMap::new();
    let mut solver = Solver::<W, H>::new(16);
    let mut rng = Rng(seed);
    let mut checked = 0;
    for plies in plies.cycle().take(games) {
        let pos = random_opening(&Connect4::<W, H>::new(false), plies, &mut rng);
        if pos.outcome().is_some() {
            continue;
        }
        let expected = minimax(&pos, &mut memo);
        assert_eq!(
            solver.solve(&pos).unwrap(),
            expected,
            "{W}x{H} after {plies} plies"
        );
        let (cols, steal) = solver.analyze(&pos).unwrap();
        assert_eq!(steal, None);
        assert_eq!(cols.iter().flatten().max().copied(), Some(expected));
        checked += 1;
    }
    checked
}

#[test]
fn the_steal_is_scored_as_the_better_side_of_the_first_chip() {
    // On 5x4 with the steal: after one chip, stealing it hands the stealer the first chip.
    let mut solver = Solver::<5, 4>::new(4);
    let mut memo = HashMap::new();
    for col in 0..5u8 {
        let mut pos = Connect4::<5, 4>::new(true);
        pos.play(col);
        let plain = {
            let mut p = Connect4::<5, 4>::new(false);
            p.play(col);
            p
        };
        let value = minimax(&plain, &mut memo);
        let (_, steal) = solver.analyze(&pos).unwrap();
        assert_eq!(
            steal,
            Some(-value),
            "stealing makes the stealer the side with the chip"
        );
        assert_eq!(solver.solve(&pos).unwrap(), value.max(-value));
    }
}

/// Pons' move string of `moves` reflected left to right on a board `w` columns wide.
fn mirrored(moves: &str, w: u32) -> String {
    moves
        .chars()
        .map(|c| char::from_digit(w + 1 - c.to_digit(10).unwrap(), 10).unwrap())
        .collect()
}

#[test]
fn a_one_bucket_table_keeps_replacing_entries_and_changes_no_score() {
    let mut memo = HashMap::new();
    let mut solver = Solver::<5, 4>::new(0);
    let mut rng = Rng(11);
    for plies in (4..14).cycle().take(60) {
        let pos = random_opening(&Connect4::<5, 4>::new(false), plies, &mut rng);
        if pos.outcome().is_none() {
            assert_eq!(solver.solve(&pos).unwrap(), minimax(&pos, &mut memo));
        }
    }
}

#[test]
fn a_position_and_its_mirror_image_have_the_same_score() {
    // The table stores a position and its mirror image under one key: a wrong reflection would
    // let the score of some other position answer for this one.
    let mut solver = Solver::<7, 6>::new(16);
    let mut rng = Rng(5);
    let mut checked = 0;
    while checked < 20 {
        let (pos, line) = random_line(&Connect4Std::new(false), 16, &mut rng);
        if pos.outcome().is_some() {
            continue;
        }
        // The protocol's columns count from 0, Pons' from 1.
        let moves: String = line
            .iter()
            .map(|c| (c.parse::<u8>().unwrap() + b'1') as char)
            .collect();
        let image = Connect4Std::from_pons(&mirrored(&moves, 7), false).unwrap();
        let mut fresh = Solver::<7, 6>::new(16);
        assert_eq!(solver.solve(&pos), fresh.solve(&pos), "{moves}");
        assert_eq!(solver.solve(&image), fresh.solve(&pos), "mirror of {moves}");
        checked += 1;
    }
}

#[test]
fn a_symmetric_position_scores_each_column_like_its_mirror() {
    // "33" on 5x4 is its own mirror image: analysis solves columns 1, 2, 3 and copies 1, 2.
    let pos = Connect4::<5, 4>::from_pons("33", false).unwrap();
    let mut memo = HashMap::new();
    let mut solver = Solver::<5, 4>::new(4);
    let (cols, _) = solver.analyze(&pos).unwrap();
    for (col, score) in cols.iter().enumerate() {
        let mut child = pos;
        child.play(col as u8);
        let expected = match child.outcome() {
            Some(_) => unreachable!("no four after three chips"),
            None => -minimax(&child, &mut memo),
        };
        assert_eq!(*score, Some(expected), "column {}", col + 1);
    }
}

#[test]
fn parallel_analysis_agrees_with_one_thread() {
    let mut rng = Rng(3);
    let mut solver = Solver::<6, 5>::new(16);
    for plies in [6, 8, 10, 12] {
        let pos = random_opening(&Connect4::<6, 5>::new(false), plies, &mut rng);
        if pos.outcome().is_some() {
            continue;
        }
        let (parallel, _nodes) = analyze_parallel(&pos, 2, 16, None, &|_| {}).unwrap();
        assert_eq!(
            parallel,
            solver.analyze(&pos).unwrap(),
            "after {plies} plies"
        );
    }
}

#[test]
fn the_solver_agrees_with_the_generic_search_on_7x6_endgames() {
    let mut solver = Solver::<7, 6>::new(16);
    let mut searcher: Searcher<Connect4Std> = Searcher::new(16);
    let mut rng = Rng(42);
    let mut checked = 0;
    for plies in (20..34).cycle().take(150) {
        let pos = random_opening(&Connect4Std::new(false), plies, &mut rng);
        if pos.outcome().is_some() {
            continue;
        }
        // A single forced move ends the generic search at once, without a proof: skip those.
        let mut list = Vec::new();
        if pos.search_moves(&mut list) && list.len() == 1 {
            continue;
        }
        let exact = solver.solve(&pos).unwrap();
        searcher.clear();
        let left = 42 - pos.chips();
        let result = searcher.search(&pos, Limits::depth(2 * left + 8), |_| {});
        let score = result.last.unwrap().score;
        let generic = pons_score(42, pos.chips(), score).unwrap_or(0);
        assert!(
            !matches!(score, Score::Eval(v) if v != 0) || exact == 0,
            "a search to the end proves the result ({score} vs {exact})"
        );
        assert_eq!(
            generic.signum(),
            exact.signum(),
            "the same winner after {plies} plies"
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions checked");
}

#[test]
fn a_time_limit_stops_the_solver_without_a_wrong_answer() {
    let mut solver = Solver::<9, 7>::new(4);
    solver.set_time_limit(Some(50));
    let pos = Connect4::<9, 7>::new(false);
    assert!(solver.solve(&pos).is_err(), "9x7 is not solvable in 50 ms");
}

/// Pons-style test positions: 70 random 7x6 positions after 10 to 28 plies, scored by Pons'
/// own solver (see the fixture's header). Seconds in release; the empty board is the bench.
#[test]
fn the_solver_scores_pons_style_test_positions_as_pons_does() {
    let text = include_str!("fixtures/connect4/pons_7x6.txt");
    let mut solver = Solver::<7, 6>::new(64);
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (moves, score) = line.split_once(' ').expect("a move string and a score");
        let pos = Connect4Std::from_pons(moves, false).expect("a legal move string");
        let expected: i32 = score.trim().parse().expect("a score");
        assert_eq!(solver.solve(&pos).unwrap(), expected, "position {moves}");
        checked += 1;
    }
    assert_eq!(checked, 70, "the fixture lost positions");
}

/// About three minutes in release on two cores (2.5 G nodes): the solver's acceptance check on
/// the whole game, run by `make bench` (the suite checks the positions above instead).
#[test]
#[ignore = "minutes: make bench runs it"]
fn the_empty_7x6_board_scores_as_pons_reports() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let ((cols, _), _nodes) =
        analyze_parallel(&Connect4Std::new(false), threads, 2048, None, &|_| {}).unwrap();
    let cols: Vec<i32> = cols.into_iter().map(|c| c.unwrap()).collect();
    assert_eq!(cols, [-2, -1, 0, 1, 0, -1, -2]);
}

/// The result probes ([`Solver::wdl`], [`Solver::move_wdl`]) against full minimax on 5 x 4, and
/// [`Solver::keep_result`]: its move keeps the position's result, and it keeps the preferred
/// move whenever that move does.
#[test]
fn result_probes_match_full_minimax_and_keep_result_keeps_it() {
    use boardlab::games::connect4::solver::Wdl;
    let of_score = |s: i32| match s.signum() {
        1 => Wdl::Win,
        0 => Wdl::Draw,
        _ => Wdl::Loss,
    };
    let mut memo = HashMap::new();
    let mut solver = Solver::<5, 4>::new(4);
    let mut rng = Rng(11);
    let (mut corrected, mut kept) = (0, 0);
    for plies in (2..14).cycle().take(240) {
        let pos = random_opening(&Connect4::<5, 4>::new(false), plies, &mut rng);
        if pos.outcome().is_some() {
            continue;
        }
        let value = of_score(minimax(&pos, &mut memo));
        assert_eq!(solver.wdl(&pos).unwrap(), value, "5x4 after {plies} plies");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for &preferred in &moves {
            let child = pos.after(preferred);
            let got = match child.outcome() {
                Some(Outcome::Win(_)) => Wdl::Win,
                Some(Outcome::Draw) => Wdl::Draw,
                None => of_score(-minimax(&child, &mut memo)),
            };
            assert_eq!(solver.move_wdl(&pos, preferred).unwrap(), got);
            let (mv, result) = solver.keep_result(&pos, preferred, &[]).unwrap();
            if got == value {
                assert_eq!(
                    (mv, result),
                    (preferred, value),
                    "the preferred move keeps it"
                );
                kept += 1;
            } else {
                assert_eq!(result, value);
                assert_eq!(solver.move_wdl(&pos, mv).unwrap(), value);
                corrected += 1;
            }
        }
    }
    assert!(
        kept > 100 && corrected > 100,
        "{kept} kept, {corrected} corrected"
    );
}

/// Out of time, the bot's fallback ([`Solver::first_unrefuted`]) gives up the preferred move
/// only for a proven loss: when it answers another move, the preferred move and every candidate
/// tried before its answer do lose (by an unlimited solver), and the answer is never one the
/// table proves lost unless every move is.
#[test]
fn out_of_time_the_bot_gives_up_its_move_only_when_it_loses() {
    use boardlab::games::connect4::solver::Wdl;
    let mut oracle = Solver::<7, 6>::new(64);
    let mut rng = Rng(23);
    let (mut timeouts, mut given_up) = (0, 0);
    for plies in (6..16).cycle().take(80) {
        let pos = random_opening(&Connect4Std::new(false), plies, &mut rng);
        if pos.outcome().is_some() || pos.can_win_next() {
            continue;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for &preferred in &moves {
            // A fresh solver with a small table and a node budget that most probes exceed.
            let mut solver = Solver::<7, 6>::new(1);
            solver.set_node_limit(Some(4096 * (1 + plies as u64 % 3)));
            if solver.keep_result(&pos, preferred, &moves).is_ok() {
                continue;
            }
            timeouts += 1;
            let answer = solver.first_unrefuted(&pos, preferred, &moves);
            if answer == preferred {
                continue;
            }
            given_up += 1;
            let tried = std::iter::once(preferred).chain(moves.iter().copied());
            for mv in tried.take_while(|&mv| mv != answer) {
                assert_eq!(
                    oracle.move_wdl(&pos, mv).unwrap(),
                    Wdl::Loss,
                    "{mv} in {pos:?}"
                );
            }
            let every_move_lost = moves.iter().all(|&mv| solver.proven_loss(&pos, mv));
            assert!(every_move_lost || !solver.proven_loss(&pos, answer));
        }
    }
    assert!(
        timeouts > 200 && given_up > 50,
        "{timeouts} timeouts, {given_up} moves given up"
    );
}
