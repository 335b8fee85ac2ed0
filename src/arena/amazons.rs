//! The Amazons referee's side of the protocol (`shared/rules.md` §3): a match is two games on
//! one start with the same bot processes, colours swapped; `boardSize` comes only on a bot's
//! first turn of the match. Every match gets its own start, dealt from a seed as CodinGame deals
//! them (`seed:N`).

use crate::arena::cg::{Action, CgReferee, Rejected};
use crate::game::{Game, Player};
use crate::games::amazons::{Amazons, Move};
use crate::protocol::square_count;

impl CgReferee for Amazons {
    const GAMES_PER_MATCH: usize = 2;
    const DEALT_BY_DEFAULT: bool = true;

    /// `seed:N`: CodinGame's start generator with Java seed `N` ([`Amazons::from_seed`]).
    fn dealt_setup(seed: u64) -> Option<String> {
        Some(format!("seed:{seed}"))
    }

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
    /// lower-cased; it must then be a legal `from to arrow`, or `random`, which makes the referee
    /// play a random legal move.
    fn parse_action(&self, line: &str) -> Result<Action<Move>, Rejected> {
        let action = line.split("msg").next().unwrap_or("");
        let clean: String = action
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase();
        if clean == "random" {
            return Ok(Action::Random);
        }
        if square_count(&clean, 8) != Some(3) {
            return Err(Rejected::Unreadable(format!(
                "'{line}': expected from, to and arrow like d8d1d7, or random"
            )));
        }
        self.parse_move(&clean)
            .map(Action::Play)
            .map_err(|e| Rejected::Illegal(format!("'{line}': {e}")))
    }
}
