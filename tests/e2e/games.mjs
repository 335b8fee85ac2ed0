// The per-game browser test modules the runner (run.mjs) runs, one line per game, exported under
// the game's engine name. Adding a game's tests: write tests/e2e/<game>.mjs (see the contract at
// the top of lib.mjs) and add its line here.

export { default as yavalath } from './yavalath.mjs';
export { default as connect4 } from './connect4.mjs';
export { default as ataxx } from './ataxx.mjs';
export { default as amazons } from './amazons.mjs';
