//! The Amazons referee's side of the protocol (`shared/rules.md` §3): a match is two games on
//! one start with the same bot processes, colours swapped; `boardSize` comes only on a bot's
//! first turn of the match.

use crate::arena::referee::CgReferee;
use crate::game::{Game, Player};
use crate::games::amazons::{Amazons, Move};

impl CgReferee for Amazons {
    const GAMES_PER_MATCH: usize = 2;

    /// `boardSize` (`8`) on a bot's first turn of the match only; the colour; the rows rank 8 first;
    /// `lastAction` (`null` before the opponent has moved); `actionsCount`.
    fn turn_input(&self, player: Player, first_turn: bool, last: Option<Move>) -> String {
        let mut text = String::with_capacity(96);
        if first_turn {
            text.push_str("8\n");
        }
        text.push_str(if player == Player::First {
            "w\n"
        } else {
            "b\n"
        });
        for y in (0..8).rev() {
            for x in 0..8 {
                text.push(self.square_char(y * 8 + x));
            }
            text.push('\n');
        }
        match last {
            Some(mv) => text.push_str(&self.format_move(mv)),
            None => text.push_str("null"),
        }
        text.push_str(&format!("\n{}\n", self.count_moves()));
        text
    }

    /// The line is cut at `msg`; in the part before it all whitespace is removed and it is
    /// lower-cased; it must then be a legal `from to arrow`. `random` is not offered here.
    fn parse_action(&self, line: &str) -> Result<Move, (bool, String)> {
        let action = line.split("msg").next().unwrap_or("");
        let clean: String = action.chars().filter(|c| !c.is_whitespace()).collect();
        if clean.len() != 6 || !clean.is_ascii() {
            return Err((
                true,
                format!("'{line}': expected from, to and arrow like d8d1d7"),
            ));
        }
        self.parse_move(&clean)
            .map_err(|e| (false, format!("'{line}': {e}")))
    }
}
