/**
 * The tool of Enter digits: a press selects the cell under it, and that is all (digits come
 * from the keyboard or the digit pad). It exists so that the grid treats every mode alike: a
 * press goes to the mode's tool, and the grid then focuses the selected cell.
 */
import { cellAtPoint } from '../geometry.ts';
import type { GridTool, ToolStore } from './tool.ts';

export function createSelectTool(store: ToolStore): GridTool {
  return {
    phase: 'idle',
    pointerDown(point, _pointerId, press) {
      const state = store.getState();
      state.setCursor(press?.cell ?? cellAtPoint(point, state.size));
      return false;
    },
    pointerMove() {},
    pointerUp() {},
    cancel() {},
  };
}
