// The board renderers, by game name. Adding a game to the page means writing its renderer (same
// shape as createYavalathBoard: draw(view, {canMove}) and cellCenter(name)) and listing it here.

import { createYavalathBoard } from './yavalath.js';

export const BOARDS = {
  yavalath: createYavalathBoard,
};
