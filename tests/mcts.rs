//! Monte Carlo tree search: it takes a win, avoids a loss, solves split Amazons boards, keeps to
//! its iteration budget, is reproducible with a seed, and reports visit counts that add up.

use boardlab::game::{Game, Outcome, Player};
use boardlab::games::amazons::Amazons;
use boardlab::games::connect4::Connect4Cg;
use boardlab::search::mcts::{value_score, win_chance};
use boardlab::search::{Limits, Mcts, MctsConfig, Score, StopFlag, StopReason};

fn iterations(n: u64) -> Limits {
    Limits {
        max_nodes: Some(n),
        ..Limits::default()
    }
}

fn mcts<G: boardlab::game::Evaluate>() -> Mcts<G> {
    Mcts::new(16, MctsConfig::default())
}

/// Whether the side to move in `pos` can leave its opponent without a move at once.
fn can_win_at_once(pos: &Amazons) -> bool {
    let mut replies = Vec::new();
    pos.legal_moves(&mut replies);
    replies.iter().any(|&m| {
        let mut c = *pos;
        c.play(m);
        c.outcome().is_some()
    })
}

#[test]
fn mcts_takes_a_move_that_leaves_the_opponent_without_a_move() {
    // Black's only amazon (h8) has one free neighbour, g8, which white can burn.
    let pos = Amazons::from_setup(
        ".......b/......--/......../......../......../......../......../w.....w. w",
    )
    .unwrap();
    let result = mcts::<Amazons>().search(&pos, iterations(2000), |_| {});
    let mut after = pos;
    after.play(result.best.expect("a move"));
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(result.stop, StopReason::Solved);
    assert_eq!(result.last.unwrap().score, Score::Win(1));
}

#[test]
fn mcts_avoids_a_move_after_which_the_opponent_wins_at_once() {
    // White's lone amazon (h4) has 32 moves; after 13 of them black can wall it in, and the
    // static evaluation's favourite is one of those.
    let pos = Amazons::from_setup(
        "-......./..-..b-./.--..-../.-....-./-.---.-w/.--.--.-/.--..--./...---.- w",
    )
    .unwrap();
    let loses = |mv| {
        let mut c = pos;
        c.play(mv);
        can_win_at_once(&c)
    };
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert_eq!(legal.iter().filter(|&&m| loses(m)).count(), 13);
    let by_prior = mcts::<Amazons>().search(&pos, iterations(0), |_| {});
    assert!(
        loses(by_prior.best.unwrap()),
        "the evaluation alone falls into it"
    );
    let result = mcts::<Amazons>().search(&pos, iterations(3000), |_| {});
    let best = result.best.expect("a move");
    assert!(
        !loses(best),
        "{} lets black win at once",
        pos.format_move(best)
    );
}

#[test]
fn mcts_proves_a_split_board_like_alpha_beta() {
    // White (a1) has a 3-square pocket, black (h8) a 2-square one: white wins in 5 plies.
    let pos = Amazons::from_setup(
        "-----..b/--------/--------/--------/--------/--------/--------/w...---- w",
    )
    .unwrap();
    let result = mcts::<Amazons>().search(&pos, iterations(10_000), |_| {});
    assert_eq!(result.stop, StopReason::Solved);
    assert_eq!(result.last.unwrap().score, Score::Win(5));
}

#[test]
fn mcts_is_generic_it_takes_a_connect4_win() {
    // Columns 0 and 1: the first player has three in column 0 and plays the fourth.
    let pos = Connect4Cg::from_moves("nosteal", "0 1 0 1 0 1").unwrap();
    let result = mcts::<Connect4Cg>().search(&pos, iterations(500), |_| {});
    assert_eq!(pos.format_move(result.best.unwrap()), "0");
    assert_eq!(result.last.unwrap().score, Score::Win(1));
}

#[test]
fn the_iteration_budget_is_kept_exactly() {
    let pos = Amazons::from_setup("seed:1").unwrap();
    for n in [1, 37, 800] {
        let result = mcts::<Amazons>().search(&pos, iterations(n), |_| {});
        assert_eq!(result.iterations, n);
        assert_eq!(result.stop, StopReason::Nodes);
        assert_eq!(result.last.unwrap().iterations, n);
    }
}

#[test]
fn a_raised_stop_flag_ends_the_search_at_once_with_a_legal_move() {
    let pos = Amazons::start();
    let flag = StopFlag::new();
    flag.raise();
    let limits = Limits {
        stop: Some(flag),
        ..Limits::default()
    };
    let result = mcts::<Amazons>().search(&pos, limits, |_| {});
    assert_eq!(result.stop, StopReason::Time);
    assert_eq!(result.iterations, 0);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&result.best.unwrap()));
}

