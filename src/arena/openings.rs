//! Where the arena's games start: a setup (the game's start position string, e.g. Amazons'
//! `seed:N`), then opening moves the referee plays before the bots take over. Openings are seeded
//! random plies or lines of an opening file; each is played with both colours.

use crate::arena::referee::CgReferee;
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

/// `count` seeded openings of `plies` random plies each (moves that end the game are never
/// chosen; a line stops early if only such moves remain). With `deal`, each opening starts from
/// its own seeded setup ([`CgReferee::dealt_setup`]), else from [`Game::start`]. The same `seed`
/// gives the same openings.
pub fn random_openings<G: CgReferee>(
    count: usize,
    plies: u32,
    deal: bool,
    seed: u64,
) -> Vec<Opening<G>> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            // 31 bits keep the seeds short in records; any seed deals a valid start.
            let setup = match deal {
                true => G::dealt_setup(rng.next_u64() >> 33).unwrap_or_default(),
                false => String::new(),
            };
            let start = Opening::<G>::new(&setup).expect("dealt setups are valid");
            let (_, line) = random_line(&start.position, plies, &mut rng);
            Opening::parse(&setup, &line.join(" ")).expect("a random line replays")
        })
        .collect()
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
    use crate::games::{Amazons, Yavalath};

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
}
