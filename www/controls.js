// The control panel: reads the selects, forwards button presses, and shows only the controls
// that do something in the current mode (elements with data-modes="…" list the modes they
// belong to), so no button is ever dead. The game and setup pickers are filled per game.

import { CUSTOM_LEVEL, LEVELS, THINK_TIMES_MS, levelById, levelLabel, nearestThinkStep, thinkTimeText } from './strength.js';

/**
 * Binds the controls in `doc` to `handlers` = {onGameChange, onSetupChange, onModeChange,
 * onHumanSideChange, onStrengthChange, onDelayChange, onAnalysisBudgetChange, onOverlayChange,
 * onTerritoryChange, onEngineChange, onNewGame, onUndo, onSteal, onPauseToggle, onStep, onHint,
 * onAnalysisStop, onAnalysisDeeper}.
 * onGameChange(name) and onSetupChange(setup) return true if the app took the change; on false
 * the pickers go back to what is in play. onStrengthChange({budgetMs, level}) hears both the
 * level and the think time. Returns `settings()`, the current values of the controls,
 * `apply(settings)` to set them, `setGames(games, current)`, `setSetups(setups, current)`,
 * `setEngines(engines, current)`, `setUntilStoppedMs(ms)`, `showOverlay(on)`,
 * `showTerritory({available, on})`, and `update(ui)` to refresh what is shown and enabled.
 */