#[test]
fn the_same_seed_gives_the_same_search_and_another_seed_another() {
    let pos = Amazons::from_setup("seed:7").unwrap();
    let config = MctsConfig {
        playout_plies: 2, // random playouts, so the seed matters
        ..MctsConfig::default()
    };
    let run = |seed| {
        let mut m: Mcts<Amazons> = Mcts::new(16, MctsConfig { seed, ..config });
        let r = m.search(&pos, iterations(1500), |_| {}).last.unwrap();
        r.root_moves
            .iter()
            .map(|rm| (rm.mv, rm.visits, rm.value.to_bits()))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(1), run(1));
    assert_ne!(run(1), run(2));
}

#[test]
fn visits_add_up_and_the_report_is_ordered() {
    let pos = Amazons::from_setup("seed:3").unwrap();
    let mut m = mcts::<Amazons>();
    let result = m.search(&pos, iterations(3000), |_| {});
    let report = result.last.unwrap();
    let root_visits: u64 = report.root_moves.iter().map(|r| r.visits as u64).sum();
    assert_eq!(
        root_visits, report.iterations,
        "every playout passes one root move"
    );
    let expand_after = MctsConfig::default().expand_after;
    let mut expanded = 0;
    for rm in &report.root_moves {
        assert!((0.0..=1.0).contains(&rm.value) && (0.0..=1.0).contains(&rm.prior));
        assert_eq!(rm.pv[0], rm.mv, "a root move's line starts with it");
        if !rm.replies.is_empty() {
            expanded += 1;
            let below: u32 = rm.replies.iter().map(|r| r.visits).sum();
            assert_eq!(
                rm.visits,
                below + expand_after,
                "a node's visits are its own first playouts plus its children's"
            );
            assert!(rm.replies.windows(2).all(|w| w[0].visits >= w[1].visits));
        }
    }
    assert!(expanded >= 2, "the tree grew below several root moves");
    assert!(report
        .root_moves
        .windows(2)
        .all(|w| w[0].visits >= w[1].visits));
    assert_eq!(Some(report.root_moves[0].mv), result.best);
    assert_eq!(report.pv, report.root_moves[0].pv);
    assert!(report.pv.len() >= 3, "the best line goes a few plies deep");
    assert!(report.max_depth >= 3 && report.mean_depth >= 1.0);
    assert!(report.tree_nodes as usize <= m.capacity());
}

#[test]
fn progressive_widening_keeps_late_children_unvisited() {
    let pos = Amazons::from_setup("seed:5").unwrap();
    let config = MctsConfig {
        widen_base: 1.0,
        widen_exponent: 0.3,
        ..MctsConfig::default()
    };
    let mut m: Mcts<Amazons> = Mcts::new(16, config);
    let report = m.search(&pos, iterations(400), |_| {}).last.unwrap();
    // 400 visits allow 1 + 400^0.3 = 7 children at the root.
    let visited = report.root_moves.iter().filter(|r| r.visits > 0).count();
    assert!(visited <= 7, "{visited} root moves visited");
    assert!(report.root_moves.len() > 7);
}

#[test]
fn a_full_tree_stops_growing_but_the_search_goes_on() {
    let pos = Amazons::from_setup("seed:2").unwrap();
    // 1 MiB: about 32,000 nodes, far fewer than 20,000 iterations would add.
    let mut m: Mcts<Amazons> = Mcts::new(1, MctsConfig::default());
    let result = m.search(&pos, iterations(20_000), |_| {});
    let report = result.last.unwrap();
    assert_eq!(report.iterations, 20_000);
    assert!(report.tree_nodes as usize <= m.capacity());
    assert!(report.tree_nodes as usize > m.capacity() - 100);
}

#[test]
fn reports_arrive_while_searching_when_asked() {
    let pos = Amazons::start();
    let config = MctsConfig {
        report_ms: Some(10),
        ..MctsConfig::default()
    };
    let mut m: Mcts<Amazons> = Mcts::new(16, config);
    let mut seen = Vec::new();
    // An iteration budget, not a time limit: on a loaded machine a 60 ms search could end
    // before its first 10 ms report was due; 20,000 iterations take far longer than 10 ms.
    let result = m.search(&pos, iterations(20_000), |r| seen.push(r.iterations));
    assert!(!seen.is_empty(), "at least one report before the end");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]));
    assert!(seen.iter().all(|&n| n <= result.iterations));
}

