// Game records of the arena (`boardlab arena <game> <bot> <bot> --records games.jsonl`): one JSON
// object per line, {game, setup, moves, first, second, result, verdict}, where moves are the
// moves separated by spaces in the playground's notation (src/arena/mod.rs,
// GameResult::record_line). Reading only: whether the moves are legal is the engine's to say.
//
// Pure functions, no DOM.

/** Does `text` look like records rather than a move list: is its first non-blank character "{"? */
export function looksLikeRecords(text) {
  return /^\s*\{/.test(String(text));
}

/** An optional text field of a record: its text, or '' when missing. Throws if it is not text. */
function optionalText(value, field) {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new Error(`its "${field}" is not text`);
  return value;
}

/**
 * One record line as {game, setup, moves [move], first, second, result, verdict} (missing
 * optional fields: ''). Throws an Error saying what is wrong: not JSON, not an object, or a
 * missing or mistyped field (game and moves are required).
 */
export function parseRecord(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch (err) {
    throw new Error(`it is not JSON (${err.message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('it is not a JSON object');
  if (typeof value.game !== 'string' || value.game === '') throw new Error('it has no "game"');
  if (typeof value.moves !== 'string') throw new Error('it has no "moves" text');
  return {
    game: value.game,
    setup: optionalText(value.setup, 'setup'),
    moves: value.moves.split(/\s+/).filter(Boolean),
    first: optionalText(value.first, 'first'),
    second: optionalText(value.second, 'second'),
    result: optionalText(value.result, 'result'),
    verdict: optionalText(value.verdict, 'verdict'),
  };
}

/**
 * Every non-blank line of `text` read as a record: {records: [{line, record}], errors: [{line,
 * message}]}, lines numbered from 1.
 */
export function parseRecords(text) {
  const records = [];
  const errors = [];
  String(text)
    .split(/\r?\n/)
    .forEach((raw, i) => {
      if (raw.trim() === '') return;
      try {
        records.push({ line: i + 1, record: parseRecord(raw) });
      } catch (err) {
        errors.push({ line: i + 1, message: err.message });
      }
    });
  return { records, errors };
}

/** A record in one line for a list: "line 3: random vs greedy · 1-0 · 24 moves (yavalath)". */
export function recordTitle({ line, record }) {
  const players = record.first || record.second ? `${record.first || '?'} vs ${record.second || '?'}` : 'unnamed players';
  const result = record.result ? ` · ${record.result}` : '';
  const count = `${record.moves.length} move${record.moves.length === 1 ? '' : 's'}`;
  return `line ${line}: ${players}${result} · ${count} (${record.game})`;
}
