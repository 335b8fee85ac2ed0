// Browser tests of moving through a game and of the bugs a new visitor hit (issue 15 §5): the
// search panel following the position on screen after Undo, the "wait" notice going once the
// engine has moved, Connect 4's steal by clicking the chip, Ataxx keeping its selection after a
// refused target, each game kept when the picker switches games (and Back returning to it), the
// wording of refusals; then the move list and ← / → / Home / End, variations (a new move from a
// past position, kept under the main line) or replacing the rest of the game, redo after Undo, the viewed move in links, and analyses kept per position; the
// engine's view hidden while playing unless Coach is on, and one score unit (winning chance).

import { assert, brief, clickCell, moveListText, openPlayground, playHumanMove, setThinkTime, state, suite, waitForHumanTurn, waitForState } from './lib.mjs';

/** Yavalath moves for the side to move that end nothing (asked of the engine in the page). */
async function quietMoves(page) {
  return page.evaluate(async () => {
    const { describe } = await import('./pkg/boardlab.js');
    const s = window.boardlab.state();
    return s.legal.filter((m) => m !== s.steal && !describe(s.game, s.setup, [...s.moves, m].join(' ')).result);
  });
}

/** The search panel's heading ("Engine · move 4 · done"). */
function panelWho(page) {
  return page.locator('#search-who').innerText();
}

/** The key (protocol.js positionKey) of the position after `moves` of the game on screen. */
function keyAfter(s, moves) {
  return `${s.game}|${s.setup}|${moves.join(' ')}`;
}

