// Runs the engine bench inside wasm (same positions and depth as `boardlab bench`) so native and
// wasm speeds can be compared, after `bash scripts/build-site.sh`.
//
//   node scripts/wasm-bench.mjs [game] [depth]
//       under Node, the single-threaded build.
//   node scripts/wasm-bench.mjs [game] [depth] --chromium [--threads 1,2] [--rounds N]
//       in Chromium (playwright-core from tests/e2e), in a Web Worker of a cross-origin isolated
//       page that `boardlab serve` (BOARDLAB_BIN, default target/release/boardlab) serves: one
//       thread runs the single-threaded build, as the page does; more run the threaded build with
//       that many threads (Lazy SMP: the Worker and its helper Workers). Each thread count runs
//       once per round, alternating, each in a fresh Worker. Every run prints the bench's own time
//       to depth (the wasm's clock) and the CPU seconds all of Chromium's processes used during
//       the bench (Linux /proc; loading the Worker left out), so a loaded machine's runs can be
//       read for what they are.
//   ... --chromium --threads 1 --rounds N --paired
//       runs the native bench (BOARDLAB_BIN bench, same game and depth) right before each
//       Chromium run and prints the pair's ratio (wasm / native nodes/s), then the median of the
//       pairs: a shared host's speed can drift by 1.7 times between minutes (this project's
//       build machines did), and a ratio of two runs seconds apart cancels most of that drift
//       where best-of-N runs minutes apart do not.
//   ... --chromium --threads 1 --rounds N --versus OTHER/dist
//       compares this checkout's single-threaded build with another build's site (for example
//       the previous commit's, built in a second worktree): each round runs both, seconds apart,
//       in fresh Workers of the same browser (a page for each build, on its own server), the
//       order swapped every round, and prints the pair's ratio (this build's nodes/s over the
//       other's), then the median of the pairs.
import { spawn } from 'node:child_process';
import { loadBuild, nativeBench } from './wasm-load.mjs';
import { readFileSync, readdirSync } from 'node:fs';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const chromiumMode = args.includes('--chromium');
if (chromiumMode) args.splice(args.indexOf('--chromium'), 1);
const threadCounts = flag('--threads', '1,2').split(',').map(Number);
const rounds = Number(flag('--rounds', '1'));
const paired = args.includes('--paired');
if (paired) args.splice(args.indexOf('--paired'), 1);
if (paired && (!chromiumMode || threadCounts.some((t) => t !== 1))) {
  throw new Error('--paired compares one wasm thread with the native bench: use it with --chromium --threads 1');
}
const versus = flag('--versus', null);
if (versus && (!chromiumMode || paired || threadCounts.some((t) => t !== 1))) {
  throw new Error('--versus compares two single-threaded builds: use it with --chromium --threads 1, without --paired');
}
const [game = 'yavalath', depth = '7'] = args;
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!chromiumMode) {
  const { bench } = await loadBuild('boardlab');
  const r = bench(game, Number(depth));
  console.log(`${game} wasm ${r.positions} positions, depth ${r.depth}: ${r.nodes} nodes, ${r.ms} ms, ${r.nps} nodes/s`);
} else {
  await benchInChromium();
}

