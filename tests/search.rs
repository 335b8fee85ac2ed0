//! The alpha-beta search on Yavalath: tactics it must see, what it reports, its limits, and its
//! strength against seed 000's minimax.

use boardlab::baseline::MinimaxAgent;
use boardlab::game::{Game, Player};
use boardlab::games::yavalath::{cell_at, cell_name, Yavalath};
use boardlab::play::{play_match, EngineAgent};
use boardlab::search::{Limits, Score, ScoreBound, Searcher};
use proptest::prelude::*;

fn position(moves: &str) -> Yavalath {
    Yavalath::from_moves("", moves).expect("valid moves")
}

fn best_move(pos: &Yavalath, depth: u32) -> (String, Score) {
    let mut s: Searcher<Yavalath> = Searcher::new(4);
    let r = s.search(pos, Limits::depth(depth), |_| {});
    (pos.format_move(r.best.unwrap()), r.last.unwrap().score)
}

fn name(x: i32, y: i32) -> String {
    cell_name(cell_at(x, y).unwrap())
}

#[test]
fn takes_a_win_in_one() {
    // First owns (0,0),(1,0),(3,0): (2,0) makes four across the top row.
    let pos = Yavalath::from_stones(
        1 << cell_at(0, 0).unwrap() | 1 << cell_at(1, 0).unwrap() | 1 << cell_at(3, 0).unwrap(),
        1 << cell_at(0, 8).unwrap() | 1 << cell_at(2, 8).unwrap() | 1 << cell_at(4, 8).unwrap(),
        Player::First,
        false,
    )
    .unwrap();
    let (mv, score) = best_move(&pos, 3);
    assert_eq!(mv, name(2, 0));
    assert_eq!(score, Score::Win(1));
}

#[test]
fn blocks_the_opponents_four_and_never_makes_a_three() {
    // Second threatens (2,0) to complete (0,0)-(3,0); First must block there.
    let pos = Yavalath::from_stones(
        1 << cell_at(4, 4).unwrap() | 1 << cell_at(0, 6).unwrap() | 1 << cell_at(6, 4).unwrap(),
        1 << cell_at(0, 0).unwrap() | 1 << cell_at(1, 0).unwrap() | 1 << cell_at(3, 0).unwrap(),
        Player::First,
        false,
    )
    .unwrap();
    assert_eq!(best_move(&pos, 4).0, name(2, 0));
}

#[test]
fn a_forced_loss_is_reported_as_a_loss_in_n() {
    // Second has two separate open fours to complete: First cannot block both.
    let pos = Yavalath::from_stones(
        1 << cell_at(4, 4).unwrap()
            | 1 << cell_at(0, 6).unwrap()
            | 1 << cell_at(6, 4).unwrap()
            | 1 << cell_at(2, 6).unwrap(),
        1 << cell_at(0, 0).unwrap()
            | 1 << cell_at(1, 0).unwrap()
            | 1 << cell_at(3, 0).unwrap()
            | 1 << cell_at(8, 4).unwrap()
            | 1 << cell_at(7, 5).unwrap()
            | 1 << cell_at(5, 7).unwrap(),
        Player::First,
        false,
    )
    .unwrap();
    assert_eq!(best_move(&pos, 4).1, Score::Loss(2));
}

#[test]
fn the_steal_is_searched_like_any_move() {
    let pos = position("e5");
    let mut s: Searcher<Yavalath> = Searcher::new(4);
    let r = s.search(&pos, Limits::depth(4), |_| {});
    let root = &r.last.unwrap().root_moves;
    assert_eq!(root.len(), 61, "60 empty cells and the steal");
    assert!(root.iter().any(|m| pos.is_steal(m.mv)));
}

#[test]
fn every_iteration_reports_depth_pv_and_root_scores() {
    let pos = position("e5 e5 d4");
    let mut s: Searcher<Yavalath> = Searcher::new(4);
    let mut depths = Vec::new();
    let r = s.search(&pos, Limits::depth(5), |it| {
        depths.push(it.depth);
        assert!(!it.pv.is_empty());
        assert_eq!(
            it.root_moves[0].mv, it.pv[0],
            "the best root move leads the list"
        );
        assert_eq!(it.root_moves[0].bound, ScoreBound::Exact);
        // The PV is a legal line.
        let mut p = pos.clone();
        for &m in &it.pv {
            assert!(p.outcome().is_none());
            p.parse_move(&p.format_move(m)).expect("legal PV move");
            p.play(m);
        }
    });
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert_eq!(r.best, r.last.unwrap().pv.first().copied());
}

