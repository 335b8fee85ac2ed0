// Browser tests of the search views and the playground features around them: the board overlay
// (heatmap with its legend, best line), analysis mode, hints, strength levels and stored
// settings, share links (the URL round trip), import of moves and arena records, keyboard play,
// screen-reader text, the game-end summary, offline play through the service worker, and the
// engine's faults (a panic, a worker that dies). They use Yavalath, the game whose renderer every
// build has; the overlay contract itself is the same for every game.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ARTIFACTS,
  HERE,
  assert,
  assertWithinBudget,
  brief,
  clickCell,
  openPlayground,
  playHumanMove,
  setThinkTime,
  state,
  suite,
  waitForHumanTurn,
  waitForState,
} from './lib.mjs';

const GAME = 'yavalath';

/** The first legal cell (in the engine's order) that does not lose at once for the side to move. */
async function safeMove(page, preferred = []) {
  return page.evaluate(async (wanted) => {
    const { describe } = await import('./pkg/boardlab.js'); // the page's own module instance
    const s = window.boardlab.state();
    const safe = s.legal.filter((m) => {
      const after = describe(s.game, s.setup, [...s.moves, m].join(' '));
      return !after.result || after.result.winner === s.toMove;
    });
    return wanted.find((m) => safe.includes(m)) ?? safe[0] ?? s.legal[0];
  }, preferred);
}

