//! `boardlab bot ataxx`: the CodinGame Ataxx protocol (statement seed 004, `shared/rules.md` §4).
//!
//! The statement leaves the input partly open, so the reader is tolerant:
//! - Initial input: `id` (0 or 1), then a `config` line. Lines before the id that are neither an
//!   id nor a board row are skipped; a line after the id that looks like a board row is taken as
//!   the first row (no config line).
//! - Each turn: seven rows of `.`, `0`, `1`, `#`; `lastAction` (`null` on the first turn);
//!   `actionsCount`. The bot answers once `lastAction` is read: the count and any action lines
//!   after it are skipped before the next board (and logged).
//! - Resynchronisation: a turn ends at its action line, never after a number of rows, and the rows
//!   are the lines just before it. A damaged line among them is a lost row in its place (read as
//!   walls, so no move is chosen on it); extra lines (junk, a duplicated row, rows left from a
//!   damaged turn) are dropped; a lost `lastAction` ends the turn at the count, and an action line
//!   after fewer than `MIN_ROWS` rows is the turn before's `lastAction`, displaced, dropped with
//!   them. So damage spoils at most its own turn, never shifts the next. With rows lost, the bot's
//!   record of the game plus an opponent move, when it fits the rows that were read, gives the
//!   whole board.
//! - Row order: the statement says "bottom to top" but no public referee settles it, and a
//!   board read upside down is a legal-looking board. The sequence of boards is the same up to
//!   the mirror either way: only texts in the referee's coordinates (`lastAction`, the bot's own
//!   moves, a FEN) can tell. Each turn the bot looks for evidence that singles out one order:
//!   1. Walls never move: when the config line is a FEN, only the orders whose walls match it
//!      are possible.
//!   2. `lastAction` fits the board (its target holds an enemy stone with none of the bot's
//!      beside it, a spawn has a source, a jump an empty origin) in one reading only, and does
//!      not name the bot's own stone in the other (it might echo the bot's move there). On an
//!      undamaged turn the true reading always fits.
//!   3. The bot's record of the last turn under each reading, plus its own move and an opponent
//!      move (`lastAction` first), or plus `lastAction` after another move of its own, gives
//!      this board in one reading only.
//!   4. On the first turn, the config line's FEN shows this board in one reading only.
//!
//!   The order so found is used, and counted as a vote. Without evidence, the earlier votes
//!   decide, trusted when the leader has more than twice the other's (a damaged turn can add
//!   one wrong vote); else the order used before, else the one where each side's stones stand
//!   nearer the standard start's corners (player 0 on a7 and g1; bottom to top on a tie). When
//!   not trusted, the bot plays the best move legal under both readings, when one exists (off
//!   the middle rank, which reads the same both ways, when it can), so the answer is legal
//!   whichever is true and the next turn's record tells them apart.
//! - Every line read is logged to stderr as `<< line`, so a real match settles the open points.
//! - BoardLab's CodinGame draw rules (300 turns, threefold repetition) only guide the search: when
//!   they say the game is over but the referee asks for a move, the bot forgets the game's
//!   history and searches the board as it stands, since the referee is the judge.
//! - With no spawn and no jump (the statement has no pass) the bot prints an empty square, the
//!   only output the statement does not call a loss, and says so on stderr.
//!
//! Player `0` is the first player (`x`), `1` the second (`o`).

use std::io::{self, BufRead, Write};

use crate::game::{Game, Player};
use crate::games::ataxx::{parse_square, square_name, Ataxx, Move, Rules, DOUBLES, FULL, SINGLES};
use crate::play::Agent;
use crate::protocol::{serve_turns, short_number, BotConfig, InputError, Lines, TurnClock};
#[cfg(not(codingame_baseline))]
use crate::search::{Limits, Searcher};

/// How the seven rows map to ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowOrder {
    /// The first row is rank 7 (a7..g7).
    TopFirst,
    /// The first row is rank 1 (the statement's "bottom to top").
    BottomFirst,
}

impl RowOrder {
    /// The rank (0 = rank 1) of the `i`-th row printed.
    fn rank(self, i: usize) -> usize {
        match self {
            RowOrder::TopFirst => 6 - i,
            RowOrder::BottomFirst => i,
        }
    }

    /// 0 for [`RowOrder::TopFirst`], 1 for [`RowOrder::BottomFirst`].
    fn index(self) -> usize {
        self as usize
    }

    /// The other order.
    fn flipped(self) -> RowOrder {
        match self {
            RowOrder::TopFirst => RowOrder::BottomFirst,
            RowOrder::BottomFirst => RowOrder::TopFirst,
        }
    }
}