#[test]
fn exact_root_scores_make_every_root_move_exact() {
    let pos = position("e5 e5 d4 f6");
    let mut s: Searcher<Yavalath> = Searcher::new(4);
    let limits = Limits {
        exact_root_scores: true,
        ..Limits::depth(3)
    };
    let r = s.search(&pos, limits, |_| {});
    assert!(r
        .last
        .unwrap()
        .root_moves
        .iter()
        .all(|m| m.bound == ScoreBound::Exact));
}

#[test]
fn the_search_returns_within_its_time_budget() {
    let pos = position("e5 d5");
    let mut s: Searcher<Yavalath> = Searcher::new(4);
    let r = s.search(&pos, Limits::time(30), |_| {});
    assert!(r.best.is_some());
    assert_eq!(r.stop, boardlab::search::StopReason::Time);
    // The clock is read every 256 nodes (well under a millisecond), so on an idle machine the
    // search ends within a millisecond of its budget (the bench and the browser tests measure
    // that). The margin here only covers the test thread being descheduled on a loaded CI
    // machine; a search that ignored its clock would run for seconds at this position.
    assert!(
        r.elapsed_ms <= 30 + 500,
        "took {} ms for a 30 ms budget",
        r.elapsed_ms
    );
}

#[test]
fn the_node_limit_stops_the_search() {
    let mut s: Searcher<Yavalath> = Searcher::new(4);
    let r = s.search(
        &position("e5"),
        Limits {
            max_nodes: Some(5_000),
            ..Limits::default()
        },
        |_| {},
    );
    assert!(r.nodes < 5_000 + 256, "{} nodes", r.nodes);
    assert!(r.best.is_some());
}

/// Progress reports (for the browser's watchdog) come between and inside iterations; they only
/// watch: the search they report on is the very search it would be without them.
#[test]
fn progress_reports_come_mid_iteration_and_change_nothing() {
    let limits = Limits {
        max_nodes: Some(400_000),
        ..Limits::default()
    };
    let pos = position("e5");
    let mut plain: Searcher<Yavalath> = Searcher::new(4);
    let mut plain_depths = Vec::new();
    let expected = plain.search(&pos, limits, |it| plain_depths.push(it.depth));

    // Reports are due every millisecond (the least): 400,000 nodes take far longer than that.
    let mut watched: Searcher<Yavalath> = Searcher::new(4);
    // (a completed iteration?, depth, nodes), in the order heard; both callbacks write to it.
    let heard = std::cell::RefCell::new(Vec::new());
    let got = watched.search_with_progress(
        &pos,
        limits,
        |it| heard.borrow_mut().push((true, it.depth, it.nodes)),
        1,
        |p| heard.borrow_mut().push((false, p.depth, p.nodes)),
    );
    let events = heard.into_inner();

    assert_eq!(got.best, expected.best);
    assert_eq!(got.nodes, expected.nodes);
    assert_eq!(
        events
            .iter()
            .filter(|e| e.0)
            .map(|e| e.1)
            .collect::<Vec<_>>(),
        plain_depths
    );
    assert!(events.iter().any(|e| !e.0), "no progress report at all");
    // Each report names the iteration under way: one deeper than the last completed, and its
    // node count never goes back.
    let mut completed = 0;
    let mut nodes = 0;
    for &(done, depth, n) in &events {
        assert!(n >= nodes, "the node count went back: {events:?}");
        nodes = n;
        if done {
            completed = depth;
        } else {
            assert_eq!(depth, completed + 1, "a report mid-iteration: {events:?}");
        }
    }
}

#[test]
fn beats_seed_000_minimax_from_varied_openings() {
    // Fixed depth (not time) keeps the test reproducible on any machine; the README's figure is
    // the 100-game, 100 ms match (`make strength`).
    let mut engine: EngineAgent<Yavalath> = EngineAgent::new(4, Some(4));
    let mut minimax = MinimaxAgent::default();
    let score = play_match(
        &Yavalath::start(),
        &mut engine,
        &mut minimax,
        600_000,
        10,
        2,
        42,
        |_, _, _| {},
    );
    assert!(
        score.wins >= 19,
        "engine won {} of 20 (drew {})",
        score.wins,
        score.draws
    );
}

proptest! {
    #[test]
    fn the_search_always_returns_a_legal_move(seed in 0u64..1_000, plies in 0u32..20) {
        let mut rng = boardlab::play::Rng(seed);
        let pos = boardlab::play::random_opening(&Yavalath::start(), plies, &mut rng);
        prop_assume!(pos.outcome().is_none());
        let mut s: Searcher<Yavalath> = Searcher::new(1);
        let r = s.search(&pos, Limits::depth(3), |_| {});
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        prop_assert!(legal.contains(&r.best.unwrap()));
    }

    #[test]
    fn the_zobrist_hash_depends_only_on_the_position(seed in 0u64..10_000, plies in 0u32..30) {
        let mut rng = boardlab::play::Rng(seed);
        let pos = boardlab::play::random_opening(&Yavalath::start(), plies, &mut rng);
        let rebuilt = Yavalath::from_stones(
            pos.stones(Player::First), pos.stones(Player::Second), pos.to_move(), pos.steal_open(),
        ).unwrap();
        prop_assert_eq!(pos.hash(), rebuilt.hash());
    }
}

