// Runs the engine bench inside wasm under Node (same positions and depth as `boardlab bench`)
// so native and wasm speeds can be compared. Usage: node scripts/wasm-bench.mjs [game] [depth]
// after `bash scripts/build-site.sh`.
import { readFile, readdir } from 'node:fs/promises';
import init, { bench } from '../dist/pkg/boardlab.js';

const [game = 'yavalath', depth = '7'] = process.argv.slice(2);
// The module's name carries a content hash (scripts/build-site.sh): there is one per build.
const pkg = new URL('../dist/pkg/', import.meta.url);
const wasm = (await readdir(pkg)).find((name) => /^boardlab_bg-[0-9a-f]+\.wasm$/.test(name));
if (!wasm) throw new Error('no dist/pkg/boardlab_bg-<hash>.wasm: run bash scripts/build-site.sh');
await init({ module_or_path: await readFile(new URL(wasm, pkg)) });
const r = bench(game, Number(depth));
console.log(`${game} wasm ${r.positions} positions, depth ${r.depth}: ${r.nodes} nodes, ${r.ms} ms, ${r.nps} nodes/s`);
