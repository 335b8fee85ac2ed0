//! `boardlab bot ataxx`: the CodinGame Ataxx protocol (statement seed 004, `shared/rules.md` §4).
//!
//! The statement leaves the input partly open, so the reader is tolerant:
//! - Initial input: `id` (0 or 1), then a `config` line. Lines before the id that are neither an
//!   id nor a board row are skipped; a line after the id that looks like a board row is taken as
//!   the first row (no config line).
//! - Each turn: seven rows of `.`, `0`, `1`, `#`; `lastAction` (`null` on the first turn);
//!   `actionsCount`. Action lines after the count are never waited for: the bot answers at once,
//!   and action lines met before the next board are skipped (and logged).
//! - Resynchronisation: the board is the seven rows, `lastAction` the line after them. A stray
//!   line among the rows is skipped without shifting the board; a row that was lost or damaged
//!   is read as walls (so no move is chosen on it), and then the bot's own record of the game
//!   plus `lastAction`, when it fits the rows that were read, gives the whole board.
//! - Row order: the statement says "bottom to top" but no public referee settles it, and a
//!   board read upside down is a legal-looking board, so the bot decides from evidence and keeps
//!   doubt until it is settled:
//!   1. Walls never move: when the config line is a FEN, only the orders whose walls match it
//!      are possible.
//!   2. The bot keeps its record of the game under each order still possible. An order is
//!      confirmed when some legal opponent move on that record gives this board and none does on
//!      the other (lastAction is not needed, so an unreadable one, or one naming the bot's own
//!      stone, proves nothing and flips nothing). Once confirmed, the order stays.
//!   3. While unconfirmed, the preferred reading is the one where `lastAction` fits the board
//!      (target holds an enemy stone, a jump's origin is empty) unless the other reading shows
//!      the bot's own stone there (then the action is damaged in one reading or the other), else the one used before, else
//!      the one where each side's stones stand nearer its starting corners (player 0 starts on
//!      a7 and g1), which holds for the standard start and early mid-game boards. The bot then
//!      plays, when one exists, the best move that is legal under both readings, so the answer
//!      is legal whichever is true, and the next turn confirms one.
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
use crate::games::ataxx::{parse_square, square_name, Ataxx, Move, Rules, FULL};
use crate::play::Agent;
use crate::protocol::{serve_turns, BotConfig, InputError, Lines, TurnClock};
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
    /// `actionsCount`, if it was a number.
    pub actions_count: Option<u32>,
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

/// The row order decided for one turn, with the records continued to its board.
struct OrderChoice {
    order: RowOrder,
    /// Proven (or the only possible one, or the board reads the same both ways).
    confirmed: bool,
    /// The other order, while it is still possible.
    alt: Option<RowOrder>,
    /// The record under `order` plus an opponent move, when that gives this board.
    continued: Option<Ataxx>,
    /// The record under `alt` plus an opponent move, when that gives this board.
    continued_alt: Option<Ataxx>,
}

