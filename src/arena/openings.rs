//! Where the arena's games start: a setup (the game's start position string, e.g. Amazons'
//! `seed:N`), then opening moves the referee plays before the bots take over. Openings are seeded
//! random plies or lines of an opening file; each is played with both colours.

use std::collections::HashSet;

use crate::arena::cg::CgReferee;
use crate::game::Game;
use crate::play::{random_line, Rng};

/// One start for a pair of games (one game with each colour).
#[derive(Clone, Debug)]
pub struct Opening<G: Game> {
    /// The setup string of the start (`""` for [`Game::start`]); game records carry it.
    pub setup: String,
    /// The position after the setup and the opening moves: where the bots take over.
    pub position: G,
    /// The opening moves in the game's notation, from the setup's start.
    pub moves: Vec<String>,
    /// The last opening move: the referee reports it as the opponent's previous move on the
    /// next turn, as it would report a bot's move.
    pub last: Option<G::Move>,
}

impl<G: Game> Opening<G> {
    /// The setup's start with no opening moves. Errors: a setup the game does not read.
    pub fn new(setup: &str) -> Result<Self, String> {
        Opening::parse(setup, "")
    }

    /// The setup's start followed by `moves` (whitespace-separated, the game's notation), each
    /// checked with the rules. Errors: a bad setup, the first bad move with its 1-based number, or
    /// an opening that ends the game (the bots would have nothing to play).
    pub fn parse(setup: &str, moves: &str) -> Result<Self, String> {
        let setup = setup.trim();
        let mut position = G::from_setup(setup).map_err(|e| format!("setup '{setup}': {}", e.0))?;
        let mut texts = Vec::new();
        let mut last = None;
        for (i, text) in moves.split_whitespace().enumerate() {
            let mv = position
                .play_text(text)
                .map_err(|e| format!("move {} '{text}': {}", i + 1, e.0))?;
            texts.push(text.to_string());
            last = Some(mv);
        }
        if position.outcome().is_some() {
            return Err("the game is over after this opening".into());
        }
        Ok(Opening {
            setup: setup.to_string(),
            position,
            moves: texts,
            last,
        })
    }
}

/// Up to `count` seeded openings of `plies` random plies each, all different, dealt without
/// replacement: fewer than `count` only when fewer exist, and then every one of them (the match
/// cycles through them, see [`crate::arena::run_match`]). Moves that end the game are never
/// chosen; a line stops early if only such moves remain. With `deal`, each opening starts from
/// its own seeded setup ([`CgReferee::dealt_setup`]), else from [`Game::start`]. The same `seed`
/// gives the same openings.
///
/// From one start, when the lines number at most [`LIST_FACTOR`] times `count` they are all
/// listed and dealt in a shuffled order (each line equally likely); otherwise lines are drawn ply
/// by ply at random and a repeat is drawn again.
pub fn random_openings<G: CgReferee>(
    count: usize,
    plies: u32,
    deal: bool,
    seed: u64,
) -> Vec<Opening<G>> {
    let mut rng = Rng(seed);
    let replay = |setup: &str, line: &[String]| {
        Opening::parse(setup, &line.join(" ")).expect("a generated line replays")
    };
    if !deal {
        let cap = count.saturating_mul(LIST_FACTOR).max(64);
        if let Some(mut lines) = quiet_lines(&G::start(), plies, cap) {
            for i in (1..lines.len()).rev() {
                lines.swap(i, rng.below(i + 1));
            }
            lines.truncate(count);
            return lines.iter().map(|line| replay("", line)).collect();
        }
    }
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(count);
    let mut misses = 0;
    // Only reached when the lines are more than LIST_FACTOR times `count` (or, dealt, the
    // starts are 2^31), so a new line takes a handful of draws at worst; the bound is a guard.
    while openings.len() < count && misses < MAX_REPEATS {
        // 31 bits keep the seeds short in records; any seed deals a valid start.
        let setup = match deal {
            true => G::dealt_setup(rng.next_u64() >> 33).unwrap_or_default(),
            false => String::new(),
        };
        let start = Opening::<G>::new(&setup).expect("dealt setups are valid");
        let (_, line) = random_line(&start.position, plies, &mut rng);
        if seen.insert((setup.clone(), line.clone())) {
            openings.push(replay(&setup, &line));
            misses = 0;
        } else {
            misses += 1;
        }
    }
    openings
}

/// [`random_openings`] lists every line from one start when there are at most this many times
/// the openings wanted (and at least 64); beyond that, random draws rarely repeat.
pub const LIST_FACTOR: usize = 4;

/// Consecutive repeated draws after which [`random_openings`] stops looking for a new line.
const MAX_REPEATS: u32 = 1000;

