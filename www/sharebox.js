// The "Share, export, import" box: the link, the move list and the position to copy, and the
// import of pasted moves, a pasted position (of any game) or game records (pasted, or a file
// from `boardlab arena … --records`). What is imported is checked by the engine before anything
// changes; the app does the changing (restoreMoves, switchGame, changeSetup).

import { describePosition } from './rules.js';
import { looksLikeRecords, parseRecords, recordTitle } from './records.js';
import { copyText, moveText, parseMoveText } from './share.js';

/**
 * Binds the share box (index.html's #share-link … #records-load). `app` is the app's state, read
 * for the game on screen (game, setup, entry, games); `messages` the message area. The app's
 * actions: restoreMoves(moves, source) replays moves from the start of the game on screen;
 * switchGame(name, setup) opens another game (false if refused, having said why);
 * changeSetup(setup) starts the game on screen from another setup (false if refused).
 * Returns {show({link, moves, position})}, which fills the export rows (position null: hidden).
 */
export function createShareBox({ app, messages, restoreMoves, switchGame, changeSetup }) {
  let shownRecords = []; // the records listed to pick from: [{line, record}]

  function show({ link, moves, position }) {
    document.getElementById('share-link').value = link;
    document.getElementById('share-moves').value = moveText(moves);
    document.getElementById('share-position-field').hidden = position === null;
    document.getElementById('share-position').value = position ?? '';
  }

  /**
   * Import: the moves pasted in the share box replace the game, but only if every one of them is
   * legal. Pasted game records (a text starting with "{") are read as records instead. A text that
   * is not a move list of this game may be a position (the share box's "Position", any setup
   * text): it starts a game from there, in this game if it takes it, else in the one game that
   * does. Otherwise nothing changes and the message names the first bad move.
   */
  function importMoves() {
    const note = document.getElementById('share-note');
    const text = document.getElementById('import-moves').value;
    if (looksLikeRecords(text)) {
      importRecords(text, 'The pasted text', { listAlways: false });
      return;
    }
    const moves = parseMoveText(text);
    if (moves.length === 0) {
      messages.show('Nothing to import: paste moves separated by spaces, e.g. "e5 d4", or a line of game records.');
      return;
    }
    try {
      describePosition(app.game, app.setup, moves);
    } catch (err) {
      if (importPosition(text.trim())) return;
      messages.show(`Import refused (${app.entry.title}): ${err.message}. The current game is kept.`);
      note.textContent = '';
      return;
    }
    messages.clear();
    restoreMoves(moves, 'The import');
    note.textContent = `Loaded ${moves.length} move${moves.length === 1 ? '' : 's'}.`;
  }

  /** Does the engine take `text` as a setup of `game`? */
  function isSetupOf(game, text) {
    try {
      describePosition(game, text, []);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Starts a game from the position `text` (a setup string): in the game on screen if it takes
   * it, else in the one other game that does (several: the person is asked to pick the game
   * first). Returns false, changing nothing, if no game takes it.
   */
  function importPosition(text) {
    const note = document.getElementById('share-note');
    if (text === '' || /[\r\n]/.test(text)) return false; // a setup is one line
    if (isSetupOf(app.game, text)) {
      changeSetup(text);
      note.textContent = `Loaded a position of ${app.entry.title} (as a custom setup).`;
      return true;
    }
    const takers = app.games.filter((g) => g.name !== app.game && isSetupOf(g.name, text));
    if (takers.length > 1) {
      messages.show(`The pasted text is a position of ${takers.map((g) => g.title).join(' and of ')}: pick the game first, then load it again. The current game is kept.`);
      note.textContent = '';
      return true;
    }
    if (takers.length === 0) return false;
    const was = app.entry.title;
    if (!switchGame(takers[0].name, text)) return true; // switchGame said why
    note.textContent = `Loaded a position of ${takers[0].title}, not of ${was} (as a custom setup).`;
    return true;
  }

  /**
   * Game records (records.js) from `source` ("The pasted text", a file name): one good record and
   * no bad line loads at once unless `listAlways`; several go to a list to choose from, with a note
   * on the lines skipped. No good record: nothing changes, and the message says what is wrong.
   */
  function importRecords(text, source, { listAlways }) {
    const note = document.getElementById('share-note');
    const { records, errors } = parseRecords(text);
    const skipped = errors.length === 0 ? '' : ` ${errors.length} line${errors.length === 1 ? '' : 's'} skipped (line ${errors[0].line}: ${errors[0].message}).`;
    if (records.length === 0) {
      const why = errors.length > 0 ? `line ${errors[0].line} is not a game record: ${errors[0].message}` : 'it holds no game record';
      messages.show(`${source} cannot be imported: ${why}. The current game is kept.`);
      note.textContent = '';
      return;
    }
    if (records.length === 1 && errors.length === 0 && !listAlways) {
      loadRecord(records[0]);
      return;
    }
    shownRecords = records;
    document.getElementById('records-caption').textContent = `${records.length} game${records.length === 1 ? '' : 's'} in ${source === 'The pasted text' ? 'the pasted text' : source}`;
    document.getElementById('records-list').replaceChildren(
      ...records.map((entry, i) => {
        const option = document.createElement('option');
        option.value = String(i);
        option.textContent = recordTitle(entry);
        return option;
      }),
    );
    document.getElementById('records-field').hidden = false;
    messages.clear();
    if (skipped) messages.show(`${source}:${skipped}`, { kind: 'info' });
    note.textContent = 'Pick a game below and load it.';
  }

  /**
   * Opens a game record ({line, record}): its game and setup, then its moves, after the engine has
   * accepted all of them; a record it refuses (an unknown game or setup, an illegal move) changes
   * nothing and the message says why.
   */
  function loadRecord({ line, record }) {
    const note = document.getElementById('share-note');
    const what = `The record on line ${line}`;
    const choice = app.games.find((g) => g.name === record.game);
    if (!choice) {
      const offered = app.games.map((g) => g.name).join(', ');
      messages.show(`${what} is a game of "${record.game}", which this page cannot show (it shows ${offered}). The current game is kept.`);
      return;
    }
    try {
      describePosition(record.game, record.setup, record.moves);
    } catch (err) {
      messages.show(`${what} cannot be loaded (${choice.title}): ${err.message}. The current game is kept.`);
      return;
    }
    if ((record.game !== app.game || record.setup !== app.setup) && !switchGame(record.game, record.setup)) return;
    messages.clear();
    restoreMoves(record.moves, what);
    const players = record.first || record.second ? `${record.first || '?'} vs ${record.second || '?'}` : 'a game';
    const result = [record.result, record.verdict].filter(Boolean).join(', ');
    note.textContent = `Loaded ${players}${result ? ` (${result})` : ''}: ${record.moves.length} moves.`;
  }

  async function copyFrom(inputId, what) {
    const note = document.getElementById('share-note');
    const copied = await copyText(document.getElementById(inputId).value);
    note.textContent = copied ? `${what} copied.` : `Could not copy: select the ${what.toLowerCase()} and copy it by hand.`;
    if (!copied) document.getElementById(inputId).select();
  }

  document.getElementById('copy-link').addEventListener('click', () => copyFrom('share-link', 'Link'));
  document.getElementById('copy-moves').addEventListener('click', () => copyFrom('share-moves', 'Moves'));
  document.getElementById('copy-position').addEventListener('click', () => copyFrom('share-position', 'Position'));
  document.getElementById('import-button').addEventListener('click', importMoves);
  document.getElementById('records-file').addEventListener('change', async (event) => {
    const file = event.target.files?.[0];
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch (err) {
      messages.show(`"${file.name}" cannot be read: ${err.message}. The current game is kept.`);
      return;
    }
    importRecords(text, `"${file.name}"`, { listAlways: true });
  });
  document.getElementById('records-load').addEventListener('click', () => {
    const entry = shownRecords[Number(document.getElementById('records-list').value)];
    if (entry) loadRecord(entry);
  });

  return { show };
}
