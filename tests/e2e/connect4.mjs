// Browser tests of Connect 4 (9x7 with the steal) on the playground: the board, a full game by
// clicking columns, both sides of the steal, an engine vs engine game to its end, the position
// text's round trip, the column-score strip following the heatmap toggle, and cells read out in
// words. Every test opens the page through ?game=connect4.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { finishEngineGame, playHumanGame, positionRoundTrip, startCustomSetup, startEngineGame } from './gametests.mjs';
import { ARTIFACTS, assert, brief, cellCenter, moveListText, openPlayground, playHumanMove, setThinkTime, state, suite, waitForHumanTurn, waitForState } from './lib.mjs';

const GAME = 'connect4';
const EMPTY_ROW = '.........';

/** The renderer's overlay as last drawn (after the frame that draws it): {strip, line}. */
function drawnOverlay(page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(window.boardlab.board().inspect()))));
}

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
    const { s, status } = await playHumanGame(page, log, {
      turns: 40,
      pick: async (_, random) => {
        const choices = await safeColumns(page);
        const move = choices[Math.floor(random() * choices.length)];
        return { move, clicks: move };
      },
    });
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
    await setThinkTime(page, 500);
    await page.click('#new-game');
    await waitForHumanTurn(page, 1);
    await playHumanMove(page, '4');
    await waitForState(page, '(() => { const s = window.boardlab.state(); return s.moves.length >= 2 && !s.thinking; })()', "the engine's reply");
    s = await state(page);
    assert(s.moves[1] === 'steal', `the engine did not steal the centre: ${brief(s)}`);
    // The opening book answered, and the panel says so (the wasm result's book flag).
    const who = await page.locator('#search-who').innerText();
    assert(who.endsWith('· book'), `the panel heading does not say "book": ${who}`);
    assert((await page.locator('#search-at-once').innerText()).includes('opening book'), 'no note that the move came from the opening book');
    // Announced in words, and the stolen chip flashes on the board for a moment.
    assert(/stole the first chip/.test(s.message), `the steal is not announced: ${s.message}`);
    const flash = page.locator('#board-frame .cell-flash');
    await flash.first().waitFor({ state: 'attached', timeout: 1_000 });
    const ring = await flash.first().boundingBox();
    const chip = await page.evaluate(() => window.boardlab.cellCenter('4,6'));
    assert((await flash.count()) === 1 && Math.abs(ring.x + ring.width / 2 - chip.x) < 3 && Math.abs(ring.y + ring.height / 2 - chip.y) < 3, `the flash is not on the stolen chip: ${JSON.stringify(ring)} vs ${JSON.stringify(chip)}`);
    await flash.first().waitFor({ state: 'detached', timeout: 5_000 });
    assert(s.cells.find((c) => c.name === '4,6').owner === 2, 'the centre chip is not the engine\'s after its steal');
    assert(s.toMove === 1 && s.legal.length === 9, `player 1 should move again with 9 columns: ${brief(s)}`);
  }, { timeoutMs: 60_000 });

  test('engine vs engine at 100 ms plays to the end within budget', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    await startEngineGame(page);
    await finishEngineGame(page, log, { result: /Player [12] wins: four in a row|Draw: board full/, timeoutMs: 90_000 });
  }, { timeoutMs: 120_000 });

  test('position text: the Position box reopens as a setup, the steal state kept; errors name row and column', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    let text = await positionRoundTrip(page);
    assert(text === `${Array(7).fill(EMPTY_ROW).join('/')} x steal`, `the empty board reads ${text}`);
    await playHumanMove(page, '4');
    text = await positionRoundTrip(page);
    assert(text.endsWith('/....x.... o steal'), `the steal is not open in ${text}`);
    assert((await state(page)).steal === 'steal' && (await page.locator('#steal').isVisible()), 'the steal is not offered after the import');
    await page.click('#steal');
    await playHumanMove(page, '3');
    text = await positionRoundTrip(page);
    assert(text.endsWith('/...xo.... o -'), `after the steal and column 3: ${text}`);

    const broken = text.replace(/\/\.\.\.xo/, '/r..xo');
    await page.fill('#setup-text', broken);
    await page.press('#setup-text', 'Enter');
    await waitForState(page, "window.boardlab.state().message.includes('refused')", 'the refusal of a broken position');
    const s = await state(page);
    assert(/row 7 from the top, column 0: 'r'/.test(s.message), `the error does not name the row and column: ${JSON.stringify(s.message)}`);
    assert(s.setup === text, `a refused setup replaced the game: ${brief(s)}`);
  });

  test('the column scores follow the heatmap: off while playing, on in analysis, gone at the end', async ({ page, url }) => {
    // You vs engine with the heatmap off (the default while playing): no scores, while the
    // engine thinks or after it moved.
    await openPlayground(page, url, { game: GAME, thinkMs: 500, humanSide: 1 });
    if (await page.locator('#overlay').isChecked()) await page.uncheck('#overlay');
    await playHumanMove(page, '2');
    // On a loaded machine the page may answer the poll only after the engine has moved.
    await waitForState(page, 'window.boardlab.state().thinking || window.boardlab.state().moves.length >= 2', 'the engine to think');
    while ((await state(page)).thinking) {
      const drawn = await drawnOverlay(page);
      assert(drawn.strip.length === 0 && drawn.line.length === 0, `scores shown with the heatmap off: ${JSON.stringify(drawn)}`);
    }
    await waitForHumanTurn(page, 1);
    let drawn = await drawnOverlay(page);
    assert(drawn.strip.length === 0, `scores left after the engine moved: ${JSON.stringify(drawn.strip)}`);

    // Analysis (heatmap on): every column and the steal get a score once the search reports.
    await page.selectOption('#mode', 'analysis');
    assert(await page.locator('#overlay').isChecked(), 'the heatmap is off in analysis');
    await startCustomSetup(page, `${Array(6).fill(EMPTY_ROW).join('/')}/....x.... o steal`);
    await waitForState(page, 'window.boardlab.state().overlay?.heat?.length === 10', 'the heatmap of the 9 columns and the steal');
    drawn = await drawnOverlay(page);
    const moves = drawn.strip.map((d) => d.move).sort().join(' ');
    assert(moves === '0 1 2 3 4 5 6 7 8 steal', `the strip shows ${moves}`);

    // A win in one: "W1" over column 3; once it is played, the game is over and no score stays.
    await startCustomSetup(page, `${Array(6).fill(EMPTY_ROW).join('/')}/xxx.ooo.. x -`);
    await waitForState(page, "window.boardlab.state().overlay?.heat?.some((h) => h.move === '3' && h.label === 'W1')", 'the win in one');
    drawn = await drawnOverlay(page);
    assert(drawn.strip.some((d) => d.move === '3' && d.label === 'W1'), `W1 is not drawn over column 3: ${JSON.stringify(drawn.strip)}`);
    await playHumanMove(page, '3');
    const s = await state(page);
    assert(s.result?.winner === 1, `column 3 did not win: ${brief(s)}`);
    drawn = await drawnOverlay(page);
    assert(drawn.strip.length === 0 && drawn.line.length === 0, `scores left over the finished game: ${JSON.stringify(drawn)}`);
  });

  test('the best line: the steal of the line\'s first chip numbers that cell "1/2"', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    const drawn = await page.evaluate(() => {
      const board = window.boardlab.board();
      board.overlay({ heat: null, pv: ['1', 'steal', '5', '1'] });
      return new Promise((done) => requestAnimationFrame(() => done(board.inspect())));
    });
    const line = drawn.line.map((d) => `${d.cell}:${d.number}`).join(' ');
    assert(line === '1,6:1/2 5,6:3 1,5:4', `the line's numbers are ${line}`);
  });

  test('cells are read out as columns and rows; columns are numbered as moves name them', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    await playHumanMove(page, '4');
    await playHumanMove(page, '4');
    await playHumanMove(page, '5');
    const label = await page.locator('#board').getAttribute('aria-label');
    assert(
      label.includes('Player 1: column 4, row 1 from the bottom; column 5, row 1 from the bottom.') && label.includes('Player 2: column 4, row 2 from the bottom.'),
      `the board's label does not name cells in words: ${label}`,
    );
    assert(!/\d,\d/.test(label.replace(/Last move .*$/, '')), `the label still has "x,y" names: ${label}`);
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    const focus = await page.locator('#board-focus').textContent();
    assert(/^column [0-8], row [1-7] from the bottom: (empty|Player [12])$/.test(focus), `the focused cell reads ${JSON.stringify(focus)}`);
    const rules = (await page.locator('#rules-body').textContent()).replace(/\s+/g, ' ');
    assert(/numbered 0 to 8 from the left/.test(rules) && /count them 1 to 9/.test(rules), 'the rules do not say how columns are numbered');
  });
});