/// One turn's input.
#[derive(Clone, Debug)]
pub struct TurnInput {
    /// The rows as read, first row first, 7 bytes each (`.`, `0`, `1`, `#`). When rows were
    /// lost or damaged the rows read come first and the rest are all `#` (walls).
    pub rows: [[u8; 7]; 7],
    /// Whether each row holds a row read (`true` for a leading run of them).
    pub known: [bool; 7],
    /// `lastAction` as read (`null` on the first turn).
    pub last_action: String,
}

/// Whether `line` is a well-formed board row: 7 characters `.`, `0`, `1` or `#`.
fn is_row(_y: usize, line: &str) -> bool {
    line.len() == 7 && line.bytes().all(|b| matches!(b, b'.' | b'0' | b'1' | b'#'))
}

/// Whether `line` looks like a move or `lastAction`: `null`, `0000`, a square (`b7`) or two
/// (`a7c7`).
fn is_action(line: &str) -> bool {
    match line.len() {
        _ if line == "null" || line == "0000" => true,
        2 => parse_square(line).is_some(),
        4 if line.is_char_boundary(2) => {
            parse_square(&line[..2]).is_some() && parse_square(&line[2..]).is_some()
        }
        _ => false,
    }
}

/// The most moves an Ataxx position can have is under 49 spawns plus 49 × 16 jumps, so a
/// count has at most three digits.
const COUNT_DIGITS: usize = 3;

/// Whether `line` can be `actionsCount`: a number of one to three digits ([`short_number`]).
fn is_count(line: &str) -> bool {
    short_number(line, COUNT_DIGITS).is_some_and(|n| n >= 0)
}

/// The board the rows show under `order`: `(stones of player 0, of player 1, walls)`.
pub fn board_of(rows: &[[u8; 7]; 7], order: RowOrder) -> (u64, u64, u64) {
    let (mut p0, mut p1, mut walls) = (0u64, 0u64, 0u64);
    for (i, row) in rows.iter().enumerate() {
        let rank = order.rank(i);
        for (file, &c) in row.iter().enumerate() {
            let bit = 1u64 << (rank * 7 + file);
            match c {
                b'0' => p0 |= bit,
                b'1' => p1 |= bit,
                b'#' => walls |= bit,
                _ => {}
            }
        }
    }
    (p0, p1, walls)
}

/// The rows `pos` shows under `order`, first row first, as the referee prints them: the bot
/// compares them with the rows it reads, and the arena's referee prints them
/// (`BottomFirst`, the statement's order).
pub fn rows_of(pos: &Ataxx, order: RowOrder) -> [[u8; 7]; 7] {
    let mut rows = [[b'.'; 7]; 7];
    for (i, row) in rows.iter_mut().enumerate() {
        for (file, c) in row.iter_mut().enumerate() {
            let bit = 1u64 << (order.rank(i) * 7 + file);
            if pos.stones(Player::First) & bit != 0 {
                *c = b'0';
            } else if pos.stones(Player::Second) & bit != 0 {
                *c = b'1';
            } else if pos.walls() & bit != 0 {
                *c = b'#';
            }
        }
    }
    rows
}

/// Whether `pos` shows this turn's board under `order`. When rows were lost, the rows read must
/// appear in `pos`'s rows in the same order (where the gap was is unknown: the rows all look
/// alike).
fn shows(pos: &Ataxx, turn: &TurnInput, order: RowOrder) -> bool {
    let all = rows_of(pos, order);
    let mut candidates = all.iter();
    turn.rows
        .iter()
        .zip(turn.known)
        .filter(|(_, k)| *k)
        .all(|(row, _)| candidates.any(|r| r == row))
}

/// `pos` without the game's history: the same board and side to move at turn 0, so BoardLab's
/// draw rules (300 turns, threefold repetition) count afresh from here.
fn without_history(pos: &Ataxx) -> Ataxx {
    Ataxx::from_parts(
        pos.stones(Player::First),
        pos.stones(Player::Second),
        pos.walls(),
        pos.to_move(),
        Rules::CodinGame,
    )
    .expect("the squares of a valid position stay valid")
}

/// Whether BoardLab's draw rules (not the board) end the game at `pos`.
fn drawn_by_rule(pos: &Ataxx) -> bool {
    matches!(pos.end_reason(), Some("turns" | "repetition"))
}

/// The two row orders, indexed by [`RowOrder::index`].
const ORDERS: [RowOrder; 2] = [RowOrder::TopFirst, RowOrder::BottomFirst];