export function createControls(doc, handlers) {
  const byId = (id) => doc.getElementById(id);
  const el = {
    game: byId('game'),
    gameField: byId('game-field'),
    setup: byId('setup'),
    setupField: byId('setup-field'),
    setupText: byId('setup-text'),
    setupTextField: byId('setup-text-field'),
    mode: byId('mode'),
    humanSide: byId('human-side'),
    thinkTime: byId('think-time'),
    thinkTimeValue: byId('think-time-value'),
    delay: byId('delay'),
    level: byId('level'),
    analysisBudget: byId('analysis-budget'),
    overlay: byId('overlay'),
    overlayLabel: byId('overlay-label'),
    territory: byId('territory'),
    territoryField: byId('territory-field'),
    engine: byId('engine'),
    engineField: byId('engine-field'),
    hint: byId('hint'),
    analysisStop: byId('analysis-stop'),
    analysisDeeper: byId('analysis-deeper'),
    newGame: byId('new-game'),
    undo: byId('undo'),
    steal: byId('steal'),
    stealOffer: byId('steal-offer'),
    stealText: byId('steal-text'),
    pause: byId('pause'),
    step: byId('step'),
  };
  const modeScoped = [...doc.querySelectorAll('[data-modes]')];

  // Short names fit the picker on a phone; what each level means is in its tooltip.
  el.level.replaceChildren(
    ...[
      ...LEVELS.map((level) => [level.id, level.label, levelLabel(level)]),
      [CUSTOM_LEVEL, 'Custom', 'Custom: the think time beside, full depth'],
    ].map(([value, text, title]) => {
      const option = doc.createElement('option');
      option.value = value;
      option.textContent = text;
      option.title = title;
      return option;
    }),
  );
  el.level.value = CUSTOM_LEVEL;

  // The think-time slider moves over the steps of THINK_TIMES_MS (its value is a step's index);
  // the time itself is shown beside its label and read out by screen readers (aria-valuetext).
  el.thinkTime.min = '0';
  el.thinkTime.max = String(THINK_TIMES_MS.length - 1);
  el.thinkTime.step = '1';
  el.thinkTime.dataset.steps = JSON.stringify(THINK_TIMES_MS); // for the browser tests

  /** The think time the slider shows, in ms. */
  function thinkTimeMs() {
    return THINK_TIMES_MS[Number(el.thinkTime.value)] ?? THINK_TIMES_MS[0];
  }

  /** Puts the slider on the step nearest `ms` and shows that time. */
  function showThinkTime(ms) {
    el.thinkTime.value = String(nearestThinkStep(ms));
    showThinkTimeValue();
  }

  function showThinkTimeValue() {
    const text = thinkTimeText(thinkTimeMs());
    el.thinkTimeValue.textContent = text;
    el.thinkTime.setAttribute('aria-valuetext', text);
  }
  showThinkTimeValue(); // the step in the HTML, or the one the browser restored (back/forward)

  function settings() {
    return {
      mode: el.mode.value,
      humanSide: Number(el.humanSide.value),
      budgetMs: thinkTimeMs(),
      delayMs: Number(el.delay.value),
      level: el.level.value,
      analysisBudgetMs: Number(el.analysisBudget.value),
    };
  }

  /** Sets a select to `value` if it offers it; returns whether it did. */
  function choose(select, value) {
    if (value === undefined || ![...select.options].some((o) => o.value === String(value))) return false;
    select.value = String(value);
    return true;
  }

  /**
   * Shows `values` (any of settings()' keys) in the controls, skipping values a select does not
   * offer; a think time between two of the slider's steps goes to the nearer one. A named level
   * wins over a think time that disagrees with it.
   */
  function apply(values) {
    choose(el.mode, values.mode);
    choose(el.humanSide, values.humanSide);
    if (Number.isFinite(values.budgetMs) && values.budgetMs > 0) showThinkTime(values.budgetMs);
    choose(el.delay, values.delayMs);
    choose(el.analysisBudget, values.analysisBudgetMs);
    const level = levelById(values.level);
    if (level) showThinkTime(level.budgetMs);
    el.level.value = level ? level.id : CUSTOM_LEVEL;
  }

  function showOverlay(on) {
    el.overlay.checked = on;
  }

  /** The Territory checkbox: shown only for a game that has territory (`available`). */
  function showTerritory({ available, on }) {
    el.territoryField.hidden = !available;
    el.territory.checked = on;
  }

  // ---- Game and setup pickers -----------------------------------------------------------

  let shownGame = null; // the game in play, for putting the picker back after a refusal
  let setups = []; // the current game's setups, as in its renderer entry
  let shownSetup = ''; // the setup string in play

  /** Fills the game picker with `games` = [{name, title}] and selects `current`. */
  function setGames(games, current) {
    el.game.replaceChildren(
      ...games.map(({ name, title }) => {
        const option = doc.createElement('option');
        option.value = name;
        option.textContent = title;
        return option;
      }),
    );
    selectGame(current);
  }

  function selectGame(name) {
    shownGame = name;
    el.game.value = name;
  }

  /**
   * Fills the setup picker with the game's `list` (see the renderer contract in
   * boards/index.js; none hides it) and shows `current`, the setup string in play.
   */
  function setSetups(list, current) {
    setups = list ?? [];
    // Option values are indexes: setup strings may repeat (a custom option's value is unused).
    el.setup.replaceChildren(
      ...setups.map((setup, i) => {
        const option = doc.createElement('option');
        option.value = String(i);
        option.textContent = setup.label;
        return option;
      }),
    );
    el.setupField.hidden = setups.length === 0;
    // Alone on its row, the game picker takes the full width.
    el.gameField.classList.toggle('full', setups.length === 0);
    el.setupText.value = '';
    showSetup(current);
  }

  /** Points the setup picker at `setup`: its listed option, else the custom one with the text. */
  function showSetup(setup) {
    shownSetup = setup;
    let index = setups.findIndex((s) => !s.custom && s.value === setup);
    if (index < 0) {
      index = setups.findIndex((s) => s.custom);
      if (index >= 0) el.setupText.value = setup;
    }
    if (index >= 0) el.setup.value = String(index);
    showSetupText();
  }

  function chosenSetup() {
    return setups[Number(el.setup.value)] ?? null;
  }

  function showSetupText() {
    const chosen = chosenSetup();
    el.setupTextField.hidden = !chosen?.custom;
    if (chosen?.custom) el.setupText.placeholder = chosen.placeholder ?? '';
  }

  el.game.addEventListener('change', () => {
    if (!handlers.onGameChange(el.game.value)) el.game.value = shownGame;
  });
  el.setup.addEventListener('change', () => {
    const chosen = chosenSetup();
    showSetupText();
    if (chosen?.custom) {
      // A free-text setup starts when its text is entered (Enter), not when picked: typing
      // half a FEN must not end the game in play.
      el.setupText.focus();
      if (el.setupText.value.trim() !== '') handlers.onSetupChange(el.setupText.value.trim());
    } else if (chosen && !handlers.onSetupChange(chosen.value)) {
      showSetup(shownSetup);
    }
  });
  el.setupText.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // A refused text stays in the box (the message says why) so it can be corrected.
    handlers.onSetupChange(el.setupText.value.trim());
  });

  // ---- Engine picker ---------------------------------------------------------------------

  let hasEngineChoice = false;

  /**
   * Fills the engine picker with the game's `engines` = [{id, label}] (the engine's game_info;
   * fewer than two hide it) and selects `current`.
   */
  function setEngines(engines, current) {
    const list = engines ?? [];
    hasEngineChoice = list.length > 1;
    el.engine.replaceChildren(
      ...list.map(({ id, label }) => {
        const option = doc.createElement('option');
        option.value = id;
        option.textContent = label;
        return option;
      }),
    );
    if (hasEngineChoice) el.engine.value = current;
    el.engineField.hidden = !hasEngineChoice;
  }

  el.engine.addEventListener('change', () => handlers.onEngineChange(el.engine.value));

  // ---- Everything else ---------------------------------------------------------------------

  el.mode.addEventListener('change', () => handlers.onModeChange(el.mode.value));
  el.humanSide.addEventListener('change', () => handlers.onHumanSideChange(Number(el.humanSide.value)));
  el.level.addEventListener('change', () => {
    const level = levelById(el.level.value);
    if (level) showThinkTime(level.budgetMs);
    handlers.onStrengthChange({ budgetMs: thinkTimeMs(), level: el.level.value });
  });
  // While the slider is dragged its time is shown at once; the setting is taken when it is let
  // go (a key press does both). A think time chosen by hand is no preset any more, whatever it
  // matches.
  el.thinkTime.addEventListener('input', () => {
    showThinkTimeValue();
    el.level.value = CUSTOM_LEVEL;
  });
  el.thinkTime.addEventListener('change', () => {
    showThinkTimeValue();
    el.level.value = CUSTOM_LEVEL;
    handlers.onStrengthChange({ budgetMs: thinkTimeMs(), level: CUSTOM_LEVEL });
  });
  el.delay.addEventListener('change', () => handlers.onDelayChange(Number(el.delay.value)));
  el.analysisBudget.addEventListener('change', () => handlers.onAnalysisBudgetChange(Number(el.analysisBudget.value)));
  el.overlay.addEventListener('change', () => handlers.onOverlayChange(el.overlay.checked));
  el.territory.addEventListener('change', () => handlers.onTerritoryChange(el.territory.checked));
  el.hint.addEventListener('click', () => handlers.onHint());
  el.analysisStop.addEventListener('click', () => handlers.onAnalysisStop());
  el.analysisDeeper.addEventListener('click', () => handlers.onAnalysisDeeper());
  el.newGame.addEventListener('click', () => handlers.onNewGame());
  el.undo.addEventListener('click', () => handlers.onUndo());
  el.steal.addEventListener('click', () => handlers.onSteal());
  el.pause.addEventListener('click', () => handlers.onPauseToggle());
  el.step.addEventListener('click', () => handlers.onStep());

  /**
   * ui = {mode, canUndo, steal: {cell, by}|null (a steal the person at the screen may make now),
   * paused, canPause, canStep, canHint, analysing, canDeepen}.
   */
  function update(ui) {
    for (const node of modeScoped) node.hidden = !node.dataset.modes.split(' ').includes(ui.mode);
    // Against the engine the box is Coach: engine info is hidden while you play unless it is on.
    el.overlayLabel.textContent =
      ui.mode === 'human-engine'
        ? "Coach: show the engine's view while you play (its scores of your moves on your turn, its line and evaluation)"
        : "Show the engine's move scores and best line on the board";
    if (!hasEngineChoice) el.engineField.hidden = true;
    el.undo.disabled = !ui.canUndo;
    el.stealOffer.hidden = !ui.steal;
    if (ui.steal) {
      // A steal named by its cell ("e5") names the stone; one spelt "steal" (Connect 4) does not.
      const chip = ui.steal.cell === 'steal';
      const what = chip ? 'the first chip (click it or this button)' : `${ui.steal.cell} (click it or this button)`;
      el.stealText.textContent = `${ui.steal.by} may steal ${what}: its ${chip ? 'chip' : 'stone'} becomes yours.`;
      el.steal.textContent = ui.steal.cell === 'steal' ? 'Steal' : `Steal ${ui.steal.cell}`;
    }
    el.pause.textContent = ui.paused ? 'Resume' : 'Pause';
    el.pause.setAttribute('aria-pressed', String(ui.paused));
    el.pause.disabled = !ui.canPause;
    el.step.disabled = !ui.canStep;
    el.hint.disabled = !ui.canHint;
    el.analysisStop.disabled = !ui.analysing;
    el.analysisDeeper.disabled = !ui.canDeepen;
  }

  /**
   * The analysis time select's "Until stopped" option stands for the engine's longest budget
   * (game_info's budget_ms.max, `ms`): analysis.js chains searches when asked for it.
   */
  function setUntilStoppedMs(ms) {
    const option = el.analysisBudget.querySelector('option[data-until-stopped]');
    if (option) option.value = String(ms);
  }

  return {
    settings,
    apply,
    setUntilStoppedMs,
    showOverlay,
    showTerritory,
    update,
    setGames,
    selectGame,
    setSetups,
    showSetup,
    setEngines,
  };
}