/// The bot's memory between turns.
pub struct AtaxxBot {
    me: Option<Player>,
    order: Option<RowOrder>,
    /// Whether `order` was proven by the record (see the module documentation); while it is
    /// not, the bot answers moves legal under both readings when it can.
    confirmed: bool,
    /// The walls of the config line's FEN, when it was one: walls never move, so they tell the
    /// row order on an asymmetric layout.
    config_walls: Option<u64>,
    /// The position after the bot's own last move, with the game's history, read in `order`.
    tracked: Option<Ataxx>,
    /// The same record read in the other order, kept while the order is unconfirmed.
    tracked_alt: Option<Ataxx>,
    turns: u32,
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
            confirmed: false,
            config_walls: None,
            tracked: None,
            tracked_alt: None,
            turns: 0,
            searcher: Searcher::new(config.tt_mib),
            config,
        }
    }

    /// The record kept for reading `order`, if any.
    fn record_for(&self, order: RowOrder) -> Option<&Ataxx> {
        if self.order == Some(order) {
            self.tracked.as_ref()
        } else if self.order.is_some() && !self.confirmed {
            self.tracked_alt.as_ref()
        } else {
            None
        }
    }

    /// The position some legal opponent move on `record` leads to, with `me` to move, that shows
    /// this turn's board under `order` (the move `lastAction` names first, when it fits). A
    /// record that BoardLab's draw rules have ended loses its history first (the referee asked
    /// for a move, so the game goes on).
    fn continue_record(
        record: &Ataxx,
        turn: &TurnInput,
        order: RowOrder,
        me: Player,
    ) -> Option<Ataxx> {
        let base = if drawn_by_rule(record) {
            without_history(record)
        } else {
            record.clone()
        };
        if base.to_move() == me {
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
        if let Ok(m) = base.parse_move(action) {
            let mut moves = Vec::new();
            base.legal_moves(&mut moves);
            if moves.contains(&m) {
                let next = base.after(m);
                if matches(&next) {
                    return Some(next);
                }
            }
        }
        let mut moves = Vec::new();
        base.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| base.after(m))
            .find(|p| matches(p))
    }

    /// Decides the row order of this turn's rows (see the module documentation). Returns the
    /// order, whether it is confirmed, the other order when it is still possible, and the
    /// record continued to this board under each of the two, when one leads here.
    fn decide_order(&self, turn: &TurnInput, me: Player, log: &mut impl Write) -> OrderChoice {
        let orders = [RowOrder::TopFirst, RowOrder::BottomFirst];
        let them = me.opponent();
        let boards = orders.map(|o| board_of(&turn.rows, o));
        let complete = turn.known.iter().all(|&k| k);
        // Walls never move: the config's FEN rules out the orders whose walls differ (a lost row
        // reads as walls, so only a complete board is compared).
        let mut possible: Vec<RowOrder> = orders
            .iter()
            .zip(boards.iter())
            .filter(|(_, b)| !complete || self.config_walls.is_none_or(|w| b.2 == w))
            .map(|(o, _)| *o)
            .collect();
        if possible.is_empty() {
            possible = orders.to_vec();
        }
        // A board that reads the same both ways needs no decision.
        let symmetric = boards[0] == boards[1];
        let other = |o: RowOrder| match o {
            RowOrder::TopFirst => RowOrder::BottomFirst,
            RowOrder::BottomFirst => RowOrder::TopFirst,
        };
        let choice = |order: RowOrder, confirmed: bool, this: &Self| {
            let alt = (!confirmed && !symmetric && possible.contains(&other(order)))
                .then(|| other(order));
            OrderChoice {
                order,
                confirmed: confirmed || alt.is_none(),
                alt,
                continued: this
                    .record_for(order)
                    .and_then(|r| Self::continue_record(r, turn, order, me)),
                continued_alt: alt.and_then(|a| {
                    this.record_for(a)
                        .and_then(|r| Self::continue_record(r, turn, a, me))
                }),
            }
        };
        // 1. Our record of the game plus some opponent move gives the board.
        let fits: Vec<RowOrder> = possible
            .iter()
            .copied()
            .filter(|&o| {
                self.record_for(o)
                    .and_then(|r| Self::continue_record(r, turn, o, me))
                    .is_some()
            })
            .collect();
        if fits.len() == 1 {
            if !self.confirmed && !symmetric {
                let _ = writeln!(
                    log,
                    "boardlab: row order {:?} confirmed by my record",
                    fits[0]
                );
            }
            return choice(fits[0], true, self);
        }
        if possible.len() == 1 {
            return choice(possible[0], true, self);
        }
        // 2. A confirmed order stays: a board that differs from the record is damage or a
        // referee's correction, not a flipped board.
        if let Some(o) = self.order.filter(|_| self.confirmed) {
            return choice(o, true, self);
        }
        if fits.len() == 2 {
            return choice(self.order.unwrap_or(RowOrder::BottomFirst), false, self);
        }
        // 3. The opponent's move fits the board.
        let action = turn.last_action.split_whitespace().next().unwrap_or("");
        let target = |b: &(u64, u64, u64)| -> bool {
            let (p0, p1, walls) = *b;
            let theirs = if them == Player::First { p0 } else { p1 };
            match action.len() {
                2 => parse_square(action).is_some_and(|s| theirs >> s & 1 == 1),
                4 if action.is_char_boundary(2) => {
                    match (parse_square(&action[..2]), parse_square(&action[2..])) {
                        (Some(f), Some(t)) => {
                            theirs >> t & 1 == 1 && (p0 | p1 | walls) >> f & 1 == 0
                        }
                        _ => false,
                    }
                }
                _ => false,
            }
        };
        // An action whose target holds the bot's own stone in the other reading is damaged in
        // one of the two readings, and which one is unknown: it proves nothing.
        let names_mine = |b: &(u64, u64, u64)| -> bool {
            let mine = if me == Player::First { b.0 } else { b.1 };
            let to = if action.len() == 4 && action.is_char_boundary(2) {
                &action[2..]
            } else {
                action
            };
            parse_square(to).is_some_and(|s| mine >> s & 1 == 1)
        };
        let fits: Vec<usize> = (0..2).filter(|&i| target(&boards[i])).collect();
        if fits.len() == 1 && !names_mine(&boards[1 - fits[0]]) {
            return choice(orders[fits[0]], false, self);
        }
        // 4. What we used before.
        if let Some(o) = self.order {
            return choice(o, false, self);
        }
        // 5. Each side nearer its starting corners.
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
        let order = match top.cmp(&bottom) {
            std::cmp::Ordering::Less => RowOrder::TopFirst,
            std::cmp::Ordering::Greater => RowOrder::BottomFirst,
            std::cmp::Ordering::Equal => RowOrder::BottomFirst,
        };
        let _ = writeln!(
            log,
            "boardlab: row order {order:?} (stones nearer their starting corners: {top} vs {bottom} \
             top-first vs bottom-first); unconfirmed"
        );
        choice(order, false, self)
    }

    /// Whether `pos` came from the record (it equals the record plus an opponent move).
    fn confirmed_by_record(&self, pos: &Ataxx, turn: &TurnInput, order: RowOrder) -> bool {
        self.record_for(order)
            .and_then(|r| Self::continue_record(r, turn, order, pos.to_move()))
            .is_some_and(|p| p.hash() == pos.hash())
    }

    /// This turn's position under `order`: the record continued to it when it leads here
    /// (keeping the game's history), else the board as read, at a ply estimated from the turn
    /// count. `None`: the rows do not make a board (said on `log`).
    fn position(
        &self,
        turn: &TurnInput,
        order: RowOrder,
        continued: Option<Ataxx>,
        me: Player,
        log: &mut impl Write,
    ) -> Option<Ataxx> {
        let complete = turn.known.iter().all(|&k| k);
        if let Some(p) = continued {
            if !complete {
                let _ = writeln!(
                    log,
                    "boardlab: rows were lost; my record plus an opponent move gives the board"
                );
            }
            return Some(p);
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
                Some(p)
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
        player: Option<&mut (dyn Agent<Ataxx> + '_)>,
    ) -> String {
        let me = self.me.unwrap_or_else(|| {
            // No id line: guess from the first turn (null last action = we move first).
            if turn.last_action == "null" {
                Player::First
            } else {
                Player::Second
            }
        });
        let choice = self.decide_order(turn, me, log);
        let order = choice.order;
        if self.order.is_some_and(|o| o != order) {
            let _ = writeln!(log, "boardlab: row order changed to {order:?}");
        }
        self.order = Some(order);
        self.confirmed = choice.confirmed;
        let (p0, p1, walls) = board_of(&turn.rows, order);
        let complete = turn.known.iter().all(|&k| k);
        // A board rebuilt with lost rows as walls is a guess: it is not kept as the record.
        let guessed = !complete && choice.continued.is_none();
        let had_record = self.tracked.is_some();
        let mut pos = match self.position(turn, order, choice.continued, me, log) {
            Some(p) => p,
            None => {
                self.tracked = None;
                self.tracked_alt = None;
                return fallback_move(p0 | p1 | walls, log);
            }
        };
        let mut alt = choice.alt;
        if complete && had_record && !self.confirmed_by_record(&pos, turn, order) {
            let _ = writeln!(
                log,
                "boardlab: board differs from my record: the board wins"
            );
            // The record that confirmed the order was wrong somewhere (damage, or a referee's
            // correction), so the confirmation may have been too: doubt the order again while
            // the other reading is possible, and let the next turn's records decide.
            let flipped = match order {
                RowOrder::TopFirst => RowOrder::BottomFirst,
                RowOrder::BottomFirst => RowOrder::TopFirst,
            };
            let other_board = board_of(&turn.rows, flipped);
            let possible = other_board != (p0, p1, walls)
                && self.config_walls.is_none_or(|w| other_board.2 == w);
            if self.confirmed && possible {
                let _ = writeln!(log, "boardlab: row order in doubt again");
                self.confirmed = false;
                alt = Some(flipped);
            }
        }
        // The other reading, while the order is in doubt: the answer should be legal there too.
        let mut alt_pos = alt.and_then(|a| {
            let continued = (alt == choice.alt)
                .then_some(choice.continued_alt)
                .flatten();
            self.position(turn, a, continued, me, &mut io::sink())
                .map(|p| {
                    if drawn_by_rule(&p) {
                        without_history(&p)
                    } else {
                        p
                    }
                })
        });
        self.turns += 1;
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
            let next = moves.first().map_or_else(|| pos.clone(), |&m| pos.after(m));
            self.tracked = (!guessed).then_some(next);
            self.tracked_alt = None;
            return fallback_move(p0 | p1 | walls, log);
        }
        let budget = if self.turns == 1 {
            self.config.first_turn_ms
        } else {
            self.config.turn_ms
        };
        let budget = clock.budget_ms(budget).max(5);
        let best = match player {
            Some(agent) => agent.choose(&pos, budget),
            None => {
                let limits = Limits {
                    max_nodes: self.config.max_nodes,
                    // Ranks every root move, so the best one legal in both readings is known.
                    exact_root_scores: alt_pos.is_some(),
                    ..Limits::time(budget)
                };
                let result = self.searcher.search(&pos, limits, |_| {});
                let mut best = result.best.unwrap_or(moves[0]);
                if let Some(alt) = &alt_pos {
                    let mut alt_moves = Vec::new();
                    alt.legal_moves(&mut alt_moves);
                    let both =
                        |m: &Move| !m.is_pass() && moves.contains(m) && alt_moves.contains(m);
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
                                "boardlab: row order in doubt and no move is legal in both \
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
        };
        let text = pos.format_move(best);
        pos.play(best);
        self.tracked = (!guessed).then_some(pos);
        self.tracked_alt = alt_pos.as_mut().and_then(|alt| {
            let mut alt_moves = Vec::new();
            alt.legal_moves(&mut alt_moves);
            alt_moves.contains(&best).then(|| alt.after(best))
        });
        text
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
            "the first empty square, a guess (no legal move exists)",
        )
    };
    let _ = writeln!(log, "boardlab: printing {text}: {what}");
    text
}

/// Reads one turn; `pending` is a row already read (after the id, when there was no config).
/// Resynchronises on the turn's structure (see the module documentation).
/// Errors: only the end of input or a failed read.
fn read_turn<R: BufRead>(
    lines: &mut Lines<R>,
    log: &mut impl Write,
    pending: Option<String>,
) -> Result<TurnInput, InputError> {
    // Lines skipped since the last action line: they may be a damaged first row.
    let mut noise = 0;
    let mut action_lines = 0;
    let first_row = match pending {
        Some(row) => row,
        None => loop {
            let line = lines.next_nonempty(log)?;
            if is_row(0, &line) {
                if action_lines > 0 {
                    let _ = writeln!(
                        log,
                        "boardlab: skipped {action_lines} action lines after actionsCount"
                    );
                }
                break line;
            }
            if is_action(&line) || line.parse::<i64>().is_ok() {
                action_lines += 1;
                noise = 0;
            } else {
                lines.warn(log, format!("skipped '{line}': not a board row"));
                noise += 1;
            }
        },
    };
    let mut board = lines.read_rows(log, 7, Some(first_row), noise, is_row, is_action)?;
    let mut rows = [[b'#'; 7]; 7];
    let mut known = [false; 7];
    for (i, row) in board.rows.iter().enumerate() {
        if let Some(row) = row {
            rows[i].copy_from_slice(row.as_bytes());
            known[i] = true;
        }
    }
    let last_action = board.next_field(lines, log)?;
    if !is_action(&last_action) {
        lines.warn(log, format!("expected lastAction, got '{last_action}'"));
    }
    let count_line = lines.next_nonempty(log)?;
    let actions_count = count_line.parse::<u32>().ok();
    if actions_count.is_none() {
        lines.warn(log, format!("actionsCount '{count_line}' is not a number"));
    }
    Ok(TurnInput {
        rows,
        known,
        last_action,
        actions_count,
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
        // A FEN config tells the walls, which never move (see the row order notes).
        bot.config_walls = Ataxx::from_fen(&line).ok().map(|p| p.walls());
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
    let mut pending = match read_initial(&mut lines, &mut bot, log) {
        Ok(row) => row,
        Err(InputError::Eof) => return Ok(()),
        Err(InputError::Io(e)) => {
            let _ = writeln!(log, "boardlab: {e}");
            return Ok(());
        }
    };
    serve_turns(
        &mut lines,
        out,
        log,
        |lines, log| read_turn(lines, log, pending.take()),
        |turn, clock, log| match player.as_mut() {
            Some(p) => bot.answer(&turn, clock, log, Some(&mut **p)),
            None => bot.answer(&turn, clock, log, None),
        },
    )
}
