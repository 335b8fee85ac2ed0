//! Yavalath's threat-space search: the wins it proves are real (the defender cannot escape at
//! any turn of the line), and it proves wins beyond the main search's horizon.

use boardlab::game::{Evaluate, Game, Outcome};
use boardlab::games::yavalath::{cell_name, forced_win, Cell, Yavalath};
use boardlab::play::{play_game, EngineAgent};
use boardlab::search::{Limits, Searcher};

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

#[test]
#[ignore]
fn print_deep_forced_wins() {
    for pos in game_positions(200) {
        let (mut line, mut nodes) = (Vec::new(), 0);
        if let Some(n) = forced_win(&pos, 200_000, &mut line, &mut nodes) {
            if n >= 11 {
                let mut plain: Searcher<Yavalath> = Searcher::new(4);
                plain.forced_wins = false;
                let r = plain.search(&pos, Limits::depth(8), |_| {});
                if matches!(
                    r.last.as_ref().unwrap().score,
                    boardlab::search::Score::Win(_)
                ) {
                    continue;
                }
                let text: Vec<String> = line.iter().map(|&c| cell_name(c as usize)).collect();
                println!(
                    "{n} plies, {nodes} nodes, depth 8 says {}: {} | {}",
                    r.last.unwrap().score,
                    pos.position_string(),
                    text.join(" ")
                );
            }
        }
    }
}