/// Whether the opponent's `action` can have made `board` (`(stones of player 0, of player 1,
/// walls)`) in one move of `them`: its target holds their stone and has no stone of the bot
/// beside it (the move captured them all); a spawn has a stone of theirs beside it (its source),
/// a jump an empty origin at distance exactly 2. `None`: `action` names no move (`null`, a pass,
/// unreadable), so it tells nothing. On an undamaged turn the true reading always fits, so an
/// action that fits only one reading settles the order.
fn action_fits(board: (u64, u64, u64), action: &str, them: Player) -> Option<bool> {
    let (p0, p1, walls) = board;
    let (theirs, mine) = if them == Player::First {
        (p0, p1)
    } else {
        (p1, p0)
    };
    let (from, to) = match action.len() {
        2 => (None, parse_square(action)?),
        4 if action.is_char_boundary(2) => (
            Some(parse_square(&action[..2])?),
            parse_square(&action[2..])?,
        ),
        _ => return None,
    };
    let landed = theirs >> to & 1 == 1 && SINGLES[to] & mine == 0;
    Some(
        landed
            && match from {
                None => SINGLES[to] & theirs != 0,
                Some(f) => DOUBLES[to] >> f & 1 == 1 && (p0 | p1 | walls) >> f & 1 == 0,
            },
    )
}

/// The one order of the two for which `fits` holds, if exactly one does.
fn only(fits: [bool; 2]) -> Option<RowOrder> {
    match fits {
        [true, false] => Some(RowOrder::TopFirst),
        [false, true] => Some(RowOrder::BottomFirst),
        _ => None,
    }
}

/// `pos`, without its history when BoardLab's draw rules have ended it (the referee decides
/// when the game is over).
fn going_on(pos: Ataxx) -> Ataxx {
    if drawn_by_rule(&pos) {
        without_history(&pos)
    } else {
        pos
    }
}

/// The row order decided for one turn.
struct OrderChoice {
    order: RowOrder,
    /// The other order, while it is still possible and the evidence does not rule it out: the
    /// answer should then be legal under both readings.
    doubt: Option<RowOrder>,
}

/// The bot's memory between turns.
pub struct AtaxxBot {
    me: Option<Player>,
    /// The order used on the last turn.
    order: Option<RowOrder>,
    /// How many turns' own input singled out each order (by [`RowOrder::index`]). The referee
    /// prints every turn the same way, so the count only grows for the true order on undamaged
    /// turns; a damaged turn can add one vote to the wrong one.
    votes: [u32; 2],
    /// The walls of the config line's FEN, when it was one: walls never move, so they tell the
    /// row order on an asymmetric layout.
    config_walls: Option<u64>,
    /// The whole board of the config line's FEN (`(player 0, player 1, walls)`): when it is the
    /// first turn's board, it tells the order, since a FEN names its ranks.
    config_board: Option<(u64, u64, u64)>,
    /// The position of the bot's last turn under each reading (by [`RowOrder::index`]), with the
    /// game's history; `None` where the rows did not make a board or were a guess.
    seen: [Option<Ataxx>; 2],
    /// The bot's last move (a pass when it printed a square without having a move).
    played: Option<Move>,
    /// The colour played when no id line came ([`AtaxxBot::guess_me`]).
    me_guess: Option<Player>,
    /// The side to move of the config line's FEN, a hint to the bot's colour without an id line.
    config_side: Option<Player>,
    turns: u32,
    #[cfg(not(codingame_baseline))]
    searcher: Searcher<Ataxx>,
    config: BotConfig,
}

impl AtaxxBot {
    /// A bot that has seen no input yet, searching with `config`'s time budgets (ms) and a
    /// transposition table of `config.tt_mib` MiB.
    pub fn new(config: BotConfig) -> Self {
        AtaxxBot {
            me: None,
            order: None,
            votes: [0; 2],
            config_walls: None,
            config_board: None,
            seen: [None, None],
            played: None,
            me_guess: None,
            config_side: None,
            turns: 0,
            #[cfg(not(codingame_baseline))]
            searcher: Searcher::new(config.tt_mib),
            config,
        }
    }

    /// Reads a config line: a FEN tells the walls, which never move, and the board and side to
    /// move of the first turn (see the row order notes); anything else tells nothing.
    fn read_config(&mut self, line: &str) {
        if let Ok(p) = Ataxx::from_fen(line) {
            self.config_walls = Some(p.walls());
            self.config_board =
                Some((p.stones(Player::First), p.stones(Player::Second), p.walls()));
            self.config_side = Some(p.to_move());
        }
    }

