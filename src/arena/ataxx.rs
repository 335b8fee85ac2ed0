//! The Ataxx referee's side of the protocol as the statement describes it (seed 004,
//! `shared/rules.md` §4). The real referee is not public, so where the statement is silent this
//! one decides, and says so: the rows go bottom to top (rank 1 first, as the statement says), the
//! config line is the FEN of the start, the action lines are not sent, and a player without a
//! legal move is still asked and any readable action (a square or from+to, legal or not) counts
//! as its pass; an unreadable line loses as usual. Wall layouts: the empty board, or with
//! `--walls` a seeded symmetric layout per opening (`walls:N`).

use crate::arena::cg::{Action, CgReferee, Rejected};
use crate::game::{Game, Player};
use crate::games::ataxx::{Ataxx, Move};
use crate::protocol::ataxx::{rows_of, RowOrder};
use crate::protocol::square_count;

impl CgReferee for Ataxx {
    /// `walls:N`: a layout symmetric under both mirrors with the corners free
    /// ([`Ataxx::random_walls`]), used when the arena is asked for walls.
    fn dealt_setup(seed: u64) -> Option<String> {
        Some(format!("walls:{seed}"))
    }

    /// On a player's first turn its id (`0` first player, `1` second) and the config line; then
    /// the seven rows bottom to top (`.` empty, `0`/`1` stones, `#` walls), `lastAction` (`null`
    /// before any move) and `actionsCount` (the number of legal moves, the pass not counted).
    fn turn_input(&self, player: Player, first_turn: bool, last: Option<Move>) -> String {
        let mut text = String::new();
        if first_turn {
            text.push_str(&format!("{}\n{}\n", player.index(), self.fen()));
        }
        // The bot reads these rows with the same code (`protocol::ataxx`).
        for row in rows_of(self, RowOrder::BottomFirst) {
            text.extend(row.iter().map(|&b| b as char));
            text.push('\n');
        }
        // The move is formatted without its position: spawns and jumps read the same anywhere.
        let last = last.map_or_else(|| "null".to_string(), |m| self.format_move(m));
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let count = moves.iter().filter(|m| !m.is_pass()).count();
        text.push_str(&format!("{last}\n{count}\n"));
        text
    }

    /// The first space-separated field is the move (`b7` or `a7c7`); the rest is a message.
    /// Unreadable squares lose as unreadable, occupied or unreachable targets as illegal. A
    /// player that must pass passes with any readable action.
    fn parse_action(&self, line: &str) -> Result<Action<Move>, Rejected> {
        let field = line.split(' ').next().unwrap_or("");
        if !matches!(square_count(field, 7), Some(1 | 2)) {
            return Err(Rejected::Unreadable(format!(
                "'{line}': expected a square (b7) or from+to (a7c7)"
            )));
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if let [only] = moves[..] {
            if only.is_pass() {
                return Ok(Action::Play(only));
            }
        }
        self.parse_move(field)
            .map(Action::Play)
            .map_err(|e| Rejected::Illegal(e.0))
    }

    /// The FEN of the setup's start (walls included; halfmove clock 0), which reads back under
    /// [`crate::games::ataxx::Rules::Engine`]: a draw at 100 plies without a spawn, no
    /// repetition rule and no turn limit, as UAI engines play.
    fn uai_setup(setup: &str) -> Option<Result<String, String>> {
        Some(
            Ataxx::from_setup(setup)
                .map(|pos| pos.fen())
                .map_err(|e| format!("setup '{setup}': {}", e.0)),
        )
    }

    /// `b6` (spawn), `a7c5` (jump), `0000` (pass, legal only without another move). Anything
    /// else that is not one or two squares is unreadable; a readable move the position does
    /// not allow is illegal.
    fn parse_uai_move(&self, text: &str) -> Result<Move, Rejected> {
        if text != "0000" && !matches!(square_count(text, 7), Some(1 | 2)) {
            return Err(Rejected::Unreadable(format!(
                "bestmove '{text}': expected a square (b6), from+to (a7c5) or 0000"
            )));
        }
        self.parse_move(text)
            .map_err(|e| Rejected::Illegal(format!("bestmove '{text}': {}", e.0)))
    }
}