export default suite('viz', (test) => {
  test('heatmap: off while playing, on in analysis with a legend and the best line; the toggle hides it', async ({ page, url }) => {
    // 3 s of thinking: on a loaded machine the first report can come late, and the engine must
    // still be thinking when the board is checked.
    await openPlayground(page, url, { game: GAME, thinkMs: 3000, humanSide: 1 });
    assert(!(await page.locator('#overlay').isChecked()), 'the overlay is on by default against the engine');
    // The opening book answers the first stone at once (it steals e5); the next reply is searched.
    await playHumanMove(page, 'e5');
    await waitForHumanTurn(page, 1);
    await playHumanMove(page, 'd4');
    await waitForState(page, 'window.boardlab.state().report?.iterations > 0', 'a first iteration of the engine');
    let s = await state(page);
    assert(s.thinking && s.overlay === null, `the heatmap spoils the engine's move: ${JSON.stringify(s.overlay)}`);
    assert(await page.locator('#heat-legend').isHidden(), 'the heat legend shows with the heatmap off');

    await page.selectOption('#mode', 'analysis');
    assert(await page.locator('#overlay').isChecked(), 'the overlay is off in analysis mode');
    await waitForState(page, '(() => { const s = window.boardlab.state(); return s.analysing && s.overlay?.heat?.length === s.legal.length; })()', 'a heatmap of every legal move');
    s = await state(page);
    assert(s.overlay.heat.every((h) => h.value >= -1 && h.value <= 1 && h.label), `bad heat entries: ${JSON.stringify(s.overlay.heat.slice(0, 3))}`);
    // One unit on the page: a cell's number is the winning chance in percent, as on the bar.
    assert(s.overlay.heat.every((h) => /^~?(≤|≥)?(\d{1,3}|W\d+|L\d+|D)$/.test(h.label)), `heat labels are not winning chances: ${s.overlay.heat.map((h) => h.label)}`);
    // The best move has the warmest colour; a move that leaves the mover behind is never green
    // (winchance.js heatValue), so "as good as the best" is 1 only when the best is not behind.
    const top = Math.max(...s.overlay.heat.filter((h) => !h.static).map((h) => h.value));
    assert(s.overlay.heat.find((h) => h.move === s.overlay.pv[0])?.value === top, 'the best move is not coloured as the best');
    assert(s.overlay.pv.length > 0 && s.legal.includes(s.overlay.pv[0]), `the best line does not start with a legal move: ${s.overlay.pv}`);
    assert(await page.locator('#heat-legend').isVisible(), 'no legend beside the heatmap');
    const legend = await page.locator('#heat-legend').innerText();
    assert(/Worse for Player [12]/.test(legend) && legend.includes('Best'), `the legend does not explain the colours: ${JSON.stringify(legend)}`);
    assert(await page.locator('#evalbar').isVisible(), 'no evaluation bar during analysis');
    assert(await page.locator('#search-charts').isVisible(), 'no search charts during analysis');
    const points = await page.locator('#chart-depth .chart-point').count();
    assert(points >= 1, 'the depth chart has no point');
    const tip = await page.locator('#chart-depth .chart-point title').first().textContent();
    assert(/depth \d+ .*nodes, score/.test(tip) && !/\bsel\b/.test(tip), `a chart point does not tell depth, nodes and score in plain words: ${tip}`);
    // The panel's numbers are named in plain words, the engine's term in their tooltips.
    const hints = await page.$$eval('#search-panel dt[id$="-label"]', (dts) => dts.map((dt) => [dt.textContent, dt.title]));
    assert(hints.length >= 4 && hints.every(([, title]) => title.length > 20), `panel labels without a plain-words tooltip: ${JSON.stringify(hints)}`);
    assert(hints.some(([, title]) => title.includes('"nodes"')) && hints.some(([, title]) => title.includes('"depth"')), `the tooltips do not name the terms: ${JSON.stringify(hints)}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'analysis.png') });

    await page.uncheck('#overlay');
    s = await state(page);
    assert(s.overlay === null && (await page.locator('#heat-legend').isHidden()), `unchecking kept the heatmap: ${JSON.stringify(s.overlay)}`);
  });

  test('every game: analysis draws the heatmap and best line on its board, and the toggle removes them', async ({ page, url, log }) => {
    await page.goto(url);
    await waitForState(page, () => window.boardlab?.state().toMove != null, 'the page to load', 20_000);
    const games = await page.$$eval('#game option', (options) => options.map((o) => o.value));
    const drawn = [];
    for (const game of games) {
      await page.goto('about:blank'); // the address may differ only in its fragment: load anew
      await page.goto(`${url}?game=${game}#mode=analysis`);
      await waitForState(page, () => window.boardlab?.state().toMove != null, `${game} to load`, 20_000);
      // Until stopped: a 1 s analysis could end on a loaded machine before Stop is clicked.
      await page.selectOption('#analysis-budget', '600000');
      await waitForState(page, '(window.boardlab.state().overlay?.heat?.length ?? 0) > 0', `${game}: a heatmap`, 15_000);
      await page.click('#analysis-stop'); // a still board, so the two pictures differ only by the overlay
      const hasOverlay = await page.evaluate(() => typeof window.boardlab.board().overlay === 'function');
      const withOverlay = await page.evaluate(() => document.getElementById('board').toDataURL());
      await page.uncheck('#overlay');
      await page.waitForTimeout(50);
      const without = await page.evaluate(() => document.getElementById('board').toDataURL());
      // Every game's renderer has overlay(), and it must draw something.
      assert(hasOverlay && withOverlay !== without, `${game}: the overlay changes nothing on the board`);
      assert((await page.locator('#heat-legend').isVisible()) === false, `${game}: the legend stays with the overlay off`);
      if (hasOverlay) drawn.push(game);
      await page.check('#overlay'); // back as it was, for the next game (the setting is kept)
    }
    log(`overlay drawn by: ${drawn.join(', ') || 'none'}`);
    const missing = games.filter((game) => !drawn.includes(game));
    assert(missing.length === 0, `no overlay drawn by ${missing.join(', ')}`);
  });

  test('every game: hovering (or focusing) a scored cell of the heatmap previews that move\'s own line', async ({ page, url }) => {
    await page.goto(url);
    await waitForState(page, () => window.boardlab?.state().toMove != null, 'the page to load', 20_000);
    const games = await page.$$eval('#game option', (options) => options.map((o) => o.value));
    for (const game of games) {
      await page.goto('about:blank');
      await page.goto(`${url}?game=${game}#mode=analysis`);
      await waitForState(page, () => window.boardlab?.state().toMove != null, `${game} to load`, 20_000);
      await page.selectOption('#analysis-budget', '600000');
      await waitForState(page, '(window.boardlab.state().overlay?.heat?.length ?? 0) > 1', `${game}: a heatmap`, 15_000);
      await page.click('#analysis-stop');
      // A cell showing a searched move other than the best one: its line is not the best line.
      const target = await page.evaluate(() => {
        const s = window.boardlab.state();
        const board = window.boardlab.board();
        const searched = new Set(s.overlay.heat.filter((h) => !h.static).map((h) => h.move));
        const best = s.overlay.pv?.[0];
        const cells = s.cells.map((c) => c.name).filter((name) => board.heatMove(name) !== null);
        const pick = cells.find((name) => searched.has(board.heatMove(name)) && board.heatMove(name) !== best) ?? cells[0];
        return pick ? { cell: pick, move: board.heatMove(pick) } : null;
      });
      assert(target, `${game}: no cell of the board shows a scored move`);
      const { x, y } = await page.evaluate((n) => window.boardlab.cellCenter(n), target.cell);
      await page.mouse.move(x, y);
      const preview = page.locator('#pv-preview');
      await preview.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => {});
      assert(await preview.isVisible(), `${game}: hovering ${target.cell} (${target.move}) shows no preview`);
      const caption = await page.locator('#pv-preview .pv-preview-caption').innerText();
      const line = caption.split(': ').pop().split(' ');
      assert(caption.startsWith(`${target.move} (`) && line[0] === target.move, `${game}: hovering ${target.move} previews ${JSON.stringify(caption)}`);
      if (game === 'yavalath') assert(line.length >= 2, `yavalath: the searched move ${target.move} previews no line beyond itself: ${caption}`);
      await page.mouse.move(2, 2); // off the board: the preview goes
      assert(!(await preview.isVisible()), `${game}: the preview stays after the pointer left the board`);
      if (game === 'yavalath') {
        // The keyboard's focus does the same: an arrow key puts it on a cell.
        await page.focus('#board');
        await page.keyboard.press('ArrowUp');
        const focused = await page.evaluate(() => window.boardlab.board().heatMove(document.getElementById('board-focus').textContent.split(/[ ,:]/)[0]));
        assert(focused !== null, 'yavalath: the keyboard focus did not land on a scored cell');
        assert(await preview.isVisible() && (await page.locator('#pv-preview .pv-preview-caption').innerText()).startsWith(`${focused} (`), `yavalath: focusing ${focused} shows no preview of it`);
      }
    }
  });

  test('evaluation bar: a proven win reads "wins in N" for the right side and fills the bar', async ({ page, url }) => {
    // Player 1 has a1 a2 _ a4 and plays a3 for four; player 2 (i1 i2 _ i4) is a move too late.
    await page.goto(`${url}?game=${GAME}&setup=nosteal#moves=a1+i1+a2+i2+a4+i4&mode=analysis`);
    await waitForState(page, '/wins in 1/.test(window.boardlab.state().evaluation ?? "")', 'the proven win', 20_000);
    const s = await state(page);
    assert(s.evaluation.startsWith('Player 1 wins in 1'), `the bar names the wrong side: ${s.evaluation}`);
    assert((await page.locator('.evalbar-track').getAttribute('aria-valuenow')) === '100', 'a proven win does not fill the bar');
    const a3 = s.overlay?.heat?.find((h) => h.move === 'a3');
    assert(a3 && a3.value === 1 && a3.label === 'W1', `a3 is not shown as the winning move: ${JSON.stringify(a3)}`);
    // Once the game is over, the bar shows the result instead.
    await playHumanMove(page, 'a3');
    assert((await state(page)).evaluation === 'Player 1 won', `the bar does not show the result: ${(await state(page)).evaluation}`);
  });

  test('evaluation bar: a proven draw reads "Draw (proven)" and sits in the middle', async ({ page, url }) => {
    // A Connect 4 endgame (five empty cells) that minimax scores as a draw (tests/proven_draws.rs).
    const setup = 'o.oxox..o/x.xoox..x/xoxoxo.xx/oxxooxooo/oooxooxxx/xxooxoxox/oxoxooxxx x -';
    await page.goto(`${url}?game=connect4&setup=${encodeURIComponent(setup)}#mode=analysis`);
    await waitForState(page, '/Draw \\(proven\\)/.test(window.boardlab.state().evaluation ?? "")', 'the proven draw', 20_000);
    assert((await page.locator('.evalbar-track').getAttribute('aria-valuenow')) === '50', 'a proven draw does not sit in the middle');
    assert((await page.locator('#search-panel').textContent()).includes('draw'), 'the search panel does not say draw');
  });

  test('analysis: plays nothing, Stop and Go deeper, both sides move; Hint marks a move against the engine', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    await page.selectOption('#mode', 'analysis');
    await page.selectOption('#analysis-budget', '600000');
    await playHumanMove(page, 'e5');
    await playHumanMove(page, await safeMove(page, ['d4']));
    await waitForState(page, 'window.boardlab.state().report?.depth >= 3', 'the analysis to reach depth 3');
    let s = await state(page);
    assert(s.moves.length === 2 && s.analysing && !s.thinking, `analysis played or stopped: ${brief(s)}`);
    await page.click('#analysis-stop');
    s = await state(page);
    assert(!s.analysing && s.report.stop === 'stopped', `Stop did not stop: ${JSON.stringify(s.report)}`);
    await page.waitForTimeout(300);
    assert(!(await state(page)).analysing, 'the analysis started again by itself after Stop');
    await page.click('#analysis-deeper');
    await waitForState(page, 'window.boardlab.state().analysing && window.boardlab.state().report.depth >= 2', 'Go deeper to analyse again');
    await page.click('#analysis-stop');

    // The best line, previewed move by move on a small board.
    await page.hover('#stat-pv .pv-move >> nth=1');
    assert(await page.locator('#pv-preview').isVisible(), 'hovering the best line shows no preview');
    const caption = await page.locator('#pv-preview figcaption').innerText();
    assert(caption.startsWith('After 2 moves of the line'), `the preview caption is wrong: ${caption}`);
    await page.mouse.move(0, 0);
    assert(await page.locator('#pv-preview').isHidden(), 'the preview stays after leaving the line');

    // Against the engine, a hint: a short search whose move is marked, not played.
    await page.selectOption('#mode', 'human-engine');
    await waitForHumanTurn(page, 1);
    const before = (await state(page)).moves.length;
    await page.click('#hint');
    await waitForState(page, 'window.boardlab.state().hint !== null', 'the hint', 5_000);
    s = await state(page);
    assert(s.moves.length === before && s.legal.includes(s.hint), `the hint played or is not legal: ${brief(s)} hint ${s.hint}`);
    assert(JSON.stringify(s.overlay?.pv) === JSON.stringify([s.hint]), `the hint is not marked on the board: ${JSON.stringify(s.overlay)}`);
    assert(s.message.includes(`Hint: ${s.hint}`), `the hint is not named: ${s.message}`);
    await playHumanMove(page, s.hint);
    assert((await state(page)).hint === null, 'the hint stays after the move');
  });

  test('share link round trip, a broken link, importing and copying moves', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 2 });
    await page.selectOption('#level', 'casual');
    await waitForHumanTurn(page, 2);
    await playHumanMove(page, await safeMove(page, ['c3']));
    await waitForHumanTurn(page, 2);
    const played = await state(page);
    assert(played.moves.length === 3, `expected 3 moves: ${brief(played)}`);
    const link = await page.locator('#share-link').inputValue();
    assert(link === page.url(), `the share box and the address differ: ${link} vs ${page.url()}`);
    // Everything is in the fragment, which browsers never send to the server.
    const sharedUrl = new URL(link);
    const fragment = new URLSearchParams(sharedUrl.hash.slice(1));
    assert(sharedUrl.search === '' && fragment.get('game') === GAME && fragment.get('moves') === played.moves.join(' ') && fragment.get('level') === 'casual',
      `the link does not carry game, moves and settings in its fragment: ${link}`);

    const other = await page.context().newPage();
    await other.goto(link);
    await waitForState(other, () => window.boardlab?.state().toMove != null, 'the shared link to open', 20_000);
    await waitForHumanTurn(other, 2);
    const opened = await state(other);
    assert(JSON.stringify(opened.moves) === JSON.stringify(played.moves), `the link opened other moves: ${opened.moves} vs ${played.moves}`);
    assert(opened.mode === 'human-engine' && opened.humanSide === 2 && opened.level === 'casual' && opened.maxDepth === 4,
      `the link lost the settings: ${JSON.stringify({ mode: opened.mode, side: opened.humanSide, level: opened.level })}`);
    assert(JSON.stringify(opened.cells) === JSON.stringify(played.cells), 'the shared position is drawn differently');

    // A link whose third move is illegal: the first two are kept, and the message says why.
    const broken = new URL(link);
    broken.hash = `game=${GAME}&moves=${played.moves[0]}+${played.moves[1]}+${played.moves[0]}+e1&mode=human-human`;
    await other.goto('about:blank'); // a new load, not a same-page jump to another fragment
    await other.goto(broken.href);
    await waitForState(other, () => window.boardlab?.state().toMove != null, 'the broken link to open', 20_000);
    let s = await state(other);
    assert(s.moves.length === 2 && s.mode === 'human-human', `the broken link did not keep its legal moves: ${brief(s)}`);
    assert(/move 3 .*cannot be played/.test(s.message), `no clear message for the broken link: ${JSON.stringify(s.message)}`);
    // A link to an unknown game: its moves are not tried on the game shown instead.
    await other.goto(`${url}?game=no-such-game#moves=e5+d4&mode=human-human`);
    await waitForState(other, () => window.boardlab?.state().toMove != null, 'the unknown game link to open', 20_000);
    s = await state(other);
    assert(s.moves.length === 0 && s.message.includes('no-such-game'), `the unknown game's link played moves: ${brief(s)}`);
    await other.close();

    // Import: a bad list changes nothing; a good one (copied from the move list) replaces the game.
    await page.selectOption('#mode', 'human-human');
    await page.click('.share summary');
    await page.fill('#import-moves', 'e5 e5 e5'); // the second is the steal; the third is occupied
    await page.click('#import-button');
    s = await state(page);
    assert(JSON.stringify(s.moves) === JSON.stringify(played.moves), `a refused import changed the game: ${brief(s)}`);
    assert(/Import refused.*move 3.*current game is kept/.test(s.message), `no clear import error: ${JSON.stringify(s.message)}`);
    await page.fill('#import-moves', '1. e5 2. d4 (steal) 156 ms\n3. c3');
    await page.click('#import-button');
    s = await state(page);
    assert(JSON.stringify(s.moves) === '["e5","d4","c3"]', `the import gave ${JSON.stringify(s.moves)}`);
    assert((await page.locator('#share-moves').inputValue()) === 'e5 d4 c3', 'the export box does not show the moves');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#copy-moves');
    await waitForState(page, "document.getElementById('share-note').textContent === 'Moves copied.'", 'the copy to be confirmed', 3_000);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert(copied === 'e5 d4 c3', `the clipboard holds ${JSON.stringify(copied)}`);
  });

  test('position export: Ataxx shows its FEN, which reopens as a custom setup and through the import box, from any game', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'ataxx', thinkMs: 100, humanSide: 2 });
    await waitForHumanTurn(page, 2);
    const before = await state(page);
    const fen = await page.locator('#share-position').inputValue();
    assert(/^cg:[-xo0-9/]+ [xo] \d+ \d+$/.test(fen), `the position box holds no CodinGame FEN: ${JSON.stringify(fen)}`);
    await page.click('details.share summary');
    assert(await page.locator('#share-position-field').isVisible(), 'the position row is hidden for Ataxx');
    // The FEN as a custom setup gives the same board, with no moves played.
    const customIndex = await page.evaluate(() => [...document.querySelectorAll('#setup option')].length - 1);
    await page.selectOption('#setup', String(customIndex));
    await page.fill('#setup-text', fen);
    await page.press('#setup-text', 'Enter');
    await waitForState(page, `window.boardlab.state().setup === ${JSON.stringify(fen)}`, 'the FEN setup to load', 5_000);
    const after = await state(page);
    const owners = (s) => s.cells.map((c) => `${c.name}:${c.owner}:${c.wall}`).join(' ');
    assert(owners(after) === owners(before), `the FEN did not give the same board: ${brief(after)}`);
    assert(after.moves.length === 0, `a setup starts with no moves: ${brief(after)}`);

    // The import box takes an exported position too, from another game's page as well: it
    // opens the game the position belongs to and says so.
    await page.selectOption('#mode', 'human-human');
    await page.selectOption('#game', 'yavalath');
    await page.fill('#import-moves', fen);
    await page.click('#import-button');
    await waitForState(page, `window.boardlab.state().game === 'ataxx' && window.boardlab.state().setup === ${JSON.stringify(fen)}`, 'the pasted Ataxx position to open', 5_000);
    const imported = await state(page);
    assert(owners(imported) === owners(before) && imported.moves.length === 0 && imported.message === '', `the pasted position did not give the same board: ${brief(imported)}`);
    const said = await page.locator('#share-note').textContent();
    assert(said === 'Loaded a position of Ataxx, not of Yavalath (as a custom setup).', `the import does not say what it loaded: ${JSON.stringify(said)}`);

    // In the game on screen: Yavalath's own position, after two moves, comes back as its setup.
    await page.selectOption('#game', 'yavalath');
    await clickCell(page, 'e5');
    await clickCell(page, 'd4');
    await waitForState(page, 'window.boardlab.state().moves.length === 2', 'two Yavalath moves', 3_000);
    const played = await state(page);
    const position = await page.locator('#share-position').inputValue();
    await page.fill('#import-moves', position);
    await page.click('#import-button');
    await waitForState(page, `window.boardlab.state().setup === ${JSON.stringify(position)}`, 'the pasted Yavalath position to open', 5_000);
    const reopened = await state(page);
    assert(reopened.game === 'yavalath' && reopened.moves.length === 0 && owners(reopened) === owners(played), `the Yavalath position did not reopen: ${brief(reopened)}`);
    assert((await page.locator('#share-note').textContent()) === 'Loaded a position of Yavalath (as a custom setup).', 'the import does not say it loaded a Yavalath position');
    // Text that is neither moves nor a position of any game is refused, naming the bad move.
    await page.fill('#import-moves', 'zz9 e5');
    await page.click('#import-button');
    const refused = await state(page);
    assert(/^Import refused \(Yavalath\): move 1 \(zz9\)/.test(refused.message) && refused.setup === position, `nonsense was not refused clearly: ${brief(refused)}`);
  });

  test('settings and strength levels are kept; keyboard play, undo with "u"', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 250, humanSide: 1 });
    await page.selectOption('#level', 'beginner');
    assert((await page.locator('#think-time-value').textContent()) === '0.1 s' && (await page.locator('#think-time').getAttribute('aria-valuetext')) === '0.1 s',
      'Beginner did not put the think-time slider on 0.1 s');
    await page.check('#overlay');
    await page.goto(`${url}?game=${GAME}`);
    await waitForState(page, () => window.boardlab?.state().toMove != null, 'the reload', 20_000);
    let s = await state(page);
    assert(s.level === 'beginner' && s.maxDepth === 2 && s.budgetMs === 100, `the level was not kept: ${JSON.stringify({ level: s.level, ms: s.budgetMs })}`);
    assert(await page.locator('#overlay').isChecked(), 'the overlay setting was not kept');
    // Coach off again: with it the panel would show the coach's look at the person's turn, and
    // this test reads the engine's own move there.
    await page.uncheck('#overlay');
    // The slider by keyboard, as its label names it: one step up from 0.1 s is 0.15 s, and
    // the level becomes Custom.
    await page.getByRole('slider', { name: 'Think time per engine move' }).press('ArrowRight');
    s = await state(page);
    assert(s.level === 'custom' && s.budgetMs === 150 && (await page.locator('#level').inputValue()) === 'custom',
      `a think time chosen by hand did not switch to Custom at 0.15 s: ${JSON.stringify({ level: s.level, ms: s.budgetMs })}`);
    assert((await page.locator('#think-time-value').textContent()) === '0.15 s', 'the slider does not show its time');
    await setThinkTime(page, 2000);
    assert((await state(page)).budgetMs === 2000, 'the slider did not set 2 s');
    await page.selectOption('#level', 'beginner');

    // Keyboard: focus the board, move with the arrows, play with Enter; the engine replies.
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    assert(await page.locator('#focus-ring').isVisible(), 'no visible focus on the board');
    const focusText = await page.locator('#board-focus').textContent();
    assert(/^[a-i]\d, empty$/.test(focusText), `the focused cell is not announced: ${JSON.stringify(focusText)}`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForState(page, 'window.boardlab.state().moves.length >= 1', 'Enter to play the focused cell', 3_000);
    await waitForHumanTurn(page, 1);
    s = await state(page);
    assert(s.moves.length === 2, `expected the engine's reply: ${brief(s)}`);
    assert((await page.locator('#stat-depth').innerText()).startsWith('2 '), `Beginner searched deeper than 2: ${await page.locator('#stat-depth').innerText()}`);
    const label = await page.locator('#board').getAttribute('aria-label');
    const owned = (p) => s.cells.filter((c) => c.owner === p).map((c) => c.name).join(', ') || 'none';
    assert(label.includes(`Player 1: ${owned(1)}.`) && label.includes(`Player 2: ${owned(2)}.`) && label.includes('to move'),
      `the board's label does not describe the position: ${label}`);
    await page.keyboard.press('u');
    assert((await state(page)).moves.length === 0, '"u" did not undo');
  });

  test('engine vs engine: space pauses; the game-end summary charts every engine move', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    await page.selectOption('#level', 'beginner');
    // A delay between moves while pausing: a Beginner game can be over within a second.
    await page.selectOption('#mode', 'engine-engine');
    await page.selectOption('#delay', '500');
    await waitForState(page, 'window.boardlab.state().moves.length >= 2', 'two engine moves');
    await page.locator('body').press(' ');
    assert((await state(page)).paused, `space did not pause: ${brief(await state(page))}`);
    await page.locator('body').press(' ');
    assert(!(await state(page)).paused, 'space did not resume');
    await page.selectOption('#delay', '0');
    await waitForState(page, 'window.boardlab.state().result !== null', 'the end of the game', 60_000);
    const s = await state(page);
    assert(await page.locator('#summary-card').isVisible(), 'no summary at the end of the game');
    const bars = await page.locator('#chart-summary .chart-bar').count();
    assert(bars === 3 * s.moves.length, `expected 3 bars for each of ${s.moves.length} engine moves, got ${bars}`);
    assert(s.engineMoves.length === s.moves.length, `expected the times of ${s.moves.length} engine moves, got ${s.engineMoves.length}`);
    assertWithinBudget(s);
  }, { timeoutMs: 90_000 });

  test('offline: after a first visit the page reloads and the engine answers with no network', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Stored: the build's list (at install) and everything this page loaded (offline.js).
    await waitForState(
      page,
      async () => {
        const loaded = performance.getEntriesByType('resource').map((entry) => entry.name.split('#')[0]);
        const stored = await Promise.all([...loaded, './pkg/boardlab.js', './worker.js'].map((u) => caches.match(u)));
        return stored.every(Boolean);
      },
      'the site to be stored',
      10_000,
    );
    await page.context().setOffline(true);
    try {
      await page.reload();
      await waitForState(page, () => window.boardlab?.state().toMove != null, 'the offline reload', 20_000);
      const s = await state(page);
      assert(s.game === GAME && s.legal.length > 0, `the offline page shows no game: ${brief(s)}`);
      assert(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the offline page is not served by the service worker');
      // The engine's glue and module carry one content hash (scripts/build-site.sh).
      const names = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.includes('/pkg/')));
      const glue = names.map((p) => p.match(/boardlab-([0-9a-f]{12})\.js$/)?.[1]).find(Boolean);
      assert(glue && names.some((p) => p.endsWith(`boardlab_bg-${glue}.wasm`)), `the glue and wasm are not a hashed pair: ${names.join(', ')}`);
      await playHumanMove(page, await safeMove(page, ['e5']));
      await waitForHumanTurn(page, 1);
      assert((await state(page)).moves.length === 2, 'the engine did not answer offline');
    } finally {
      await page.context().setOffline(false);
    }
  });
  test('faults: a Rust panic shows its message, a worker that dies silently is caught, the game is kept each time', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    // Each fault breaks the worker of the next engine search; the page must say why, keep the
    // game, and play once Retry is clicked.
    const faults = [
      { kind: 'panic', says: /Engine error: engine crashed: fault injected by a test \(src\/wasm\/mod\.rs:\d+:\d+\)/ },
      { kind: 'exit', says: /Engine error: the engine stopped answering \(no result 5\.1 s into a 100 ms search/ },
      { kind: 'throw', says: /Engine error: .*fault injected by a test/ },
    ];
    for (const { kind, says } of faults) {
      const before = (await state(page)).moves;
      await page.evaluate((k) => window.boardlab.injectFault(k), kind);
      const move = await safeMove(page);
      await playHumanMove(page, move);
      await waitForState(page, "window.boardlab.state().message.includes('Engine error')", `the ${kind} fault to be reported`, 15_000);
      let s = await state(page);
      assert(says.test(s.message), `${kind}: the message does not say what happened: ${JSON.stringify(s.message)}`);
      assert(JSON.stringify(s.moves) === JSON.stringify([...before, move]) && !s.thinking, `${kind}: the game was not kept: ${brief(s)}`);
      assert(await page.locator('#spinner').isHidden(), `${kind}: the spinner still turns`);
      assert(s.status.includes('engine stopped'), `${kind}: the status does not say the engine stopped: ${s.status}`);
      await page.click('#message .message-action'); // Retry
      await waitForHumanTurn(page, 1);
      s = await state(page);
      // The only message left may be the engine's steal, announced.
      assert(s.moves.length === before.length + 2 && (s.message === '' || /stole/.test(s.message)), `${kind}: the engine did not play after Retry: ${brief(s)}`);
    }

    // A search that hangs early in a long analysis (30 s): its silence gives it away within
    // seconds, not at the end of its budget (the watchdog restarts at every report).
    const kept = (await state(page)).moves;
    await page.selectOption('#mode', 'analysis');
    await page.evaluate(() => window.boardlab.injectFault('hang'));
    await page.selectOption('#analysis-budget', '30000'); // restarts the analysis: this search hangs
    await waitForState(page, "window.boardlab.state().message.includes('Engine error')", 'the hung search to be caught', 20_000);
    let s = await state(page);
    assert(/Engine error: the engine stopped answering \(no word from it for 8\.0 s/.test(s.message), `hang: the message does not say what happened: ${JSON.stringify(s.message)}`);
    assert(JSON.stringify(s.moves) === JSON.stringify(kept) && !s.analysing, `hang: the game was not kept: ${brief(s)}`);
    await page.click('#message .message-action'); // Retry: the analysis runs again
    await waitForState(page, 'window.boardlab.state().report?.depth >= 2', 'the analysis after Retry', 10_000);
    await page.click('#analysis-stop');
    s = await state(page);
    assert(!s.analysing && s.message === '', `the analysis after Retry did not run cleanly: ${brief(s)}`);
  }, { timeoutMs: 90_000 });

  test("faults: a panic in the page's own wasm shows its message, and a fresh instance takes over", async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    await page.evaluate(() => window.boardlab.injectFault('rules-panic'));
    await clickCell(page, 'e5');
    let s = await state(page);
    assert(/^Cannot play e5: the engine crashed: fault injected by a test \(src\/wasm\/mod\.rs:\d+:\d+\)/.test(s.message), `the panic is not reported with its message: ${JSON.stringify(s.message)}`);
    assert(s.moves.length === 0, `the crashed call changed the game: ${brief(s)}`);
    await waitForState(page, 'window.boardlab.state().rulesInstances === 2', 'a fresh wasm instance for the page', 10_000);
    await clickCell(page, 'e5');
    await waitForState(page, 'window.boardlab.state().moves.length === 1', 'the move on the fresh instance', 3_000);
    s = await state(page);
    assert(s.moves[0] === 'e5' && s.message === '' && s.legal.length > 0, `the fresh instance does not play: ${brief(s)}`);
  });

  test('wasm API: a search started from inside on_iteration is refused with a clear error', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    const outcome = await page.evaluate(async () => {
      const { search, new_game } = await import('./pkg/boardlab.js'); // the page's own instance
      const errors = [];
      const result = search('yavalath', '', 'e5', { budget_ms: 50, max_depth: 2 }, () => {
        for (const call of [() => search('yavalath', '', '', { budget_ms: 10 }, () => {}), () => new_game()]) {
          try {
            call();
            errors.push(null);
          } catch (err) {
            errors.push(err.message);
          }
        }
      });
      // The module still works after the refusals.
      const again = search('yavalath', '', 'e5 d4', { budget_ms: 50, max_depth: 1 }, () => {});
      return { best: result.best, errors: [...new Set(errors)], again: again.best };
    });
    assert(outcome.best && outcome.again, `the searches gave no move: ${JSON.stringify(outcome)}`);
    assert(outcome.errors.length === 1 && /engine is busy/.test(outcome.errors[0]), `re-entrant calls were not refused clearly: ${JSON.stringify(outcome.errors)}`);
  });

  test('wasm API: refusals are structured errors (kind, move_index, reason); game_info states the engine facts', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    const outcome = await page.evaluate(async () => {
      const { describe, game_info, search } = await import('./pkg/boardlab.js'); // the page's own instance
      const caught = (call) => {
        try {
          call();
          return null;
        } catch (err) {
          return { isError: err instanceof Error, message: err.message, kind: err.kind, move_index: err.move_index, move: err.move, reason: err.reason };
        }
      };
      return {
        move: caught(() => describe('yavalath', '', 'e5 d4 e5')),
        setup: caught(() => describe('ataxx', 'walls:x', '')),
        game: caught(() => describe('chess', '', '')),
        info: Object.fromEntries(['yavalath', 'ataxx', 'amazons'].map((g) => [g, game_info(g)])),
        ataxxRules: [describe('ataxx', '', '').draw_rules, describe('ataxx', 'x5o/7/7/7/7/7/o5x x 0 1', '').draw_rules],
        // Search options: each refused field is named with its value; undefined and null are
        // the defaults.
        options: [{ budget_ms: 10, max_depth: 2.5 }, 'fast', { exact_root: 'yes' }, { tt_mb: -1 }]
          .map((options) => caught(() => search('yavalath', '', '', options, () => {}))),
        defaults: search('yavalath', '', '', { budget_ms: 10, max_depth: 1, tt_mb: undefined, engine: null, book: false }, () => {}).best,
      };
    });
    const { move, setup, game, info, ataxxRules, options, defaults } = outcome;
    const optionMessages = [
      'bad search options: max_depth must be a whole number, got 2.5',
      'bad search options: expected an object, got "fast"',
      'bad search options: exact_root must be true or false, got "yes"',
      'bad search options: tt_mb must be a whole number, got -1',
    ];
    assert(options.every((o, i) => o?.isError && o.kind === 'options' && o.message === optionMessages[i]), `bad search options: ${JSON.stringify(options)}`);
    assert(typeof defaults === 'string' && defaults.length > 0, `options with undefined and null fields did not search: ${JSON.stringify(defaults)}`);
    assert(move?.isError && move.kind === 'move' && move.move_index === 2 && move.move === 'e5', `an illegal move is not named by index: ${JSON.stringify(move)}`);
    assert(/^move 3 \(e5\): /.test(move.message) && move.reason && !move.reason.startsWith('move'), `the message or reason is off: ${JSON.stringify(move)}`);
    assert(setup?.kind === 'setup' && setup.move_index === null, `a bad setup is not a setup error: ${JSON.stringify(setup)}`);
    assert(game?.kind === 'unknown_game', `an unknown game is not said so: ${JSON.stringify(game)}`);
    assert(info.amazons.default_engine === 'mcts' && info.amazons.engines.length === 2 && info.yavalath.engines.length === 1, `engines: ${JSON.stringify(info)}`);
    assert(info.ataxx.score_scale === 200 && info.amazons.score_scale === 48 && info.yavalath.budget_ms.max === 600_000, `facts: ${JSON.stringify(info)}`);
    assert(JSON.stringify(ataxxRules) === '["codingame","engine"]', `Ataxx's draw rules: ${JSON.stringify(ataxxRules)}`);
  });

  test('arena records: a pasted record line and a records file open their game; bad lines are refused', async ({ page, url }) => {
    // Two real records from the arena (src/arena/mod.rs writes one JSON line per game).
    // The binary the suite built (BOARDLAB_BIN, as `make test` sets it), else the release build.
    const boardlab = path.resolve(HERE, '..', '..', process.env.BOARDLAB_BIN ?? path.join('target', 'release', 'boardlab'));
    assert(existsSync(boardlab), `${boardlab} is missing: build it first (make test sets BOARDLAB_BIN to the suite's binary)`);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'boardlab-records-')), 'games.jsonl');
    // Generous limits: Chromium loads the machine, and a bot timing out at the referee's 100 ms
    // would leave a record without a result.
    const run = spawnSync(boardlab, ['arena', 'yavalath', 'random', 'greedy', '--games', '2', '--concurrency', '1', '--first-ms', '5000', '--turn-ms', '5000', '--records', file], { encoding: 'utf8' });
    assert(run.status === 0, `the arena failed: ${run.stderr}`);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    assert(lines.length === 2, `expected 2 records, got ${lines.length}`);
    const records = lines.map((line) => JSON.parse(line));

    // A pasted line on another game's page: the game, setup and moves are the record's.
    await openPlayground(page, url, { game: 'connect4' });
    await page.selectOption('#mode', 'human-human');
    await page.click('.share summary');
    await page.fill('#import-moves', lines[0]);
    await page.click('#import-button');
    let s = await state(page);
    const expectRecord = (r, context) => {
      assert(s.game === r.game && s.setup === r.setup && s.moves.join(' ') === r.moves, `${context} did not open the record: ${brief(s)}`);
      assert(s.result !== null && s.result.winner === (r.result === '1-0' ? 1 : 2), `${context}: the result is not the record's ${r.result}: ${JSON.stringify(s.result)}`);
    };
    expectRecord(records[0], 'the pasted record');
    const note = await page.locator('#share-note').textContent();
    assert(note.includes(`${records[0].first} vs ${records[0].second}`) && note.includes(records[0].result), `the note does not name the game: ${note}`);

    // Bad lines: nothing changes, and the message says what is wrong.
    const refusals = [
      ['{"game": "yavalath", "moves": "e5', /line 1 is not a game record: it is not JSON/],
      ['{"game": "yavalath"}', /line 1 is not a game record: it has no "moves" text/],
      ['{"game": "chess", "moves": "e4 e5"}', /game of "chess", which this page cannot show/],
      ['{"game": "yavalath", "setup": "", "moves": "e5 e5 e5"}', /cannot be loaded \(Yavalath\): .*move 3.*current game is kept/],
    ];
    for (const [line, says] of refusals) {
      await page.fill('#import-moves', line);
      await page.click('#import-button');
      s = await state(page);
      assert(says.test(s.message), `no clear message for ${line}: ${JSON.stringify(s.message)}`);
      expectRecord(records[0], `after refusing ${line}, the game`);
    }

    // A records file (with a broken line): its games listed, the chosen one loaded.
    await page.setInputFiles('#records-file', {
      name: 'games.jsonl',
      mimeType: 'application/json',
      buffer: Buffer.from(`${lines[0]}\nnot a record\n${lines[1]}\n`),
    });
    await waitForState(page, "!document.getElementById('records-field').hidden", 'the list of games in the file', 5_000);
    const options = await page.$$eval('#records-list option', (os) => os.map((o) => o.textContent));
    assert(options.length === 2 && options[1].startsWith('line 3:') && options[1].includes(records[1].result), `the file's games are not listed: ${JSON.stringify(options)}`);
    s = await state(page);
    assert(/1 line skipped \(line 2: it is not JSON/.test(s.message), `the broken line is not reported: ${JSON.stringify(s.message)}`);
    await page.selectOption('#records-list', '1');
    await page.click('#records-load');
    s = await state(page);
    expectRecord(records[1], 'the second game of the file');
  });

  test('share links carry delay, analysis time and overlay settings; an older link still opens', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    await page.selectOption('#mode', 'engine-engine');
    await page.click('#pause');
    await page.selectOption('#delay', '1000');
    await page.selectOption('#mode', 'analysis');
    await page.selectOption('#analysis-budget', '30000');
    await page.uncheck('#overlay'); // no overlay in analysis…
    await page.selectOption('#mode', 'human-engine');
    await page.check('#overlay'); // …but one while playing
    await setThinkTime(page, 700);
    const link = await page.locator('#share-link').inputValue();

    // A visitor with no stored settings gets the sharer's.
    const visitor = await page.context().browser().newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const other = await visitor.newPage();
      await other.goto(link);
      await waitForState(other, () => window.boardlab?.state().toMove != null, 'the shared link to open', 20_000);
      let s = await state(other);
      const got = { delayMs: s.delayMs, analysisBudgetMs: s.analysisBudgetMs, overlayPlay: s.overlayPlay, overlayAnalysis: s.overlayAnalysis };
      assert(JSON.stringify(got) === JSON.stringify({ delayMs: 1000, analysisBudgetMs: 30000, overlayPlay: true, overlayAnalysis: false }), `the link did not carry the settings: ${JSON.stringify(got)} from ${link}`);
      assert(await other.locator('#overlay').isChecked(), 'the overlay box does not show the linked setting');
      assert((await other.inputValue('#analysis-budget')) === '30000' && (await other.inputValue('#delay')) === '1000', 'the selects do not show the linked settings');
      assert(s.budgetMs === 700 && s.level === 'custom' && (await other.locator('#think-time-value').textContent()) === '0.7 s',
        `the link did not carry the think time: ${JSON.stringify({ ms: s.budgetMs, level: s.level })}`);
      // A think time between two of the slider's steps (a hand-edited link) goes to the nearer.
      await other.goto('about:blank');
      await other.goto(`${url}#game=${GAME}&time=1900`);
      await waitForState(other, () => window.boardlab?.state().toMove != null, 'the hand-edited link to open', 20_000);
      assert((await state(other)).budgetMs === 2000, `a linked 1900 ms did not go to the 2 s step: ${(await state(other)).budgetMs}`);

      // A link from before these settings: it opens, and they stay at the visitor's defaults.
      await other.goto('about:blank');
      await other.goto(`${url}?game=${GAME}#moves=e5&mode=human-human`);
      await waitForState(other, () => window.boardlab?.state().toMove != null, 'the older link to open', 20_000);
      s = await state(other);
      assert(s.moves.join(' ') === 'e5' && s.mode === 'human-human' && s.delayMs === 500 && s.analysisBudgetMs === 5000 && s.message === '',
        `the older link did not open as before: ${brief(s)}`);
    } finally {
      await visitor.close();
    }
  });

  test('analysis until stopped goes on past one search, only ever deeper; Stop ends it', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'analysis');
    await page.selectOption('#analysis-budget', '600000');
    await playHumanMove(page, 'e5');
    await playHumanMove(page, await safeMove(page, ['d4']));
    // The first search of the chain lasts 2 s at most; the next goes on from its depth.
    await waitForState(page, 'window.boardlab.state().report?.links >= 2', 'a second search of the chain', 15_000);
    const first = (await state(page)).report;
    await waitForState(page, `window.boardlab.state().report.depth > ${first.depth}`, `the chain to go deeper than depth ${first.depth}`, 45_000);
    const later = await state(page);
    assert(later.analysing && later.report.elapsedMs > first.elapsedMs, `the chain did not count its time from the start: ${JSON.stringify([first, later.report])}`);
    const depths = await page.$$eval('#chart-depth .chart-point title', (ts) => ts.map((t) => Number(t.textContent.match(/^depth (\d+)/)[1])));
    assert(depths.every((d, i) => i === 0 || d > depths[i - 1]), `the depth chart goes back: ${depths}`);
    // An iteration taking more than a second sends progress reports: the panel names the depth
    // under way, one past the last completed (the worker's watchdog hears these too).
    // (One check of state and text together: the next iteration may end at any moment.)
    await waitForState(
      page,
      `(() => {
        const r = window.boardlab.state().report;
        const text = document.getElementById('stat-depth').textContent;
        return r.progressDepth === r.depth + 1 && text.startsWith(r.depth + ' (deepest ') && text.endsWith(', ' + (r.depth + 1) + ' under way');
      })()`,
      'the panel to name the depth under way from a progress report',
      30_000,
    );
    await page.click('#analysis-stop');
    const s = await state(page);
    assert(!s.analysing && s.report.stop === 'stopped', `Stop did not end the chain: ${JSON.stringify(s.report)}`);
  }, { timeoutMs: 90_000 });

  test('search panel: a search solved at once says so; chart axes always span a range', async ({ page, url }) => {
    // Player 1 wins at once with a3: proven by the first iteration.
    await page.goto(`${url}?game=${GAME}&setup=nosteal#moves=a1+i1+a2+i2+a4+i4&mode=analysis`);
    await waitForState(page, "window.boardlab.state().report?.stop === 'solved'", 'the solved analysis', 20_000);
    assert((await state(page)).report.iterations === 1, 'the win took more than one iteration');
    assert(await page.locator('#search-at-once').isVisible(), 'no "solved at once" note');
    assert((await page.locator('#search-at-once').innerText()).startsWith('Solved at once'), 'the note does not say "Solved at once"');
    assert(await page.locator('#search-charts').isHidden(), 'a one-point chart is still shown');
    const speed = await page.locator('#stat-nps').innerText();
    assert(!/^0(\.0+)?\/s/.test(speed), `the speed of an instant search reads ${speed}`);

    // A Beginner reply (depth 2, a ms or so): still, each axis spans a range ("0 ms…10 ms", not
    // "0 ms…0 ms").
    await openPlayground(page, url, { game: GAME, humanSide: 1 });
    await page.selectOption('#level', 'beginner');
    await playHumanMove(page, 'e5');
    await waitForHumanTurn(page, 1);
    for (const chart of ['#chart-depth', '#chart-score']) {
      const labels = await page.$$eval(`${chart} .chart-label`, (ts) => ts.map((t) => t.textContent));
      assert(labels.length === 4 && labels[0] !== labels[1] && labels[2] !== labels[3], `${chart} has a flat axis: ${JSON.stringify(labels)}`);
    }
  });

  test('screen readers: moves name their player, the heatmap has words, no dead overlay box, a visible bar', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    assert(await page.locator('#overlay').isHidden(), 'the overlay box shows with two humans, where it does nothing');
    await playHumanMove(page, 'e5');
    await playHumanMove(page, 'd4');
    // As the accessibility tree has it: each item reads "1. <image named Player 1> <button e5>"
    // (the move is a button that shows the position after it).
    const tree = (await page.locator('#move-list').ariaSnapshot()).replace(/\s+/g, ' ');
    assert(tree.includes('"1." - img "Player 1" - button "e5"') && tree.includes('"2." - img "Player 2" - button "d4"'), `the move list does not name the players: ${tree}`);
    assert(!(await page.locator('#move-list').innerText()).includes('Player'), 'the names got into the copied text of the move list');

    await page.selectOption('#mode', 'analysis');
    await waitForState(page, '(window.boardlab.state().overlay?.heat?.length ?? 0) > 0', 'a heatmap');
    const words = await page.locator('#heat-summary').textContent();
    assert(/^Move scores at depth \d+, best first: [a-i]\d (at most )?(\d+ % to win|win in \d+|loss in \d+|draw)(; |\.)/.test(words), `the heatmap has no words: ${JSON.stringify(words)}`);
    assert((await page.locator('#board').getAttribute('aria-describedby')).split(' ').includes('heat-summary'), 'the board is not described by the heatmap words');
    await page.uncheck('#overlay');
    assert((await page.locator('#heat-summary').textContent()) === '', 'the heatmap words stay with the heatmap off');

    // Amazons' White fills the bar with a colour close to the page's: the bar keeps an outline
    // drawn over the fill.
    await page.goto(`${url}?game=amazons#mode=analysis`);
    await waitForState(page, () => window.boardlab?.state().evaluation != null, 'an Amazons evaluation', 20_000);
    const rim = await page.evaluate(() => {
      const track = document.querySelector('.evalbar-track');
      return { rim: getComputedStyle(track, '::after').boxShadow, fill: getComputedStyle(track.querySelector('.evalbar-fill')).backgroundColor };
    });
    const alpha = Number(rim.rim.match(/rgba\([^)]*,\s*([\d.]+)\)/)?.[1] ?? 1);
    assert(rim.rim.includes('inset') && alpha >= 0.5, `the bar has no strong outline over its fill (${rim.fill}): ${rim.rim}`);
  });
});
