// What the game test modules (yavalath.mjs, connect4.mjs, …) share beyond lib.mjs: a human vs
// engine game played by clicks to its end, the end of an engine vs engine game checked against
// the think time, and custom setups typed into the setup picker's text box. Nothing here knows a
// game's rules: the modules say how a move is clicked and how a result reads.

import {
  assertWithinBudget,
  assert,
  brief,
  playHumanMove,
  randomGenerator,
  state,
  waitForHumanTurn,
  waitForState,
} from './lib.mjs';

/**
 * Plays player 1 (the human) by clicks until the game ends, from a logged random seed.
 * `pick(state, random)` returns the move to play ({move, clicks}: clicks a cell name or a list)
 * and each move is checked to be the one played. At most `turns` human moves; then waits up to
 * `endMs` for the result. Returns {s (the final state), status (the status line)}.
 */
export async function playHumanGame(page, log, { turns, pick, turnMs = 15_000, endMs = 20_000 }) {
  const seed = Date.now() % 1_000_000;
  const random = randomGenerator(seed);
  log(`seed ${seed}`);
  for (let turn = 0; turn < turns; turn++) {
    await waitForHumanTurn(page, 1, turnMs);
    const s = await state(page);
    if (s.result) break;
    const { move, clicks } = await pick(s, random);
    await playHumanMove(page, clicks);
    const played = (await state(page)).moves[s.moves.length];
    assert(played === move, `clicking ${[clicks].flat().join(', ')} played ${played}, not ${move}`);
  }
  await waitForState(page, 'window.boardlab.state().result !== null', 'the game to end', endMs);
  return { s: await state(page), status: await page.locator('#status').innerText() };
}

/** Switches to engine vs engine with no delay between moves (at the think time already set). */
export async function startEngineGame(page) {
  await page.selectOption('#mode', 'engine-engine');
  await page.selectOption('#delay', '0');
}

/**
 * Waits up to `timeoutMs` for the engine vs engine game to end, then checks that the status line
 * matches `result` (a RegExp) and that every engine move kept to the think time. Returns the
 * final state.
 */
export async function finishEngineGame(page, log, { result, timeoutMs }) {
  await waitForState(page, 'window.boardlab.state().result !== null', 'the end of the engine vs engine game', timeoutMs);
  const s = await state(page);
  const status = await page.locator('#status').innerText();
  assert(result.test(status), `the result is not shown: ${JSON.stringify(status)}`);
  assert(s.engineMoveTimes.length === s.moves.length, `expected a time for each of the ${s.moves.length} engine moves, got ${s.engineMoveTimes.length}`);
  assertWithinBudget(s);
  log(`${s.moves.length} moves, slowest ${Math.round(Math.max(...s.engineMoveTimes))} ms, ${status}`);
  return s;
}

/**
 * Starts a game from `text` typed into the custom setup box (the picker's last option, as every
 * game lists it) and waits until the page plays that setup.
 */
export async function startCustomSetup(page, text) {
  const custom = await page.evaluate(() => document.querySelectorAll('#setup option').length - 1);
  await page.selectOption('#setup', String(custom));
  await page.fill('#setup-text', text);
  await page.press('#setup-text', 'Enter');
  await waitForState(page, `window.boardlab.state().setup === ${JSON.stringify(text)}`, `the setup ${text}`, 5_000);
}

/**
 * The browser round trip of a game's position text: the Position box under "Share" shows the
 * position on screen; typed back in as a custom setup, it gives the same board, side to move and
 * legal moves (the steal included) with no moves played, and the box shows the same text.
 * Returns that text.
 */
export async function positionRoundTrip(page) {
  const before = await state(page);
  if (!(await page.locator('details.share').evaluate((d) => d.open))) await page.click('details.share summary');
  assert(await page.locator('#share-position-field').isVisible(), `the Position box is hidden: ${brief(before)}`);
  const text = await page.locator('#share-position').inputValue();
  assert(text.length > 0, 'the Position box is empty');
  await startCustomSetup(page, text);
  const after = await state(page);
  const board = (s) => s.cells.map((c) => `${c.name}:${c.owner}:${c.wall}`).join(' ');
  assert(board(after) === board(before), `the position text ${text} did not give the same board: ${brief(after)}`);
  assert(after.toMove === before.toMove && after.moves.length === 0, `the position text ${text} gave the wrong side to move or moves: ${brief(after)}`);
  assert(JSON.stringify([...after.legal].sort()) === JSON.stringify([...before.legal].sort()), `the legal moves differ after ${text}: ${after.legal} vs ${before.legal}`);
  assert((await page.locator('#share-position').inputValue()) === text, 'the Position box changed after the round trip');
  return text;
}
