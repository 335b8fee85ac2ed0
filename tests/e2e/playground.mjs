// Browser tests of the page itself, for whatever games it offers: the game picker, links that
// open a game (#game=…&setup=…, and the older ?game=…&setup=…), the fallback for a link naming no known game, and the layout
// on a phone. They read the games from the picker, so each new game is covered without touching
// this file.

import {
  PHONE,
  assert,
  brief,
  cellCenter,
  clickCell,
  describeInPage,
  setThinkTime,
  state,
  suite,
  waitForHumanTurn,
  waitForState,
} from './lib.mjs';

/** The picker's games: [{name, title}], in its order. */
function pickerGames(page) {
  return page.$$eval('#game option', (options) => options.map((o) => ({ name: o.value, title: o.textContent.trim() })));
}

/**
 * The game and setup the page's address names: in its fragment (#game=…&setup=…), where the
 * page writes everything, and no longer in the query.
 */
function linkParams(page) {
  const url = new URL(page.url());
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  assert(!url.searchParams.has('game') && !url.searchParams.has('setup'), `the query still names the game: ${page.url()}`);
  return { game: fragment.get('game'), setup: fragment.get('setup') };
}

async function load(page, address) {
  await page.goto(address);
  await waitForState(page, () => window.boardlab?.state().toMove != null, `${address} to load`, 20_000);
}

/** Checks the page shows `game` ({name, title}) at the start of a game, and names it. */
async function expectGame(page, { name, title }, context) {
  const s = await state(page);
  assert(s.game === name, `${context}: expected ${name}, the page shows ${s.game}`);
  assert(s.moves.length === 0 && s.cells.length > 0, `${context}: not a fresh ${name} board: ${brief(s)}`);
  assert((await page.locator('#game').inputValue()) === name, `${context}: the picker does not show ${name}`);
  assert(linkParams(page).game === name, `${context}: the address does not name ${name}: ${page.url()}`);
  assert((await page.title()).includes(title), `${context}: the page title does not name ${title}: ${await page.title()}`);
  assert((await page.locator('h1').innerText()).includes(title), `${context}: the heading does not name ${title}`);
  assert(((await page.locator('#rules-body').textContent()) ?? '').trim().length > 0, `${context}: ${name} has no "How to play"`);
}

/**
 * For a game whose moves are one click on a cell: clicks the first legal move and checks that
 * exactly that one move was played, with no message (a renderer left behind by an earlier
 * game would also hear the click and play, or be refused, a second time).
 */
async function expectOneMovePerClick(page, context) {
  const s = await state(page);
  const move = s.legal[0];
  const center = await page.evaluate((m) => window.boardlab.cellCenter(m), move);
  if (!center) return; // a move of several clicks: its game's own tests cover it
  await clickCell(page, move);
  await waitForState(page, 'window.boardlab.state().moves.length > 0', `${context}: the click on ${move}`, 3_000);
  await page.waitForTimeout(150);
  const after = await state(page);
  assert(after.moves.length === 1 && after.moves[0] === move && after.message === '', `${context}: one click on ${move} gave ${brief(after)}`);
}

