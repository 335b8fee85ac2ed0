// The engine on several threads (issue 16): the threaded wasm build in a cross-origin isolated
// page (alpha-beta's Lazy SMP in Yavalath, MCTS's tree parallelism in Amazons), the
// single-threaded fallback in a page without isolation, Stop and a crash ending every thread,
// and the Threads and Memory settings. Each test serves dist/ itself with `boardlab
// serve` (BOARDLAB_BIN), with or without the isolation headers, whatever server the runner has.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { HERE, TestFailure, assert, brief, state, suite, waitForState } from './lib.mjs';

const REPO = path.resolve(HERE, '..', '..');

/** A stopped search's threads must be gone by then: a hang guard for a loaded machine, not a speed test. */
const THREADS_GONE_MS = 20_000;

/**
 * Serves dist/ with `boardlab serve` on a free port, with `extra` arguments (`--no-isolation`:
 * without the COOP/COEP headers). Returns {url, stop}.
 */
async function serveDist(extra = []) {
  const bin = path.resolve(REPO, process.env.BOARDLAB_BIN ?? path.join('target', 'release', 'boardlab'));
  assert(existsSync(bin), `${bin} is missing: build it first (make test sets BOARDLAB_BIN to the suite's binary)`);
  const child = spawn(bin, ['serve', '--dir', path.join(REPO, 'dist'), '--port', '0', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new TestFailure('boardlab serve printed no address within 20 s')), 20_000);
    readline.createInterface({ input: child.stdout }).once('line', (l) => {
      clearTimeout(timer);
      resolve(l);
    });
    child.once('exit', (code) => reject(new TestFailure(`boardlab serve exited (code ${code})`)));
  });
  child.stdout.resume();
  const url = line.match(/http:\/\/\S+/)?.[0];
  assert(url, `no address in boardlab serve's first line: ${line}`);
  return { url: url.endsWith('/') ? url : `${url}/`, stop: () => child.kill() };
}

/**
 * Follows the page's workers (the engine worker and its helper Workers, which Chromium reports
 * too): {all: [{url, closed}], open()}.
 */
function watchWorkers(page) {
  const all = [];
  page.on('worker', (worker) => {
    const entry = { url: worker.url(), closed: false };
    all.push(entry);
    worker.on('close', () => {
      entry.closed = true;
    });
  });
  return { all, open: () => all.filter((w) => !w.closed) };
}

