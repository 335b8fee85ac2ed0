// The control panel: reads the selects, forwards button presses, and shows only the controls
// that do something in the current mode (elements with data-modes="…" list the modes they
// belong to), so no button is ever dead.

/**
 * Binds the controls in `doc` to `handlers` = {onModeChange, onHumanSideChange, onThinkTimeChange,
 * onDelayChange, onNewGame, onUndo, onSteal, onPauseToggle, onStep}. Returns `settings()`, the
 * current values of the selects, and `update(ui)` to refresh what is shown and enabled.
 */
export function createControls(doc, handlers) {
  const byId = (id) => doc.getElementById(id);
  const el = {
    mode: byId('mode'),
    humanSide: byId('human-side'),
    thinkTime: byId('think-time'),
    delay: byId('delay'),
    newGame: byId('new-game'),
    undo: byId('undo'),
    steal: byId('steal'),
    stealOffer: byId('steal-offer'),
    stealText: byId('steal-text'),
    pause: byId('pause'),
    step: byId('step'),
  };
  const modeScoped = [...doc.querySelectorAll('[data-modes]')];

  function settings() {
    return {
      mode: el.mode.value,
      humanSide: Number(el.humanSide.value),
      budgetMs: Number(el.thinkTime.value),
      delayMs: Number(el.delay.value),
    };
  }

  el.mode.addEventListener('change', () => handlers.onModeChange(el.mode.value));
  el.humanSide.addEventListener('change', () => handlers.onHumanSideChange(Number(el.humanSide.value)));
  el.thinkTime.addEventListener('change', () => handlers.onThinkTimeChange(Number(el.thinkTime.value)));
  el.delay.addEventListener('change', () => handlers.onDelayChange(Number(el.delay.value)));
  el.newGame.addEventListener('click', () => handlers.onNewGame());
  el.undo.addEventListener('click', () => handlers.onUndo());
  el.steal.addEventListener('click', () => handlers.onSteal());
  el.pause.addEventListener('click', () => handlers.onPauseToggle());
  el.step.addEventListener('click', () => handlers.onStep());

  /**
   * ui = {mode, canUndo, steal: {cell, by}|null (a steal the person at the screen may make now),
   * paused, canPause, canStep}.
   */
  function update(ui) {
    for (const node of modeScoped) node.hidden = !node.dataset.modes.split(' ').includes(ui.mode);
    el.undo.disabled = !ui.canUndo;
    el.stealOffer.hidden = !ui.steal;
    if (ui.steal) {
      el.stealText.textContent = `${ui.steal.by} may steal ${ui.steal.cell}: its stone becomes yours.`;
      el.steal.textContent = `Steal ${ui.steal.cell}`;
    }
    el.pause.textContent = ui.paused ? 'Resume' : 'Pause';
    el.pause.setAttribute('aria-pressed', String(ui.paused));
    el.pause.disabled = !ui.canPause;
    el.step.disabled = !ui.canStep;
  }

  return { settings, update };
}
