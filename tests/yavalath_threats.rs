//! Yavalath's threat-space search: the wins it proves are real (the defender cannot escape at
//! any turn of the line), and the search reports them as a win in N far beyond its depth.

use boardlab::game::{Game, Outcome};
use boardlab::games::yavalath::{cell_name, forced_win, Cell, Yavalath};
use boardlab::play::{play_game, EngineAgent};
use boardlab::search::{Limits, Score, Searcher};

/// Whether the attacker (to move in `pos`) has a move that wins at once.
fn wins_at_once(pos: &Yavalath) -> bool {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let me = pos.to_move();
    moves
        .iter()
        .any(|&m| pos.after(m).outcome() == Some(Outcome::Win(me)))
}

/// Checks `line` as a winning strategy for the side to move in `pos`, independently of the
/// search: each attacking move is legal; at each of the defender's turns every legal move other
/// than the line's loses at once (it makes the defender's 3, or leaves the attacker a 4 to
/// complete); the line ends in the attacker's win. Returns the plies the line takes.
fn check_proof(pos: &Yavalath, line: &[Cell]) -> Result<u32, String> {
    let attacker = pos.to_move();
    let mut p = pos.clone();
    let mut legal = Vec::new();
    for (i, &mv) in line.iter().enumerate() {
        legal.clear();
        p.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            return Err(format!(
                "move {} ({}) is not legal",
                i + 1,
                cell_name(mv as usize)
            ));
        }
        if p.to_move() != attacker {
            for &other in legal.iter().filter(|&&m| m != mv) {
                let q = p.after(other);
                let escapes = match q.outcome() {
                    Some(Outcome::Win(w)) => w != attacker,
                    Some(Outcome::Draw) => true,
                    None => !wins_at_once(&q),
                };
                if escapes {
                    return Err(format!(
                        "at ply {} the defender escapes with {}",
                        i + 1,
                        cell_name(other as usize)
                    ));
                }
            }
        }
        p.play(mv);
        if let Some(o) = p.outcome() {
            return if o == Outcome::Win(attacker) {
                Ok(i as u32 + 1)
            } else {
                Err(format!("the line ends in {o:?} at ply {}", i + 1))
            };
        }
    }
    Err("the line ends before the game does".into())
}

/// Positions from quick games between shallow engines (threats arise as in real play).
fn game_positions(games: u32) -> Vec<Yavalath> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = boardlab::play::Rng(g as u64 + 1);
        let start = boardlab::play::random_opening(&Yavalath::start(), 3, &mut rng);
        let mut a: EngineAgent<Yavalath> = EngineAgent::new(1, Some(2 + g % 2));
        let mut b: EngineAgent<Yavalath> = EngineAgent::new(1, Some(3 - g % 2));
        let record = play_game(&start, &mut a, &mut b, 10_000);
        let mut p = start.clone();
        for &m in &record.moves[start.ply() as usize..] {
            if p.outcome().is_some() {
                break;
            }
            out.push(p.clone());
            p.play(m);
        }
    }
    out
}

/// The threat-space search on `setup` (a position string): its result and line.
fn tss(setup: &str) -> (Yavalath, Option<u32>, Vec<Cell>) {
    let pos = Yavalath::from_setup(setup).expect("a valid position");
    let (mut line, mut nodes) = (Vec::new(), 0);
    let found = forced_win(&pos, 100_000, &mut line, &mut nodes);
    (pos, found, line)
}

/// The best move and score of alpha-beta at `depth`, with or without the threat search.
fn alpha_beta(pos: &Yavalath, depth: u32, forced_wins: bool) -> (String, Score) {
    let mut s: Searcher<Yavalath> = Searcher::new(4);
    s.forced_wins = forced_wins;
    let r = s.search(pos, Limits::depth(depth), |_| {});
    (cell_name(r.best.unwrap() as usize), r.last.unwrap().score)
}

#[test]
fn every_forcing_win_found_is_a_strategy_the_defender_cannot_escape() {
    let mut proofs = 0;
    for pos in game_positions(30) {
        let (mut line, mut nodes) = (Vec::new(), 0);
        if let Some(n) = forced_win(&pos, 20_000, &mut line, &mut nodes) {
            let plies = check_proof(&pos, &line)
                .unwrap_or_else(|e| panic!("{}: {e}", pos.position_string()));
            assert!(plies <= n, "{}: {plies} > {n}", pos.position_string());
            proofs += 1;
        }
    }
    assert!(proofs >= 10, "only {proofs} forced wins in 30 games");
}

#[test]
fn a_win_by_thirteen_plies_of_threats_is_proven_and_reported_as_a_win_in_13() {
    // o to move: e5 threatens, and so on; each of x's blocks is forced until o's double threat.
    let setup = "...../....../x.oxo../......../........./.x..o.../......./....../.x... o -";
    let (pos, found, line) = tss(setup);
    assert_eq!(found, Some(13));
    assert_eq!(check_proof(&pos, &line), Ok(13));
    assert_eq!(cell_name(line[0] as usize), "e5");
    // A 1-ply search with the threat search at its root reports the win in N, as the main
    // search does on its own (its forced-reply extension reads the sequence to its end).
    assert_eq!(
        alpha_beta(&pos, 1, true),
        ("e5".to_string(), Score::Win(13))
    );
    assert_eq!(alpha_beta(&pos, 1, false).1, Score::Win(13));
}

#[test]
fn a_win_in_eleven_plies_of_threats_is_proven() {
    // x to move wins in 11 plies of threats.
    let setup = "...../....../......./......../...o..x../......x./....x../....o./.oox. x -";
    let (pos, found, line) = tss(setup);
    assert_eq!(found, Some(11));
    check_proof(&pos, &line).unwrap();
    assert_eq!(alpha_beta(&pos, 1, true).1, Score::Win(11));
}

#[test]
fn no_forcing_win_is_claimed_where_there_is_none() {
    // The empty board, the steal turn, and a quiet early position prove nothing.
    for setup in [
        "",
        "...../....../......./......../....x..../......../......./....../..... o steal",
        "...../....../......./...x..../....o..../......../......./....../..... x -",
    ] {
        assert_eq!(tss(setup).1, None, "{setup}");
    }
}
