// The wasm engine searches the same trees as the native one: for every game, the bench's
// positions to a small depth take exactly as many nodes in wasm (both builds, on one thread) as
// `boardlab bench` counts natively. The node count is the search's signature: an evaluation
// that differs in one position, a wasm-only code path (Ataxx's SIMD output layer, say) that
// rounds otherwise, or a table that behaves differently changes it.
//
// Run: node tests/wasm/same-trees.mjs [--threaded]   (after bash scripts/build-site.sh, with
// BOARDLAB_BIN naming the native binary, default target/release/boardlab; `make test` runs it
// with the browser tests).

import { loadBuild, nativeBench } from '../../scripts/wasm-load.mjs';

const BUILD = process.argv.includes('--threaded') ? 'boardlab_threads' : 'boardlab';
const NATIVE = process.env.BOARDLAB_BIN ?? 'target/release/boardlab';
// Depths that take well under a second natively, deep enough for pruning, the table and (for
// Ataxx) the network's recent accumulators and score cache to decide nodes.
const DEPTHS = { yavalath: 5, connect4: 9, ataxx: 6, amazons: 2 };
const api = await loadBuild(BUILD);

let failures = 0;
for (const [game, depth] of Object.entries(DEPTHS)) {
  const native = nativeBench(NATIVE, game, depth).nodes;
  const inWasm = api.bench(game, depth).nodes;
  const same = native === Number(inWasm);
  console.log(`${same ? 'ok  ' : 'FAIL'} ${game} depth ${depth}: native ${native} nodes, wasm (${BUILD}) ${inWasm}`);
  if (!same) failures += 1;
}
if (failures > 0) {
  console.error(`same-trees: ${failures} game(s) searched other trees in wasm`);
  process.exit(1);
}
