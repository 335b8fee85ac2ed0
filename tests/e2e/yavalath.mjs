// Browser tests of Yavalath on the playground: a full game by clicking, the steal (by the human
// and by the engine), engine vs engine with pause/step, refused clicks and undo, recovery from an
// engine crash, the position text's round trip and the best line's numbers. Every test opens the
// page through ?game=yavalath, so it does not matter which game the page shows first.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { finishEngineGame, playHumanGame, positionRoundTrip, startEngineGame } from './gametests.mjs';
import { ARTIFACTS, assert, brief, cellCenter, clickCell, moveListText, openPlayground, playHumanMove, setThinkTime, state, suite, waitForHumanTurn, waitForState } from './lib.mjs';

const GAME = 'yavalath';

/**
 * The legal cells that do not lose at once for the side to move, asked of the engine's own
 * describe() in the page (the test has no rules of its own). Falls back to all legal cells.
 */
async function nonLosingMoves(page) {
  return page.evaluate(async () => {
    const { describe } = await import('./pkg/boardlab.js'); // the page's already-initialised module
    const s = window.boardlab.state();
    const safe = s.legal.filter((m) => {
      const after = describe(s.game, s.setup, [...s.moves, m].join(' '));
      return !after.result || after.result.winner === s.toMove;
    });
    return safe.length > 0 ? safe : s.legal;
  });
}

/** The canvas colour at a cell's stone, compared with the two players' colours: 1, 2 or null. */
async function stoneColorAt(page, name) {
  return page.evaluate((n) => {
    const canvas = document.getElementById('board');
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / rect.width;
    const c = window.boardlab.cellCenter(n);
    // Sample away from the centre (last-move dot) and the top-left sheen: down-right of centre.
    const e1 = window.boardlab.cellCenter('e1');
    const e2 = window.boardlab.cellCenter('e2');
    const s = Math.hypot(e2.x - e1.x, e2.y - e1.y) / Math.sqrt(3);
    const px = Math.round((c.x - rect.left + 0.3 * s) * scale);
    const py = Math.round((c.y - rect.top + 0.3 * s) * scale);
    const [r, g, b] = canvas.getContext('2d').getImageData(px, py, 1, 1).data;
    const parse = (color) => {
      const probe = document.createElement('canvas').getContext('2d');
      probe.fillStyle = color;
      const hex = probe.fillStyle; // normalised to #rrggbb
      return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    };
    const css = getComputedStyle(canvas);
    const players = [1, 2].map((p) => parse(css.getPropertyValue(`--p${p}`).trim()));
    const dist = (q) => Math.hypot(q[0] - r, q[1] - g, q[2] - b);
    const [d1, d2] = players.map(dist);
    if (Math.min(d1, d2) > 90) return null; // neither stone colour: no stone drawn here
    return d1 < d2 ? 1 : 2;
  }, name);
}

