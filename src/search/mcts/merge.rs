//! The root moves as one or more trees searched from the same root saw them together (root
//! parallelism: each thread grows its own tree, and the visit counts are merged at the root to
//! choose the move and to report; Chaslot, Winands and van den Herik, "Parallel Monte-Carlo Tree
//! Search", 2008). With one tree this is just its root children.

use super::tree::{best_of, Node, UNPROVEN};

/// One root move as every tree saw it: `node`'s visits and rewards summed over the trees that
/// have the move, its prior the first tree's, a proven result from whichever tree proved one
/// (proofs are exact); its line and replies are read in tree `source` at node `index` (of the
/// trees that can be read, the one that visited the move most).
#[derive(Clone, Copy, Debug)]
pub struct RootMove<M> {
    pub node: Node<M>,
    pub source: usize,
    pub index: u32,
}

/// The root children of one tree: the slice and the index of its first node in that tree.
pub type RootChildren<'a, M> = (&'a [Node<M>], u32);

/// Merges the root children of trees `0, 1, ...` (`roots[t]`): every move of `roots[0]`, in its
/// order. Only the trees numbered below `readable` can be read for lines (the others are copies
/// of a running thread's root children). A tree's children are usually in the first tree's
/// order (the same selection, scored alike); when not, the move is looked for among them.
pub fn merge<M: Copy + Eq>(roots: &[RootChildren<'_, M>], readable: usize) -> Vec<RootMove<M>> {
    let Some(&(main, first)) = roots.first() else {
        return Vec::new();
    };
    main.iter()
        .enumerate()
        .map(|(k, n)| {
            let mut merged = RootMove {
                node: *n,
                source: 0,
                index: first + k as u32,
            };
            let mut most = n.visits;
            for (t, &(children, first)) in roots.iter().enumerate().skip(1) {
                let same = |c: &Node<M>| c.mv == n.mv;
                let Some(j) = children
                    .get(k)
                    .filter(|c| same(c))
                    .map(|_| k)
                    .or_else(|| children.iter().position(same))
                else {
                    continue;
                };
                let c = &children[j];
                merged.node.visits = merged.node.visits.saturating_add(c.visits);
                merged.node.reward += c.reward;
                if merged.node.proven == UNPROVEN {
                    merged.node.proven = c.proven;
                }
                if t < readable && c.visits > most {
                    most = c.visits;
                    merged.source = t;
                    merged.index = first + j as u32;
                }
            }
            merged
        })
        .collect()
}

/// The index in `moves` of the move to play (as [`super::tree::Tree::best_child`] chooses
/// among one tree's children), `None` when there is none.
pub fn best<M: Copy>(moves: &[RootMove<M>], prior_visits: f64) -> Option<usize> {
    best_of(moves.iter().map(|m| &m.node), prior_visits)
}
