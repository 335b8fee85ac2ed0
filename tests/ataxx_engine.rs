//! The Ataxx engine: proven shut-out wins (and what they must not claim), a known short win, the
//! evaluation's symmetry under colour swap and board mirrors, capture ordering, and a match
//! against the minimax baseline at a fixed depth.

use boardlab::baseline::MinimaxAgent;
use boardlab::game::{score, Evaluate, Game, Outcome, Player};
use boardlab::games::ataxx::{Ataxx, Move};
use boardlab::play::{play_match, random_opening, EngineAgent, Rng};
use boardlab::search::{Limits, Score, Searcher};

/// x on rank 1 can never move again (ranks 2 and 3 are full of o); o takes the 28 empty squares
/// by spawning and wins 42 to 7.
const SHUT_OUT: &str = "cg:7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1";

fn setup(text: &str) -> Ataxx {
    Ataxx::from_setup(text).unwrap_or_else(|e| panic!("{e}"))
}

fn search(pos: &Ataxx, depth: u32) -> Score {
    let mut s: Searcher<Ataxx> = Searcher::new(4);
    let r = s.search(pos, Limits::depth(depth), |_| {});
    r.last.expect("an iteration completed").score
}

fn is_proven(pos: &Ataxx) -> bool {
    pos.evaluate().score.abs() >= score::PROVEN
}

/// One of the 8 symmetries of the square board (`k` in 0..8), applied to a bitboard.
fn transform(bb: u64, k: usize) -> u64 {
    let mut out = 0;
    for sq in 0..49 {
        if bb >> sq & 1 == 0 {
            continue;
        }
        let (mut f, mut r) = (sq % 7, sq / 7);
        if k & 1 != 0 {
            f = 6 - f;
        }
        if k & 2 != 0 {
            r = 6 - r;
        }
        if k & 4 != 0 {
            (f, r) = (r, f);
        }
        out |= 1 << (r * 7 + f);
    }
    out
}

/// `pos` under symmetry `k`, colours swapped when `swap` (the side to move too, so the same
/// player is to move in the mirrored game).
fn variant(pos: &Ataxx, k: usize, swap: bool) -> Ataxx {
    let (x, o) = (pos.stones(Player::First), pos.stones(Player::Second));
    let (x, o, side) = if swap {
        (o, x, pos.to_move().opponent())
    } else {
        (x, o, pos.to_move())
    };
    Ataxx::from_parts(
        transform(x, k),
        transform(o, k),
        transform(pos.walls(), k),
        side,
        pos.rules(),
    )
    .unwrap()
}

/// Plays a claimed shut-out out: the winner follows the engine's forced spawns, the shut-out side
/// can only pass. The claimed winner must win within the claimed plies, by the rules' own count.
fn play_out_claim(pos: &Ataxx) {
    let s = pos.evaluate().score;
    let (winner, plies) = match (score::plies_to_win(s), score::plies_to_loss(s)) {
        (Some(n), _) => (pos.to_move(), n),
        (_, Some(n)) => (pos.to_move().opponent(), n),
        _ => panic!("no claim"),
    };
    let mut game = pos.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        moves.clear();
        if game.to_move() == winner {
            assert!(game.search_moves(&mut moves), "the winning spawn is forced");
        } else {
            game.legal_moves(&mut moves);
            assert_eq!(moves, vec![Move::PASS], "the shut-out side can only pass");
        }
        game.play(moves[0]);
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win(winner)),
        "claimed in {:?}: {plies} plies",
        pos.fen()
    );
}

