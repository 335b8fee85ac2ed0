// Browser tests of Amazons on the playground: the seeded start, a human-vs-engine game played by
// three clicks a move, cancelling a half-made move, refused clicks and undo, typed seeds, an
// engine-vs-engine game to its end, the Territory shading, and the MCTS engine with its
// root-move table and heatmap, and how the best line and the heat labels share the board. Every
// test opens the page through ?game=amazons.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { finishEngineGame, playHumanGame, startCustomSetup, startEngineGame } from './gametests.mjs';
import {
  ARTIFACTS,
  assertWithinBudget,
  assert,
  brief,
  clickCell,
  describeInPage,
  openPlayground,
  playHumanMove,
  state,
  suite,
  waitForHumanTurn,
  waitForState,
} from './lib.mjs';

const GAME = 'amazons';

/** Seed 0 as rules.md lists it (CodinGame's java.util.Random placement). */
const SEED0 = { white: ['d3', 'g1', 'b6', 'g6'], black: ['e6', 'b8', 'g3', 'b3'], moves: 1062 };

function owners(s, owner) {
  return s.cells.filter((c) => c.owner === owner).map((c) => c.name).sort();
}

/** The three clicks of a move text: 'd3d4d3' -> ['d3', 'd4', 'd3']. */
function clicksOf(move) {
  return [move.slice(0, 2), move.slice(2, 4), move.slice(4, 6)];
}

/** The page's own wasm territory() of a position (tests keep no rules or measures of their own). */
function territoryInPage(page, setup, moves) {
  return page.evaluate(
    async ([s, m]) => {
      const { territory } = await import('./pkg/boardlab.js');
      return territory('amazons', s, m.join(' '));
    },
    [setup, moves],
  );
}

/** The totals line under the board as it must read for territory() `t`. */
function totalsLine(t) {
  const { white, black, contested, dead, exposed } = t.totals;
  const side = (name, owned, open) => `${name} ${owned}${open > 0 ? ` (${open} exposed)` : ''}`;
  return `Territory: ${side('White', white, exposed.white)} · ${side('Black', black, exposed.black)} · contested ${contested}${dead > 0 ? ` · dead ${dead}` : ''}`;
}

/** Waits until the page shows territory for its position, then checks it is the engine's. */
async function expectTerritoryShown(page, what) {
  await waitForState(page, 'window.boardlab.state().territory !== null', `territory on the board (${what})`);
  const s = await state(page);
  const t = await territoryInPage(page, s.setup, s.moves);
  assert(JSON.stringify(s.territory.totals) === JSON.stringify(t.totals), `${what}: the board shades ${JSON.stringify(s.territory.totals)}, the engine says ${JSON.stringify(t.totals)}`);
  const line = await page.locator('#territory-totals').innerText();
  assert(line === totalsLine(t), `${what}: the totals read ${JSON.stringify(line)}, expected ${JSON.stringify(totalsLine(t))}`);
  return t;
}

/**
 * The canvas brightness (0..255) a quarter of a square in from the top-left corner of square
 * `name`: inside a territory tile, away from the middle where pieces and marks go.
 */
function brightnessAt(page, name) {
  return page.evaluate((n) => {
    const canvas = document.getElementById('board');
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / rect.width;
    const a1 = window.boardlab.cellCenter('a1');
    const size = window.boardlab.cellCenter('b1').x - a1.x;
    const c = window.boardlab.cellCenter(n);
    const px = Math.round((c.x - rect.left - 0.25 * size) * scale);
    const py = Math.round((c.y - rect.top - 0.25 * size) * scale);
    const [r, g, b] = canvas.getContext('2d').getImageData(px, py, 1, 1).data;
    return (r + g + b) / 3;
  }, name);
}

/**
 * A white-owned and a black-owned square of the same checker colour, each at most two queen
 * moves from its owner, not sealed and not part of the last move: with the shading off they
 * look the same, with it on white's must be the lighter.
 */
function tilePair(t, lastMove) {
  const parity = (name) => (name.charCodeAt(0) + Number(name[1])) % 2;
  const skip = new Set(lastMove ? [lastMove.slice(0, 2), lastMove.slice(2, 4)] : []);
  const near = (q, side) => q.claim === side && !q.sealed && !skip.has(q.name) && q.queen[side === 'white' ? 0 : 1] <= 2;
  for (const w of t.squares.filter((q) => near(q, 'white'))) {
    const b = t.squares.find((q) => near(q, 'black') && parity(q.name) === parity(w.name));
    if (b) return [w.name, b.name];
  }
  return null;
}