    /// The bot's colour when no id line came: the other side than the one `lastAction` can have
    /// moved for (its target holds that side's stone, in a reading where it fits), else the
    /// colour played before, else the config FEN's side to move, else the first player when
    /// `lastAction` is `null` (the game starts with the bot), the second otherwise. Changes are
    /// said on `log`.
    fn guess_me(&mut self, turn: &TurnInput, log: &mut impl Write) -> Player {
        let action = turn.last_action.split_whitespace().next().unwrap_or("");
        let boards = ORDERS.map(|o| board_of(&turn.rows, o));
        let moved = |p: Player| {
            boards
                .iter()
                .any(|&b| action_fits(b, action, p) == Some(true))
        };
        let by_action = match (moved(Player::First), moved(Player::Second)) {
            (true, false) => Some(Player::Second),
            (false, true) => Some(Player::First),
            _ => None,
        };
        let me = by_action
            .or(self.me_guess)
            .or(self.config_side)
            .unwrap_or(if action == "null" {
                Player::First
            } else {
                Player::Second
            });
        if self.me_guess != Some(me) {
            let _ = writeln!(log, "boardlab: no id line: playing player {}", me.index());
        }
        self.me_guess = Some(me);
        me
    }

    /// The position of the last turn under `order` continued by the bot's move and one opponent
    /// move (or pass) to a position, `me` to move, that shows this turn's board under `order`.
    /// Tried in turn: the bot's own move then `lastAction` or any opponent move (a real
    /// referee), and `lastAction` after any other move of the bot (a referee that played
    /// another move for it). Each needs a move text read in the referee's coordinates, which a
    /// mirrored reading does not share, so the wrong order rarely fits.
    fn continue_record(&self, order: RowOrder, turn: &TurnInput, me: Player) -> Option<Ataxx> {
        let before = going_on(self.seen[order.index()].clone()?);
        if before.to_move() != me {
            return None;
        }
        let complete = turn.known.iter().all(|&k| k);
        let (p0, p1, walls) = board_of(&turn.rows, order);
        let matches = |p: &Ataxx| {
            p.to_move() == me
                && if complete {
                    p.stones(Player::First) == p0
                        && p.stones(Player::Second) == p1
                        && p.walls() == walls
                } else {
                    shows(p, turn, order)
                }
        };
        let action = turn.last_action.split_whitespace().next().unwrap_or("");
        let mut mine = Vec::new();
        before.legal_moves(&mut mine);
        let mut theirs = Vec::new();
        // Their move after `m` of ours: `lastAction` when it is legal there, else any.
        let mut reply = |m: Move, any: bool| -> Option<Ataxx> {
            let mid = going_on(before.after(m));
            theirs.clear();
            mid.legal_moves(&mut theirs);
            let named = mid.parse_move(action).ok().filter(|l| theirs.contains(l));
            if let Some(l) = named {
                let next = mid.after(l);
                if matches(&next) {
                    return Some(next);
                }
            }
            if !any {
                return None;
            }
            theirs.iter().map(|&o| mid.after(o)).find(|p| matches(p))
        };
        if let Some(m) = self.played.filter(|m| mine.contains(m)) {
            if let Some(p) = reply(m, true) {
                return Some(p);
            }
        }
        mine.iter()
            .filter(|&&m| Some(m) != self.played)
            .find_map(|&m| reply(m, false))
    }

    /// Decides the row order of this turn's rows (see the module documentation), counting the
    /// turn's vote. `continued`: the record continued to this board under each order.
    fn decide_order(
        &mut self,
        turn: &TurnInput,
        me: Player,
        continued: &[Option<Ataxx>; 2],
        log: &mut impl Write,
    ) -> OrderChoice {
        let them = me.opponent();
        let boards = ORDERS.map(|o| board_of(&turn.rows, o));
        let complete = turn.known.iter().all(|&k| k);
        let before = self.order;
        let settled = |order: RowOrder| OrderChoice { order, doubt: None };
        // A board that reads the same both ways needs no decision.
        if boards[0] == boards[1] {
            return settled(before.unwrap_or(RowOrder::BottomFirst));
        }
        // Walls never move: the config's FEN rules out the orders whose walls differ (a lost row
        // reads as walls, so only a complete board is compared).
        let possible = boards.map(|b| !complete || self.config_walls.is_none_or(|w| b.2 == w));
        if let Some(o) = only(possible) {
            return settled(o);
        }
        // This turn's own evidence: lastAction, the record, the config's FEN.
        let action = turn.last_action.split_whitespace().next().unwrap_or("");
        let evidence = if complete {
            // An action that fits one reading but names the bot's own stone in the other may
            // be the bot's own move there (a referee might echo it): it proves nothing.
            let fits = boards.map(|b| action_fits(b, action, them) == Some(true));
            let names_mine = boards.map(|b| {
                let mine = if me == Player::First { b.0 } else { b.1 };
                let to = action.get(action.len().saturating_sub(2)..).unwrap_or("");
                parse_square(to).is_some_and(|s| mine >> s & 1 == 1)
            });
            only(fits)
                .filter(|o| !names_mine[o.flipped().index()])
                .map(|o| (o, "lastAction fits only it"))
                .or_else(|| {
                    only(continued.each_ref().map(Option::is_some))
                        .map(|o| (o, "my record plus one move each gives the board only in it"))
                })
                .or_else(|| {
                    let config = self.config_board.filter(|_| self.turns == 0)?;
                    only(boards.map(|b| b == config))
                        .map(|o| (o, "the config FEN shows this board only in it"))
                })
        } else {
            only(continued.each_ref().map(Option::is_some))
                .map(|o| (o, "my record fills the lost rows only in it"))
        };
        if let Some((o, why)) = evidence {
            if complete {
                self.votes[o.index()] += 1;
            }
            if before != Some(o) {
                let _ = writeln!(log, "boardlab: row order {o:?}: {why}");
            }
            return settled(o);
        }
        // No evidence on this turn: the earlier turns' votes, trusted when they are clear.
        let [top, bottom] = self.votes;
        let leader = match top.cmp(&bottom) {
            std::cmp::Ordering::Greater => Some((RowOrder::TopFirst, top, bottom)),
            std::cmp::Ordering::Less => Some((RowOrder::BottomFirst, bottom, top)),
            std::cmp::Ordering::Equal => None,
        };
        let (order, trusted) = match leader {
            Some((o, won, lost)) => (o, won > 2 * lost),
            None => (
                before.unwrap_or_else(|| Self::by_corners(&boards, log)),
                false,
            ),
        };
        OrderChoice {
            order,
            doubt: (!trusted).then_some(order.flipped()),
        }
    }

