// The README's screenshots (docs/*.png), taken from the built site in the system Chromium with
// playwright-core, the way a visitor gets there: clicks and the controls. Not a test: it checks
// only that each scene came about, and the pictures are for people to look at.
//
// Run:   bash scripts/build-site.sh && (cd tests/e2e && node screenshots.mjs)
// Env:   CHROMIUM  browser binary (default /usr/bin/chromium)
//        SHOTS     where to write them (default: docs/ of this repository)
//
// The engine's moves and scores depend on the machine's speed, so two runs differ in detail.

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { HERE, freePort, openPlayground, playHumanMove, state, waitForHumanTurn, waitForState } from './lib.mjs';

const REPO = path.resolve(HERE, '..', '..');
const OUT = process.env.SHOTS ?? path.join(REPO, 'docs');
const VIEWPORT = { width: 1280, height: 800 };

/** Moves for the side to move that end nothing, asked of the engine in the page (Yavalath). */
function quietMoves(page) {
  return page.evaluate(async () => {
    const { describe } = await import('./pkg/boardlab.js');
    const s = window.boardlab.state();
    return s.legal.filter((m) => m !== s.steal && !describe(s.game, s.setup, [...s.moves, m].join(' ')).result);
  });
}

/** The cell of `moves` (Yavalath names) nearest the board's centre, so the pictures have a middle game. */
function central(moves) {
  const score = (m) => Math.abs(m.charCodeAt(0) - 'e'.charCodeAt(0)) + Math.abs(Number(m.slice(1)) - 5);
  return [...moves].sort((a, b) => score(a) - score(b))[0];
}

/** Yavalath against the engine with Coach: a few moves in (the coach's picks), the person's candidate moves scored. */
async function playground(page, url) {
  await openPlayground(page, url, { game: 'yavalath', thinkMs: 500, humanSide: 1 });
  await page.check('#overlay');
  const coached = '(() => { const s = window.boardlab.state(); return s.toMove === 1 && !s.analysing && !s.thinking && s.report?.stop && s.overlay?.pv?.length > 0; })()';
  for (let i = 0; i < 3; i++) {
    await waitForState(page, coached, "Coach's look at the position", 20_000);
    const s = await state(page);
    // The coach's best move, or the next quiet move where that would be the steal.
    const best = s.overlay.pv[0] !== s.steal ? s.overlay.pv[0] : central(await quietMoves(page));
    await playHumanMove(page, best);
    await waitForHumanTurn(page, 1);
  }
  await waitForState(page, coached, "Coach's look at the position", 20_000);
  await page.mouse.move(1, 1);
  await page.screenshot({ path: path.join(OUT, 'playground.png') });
}

const ANALYSED = '(() => { const s = window.boardlab.state(); return !s.analysing && s.report?.stop && s.report.key.endsWith(s.moves.join(" ")) && s.overlay?.pv?.length > 0; })()';

/** Analysis mode: once the position on screen is analysed, plays its best move (`rank` 1: the runner-up). */
async function playAnalysed(page, rank = 0) {
  await waitForState(page, ANALYSED, 'the analysis of the position', 30_000);
  const s = await state(page);
  const ranked = [s.overlay.pv[0], ...s.overlay.heat.filter((h) => !h.static && h.move !== s.overlay.pv[0]).sort((a, b) => b.value - a.value).map((h) => h.move)];
  await playHumanMove(page, ranked.filter((m) => m !== s.steal)[rank]);
}

/**
 * Analysis of a Yavalath game with a variation: three lines, the heatmap, a scored cell pointed
 * at (its line previewed), the move list with the variation under the main line. The moves are
 * the engine's own picks at 1 s, so the position stays a game.
 */
async function analysis(page, url) {
  await openPlayground(page, url, { game: 'yavalath', thinkMs: 100 });
  await page.selectOption('#mode', 'analysis');
  await page.selectOption('#analysis-budget', '1000');
  for (let i = 0; i < 5; i++) await playAnalysed(page);
  await page.locator('#move-list li.move:not(.variation) .move-name').nth(1).click();
  // A variation: the runner-up instead of the game's third move, and the best reply to it.
  await playAnalysed(page, 1);
  await playAnalysed(page);
  await page.selectOption('#lines', '3');
  await page.selectOption('#analysis-budget', '5000');
  await waitForState(page, ANALYSED, 'the analysis', 30_000);
  // Point at the second-best scored cell: its own line shows in the preview.
  const target = await page.evaluate(() => {
    const s = window.boardlab.state();
    const searched = s.overlay.heat.filter((h) => !h.static && h.move !== s.overlay.pv[0]).sort((a, b) => b.value - a.value);
    return searched[0]?.move ?? null;
  });
  // Tall enough for the move list (its variation) under the search panel.
  // The preview the pointer opens makes the panel taller: point first, then measure.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  if (target) {
    const at = await page.evaluate((n) => window.boardlab.cellCenter(n), target);
    await page.mouse.move(at.x, at.y);
  }
  await page.waitForTimeout(300);
  const moves = await page.locator('.moves-card').boundingBox();
  await page.setViewportSize({ width: 1280, height: Math.ceil(moves.y + moves.height + 16) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, 'analysis.png') });
  await page.setViewportSize(VIEWPORT);
}

/** Amazons with MCTS: the heatmap by visits, the best line, the replies to the most visited move. */
async function mcts(page, url) {
  await page.goto(`${url}?game=amazons#mode=analysis`);
  await waitForState(page, () => window.boardlab?.state().toMove != null, 'Amazons to load', 20_000);
  await page.selectOption('#analysis-budget', '5000');
  await waitForState(page, '!window.boardlab.state().analysing && window.boardlab.state().report?.stop', 'the MCTS analysis', 30_000);
  await page.locator('#mcts-table tbody tr').first().click();
  await page.mouse.move(1, 1);
  await page.setViewportSize({ width: 1280, height: 1250 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, 'mcts.png') });
  await page.setViewportSize(VIEWPORT);
}

/** A short Connect 4 game between two people, reviewed: the graph, the classes, the summary. */
async function review(page, url) {
  await openPlayground(page, url, { game: 'connect4', thinkMs: 100 });
  await page.selectOption('#mode', 'human-human');
  // Player 2 answers beside player 1's column and lets four in a row through.
  for (const move of ['4', '5', '4', '3', '4', '6', '3', '5', '4']) await playHumanMove(page, move);
  await page.selectOption('#review-time', '250');
  await page.click('#review-start');
  await waitForState(page, 'window.boardlab.state().review?.running === false', 'the review', 60_000);
  await page.locator('#move-list li.move .move-name').nth(5).click();
  const box = await page.locator('#review-card').boundingBox();
  await page.setViewportSize({ width: 1280, height: Math.ceil(box.y + box.height + 24) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, 'review.png') });
  await page.setViewportSize(VIEWPORT);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', path.join(REPO, 'dist')], { detached: true, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (let i = 0; i < 50; i++) {
      if (await fetch(url).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const [name, scene] of Object.entries({ playground, analysis, mcts, review })) {
      const page = await browser.newPage({ viewport: VIEWPORT });
      await scene(page, url);
      await page.close();
      console.log(`${name}.png written to ${OUT}`);
    }
  } finally {
    await browser.close();
    process.kill(-server.pid, 'SIGTERM');
  }
}

await main();
