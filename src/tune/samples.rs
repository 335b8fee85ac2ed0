//! Labelled positions and their data files, shared by the fits of every game: one sample a line,
//! `game result score position`, the score `-` when there is none, the position in the game's
//! own text form (the rest of the line).

use crate::games::ataxx::Ataxx;
use crate::games::connect4::Connect4Cg;

/// A labelled position.
#[derive(Clone, Debug)]
pub struct Sample<P> {
    /// The game it comes from (`0..games`), so a fit can hold whole games out.
    pub game: usize,
    /// The label for the side to move: 1 a win, 0.5 a draw, 0 a loss (a game's result, or the
    /// exact solver's).
    pub result: f32,
    /// The engine's search score for the side to move when it moved here (self-play only), in
    /// the evaluation's units; a proven result's score when the search proved one.
    pub score: Option<i32>,
    /// The position.
    pub position: P,
}

/// How a position is written as the last field of a sample's line.
pub trait SampleText: Sized {
    /// What the field is called in an error message (`FEN`, `position`).
    const FIELD: &'static str;
    /// The position as one field (it may hold spaces: it ends the line).
    fn to_field(&self) -> String;
    /// The position back from [`SampleText::to_field`]'s text, or `None` when it is not one.
    fn from_field(text: &str) -> Option<Self>;
}

impl SampleText for Ataxx {
    const FIELD: &'static str = "FEN";
    fn to_field(&self) -> String {
        self.fen()
    }
    fn from_field(text: &str) -> Option<Self> {
        Ataxx::from_fen(text).ok()
    }
}

impl SampleText for Connect4Cg {
    const FIELD: &'static str = "position";
    fn to_field(&self) -> String {
        self.position_string()
    }
    fn from_field(text: &str) -> Option<Self> {
        Connect4Cg::from_position_string(text).ok()
    }
}

/// The samples as text, one a line: `game result score position` (score `-` when none).
pub fn samples_text<P: SampleText>(samples: &[Sample<P>]) -> String {
    let mut s = String::new();
    for sample in samples {
        let score = sample.score.map_or("-".to_string(), |v| v.to_string());
        s.push_str(&format!(
            "{} {} {score} {}\n",
            sample.game,
            sample.result,
            sample.position.to_field()
        ));
    }
    s
}

/// Reads [`samples_text`]'s lines back. Files joined one after another (each numbering its games
/// from 0) read as one set of distinct games: a game number below the line before's starts the
/// next file, whose games are numbered on after the last one's, from a multiple of ten, so the
/// games a fit holds out (every tenth number) are the same. Errors: the first unreadable line, by
/// number.
pub fn parse_samples<P: SampleText>(text: &str) -> Result<Vec<Sample<P>>, String> {
    let mut out = Vec::new();
    // What the file being read adds to its numbers, the last number it gave, and the largest
    // number given so far.
    let (mut offset, mut last, mut top): (usize, usize, usize) = (0, 0, 0);
    for (i, line) in text.lines().enumerate() {
        let read = || -> Option<Sample<P>> {
            let mut parts = line.splitn(4, ' ');
            let game = parts.next()?.parse().ok()?;
            let result: f32 = parts.next()?.parse().ok()?;
            let score = match parts.next()? {
                "-" => None,
                text => Some(text.parse().ok()?),
            };
            let position = P::from_field(parts.next()?)?;
            (0.0..=1.0).contains(&result).then_some(Sample {
                game,
                result,
                score,
                position,
            })
        };
        let mut sample = read()
            .ok_or_else(|| format!("line {}: not `game result score {}`", i + 1, P::FIELD))?;
        if sample.game < last {
            offset = (top + 1).next_multiple_of(10);
        }
        last = sample.game;
        sample.game += offset;
        top = top.max(sample.game);
        out.push(sample);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn round_trip<P: SampleText + Game>(position: P) {
        let samples = vec![
            Sample {
                game: 3,
                result: 0.5,
                score: None,
                position: position.clone(),
            },
            Sample {
                game: 4,
                result: 1.0,
                score: Some(-37),
                position,
            },
        ];
        let back: Vec<Sample<P>> = parse_samples(&samples_text(&samples)).unwrap();
        assert_eq!(back.len(), 2);
        for (a, b) in samples.iter().zip(&back) {
            assert_eq!((a.game, a.result, a.score), (b.game, b.result, b.score));
            assert_eq!(a.position.to_field(), b.position.to_field());
        }
    }

    #[test]
    fn a_data_file_reads_back_the_samples_it_was_written_from() {
        let (c4, _) = crate::play::random_line(&Connect4Cg::start(), 6, &mut crate::rng::Rng(5));
        round_trip(c4);
        let (ataxx, _) = crate::play::random_line(&Ataxx::start(), 6, &mut crate::rng::Rng(5));
        round_trip(ataxx);
    }

    #[test]
    fn joined_files_keep_their_games_apart_and_hold_out_the_same_ones() {
        let file = |games: &[usize]| -> String {
            games
                .iter()
                .map(|g| format!("{g} 1 - x5o/7/7/7/7/7/o5x x 0 1\n"))
                .collect()
        };
        let first = file(&[0, 0, 1, 2, 2, 13]);
        let second = file(&[0, 1, 1, 10]);
        let joined: Vec<Sample<Ataxx>> = parse_samples(&(first + &second)).unwrap();
        let games: Vec<usize> = joined.iter().map(|s| s.game).collect();
        assert_eq!(games, [0, 0, 1, 2, 2, 13, 20, 21, 21, 30]);
        let raw = [0, 0, 1, 2, 2, 13, 0, 1, 1, 10];
        for (game, raw) in games.iter().zip(raw) {
            assert_eq!(game % 10 == 0, raw % 10 == 0, "held out as in its own file");
        }
    }

    #[test]
    fn an_unreadable_line_is_named_by_its_number() {
        let text = "0 1 - x5o/7/7/7/7/7/o5x x 0 1\n1 2 12 x5o/7/7/7/7/7/o5x x 0 1\n";
        let err = parse_samples::<Ataxx>(text).unwrap_err();
        assert_eq!(err, "line 2: not `game result score FEN`");
        assert!(parse_samples::<Connect4Cg>("0 0.5 - not a board\n").is_err());
        // A score that is not a number is an error too, not a position.
        assert!(parse_samples::<Ataxx>("0 1 x5o/7/7/7/7/7/o5x x 0 1\n").is_err());
    }
}