/** CPU seconds (user + system) used so far by this process's descendants (Linux /proc). */
function descendantsCpuSeconds() {
  const stats = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // After the command: state, ppid, ..., utime (14th field of the line), stime (15th).
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (!mine.has(pid) && mine.has(ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  mine.delete(process.pid);
  let ticks = 0;
  for (const pid of mine) ticks += stats.get(pid).ticks;
  return ticks / 100; // USER_HZ is 100 on Linux
}

async function benchInChromium() {
  const { chromium } = await import(path.join(REPO, 'tests/e2e/node_modules/playwright-core/index.mjs'));
  const bin = path.resolve(REPO, process.env.BOARDLAB_BIN ?? 'target/release/boardlab');
  const servers = [];
  const url = await serve(bin, path.join(REPO, 'dist'), servers);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    // Any document of the site will do: every response carries the isolation headers.
    await page.goto(`${url}files.json`);
    if (!(await page.evaluate(() => window.crossOriginIsolated))) throw new Error('the page is not cross-origin isolated');
    if (versus) {
      // The other build in a page of its own server's origin: a Worker module loads from its page's.
      const other = await browser.newPage();
      await other.goto(`${await serve(bin, path.resolve(versus), servers)}files.json`);
      if (!(await other.evaluate(() => window.crossOriginIsolated))) throw new Error('the other page is not cross-origin isolated');
      await compareBuilds({ this: [page, url], other: [other, other.url().replace(/files\.json$/, '')] });
      return;
    }
    const ratios = [];
    for (let round = 1; round <= rounds; round += 1) {
      for (const threads of threadCounts) {
        await page.evaluate(loadWorker, { base: url, threads });
        const native = paired ? nativeBench(bin, game, depth) : null;
        // Loading (compiling the module, starting the helpers) is left out of the CPU time.
        const cpuBefore = descendantsCpuSeconds();
        const r = await page.evaluate(runBench, { game, depth: Number(depth) });
        const cpu = descendantsCpuSeconds() - cpuBefore;
        console.log(`${game} chromium round ${round}, ${r.build}: ${r.positions} positions, depth ${r.depth}: ${r.nodes} nodes, ${r.ms} ms, ${r.nps} nodes/s, Chromium CPU ${cpu.toFixed(2)} s`);
        if (native) {
          if (native.nodes !== r.nodes) throw new Error(`native searched ${native.nodes} nodes, wasm ${r.nodes}: not the same trees`);
          ratios.push(r.nps / native.nps);
          console.log(`${game} native just before: ${native.ms} ms, ${native.nps} nodes/s; wasm / native ${(r.nps / native.nps).toFixed(3)}`);
        }
      }
    }
    if (ratios.length) console.log(`${game} wasm / native over ${ratios.length} pairs: ${summary(ratios)}`);
  } finally {
    await browser.close();
    for (const server of servers) server.kill();
  }
}

/** Starts `boardlab serve` on `dir` (kept in `servers` to stop later); resolves with its URL. */
async function serve(bin, dir, servers) {
  const server = spawn(bin, ['serve', '--dir', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(server);
  const line = await new Promise((resolve) => readline.createInterface({ input: server.stdout }).once('line', resolve));
  server.stdout.resume();
  return line.match(/http:\/\/\S+/)[0].replace(/\/?$/, '/');
}

/**
 * `--versus`: this build against the other, each `[page, base URL]` of its own server, one run
 * of each a round, the first swapped every round so neither always runs on a cooler or warmer
 * host.
 */
async function compareBuilds(builds) {
  const ratios = [];
  for (let round = 1; round <= rounds; round += 1) {
    const nps = {};
    const order = round % 2 ? ['this', 'other'] : ['other', 'this'];
    for (const name of order) {
      const [page, base] = builds[name];
      await page.evaluate(loadWorker, { base, threads: 1 });
      const r = await page.evaluate(runBench, { game, depth: Number(depth) });
      nps[name] = r;
      console.log(`${game} chromium round ${round}, ${name} build: ${r.nodes} nodes, ${r.ms} ms, ${r.nps} nodes/s`);
    }
    // Builds meant to search the same trees should; a different count is shown, not refused
    // (a comparison of a changed search is still a comparison of speed).
    const same = nps.this.nodes === nps.other.nodes ? '' : ' (different trees)';
    ratios.push(nps.this.nps / nps.other.nps);
    console.log(`${game} round ${round}: this / other ${ratios.at(-1).toFixed(3)}${same}`);
  }
  console.log(`${game} this build / the other over ${ratios.length} pairs: ${summary(ratios)}`);
}

/** The median and range of `ratios`, as text. */
function summary(ratios) {
  const sorted = [...ratios].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return `median ${median.toFixed(3)}, range ${sorted[0].toFixed(3)} .. ${sorted.at(-1).toFixed(3)}`;
}

/**
 * In the page: a fresh module Worker (window.benchWorker, the previous one ended) that loads the
 * build for `threads` and starts its helpers; resolves once it is ready.
 */
function loadWorker({ base, threads }) {
  const code = `let api;
  self.onmessage = async ({ data }) => {
    try {
      if (data.load) {
        api = await import(data.base + (data.threads > 1 ? 'pkg/boardlab_threads.js' : 'pkg/boardlab.js'));
        await api.default();
        if (data.threads > 1) await api.start_helpers(data.threads - 1);
        postMessage({ ready: true });
      } else {
        postMessage({ ...api.bench(data.game, data.depth), build: api.engine_build() });
      }
    } catch (err) {
      postMessage({ error: String(err) });
    }
  };`;
  window.benchWorker?.terminate();
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
  window.benchWorker = worker;
  window.askWorker = (msg) =>
    new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
      worker.onerror = (e) => reject(new Error(e.message));
      worker.postMessage(msg);
    });
  return window.askWorker({ load: true, base, threads });
}

/** In the page: the bench in the Worker loadWorker started; resolves with its result. */
function runBench({ game, depth }) {
  return window.askWorker({ game, depth });
}
