/**
 * The grid's keyboard, apart from rendering: arrows move the cursor; Shift+arrow toggles the
 * wall on that side (Draw walls) or picks cells while moving (Paint regions); Escape cancels
 * the gesture in progress and the picks; Space or Enter picks cells (Paint regions); a digit
 * assigns the picked cells to that region when there are picks, and otherwise enters a clue in
 * the selected cell, in every mode (Backspace, Delete or 0 clear it). Returns whether the key
 * was used and where the cursor went, for the grid to move DOM focus.
 */
import { WALL_DOWN, WALL_LEFT, WALL_RIGHT, WALL_UP } from '../engine/index.ts';
import { edgeId, type EdgeId } from '../store/puzzle.ts';
import type { SquigglyState } from '../store/store.ts';
import { digitFromKey } from './keys.ts';
import type { GridTool } from './tools/tool.ts';

const ARROWS: Record<string, [number, number, number]> = {
  ArrowUp: [-1, 0, WALL_UP],
  ArrowDown: [1, 0, WALL_DOWN],
  ArrowLeft: [0, -1, WALL_LEFT],
  ArrowRight: [0, 1, WALL_RIGHT],
};

export interface GridKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export type KeyEffect = { used: false } | { used: true; focus?: number };

export function gridKey(state: SquigglyState, event: GridKey, tool: GridTool): KeyEffect {
  if (event.ctrlKey || event.metaKey || event.altKey) return { used: false };
  const { size, mode } = state;
  const cursor = state.cursor < size * size ? state.cursor : 0;
  const arrow = ARROWS[event.key];
  if (arrow) {
    const [dRow, dCol, side] = arrow;
    if (mode === 'walls' && event.shiftKey) {
      const edge = edgeOnSide(cursor, side, size);
      if (edge !== null) state.toggleWall(edge);
      return { used: true };
    }
    const row = Math.min(size - 1, Math.max(0, Math.floor(cursor / size) + dRow));
    const col = Math.min(size - 1, Math.max(0, (cursor % size) + dCol));
    const next = row * size + col;
    if (mode === 'paint' && event.shiftKey) {
      if (!state.picked.includes(cursor)) state.togglePicked(cursor);
      if (!state.picked.includes(next)) state.togglePicked(next);
    }
    state.setCursor(next);
    return { used: true, focus: next };
  }
  if (event.key === 'Escape') {
    tool.cancel();
    state.clearPicked();
    return { used: false };
  }
  if (mode === 'paint' && (event.key === ' ' || event.key === 'Enter')) {
    state.togglePicked(cursor);
    return { used: true };
  }
  if (event.key === 'Backspace' || event.key === 'Delete') {
    state.setGiven(cursor, 0);
    return { used: true };
  }
  const digit = digitFromKey(event.key, size);
  if (digit === null) return { used: false };
  // Picked cells (Paint regions) take a region number; otherwise a digit is a clue, in any mode.
  if (mode === 'paint' && state.picked.length > 0) {
    if (digit > 0) state.assignRegion(state.picked, digit);
  } else {
    state.setGiven(cursor, digit);
  }
  return { used: true };
}

/** The interior edge on one side of a cell; null on the border. */
export function edgeOnSide(cell: number, side: number, size: number): EdgeId | null {
  const row = Math.floor(cell / size);
  const col = cell % size;
  if (side === WALL_RIGHT) return col < size - 1 ? edgeId(cell, WALL_RIGHT) : null;
  if (side === WALL_DOWN) return row < size - 1 ? edgeId(cell, WALL_DOWN) : null;
  if (side === WALL_LEFT) return col > 0 ? edgeId(cell - 1, WALL_RIGHT) : null;
  return row > 0 ? edgeId(cell - size, WALL_DOWN) : null;
}
