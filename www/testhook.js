// A small read-only window into the app for the browser tests (tests/e2e/), so they can
// wait for the engine and click cells without parsing the page. Nothing here changes the game:
// tests play through the same mouse clicks and controls a person uses. The one exception breaks
// the engine on purpose (injectFault), to test that the page survives a crash.

/**
 * Installs `window.boardlab = {state(), board(), cellCenter(name), injectFault(kind)}`.
 * `getState()` returns the app's snapshot; `getBoard()` the current game's board renderer (for
 * cell positions), which changes when the game does; `injectFault(kind)` makes the engine's next
 * search break its worker ("panic", "throw", "exit" or "hang": see worker.js), or with
 * "rules-panic" the next call into the page's own wasm instance panic (rules.js).
 */
export function installTestHook(getState, getBoard, injectFault) {
  window.boardlab = {
    state: getState,
    /** The current game's renderer, to ask what it offers (e.g. whether it has overlay()). */
    board: () => getBoard(),
    /** Centre of a cell in CSS pixels relative to the viewport, for page.mouse.click(x, y). */
    cellCenter: (name) => getBoard()?.cellCenter(name) ?? null,
    injectFault,
  };
}
