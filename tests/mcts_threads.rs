//! MCTS on several threads (`Mcts::set_threads`). Root parallelism: the merged search answers a
//! legal move, its root moves' visits are every thread's iterations, an iteration budget is
//! shared out exactly and gives the same result every time. Tree parallelism: a budget is run
//! exactly on the one shared tree, whose visits then add up (no virtual loss is left behind).
//! Both: one thread is the single-threaded search, reports while searching count every thread,
//! and `stop` or a time limit ends every thread.
#![cfg(feature = "threads")]

mod helper_threads;

use helper_threads::{no_helper_left, serial, stop_when_running, within_guard};

use boardlab::game::Game;
use boardlab::games::amazons::Amazons;
use boardlab::search::mcts::Parallel;
use boardlab::search::mcts::HELPER_NAME;
use boardlab::search::{Limits, Mcts, MctsConfig, MctsResult, StopFlag, StopReason};

fn iterations(n: u64) -> Limits {
    Limits {
        max_nodes: Some(n),
        ..Limits::default()
    }
}

/// A searcher of 16 MiB on `threads` threads, with root parallelism.
fn searcher(threads: usize) -> Mcts<Amazons> {
    searcher_with(threads, Parallel::Root)
}

/// A searcher of 16 MiB on `threads` threads sharing the work as `scheme` says.
fn searcher_with(threads: usize, scheme: Parallel) -> Mcts<Amazons> {
    let mut m = Mcts::new(
        16,
        MctsConfig {
            parallel: scheme,
            ..MctsConfig::default()
        },
    );
    m.set_threads(threads);
    m
}

const SCHEMES: [Parallel; 2] = [Parallel::Tree, Parallel::Root];

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
    for scheme in SCHEMES {
        let mut m = searcher_with(4, scheme);
        // A search on 4 threads first: going back to one must leave nothing of it behind.
        m.search(&pos, iterations(200), |_| {});
        m.set_threads(1);
        m.clear();
        assert_eq!(m.threads(), 1);
        let got = m.search(&pos, iterations(1500), |_| {});
        assert_eq!(fingerprint(&got), fingerprint(&expected), "{scheme:?}");
    }
}

#[test]
fn tree_parallelism_runs_a_budget_exactly_on_one_tree() {
    let _serial = serial();
    for (setup, threads) in [("seed:3", 2), ("seed:11", 3), ("", 4)] {
        let pos = Amazons::from_setup(setup).unwrap();
        let mut m = searcher_with(threads, Parallel::Tree);
        for turn in 0..2 {
            let result = within_guard({
                let pos = pos.clone();
                let mut m = std::mem::replace(&mut m, searcher(1));
                move || (m.search(&pos, iterations(3001), |_| {}), m)
            });
            let (result, back) = result;
            m = back;
            assert_eq!(result.stop, StopReason::Nodes, "{setup}");
            assert_eq!(
                result.iterations, 3001,
                "{setup}: the claims add up to the budget"
            );
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let best = result.best.expect("a move");
            assert!(legal.contains(&best), "{setup}: illegal {best:?}");
            let report = result.last.unwrap();
            assert_eq!(report.threads, threads as u32);
            // Every iteration passed one root move once: a virtual loss left on the way down
            // would show as a visit too many.
            let root_visits: u64 = report.root_moves.iter().map(|r| r.visits as u64).sum();
            assert_eq!(
                root_visits,
                report.iterations + report.reused,
                "{setup}, turn {turn}"
            );
            if turn == 1 {
                assert!(
                    report.reused > 0,
                    "{setup}: the second search reuses the shared tree"
                );
            }
            assert_eq!(Some(report.root_moves[0].mv), result.best);
            assert!(report.root_moves.iter().all(|r| r.pv[0] == r.mv));
        }
    }
}

#[test]
fn reports_while_searching_count_every_thread() {
    let _serial = serial();
    for scheme in SCHEMES {
        let pos = Amazons::from_setup("seed:9").unwrap();
        let mut m = Mcts::new(
            16,
            MctsConfig {
                report_ms: Some(5),
                parallel: scheme,
                ..MctsConfig::default()
            },
        );
        m.set_threads(2);
        let mut reports = 0;
        let result = within_guard(move || {
            m.search(&pos, Limits::time(400), |r| {
                reports += 1;
                assert_eq!(r.threads, 2);
                let visits: u64 = r.root_moves.iter().map(|x| x.visits as u64).sum();
                let counted = r.iterations + r.reused;
                // Tree parallelism: the helper's iteration under way has its virtual visit.
                let in_flight = if scheme == Parallel::Tree { 1 } else { 0 };
                assert!(
                    (counted..=counted + in_flight).contains(&visits),
                    "{scheme:?}: a running report adds up ({visits} visits, {counted} counted)"
                );
                assert_eq!(r.pv.first(), r.root_moves.first().map(|x| &x.mv));
            });
            reports
        });
        assert!(result >= 1, "{scheme:?}: the main thread reported");
    }
}

#[test]
fn stop_ends_every_thread() {
    let _serial = serial();
    for scheme in SCHEMES {
        stop_ends_every_thread_of(scheme);
    }
}

fn stop_ends_every_thread_of(scheme: Parallel) {
    let stop = StopFlag::new();
    // Stops the search once its three helpers are seen running (or the guard runs out).
    let raiser = stop_when_running(stop, HELPER_NAME, 3);
    let result = within_guard(move || {
        let limits = Limits {
            stop: Some(stop),
            ..Limits::default()
        };
        searcher_with(4, scheme).search(&Amazons::start(), limits, |_| {})
    });
    assert_eq!(raiser.join().unwrap(), 3, "{scheme:?}: three helpers ran");
    assert!(result.best.is_some());
    assert_eq!(result.stop, StopReason::Time);
    assert!(no_helper_left(HELPER_NAME), "no helper is left");
}

#[test]
fn a_time_limit_ends_every_thread() {
    let _serial = serial();
    for scheme in SCHEMES {
        let result = within_guard(move || {
            searcher_with(3, scheme).search(&Amazons::start(), Limits::time(300), |_| {})
        });
        assert!(result.best.is_some());
        assert!(result.iterations > 0);
        // Iterations cut off at the deadline count for nothing: with tree parallelism they take
        // back the visits their walk down added, so none is left over.
        let report = result.last.unwrap();
        let root_visits: u64 = report.root_moves.iter().map(|r| r.visits as u64).sum();
        assert_eq!(root_visits, report.iterations + report.reused, "{scheme:?}");
        assert!(no_helper_left(HELPER_NAME), "{scheme:?}: no helper is left");
    }
}