#[test]
fn a_think_budget_gets_the_default_the_bounds_and_refuses_what_has_no_clamp() {
    use boardlab::search::{DEFAULT_BUDGET_MS, MAX_BUDGET_MS, MIN_BUDGET_MS};
    let time = |b: Option<f64>| Limits::from_budget_ms(b).unwrap().time_ms;
    assert_eq!(time(None), Some(DEFAULT_BUDGET_MS));
    assert_eq!(time(Some(250.7)), Some(250));
    assert_eq!(time(Some(-5.0)), Some(MIN_BUDGET_MS));
    assert_eq!(time(Some(1e12)), Some(MAX_BUDGET_MS));
    assert!(Limits::from_budget_ms(Some(f64::NAN)).is_err());
    assert!(Limits::from_budget_ms(Some(f64::INFINITY)).is_err());
    // A think budget may stop between iterations; a movetime is spent whole, within 5 %.
    assert!(!Limits::from_budget_ms(None).unwrap().fixed_time);
    let movetime = Limits::from_movetime_ms(500);
    assert!(movetime.fixed_time);
    assert!((475..500).contains(&movetime.stop_at_ms().unwrap()));
    // A clock: about a 25th of it, never more than half, less the reserve.
    assert_eq!(Limits::from_clock_ms(10_000, 0).time_ms, Some(380));
    assert_eq!(Limits::from_clock_ms(100, 1_000).time_ms, Some(30));
    assert_eq!(Limits::from_clock_ms(0, 0).time_ms, Some(1));
}

#[test]
fn exact_root_scores_keep_each_root_moves_line() {
    let pos = position("e5 e5 d4");
    let mut s: Searcher<Yavalath> = Searcher::new(4);
    let limits = Limits {
        exact_root_scores: true,
        ..Limits::depth(3)
    };
    let r = s.search(&pos, limits, |_| {});
    let it = r.last.unwrap();
    assert_eq!(it.root_moves[0].pv, it.pv, "the best move's line is the PV");
    for rm in &it.root_moves {
        assert_eq!(
            rm.pv.first(),
            Some(&rm.mv),
            "each line starts with its move"
        );
        let mut p = pos.clone();
        for &m in &rm.pv {
            assert!(p.outcome().is_none());
            p.play(m);
        }
    }
    // Without exact root scores no line is kept but the best.
    let r = s.search(&pos, Limits::depth(3), |_| {});
    assert!(r.last.unwrap().root_moves.iter().all(|rm| rm.pv.is_empty()));
}

/// The bots' turn reserve: the floor before any turn, wider at once after a turn that ran past
/// its plan, narrower over later quiet turns, never past the ceiling; the budget it leaves.
#[test]
fn the_turn_reserve_widens_after_an_overshoot_and_narrows_after_quiet_turns() {
    use boardlab::search::budget::{
        TurnReserve, TURN_EXCESS_FACTOR, TURN_RESERVE_CEILING_MS, TURN_RESERVE_FLOOR_MS,
    };
    let mut r = TurnReserve::new();
    assert_eq!(r.reserve_ms(), TURN_RESERVE_FLOOR_MS);
    assert_eq!(r.budget_ms(80, 1), 80 - 1 - TURN_RESERVE_FLOOR_MS);
    r.observe(70.0, 69.0); // ended early: no excess
    assert_eq!(r.reserve_ms(), TURN_RESERVE_FLOOR_MS);
    r.observe(70.0, 80.0); // 10 ms past the plan
    let wide = r.reserve_ms();
    assert_eq!(wide, (10.0 * TURN_EXCESS_FACTOR).ceil() as u64);
    assert_eq!(r.budget_ms(80, 0), 80 - wide);
    for _ in 0..5 {
        r.observe(50.0, 40.0);
    }
    let later = r.reserve_ms();
    assert!(later < wide && later > TURN_RESERVE_FLOOR_MS, "{later}");
    for _ in 0..200 {
        r.observe(50.0, 40.0);
    }
    assert_eq!(r.reserve_ms(), TURN_RESERVE_FLOOR_MS);
    r.observe(10.0, 500.0);
    assert_eq!(r.reserve_ms(), TURN_RESERVE_CEILING_MS);
    assert_eq!(r.budget_ms(50, 10), 1, "never below 1 ms");
}