/** The MCTS table's rows as shown: [{move, visits, value}]. */
function tableRows(page) {
  return page.$$eval('#mcts-body tr[data-move]', (trs) =>
    trs.map((tr) => ({ move: tr.dataset.move, visits: Number(tr.dataset.visits), value: Number(tr.dataset.value) })),
  );
}

/** Whether `values` never go up (dir "descending") or never go down ("ascending"). */
function ordered(values, dir) {
  return values.every((v, i) => i === 0 || (dir === 'descending' ? values[i - 1] >= v : values[i - 1] <= v));
}

/** The squares the renderer offers after `clicks`, read from the legal moves (as it does). */
function offered(s, clicks) {
  const prefix = clicks.join('');
  return new Set(s.legal.filter((m) => m.startsWith(prefix)).map((m) => m.slice(2 * clicks.length, 2 * clicks.length + 2)));
}

export default suite(GAME, (test) => {
  test('seed 0 start: the CodinGame position, 1062 moves, and a screenshot', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    const s = await state(page);
    assert(s.cells.length === 64, `expected 64 squares, got ${s.cells.length}`);
    assert(JSON.stringify(owners(s, 1)) === JSON.stringify([...SEED0.white].sort()), `white amazons: ${owners(s, 1)}`);
    assert(JSON.stringify(owners(s, 2)) === JSON.stringify([...SEED0.black].sort()), `black amazons: ${owners(s, 2)}`);
    assert(s.legal.length === SEED0.moves && s.toMove === 1, `expected ${SEED0.moves} moves for white, got ${s.legal.length} for ${s.toMove}`);
    const box = await page.locator('#board').boundingBox();
    for (const c of s.cells) {
      const p = await page.evaluate((n) => window.boardlab.cellCenter(n), c.name);
      assert(p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height, `${c.name} is drawn off the canvas`);
    }
    // Two moves, then a half-made move on screen for the picture: an amazon picked, its
    // destination chosen, the arrow squares lit.
    for (const move of ['d3d4d3', 'g1g2b2']) {
      await waitForHumanTurn(page, 1);
      const now = await state(page);
      const pick = now.legal.includes(move) ? move : now.legal[0];
      await playHumanMove(page, clicksOf(pick));
    }
    await waitForHumanTurn(page, 1);
    const now = await state(page);
    const [from, to] = clicksOf(now.legal[now.legal.length - 1]);
    await clickCell(page, from);
    await clickCell(page, to);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'amazons.png') });
    const walls = now.cells.filter((c) => c.wall).length;
    assert(walls === 4, `four burned squares after four moves, got ${walls}`);
  });

  test('human vs engine: a game played move by move with three clicks each', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    const { s, status } = await playHumanGame(page, log, {
      turns: 40,
      turnMs: 20_000,
      endMs: 30_000,
      pick: (now, random) => {
        const move = now.legal[Math.floor(random() * now.legal.length)];
        const clicks = clicksOf(move);
        // Before each click, what the board offers must contain the next square of the move.
        for (let i = 0; i < 3; i++) {
          assert(offered(now, clicks.slice(0, i)).has(clicks[i]), `${clicks[i]} is not offered after ${clicks.slice(0, i)}`);
        }
        return { move, clicks };
      },
    });
    assert(/(White|Black) wins: (White|Black) has no move/.test(status), `the result is not shown: ${JSON.stringify(status)}`);
    assert(s.result.reason === 'no-moves' && s.result.line.length > 0, `the result names no trapped amazons: ${JSON.stringify(s.result)}`);
    log(`${s.moves.length} moves, ${status}`);
  }, { timeoutMs: 120_000 });

  test('a half-made move can be cancelled; illegal clicks are refused with a reason; undo', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    // Pick d3 and click it again to cancel; pick g1, choose g2, and press Escape.
    await clickCell(page, 'd3');
    await clickCell(page, 'd3');
    await clickCell(page, 'g1'); // a fresh selection: g1
    await clickCell(page, 'g2');
    // The queen move is chosen: the message says to shoot, and every arrow square is marked,
    // washed in orange so it shows (a pixel of its corner is orange, not the square's colour).
    assert(/Now shoot the arrow/.test((await state(page)).message), `no "shoot the arrow" after the queen move: ${(await state(page)).message}`);
    const arrowsOfG1G2 = (await state(page)).legal.filter((m) => m.startsWith('g1g2')).map((m) => m.slice(4, 6)).sort();
    const marked = (await page.evaluate(() => window.boardlab.board().inspect())).arrowTargets.sort();
    assert(marked.join(' ') === arrowsOfG1G2.join(' '), `arrow squares marked: ${marked}, legal: ${arrowsOfG1G2}`);
    const corner = await page.evaluate((name) => {
      const canvas = document.getElementById('board');
      const at = window.boardlab.cellCenter(name);
      const rect = canvas.getBoundingClientRect();
      const k = canvas.width / rect.width;
      const size = rect.width / 9; // about a square (8 and the margins)
      const [r, g, b] = canvas.getContext('2d').getImageData(Math.round((at.x - rect.left - size * 0.35) * k), Math.round((at.y - rect.top - size * 0.35) * k), 1, 1).data;
      return { r, g, b };
    }, marked[0]);
    assert(corner.r > corner.b + 40, `the arrow square ${marked[0]} is not washed in orange: rgb ${JSON.stringify(corner)}`);
    await page.keyboard.press('Escape');
    // After the cancels, three clicks still make exactly the intended move.
    await playHumanMove(page, ['d3', 'd4', 'd3']);
    let s = await state(page);
    assert(s.moves[0] === 'd3d4d3', `expected d3d4d3 after cancelling, got ${s.moves[0]}`);
    await waitForHumanTurn(page, 1);

    // A square the picked amazon cannot reach: refused, with the engine's reason, nothing played.
    s = await state(page);
    const before = s.moves.length;
    const blackAmazon = owners(s, 2)[0];
    await clickCell(page, 'd4');
    await clickCell(page, blackAmazon); // an occupied square: never a destination
    await page.waitForTimeout(200);
    const message = page.locator('#message');
    assert(await message.isVisible(), 'the refused click shows no message');
    const text = await message.innerText();
    assert(/cannot reach/.test(text), `the message does not explain the refusal: ${JSON.stringify(text)}`);
    let after = await state(page);
    assert(after.moves.length === before && !after.thinking, `the refused click changed the game: ${brief(after)}`);

    // An opponent's amazon cannot be picked.
    await clickCell(page, blackAmazon);
    await page.waitForTimeout(200);
    assert(/is Black's amazon/.test(await message.innerText()), `picking a black amazon is not explained: ${await message.innerText()}`);

    // Undo takes back the engine's reply and the human's move.
    await page.click('#undo');
    after = await state(page);
    assert(after.moves.length === 0 && after.toMove === 1, `undo did not go back to the start: ${brief(after)}`);
  });

  test('a typed seed starts CodinGame\'s position for that seed', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    await startCustomSetup(page, 'seed:42');
    const s = await state(page);
    assert(JSON.stringify(owners(s, 1)) === JSON.stringify(['a3', 'a7', 'e3', 'f8']), `seed 42 white: ${owners(s, 1)}`);
    assert(s.legal.length === 1169, `seed 42 has 1169 moves, got ${s.legal.length}`);
    // A random seed deals some other start and shows its seed.
    await page.selectOption('#setup', { label: 'Random seed' });
    await waitForState(page, "/^seed:\\d+$/.test(window.boardlab.state().setup) && window.boardlab.state().setup !== 'seed:42'", 'a random seed');
  });

  test('territory: off by default; on, it shades the squares with the engine\'s totals in both themes, and follows moves, undo and new games', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    await page.selectOption('#mode', 'human-human');
    assert(await page.locator('#territory-field').isVisible(), 'Amazons offers no Territory toggle');
    assert(!(await page.locator('#territory').isChecked()), 'Territory is on by default');
    assert((await state(page)).territory === null && (await page.locator('#territory-info').isHidden()), 'territory is shown while off');

    await page.check('#territory');
    const start = await expectTerritoryShown(page, 'the start');
    const pair = tilePair(start, null);
    assert(pair, 'the start has no white and black square to compare');
    const [white, black] = pair;
    await page.mouse.move(0, 0); // no hover highlight on the board
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(100); // the renderer redraws on the theme change
      const [w, b] = [await brightnessAt(page, white), await brightnessAt(page, black)];
      assert(w > b + 40, `${scheme}: white's ${white} (${w}) is not clearly lighter than black's ${black} (${b})`);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.locator('.board-area').screenshot({ path: path.join(ARTIFACTS, `amazons-territory-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // A move, an undo and a new game each show the territory of the new position.
    await playHumanMove(page, ['d3', 'd4', 'd3']);
    const after = await expectTerritoryShown(page, 'after d3d4d3');
    assert(JSON.stringify(after.totals) !== JSON.stringify(start.totals), 'the move changed nothing in the totals: a stale display would pass');
    await page.click('#undo');
    await waitForState(page, 'window.boardlab.state().moves.length === 0', 'the undo');
    assert(JSON.stringify((await expectTerritoryShown(page, 'after undo')).totals) === JSON.stringify(start.totals), 'undo did not bring the start\'s territory back');
    await playHumanMove(page, ['d3', 'd4', 'd3']);
    await page.click('#new-game');
    await waitForState(page, 'window.boardlab.state().moves.length === 0', 'the new game');
    assert(JSON.stringify((await expectTerritoryShown(page, 'a new game')).totals) === JSON.stringify(start.totals), 'a new game kept the old territory');

    // Off: no shading (the two squares look alike again) and no totals.
    await page.uncheck('#territory');
    assert((await state(page)).territory === null, 'unchecking kept the territory');
    assert(await page.locator('#territory-info').isHidden(), 'unchecking kept the totals');
    const [w, b] = [await brightnessAt(page, white), await brightnessAt(page, black)];
    assert(w === b, `with the shading off ${white} (${w}) and ${black} (${b}) still differ`);
  });

  test('territory: kept over a reload, only offered for Amazons, drawn with a sealed region and under the heatmap', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    await page.check('#territory');
    await page.reload();
    await waitForState(page, () => window.boardlab?.state().toMove != null, 'the reload', 20_000);
    assert(await page.locator('#territory').isChecked(), 'the Territory setting was not kept');
    await expectTerritoryShown(page, 'after a reload');

    await page.selectOption('#game', 'yavalath');
    await waitForState(page, "window.boardlab.state().game === 'yavalath'", 'Yavalath');
    assert(await page.locator('#territory-field').isHidden(), 'Yavalath offers a Territory toggle');
    assert(await page.locator('#territory-info').isHidden(), 'Yavalath shows territory totals');
    assert((await state(page)).territory === null, 'Yavalath has territory');
    await page.selectOption('#game', GAME);
    await waitForState(page, `window.boardlab.state().game === '${GAME}'`, 'Amazons again');
    await expectTerritoryShown(page, 'back to Amazons');

    // White's a1 amazon is walled into a1-b1-c1: b1 and c1 are sealed, two moves, exact.
    const sealed = '......../......../...b..../......../....w.../......../----..../w..-.... w';
    await startCustomSetup(page, sealed);
    const t = await expectTerritoryShown(page, 'a sealed region');
    assert(t.totals.sealed.white === 2 && t.totals.sealed.black === 0, `expected b1, c1 sealed for white: ${JSON.stringify(t.totals)}`);
    const line = await page.locator('#territory-sealed').innerText();
    assert(line === 'Sealed: White 2 squares, 2 moves', `the sealed line reads ${JSON.stringify(line)}`);

    // Analysis with the heatmap: both are drawn, the heatmap on top; each toggle changes the board.
    await page.selectOption('#mode', 'analysis');
    await page.selectOption('#analysis-budget', '600000');
    await waitForState(page, '(window.boardlab.state().overlay?.heat?.length ?? 0) > 0', 'a heatmap', 15_000);
    await page.click('#analysis-stop');
    const both = await page.evaluate(() => document.getElementById('board').toDataURL());
    assert((await state(page)).territory !== null, 'the heatmap took the territory away');
    await page.uncheck('#overlay');
    const territoryOnly = await page.evaluate(() => document.getElementById('board').toDataURL());
    assert(both !== territoryOnly, 'the heatmap is not drawn over the territory');
    await page.uncheck('#territory');
    const neither = await page.evaluate(() => document.getElementById('board').toDataURL());
    assert(territoryOnly !== neither, 'the territory is not drawn under the heatmap');
  });

  test('engine vs engine at 100 ms: a game to its end, every move within budget', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    await startEngineGame(page);
    await finishEngineGame(page, log, { result: /(White|Black) wins/, timeoutMs: 120_000 });
    assert(await page.locator('#search-stats').isVisible(), 'the search panel shows no statistics');
  }, { timeoutMs: 150_000 });

  test('MCTS: the default, an engine choice that is kept; it analyses; the root-move table sorts and drills down; the heatmap draws', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    assert(await page.locator('#engine-field').isVisible(), 'no engine picker for Amazons');
    // A fresh page plays Amazons with the measured default, MCTS.
    assert((await state(page)).engine === 'mcts' && (await page.inputValue('#engine')) === 'mcts', 'MCTS is not the default');
    // The choice is a kept setting: alpha-beta survives a reload.
    await page.selectOption('#engine', 'alphabeta');
    assert((await state(page)).engine === 'alphabeta', 'picking alpha-beta did not take');
    await page.reload();
    await waitForState(page, () => window.boardlab?.state().toMove != null, 'the page to load again', 20_000);
    assert((await state(page)).engine === 'alphabeta' && (await page.inputValue('#engine')) === 'alphabeta', 'the engine choice was not kept');
    // The share link names the engine, and opening it elsewhere (MCTS stored) picks it again.
    const link = await page.locator('#share-link').inputValue();
    assert(new URL(link).hash.includes('engine=alphabeta'), `the share link does not name the engine: ${link}`);
    await page.selectOption('#engine', 'mcts');
    assert((await state(page)).engine === 'mcts', 'picking MCTS did not take');
    const other = await page.context().newPage();
    await other.goto(link);
    await waitForState(other, () => window.boardlab?.state().toMove != null, 'the shared link to open', 20_000);
    assert((await state(other)).engine === 'alphabeta' && (await other.inputValue('#engine')) === 'alphabeta', 'the link did not pick its engine');
    await other.close();

    // Against the engine: its reply is an MCTS search within the budget.
    await playHumanMove(page, ['d3', 'd4', 'd3']);
    await waitForHumanTurn(page, 1, 20_000);
    let s = await state(page);
    assert(s.report.engine === 'mcts' && s.report.playouts > 0, `the reply was not an MCTS search: ${JSON.stringify(s.report)}`);
    assertWithinBudget(s);
    assert((await page.locator('#stat-nodes-label').innerText()) === 'Iterations', 'the panel does not speak of iterations');

    // Analysis: the panel's numbers, the table, the heatmap.
    await page.selectOption('#mode', 'analysis');
    await page.selectOption('#analysis-budget', '600000');
    await waitForState(
      page,
      '(() => { const s = window.boardlab.state(); return s.analysing && s.report?.engine === "mcts" && s.report.playouts >= 300 && (s.overlay?.heat?.length ?? 0) > 0; })()',
      'an MCTS analysis with a heatmap',
      20_000,
    );
    await page.click('#analysis-stop'); // a still report, so the table holds still
    s = await state(page);
    for (const [id, label] of [['stat-depth-label', 'Tree depth'], ['stat-nps-label', 'Playouts/s'], ['stat-score-label', 'Value']]) {
      const text = await page.locator(`#${id}`).innerText();
      assert(text === label, `#${id} reads ${JSON.stringify(text)}, not ${label}`);
    }
    assert(/%|win in|loss in/.test(await page.locator('#stat-score').innerText()), 'the value is not a winning chance');
    assert(/\(mean \d/.test(await page.locator('#stat-depth').innerText()), 'the tree depth has no mean');

    // The table: every root move, most visited first. The heatmap has every visited one as
    // searched, and every other legal move with its static score.
    let rows = await tableRows(page);
    const searchedHeat = s.overlay.heat.filter((h) => !h.static);
    const visitedRows = rows.filter((r) => r.visits > 0);
    assert(visitedRows.length === searchedHeat.length && rows.length > 1, `${visitedRows.length} visited rows for ${searchedHeat.length} searched heat moves`);
    assert(s.overlay.heat.length === s.legal.length, `${s.overlay.heat.length} heat moves for ${s.legal.length} legal moves`);
    assert(rows.every((r) => s.legal.includes(r.move)), 'a row is not a legal move');
    assert(ordered(rows.map((r) => r.visits), 'descending'), `not by visits: ${rows.map((r) => r.visits)}`);
    // MCTS keeps the part of its last tree the position is in: those visits count too.
    const visitsSum = rows.reduce((n, r) => n + r.visits, 0);
    assert(visitsSum === s.report.playouts + s.report.reused, `the visits (${visitsSum}) do not add up to the iterations (${s.report.playouts} + ${s.report.reused} kept)`);
    // Sorting: Value (best first, then reversed), then Move (alphabetical).
    await page.click('#mcts-table th button[data-sort="value"]');
    rows = await tableRows(page);
    assert(ordered(rows.map((r) => r.value), 'descending'), `not by value: ${rows.map((r) => r.value)}`);
    assert((await page.getAttribute('#mcts-table th:has(button[data-sort="value"])', 'aria-sort')) === 'descending', 'aria-sort not set');
    await page.click('#mcts-table th button[data-sort="value"]');
    rows = await tableRows(page);
    assert(ordered(rows.map((r) => r.value), 'ascending'), 'a second click does not reverse the order');
    await page.click('#mcts-table th button[data-sort="move"]');
    rows = await tableRows(page);
    assert(ordered(rows.map((r) => r.move), 'ascending'), `not by move: ${rows.map((r) => r.move)}`);
    await page.click('#mcts-table th button[data-sort="visits"]');

    // Drill down: the most visited move's replies, legal after it; then back.
    rows = await tableRows(page);
    const top = rows[0].move;
    await page.click(`#mcts-body tr[data-move="${top}"]`);
    s = await state(page);
    assert(s.mctsTable.drill === top, `clicking ${top} did not drill down: ${JSON.stringify(s.mctsTable)}`);
    assert((await page.locator('#mcts-caption').innerText()).startsWith(`Replies to ${top}`), 'the caption does not name the move');
    const replies = await tableRows(page);
    const after = await describeInPage(page, GAME, s.setup, [...s.moves, top]);
    assert(replies.length > 0 && replies.every((r) => after.legal.includes(r.move)), `replies are not legal after ${top}: ${replies.map((r) => r.move)}`);
    assert(replies.reduce((n, r) => n + r.visits, 0) < rows[0].visits, 'the replies have more visits than the move');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'amazons-mcts.png') });
    await page.click('#mcts-back');
    s = await state(page);
    assert(s.mctsTable.drill === null && s.mctsTable.rows[0] === top, 'Back does not return to the root moves');

    // The heatmap: coloured by visits (the most visited move at 1), then by value, with a legend.
    assert(await page.locator('#heat-legend').isVisible(), 'no legend beside the MCTS heatmap');
    assert((await page.locator('#heat-legend').innerText()).includes('Most visits'), 'the legend does not say visits');
    assert(s.overlay.heat.some((h) => h.value === 1) && s.overlay.heat.every((h) => h.value >= -1 && h.value <= 1), 'bad visit heat');
    const byVisits = await page.evaluate(() => document.getElementById('board').toDataURL());
    await page.selectOption('#heat-by', 'value');
    s = await state(page);
    assert((await page.locator('#heat-legend').innerText()).includes('Best'), 'the legend does not follow the value colouring');
    const valued = s.overlay.heat.filter((h) => !h.static);
    assert(valued.every((h) => /^(\d+|W\d+|L\d+)$/.test(h.label)), `value labels are not percentages: ${valued.map((h) => h.label)}`);
    const statics = s.overlay.heat.filter((h) => h.static);
    assert(statics.every((h) => /^~([+-]?\d+|0|W\d+|L\d+)$/.test(h.label)), `static labels do not read "~score": ${statics.slice(0, 5).map((h) => h.label)}`);
    const byValue = await page.evaluate(() => document.getElementById('board').toDataURL());
    await page.uncheck('#overlay');
    await page.waitForTimeout(50);
    const without = await page.evaluate(() => document.getElementById('board').toDataURL());
    assert(byVisits !== without && byValue !== without && byVisits !== byValue, 'the MCTS heatmap changes nothing on the board');
    log(`${s.report.playouts} iterations, best ${s.mctsTable.rows[0]}, ${replies.length} replies to it`);
    // Back to alpha-beta: its usual panel.
    await page.check('#overlay');
    await page.selectOption('#engine', 'alphabeta');
    await waitForState(page, 'window.boardlab.state().report?.engine === "alphabeta"', 'an alpha-beta analysis', 20_000);
    assert(await page.locator('#mcts-table').isHidden(), 'the MCTS table stays for alpha-beta');
    assert((await page.locator('#stat-nodes-label').innerText()) === 'Nodes', 'the alpha-beta panel speaks of iterations');
  }, { timeoutMs: 120_000 });

  test('the best line shows its first three moves; every square\'s score stays readable over it', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    const s = await state(page);
    // A line of eight moves and a heatmap over some moves, drawn as the app would pass them.
    const line = s.legal.filter((m, i, all) => all.findIndex((n) => n.slice(2, 4) === m.slice(2, 4)) === i).slice(0, 8);
    const heat = line.map((move, i) => ({ move, value: 1 - i / 4, label: `+${20 - i}` }));
    const drawn = await page.evaluate(([h, pv]) => {
      const board = window.boardlab.board();
      board.overlay({ heat: h, pv });
      return board.inspect();
    }, [heat, line]);
    const numbers = drawn.line.map((d) => `${d.cell}:${d.number}`).join(' ');
    const expected = line.slice(0, 3).map((m, i) => `${m.slice(2, 4)}:${i + 1}`).join(' ');
    assert(numbers === expected, `the line drawn is ${numbers}, not the first three moves ${expected}`);
    const labels = drawn.labels.map((d) => d.cell).sort().join(' ');
    const squares = line.map((m) => m.slice(2, 4)).sort().join(' ');
    assert(labels === squares, `labels drawn on ${labels}, expected every scored square ${squares}`);
    const rules = (await page.locator('#rules-body').textContent()).replace(/\s+/g, ' ');
    assert(/a square that none of them reaches shows its best move's static score/.test(rules), 'the rules do not say what the heatmap covers');
  });

  for (const engine of ['alphabeta', 'mcts']) {
    test(`heatmap (${engine}): every square an amazon can reach is coloured, searched and static moves apart; pointing at one shows its arrows`, async ({ page, url, log }) => {
      await openPlayground(page, url, { game: GAME });
      await page.selectOption('#engine', engine);
      await page.selectOption('#mode', 'analysis');
      await waitForState(
        page,
        `(() => { const s = window.boardlab.state(); return s.analysing && s.report?.engine === ${JSON.stringify(engine)} && (s.overlay?.heat ?? []).some((h) => h.static); })()`,
        'an analysis with searched and static heat',
        20_000,
      );
      await page.click('#analysis-stop'); // a still report, so the board holds still
      await page.waitForTimeout(100);
      const s = await state(page);
      const drawn = await page.evaluate(() => window.boardlab.board().inspect());
      // Every destination of a legal move (seed 0: 1062 moves onto 43 squares) is coloured.
      const destinations = new Set(s.legal.map((m) => m.slice(2, 4)));
      const coloured = new Set(drawn.heat.map((h) => h.cell));
      assert(s.legal.length === SEED0.moves, `${s.legal.length} legal moves at seed 0`);
      const missing = [...destinations].filter((d) => !coloured.has(d));
      assert(missing.length === 0 && coloured.size === destinations.size, `squares not coloured: ${missing.join(' ')} (${coloured.size} of ${destinations.size})`);
      // Each square shows a move landing on it: a searched one wherever the search valued one,
      // else a static one; both kinds are on the board at the start.
      const searched = new Set(s.overlay.heat.filter((h) => !h.static).map((h) => h.move));
      for (const h of drawn.heat) {
        assert(h.move.slice(2, 4) === h.cell && s.legal.includes(h.move), `${h.cell} shows ${h.move}`);
        const searchedThere = [...searched].some((m) => m.slice(2, 4) === h.cell);
        assert((h.kind === 'searched') === searchedThere, `${h.cell} drawn ${h.kind}, though the search ${searchedThere ? 'valued' : 'left out'} the moves there`);
        assert((h.kind === 'searched') === searched.has(h.move), `${h.cell}: ${h.move} drawn ${h.kind}`);
      }
      const kinds = drawn.heat.map((h) => h.kind);
      assert(kinds.includes('searched') && kinds.includes('static'), `kinds drawn: ${[...new Set(kinds)]}`);
      // The legend explains the static style.
      assert(await page.locator('#heat-legend-static').isVisible(), 'the legend does not explain the static squares');
      assert(/not searched/.test(await page.locator('#heat-legend').innerText()), 'the legend does not say "not searched"');

      // Pointing at a static square: the best move there, its queen path, a tile on each square
      // its arrow can burn (every arrow of that queen move).
      const target = drawn.heat.find((h) => h.kind === 'static');
      const at = await page.evaluate((n) => window.boardlab.cellCenter(n), target.cell);
      await page.mouse.move(at.x, at.y);
      await page.waitForTimeout(50);
      const hovered = await page.evaluate(() => window.boardlab.board().inspect());
      // Numbers only where the search valued a move, and on the square pointed at.
      const labelled = (d) => new Set(d.labels.map((l) => l.cell));
      const searchedSquares = drawn.heat.filter((h) => h.kind === 'searched').map((h) => h.cell);
      assert(labelled(drawn).size === searchedSquares.length && searchedSquares.every((c) => labelled(drawn).has(c)), `numbers on ${[...labelled(drawn)]}, searched squares ${searchedSquares}`);
      assert(labelled(hovered).has(target.cell) && labelled(hovered).size === searchedSquares.length + 1, `pointing at the static ${target.cell} does not show its number alone among the static ones`);
      const queen = target.move.slice(0, 4);
      assert(hovered.arrows?.queen === queen, `pointing at ${target.cell} shows ${hovered.arrows?.queen}, not ${queen}`);
      const arrowSquares = new Set(s.legal.filter((m) => m.startsWith(queen)).map((m) => m.slice(4, 6)));
      const tiles = new Set(hovered.arrows.squares.map((a) => a.cell));
      assert(tiles.size === arrowSquares.size && [...arrowSquares].every((a) => tiles.has(a)), `arrow tiles ${[...tiles]} for arrows ${[...arrowSquares]}`);
      assert(hovered.arrows.squares.every((a) => a.move === queen + a.cell && (a.kind === 'searched') === searched.has(a.move)), 'an arrow tile shows another move or the wrong kind');
      // Off the board: no arrows.
      await page.mouse.move(1, 1);
      await page.waitForTimeout(50);
      assert((await page.evaluate(() => window.boardlab.board().inspect())).arrows === null, 'the arrows stay after the pointer left');

      // Picking an amazon: the squares show only its moves, each of its destinations coloured;
      // picking a destination shows that queen move's arrows.
      const from = SEED0.white[0];
      await clickCell(page, from);
      const picked = await page.evaluate(() => window.boardlab.board().inspect());
      const itsDestinations = new Set(s.legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4)));
      assert(picked.heat.every((h) => h.move.startsWith(from)), `with ${from} picked, other amazons' moves are coloured`);
      assert(picked.heat.length === itsDestinations.size && picked.heat.every((h) => itsDestinations.has(h.cell)), `${picked.heat.length} squares coloured for ${itsDestinations.size} destinations of ${from}`);
      const to = [...itsDestinations][0];
      await clickCell(page, to);
      const chosen = await page.evaluate(() => window.boardlab.board().inspect());
      const arrowsOfChosen = s.legal.filter((m) => m.startsWith(from + to)).length;
      assert(chosen.arrows?.queen === from + to && chosen.arrows.squares.length === arrowsOfChosen, `after ${from} ${to}: arrows ${JSON.stringify(chosen.arrows)}`);
      await page.keyboard.press('Escape');
      log(`${searched.size} searched of ${s.legal.length} moves; ${kinds.filter((k) => k === 'searched').length} of ${coloured.size} squares searched`);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.mouse.move(at.x, at.y);
      await page.waitForTimeout(50);
      await page.screenshot({ path: path.join(ARTIFACTS, `amazons-heatmap-${engine}.png`) });
    }, { timeoutMs: 60_000 });
  }
});
