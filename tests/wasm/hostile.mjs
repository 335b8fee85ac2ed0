// Every export of the wasm API fed random and hostile strings, under Node: game names, setups,
// move lists and search options, from broken to absurd. Each call must either answer or throw
// a JavaScript Error carrying the API's structured fields (kind, reason); a wasm trap
// (WebAssembly.RuntimeError: a Rust panic under panic=abort, an out-of-bounds access) fails the
// test, and so does an instance that stops answering a plain call afterwards.
//
// Run: node tests/wasm/hostile.mjs [cases] [--threaded]   (after bash scripts/build-site.sh; `make test`
// runs it with the browser tests). Seeded: the same cases every run; the first failure is
// printed with the call that caused it.

import { loadBuild } from '../../scripts/wasm-load.mjs';

const CASES = Number(process.argv[2] ?? 400);
// --threaded: the threaded build (pkg/boardlab_threads.js), on its one thread.
const BUILD = process.argv.includes('--threaded') ? 'boardlab_threads' : 'boardlab';
const api = await loadBuild(BUILD);

// SplitMix-style seeded generator (the test must replay the same cases).
let seed = 0x9e3779b97f4a7c15n;
function next() {
  seed = (seed + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = seed;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return Number((z ^ (z >> 31n)) & 0xffffffffn) / 2 ** 32;
}
const below = (n) => Math.floor(next() * n);
const pick = (list) => list[below(list.length)];

const GAMES = api.games();
const JUNK_PIECES = ['', ' ', '\0', '\n', '\r\n', '\t', 'é', '😀', '\ud800', '\uffff', '-', '+', '/', '#', ':', ',', '9', '99', '-1', 'a0', 'z9', 'j10', 'steal', 'null', 'x', 'o', '%s', '\\', '"', "'", '{}', '[]'];
const SETUPS = ['', 'nosteal', 'steal', 'seed:42', 'seed:-1', 'seed:', 'seed:99999999999999999999', 'walls:7', 'walls:', 'walls:x',
  'cg:', 'x5o/7/7/7/7/7/o5x x 0 1', 'cg:x5o/7/7/7/7/7/o5x x 0 1', '7/7/7/7/7/7/7 x 0 1', 'x5o/7/7/7/7/7/o5x q 0 1', 'x5o/7/7 x',
  '........./........./ x', 'w.b/./ w', '.....w../......../......../......../......../......../......../..b..... w'];
const BAD_NUMBERS = [-5, 0, 1, 5, 20, NaN, Infinity, -Infinity, -1e300, 2 ** 53, 0.5, '20', 'abc', null, true, {}, []];

function junk() {
  let s = '';
  for (let i = below(6); i >= 0; i--) s += pick(JUNK_PIECES);
  if (below(40) === 0) s += 'x'.repeat(100_000);
  return s;
}

function gameName() {
  return below(5) === 0 ? pick([junk(), 'YAVALATH', 'connect4 ', 'chess', '']) : pick(GAMES);
}

/** A legal move list for `game` from its start, as describe() reports legal moves. */
function legalLine(game, setup, plies) {
  const line = [];
  for (let i = 0; i < plies; i++) {
    let view;
    try {
      view = api.describe(game, setup, line.join(' '));
    } catch {
      break;
    }
    if (!view.legal?.length) break;
    line.push(pick(view.legal));
  }
  return line;
}

/** A move list that starts legal and is then damaged: cut, repeated, swapped or spiked. */
function hostileMoves(game, setup) {
  const line = legalLine(game, setup, below(12));
  switch (below(7)) {
    case 0: return line.join(' ');
    case 1: if (line.length) line[below(line.length)] = junk(); break;
    case 2: if (line.length) line.push(line[below(line.length)]); break;
    case 3: if (line.length > 1) { const i = below(line.length - 1); [line[i], line[i + 1]] = [line[i + 1], line[i]]; } break;
    case 4: if (line.length) { const i = below(line.length); line[i] = line[i].slice(0, below(line[i].length + 1)); } break;
    case 5: line.splice(below(line.length + 1), 0, junk()); break;
    default: return junk();
  }
  return line.join(pick([' ', '  ', ',', '\n', '']));
}

function hostileOptions() {
  switch (below(8)) {
    case 0: return undefined;
    case 1: return null;
    case 2: return pick(['fast', 42, [], true]);
    default: {
      const options = {};
      // Budgets: hostile, or short; no huge finite one (it clamps to the 10-minute maximum, a
      // valid if long search).
      options.budget_ms = below(2) ? pick(BAD_NUMBERS.filter((n) => !(n > 1000))) : 5 + below(16);
      // A depth cap keeps valid searches short; invalid ones must be refused.
      options.max_depth = below(4) ? 1 + below(3) : pick([-1, 1.5, NaN, 'deep', null, 2 ** 40]);
      if (below(2)) options.tt_mb = pick([...BAD_NUMBERS, 1, 4, 1e12]);
      if (below(2)) options.exact_root = pick([true, false, 'yes', 1]);
      if (below(2)) options.engine = pick(['alphabeta', 'mcts', '', 'minimax', junk()]);
      if (below(6) === 0) options[junk()] = junk();
      return options;
    }
  }
}

const CALLS = [
  ['game_info', () => [gameName()]],
  ['default_engine', () => [gameName()]],
  ['describe', (g, s) => [g, s, hostileMoves(g, s)]],
  ['static_scores', (g, s) => [g, s, hostileMoves(g, s)]],
  ['territory', (g, s) => [g, s, hostileMoves(g, s)]],
  ['search', (g, s) => [g, s, hostileMoves(g, s), hostileOptions(), () => {}]],
  ['bench', () => [gameName(), pick([-1, 0, 1, 2 ** 32, NaN, 'two'])]],
];

let answered = 0;
let refused = 0;
function fail(what, args, e) {
  const shown = JSON.stringify(args, (_, v) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}… (${v.length} chars)` : typeof v === 'function' ? 'fn' : v));
  console.error(`FAIL ${what}(${shown}): ${e?.constructor?.name}: ${e?.message ?? e}`);
  process.exit(1);
}

for (let i = 0; i < CASES; i++) {
  const [name, make] = CALLS[i % CALLS.length];
  const game = gameName();
  const setup = below(3) === 0 ? junk() : pick(SETUPS);
  let args;
  try {
    args = make(game, setup);
  } catch (e) {
    fail('building the case of', [name, game, setup], e);
  }
  // `bench` at a real depth runs the whole bench: only hostile depths (and depth 1) are asked.
  if (name === 'bench' && args[1] !== 0 && args[1] !== 1 && typeof args[1] === 'number' && Number.isFinite(args[1])) args[1] = 0;
  try {
    api[name](...args);
    answered++;
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) fail(`${name} trapped:`, args, e);
    if (!(e instanceof Error)) fail(`${name} threw a non-Error`, args, e);
    // The API's own refusals carry its structured fields; wasm-bindgen's argument checks (a
    // number where a string belongs) are TypeErrors from the glue, before Rust is reached.
    if (!(e instanceof TypeError) && (typeof e.kind !== 'string' || typeof e.reason !== 'string' || !e.message)) {
      fail(`${name} threw an Error without kind and reason`, args, e);
    }
    refused++;
  }
  // The instance must still answer a plain call after whatever came before.
  try {
    const view = api.describe('yavalath', '', 'e5');
    if (view.ply !== 1) throw new Error(`describe after the case answered ply ${view.ply}`);
  } catch (e) {
    fail(`the instance after ${name}`, args, e);
  }
}
console.log(`wasm API (${BUILD}) hostile inputs: ${CASES} calls, ${answered} answered, ${refused} refused with an Error, no trap`);
