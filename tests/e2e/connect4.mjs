// Browser tests of Connect 4 (9x7 with the steal) on the playground: the board, a full game by
// clicking columns, both sides of the steal, and an engine vs engine game to its end. Every test
// opens the page through ?game=connect4.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  ARTIFACTS,
  TIME_MARGIN_MS,
  assert,
  brief,
  cellCenter,
  moveListText,
  openPlayground,
  playHumanMove,
  randomGenerator,
  state,
  suite,
  waitForHumanTurn,
  waitForState,
} from './lib.mjs';

const GAME = 'connect4';

/**
 * The legal columns after which the opponent cannot win at once (asked of the engine's own
 * describe() in the page: the test keeps no rules). Falls back to every legal column.
 */
async function safeColumns(page) {
  return page.evaluate(async () => {
    const { describe } = await import('./pkg/boardlab.js');
    const s = window.boardlab.state();
    const columns = s.legal.filter((m) => m !== 'steal');
    const safe = columns.filter((m) => {
      const after = describe(s.game, s.setup, [...s.moves, m].join(' '));
      if (after.result) return after.result.winner === s.toMove || after.result.winner === null;
      return after.legal.every((r) => {
        const reply = describe(s.game, s.setup, [...s.moves, m, r].join(' '));
        return !reply.result || reply.result.winner !== after.to_move;
      });
    });
    return safe.length > 0 ? safe : columns;
  });
}

export default suite(GAME, (test) => {
  test('page loads and shows the 9x7 board; column clicks drop chips', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 250, humanSide: 1 });
    const box = await page.locator('#board').boundingBox();
    assert(box && box.width > 300 && box.height > 250, `the board canvas is too small: ${JSON.stringify(box)}`);
    const s = await state(page);
    assert(s.cells.length === 63, `expected 63 cells, got ${s.cells.length}`);
    assert(s.legal.length === 9 && s.toMove === 1, `expected 9 columns for player 1: ${brief(s)}`);
    for (const c of s.cells) {
      const p = await cellCenter(page, c.name);
      assert(p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height, `${c.name} is drawn off the canvas`);
    }
    // Clicking the top cell of column 4 plays column 4: the chip lands on the bottom row.
    const top = await cellCenter(page, '4,0');
    await page.mouse.click(top.x, top.y);
    await waitForState(page, 'window.boardlab.state().moves.length >= 1', 'the click on column 4');
    const after = await state(page);
    assert(after.moves[0] === '4', `the click played ${after.moves[0]}`);
    assert(after.cells.find((c) => c.name === '4,6').owner !== 0, 'the chip did not land on the bottom row');
    await waitForHumanTurn(page, 1);
    await playHumanMove(page, (await safeColumns(page))[0]);
    await waitForHumanTurn(page, 1);
    await page.waitForTimeout(400); // let the last chip finish falling
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3); // hover a column
    await page.screenshot({ path: path.join(ARTIFACTS, "connect4.png") });
  });

  test('human vs engine: a full game played by clicking columns', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    const seed = Date.now() % 1_000_000;
    const random = randomGenerator(seed);
    log(`seed ${seed}`);
    for (let turn = 0; turn < 40; turn++) {
      await waitForHumanTurn(page, 1);
      if ((await state(page)).result) break;
      const choices = await safeColumns(page);
      await playHumanMove(page, choices[Math.floor(random() * choices.length)]);
    }
    await waitForState(page, 'window.boardlab.state().result !== null', 'the game to end', 20_000);
    const s = await state(page);
    const status = await page.locator('#status').innerText();
    assert(/Player [12] wins: four in a row|Draw: board full/.test(status), `the result is not shown: ${JSON.stringify(status)}`);
    assert(s.result.winner === null || s.result.line.length >= 4, `a win without its line: ${JSON.stringify(s.result)}`);
    // A finished game refuses clicks.
    const p = await cellCenter(page, '0,0');
    await page.mouse.click(p.x, p.y);
    await page.waitForTimeout(200);
    assert((await state(page)).moves.length === s.moves.length, 'a move was played after the end');
    log(`${s.moves.length} moves, ${status}`);
  }, { timeoutMs: 120_000 });

  test('steal: the Steal button as player 2, and the engine stealing a centre opening', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 2 });
    await waitForState(page, '(() => { const s = window.boardlab.state(); return s.moves.length === 1 && !s.thinking; })()', "the engine's first move");
    let s = await state(page);
    assert(s.steal === 'steal', `the steal is not offered: ${brief(s)}`);
    assert(await page.locator('#steal').isVisible(), 'the Steal button is not visible');
    const opening = Number(s.moves[0]);
    await page.click('#steal');
    await waitForState(page, 'window.boardlab.state().moves.length >= 2', 'the steal');
    s = await state(page);
    assert(s.moves[1] === 'steal', `move 2 should be the steal: ${brief(s)}`);
    assert(s.cells.find((c) => c.name === `${opening},6`).owner === 2, 'the stolen chip is not player 2\'s where it stood');
    assert((await moveListText(page)).includes('steal'), 'the move list does not show the steal');
    assert(!(await page.locator('#steal').isVisible()), 'the Steal button is still shown after the steal');
    await waitForHumanTurn(page, 2);

    // The engine as player 2 steals a centre opening (its own search weighs the steal).
    await page.selectOption('#human-side', '1');
    await page.selectOption('#think-time', '500');
    await page.click('#new-game');
    await waitForHumanTurn(page, 1);
    await playHumanMove(page, '4');
    await waitForState(page, '(() => { const s = window.boardlab.state(); return s.moves.length >= 2 && !s.thinking; })()', "the engine's reply");
    s = await state(page);
    assert(s.moves[1] === 'steal', `the engine did not steal the centre: ${brief(s)}`);
    assert(s.cells.find((c) => c.name === '4,6').owner === 2, 'the centre chip is not the engine\'s after its steal');
    assert(s.toMove === 1 && s.legal.length === 9, `player 1 should move again with 9 columns: ${brief(s)}`);
  }, { timeoutMs: 60_000 });

  test('engine vs engine at 100 ms plays to the end within budget', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    await page.selectOption('#mode', 'engine-engine');
    await page.selectOption('#delay', '0');
    await waitForState(page, 'window.boardlab.state().result !== null', 'the end of the engine vs engine game', 90_000);
    const s = await state(page);
    const status = await page.locator('#status').innerText();
    assert(/Player [12] wins: four in a row|Draw: board full/.test(status), `the result is not shown: ${JSON.stringify(status)}`);
    const limit = s.budgetMs + TIME_MARGIN_MS;
    const slow = s.engineMoveTimes.map((ms, i) => ({ move: i + 1, ms })).filter((m) => m.ms > limit);
    assert(slow.length === 0, `engine moves over ${limit} ms: ${JSON.stringify(slow)}`);
    log(`${s.moves.length} moves, slowest ${Math.round(Math.max(...s.engineMoveTimes))} ms, ${status}`);
  }, { timeoutMs: 120_000 });
});
