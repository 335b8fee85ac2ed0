// Who plays which side in each mode, and what to call them on screen.
// Players are numbered as the engine numbers them: 1 moves first, 2 second.

export const MODES = {
  HUMAN_VS_ENGINE: 'human-engine',
  ENGINE_VS_ENGINE: 'engine-engine',
  HUMAN_VS_HUMAN: 'human-human',
  // The person plays both sides while the engine analyses each position without moving.
  ANALYSIS: 'analysis',
};

/** "human" or "engine": who chooses the moves of `player` (1 or 2). */
export function controllerOf(player, mode, humanSide) {
  if (mode === MODES.HUMAN_VS_HUMAN || mode === MODES.ANALYSIS) return 'human';
  if (mode === MODES.ENGINE_VS_ENGINE) return 'engine';
  return player === humanSide ? 'human' : 'engine';
}

/** The short name of a player's controller, for the legend and the status line. */
export function playerLabel(player, mode, humanSide) {
  if (mode === MODES.HUMAN_VS_HUMAN) return `Human ${player}`;
  if (mode === MODES.ANALYSIS) return 'You';
  if (mode === MODES.ENGINE_VS_ENGINE) return `Engine ${player}`;
  return player === humanSide ? 'You' : 'Engine';
}

/**
 * "Player 2 (Engine)": how the status line and the panel name a side. `name` is the game's name
 * for the side (e.g. "Yellow"), if it has one.
 */
export function playerTitle(player, mode, humanSide, name = `Player ${player}`) {
  return `${name} (${playerLabel(player, mode, humanSide)})`;
}