/// Every line of `plies` plies from `pos` as [`random_line`] could draw it (moves that end the
/// game excluded; a line stops where only such moves remain), in the game's notation; `None`
/// when there are more than `cap`.
fn quiet_lines<G: Game>(pos: &G, plies: u32, cap: usize) -> Option<Vec<Vec<String>>> {
    fn walk<G: Game>(
        pos: &G,
        plies: u32,
        cap: usize,
        line: &mut Vec<String>,
        out: &mut Vec<Vec<String>>,
    ) -> bool {
        let mut moves = Vec::new();
        if plies > 0 {
            pos.legal_moves(&mut moves);
        }
        // Each quiet move with the position it leads to, played once.
        let quiet: Vec<(G::Move, G)> = moves
            .into_iter()
            .filter_map(|mv| {
                let child = pos.after(mv);
                child.outcome().is_none().then_some((mv, child))
            })
            .collect();
        if quiet.is_empty() {
            out.push(line.clone());
            return out.len() <= cap;
        }
        for (mv, child) in quiet {
            line.push(pos.format_move(mv));
            let within = walk(&child, plies - 1, cap, line, out);
            line.pop();
            if !within {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    walk(pos, plies, cap, &mut Vec::new(), &mut out).then_some(out)
}

/// Reads an opening file: one opening per line, `moves` or `setup | moves` (moves
/// whitespace-separated in the game's notation, as the playground writes them; the setup as
/// `--setup` takes it). Blank lines and lines starting with `#` are skipped. Errors: the first
/// bad line as `line N: reason`, or a file without any opening.
pub fn parse_openings<G: Game>(text: &str) -> Result<Vec<Opening<G>>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (setup, moves) = line.split_once('|').unwrap_or(("", line));
        openings.push(Opening::parse(setup, moves).map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    if openings.is_empty() {
        return Err("no opening in the file (one per line: moves, or setup | moves)".into());
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::Connect4Cg;
    use crate::games::{Amazons, Ataxx, Yavalath};

    #[test]
    fn a_line_is_moves_or_a_setup_and_moves() {
        let openings =
            parse_openings::<Amazons>("# two openings\n\nd3d4d3\nseed:42 | a3a4a3 h6h5h6\n")
                .expect("valid file");
        assert_eq!(openings.len(), 2);
        assert_eq!(
            (openings[0].setup.as_str(), openings[0].moves.len()),
            ("", 1)
        );
        assert_eq!(openings[1].setup, "seed:42");
        assert_eq!(openings[1].moves, ["a3a4a3", "h6h5h6"]);
        assert!(openings[1].last.is_some());
    }

    #[test]
    fn a_bad_line_is_named_with_its_number_and_reason() {
        let err = parse_openings::<Yavalath>("e5\n\ne5 e5 e5\n").unwrap_err();
        assert!(err.starts_with("line 3: move 3 'e5'"), "{err}");
        let err = parse_openings::<Amazons>("seed:x | d3d4d3\n").unwrap_err();
        assert!(err.starts_with("line 1: setup 'seed:x'"), "{err}");
        let err = parse_openings::<Yavalath>("# nothing\n").unwrap_err();
        assert!(err.contains("no opening"), "{err}");
    }

    #[test]
    fn dealt_openings_differ_and_repeat_with_the_seed() {
        let a = random_openings::<Amazons>(4, 0, true, 5);
        let b = random_openings::<Amazons>(4, 0, true, 5);
        let setups: Vec<&str> = a.iter().map(|o| o.setup.as_str()).collect();
        assert!(setups.iter().all(|s| s.starts_with("seed:")), "{setups:?}");
        assert_ne!(setups[0], setups[1]);
        assert_eq!(
            setups,
            b.iter().map(|o| o.setup.as_str()).collect::<Vec<_>>()
        );
        let plain = random_openings::<Amazons>(2, 2, false, 5);
        assert!(plain
            .iter()
            .all(|o| o.setup.is_empty() && o.moves.len() == 2));
    }

    /// The distinct lines of a set of openings, in text.
    fn lines<G: Game>(openings: &[Opening<G>]) -> HashSet<String> {
        openings
            .iter()
            .map(|o| format!("{}|{}", o.setup, o.moves.join(" ")))
            .collect()
    }

    #[test]
    fn connect4_has_nine_one_ply_openings_and_each_is_dealt_once() {
        // Fifty pairs of games want fifty openings; one ply has only the nine columns.
        let openings = random_openings::<Connect4Cg>(50, 1, false, 3);
        let mut columns: Vec<&str> = openings.iter().map(|o| o.moves[0].as_str()).collect();
        columns.sort_unstable();
        assert_eq!(columns, ["0", "1", "2", "3", "4", "5", "6", "7", "8"]);
    }

    #[test]
    fn openings_are_dealt_without_replacement_while_new_ones_remain() {
        // Yavalath's 61 one-ply lines are listed and shuffled; Ataxx's 2-ply lines (16 x 16)
        // are more than four times 50, so they are drawn and repeats redrawn.
        let yavalath = random_openings::<Yavalath>(50, 1, false, 3);
        assert_eq!((yavalath.len(), lines(&yavalath).len()), (50, 50));
        let ataxx = random_openings::<Ataxx>(50, 2, false, 3);
        assert_eq!((ataxx.len(), lines(&ataxx).len()), (50, 50));
        assert!(ataxx.iter().all(|o| o.moves.len() == 2));
        // Another seed deals another order.
        let other = random_openings::<Yavalath>(50, 1, false, 4);
        assert_ne!(
            yavalath.iter().map(|o| &o.moves).collect::<Vec<_>>(),
            other.iter().map(|o| &o.moves).collect::<Vec<_>>()
        );
    }

    #[test]
    fn listing_every_line_stops_past_the_cap() {
        let start = Yavalath::start();
        assert_eq!(quiet_lines(&start, 1, 64).map(|l| l.len()), Some(61));
        assert_eq!(quiet_lines(&start, 1, 60), None);
        assert_eq!(quiet_lines(&start, 0, 1), Some(vec![Vec::new()]));
    }
}
