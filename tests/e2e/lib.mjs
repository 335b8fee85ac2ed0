// What the browser tests share: assertions, reading the page's state through its test hook
// (window.boardlab, www/testhook.js), waiting for the engine, and clicking cells the way a
// person does. Nothing here knows a game's rules; game test modules (yavalath.mjs, …) build on
// these and are listed in games.mjs.
//
// A game test module default-exports suite('<game>', (test) => { test(name, fn, opts); … }):
// fn receives {page, url, log} (a fresh 1280x800 page, the site's URL ending in "/", and
// log(line) for a note after PASS); opts = {timeoutMs (default 60 s), phone (true: a 390x844
// touch screen instead, see PHONE)}. Test names are shown and filtered (E2E_ONLY) as
// "<game>: <name>". After every test the runner also checks each open page's engine moves
// against their budgets (movesOverBudget, the search's own clock).

import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
/** A TCP port free on 127.0.0.1 now, for a server the tests start. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Where tests leave screenshots for people to look at. */
export const ARTIFACTS = path.join(HERE, 'artifacts');

// Engine moves are timed twice, and only one of the two is a test of the engine:
// - The search's own clock (its result's elapsed_ms) against the budget. Alpha-beta reads its
//   clock every 256 nodes (Amazons: 8) and after each iteration, MCTS every 4 playouts, so a
//   search can pass the budget only by what runs between two reads: a ms or two, unless the
//   thread is descheduled there (on a 2-core machine at load 8 we measured up to 24 ms, at load
//   10 up to 38 ms, and beside an arena of short-lived bot processes, two games at a time, 234
//   and 247 ms, while two busy loops beside it gave at most 25 ms). SEARCH_SLACK_MS covers such
//   a machine and still fails a search that ignores its budget (it runs on to its depth limit:
//   seconds to minutes).
// - The page's wall time, from posting the request to reading the result. Past the search it
//   holds message passing and the page's event loop, which a loaded machine stretches without
//   limit (at load 9 a 100 ms move took 260 ms on the wall), so it is only a hang guard:
//   WALL_HANG_GUARD_MS past the budget means the engine or the page is stuck, not slow.
export const SEARCH_SLACK_MS = 1_000;
export const WALL_HANG_GUARD_MS = 5_000;

/**
 * The engine moves of a snapshot (its engineMoves: [{move, budgetMs, searchMs, wallMs}]) that
 * broke their budget: the search's own clock past the budget plus SEARCH_SLACK_MS, or a wall
 * time more than WALL_HANG_GUARD_MS past the budget (a hang). Each with `why`.
 */
export function movesOverBudget(s) {
  return (s.engineMoves ?? []).flatMap((m) => {
    if (m.searchMs > m.budgetMs + SEARCH_SLACK_MS) return [{ ...m, why: `the search's clock says ${m.searchMs} ms for ${m.budgetMs} ms` }];
    if (m.wallMs > m.budgetMs + WALL_HANG_GUARD_MS) {
      return [{ ...m, why: `${Math.round(m.wallMs)} ms on the wall for a budget of ${m.budgetMs} ms: the engine hung` }];
    }
    return [];
  });
}

/** Fails if any engine move of the snapshot broke its budget (movesOverBudget). */
export function assertWithinBudget(s) {
  const over = movesOverBudget(s);
  assert(over.length === 0, `engine moves over budget: ${over.map((m) => `move ${m.move}: ${m.why}`).join('; ')}`);
}

// ---------------------------------------------------------------------------------------------
// Declaring tests

/** A failed expectation: reported by its message alone (no stack), unlike a crash in a test. */
export class TestFailure extends Error {}

export function assert(condition, message) {
  if (!condition) throw new TestFailure(message);
}

/** The phone a test with {phone: true} runs on: a 390x844 touch screen (an iPhone 12–15's). */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * A game's tests: `define(test)` calls test(name, fn, {timeoutMs, phone}) once per test. Returns
 * {game, tests: [{name, fn, timeoutMs, phone}]}, what the runner (run.mjs) expects of a module.
 */
export function suite(game, define) {
  const tests = [];
  define((name, fn, { timeoutMs = 60_000, phone = false } = {}) => tests.push({ name, fn, timeoutMs, phone }));
  return { game, tests };
}

