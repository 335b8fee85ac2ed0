//! The Yavalath referee's side of the protocol (MultiStruct/Yavalath, `shared/rules.md` §1).

use crate::arena::cg::{Action, CgReferee, Rejected};
use crate::game::{Game, Player};
use crate::games::yavalath::{cell_at, cell_name, coords, Cell, Yavalath, ROW_LEN};

impl CgReferee for Yavalath {
    /// One random ply: the second bot decides whether to steal it.
    const DEFAULT_OPENING_PLIES: u32 = 1;

    /// The id line (`1` or `2`) on a player's first turn only, `9`, the nine rows with `1` for the
    /// player's stones and `2` for the opponent's, then the opponent's last move or `-1 -1`.
    fn turn_input(&self, player: Player, first_turn: bool, last: Option<Cell>) -> String {
        let mut text = String::new();
        if first_turn {
            text.push_str(&format!("{}\n", player.number()));
        }
        text.push_str("9\n");
        for y in 0..9 {
            for x in 0..ROW_LEN[y] as i32 {
                let cell = cell_at(x, y as i32).expect("on board");
                text.push(match self.owner(cell) {
                    None => '0',
                    Some(p) if p == player => '1',
                    Some(_) => '2',
                });
            }
            text.push('\n');
        }
        let (x, y) = last.map(|c| coords(c as usize)).unwrap_or((-1, -1));
        text.push_str(&format!("{x} {y}\n"));
        text
    }

    /// The referee splits the line on single whitespace characters (Java's `\s`: space, tab,
    /// vertical tab, form feed, carriage return): the first two fields must be integers (a
    /// leading space or a double space leaves an empty field, and a lone `4` has no second field:
    /// unreadable); the rest is a message. Off-board and occupied cells (other than the steal)
    /// are illegal (`shared/rules.md` §1).
    fn parse_action(&self, line: &str) -> Result<Action<Cell>, Rejected> {
        let mut fields = line.split([' ', '\t', '\x0B', '\x0C', '\r']);
        let mut number = |what: &str| {
            fields
                .next()
                .and_then(|f| f.parse::<i32>().ok())
                .ok_or_else(|| {
                    Rejected::Unreadable(format!("'{line}': expected '{what}' as an integer"))
                })
        };
        let (x, y) = (number("x")?, number("y")?);
        let cell = cell_at(x, y)
            .ok_or_else(|| Rejected::Illegal(format!("({x},{y}) is off the board")))?;
        self.parse_move(&cell_name(cell))
            .map(Action::Play)
            .map_err(|e| Rejected::Illegal(format!("({x},{y}): {e}")))
    }
}
