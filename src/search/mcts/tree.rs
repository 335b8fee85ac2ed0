//! The MCTS tree: every node in one arena allocated up front, the children of a node side by side
//! (so a node names them by its first child's index and their count), and the solver's rules for
//! proven results.
//!
//! Values are winning chances in 0..1. A node's `reward` is summed for the player who played its
//! move (the side to move at its parent), which is the player choosing between it and its
//! siblings. Proven results are internal scores ([`crate::game::score`]) from the side to move
//! *at the node*, counted in plies from it.

use crate::game::score;

/// `Node::proven` of a node whose result is not known.
pub const UNPROVEN: i32 = i32::MIN;

/// One position of the tree, reached by `mv` from its parent.
#[derive(Clone, Copy, Debug)]
pub struct Node<M> {
    /// Sum of the playout rewards (0..1) for the player who played `mv`.
    pub reward: f64,
    /// Index of the first child; meaningless while `n_children` is 0.
    pub first_child: u32,
    /// Playouts that went through this node.
    pub visits: u32,
    /// The static evaluation's winning chance for the player who played `mv` (0..1).
    pub prior: f32,
    /// The proven result from the side to move here ([`UNPROVEN`] if none): `score::win_in(n)`,
    /// `score::loss_in(n)`, or 0 for a draw.
    pub proven: i32,
    /// Children generated so far (0: a leaf). All of a node's children are generated at once.
    pub n_children: u16,
    /// The move from the parent (the root's is `M::default()` and means nothing).
    pub mv: M,
}

impl<M> Node<M> {
    /// The node's value for the player who played its move: the mean reward with the prior
    /// counted as `prior_visits` playouts (the prior alone before the first visit), or the
    /// proven result exactly.
    pub fn value(&self, prior_visits: f64) -> f64 {
        if self.proven != UNPROVEN {
            return 1.0 - proven_reward(self.proven);
        }
        let n = self.visits as f64 + prior_visits;
        if n <= 0.0 {
            self.prior as f64
        } else {
            (self.reward + self.prior as f64 * prior_visits) / n
        }
    }

    /// The proven result for the player who played the move ([`UNPROVEN`] if none).
    pub fn proven_for_mover(&self) -> i32 {
        if self.proven == UNPROVEN {
            UNPROVEN
        } else {
            for_parent(self.proven)
        }
    }
}

/// The reward (0..1) of a proven result for the side it is counted from: 1 a win, 0 a loss,
/// 0.5 a draw.
pub fn proven_reward(proven: i32) -> f64 {
    if proven >= score::PROVEN {
        1.0
    } else if proven <= -score::PROVEN {
        0.0
    } else {
        0.5
    }
}

/// A proven result of a child, seen from its parent: the other side's view, one ply further.
pub fn for_parent(child: i32) -> i32 {
    match child.signum() {
        1 => -child + 1,
        -1 => -child - 1,
        _ => 0,
    }
}

/// A child about to be added: its move, prior (0..1 for the player making the move) and proven
/// result from the child's side to move ([`UNPROVEN`] if none).
#[derive(Clone, Copy, Debug)]
pub struct NewChild<M> {
    pub mv: M,
    pub prior: f32,
    pub proven: i32,
}

/// The node arena. Indices are `u32`; the root is 0.
pub struct Tree<M> {
    nodes: Vec<Node<M>>,
    capacity: usize,
}

impl<M: Copy + Default> Tree<M> {
    /// A tree of at most `capacity` nodes (at least 2), with the memory taken now.
    pub fn with_capacity(capacity: usize) -> Self {
        let capacity = capacity.max(2);
        let mut tree = Tree {
            nodes: Vec::with_capacity(capacity),
            capacity,
        };
        tree.reset();
        tree
    }