    /// The order in which each side's stones stand nearer its starting corners in the standard
    /// start (player 0 on a7 and g1), as on the first boards of a game; the statement's bottom
    /// to top on a tie. A guess for a first turn without evidence (said on `log`).
    fn by_corners(boards: &[(u64, u64, u64); 2], log: &mut impl Write) -> RowOrder {
        let corners = |b: &(u64, u64, u64)| -> u32 {
            let dist = |bits: u64, starts: [usize; 2]| -> u32 {
                let mut total = 0;
                let mut rest = bits;
                while rest != 0 {
                    let sq = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    total += starts
                        .iter()
                        .map(|&c| {
                            let (df, dr) = ((sq % 7).abs_diff(c % 7), (sq / 7).abs_diff(c / 7));
                            df.max(dr) as u32
                        })
                        .min()
                        .unwrap_or(0);
                }
                total
            };
            dist(b.0, [42, 6]) + dist(b.1, [48, 0])
        };
        let (top, bottom) = (corners(&boards[0]), corners(&boards[1]));
        let order = if top < bottom {
            RowOrder::TopFirst
        } else {
            RowOrder::BottomFirst
        };
        let _ = writeln!(
            log,
            "boardlab: row order {order:?} (stones nearer their starting corners: {top} vs {bottom} \
             top-first vs bottom-first); unconfirmed"
        );
        order
    }

    /// This turn's position under `order`: the record continued to it when it leads here
    /// (keeping the game's history), else the board as read, at a ply estimated from the turn
    /// count. Also whether it is a guess (rows were lost and no record fills them). `None`: the
    /// rows do not make a board (said on `log`).
    fn position(
        &self,
        turn: &TurnInput,
        order: RowOrder,
        continued: Option<Ataxx>,
        me: Player,
        log: &mut impl Write,
    ) -> Option<(Ataxx, bool)> {
        let complete = turn.known.iter().all(|&k| k);
        if let Some(p) = continued {
            if !complete {
                let _ = writeln!(
                    log,
                    "boardlab: rows were lost; my record plus an opponent move gives the board"
                );
            }
            return Some((p, false));
        }
        let (p0, p1, walls) = board_of(&turn.rows, order);
        let action = turn.last_action.split_whitespace().next().unwrap_or("");
        match Ataxx::from_parts(p0, p1, walls, me, Rules::CodinGame) {
            Ok(mut p) => {
                let ply = if self.turns == 0 {
                    (action != "null") as u32
                } else {
                    2 * self.turns + (me == Player::Second) as u32
                };
                p.set_ply(ply);
                if !complete {
                    let _ = writeln!(
                        log,
                        "boardlab: rows were lost and my record does not fill them: \
                         searching the rows read in place and the lost ones as walls \
                         (a guess: the gap may stand elsewhere)"
                    );
                }
                Some((p, !complete))
            }
            Err(e) => {
                let _ = writeln!(log, "boardlab: unreadable board: {e}");
                None
            }
        }
    }