/** A small seeded random generator (mulberry32), so a failing game can be replayed. */
export function randomGenerator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Reading and waiting for the page

/** The app's snapshot: {game, setup, mode, moves, toMove, legal, steal, result, thinking, …}. */
export function state(page) {
  return page.evaluate(() => window.boardlab.state());
}

/** The part of a snapshot worth printing in a failure. */
export function brief(s) {
  return JSON.stringify({ game: s.game, setup: s.setup, mode: s.mode, moves: s.moves, toMove: s.toMove, thinking: s.thinking, result: s.result, status: s.status, message: s.message });
}

/** Waits until `predicate(state)` (run in the page) is true; fails with `what` and the state. */
export async function waitForState(page, predicate, what, timeoutMs = 10_000) {
  try {
    await page.waitForFunction(predicate, null, { timeout: timeoutMs, polling: 50 });
  } catch {
    throw new TestFailure(`timed out after ${timeoutMs} ms waiting for ${what}; state: ${brief(await state(page))}`);
  }
}

/**
 * Opens the playground (on `game` through its link, if given; else whatever the page opens
 * first), waits for the engine to load and sets think time and side.
 */
export async function openPlayground(page, url, { game = null, thinkMs = 100, humanSide = 1 } = {}) {
  await page.goto(game ? `${url}?game=${encodeURIComponent(game)}` : url);
  await waitForState(page, () => window.boardlab?.state().toMove != null, 'the playground to load (window.boardlab ready)', 20_000);
  if (game) {
    const s = await state(page);
    assert(s.game === game, `?game=${game} opened ${s.game}`);
  }
  await setThinkTime(page, thinkMs);
  await page.selectOption('#human-side', String(humanSide));
}

/**
 * Puts the think-time slider on `ms` (one of its steps, listed in its data-steps) the way a
 * person's drag ends: the value changes, then "input" and "change" fire.
 */
export async function setThinkTime(page, ms) {
  const ok = await page.evaluate((wanted) => {
    const slider = document.getElementById('think-time');
    const step = JSON.parse(slider.dataset.steps).indexOf(wanted);
    if (step < 0) return false;
    slider.value = String(step);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }, ms);
  assert(ok, `${ms} ms is not a step of the think-time slider`);
}

/** Waits until the engine is not thinking and it is the human's turn or the game is over. */
export async function waitForHumanTurn(page, humanSide, timeoutMs = 15_000) {
  await waitForState(
    page,
    `(() => { const s = window.boardlab.state(); return !s.thinking && (s.result !== null || s.toMove === ${humanSide}); })()`,
    "the engine's reply",
    timeoutMs,
  );
}

/**
 * The engine's describe() of `game` after `moves`, asked in the page's already-loaded wasm module
 * (tests keep no rules of their own): for finding moves that are safe to play, etc.
 */
export function describeInPage(page, game, setup, moves) {
  return page.evaluate(
    async ([g, s, m]) => {
      const { describe } = await import('./pkg/boardlab.js');
      return describe(g, s, m.join(' '));
    },
    [game, setup, moves],
  );
}

export async function moveListText(page) {
  return (await page.locator('#move-list').innerText()).replace(/\s+/g, ' ');
}

// ---------------------------------------------------------------------------------------------
// Clicking

/** A cell's centre in viewport CSS px, from the game's renderer. */
export async function cellCenter(page, name) {
  const center = await page.evaluate((n) => window.boardlab.cellCenter(n), name);
  assert(center && Number.isFinite(center.x) && Number.isFinite(center.y), `cellCenter(${name}) gave no position`);
  return center;
}

export async function clickCell(page, name) {
  const { x, y } = await cellCenter(page, name);
  await page.mouse.click(x, y);
}

/**
 * Plays one move for the human by clicking `cells` in turn (a cell name, or a list for games
 * whose moves take several clicks, e.g. ["a7", "c7"]), and checks the move was taken.
 */
export async function playHumanMove(page, cells) {
  const clicks = Array.isArray(cells) ? cells : [cells];
  const before = (await state(page)).moves.length;
  for (const name of clicks) await clickCell(page, name);
  await waitForState(page, `window.boardlab.state().moves.length > ${before}`, `the clicks on ${clicks.join(', ')} to play a move`, 3_000);
}
