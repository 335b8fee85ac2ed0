//! Lazy SMP (`Searcher::set_threads`): with helper threads the search still answers legal moves
//! and proven results agree with one thread's; a depth-limited search ends at the limit and
//! answers with the iteration it reports last; going back to one thread restores the exact
//! single-threaded search; `stop` and time limits end every thread; UAI's `Threads` option.
#![cfg(feature = "threads")]

mod helper_threads;

use std::sync::{Arc, Mutex};

use helper_threads::{no_helper_left, serial, stop_when_running, within_guard};

use boardlab::bench;
use boardlab::game::{Evaluate, Game};
use boardlab::games::ataxx::Ataxx;
use boardlab::games::connect4::Connect4;
use boardlab::games::yavalath::Yavalath;
use boardlab::protocol::uai;
use boardlab::search::alphabeta::HELPER_NAME;
use boardlab::search::{Limits, Score, Searcher, StopFlag, StopReason, MAX_THREADS};

/// Whether a score is a proven result, and whose: `Some(true)` a win for the side to move.
fn proven_winner(s: Score) -> Option<bool> {
    match s {
        Score::Win(_) => Some(true),
        Score::Loss(_) => Some(false),
        _ => None,
    }
}

/// Searches each bench position of `G` to `depth` with 1 and with 3 threads: the move must be
/// legal, and a proven win or loss found by either must not be contradicted by the other.
fn legal_and_consistent<G: Evaluate>(depth: u32) {
    for pos in bench::positions::<G>() {
        if pos.outcome().is_some() {
            continue;
        }
        let mut one: Searcher<G> = Searcher::new(8);
        let single = one.search(&pos, Limits::depth(depth), |_| {});
        let mut many: Searcher<G> = Searcher::new(8);
        many.set_threads(3);
        let mut iterations = 0;
        let multi = many.search(&pos, Limits::depth(depth), |_| iterations += 1);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        for r in [&single, &multi] {
            let best = r.best.expect("a move in a position that is not over");
            assert!(legal.contains(&best), "{}: illegal {best:?}", G::NAME);
        }
        assert!(iterations >= 1, "{}: the main thread reports", G::NAME);
        let (a, b) = (single.last.unwrap().score, multi.last.unwrap().score);
        if let (Some(x), Some(y)) = (proven_winner(a), proven_winner(b)) {
            assert_eq!(x, y, "{}: 1 thread says {a}, 3 threads {b}", G::NAME);
        }
        assert!(multi.nodes > 0);
    }
}

#[test]
fn three_threads_answer_legal_moves_consistent_with_one() {
    let _serial = serial();
    legal_and_consistent::<Yavalath>(5);
    legal_and_consistent::<Connect4<9, 7>>(7);
    legal_and_consistent::<Ataxx>(4);
}

/// With helpers a depth-limited search ends at the limit whichever thread completes it, and
/// the iteration it answers with is the last one reported, its PV's first move the answer.
fn the_answer_is_the_iteration_at_the_limit<G: Evaluate>(depth: u32) {
    for pos in bench::positions::<G>() {
        if pos.outcome().is_some() {
            continue;
        }
        let mut s: Searcher<G> = Searcher::new(8);
        s.set_threads(2);
        let mut reported = Vec::new();
        let r = s.search(&pos, Limits::depth(depth), |it| {
            reported.push((it.depth, it.pv.first().copied()))
        });
        let last = r.last.expect("an iteration");
        if r.stop != StopReason::Solved {
            assert_eq!(last.depth, depth, "{}: the team reaches the limit", G::NAME);
        }
        let (d, first) = *reported.last().expect("a report");
        assert_eq!(
            d,
            last.depth,
            "{}: the answer's iteration is reported last",
            G::NAME
        );
        assert_eq!(first, last.pv.first().copied(), "{}", G::NAME);
        assert_eq!(
            r.best,
            first,
            "{}: the answer is the PV's first move",
            G::NAME
        );
    }
}

#[test]
fn two_threads_answer_with_the_iteration_at_the_limit() {
    let _serial = serial();
    the_answer_is_the_iteration_at_the_limit::<Yavalath>(6);
    the_answer_is_the_iteration_at_the_limit::<Connect4<9, 7>>(10);
    the_answer_is_the_iteration_at_the_limit::<Ataxx>(6);
}

#[test]
fn back_to_one_thread_the_search_is_the_single_threaded_one() {
    let _serial = serial();
    let pos = bench::positions::<Yavalath>()[2].clone();
    let mut fresh: Searcher<Yavalath> = Searcher::new(8);
    let expected = fresh.search(&pos, Limits::depth(5), |_| {});
    let mut s: Searcher<Yavalath> = Searcher::new(8);
    s.set_threads(4);
    s.set_threads(1);
    let got = s.search(&pos, Limits::depth(5), |_| {});
    assert_eq!(got.nodes, expected.nodes);
    assert_eq!(got.best, expected.best);
}

#[test]
fn more_threads_than_allowed_are_clamped() {
    let _serial = serial();
    let mut s: Searcher<Connect4<9, 7>> = Searcher::new(1);
    s.set_threads(usize::MAX);
    s.set_threads(0);
    let pos = Connect4::<9, 7>::start();
    assert!(s.search(&pos, Limits::depth(3), |_| {}).best.is_some());
    assert!(MAX_THREADS >= 2, "this build has threads");
}

#[test]
fn stop_ends_every_thread() {
    let _serial = serial();
    let stop = StopFlag::new();
    // Stops the search once its three helpers are seen running (or the guard runs out).
    let raiser = stop_when_running(stop, HELPER_NAME, 3);
    let result = within_guard(move || {
        let mut s: Searcher<Yavalath> = Searcher::new(8);
        s.set_threads(4);
        let limits = Limits {
            stop: Some(stop),
            ..Limits::default()
        };
        s.search(&Yavalath::start(), limits, |_| {})
    });
    let seen = raiser.join().unwrap();
    assert_eq!(seen, 3, "three helpers ran");
    assert!(result.best.is_some());
    // The helpers were joined before the search returned.
    assert!(no_helper_left(HELPER_NAME), "no helper is left");
}

#[test]
fn a_time_limit_ends_every_thread() {
    let _serial = serial();
    let result = within_guard(|| {
        let mut s: Searcher<Ataxx> = Searcher::new(8);
        s.set_threads(3);
        s.search(&Ataxx::start(), Limits::time(300), |_| {})
    });
    assert!(result.best.is_some());
    assert!(result.last.is_some(), "at least one iteration in 300 ms");
}

#[test]
fn uai_takes_a_threads_option() {
    let _serial = serial();
    let out = Arc::new(Mutex::new(Vec::<u8>::new()));
    let script = "uai\nsetoption name Threads value 2\nposition startpos\ngo depth 4\nquit\n";
    let o = Arc::clone(&out);
    within_guard(move || uai::run(script.as_bytes(), o, 8).unwrap());
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    assert!(text.contains(&format!(
        "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
    )));
    assert!(!text.contains("unsupported option"), "{text}");
    let best = text
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove");
    let pos = Ataxx::start();
    assert!(pos.parse_move(best).is_ok(), "bestmove {best} is legal");
}
