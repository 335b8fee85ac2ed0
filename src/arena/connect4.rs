//! The Connect 4 referee's side of the protocol (AshKcg/cg-multi-connect4, `shared/rules.md` §2).

use crate::arena::cg::{Action, CgReferee, Rejected};
use crate::game::{Display, Game, Player};
use crate::games::connect4::{Connect4Cg, STEAL};

impl CgReferee for Connect4Cg {
    /// One random ply: the second bot decides whether to steal it.
    const DEFAULT_OPENING_PLIES: u32 = 1;

    /// `myId oppId` on a player's first turn only (`0 1` for the first player), the turn index,
    /// the 7 rows top to bottom with absolute `0`/`1`/`.`, the number of valid actions and one
    /// per line (columns ascending, then `-2` when the steal is open), and the opponent's previous
    /// action (`-1` before any, `-2` after a steal).
    fn turn_input(&self, player: Player, first_turn: bool, last: Option<u8>) -> String {
        let mut text = String::new();
        if first_turn {
            text.push_str(if player == Player::First {
                "0 1\n"
            } else {
                "1 0\n"
            });
        }
        text.push_str(&format!("{}\n", self.ply()));
        let mut rows = vec![String::with_capacity(9); 7];
        for cell in self.cells() {
            rows[cell.y as usize].push(match cell.owner {
                1 => '0',
                2 => '1',
                _ => '.',
            });
        }
        for row in rows {
            text.push_str(&row);
            text.push('\n');
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        text.push_str(&format!("{}\n", moves.len()));
        for mv in moves {
            if mv == STEAL {
                text.push_str("-2\n");
            } else {
                text.push_str(&format!("{mv}\n"));
            }
        }
        let previous = match last {
            None => -1,
            Some(STEAL) => -2,
            Some(c) => c as i32,
        };
        text.push_str(&format!("{previous}\n"));
        text
    }

    /// The action is the text before the first space: an integer column (`+3` reads as 3) or
    /// `STEAL` / `-2`. A leading space leaves an empty action, which is unreadable.
    fn parse_action(&self, line: &str) -> Result<Action<u8>, Rejected> {
        let action = line.split(' ').next().unwrap_or("");
        let readable = action.eq_ignore_ascii_case("steal") || action.parse::<i64>().is_ok();
        if !readable {
            return Err(Rejected::Unreadable(format!(
                "'{line}': expected a column or STEAL"
            )));
        }
        Connect4Cg::parse_action(self, line)
            .map(Action::Play)
            .map_err(|e| Rejected::Illegal(format!("'{line}': {e}")))
    }
}