export default suite('navigation', (test) => {
  test('bug 1: after Undo (also while the engine thinks) the search panel shows the position on screen', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'yavalath', thinkMs: 100, humanSide: 1 });
    for (let i = 0; i < 3; i++) {
      await playHumanMove(page, (await quietMoves(page))[0]);
      await waitForHumanTurn(page, 1);
    }
    let s = await state(page);
    assert(s.moves.length === 6 && !s.result, `expected 6 moves: ${brief(s)}`);
    assert((await panelWho(page)).includes('move 6'), `the panel does not show the engine's move 6: ${await panelWho(page)}`);
    await page.click('#undo');
    await waitForState(page, 'window.boardlab.state().moves.length === 4', 'Undo to take back two moves');
    s = await state(page);
    const shown = [keyAfter(s, s.moves), keyAfter(s, s.moves.slice(0, -1))];
    assert(s.report && shown.includes(s.report.key), `after Undo the panel shows another position: ${s.report?.key}`);
    assert(!(await panelWho(page)).includes('move 6'), `after Undo the panel still reads "${await panelWho(page)}"`);

    // Undo while the engine thinks: the panel does not stay on the search that was stopped.
    // A move that leaves the engine a single forced reply is answered at once, with no thinking
    // to interrupt: take it back and try the next quiet move.
    await setThinkTime(page, 5000);
    for (const move of (await quietMoves(page)).slice(0, 5)) {
      await playHumanMove(page, move);
      await waitForState(page, 'window.boardlab.state().thinking || window.boardlab.state().moves.length === 6', 'the engine to think or answer');
      if ((await state(page)).thinking) break;
      await page.click('#undo');
      await waitForState(page, 'window.boardlab.state().moves.length === 4', 'Undo of an instant answer');
    }
    assert((await state(page)).thinking, 'every quiet move tried got an instant answer');
    await page.click('#undo');
    await waitForState(page, '!window.boardlab.state().thinking && window.boardlab.state().moves.length === 4', 'Undo to stop the engine');
    s = await state(page);
    const who = await panelWho(page);
    assert(!who.includes('move 6') && !who.includes('move 5'), `after Undo while thinking the panel reads "${who}" with ${s.moves.length} moves`);
    assert(!s.report || [keyAfter(s, s.moves), keyAfter(s, s.moves.slice(0, -1))].includes(s.report.key), `the panel's search is of another position: ${s.report.key}`);
  });

  test('bug 2: "Wait for the engine" goes once the engine has moved', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'connect4', thinkMs: 2000, humanSide: 1 });
    // The opening book answers the first chip at once (a steal); the next reply is searched.
    await playHumanMove(page, '4');
    await waitForHumanTurn(page, 1);
    await playHumanMove(page, '3');
    await waitForState(page, 'window.boardlab.state().thinking', 'the engine to think');
    await clickCell(page, '0,0');
    assert((await state(page)).message.includes('Wait for the engine'), `no wait notice: ${(await state(page)).message}`);
    await waitForHumanTurn(page, 1);
    await page.waitForTimeout(100);
    const after = await state(page);
    assert(!after.message.includes('Wait for the engine'), `the notice stayed after the engine moved: ${after.message}`);
  });

  test('bug 3: Connect 4 as second player, clicking the first chip steals it', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'connect4', thinkMs: 100, humanSide: 2 });
    await waitForHumanTurn(page, 2);
    let s = await state(page);
    assert(s.moves.length === 1 && s.steal === 'steal', `expected the steal to be offered: ${brief(s)}`);
    const chip = s.cells.find((c) => c.owner !== 0);
    const chipColumn = chip.name.split(',')[0];
    await clickCell(page, chip.name);
    await waitForState(page, 'window.boardlab.state().moves.length >= 2', 'the click on the chip');
    s = await state(page);
    assert(s.moves[1] === 'steal', `clicking the chip in column ${chipColumn} played ${s.moves[1]}, not the steal`);
    const list = await moveListText(page);
    assert(list.includes('2. steal') && !list.includes('steal (steal)'), `the move list reads: ${list}`);
  });

  test('bug 4: Ataxx keeps the selection after a square too far, says why, and the next click jumps', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'ataxx', thinkMs: 100, humanSide: 1 });
    const s = await state(page);
    const own = s.cells.find((c) => c.name === 'g1');
    assert(own && own.owner === 1, `g1 is not player 1's: ${brief(s)}`);
    await clickCell(page, 'g1');
    await clickCell(page, 'd4');
    let after = await state(page);
    assert(after.moves.length === 0, `d4 was played: ${brief(after)}`);
    assert(after.message.includes('g1d4') && !after.message.includes("'g1d4'") && !/spawn/.test(after.message), `the message does not explain the jump: ${after.message}`);
    const shows = await page.evaluate(() => window.boardlab.board().inspect());
    assert(shows.selected === 'g1', `the selection was dropped: ${JSON.stringify(shows.selected)}`);
    await clickCell(page, 'e3');
    await waitForState(page, 'window.boardlab.state().moves.length >= 1', 'the jump to e3');
    after = await state(page);
    assert(after.moves[0] === 'g1e3', `the click on e3 played ${after.moves[0]}`);
  });

  test('bug 5: switching games keeps each game, and Back returns to the game left', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'yavalath', thinkMs: 100 });
    await page.selectOption('#mode', 'human-human');
    await playHumanMove(page, (await quietMoves(page))[0]);
    await playHumanMove(page, (await quietMoves(page))[0]);
    const kept = (await state(page)).moves;
    await page.selectOption('#game', 'connect4');
    await waitForState(page, 'window.boardlab.state().game === "connect4"', 'Connect 4 to open');
    await playHumanMove(page, '4');
    await page.selectOption('#game', 'yavalath');
    await waitForState(page, 'window.boardlab.state().game === "yavalath"', 'Yavalath to open again');
    let s = await state(page);
    assert(s.moves.join(' ') === kept.join(' '), `Yavalath came back as ${brief(s)}, not with ${kept.join(' ')}`);
    await page.goBack();
    await waitForState(page, 'window.boardlab.state().game === "connect4"', 'Back to return to Connect 4');
    s = await state(page);
    assert(s.moves.join(' ') === '4', `Back gave Connect 4 with ${brief(s)}`);
    await page.goBack();
    await waitForState(page, 'window.boardlab.state().game === "yavalath"', 'Back to return to Yavalath');
    s = await state(page);
    assert(s.moves.join(' ') === kept.join(' ') && page.url().startsWith(url), `Back left ${page.url()} with ${brief(s)}`);
  });

  test('bug 6: wording of refusals and the steal', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'amazons', thinkMs: 100, humanSide: 1 });
    const s = await state(page);
    const theirs = s.cells.find((c) => c.owner === 2);
    await clickCell(page, theirs.name);
    const message = (await state(page)).message;
    assert(message.includes("Black's amazon") && !message.includes('has no white amazon'), `clicking Black's amazon reads: ${message}`);
    assert((await page.locator('#human-side option[value="2"]').innerText()) === 'Second', 'the side select still reads "Second (player 2)"');
  });

  test('the move list and ← / → / Home / End show past positions; another move starts a variation or, on request, replaces the rest; links keep the ply', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'yavalath', thinkMs: 100 });
    await page.selectOption('#mode', 'human-human');
    for (let i = 0; i < 4; i++) await playHumanMove(page, (await quietMoves(page))[i]);
    const line = (await state(page)).moves;
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    let s = await state(page);
    assert(s.moves.join(' ') === line.slice(0, 2).join(' '), `← ← shows ${brief(s)}`);
    assert((await page.locator('#move-list li').count()) === 4, 'the move list lost the later moves');
    assert((await page.locator('#move-list li.current').innerText()).includes(line[1]), 'the move on screen is not marked');
    assert(new URL(page.url()).hash.includes('ply=2') && new URL(page.url()).hash.includes(encodeURIComponent(line[3]).replace(/%20/g, '+')), `the link lost the line or the ply: ${page.url()}`);
    await page.keyboard.press('Home');
    assert((await state(page)).moves.length === 0, 'Home did not go to the start');
    await page.keyboard.press('End');
    assert((await state(page)).moves.length === 4, 'End did not go to the last move');
    await page.locator('#move-list li .move-name').nth(2).click();
    s = await state(page);
    assert(s.moves.length === 3, `clicking move 3 shows ${brief(s)}`);
    await page.keyboard.press('ArrowRight');
    assert((await state(page)).moves.length === 4, '→ did not step forward');

    // A link with a ply opens the game at that move, the rest kept.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // The address follows the view when the page redraws, not with the key press itself.
    await page.waitForFunction(() => new URL(window.location.href).hash.includes('ply=2'), null, { timeout: 3_000 });
    const link = page.url();
    await page.goto('about:blank');
    await page.goto(link);
    await waitForState(page, () => window.boardlab?.state().toMove != null, 'the link to open', 20_000);
    s = await state(page);
    assert(s.moves.length === 2 && (await page.locator('#move-list li').count()) === 4, `the link opened ${brief(s)}`);

    // Playing the game's own next move steps forward; another move starts a variation, and the
    // message offers to replace the rest of the game with it instead.
    await clickCell(page, line[2]);
    s = await state(page);
    assert(s.moves.length === 3 && (await page.locator('#move-list li').count()) === 4, `the game's own move did not step forward: ${brief(s)}`);
    await page.keyboard.press('ArrowLeft');
    const other = (await quietMoves(page)).find((m) => m !== line[2]);
    await clickCell(page, other);
    s = await state(page);
    assert(s.moves.length === 3 && s.moves[2] === other && s.mainLine.join(' ') === line.join(' '), `the new move did not start a variation beside the game: ${brief(s)} main ${s.mainLine}`);
    assert(/the 2 later moves/.test(s.message) && (await page.locator('#message .message-action').innerText()).startsWith('Replace'), `no offer to replace the rest: ${s.message}`);
    await page.click('#message .message-action');
    await waitForState(page, 'window.boardlab.state().mainLine.length === 3', 'the rest to be replaced');
    s = await state(page);
    assert(s.mainLine[2] === other && s.variations.length === 0 && (await page.locator('#move-list li').count()) === 3, `the rest was not replaced: ${brief(s)} ${JSON.stringify(s.variations)}`);

    // Undo can be redone with →.
    await page.click('#undo');
    assert((await state(page)).moves.length === 2, 'Undo did not take the move back');
    await page.keyboard.press('ArrowRight');
    s = await state(page);
    assert(s.moves.length === 3 && s.moves[2] === other, `→ after Undo did not redo: ${brief(s)}`);
  });

  test('variations: a new move from a past position is kept under the main line, clickable, navigable, promotable and deletable; links keep the main line', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'yavalath', thinkMs: 100 });
    await page.selectOption('#mode', 'human-human');
    for (let i = 0; i < 4; i++) await playHumanMove(page, (await quietMoves(page))[i]);
    const main = (await state(page)).moves;
    await page.locator('#move-list li.move:not(.variation) .move-name').nth(1).click();
    const x = (await quietMoves(page)).find((m) => m !== main[2]);
    await clickCell(page, x);
    const y = (await quietMoves(page))[0];
    await clickCell(page, y);
    let s = await state(page);
    const variation = [...main.slice(0, 2), x, y];
    assert(s.moves.join(' ') === variation.join(' ') && s.mainLine.join(' ') === main.join(' '), `the variation is not on screen beside the main line: ${brief(s)} main ${s.mainLine}`);
    assert(JSON.stringify(s.variations) === JSON.stringify([variation]), `the tree holds ${JSON.stringify(s.variations)}`);
    const row = page.locator('#move-list li.variation');
    assert((await row.count()) === 1, `${await row.count()} variation rows in the move list`);
    const rowText = await row.innerText();
    assert(rowText.startsWith('(3.') && rowText.includes(x) && rowText.includes(y) && rowText.trim().endsWith(')'), `the variation row reads ${JSON.stringify(rowText)}`);
    assert((await row.locator('.variation-move.current .move-name').innerText()) === y, 'the move on screen is not marked in the variation');
    // The row sits under the main line's move 3, which it replaces.
    const rowsText = await page.$$eval('#move-list > li', (lis) => lis.map((li) => (li.classList.contains('variation') ? 'V' : 'M')).join(''));
    assert(rowsText === 'MMMVM', `the variation is not under move 3: ${rowsText}`);
    assert(await page.locator('#variation-bar').isVisible(), 'no variation bar while a variation is on screen');
    // Links and the copied move list keep the main line, at the move where the variation leaves it.
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
    assert(hash.get('moves') === main.join(' ') && hash.get('ply') === '2', `the link holds ${hash.get('moves')} at ply ${hash.get('ply')}`);
    const exported = await page.evaluate(async () => (await import('./share.js')).parseMoveText(document.getElementById('move-list').innerText));
    assert(exported.join(' ') === main.join(' '), `the copied move list reads back as ${exported.join(' ')}`);

    // ← steps back along the variation, → forward along it again; End is the variation's end.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    s = await state(page);
    assert(s.moves.join(' ') === main.slice(0, 2).join(' '), `← ← in the variation shows ${brief(s)}`);
    await page.keyboard.press('ArrowRight');
    assert((await state(page)).moves.join(' ') === variation.slice(0, 3).join(' '), '→ did not follow the variation it came from');
    await page.keyboard.press('End');
    assert((await state(page)).moves.join(' ') === variation.join(' '), 'End did not go to the end of the variation');
    // The main line's moves are clickable, and so are the variation's.
    await page.locator('#move-list li.move:not(.variation) .move-name').nth(3).click();
    s = await state(page);
    assert(s.moves.join(' ') === main.join(' ') && !(await page.locator('#variation-bar').isVisible()), `clicking main move 4 shows ${brief(s)}`);
    await row.locator('.move-name', { hasText: x }).click();
    assert((await state(page)).moves.join(' ') === variation.slice(0, 3).join(' '), 'clicking the variation\'s first move did not show it');
    // Playing a move tried before from the same position follows its variation (no copy).
    await page.locator('#move-list li.move:not(.variation) .move-name').nth(1).click();
    await clickCell(page, x);
    s = await state(page);
    assert(s.variations.length === 1 && s.moves.join(' ') === variation.slice(0, 3).join(' '), `playing ${x} again made ${JSON.stringify(s.variations)}`);

    // Switching games and back keeps the variation.
    await page.selectOption('#game', 'connect4');
    await waitForState(page, 'window.boardlab.state().game === "connect4"', 'Connect 4 to open');
    await page.selectOption('#game', 'yavalath');
    await waitForState(page, 'window.boardlab.state().game === "yavalath"', 'Yavalath to open again');
    s = await state(page);
    assert(JSON.stringify(s.variations) === JSON.stringify([variation]) && s.moves.join(' ') === variation.slice(0, 3).join(' '), `the kept game came back as ${brief(s)} ${JSON.stringify(s.variations)}`);

    // Make it the main line: the old main line becomes the variation.
    await page.click('#variation-promote');
    s = await state(page);
    assert(s.mainLine.join(' ') === variation.join(' ') && JSON.stringify(s.variations) === JSON.stringify([main]), `promoting gave main ${s.mainLine} and ${JSON.stringify(s.variations)}`);
    assert(!(await page.locator('#variation-bar').isVisible()), 'the bar stays after promoting');
    // Delete it: the old line goes, the position before it is shown.
    await page.locator('#move-list li.variation .move-name').last().click();
    await page.click('#variation-delete');
    s = await state(page);
    assert(s.variations.length === 0 && s.moves.join(' ') === main.slice(0, 2).join(' ') && (await page.locator('#move-list li.variation').count()) === 0, `deleting left ${brief(s)} ${JSON.stringify(s.variations)}`);

    // After Undo a move replaces the moves taken back; a move a variation already holds takes
    // that variation's place (no copy of it is made).
    await clickCell(page, main[2]); // the old third move, a variation again beside x y
    await page.locator('#move-list li.move:not(.variation) .move-name').nth(2).click();
    await page.click('#undo');
    await clickCell(page, main[2]);
    s = await state(page);
    assert(s.mainLine.join(' ') === main.slice(0, 3).join(' ') && s.variations.length === 0 && s.moves.join(' ') === main.slice(0, 3).join(' '), `a move after Undo gave main ${s.mainLine}, variations ${JSON.stringify(s.variations)}`);
  });

  test('analysis: each position is analysed once, and its result is shown at once on coming back', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'yavalath', thinkMs: 100 });
    await page.selectOption('#mode', 'analysis');
    await page.selectOption('#analysis-budget', '1000');
    await waitForState(page, '!window.boardlab.state().analysing && window.boardlab.state().report?.stop', 'the first analysis', 15_000);
    await playHumanMove(page, (await quietMoves(page))[0]);
    await waitForState(page, '!window.boardlab.state().analysing && window.boardlab.state().report?.key.endsWith(window.boardlab.state().moves[0])', 'the second analysis', 15_000);
    await page.keyboard.press('ArrowLeft');
    let s = await state(page);
    assert(!s.analysing && s.report && s.report.key === keyAfter(s, []) && s.report.stop !== 'stopped', `going back did not show the analysis kept: ${brief(s)} ${JSON.stringify(s.report)}`);
    assert(s.evaluation !== null, 'the eval bar is empty on coming back');
    await page.keyboard.press('ArrowRight');
    s = await state(page);
    assert(!s.analysing && s.report.key === keyAfter(s, s.moves), `coming forward did not show its analysis: ${JSON.stringify(s.report)}`);
  });

  test('engine info hidden while playing by default; Coach scores your moves on your turn; one score unit', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'connect4', thinkMs: 250, humanSide: 1 });
    assert(!(await page.locator('#overlay').isChecked()), 'Coach is on by default');
    assert((await page.locator('#overlay-label').innerText()).startsWith('Coach'), 'the box is not called Coach against the engine');
    await playHumanMove(page, '4');
    await waitForHumanTurn(page, 1);
    assert(await page.locator('#search-hidden-note').isVisible(), 'no note saying the engine info is hidden');
    assert(!(await page.locator('#stat-pv-row').isVisible()) && !(await page.locator('#stat-score-row').isVisible()), "the engine's line or score shows while playing");
    assert(!(await page.locator('#evalbar').isVisible()), 'the eval bar shows while playing');

    await page.check('#overlay');
    await waitForState(page, '(window.boardlab.state().overlay?.heat ?? []).length > 0 && window.boardlab.state().toMove === 1', "Coach's scores of the person's moves", 15_000);
    let s = await state(page);
    assert(s.report.key === keyAfter(s, s.moves), `the coach searched another position: ${s.report.key}`);
    assert(await page.locator('#stat-score-row').isVisible() && !(await page.locator('#search-hidden-note').isVisible()), 'Coach does not show the score');
    await waitForState(page, '!window.boardlab.state().analysing', 'the coach to finish', 15_000);
    const score = await page.locator('#stat-score').innerText();
    const title = (await page.locator('#stat-score').getAttribute('title')) ?? '';
    assert(/%$/.test(score) ? /score/.test(title) : /win|loss|draw/.test(score), `the score is not a winning chance with the raw score on hover: ${score} / ${title}`);
    const bar = await page.locator('#evalbar .evalbar-text').innerText();
    assert(/% to win|wins in|Draw/.test(bar), `the eval bar reads ${bar}`);
    // The coach's search stops when the person moves; the engine then answers as usual.
    await playHumanMove(page, s.legal.find((m) => m !== '4') ?? s.legal[0]);
    await waitForHumanTurn(page, 1);
    s = await state(page);
    assert(s.moves.length === 4, `the engine did not answer after the coach: ${brief(s)}`);
  });

  test('game review: every position analysed with a progress bar, a clickable graph, the losing move a blunder, a summary per player', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'yavalath', thinkMs: 100 });
    await page.selectOption('#mode', 'human-human');
    for (const move of ['a1', 'e5', 'a2', 'e6']) await playHumanMove(page, move);
    // Player 1's fifth move makes a line of three (a1 a2 a3): it loses at once.
    const losing = await page.evaluate(async () => {
      const { describe } = await import('./pkg/boardlab.js');
      const s = window.boardlab.state();
      return s.legal.find((m) => describe(s.game, s.setup, [...s.moves, m].join(' ')).result?.winner === 2) ?? null;
    });
    assert(losing, 'no losing move found for player 1');
    await playHumanMove(page, losing);
    assert(await page.locator('#review-card').isVisible(), 'no Review offered at the end of the game');
    await page.selectOption('#review-time', '100');
    await page.click('#review-start');
    await waitForState(page, 'window.boardlab.state().review?.running === true', 'the review to start', 5_000);
    assert(await page.locator('#review-progress').isVisible(), 'no progress bar during the review');
    await waitForState(page, 'window.boardlab.state().review?.running === false', 'the review to finish', 30_000);
    const s = await state(page);
    assert(s.review.error === null && s.review.done === s.review.total && s.review.total === 5, `the review did not cover every position: ${JSON.stringify(s.review)}`);
    assert(s.review.classes[4] === 'blunder', `the losing move is not a blunder: ${JSON.stringify(s.review.classes)}`);
    const list = await moveListText(page);
    assert(/5\. \S+ \(blunder: best was \S+\)/.test(list), `the move list does not mark the blunder: ${list}`);
    // Only the fifth move's class is fixed: the edge moves before it are judged by a 100 ms search.
    assert((await page.locator('#review-graph polyline').count()) === 1, 'the graph has no line');
    assert((await page.locator('#review-graph .review-dot.blunder[data-ply="5"]').count()) === 1, 'the graph does not mark the fifth move a blunder');
    assert((await page.locator('#review-summary tbody tr').count()) === 2, 'no summary per player');
    await page.locator('#review-graph').scrollIntoViewIfNeeded();
    const box = await page.locator('#review-graph').boundingBox();
    await page.mouse.click(box.x + box.width * 0.4, box.y + box.height / 2);
    const after = await state(page);
    assert(after.moves.length === 2, `clicking the graph at 40 % showed ${after.moves.length} moves, not 2`);
  });

  test('several best lines (multi-PV): the Lines setting shows each line with its score; hovering one previews it', async ({ page, url }) => {
    await openPlayground(page, url, { game: 'yavalath', thinkMs: 100 });
    await page.selectOption('#mode', 'analysis');
    await page.selectOption('#lines', '3');
    await page.selectOption('#analysis-budget', '1000');
    await waitForState(page, '!window.boardlab.state().analysing && window.boardlab.state().report?.stop', 'the analysis', 15_000);
    const rows = page.locator('#stat-pv .pv-line');
    assert((await rows.count()) === 3, `expected 3 lines, got ${await rows.count()}`);
    for (let i = 0; i < 3; i++) {
      const text = await rows.nth(i).innerText();
      assert(/^(\d+\.\d %|win in \d+|loss in \d+|draw)\s+\S+/.test(text), `line ${i + 1} reads ${JSON.stringify(text)}`);
    }
    const firstMoves = await page.$$eval('#stat-pv .pv-line', (ls) => ls.map((l) => l.querySelector('.pv-move').textContent));
    assert(new Set(firstMoves).size === 3, `the lines do not start with three different moves: ${firstMoves}`);
    await rows.nth(1).locator('.pv-move').first().hover();
    assert(await page.locator('#pv-preview').isVisible(), 'hovering the second line shows no preview');
  });
});
