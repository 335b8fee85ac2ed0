// Browser tests of the BoardLab playground: serves the built site (dist/), drives the system
// Chromium with playwright-core, and plays through the page the way a person does (mouse clicks
// and the controls). The page exposes a read-only hook, window.boardlab (www/testhook.js), that
// the tests use to know when the engine has replied and where each cell is drawn.
//
// This file is the runner only: server, browser, running and reporting. The tests live in
// playground.mjs (the page itself), navigation.mjs (moving through a game, issue 15's bugs),
// viz.mjs (search views, analysis, sharing, offline), threads.mjs (the engine on several
// threads: isolation, fallback, Stop) and one
// module per game, listed in games.mjs; their shared
// helpers are in lib.mjs.
//
// Run:   bash scripts/build-site.sh && (cd tests/e2e && npm install && node run.mjs)
// Env:   CHROMIUM        browser binary (default /usr/bin/chromium)
//        BOARDLAB_SERVE  command that serves dist/ and prints its URL on its first stdout line
//                        (default: python3 -m http.server on a free port)
//        BOARDLAB_BIN    the boardlab binary the arena-records test runs (default target/release/boardlab)
//        E2E_ONLY        run only the tests whose name ("<game>: <test>") contains this text
//
// Prints one PASS/FAIL line per test and "N passed, N failed" at the end; exits 1 on any failure.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { chromium } from 'playwright-core';
import * as GAME_SUITES from './games.mjs';
import { HERE, PHONE, TestFailure, freePort, movesOverBudget } from './lib.mjs';
import navigation from './navigation.mjs';
import playground from './playground.mjs';
import threads from './threads.mjs';
import viz from './viz.mjs';

const REPO = path.resolve(HERE, '..', '..');
const DIST = path.join(REPO, 'dist');

const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// ---------------------------------------------------------------------------------------------
// Serving dist/

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the static server and returns {url, stop}. */
async function startServer() {
  let child;
  let url;
  if (process.env.BOARDLAB_SERVE) {
    // Its own process group, so stop() ends the server and not just the shell around it.
    child = spawn(process.env.BOARDLAB_SERVE, { shell: true, cwd: REPO, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    const firstLine = await new Promise((resolve, reject) => {
      const lines = readline.createInterface({ input: child.stdout });
      const timer = setTimeout(() => reject(new Error(`BOARDLAB_SERVE printed no line within 30 s: ${process.env.BOARDLAB_SERVE}`)), 30_000);
      lines.once('line', (line) => {
        clearTimeout(timer);
        resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`BOARDLAB_SERVE exited (code ${code}) before printing its URL`)));
    });
    child.stdout.resume(); // keep draining its output
    const match = firstLine.match(/https?:\/\/\S+/);
    if (!match) throw new Error(`no URL in BOARDLAB_SERVE's first line: ${JSON.stringify(firstLine)}`);
    url = match[0].endsWith('/') ? match[0] : `${match[0]}/`;
  } else {
    const port = await freePort();
    child = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], {
      detached: true,
      stdio: 'ignore',
    });
    url = `http://127.0.0.1:${port}/`;
  }
  await waitForHttp(url, 15_000);
  return {
    url,
    stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The tests: the page's own, then each game's (see the module contract in lib.mjs)

const tests = [playground, navigation, viz, threads, ...Object.values(GAME_SUITES)].flatMap(({ game, tests: list }) =>
  list.map((t) => ({ ...t, name: `${game}: ${t.name}` })),
);

// ---------------------------------------------------------------------------------------------
// Running

/** The engine moves over budget on the context's open pages (movesOverBudget). */
async function budgetProblems(context) {
  const problems = [];
  for (const page of context.pages()) {
    const s = await page.evaluate(() => window.boardlab?.state() ?? null).catch(() => null);
    for (const m of s ? movesOverBudget(s) : []) problems.push(`${s.game} move ${m.move}: ${m.why}`);
  }
  return problems;
}

async function runTest(browser, url, t) {
  const context = await browser.newContext(t.phone ? PHONE : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  const notes = [];
  const started = Date.now();
  let error = null;
  let timer;
  try {
    await Promise.race([
      t.fn({ page, url, log: (line) => notes.push(line) }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new TestFailure(`test timed out after ${t.timeoutMs / 1000} s`)), t.timeoutMs);
      }),
    ]);
    problems.push(...(await budgetProblems(context)));
    if (problems.length > 0) throw new TestFailure(problems.join('; '));
  } catch (err) {
    error = err;
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => {});
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const detail = notes.length > 0 ? ` (${notes.join('; ')})` : '';
  if (error) {
    const reason = error instanceof TestFailure ? error.message : error.stack || String(error);
    console.log(`FAIL  ${t.name} [${seconds} s]: ${reason}`);
    return false;
  }
  console.log(`PASS  ${t.name} [${seconds} s]${detail}`);
  return true;
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html')) || !existsSync(path.join(DIST, 'pkg', 'boardlab.js'))) {
    console.error(`FAIL  ${DIST} is not built: run "bash scripts/build-site.sh" first`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const only = process.env.E2E_ONLY;
  const selected = tests.filter((t) => !only || t.name.includes(only));
  const server = await startServer();
  let browser;
  let passed = 0;
  let failed = 0;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: BROWSER_ARGS });
    console.log(`serving ${DIST} at ${server.url}, ${browser.version ? `Chromium ${browser.version()}` : ''}`);
    for (const t of selected) {
      if (await runTest(browser, server.url, t)) passed += 1;
      else failed += 1;
    }
  } catch (err) {
    console.log(`FAIL  setup: ${err.stack || err}`);
    failed += 1;
  } finally {
    await browser?.close().catch(() => {});
    server.stop();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main();
