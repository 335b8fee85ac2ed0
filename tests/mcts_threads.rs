//! MCTS root parallelism (`Mcts::set_threads`): the merged search answers a legal move, its root
//! moves' visits are every thread's iterations, an iteration budget is shared out exactly and
//! gives the same result every time, one thread is the single-threaded search, reports while
//! searching count every thread, and `stop` or a time limit ends every thread.
#![cfg(feature = "threads")]

mod helper_threads;

use helper_threads::{no_helper_left, serial, stop_when_running, within_guard};

use boardlab::game::Game;
use boardlab::games::amazons::Amazons;
use boardlab::search::mcts::HELPER_NAME;
use boardlab::search::{Limits, Mcts, MctsConfig, MctsResult, StopFlag, StopReason};

fn iterations(n: u64) -> Limits {
    Limits {
        max_nodes: Some(n),
        ..Limits::default()
    }
}

/// A searcher of 16 MiB on `threads` threads.
fn searcher(threads: usize) -> Mcts<Amazons> {
    let mut m = Mcts::new(16, MctsConfig::default());
    m.set_threads(threads);
    m
}

/// The root moves' visits and the best move, to compare two searches.
fn fingerprint(r: &MctsResult<<Amazons as Game>::Move>) -> (Vec<u32>, String) {
    let report = r.last.as_ref().expect("a report");
    (
        report.root_moves.iter().map(|m| m.visits).collect(),
        format!("{:?}", r.best),
    )
}

#[test]
fn three_threads_share_the_budget_and_merge_every_visit() {
    let _serial = serial();
    for setup in ["seed:3", "seed:11"] {
        let pos = Amazons::from_setup(setup).unwrap();
        let mut m = searcher(3);
        assert_eq!(m.threads(), 3);
        let result = m.search(&pos, iterations(3001), |_| {});
        assert_eq!(result.stop, StopReason::Nodes);
        assert_eq!(
            result.iterations, 3001,
            "the threads' shares add up to the budget"
        );
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let best = result.best.expect("a move");
        assert!(legal.contains(&best), "{setup}: illegal {best:?}");
        let report = result.last.unwrap();
        assert_eq!(report.iterations, 3001);
        let root_visits: u64 = report.root_moves.iter().map(|r| r.visits as u64).sum();
        assert_eq!(
            root_visits,
            report.iterations + report.reused,
            "{setup}: every thread's playouts pass one merged root move"
        );
        assert_eq!(Some(report.root_moves[0].mv), result.best);
        assert_eq!(report.pv, report.root_moves[0].pv);
        assert!(report.root_moves.iter().all(|r| r.pv[0] == r.mv));
        // The main thread adds no noise and runs the first share (1001): its tree is the
        // single-threaded search's of 1001 iterations, and the merge adds the helpers' to it.
        let alone = searcher(1).search(&pos, iterations(1001), |_| {});
        let alone = alone.last.unwrap();
        for r in &alone.root_moves {
            let merged = report.root_moves.iter().find(|m| m.mv == r.mv).unwrap();
            assert!(merged.visits >= r.visits, "{setup}: {:?}", r.mv);
        }
        assert_eq!(alone.root_moves.len(), report.root_moves.len());
    }
}

#[test]
fn an_iteration_budget_gives_the_same_result_every_time() {
    let _serial = serial();
    let pos = Amazons::from_setup("seed:5").unwrap();
    let a = searcher(2).search(&pos, iterations(2000), |_| {});
    let b = searcher(2).search(&pos, iterations(2000), |_| {});
    assert_eq!(fingerprint(&a), fingerprint(&b));
    // The helper's noise makes its tree differ from the main thread's: two threads are not
    // one thread's search counted twice.
    let one = searcher(1).search(&pos, iterations(1000), |_| {});
    let doubled: Vec<u32> = fingerprint(&one).0.iter().map(|v| v * 2).collect();
    assert_ne!(fingerprint(&a).0, doubled);
}

#[test]
fn back_to_one_thread_the_search_is_the_single_threaded_one() {
    let _serial = serial();
    let pos = Amazons::from_setup("seed:7").unwrap();
    let expected = searcher(1).search(&pos, iterations(1500), |_| {});
    let mut m = searcher(4);
    m.set_threads(1);
    assert_eq!(m.threads(), 1);
    let got = m.search(&pos, iterations(1500), |_| {});
    assert_eq!(fingerprint(&got), fingerprint(&expected));
}

#[test]
fn reports_while_searching_count_every_thread() {
    let _serial = serial();
    let pos = Amazons::from_setup("seed:9").unwrap();
    let mut m = Mcts::new(
        16,
        MctsConfig {
            report_ms: Some(5),
            ..MctsConfig::default()
        },
    );
    m.set_threads(2);
    let mut reports = 0;
    let result = within_guard(move || {
        m.search(&pos, Limits::time(400), |r| {
            reports += 1;
            let visits: u64 = r.root_moves.iter().map(|x| x.visits as u64).sum();
            assert_eq!(visits, r.iterations + r.reused, "a running report adds up");
            assert_eq!(r.pv.first(), r.root_moves.first().map(|x| &x.mv));
        });
        reports
    });
    assert!(result >= 1, "the main thread reported");
}

#[test]
fn stop_ends_every_thread() {
    let _serial = serial();
    let stop = StopFlag::new();
    // Stops the search once its three helpers are seen running (or the guard runs out).
    let raiser = stop_when_running(stop, HELPER_NAME, 3);
    let result = within_guard(move || {
        let limits = Limits {
            stop: Some(stop),
            ..Limits::default()
        };
        searcher(4).search(&Amazons::start(), limits, |_| {})
    });
    assert_eq!(raiser.join().unwrap(), 3, "three helpers ran");
    assert!(result.best.is_some());
    assert_eq!(result.stop, StopReason::Time);
    assert!(no_helper_left(HELPER_NAME), "no helper is left");
}

#[test]
fn a_time_limit_ends_every_thread() {
    let _serial = serial();
    let result = within_guard(|| searcher(3).search(&Amazons::start(), Limits::time(300), |_| {}));
    assert!(result.best.is_some());
    assert!(result.iterations > 0);
    assert!(no_helper_left(HELPER_NAME), "no helper is left");
}
