// Browser tests of Ataxx on the playground: the board and its wall layouts, a human-vs-engine game
// played by clicks (spawns by one click, jumps by two, passes by clicking the board), and an
// engine-vs-engine game to its end within the time budget. Every test opens ?game=ataxx.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  ARTIFACTS,
  TIME_MARGIN_MS,
  assert,
  brief,
  cellCenter,
  clickCell,
  openPlayground,
  playHumanMove,
  randomGenerator,
  state,
  suite,
  waitForHumanTurn,
  waitForState,
} from './lib.mjs';

const GAME = 'ataxx';
const RESULT = /wins|Draw/;

/** The clicks that make `move`: a spawn is its square, a jump its two squares, a pass any cell. */
function clicksFor(move) {
  if (move === '0000') return ['d4'];
  return move.length === 4 ? [move.slice(0, 2), move.slice(2)] : [move];
}

export default suite(GAME, (test) => {
  test('the 7x7 board with four stones, and a symmetric wall layout from the picker', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    let s = await state(page);
    assert(s.cells.length === 49, `expected 49 cells, got ${s.cells.length}`);
    const stones = (p) => s.cells.filter((c) => c.owner === p).map((c) => c.name).sort().join(' ');
    assert(stones(1) === 'a7 g1' && stones(2) === 'a1 g7', `unexpected start: ${stones(1)} / ${stones(2)}`);
    assert(s.legal.length === 16 && s.toMove === 1, `expected 16 legal moves for player 1: ${brief(s)}`);
    const box = await page.locator('#board').boundingBox();
    for (const c of s.cells) {
      const p = await cellCenter(page, c.name);
      assert(p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height, `${c.name} is drawn off the canvas`);
    }
    // a7 is above a1 and left of g7.
    const [a7, a1, g7] = await Promise.all(['a7', 'a1', 'g7'].map((n) => cellCenter(page, n)));
    assert(a7.y < a1.y && a7.x < g7.x, 'rank 7 is not at the top or file a not at the left');

    await page.selectOption('#setup', '1'); // Symmetric walls #1
    await waitForState(page, `window.boardlab.state().setup === 'walls:1'`, 'the walls:1 layout');
    s = await state(page);
    const walls = s.cells.filter((c) => c.wall).length;
    assert(walls > 0 && walls % 2 === 0, `walls:1 shows ${walls} walls`);

    // A jump by two clicks: select a7, then the ring on c5.
    await playHumanMove(page, ['a7', 'c5']);
    s = await state(page);
    assert(s.moves[0] === 'a7c5', `the two clicks played ${s.moves[0]}`);
    await waitForHumanTurn(page, 1);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.mouse.move(0, 0);
    // Select a stone so the picture shows its spawn dots and jump rings.
    const mine = (await state(page)).cells.find((c) => c.owner === 1);
    if (mine) await clickCell(page, mine.name);
    await page.screenshot({ path: path.join(ARTIFACTS, 'ataxx.png') });
  });

  test('human vs engine: a full game played by clicking', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    const seed = Date.now() % 1_000_000;
    const random = randomGenerator(seed);
    log(`seed ${seed}`);
    for (let turn = 0; turn < 200; turn++) {
      await waitForHumanTurn(page, 1, 20_000);
      const s = await state(page);
      if (s.result) break;
      // Spawns mostly (one click), a jump now and then (two clicks).
      const spawns = s.legal.filter((m) => m.length === 2);
      const pool = spawns.length > 0 && random() < 0.8 ? spawns : s.legal;
      const move = pool[Math.floor(random() * pool.length)];
      await playHumanMove(page, clicksFor(move));
      const played = (await state(page)).moves[s.moves.length];
      assert(played === move, `clicking ${clicksFor(move).join(', ')} played ${played}, not ${move}`);
    }
    await waitForState(page, 'window.boardlab.state().result !== null', 'the game to end', 20_000);
    const s = await state(page);
    const status = await page.locator('#status').innerText();
    assert(RESULT.test(status), `the result is not shown in the status line: ${JSON.stringify(status)}`);
    log(`${s.moves.length} moves, ${status}`);
  }, { timeoutMs: 180_000 });

  test('a custom FEN setup where the human has no move: clicking the board passes', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    await page.selectOption('#setup', '5'); // the custom option
    const fen = 'cg:7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1';
    await page.fill('#setup-text', fen);
    await page.press('#setup-text', 'Enter');
    await waitForState(page, `window.boardlab.state().setup === ${JSON.stringify(fen)}`, 'the custom setup');
    let s = await state(page);
    assert(s.legal.length === 1 && s.legal[0] === '0000', `player 1 should have only the pass: ${JSON.stringify(s.legal)}`);
    await playHumanMove(page, clicksFor('0000'));
    s = await state(page);
    assert(s.moves[0] === '0000', `clicking the board played ${s.moves[0]}, not the pass`);
    await waitForState(page, 'window.boardlab.state().moves.length >= 2', "the engine's reply to the pass");
  });

  test('engine vs engine at 100 ms: a whole game, every move within budget', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    await page.selectOption('#setup', '2'); // Symmetric walls #2
    await page.selectOption('#mode', 'engine-engine');
    await page.selectOption('#delay', '0');
    await waitForState(page, 'window.boardlab.state().result !== null', 'the end of the engine vs engine game', 150_000);
    const s = await state(page);
    const status = await page.locator('#status').innerText();
    assert(RESULT.test(status), `the result is not shown: ${JSON.stringify(status)}`);
    const limit = s.budgetMs + TIME_MARGIN_MS;
    const slow = s.engineMoveTimes.map((ms, i) => ({ move: i + 1, ms })).filter((m) => m.ms > limit);
    assert(slow.length === 0, `engine moves over ${limit} ms: ${JSON.stringify(slow)}`);
    log(`${s.moves.length} moves, slowest ${Math.round(Math.max(...s.engineMoveTimes))} ms, ${status}`);
  }, { timeoutMs: 180_000 });
});