    /// Forgets everything but a fresh root.
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node {
            reward: 0.0,
            first_child: 0,
            visits: 0,
            prior: 0.5,
            proven: UNPROVEN,
            n_children: 0,
            mv: M::default(),
        });
    }

    /// Nodes in the tree, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The most nodes the tree may hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn node(&self, i: u32) -> &Node<M> {
        &self.nodes[i as usize]
    }

    pub fn node_mut(&mut self, i: u32) -> &mut Node<M> {
        &mut self.nodes[i as usize]
    }

    /// The indices of `i`'s children, in their order (best static evaluation first).
    pub fn children(&self, i: u32) -> std::ops::Range<u32> {
        let n = &self.nodes[i as usize];
        n.first_child..n.first_child + n.n_children as u32
    }

    /// Gives the leaf `parent` its children. Returns false, changing nothing, when they do not
    /// fit in the arena (or there are more than a node can count).
    pub fn add_children(&mut self, parent: u32, children: &[NewChild<M>]) -> bool {
        if self.nodes.len() + children.len() > self.capacity || children.len() > u16::MAX as usize {
            return false;
        }
        let first = self.nodes.len() as u32;
        self.nodes.extend(children.iter().map(|c| Node {
            reward: 0.0,
            first_child: 0,
            visits: 0,
            prior: c.prior,
            proven: c.proven,
            n_children: 0,
            mv: c.mv,
        }));
        let p = &mut self.nodes[parent as usize];
        p.first_child = first;
        p.n_children = children.len() as u16;
        true
    }

    /// Makes the subtree under `n` the whole tree, its root at index 0 and its nodes in
    /// breadth-first order from there, keeping at most `max_nodes` nodes (at least the root):
    /// a node whose children no longer fit becomes a leaf again, with its visits and rewards,
    /// to be expanded anew. The cap bounds the time the copy takes (the search's clock does not
    /// run during it): after a long first turn the kept subtree can hold millions of nodes, and
    /// copying them, into a scratch buffer whose pages are touched for the first time, took
    /// 30 ms on a loaded machine. `scratch` holds the copy on the way.
    pub fn keep_subtree(&mut self, n: u32, scratch: &mut Vec<Node<M>>, max_nodes: usize) {
        scratch.clear();
        let mut root = self.nodes[n as usize];
        root.mv = M::default();
        scratch.push(root);
        let mut i = 0;
        while i < scratch.len() {
            let node = scratch[i];
            if node.n_children > 0 && scratch.len() + node.n_children as usize > max_nodes {
                scratch[i].n_children = 0;
            } else if node.n_children > 0 {
                let first = scratch.len() as u32;
                let old = node.first_child as usize;
                scratch.extend_from_slice(&self.nodes[old..old + node.n_children as usize]);
                scratch[i].first_child = first;
            }
            i += 1;
        }
        self.nodes.clear();
        self.nodes.extend_from_slice(scratch);
    }

    /// The solver: proves `i` from its children when one of them is a proven win for the side
    /// to move at `i`, or when every child is proven (then `i` takes the best of them). Returns
    /// whether `i` is now proven.
    pub fn try_prove(&mut self, i: u32) -> bool {
        let range = self.children(i);
        if range.is_empty() {
            return false;
        }
        let mut best = UNPROVEN;
        let mut all = true;
        for c in range {
            let p = self.nodes[c as usize].proven_for_mover();
            if p == UNPROVEN {
                all = false;
            } else {
                best = best.max(p);
            }
        }
        if best >= score::PROVEN || all {
            self.nodes[i as usize].proven = best;
            true
        } else {
            false
        }
    }

    /// Adds a playout's `reward` (0..1, for the side to move at the path's last node) to every
    /// node of `path` (from the root down), each counting it for the player who moved into it,
    /// with a visit each when `count_visits` (tree parallelism counts the visits on the way
    /// down, as its virtual loss); then moves proven results up the path (MCTS-Solver).
    pub fn back_up(&mut self, path: &[u32], reward: f64, count_visits: bool) {
        // The last node's mover is the other side from the one the reward is for.
        let mut r = 1.0 - reward;
        for &i in path.iter().rev() {
            let n = self.node_mut(i);
            n.visits += u32::from(count_visits);
            n.reward += r;
            r = 1.0 - r;
        }
        for k in (1..path.len()).rev() {
            if self.node(path[k]).proven == UNPROVEN
                || self.node(path[k - 1]).proven != UNPROVEN
                || !self.try_prove(path[k - 1])
            {
                break;
            }
        }
    }

    /// `i`'s children, side by side in the arena (none for a leaf, whose `first_child` means
    /// nothing and may point past the arena's end after [`Tree::keep_subtree`]).
    pub fn child_nodes(&self, i: u32) -> &[Node<M>] {
        let r = self.children(i);
        if r.is_empty() {
            return &[];
        }
        &self.nodes[r.start as usize..r.end as usize]
    }

    /// The child to play from `i` ([`choice_rank`]'s best), `None` for a leaf.
    pub fn best_child(&self, i: u32, prior_visits: f64) -> Option<u32> {
        let first = self.nodes[i as usize].first_child;
        best_of(self.child_nodes(i).iter(), prior_visits).map(|k| first + k as u32)
    }

    /// Appends the line of best children from `i` (not including `i`'s own move) to `out`, at
    /// most `max` moves, stopping at a node no playout has visited.
    pub fn line_from(&self, mut i: u32, prior_visits: f64, max: usize, out: &mut Vec<M>) {
        for _ in 0..max {
            let Some(c) = self.best_child(i, prior_visits) else {
                return;
            };
            let n = &self.nodes[c as usize];
            if n.visits == 0 && n.proven == UNPROVEN {
                return;
            }
            out.push(n.mv);
            i = c;
        }
    }
}