#[test]
fn a_shut_out_side_loses_when_the_other_takes_every_square_it_can_reach() {
    let pos = setup(SHUT_OUT);
    // 28 spawns by o and 27 passes by x in between.
    assert_eq!(search(&pos, 8), Score::Win(55));
    play_out_claim(&pos);
    // The same seen from x, which has to pass first.
    let x_to_move = setup("cg:7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
    assert_eq!(search(&x_to_move, 8), Score::Loss(56));
}

#[test]
fn the_shut_out_is_proven_in_every_mirror_and_colour_swap() {
    let pos = setup(SHUT_OUT);
    for k in 0..8 {
        for swap in [false, true] {
            let v = variant(&pos, k, swap);
            assert_eq!(search(&v, 6), Score::Win(55), "{}", v.fen());
        }
    }
}

#[test]
fn a_shut_out_lost_on_count_proves_nothing() {
    // x (21 stones) is shut out, o (8) can only add a6: o would lose the count, but it may do
    // better by jumping out of a4..c4 (opening squares next to x), so nothing is claimed.
    let pos = setup("cg:-------/1------/o------/ooooooo/xxxxxxx/xxxxxxx/xxxxxxx o 0 1");
    assert!(!is_proven(&pos));
}

#[test]
fn a_shut_out_that_leaves_squares_only_jumps_reach_proves_nothing() {
    // o can spawn its way over rank 5, d6, e6 and d7..g7, but a7 and b7, walled off from them,
    // are only reached by jumps from a5..c5: the game does not end when the spawns run out, o
    // must keep moving, and its jumps may open squares next to x.
    let pos = setup("cg:2-4/---2--/7/ooooooo/ooooooo/xxxxxxx/xxxxxxx o 0 1");
    assert!(!is_proven(&pos));
}

#[test]
fn no_shut_out_is_claimed_when_a_draw_rule_comes_first() {
    // CodinGame: 55 more plies from ply 245 end at 300, still a result by count; from 246 the
    // 300-turn draw comes first.
    let mut pos = setup(SHUT_OUT);
    pos.set_ply(245);
    assert!(is_proven(&pos));
    pos.set_ply(246);
    assert!(!is_proven(&pos));
    // CodinGame: o's stone on a7 jumps to c7 and back while x passes; x's next pass would show
    // that board a third time, a draw before o spawns again.
    let mut pos = setup("cg:o6/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1");
    assert!(is_proven(&pos));
    for mv in ["a7c7", "0000", "c7a7"] {
        pos.play_text(mv).unwrap();
    }
    assert!(!is_proven(&pos));
    pos.play_text("0000").unwrap();
    assert_eq!(pos.end_reason(), Some("repetition"));
    // Engine rules: x's pass at halfmove 99 reaches the 100-ply draw before o can spawn.
    assert!(is_proven(&setup("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 98 50")));
    assert!(!is_proven(&setup(
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 99 50"
    )));
}

#[test]
fn positions_with_a_fight_are_not_proven() {
    assert_eq!(
        std::mem::discriminant(&search(&Ataxx::start(), 5)),
        std::mem::discriminant(&Score::Eval(0))
    );
    let mut rng = Rng(11);
    for plies in [4, 10, 20, 30] {
        let pos = random_opening(&Ataxx::start(), plies, &mut rng);
        assert!(!is_proven(&pos), "{}", pos.fen());
    }
}

#[test]
fn every_shut_out_claimed_in_random_games_is_won_as_claimed() {
    // Random games on random wall layouts; each claim met on the way is played out by the rules.
    let mut rng = Rng(2024);
    let mut claims = 0;
    for game in 0..400u64 {
        let mut pos = setup(&format!("walls:{game}"));
        let mut moves = Vec::new();
        while pos.outcome().is_none() {
            if is_proven(&pos) {
                claims += 1;
                play_out_claim(&pos);
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            pos.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(
        claims >= 100,
        "only {claims} claims met: the test checks too little"
    );
}

/// Whether `winner` can force a win within `plies` plies, whoever is to move, by brute force.
fn forces_win(pos: &Ataxx, winner: Player, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let wins_after = |&mv: &Move| {
        let mut child = pos.clone();
        child.play(mv);
        match child.outcome() {
            Some(outcome) => outcome == Outcome::Win(winner),
            None => forces_win(&child, winner, plies - 1),
        }
    };
    if pos.to_move() == winner {
        moves.iter().any(wins_after)
    } else {
        moves.iter().all(wins_after)
    }
}

#[test]
fn the_engine_finds_a_win_in_three_plies() {
    // Only c1e2 wins: it threatens both o stones so that every reply leaves o capturable at once.
    let pos = setup("cg:2-4/4o2/3-3/5x1/5o1/2-4/-1x1o2 x 0 1");
    assert!(!forces_win(&pos, Player::First, 1) && forces_win(&pos, Player::First, 3));
    let mut s: Searcher<Ataxx> = Searcher::new(4);
    // Forward pruning trusts the static score, so the nominal depth that proves a short win
    // depends on the evaluation: 3 with the linear one alone, 4 with the shipped network's
    // correction, 7 with one trained along the way (it liked o's position after c1e2 until the
    // search saw the capture). Depth 8 leaves room and is still a few thousand nodes.
    let r = s.search(&pos, Limits::depth(8), |_| {});
    assert_eq!(r.last.unwrap().score, Score::Win(3));
    let best = r.best.unwrap();
    assert_eq!(pos.format_move(best), "c1e2");
    let mut after = pos.clone();
    after.play(best);
    assert!(forces_win(&after, Player::First, 2));
}

/// The most the network's correction may differ between mirror images on average over these
/// positions, centi-stones (session 13's network: 46; session 14's: 55).
const MEAN_MIRROR_GAP: f64 = 80.0;

/// The most it may differ in any one of them (session 13's network: 193; session 14's, trained
/// longer: 679, in a few positions whose random plies are far from any game it learned from).
/// Only a gross fault, such as a wrong square in a mirror's map, goes past it.
const MIRROR_GAP: i32 = 800;

#[test]
fn the_evaluation_is_the_same_under_colour_swap_and_close_under_every_mirror() {
    // The linear part weighs symmetric counts, so it is exact under all sixteen; the network
    // sees squares from the mover's view (exact under colour swap) and learned the mirrors
    // from mirrored training positions, so it only agrees with itself closely there.
    let mut rng = Rng(7);
    let (mut worst, mut total, mut images) = (0, 0, 0);
    for seed in 0..40u64 {
        let start = setup(&format!("walls:{seed}"));
        let played = random_opening(&start, (seed % 25) as u32 * 2 + 1, &mut rng);
        let pos = variant(&played, 0, false); // the board alone: fresh clocks and history
        if pos.outcome().is_some() {
            continue;
        }
        assert_eq!(
            variant(&pos, 0, true).evaluate(),
            pos.evaluate(),
            "{}",
            pos.fen()
        );
        for k in 0..8 {
            for swap in [false, true] {
                let image = variant(&pos, k, swap);
                let at = format!("{} {k} {swap}", pos.fen());
                assert_eq!(image.linear_score(), pos.linear_score(), "{at}");
                let gap = (image.network_score() - pos.network_score()).abs();
                worst = worst.max(gap);
                total += gap;
                images += 1;
                assert!(gap <= MIRROR_GAP, "{at}: network {gap} centi-stones apart");
            }
        }
    }
    let mean = total as f64 / images as f64;
    eprintln!("mirror gap: largest {worst}, mean {mean:.1} over {images} images");
    assert!(
        mean <= MEAN_MIRROR_GAP,
        "the network's mirror images are {mean:.1} centi-stones apart on average"
    );
}

#[test]
fn moves_are_ordered_by_gain_stones_taken_plus_two_for_a_spawn() {
    // o on b1, b2 and d3; x on a1 and g7.
    let pos = setup("cg:6x/7/7/7/3o3/1o5/xo5 x 0 1");
    let class = |text: &str| pos.order_class(pos.parse_move(text).unwrap());
    assert_eq!(class("a2"), 4); // a spawn taking b1, b2
    assert_eq!(class("a1c2"), 3); // a jump next to b1, b2 and d3
    assert_eq!(class("a1c3"), 2); // b2, d3
    assert_eq!(class("f7"), 2); // a spawn taking nothing
    assert_eq!(class("a1a3"), 1); // b2
    assert_eq!(class("g7e5"), 0); // a jump taking nothing: pruned late in non-PV nodes
}

#[test]
fn beats_the_minimax_baseline_at_a_fixed_depth() {
    // Depth 5 (no clock), 10 seeded openings of 4 plies, each played with both colours. Depth 5,
    // not 4 since forward pruning: a pruned depth-5 search costs fewer nodes than the full-width
    // depth-4 search this test was written for (bench: 4.5 times fewer nodes at depth 7).
    let score = play_match(
        &Ataxx::start(),
        &mut EngineAgent::<Ataxx>::new(4, Some(5)),
        &mut MinimaxAgent::default(),
        u64::MAX,
        10,
        4,
        42,
        |_, _, _| {},
    );
    assert!(score.wins >= 19, "{score:?}");
}
