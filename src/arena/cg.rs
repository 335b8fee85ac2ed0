//! What the arena knows of each game's CodinGame referee: the text it sends a bot each turn, how
//! it reads the answer, and the starts it deals. Both the openings (which deal starts) and the
//! referee loop (which plays the turns) build on it; it sits below them so that neither imports
//! the other's module back (the openings once imported the referee, which imports the openings).

use crate::game::{Game, Player};

/// A game the arena can referee: the text a referee sends each turn and how it reads answers.
/// (Moves are shared with the threads that run a match's games.)
pub trait CgReferee: Game<Move: Sync> + Sync {
    /// Games in one match, on the same start, with the same bot processes and colours swapped
    /// each game (Amazons: 2). The bots get `first_turn` input only once per match.
    const GAMES_PER_MATCH: usize = 1;

    /// Random opening plies the arena plays when not told otherwise. Games with the steal use 1,
    /// so the second bot decides whether to steal (the steal is open at ply 1 only).
    const DEFAULT_OPENING_PLIES: u32 = 2;

    /// Whether every opening gets its own [`CgReferee::dealt_setup`] when not told otherwise
    /// (Amazons: CodinGame deals a start per match).
    const DEALT_BY_DEFAULT: bool = false;

    /// The setup string of the start dealt for `seed`, as the referee would deal it (Amazons
    /// `seed:N`, Ataxx `walls:N`), or `None` when the game has one start.
    fn dealt_setup(_seed: u64) -> Option<String> {
        None
    }

    /// The input for `player`'s turn in `pos`: `first_turn` is the player's first turn of the match
    /// (some referees send an id line then), `last` the opponent's previous move.
    fn turn_input(&self, player: Player, first_turn: bool, last: Option<Self::Move>) -> String;

    /// Reads a bot's output line (without its line end) as the referee does.
    fn parse_action(&self, line: &str) -> Result<Action<Self::Move>, Rejected>;

    /// For UAI engines (bots given as `uai:<command>`): the setup string of the same start
    /// (before the opening moves) under the rules UAI engines play, which must be a FEN that the
    /// `position fen` command takes. `None`: the game has no UAI engines (the default); an error:
    /// a setup the game does not read.
    fn uai_setup(_setup: &str) -> Option<Result<String, String>> {
        None
    }

    /// Reads the move of a UAI engine's `bestmove` line (the word after `bestmove`, empty when
    /// missing). Errors as for [`CgReferee::parse_action`]; the default rejects every move
    /// (a game without UAI engines).
    fn parse_uai_move(&self, text: &str) -> Result<Self::Move, Rejected> {
        Err(Rejected::Unreadable(format!(
            "'{text}': this game has no UAI notation"
        )))
    }
}

/// A bot's answer as the referee reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action<M> {
    /// Play this legal move.
    Play(M),
    /// Let the referee play a random legal move (Amazons' `random`).
    Random,
}

/// Why the referee refused a line; the text is what the verdict shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// The line is not an action in the protocol's syntax.
    Unreadable(String),
    /// A readable action the rules do not allow here.
    Illegal(String),
}
