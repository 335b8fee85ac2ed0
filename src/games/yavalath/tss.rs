//! Threat-space search: wins for the side to move that follow from forcing moves alone, proven
//! far deeper than the main search's horizon.
//!
//! In Yavalath a *4-threat* (three stones of a four-cell segment, the fourth cell empty) forces
//! the opponent's reply: whatever else it plays, the attacker completes the 4 next move. So once
//! the defender has no win of its own, its only move that does not lose at once is the block,
//! and a line in which every attacking move makes a threat branches only at the attacker's moves.
//! The defender's block may lose on the spot (the cell makes its own 3), or make its own threat,
//! which the attacker must then block with a move that threatens again. The search follows
//! exactly that: the attacker's moves are those that leave it a threat (only the block when the
//! defender threatens), the defender's reply is the single forced one, and a double threat or a
//! forced block that makes the defender's 3 wins. Every win it reports is therefore a proof; a
//! failure proves nothing (the attacker may still win with quiet moves).
//!
//! The idea is Allis' threat-space search (L. V. Allis, H. J. van den Herik, M. P. H. Huntjens,
//! "Go-Moku and Threat-Space Search", 1993), cut down to Yavalath's one-reply threats, searched by
//! iterative deepening on the number of attacking moves with a table of refuted positions.

use super::*;
use crate::game::Game;

/// Refuted positions remembered by hash (a direct-mapped table; a collision only costs a
/// re-search, never a wrong proof, because only failures are stored).
const TABLE_SIZE: usize = 1 << 14;

/// The most attacking moves a proof may take (one win, then blocks and threats in pairs of
/// plies): 25 moves are 49 plies, deeper than any line the board leaves room for in practice.
pub const MAX_ATTACKS: u32 = 25;

/// A threat-space search over one root position.
struct Tss {
    /// `(hash, attacks)`: this position (attacker to move) has no proof within `attacks` moves.
    refuted: Vec<(u64, u32)>,
    nodes: u64,
    max_nodes: u64,
}

/// Searches for a win of the side to move by forcing moves within `max_nodes` positions.
/// Returns the win's length in plies (the longest the defender can make it) with the line in
/// `line` (the attacker's moves and the forced replies, the winning move last), or `None` when
/// no forcing win was found within the budget; `nodes` is increased by the positions visited.
/// With the steal still open (the second ply) there is nothing to force yet: `None`.
pub fn forced_win(
    pos: &Yavalath,
    max_nodes: u64,
    line: &mut Vec<Cell>,
    nodes: &mut u64,
) -> Option<u32> {
    line.clear();
    if pos.outcome().is_some() || pos.steal_open() || pos.plies == 0 {
        return None;
    }
    let mut tss = Tss {
        refuted: vec![(0, 0); TABLE_SIZE],
        nodes: 0,
        max_nodes,
    };
    let mut found = None;
    for attacks in 1..=MAX_ATTACKS {
        line.clear();
        if let Some(plies) = tss.attack(pos, attacks, line) {
            found = Some(plies);
            break;
        }
        if tss.nodes >= tss.max_nodes {
            break;
        }
    }
    *nodes += tss.nodes;
    if found.is_none() {
        line.clear();
    }
    found
}

/// The cells that make a new 4-threat for stones `own` against `theirs`: the empty cells of the
/// four-cell segments holding two of `own` and none of `theirs`.
fn threat_makers(own: u64, theirs: u64) -> u64 {
    let mut cells = 0;
    for &seg in SEGMENTS_4.iter() {
        if seg & theirs == 0 && (seg & own).count_ones() == 2 {
            cells |= seg & !own;
        }
    }
    cells
}

/// The defender's reply that makes a lost line longest, for the line shown: after a double
/// threat, a block that is not its 3 (then the attacker wins on the other cell); after a threat
/// whose block is its 3, any other cell that is not its 3 (then the attacker completes the 4);
/// failing those, any cell.
fn longest_reply(pos: &Yavalath) -> Cell {
    let me = pos.to_move.index();
    let t = pos.threats();
    let empty = pos.empty();
    let attacker_wins = t.wins[1 - me] & empty;
    let safe = empty & !t.suicides[me];
    let choice = if attacker_wins.count_ones() >= 2 && attacker_wins & safe != 0 {
        attacker_wins & safe
    } else if safe & !attacker_wins != 0 {
        safe & !attacker_wins
    } else {
        empty
    };
    choice.trailing_zeros() as Cell
}

impl Tss {
    /// The attacker (the side to move in `pos`) wins with at most `attacks` more moves of its
    /// own, every one a threat: `Some(plies)`, the line appended to `line`.
    fn attack(&mut self, pos: &Yavalath, attacks: u32, line: &mut Vec<Cell>) -> Option<u32> {
        self.nodes += 1;
        let me = pos.to_move.index();
        let them = 1 - me;
        let empty = pos.empty();
        let t = pos.threats();
        let win = t.wins[me] & empty;
        if win != 0 {
            line.push(win.trailing_zeros() as Cell);
            return Some(1);
        }
        let against = t.wins[them] & empty;
        if attacks <= 1 || against.count_ones() >= 2 || self.nodes >= self.max_nodes {
            return None;
        }
        let slot = (pos.hash as usize) & (TABLE_SIZE - 1);
        if self.refuted[slot].0 == pos.hash && self.refuted[slot].1 >= attacks {
            return None;
        }
        let mut candidates = if against != 0 {
            against
        } else {
            threat_makers(pos.stones[me], pos.stones[them])
        };
        candidates &= !t.suicides[me];
        // A double threat, or a threat whose block makes the defender's 3, ends the line.
        let mut decisive = None;
        let mut quiet = 0u64;
        while candidates != 0 {
            let c = candidates.trailing_zeros() as Cell;
            candidates &= candidates - 1;
            let next = pos.after(c);
            let nt = next.threats();
            let next_empty = next.empty();
            let my_wins = nt.wins[me] & next_empty;
            if my_wins == 0 || nt.wins[them] & next_empty != 0 {
                continue; // not a threat, or the defender wins first
            }
            if my_wins.count_ones() >= 2 || my_wins & nt.suicides[them] != 0 {
                decisive = Some(c);
                break;
            }
            quiet |= 1 << c;
        }
        if let Some(c) = decisive {
            line.push(c);
            let next = pos.after(c);
            let reply = longest_reply(&next);
            line.push(reply);
            let after = next.after(reply);
            if after.outcome().is_none() {
                let w = after.threats().wins[me] & after.empty();
                line.push(w.trailing_zeros() as Cell);
            }
            return Some(3);
        }
        let mark = line.len();
        while quiet != 0 {
            let c = quiet.trailing_zeros() as Cell;
            quiet &= quiet - 1;
            let next = pos.after(c);
            let block = (next.threats().wins[me] & next.empty()).trailing_zeros() as Cell;
            let reply = next.after(block);
            line.truncate(mark);
            line.push(c);
            line.push(block);
            if let Some(k) = self.attack(&reply, attacks - 1, line) {
                return Some(k + 2);
            }
            if self.nodes >= self.max_nodes {
                line.truncate(mark);
                return None;
            }
        }
        line.truncate(mark);
        self.refuted[slot] = (pos.hash, attacks);
        None
    }
}