/** Waits until every worker of `workers` has closed (within THREADS_GONE_MS), else fails naming `what`. */
async function waitAllClosed(workers, what) {
  const deadline = Date.now() + THREADS_GONE_MS;
  while (workers.some((w) => !w.closed)) {
    if (Date.now() > deadline) {
      const left = workers.filter((w) => !w.closed).map((w) => w.url);
      throw new TestFailure(`${what}: ${left.length} worker(s) still running ${THREADS_GONE_MS / 1000} s later: ${left.join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens Yavalath in analysis mode through a link asking for `threads` threads; waits for the engine build. */
async function openAnalysis(page, url, threads, more = '') {
  await page.goto(`${url}?game=yavalath#mode=analysis&threads=${threads}${more}`);
  await waitForState(page, () => window.boardlab?.state().engineBuild != null, 'the engine worker to load a build', 30_000);
  return state(page);
}

export default suite('threads', (test) => {
  test('an isolated page runs the threaded build on 2 threads; Stop and a crash end every thread', async ({ page }) => {
    const server = await serveDist();
    try {
      const workers = watchWorkers(page);
      // 10 minutes: the analysis runs until Stop.
      let s = await openAnalysis(page, server.url, 2, '&analysis=600000');
      assert(await page.evaluate(() => window.crossOriginIsolated), 'the page is not cross-origin isolated although the server sent the headers');
      const build = s.engineBuild;
      assert(build.threaded && build.threads === 2 && build.fallback === null && build.label === 'wasm, 2 threads', `not the threaded build on 2 threads: ${JSON.stringify(build)}`);
      const shown = await page.locator('#engine-build').textContent();
      assert(shown === 'Engine: wasm, 2 threads', `the panel says ${JSON.stringify(shown)}`);
      await waitForState(page, 'window.boardlab.state().report?.depth >= 4', 'the threaded analysis to reach depth 4', 30_000);
      // The engine worker and its helper (wasm-bindgen-rayon's Worker, started from a blob).
      const running = workers.open();
      assert(running.length === 2 && running.some((w) => w.url.endsWith('/worker.js')) && running.some((w) => w.url.startsWith('blob:')),
        `expected the engine worker and one helper, found ${JSON.stringify(running)}`);

      // Stop ends the engine worker and its helper; a fresh pair loads the same build.
      await page.click('#analysis-stop');
      s = await state(page);
      assert(!s.analysing && s.report.stop === 'stopped', `the analysis did not stop: ${brief(s)}`);
      await waitAllClosed(running, 'after Stop');
      await waitForState(page, () => window.boardlab.state().engineBuild?.threads === 2, 'the fresh worker to load', 30_000);
      const deadline = Date.now() + 30_000;
      while (workers.open().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const fresh = workers.open();
      assert(fresh.length === 2, `after Stop, expected a fresh engine worker and helper: ${JSON.stringify(workers.all)}`);

      // A crash (a real panic in the engine) ends them too, and the engine comes back.
      await page.evaluate(() => window.boardlab.injectFault('panic'));
      await page.click('#analysis-deeper'); // a new search: its worker panics
      await waitForState(page, "window.boardlab.state().message.includes('Engine error')", 'the panic to be reported', 20_000);
      await waitAllClosed(fresh, 'after a crash');
      await page.click('#message .message-action'); // Retry: a fresh pair; the position's analysis was over
      await waitForState(page, () => window.boardlab.state().engineBuild?.threads === 2, 'the fresh worker after the crash', 30_000);
      await page.click('#analysis-deeper');
      await waitForState(page, 'window.boardlab.state().analysing && window.boardlab.state().report?.iterations >= 2', 'the analysis after the crash', 30_000);
      await page.click('#analysis-stop');
    } finally {
      server.stop();
    }
  }, { timeoutMs: 150_000 });

  test('Amazons: MCTS runs on both threads (tree parallelism) and the report counts both; Stop ends every thread', async ({ page }) => {
    const server = await serveDist();
    try {
      const workers = watchWorkers(page);
      await page.goto(`${server.url}?game=amazons#mode=analysis&threads=2&analysis=600000`);
      await waitForState(page, () => window.boardlab?.state().engineBuild != null, 'the engine worker to load a build', 30_000);
      let s = await state(page);
      assert(s.engine === 'mcts', `Amazons' engine is ${s.engine}, not MCTS`);
      assert(s.engineBuild.threaded && s.engineBuild.threads === 2, `not the threaded build on 2 threads: ${JSON.stringify(s.engineBuild)}`);
      await waitForState(page, 'window.boardlab.state().report?.threads === 2 && window.boardlab.state().report?.playouts >= 100',
        'an MCTS report of two threads', 30_000);
      const shown = await page.locator('#stat-nodes').textContent();
      assert(/nodes on 2 threads\)$/.test(shown), `the panel's iterations say ${JSON.stringify(shown)}`);
      const running = workers.open();
      assert(running.length === 2 && running.some((w) => w.url.endsWith('/worker.js')) && running.some((w) => w.url.startsWith('blob:')),
        `expected the engine worker and one helper, found ${JSON.stringify(running)}`);
      await page.click('#analysis-stop');
      s = await state(page);
      assert(!s.analysing && s.report.stop === 'stopped' && s.report.threads === 2, `the analysis did not stop: ${brief(s)}`);
      await waitAllClosed(running, 'after Stop');
    } finally {
      server.stop();
    }
  }, { timeoutMs: 120_000 });

  test('a page without isolation falls back to one thread and says why; the service worker isolates the next load', async ({ page }) => {
    const server = await serveDist(['--no-isolation']);
    try {
      const s = await openAnalysis(page, server.url, 2);
      assert(!(await page.evaluate(() => window.crossOriginIsolated)), 'the page is isolated although the server sent no headers');
      const build = s.engineBuild;
      assert(!build.threaded && build.threads === 1 && build.label === 'wasm, 1 thread', `not the single-threaded build: ${JSON.stringify(build)}`);
      assert(/not cross-origin isolated/.test(build.fallback ?? ''), `the fallback's reason: ${JSON.stringify(build.fallback)}`);
      const shown = await page.locator('#engine-build').textContent();
      assert(shown === 'Engine: wasm, 1 thread (2 threads asked for, but the page is not cross-origin isolated)', `the panel says ${JSON.stringify(shown)}`);
      await waitForState(page, 'window.boardlab.state().report?.depth >= 3', 'the single-threaded analysis to run', 30_000);

      // The site's service worker adds the headers to what it serves (for hosts that cannot send
      // them): once it is active, the next load is under it, isolated, and runs 2 threads.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload();
      await waitForState(page, () => window.boardlab?.state().engineBuild != null, 'the engine after the reload', 30_000);
      const again = await state(page);
      assert(await page.evaluate(() => window.crossOriginIsolated), 'the service worker did not make the page cross-origin isolated');
      assert(again.engineBuild.threaded && again.engineBuild.threads === 2, `under the service worker: ${JSON.stringify(again.engineBuild)}`);
    } finally {
      server.stop();
    }
  }, { timeoutMs: 90_000 });

  test('Threads and Memory: a new thread count loads its build; both are kept and shared', async ({ page }) => {
    const server = await serveDist();
    try {
      let s = await openAnalysis(page, server.url, 2, '&memory=8');
      assert(s.threads === 2 && s.ttMb === 8, `the link's settings were not taken: threads ${s.threads}, memory ${s.ttMb}`);
      assert((await page.locator('#threads').inputValue()) === '2' && (await page.locator('#memory').inputValue()) === '8', 'the selects do not show the link\'s settings');
      // One thread: a fresh worker with the single-threaded build, which is no fallback.
      await page.selectOption('#threads', '1');
      await waitForState(page, () => window.boardlab.state().engineBuild?.threads === 1, 'the one-thread build', 30_000);
      s = await state(page);
      assert(!s.engineBuild.threaded && s.engineBuild.fallback === null, `one thread: ${JSON.stringify(s.engineBuild)}`);
      assert((await page.locator('#engine-build').textContent()) === 'Engine: wasm, 1 thread', 'the panel does not name the one-thread build');
      await page.selectOption('#memory', '4');
      await page.click('.share summary');
      const link = await page.locator('#share-link').inputValue();
      const fragment = new URLSearchParams(new URL(link).hash.slice(1));
      assert(fragment.get('threads') === '1' && fragment.get('memory') === '4', `the share link does not carry them: ${link}`);
      // Kept: a plain visit of the page gets them back.
      await page.goto(`${server.url}?game=yavalath`);
      await waitForState(page, () => window.boardlab?.state().engineBuild != null, 'the engine after reload', 30_000);
      s = await state(page);
      assert(s.threads === 1 && s.ttMb === 4 && s.engineBuild.threads === 1, `not kept: threads ${s.threads}, memory ${s.ttMb}, build ${JSON.stringify(s.engineBuild)}`);
    } finally {
      server.stop();
    }
  }, { timeoutMs: 120_000 });
});
