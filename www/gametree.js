// The game as a tree of moves, as analysis boards keep it (Lichess is the model): the main line
// and, under any of its moves, variations (other moves tried from the same position), which
// may have variations of their own. A node is one move: {move (its name in the engine's
// notation), ms (the engine's wall time, or null for a person's move), stats (the engine's
// search figures, or null), parent (the node before it; the root for the first move), children
// (the moves tried after it; children[0] continues this line, the others are variations)}.
// The root stands for the starting position: {move: null, parent: null, children}.
//
// Pure data, no DOM and no rules: whether a move is legal is the engine's to say (app.js asks
// describe() before adding anything here).

/** An empty game: the root of a tree with no move yet. */
export function createTree() {
  return { move: null, ms: null, stats: null, parent: null, children: [] };
}

/** Adds the move `{move, ms, stats}` after `parent` as its last child (a variation, unless it is the first). */
export function addChild(parent, { move, ms = null, stats = null }) {
  const node = { move, ms, stats, parent, children: [] };
  parent.children.push(node);
  return node;
}

/** The child of `parent` playing `move`, or null. */
export function childWithMove(parent, move) {
  return parent.children.find((c) => c.move === move) ?? null;
}

/** The nodes from the first move down to `node` (empty for the root). */
export function pathTo(node) {
  const path = [];
  for (let n = node; n.parent !== null; n = n.parent) path.unshift(n);
  return path;
}

/** The line that goes on after `node`: its first child, that one's first child, and so on. */
export function continuation(node) {
  const line = [];
  for (let n = node.children[0]; n; n = n.children[0]) line.push(n);
  return line;
}

/** The main line: the first child of every node from the root. */
export function mainLine(root) {
  return continuation(root);
}

/** Is `node` on the main line (the root counts)? */
export function onMainLine(node) {
  for (let n = node; n.parent !== null; n = n.parent) {
    if (n.parent.children[0] !== n) return false;
  }
  return true;
}

/** How many of the nodes of `path` (from the first move) lie on the main line before it leaves it. */
export function mainPlyOf(path) {
  let ply = 0;
  while (ply < path.length && path[ply].parent.children[0] === path[ply]) ply += 1;
  return ply;
}

/**
 * Makes the line through `node` the main line: at every node above it, the child on the way
 * to `node` becomes the first (the line it replaces stays, as a variation).
 */
export function promote(node) {
  for (let n = node; n.parent !== null; n = n.parent) {
    const siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    siblings.unshift(n);
  }
}

/**
 * Removes `node` and everything after it from the tree (the move and its continuations).
 * Returns its parent.
 */
export function removeSubtree(node) {
  const parent = node.parent;
  parent.children.splice(parent.children.indexOf(node), 1);
  return parent;
}

/**
 * The first node of the variation `node` lies in: the nearest node from `node` upwards that is
 * not its parent's first child; null on the main line.
 */
export function variationStart(node) {
  for (let n = node; n.parent !== null; n = n.parent) {
    if (n.parent.children[0] !== n) return n;
  }
  return null;
}

/** Every line of the tree as move names from the start, the main line first (a leaf ends each). */
export function allLines(root) {
  const lines = [];
  const walk = (node, prefix) => {
    if (node.children.length === 0) {
      if (prefix.length > 0) lines.push(prefix);
      return;
    }
    for (const child of node.children) walk(child, [...prefix, child.move]);
  };
  walk(root, []);
  return lines;
}

/**
 * Adds the line `moves` (names from the start) to the tree rooted at `root`, sharing the moves
 * it has in common with lines already there. Returns the last node of the line.
 */
export function insertLine(root, moves) {
  let node = root;
  for (const move of moves) node = childWithMove(node, move) ?? addChild(node, { move });
  return node;
}

/**
 * Puts the move `{move, ms, stats}` in the place of `old` (same parent, same rank: the main line
 * stays the main line), dropping `old` and everything after it. Returns the new node.
 */
export function replaceChild(old, move) {
  const siblings = old.parent.children;
  const index = siblings.indexOf(old);
  const node = addChild(old.parent, move);
  siblings.pop();
  siblings.splice(index, 1, node);
  return node;
}

/**
 * Moves `node` into the place of its sibling `other` (the rank in the parent's children), and
 * drops `other` and everything after it: "replace the rest of the line by this move".
 */
export function takePlaceOf(node, other) {
  const siblings = node.parent.children;
  siblings.splice(siblings.indexOf(node), 1);
  siblings.splice(siblings.indexOf(other), 1, node);
}

/** The node reached by playing `moves` (names from the start) in the tree, or null if it has no such line. */
export function nodeOf(root, moves) {
  let node = root;
  for (const move of moves) {
    node = childWithMove(node, move);
    if (node === null) return null;
  }
  return node;
}