export default suite(GAME, (test) => {
  test('page loads without errors and shows the 61-cell board', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 250 });
    const canvas = page.locator('#board');
    assert(await canvas.isVisible(), 'the board canvas is not visible');
    const box = await canvas.boundingBox();
    assert(box && box.width > 300 && box.height > 250, `the board canvas is too small: ${JSON.stringify(box)}`);
    const s = await state(page);
    assert(s.cells.length === 61, `expected 61 cells, got ${s.cells.length}`);
    assert(s.cells.every((c) => c.owner === 0), 'the new board is not empty');
    assert(s.legal.length === 61 && s.toMove === 1, `expected 61 legal moves for player 1, got ${s.legal.length} for ${s.toMove}`);
    // Every cell centre lies on the canvas and hit-tests back to its own cell (no overlaps).
    for (const c of s.cells) {
      const p = await cellCenter(page, c.name);
      assert(p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height, `${c.name} is drawn off the canvas`);
    }
    assert((await page.locator('#status').innerText()).includes('to move'), 'the status line does not say whose turn it is');

    // A few moves so the screenshot shows stones and a filled search panel.
    for (const preferred of ['e5', 'c3', 'g6']) {
      await waitForHumanTurn(page, 1);
      const s2 = await state(page);
      if (s2.result) break;
      const safe = await nonLosingMoves(page);
      await playHumanMove(page, safe.includes(preferred) ? preferred : safe[0]);
    }
    await waitForHumanTurn(page, 1);
    assert(await page.locator('#search-stats').isVisible(), 'the search panel shows no statistics after engine moves');
    const depth = await page.locator('#stat-depth').innerText();
    assert(/^\d+ \(deepest \d+\)$/.test(depth), `the search panel's depth looks wrong: ${JSON.stringify(depth)}`);
    assert((await page.locator('#stat-pv').innerText()).trim().length > 0, 'the search panel shows no principal variation');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.mouse.move(0, 0); // no hover highlight in the picture
    await page.screenshot({ path: path.join(ARTIFACTS, 'playground.png') });
  });

  test('human vs engine: a full game played by clicking cells', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    const { s, status } = await playHumanGame(page, log, {
      turns: 61,
      pick: async (_, random) => {
        const choices = await nonLosingMoves(page);
        const move = choices[Math.floor(random() * choices.length)];
        return { move, clicks: move };
      },
    });
    assert(/Player [12] wins: |Draw: board full/.test(status), `the result is not shown in the status line: ${JSON.stringify(status)}`);
    assert(s.result.winner === null || s.result.line.length >= 3, `a win without a deciding line: ${JSON.stringify(s.result)}`);
    // A finished game refuses clicks, with a visible explanation.
    const empty = s.cells.find((c) => c.owner === 0);
    if (empty) {
      await clickCell(page, empty.name);
      assert(await page.locator('#message').isVisible(), 'clicking after the end shows no message');
      assert((await state(page)).moves.length === s.moves.length, 'a move was played after the end');
    }
    log(`${s.moves.length} moves, ${status}`);
  });

  test('steal: clicking the engine\'s first stone, and the Steal button', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 2 });
    for (const how of ['click', 'button']) {
      await page.click('#new-game');
      await waitForState(page, '(() => { const s = window.boardlab.state(); return s.moves.length === 1 && !s.thinking; })()', "the engine's first move");
      const first = (await state(page)).moves[0];
      assert((await state(page)).steal === first, `the engine's stone ${first} is not offered for stealing`);
      assert(await page.locator('#steal').isVisible(), 'the Steal button is not visible when a steal is possible');
      assert((await stoneColorAt(page, first)) === 1, `the engine's stone on ${first} is not drawn in player 1's colour`);

      if (how === 'click') await clickCell(page, first);
      else await page.click('#steal');
      await waitForState(page, 'window.boardlab.state().moves.length >= 2', `the steal by ${how}`, 3_000);

      const s = await state(page);
      assert(s.moves[1] === first, `move 2 should be the steal of ${first}, got ${s.moves[1]}`);
      assert(s.cells.find((c) => c.name === first).owner === 2, `${first} does not belong to the human (player 2) after the steal`);
      assert((await stoneColorAt(page, first)) === 2, `${first} is not drawn in the human's colour after the steal (${how})`);
      assert((await page.locator('#legend-p2').innerText()) === 'You', 'the legend does not name player 2 "You"');
      const list = await moveListText(page);
      assert(list.includes(`2. ${first} (steal)`), `the move list does not show "2. ${first} (steal)": ${list}`);
      assert(!(await page.locator('#steal').isVisible()), 'the Steal button is still shown after the steal');
      await waitForHumanTurn(page, 2); // let the engine reply before the next round
    }
  });

  test('engine vs engine at 100 ms: pause, step, resume, and every move within budget', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    await startEngineGame(page);
    await waitForState(page, 'window.boardlab.state().moves.length >= 4', 'four engine moves');

    // Pause stops the engine; nothing moves until Step (exactly one move) or Resume.
    await page.click('#pause');
    let s = await state(page);
    assert(s.paused && !s.thinking, `pause did not stop the engine: ${brief(s)}`);
    const pausedAt = s.moves.length;
    await page.waitForTimeout(400);
    assert((await state(page)).moves.length === pausedAt, 'moves were played while paused');
    if (!s.result) {
      await page.click('#step');
      await waitForState(page, `window.boardlab.state().moves.length === ${pausedAt + 1} && !window.boardlab.state().thinking`, 'the stepped move');
      await page.waitForTimeout(300);
      assert((await state(page)).moves.length === pausedAt + 1, 'Step played more than one move');
      await page.click('#pause'); // Resume
    }

    await finishEngineGame(page, log, { result: /Player [12] wins: |Draw: board full/, timeoutMs: 90_000 });
  });

  test('illegal click is refused with a message; undo takes back the engine reply', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    for (let i = 0; i < 2; i++) {
      await waitForHumanTurn(page, 1);
      const safe = await nonLosingMoves(page);
      await playHumanMove(page, safe.includes('e5') ? 'e5' : safe[0]);
    }
    await waitForHumanTurn(page, 1);
    let s = await state(page);
    assert(s.result === null, `the game ended too early for this test: ${brief(s)}`);
    assert(s.moves.length === 4, `expected 4 moves, got ${s.moves.length}`);

    // An occupied cell: refused, explained, nothing changes.
    const occupied = s.moves[3];
    await clickCell(page, occupied);
    await page.waitForTimeout(200);
    const message = page.locator('#message');
    assert(await message.isVisible(), `clicking the occupied cell ${occupied} shows no message`);
    const text = await message.innerText();
    assert(/occupied/i.test(text), `the message does not explain the refusal: ${JSON.stringify(text)}`);
    const after = await state(page);
    assert(JSON.stringify(after.moves) === JSON.stringify(s.moves) && !after.thinking, `the illegal click changed the game: ${brief(after)}`);

    // Undo goes back to before the human's last move: 4 moves -> 2.
    await page.click('#undo');
    s = await state(page);
    assert(s.moves.length === 2 && s.toMove === 1 && !s.thinking, `undo did not go back two moves: ${brief(s)}`);
    assert(JSON.stringify(s.moves) === JSON.stringify(after.moves.slice(0, 2)), 'undo kept the wrong moves');
    assert(!(await message.isVisible()), 'the old message is still shown after undo');

    // Undo while the engine thinks stops it and takes back the human's move.
    await setThinkTime(page, 5000);
    const safe = await nonLosingMoves(page);
    await playHumanMove(page, safe[0]);
    await waitForState(page, 'window.boardlab.state().thinking', 'the engine to start thinking');
    await page.click('#undo');
    s = await state(page);
    assert(!s.thinking && s.moves.length === 2 && s.toMove === 1, `undo while thinking did not stop and go back: ${brief(s)}`);
    assert(!(await page.locator('#spinner').isVisible()), 'the thinking spinner is still shown after undo');

    // The restarted engine still plays.
    await setThinkTime(page, 100);
    await playHumanMove(page, (await nonLosingMoves(page))[0]);
    await waitForHumanTurn(page, 1);
    s = await state(page);
    assert(s.moves.length === 4 || s.result !== null, `the engine did not reply after the restart: ${brief(s)}`);
  });

  test('engine crash: the error is shown, the game is kept, and the engine recovers', async ({ page, url }) => {
    // The first engine worker gets a module whose search traps like a Rust panic in wasm does.
    // The glue has a content-hashed name (pkg/boardlab-<hash>.js, see scripts/build-site.sh);
    // the page loads it first, then the worker.
    let served = 0;
    await page.route(/\/pkg\/boardlab-[0-9a-f]+\.js$/, async (route) => {
      served += 1;
      const response = await route.fetch();
      let body = await response.text();
      if (served === 2) {
        body = body.replace(
          'export function search(',
          'export function search() { throw new WebAssembly.RuntimeError("unreachable"); }\nfunction originalSearch(',
        );
      }
      await route.fulfill({ response, body });
    });
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    await playHumanMove(page, 'e5');
    await waitForState(page, "window.boardlab.state().message.includes('Engine error')", 'the engine error message');
    let s = await state(page);
    assert(JSON.stringify(s.moves) === '["e5"]' && !s.thinking, `the game was not kept after the crash: ${brief(s)}`);
    assert(await page.locator('#message').isVisible(), 'the error message is not visible');
    await page.click('#message .message-action'); // Retry
    await waitForHumanTurn(page, 1);
    s = await state(page);
    assert(s.moves.length === 2 && s.moves[0] === 'e5', `the engine did not play after Retry: ${brief(s)}`);
  }, { timeoutMs: 30_000 });

  test('the engine as player 2 steals a centre opening, says so; the move list says "(steal)"', async ({ page, url }) => {
    // The engine's search rates stealing e5 far above any other reply (about +25 against -28 at
    // every depth it reaches in 0.5 s), so this does not hang on a close call.
    await openPlayground(page, url, { game: GAME, thinkMs: 500, humanSide: 1 });
    await playHumanMove(page, 'e5');
    await waitForHumanTurn(page, 1);
    const s = await state(page);
    assert(s.moves[1] === 'e5', `the engine did not steal e5: ${brief(s)}`);
    assert(s.cells.find((c) => c.name === 'e5').owner === 2, `e5 is not the engine's after its steal: ${brief(s)}`);
    assert(s.toMove === 1 && s.legal.length === 60, `player 1 should move again on the 60 empty cells: ${brief(s)}`);
    const list = await moveListText(page);
    assert(list.includes('2. e5 (steal)'), `the move list does not show "2. e5 (steal)": ${list}`);
    assert((await stoneColorAt(page, 'e5')) === 2, 'the stolen stone is not drawn in player 2\'s colour');
    assert(/stole the stone on e5/.test(s.message), `the engine's steal was not announced: ${JSON.stringify(s.message)}`);
    // The steal came from the opening book, and the panel says so (the wasm result's book flag).
    const who = await page.locator('#search-who').innerText();
    assert(who.endsWith('· book'), `the panel heading does not say "book": ${who}`);
    assert((await page.locator('#search-at-once').innerText()).includes('opening book'), 'no note that the move came from the opening book');
    assert(!(await page.locator('#search-stats').isVisible()), 'search numbers shown for a move nothing searched');
  });

  test('the wasm search returns the opening book\'s move with book: true only when asked', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 250 });
    const [booked, searched, later] = await page.evaluate(async () => {
      const { describe, search } = await import('./pkg/boardlab.js'); // the page's already-initialised module
      const run = (moves, book) => search('yavalath', '', moves, { budget_ms: 100, book }, () => {});
      const booked = run('a1', true);
      // The book's answer, played: describe() refuses an illegal move by throwing.
      return [{ ...booked, after: describe('yavalath', '', `a1 ${booked.best}`).ply }, run('a1', false), run(`a1 ${booked.best}`, true)];
    });
    assert(booked.book === true && booked.stop === 'book' && booked.last === null && booked.nodes === 0, `the book's answer: ${JSON.stringify(booked)}`);
    assert(booked.after === 2, `the book's answer ${booked.best} is a legal second move`);
    assert(searched.book === false && searched.stop !== 'book' && searched.nodes > 0, `without book: true the position is searched: ${JSON.stringify({ ...searched, last: undefined })}`);
    assert(later.book === false && later.nodes > 0, 'the book covers the first two turns only');
  });

  test('position text: the Position box reopens as a setup, the steal state kept; errors name the row', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    let text = await positionRoundTrip(page);
    assert(text === '...../....../......./......../........./......../......./....../..... x steal', `the empty board reads ${text}`);
    // After the first stone the steal is open, and stays open through the round trip.
    await playHumanMove(page, 'd4');
    text = await positionRoundTrip(page);
    assert(text.endsWith(' o steal'), `the steal is not open in ${text}`);
    let s = await state(page);
    assert(s.steal === 'd4' && (await page.locator('#steal').isVisible()), `the steal of d4 is not offered after the import: ${brief(s)}`);
    // Steal, then two more stones: no steal is left to come.
    await playHumanMove(page, 'd4');
    await playHumanMove(page, 'c3');
    await playHumanMove(page, 'g6');
    text = await positionRoundTrip(page);
    const board = text.split(' ')[0];
    assert(text.endsWith(' x -') && board.match(/o/g)?.length === 2 && board.match(/x/g)?.length === 1, `after a steal and two stones: ${text}`);

    // A broken string: refused with the row and cell named; the game in play goes on.
    const broken = text.replace(/^(\S+?\/\S+?\/)\./, '$1?');
    await page.fill('#setup-text', broken);
    await page.press('#setup-text', 'Enter');
    await waitForState(page, "window.boardlab.state().message.includes('refused')", 'the refusal of a broken position');
    s = await state(page);
    assert(/row c, cell 1 \(c1\): '\?'/.test(s.message), `the error does not name the row and cell: ${JSON.stringify(s.message)}`);
    assert(s.setup === text, `a refused setup replaced the game: ${brief(s)}`);
  });

  test('the best line on the board: a cell played twice (the steal) is numbered "1/2"; its cells keep their scores beside the numbers', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    // The renderer draws what the app gives it; here, a line that opens d8 and steals it.
    const drawn = await page.evaluate(() => {
      const board = window.boardlab.board();
      // a5: a move the search left out, its one-ply guess numbered only where the pointer is.
      board.overlay({ heat: [{ move: 'd8', value: 1, label: '+5' }, { move: 'a1', value: -1, label: '-40' }, { move: 'a5', value: 0, label: '~+3', static: true }], pv: ['d8', 'd8', 'c3'] });
      return board.inspect();
    });
    const line = drawn.line.map((d) => `${d.cell}:${d.number}`).join(' ');
    assert(line === 'd8:1/2 c3:3', `the line's numbers are ${line}`);
    const labels = drawn.labels.map((d) => `${d.cell}:${d.label}:${d.at}`).sort().join(' ');
    assert(labels === 'a1:-40:centre d8:+5:edge', `heat labels ${labels}: both must show, d8's at the edge of its numbered stone, a5's (static) not`);
    await page.mouse.move(...Object.values(await page.evaluate(() => window.boardlab.cellCenter('a5'))));
    const pointed = await page.evaluate(() => window.boardlab.board().inspect().labels.map((d) => d.cell));
    assert(pointed.includes('a5'), `pointing at the static a5 does not show its number: ${pointed}`);
  });
});