export default suite('playground', (test) => {
  test('game picker switches games, links open a game, an unknown game falls back with a note', async ({ page, url, log }) => {
    // No parameter: the first game of the picker, and the address names it.
    await load(page, url);
    const games = await pickerGames(page);
    assert(games.length >= 1, 'the game picker is empty');
    await expectGame(page, games[0], 'no ?game=');
    log(`games: ${games.map((g) => g.name).join(', ')}`);

    // Switching keeps the mode and think time; a search in progress is stopped first.
    await setThinkTime(page, 250);
    if (games.length > 1) {
      await page.selectOption('#mode', 'engine-engine');
      await page.selectOption('#delay', '0');
      await waitForState(page, 'window.boardlab.state().thinking', 'the engine to start thinking');
    }
    await page.selectOption('#mode', 'human-human');
    const firstMoves = (await state(page)).moves;
    for (const game of games.slice(1)) {
      await page.selectOption('#game', game.name);
      await expectGame(page, game, `picking ${game.name}`);
      const s = await state(page);
      assert(s.mode === 'human-human' && s.budgetMs === 250 && !s.thinking, `switching to ${game.name} lost the settings: ${brief(s)}`);
    }
    if (games.length > 1) {
      // Back on the first game: it is where it was left (the engines' moves kept); New game.
      await page.selectOption('#game', games[0].name);
      const back = await state(page);
      assert(back.game === games[0].name && back.moves.join(' ') === firstMoves.join(' '), `${games[0].name} was not kept: ${brief(back)}, left with ${firstMoves.join(' ')}`);
      await page.click('#new-game');
      await expectGame(page, games[0], `a new ${games[0].name}`);
    }
    // Back on the first game after visiting every other: a click is one move, heard once.
    await expectOneMovePerClick(page, `${games[0].name} after switching`);

    // Every game opens directly from its link, and from an older link naming it in the query.
    for (const game of games) {
      await page.goto('about:blank'); // a new load, not a same-page jump to another fragment
      await load(page, `${url}#game=${game.name}`);
      await expectGame(page, game, `#game=${game.name}`);
      assert((await state(page)).message === '', `#game=${game.name} shows a message: ${(await state(page)).message}`);
      await load(page, `${url}?game=${game.name}`);
      await expectGame(page, game, `?game=${game.name}`);
      assert((await state(page)).message === '', `?game=${game.name} shows a message: ${(await state(page)).message}`);
    }

    // A game's listed setups: picking one starts it and the address keeps it; the link opens it.
    await load(page, `${url}?game=${games[0].name}`);
    if (await page.locator('#setup').isVisible()) {
      const options = await page.$$eval('#setup option', (os) => os.map((o) => o.value));
      if (options.length > 1) {
        await page.selectOption('#setup', options[1]);
        if (!(await page.locator('#setup-text').isVisible())) {
          const s = await state(page);
          assert(s.moves.length === 0 && s.message === '', `picking a setup did not start a game: ${brief(s)}`);
          assert((linkParams(page).setup ?? '') === s.setup, `the address does not keep setup "${s.setup}": ${page.url()}`);
          await load(page, page.url());
          assert((await state(page)).setup === s.setup, `the link did not reopen setup "${s.setup}"`);
        }
      }
    }

    // A setup the engine refuses: the game still opens, with a message saying why.
    await load(page, `${url}?game=${games[0].name}&setup=no-such-setup`);
    let s = await state(page);
    if (s.setup !== 'no-such-setup') {
      assert(s.game === games[0].name && s.message !== '', `a refused setup gave no game or no message: ${brief(s)}`);
    }

    // An unknown game: the first game, with a visible note naming what was asked for.
    await load(page, `${url}?game=no-such-game`);
    await expectGame(page, games[0], '?game=no-such-game');
    s = await state(page);
    assert(await page.locator('#message').isVisible(), 'no note for an unknown game');
    assert(s.message.includes('no-such-game'), `the note does not name the unknown game: ${JSON.stringify(s.message)}`);
    // A link opened on the open page changes only the fragment (no reload): the page opens it too,
    // moves and settings included.
    const last = games[games.length - 1];
    const lastMove = (await describeInPage(page, last.name, '', [])).legal[0];
    await page.goto(`${url}#game=${last.name}&moves=${lastMove}&mode=human-human`);
    await waitForState(page, `window.boardlab.state().game === ${JSON.stringify(last.name)}`, `#game=${last.name} to open on the open page`, 5_000);
    s = await state(page);
    assert(s.moves.join(' ') === lastMove && s.mode === 'human-human', `the fragment link on the open page lost its moves or settings: ${brief(s)}`);
  });

  test('phone (390x844, and sideways at 844x390 and 667x375): every board fits, nothing scrolls sideways, the controls are in reach; a tap plays', async ({ page, url, log }) => {
    const games = [];
    // Upright (the context's own size), then held sideways: wide, but only ~380 px high.
    const screens = [PHONE.viewport, { width: 844, height: 390 }, { width: 667, height: 375 }];
    for (const { width, height } of screens) {
      await page.setViewportSize({ width, height });
      await load(page, url);
      if (games.length === 0) games.push(...(await pickerGames(page)));
      const sideways = width > height;
      for (const game of games) {
        const where = `${game.name} at ${width}x${height}`;
        await load(page, `${url}?game=${game.name}`);
        const layout = await page.evaluate(() => {
          const box = document.getElementById('board').getBoundingClientRect();
          return {
            board: { left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height },
            pageWidth: document.documentElement.scrollWidth,
            viewport: window.innerWidth,
          };
        });
        const { board } = layout;
        // A phone widens its layout viewport to fit content that is too wide: either shows the overflow.
        assert(layout.viewport === width && layout.pageWidth <= width, `${where}: the page is wider than the screen (content ${layout.pageWidth} px, layout ${layout.viewport} px)`);
        assert(board.left >= 0 && board.right <= width, `${where}: the board does not fit the width: ${JSON.stringify(board)}`);
        // Upright, the width is what limits the board, and it should use it; sideways the height
        // does, and the whole board must still be on screen at once.
        if (!sideways) assert(board.width >= width * 0.8, `${where}: the board uses too little of the width: ${JSON.stringify(board)}`);
        else assert(board.height >= height * 0.5, `${where}: the board uses too little of the height: ${JSON.stringify(board)}`);
        assert(board.top >= 0 && board.bottom <= height, `${where}: the board does not fit on the screen: ${JSON.stringify(board)}`);
        // Every control shown in this mode can be scrolled to and lies within the screen's width.
        const controls = page.locator('.controls select:visible, .controls input:not([type=checkbox]):visible, .controls button:visible, .controls label.check:visible');
        const count = await controls.count();
        assert(count >= 5, `${where}: only ${count} controls are shown`);
        for (let i = 0; i < count; i++) {
          const control = controls.nth(i);
          await control.scrollIntoViewIfNeeded();
          const box = await control.boundingBox();
          const name = await control.evaluate((el) => el.id || el.textContent.trim());
          // Scrolled into view, a control may end a fraction of a pixel past the edge.
          assert(box && box.x >= 0 && box.x + box.width <= width && box.y >= -1 && box.y + box.height <= height + 1,
            `${where}: the control ${name} is out of reach: ${JSON.stringify(box)}`);
          assert(box.height >= 24, `${where}: the control ${name} is too small to tap (${box.height} px high)`);
        }
      }
    }
    log(`${games.length} games laid out on ${screens.map(({ width, height }) => `${width}x${height}`).join(', ')}`);
    await page.setViewportSize(PHONE.viewport);

    // A tap on Yavalath's board plays, and the engine replies.
    await load(page, `${url}?game=yavalath`);
    await setThinkTime(page, 100);
    await page.evaluate(() => window.scrollTo(0, 0));
    const { x, y } = await cellCenter(page, 'e5');
    await page.touchscreen.tap(x, y);
    await waitForState(page, 'window.boardlab.state().moves.length >= 1', 'the tap on e5 to play', 3_000);
    await waitForHumanTurn(page, 1);
    const s = await state(page);
    assert(s.moves[0] === 'e5' && s.moves.length === 2, `the tap did not play e5 with a reply: ${brief(s)}`);
  }, { phone: true });
});