#[test]
fn winning_chances_and_scores_map_both_ways() {
    assert_eq!(win_chance(0, 48.0), 0.5);
    assert!((win_chance(48, 48.0) - 0.731).abs() < 0.001);
    assert_eq!(win_chance(boardlab::game::score::win_in(3), 48.0), 1.0);
    assert_eq!(
        value_score(win_chance(-96, 48.0), None, 48.0),
        Score::Eval(-96)
    );
    assert_eq!(
        value_score(0.5, Some(boardlab::game::score::loss_in(4)), 48.0),
        Score::Loss(4)
    );
}

#[test]
fn settings_read_from_text_and_bad_ones_are_named() {
    let c = MctsConfig::default()
        .with_overrides("exploration=0.7, playout_plies=3")
        .unwrap();
    assert_eq!((c.exploration, c.playout_plies), (0.7, 3));
    let e = MctsConfig::default()
        .with_overrides("explore=1")
        .unwrap_err();
    assert!(e.contains("unknown MCTS setting 'explore'"), "{e}");
    let e = MctsConfig::default()
        .with_overrides("exploration=-1")
        .unwrap_err();
    assert!(e.contains("not a number >= 0"), "{e}");
    assert!(MctsConfig::default().with_overrides("seed").is_err());
}

#[test]
fn the_tree_is_kept_after_our_move_and_the_reply_and_for_the_same_position() {
    let pos = Amazons::from_setup("seed:9").unwrap();
    let mut m = mcts::<Amazons>();
    let first = m.search(&pos, iterations(3000), |_| {}).last.unwrap();
    assert_eq!(first.reused, 0, "a fresh searcher has nothing to keep");
    // The same position again: the whole tree is kept.
    let again = m.search(&pos, iterations(500), |_| {}).last.unwrap();
    assert_eq!(again.reused, 3000);
    let sum: u64 = again.root_moves.iter().map(|r| r.visits as u64).sum();
    assert_eq!(sum, again.iterations + again.reused);
    // Our best move and the reply the search expected: that subtree is kept.
    let (ours, reply) = (again.root_moves[0].mv, again.root_moves[0].replies[0].mv);
    let reply_visits = again.root_moves[0].replies[0].visits as u64;
    let mut next = pos;
    next.play(ours);
    next.play(reply);
    let kept = m.search(&next, iterations(200), |_| {}).last.unwrap();
    assert!(
        kept.reused > 0 && kept.reused < reply_visits,
        "{} of {reply_visits}",
        kept.reused
    );
    let sum: u64 = kept.root_moves.iter().map(|r| r.visits as u64).sum();
    assert_eq!(sum, kept.iterations + kept.reused);
    let mut legal = Vec::new();
    next.legal_moves(&mut legal);
    assert!(
        kept.root_moves.iter().all(|r| legal.contains(&r.mv)),
        "kept moves are legal here"
    );
    // Without reuse, or after clear(), every search starts afresh.
    m.clear();
    assert_eq!(
        m.search(&next, iterations(10), |_| {}).last.unwrap().reused,
        0
    );
    let mut fresh: Mcts<Amazons> = Mcts::new(
        16,
        MctsConfig {
            reuse_tree: false,
            ..MctsConfig::default()
        },
    );
    fresh.search(&pos, iterations(100), |_| {});
    assert_eq!(
        fresh
            .search(&pos, iterations(10), |_| {})
            .last
            .unwrap()
            .reused,
        0
    );
}

#[test]
fn the_yavalath_mcts_solver_takes_a_win_and_blocks_the_opponents() {
    use boardlab::games::yavalath::Yavalath;
    let config = MctsConfig::for_game("yavalath");
    assert!(
        config.playout_plies >= 61,
        "playouts run to the end of the game"
    );
    // x holds a1 a2 a4: a3 makes four at once.
    let win = Yavalath::from_setup(
        "xx.x./....../......./......../....o..../......../..o..../..o.../..... x -",
    )
    .unwrap();
    let result = Mcts::<Yavalath>::new(4, config).search(&win, iterations(300), |_| {});
    assert_eq!(win.format_move(result.best.unwrap()), "a3");
    assert_eq!(result.last.unwrap().score, Score::Win(1));
    // o to move must block a3 (every other move loses at once).
    let block = Yavalath::from_setup(
        "xx.x./....../......./......../....o..../......../..o..../....../..... o -",
    )
    .unwrap();
    let result = Mcts::<Yavalath>::new(4, config).search(&block, iterations(300), |_| {});
    assert_eq!(block.format_move(result.best.unwrap()), "a3");
}
