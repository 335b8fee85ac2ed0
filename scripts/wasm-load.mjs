// Loads one of the site's wasm builds under Node, from dist/ (after bash scripts/build-site.sh):
// `boardlab` (single-threaded) or `boardlab_threads`, the latter on its one thread (its shared
// memory needs no isolation under Node, and no helpers are started). Returns the module's
// exports, initialised. Also runs the native bench whose node counts and speed the wasm's are
// compared with (`nativeBench`).

import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';

/** The initialised exports of the build `build` ('boardlab' or 'boardlab_threads'). */
export async function loadBuild(build) {
  // wasm-bindgen-rayon's helper script, which the threaded glue imports, listens on a Worker's
  // `self` for the message that makes it a helper: Node has no `self`, so it gets one for the
  // import only (no helper starts here; the wasm's clock then finds Node's global `performance`).
  const noSelf = globalThis.self === undefined;
  if (noSelf) globalThis.self = new EventTarget();
  const api = await import(`../dist/pkg/${build}.js`);
  if (noSelf) delete globalThis.self;

  // The module's name carries a content hash (scripts/build-site.sh): there is one per build.
  const pkg = new URL('../dist/pkg/', import.meta.url);
  const wasm = (await readdir(pkg)).find((name) => new RegExp(`^${build}_bg-[0-9a-f]+\\.wasm$`).test(name));
  if (!wasm) throw new Error(`no dist/pkg/${build}_bg-<hash>.wasm: run bash scripts/build-site.sh`);
  await api.default({ module_or_path: await readFile(new URL(wasm, pkg)) });
  return api;
}

/**
 * `boardlab bench <game> --depth <depth>` run by the native binary `bin`: its total nodes, ms
 * and nodes/s (the bench's last line). Throws when the binary fails or prints no such line.
 */
export function nativeBench(bin, game, depth) {
  const run = spawnSync(bin, ['bench', game, '--depth', String(depth)], { encoding: 'utf8' });
  const m = run.stdout?.match(/(\d+) nodes, (\d+) ms, (\d+) nodes\/s\s*$/);
  if (run.status !== 0 || !m) throw new Error(`${bin} bench ${game} --depth ${depth} failed: ${run.stderr || run.stdout}`);
  return { nodes: Number(m[1]), ms: Number(m[2]), nps: Number(m[3]) };
}
