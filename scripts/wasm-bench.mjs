// Runs the engine bench inside wasm under Node (same positions and depth as `boardlab bench`)
// so native and wasm speeds can be compared. Usage: node scripts/wasm-bench.mjs [game] [depth]
// after `bash scripts/build-site.sh`.
import { readFile } from 'node:fs/promises';
import init, { bench } from '../dist/pkg/boardlab.js';

const [game = 'yavalath', depth = '7'] = process.argv.slice(2);
await init({ module_or_path: await readFile(new URL('../dist/pkg/boardlab_bg.wasm', import.meta.url)) });
const r = bench(game, Number(depth));
console.log(`${game} wasm ${r.positions} positions, depth ${r.depth}: ${r.nodes} nodes, ${r.ms} ms, ${r.nps} nodes/s`);
