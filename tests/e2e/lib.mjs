// What the browser tests share: assertions, reading the page's state through its test hook
// (window.boardlab, www/testhook.js), waiting for the engine, and clicking cells the way a
// person does. Nothing here knows a game's rules; game test modules (yavalath.mjs, …) build on
// these and are listed in games.mjs.
//
// A game test module default-exports suite('<game>', (test) => { test(name, fn, opts); … }):
// fn receives {page, url, log} (a fresh 1280x800 page, the site's URL ending in "/", and
// log(line) for a note after PASS); opts = {timeoutMs} (default 60 s). Test names are shown and
// filtered (E2E_ONLY) as "<game>: <name>".

import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Where tests leave screenshots for people to look at. */
export const ARTIFACTS = path.join(HERE, 'artifacts');

// The engine may overrun its budget a little (message passing, the last iteration's check).
export const TIME_MARGIN_MS = 150;

// ---------------------------------------------------------------------------------------------
// Declaring tests

/** A failed expectation: reported by its message alone (no stack), unlike a crash in a test. */
export class TestFailure extends Error {}

export function assert(condition, message) {
  if (!condition) throw new TestFailure(message);
}

/**
 * A game's tests: `define(test)` calls test(name, fn, {timeoutMs}) once per test. Returns
 * {game, tests: [{name, fn, timeoutMs}]}, what the runner (run.mjs) expects of a test module.
 */
export function suite(game, define) {
  const tests = [];
  define((name, fn, { timeoutMs = 60_000 } = {}) => tests.push({ name, fn, timeoutMs }));
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
  await page.selectOption('#think-time', String(thinkMs));
  await page.selectOption('#human-side', String(humanSide));
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