    /// The bot's answer to one turn (a move in the referee's notation), with notes on stderr.
    /// `player` replaces the engine when given (a baseline). `clock` started when the turn's input
    /// was read: the time budget counts from there, less its adaptive reserve.
    pub fn answer(
        &mut self,
        turn: &TurnInput,
        clock: &TurnClock,
        log: &mut impl Write,
        mut player: Option<&mut (dyn Agent<Ataxx> + '_)>,
    ) -> String {
        let me = match self.me {
            Some(me) => me,
            None => self.guess_me(turn, log),
        };
        let continued = ORDERS.map(|o| self.continue_record(o, turn, me));
        let choice = self.decide_order(turn, me, &continued, log);
        let order = choice.order;
        if self.order.is_some_and(|o| o != order) {
            let _ = writeln!(log, "boardlab: row order changed to {order:?}");
        }
        self.order = Some(order);
        let (p0, p1, walls) = board_of(&turn.rows, order);
        let complete = turn.known.iter().all(|&k| k);
        if complete && self.seen[order.index()].is_some() && continued[order.index()].is_none() {
            let _ = writeln!(
                log,
                "boardlab: board differs from my record: the board wins"
            );
        }
        // Both readings, each kept as next turn's record unless it is a guess.
        let [top, bottom] = continued;
        let mut readings = [top, bottom];
        let mut quiet = io::sink();
        let positions: [Option<(Ataxx, bool)>; 2] = ORDERS.map(|o| {
            let continued = readings[o.index()].take();
            if o == order {
                self.position(turn, o, continued, me, &mut *log)
            } else {
                self.position(turn, o, continued, me, &mut quiet)
            }
        });
        self.turns += 1;
        self.played = None;
        self.seen = positions.each_ref().map(|p| {
            p.as_ref()
                .filter(|(_, guess)| !guess)
                .map(|(p, _)| p.clone())
        });
        let Some((pos, _)) = positions[order.index()].clone() else {
            self.seen = [None, None];
            return fallback_move(p0 | p1 | walls, log);
        };
        // The other reading, while the order is in doubt: the answer should be legal there too.
        let alt_pos = choice
            .doubt
            .and_then(|a| positions[a.index()].clone())
            .map(|(p, _)| going_on(p));
        let mut pos = pos;
        if drawn_by_rule(&pos) {
            let _ = writeln!(
                log,
                "boardlab: my draw rules end the game here ({}), but the referee asks for a \
                 move: searching this board without the game's history",
                pos.end_reason().unwrap_or("")
            );
            pos = without_history(&pos);
        }

        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.iter().all(|m| m.is_pass()) {
            let _ = writeln!(
                log,
                "boardlab: I have no spawn and no jump ({}); the statement has no pass",
                if moves.is_empty() {
                    "the game is over on the board"
                } else {
                    "I must pass"
                }
            );
            self.played = moves.first().copied();
            return fallback_move(p0 | p1 | walls, log);
        }
        let budget = if self.turns == 1 {
            // Maps the table's memory under this turn's clock (`Agent::clear_tables`).
            match player.as_deref_mut() {
                Some(agent) => agent.clear_tables(),
                None => self.clear_own_table(),
            }
            self.config.first_turn_ms
        } else {
            self.config.turn_ms
        };
        let budget = clock.budget_ms(budget).max(5);
        let best = match player {
            Some(agent) => agent.choose(&pos, budget),
            None => self.search_move(&pos, alt_pos.as_ref(), &moves, budget, order, log),
        };
        self.played = Some(best);
        pos.format_move(best)
    }

    /// Empties the bot's own search table, as [`Agent::clear_tables`] does an agent's.
    #[cfg(not(codingame_baseline))]
    fn clear_own_table(&mut self) {
        self.searcher.clear();
    }

    /// The baseline bundles have no table of their own.
    #[cfg(codingame_baseline)]
    fn clear_own_table(&mut self) {}

    /// The engine's move in `pos` within `budget` ms, one legal in `alt_pos` too where it can
    /// (the other reading of the rows, while the order is in doubt); `moves` are `pos`'s legal
    /// moves, `order` the reading trusted. Says on `log` what it searched.
    #[cfg(not(codingame_baseline))]
    fn search_move(
        &mut self,
        pos: &Ataxx,
        alt_pos: Option<&Ataxx>,
        moves: &[Move],
        budget: u64,
        order: RowOrder,
        log: &mut impl Write,
    ) -> Move {
        let limits = Limits {
            max_nodes: self.config.max_nodes,
            // Ranks every root move, so the best one legal in both readings is known.
            exact_root_scores: alt_pos.is_some(),
            ..Limits::time(budget)
        };
        let result = self.searcher.search(pos, limits, |_| {});
        let mut best = result.best.unwrap_or(moves[0]);
        if let Some(alt) = alt_pos {
            let mut alt_moves = Vec::new();
            alt.legal_moves(&mut alt_moves);
            let both = |m: &Move| !m.is_pass() && moves.contains(m) && alt_moves.contains(m);
            if !both(&best) {
                let ranked: Vec<Move> = result
                    .last
                    .iter()
                    .flat_map(|it| it.root_moves.iter().map(|r| r.mv))
                    .chain(moves.iter().copied())
                    .collect();
                // A move on the middle rank reads the same both ways, so the records
                // stay mirror images and the next turn cannot tell them apart: prefer
                // one off it.
                let on_axis = |m: &Move| m.from / 7 == 3 && m.to / 7 == 3;
                let pick = ranked
                    .iter()
                    .copied()
                    .find(|m| both(m) && !on_axis(m))
                    .or_else(|| ranked.iter().copied().find(|m| both(m)));
                if let Some(m) = pick {
                    let _ = writeln!(
                        log,
                        "boardlab: row order in doubt: playing {} (legal in both \
                         readings) instead of {}",
                        pos.format_move(m),
                        pos.format_move(best)
                    );
                    best = m;
                } else {
                    let _ = writeln!(
                        log,
                        "boardlab: row order in doubt, no move legal in both \
                         readings: trusting {order:?}"
                    );
                }
            }
        }
        if let Some(it) = &result.last {
            let _ = writeln!(
                log,
                "boardlab: turn {}: {} depth {} score {} nodes {} in {} ms",
                self.turns,
                pos.format_move(best),
                it.depth,
                it.score,
                result.nodes,
                result.elapsed_ms
            );
        }
        best
    }

    /// A baseline bundle's stand-in: its bot always has a player ([`run_with`]), so no
    /// engine is compiled and this is never reached; the first legal move keeps it total.
    #[cfg(codingame_baseline)]
    fn search_move(
        &mut self,
        _pos: &Ataxx,
        _alt_pos: Option<&Ataxx>,
        moves: &[Move],
        _budget: u64,
        _order: RowOrder,
        _log: &mut impl Write,
    ) -> Move {
        moves[0]
    }
}

/// The statement's best guess when there is no spawn and no jump: the first empty square
/// (a1, b1, ... g7), which the statement does not call a loss; said on `log`.
fn fallback_move(filled: u64, log: &mut impl Write) -> String {
    let empty = !filled & FULL;
    let (text, what) = if empty == 0 {
        ("a1".to_string(), "no square is empty either; a1 is a guess")
    } else {
        (
            square_name(empty.trailing_zeros() as usize),
            "the first empty square, a guess (no legal move)",
        )
    };
    let _ = writeln!(log, "boardlab: printing {text}: {what}");
    text
}

/// What one line of a turn is, for [`read_turn`].
enum TurnLine {
    Row(String),
    Action(String),
    Number,
    /// Anything else: a damaged line.
    Other,
}

/// The fewest rows before an action line that make it this turn's `lastAction`: more than half
/// the board. With fewer, the action is taken for one left over from the turn before.
const MIN_ROWS: usize = 4;

/// Reads one turn (see the module documentation). The turn ends at its `lastAction` line (or
/// at the count, when lastAction was lost), never at a row count, so a lost, extra or damaged
/// line leaves this turn damaged but never shifts the next one: the rows are the lines just
/// before it. Damaged lines among the rows keep their place (a lost row of known position);
/// extra lines are dropped. The count is not waited for (the bot answers once lastAction is
/// read, so a lost count cannot make it answer a turn late): it is skipped before the next
/// board, with any action lines.
/// Errors: only the end of input or a failed read.
fn read_turn<R: BufRead>(
    lines: &mut Lines<R>,
    log: &mut impl Write,
) -> Result<TurnInput, InputError> {
    // The lines since the last turn ended that may be rows: a row, or `None` for a damaged one.
    let mut entries: Vec<Option<String>> = Vec::new();
    let mut skipped = 0;
    let classify = |line: &str| {
        if is_row(0, line) {
            TurnLine::Row(line.to_string())
        } else if is_action(line) {
            TurnLine::Action(line.to_string())
        } else if is_count(line) {
            TurnLine::Number
        } else {
            TurnLine::Other
        }
    };
    let last_action = loop {
        let line = lines.next_nonempty(log)?;
        match classify(&line) {
            TurnLine::Row(row) => entries.push(Some(row)),
            // Before any row: action lines after the last count (the statement's list).
            TurnLine::Action(_) | TurnLine::Number if entries.iter().all(Option::is_none) => {
                skipped += 1;
                entries.clear();
            }
            // `0000` (a pass, as UAI writes it) among the rows is a row of 0s cut short: taken
            // as lastAction it would end the turn early, and its rest be answered as another turn.
            TurnLine::Action(action) if action != "0000" || entries.len() >= 7 => {
                if entries.len() >= MIN_ROWS {
                    break action;
                }
                // Fewer rows than a damaged turn keeps: the lastAction of the turn before,
                // displaced behind the first rows of this one (the turn before ended at its
                // count). Taken as this turn's, the turn would be answered on those rows and its
                // rest answered again as another turn; dropped with the rows before it, this turn
                // ends at its own lastAction, its first rows lost.
                lines.warn(
                    log,
                    format!(
                        "'{line:.40}' after only {} rows: left over from the turn before",
                        entries.len()
                    ),
                );
                skipped += 1;
                entries.clear();
            }
            // The count right after the rows: lastAction was lost.
            TurnLine::Number if entries.len() >= 7 => {
                lines.warn(log, "no lastAction before actionsCount");
                break String::new();
            }
            // A damaged row (a truncated row can read as a number or as `0000`) keeps its place.
            TurnLine::Action(_) | TurnLine::Number | TurnLine::Other => {
                lines.warn(
                    log,
                    format!("'{line:.40}' is not a board row: a damaged row?"),
                );
                entries.push(None);
            }
        }
    };
    if skipped > 0 {
        let _ = writeln!(
            log,
            "boardlab: skipped {skipped} action lines before the board"
        );
    }
    let count = entries.len();
    if count > 7 {
        // Extra lines: damaged ones first, then one of two equal neighbours (a duplicated row),
        // then the oldest (left over from a damaged turn before).
        while entries.len() > 7 {
            if let Some(i) = entries.iter().position(Option::is_none) {
                entries.remove(i);
            } else if let Some(i) = (1..entries.len()).find(|&i| entries[i] == entries[i - 1]) {
                entries.remove(i);
            } else {
                entries.remove(0);
            }
        }
        lines.warn(
            log,
            format!("{count} lines where the 7 rows belong: extra ones dropped"),
        );
    } else if count < 7 {
        lines.warn(log, format!("only {count} lines where the 7 rows belong"));
    }
    let mut rows = [[b'#'; 7]; 7];
    let mut known = [false; 7];
    for (i, entry) in entries.iter().enumerate() {
        if let Some(row) = entry {
            rows[i].copy_from_slice(row.as_bytes());
            known[i] = true;
        }
    }
    Ok(TurnInput {
        rows,
        known,
        last_action,
    })
}

/// Runs the bot until the input ends. Errors: only failures to write the move.
pub fn run(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> io::Result<()> {
    run_with(input, out, log, config, None)
}

/// Reads the initial input: the id line (lines before it that are neither an id nor a board row
/// are skipped), then the config line unless the next line is already a board row. Returns that
/// row, if so. Errors: only the end of input or a failed read.
fn read_initial<R: BufRead>(
    lines: &mut Lines<R>,
    bot: &mut AtaxxBot,
    log: &mut impl Write,
) -> Result<Option<String>, InputError> {
    loop {
        let line = lines.next_nonempty(log)?;
        match line.as_str() {
            "0" => bot.me = Some(Player::First),
            "1" => bot.me = Some(Player::Second),
            _ if is_row(0, &line) => {
                lines.warn(log, "no id line: the board starts here");
                return Ok(Some(line));
            }
            _ => {
                lines.warn(
                    log,
                    format!("expected the id 0 or 1, got '{line}': skipped"),
                );
                // The config line, when the id line was lost: still read.
                bot.read_config(&line);
                continue;
            }
        }
        break;
    }
    let line = lines.next_nonempty(log)?;
    if is_row(0, &line) {
        let _ = writeln!(log, "boardlab: no config line: '{line}' is the first row");
        Ok(Some(line))
    } else {
        let _ = writeln!(log, "boardlab: config: '{line}'");
        bot.read_config(&line);
        Ok(None)
    }
}

/// Runs the bot with `player` choosing the moves instead of the engine (a baseline, for the
/// arena); input reading, row-order detection and logging are the same.
/// Errors: only failures to write the move.
pub fn run_with(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
    mut player: Option<&mut dyn Agent<Ataxx>>,
) -> io::Result<()> {
    let mut lines = Lines::echoing(input);
    let mut bot = AtaxxBot::new(config);
    match read_initial(&mut lines, &mut bot, log) {
        Ok(Some(row)) => lines.carry(row),
        Ok(None) => {}
        Err(InputError::Eof) => return Ok(()),
        Err(InputError::Io(e)) => {
            let _ = writeln!(log, "boardlab: {e}");
            return Ok(());
        }
    }
    serve_turns(
        &mut lines,
        out,
        log,
        read_turn,
        |turn, clock, log| match player.as_mut() {
            Some(p) => bot.answer(&turn, clock, log, Some(&mut **p)),
            None => bot.answer(&turn, clock, log, None),
        },
    )
}