/// How the player choosing among siblings ranks one to play (greater is better): a proven win
/// (the shortest first), then unproven and drawn moves by visits and value, then proven losses
/// (the longest first).
pub fn choice_rank<M>(n: &Node<M>, prior_visits: f64) -> (i32, u32, f64) {
    let proven = n.proven_for_mover();
    let class = if proven >= score::PROVEN {
        proven
    } else if proven != UNPROVEN && proven <= -score::PROVEN {
        -score::WIN * 2 + (proven + score::WIN)
    } else {
        -score::WIN
    };
    (class, n.visits, n.value(prior_visits))
}

/// The position among `nodes` of the one to play by [`choice_rank`] (the first of equals),
/// `None` when there are none.
pub fn best_of<'a, M: 'a>(
    nodes: impl Iterator<Item = &'a Node<M>>,
    prior_visits: f64,
) -> Option<usize> {
    let mut best: Option<(usize, (i32, u32, f64))> = None;
    for (k, n) in nodes.enumerate() {
        let key = choice_rank(n, prior_visits);
        let better = match &best {
            None => true,
            Some((_, b)) => {
                key.0 > b.0 || (key.0 == b.0 && (key.1 > b.1 || (key.1 == b.1 && key.2 > b.2)))
            }
        };
        if better {
            best = Some((k, key));
        }
    }
    best.map(|(k, _)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node cut off by `keep_subtree` becomes a leaf whose `first_child` points past the
    /// arena: it must read as having no children (reports walk lines into such leaves).
    #[test]
    fn a_leaf_cut_off_by_keep_subtree_has_no_children() {
        let mut tree: Tree<u8> = Tree::with_capacity(64);
        let child = |mv| NewChild {
            mv,
            prior: 0.5,
            proven: UNPROVEN,
        };
        assert!(tree.add_children(0, &[child(1), child(2)]));
        assert!(tree.add_children(1, &[child(3), child(4), child(5)]));
        assert!(tree.add_children(3, &[child(6), child(7), child(8)]));
        let mut scratch = Vec::new();
        // Node 1 and its three children fit in 4 nodes; their children do not.
        tree.keep_subtree(1, &mut scratch, 4);
        assert_eq!(tree.len(), 4);
        let leaf = tree.children(0).next().unwrap();
        assert_eq!(tree.node(leaf).mv, 3);
        assert!(
            tree.node(leaf).first_child as usize >= tree.len(),
            "a stale index"
        );
        assert!(tree.child_nodes(leaf).is_empty());
        assert_eq!(tree.best_child(leaf, 4.0), None);
    }
}
