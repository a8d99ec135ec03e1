/**
 * The grid's keyboard, apart from rendering: arrows move the cursor; Shift+arrow toggles the
 * wall on that side (Draw walls) or picks cells while moving (Paint regions); Escape cancels
 * the gesture in progress and the picks; Space or Enter picks cells (Paint regions); a digit
 * assigns the picked cells to that region when there are picks, and otherwise enters a clue in
 * the selected cell, in every mode (Backspace, Delete or 0 clear it; right after a digit
 * moved the cursor on, Backspace clears that digit: enterClue; 0 is an empty cell, as in
 * puzzle text, and moves on as a digit does, so a row like 530070000 types straight through).
 * Space on a cell in Draw walls is kept from scrolling the page and says how to draw instead.
 * In Constraints, digits and Backspace typed with a cage (little killer, sandwich) selected
 * edit its sum instead (store/constraintSum.ts), as in SudokuPad; Delete removes it.
 *
 * In Draw walls, W turns the cell cursor into the edge cursor (edgeCursor.ts): then arrows walk
 * the lines, Space or Enter toggles the wall under it, and W or Escape turn it back into the
 * cell cursor. Returns whether the key was used, where focus goes (a cell, or the edge cursor)
 * and what to say to a screen reader (the edge cursor's moves; a cell says itself on focus).
 */
import { WALL_DOWN, WALL_LEFT, WALL_RIGHT, WALL_UP } from '../engine/index.ts';
import {
  edgeId,
  hasWall,
  type EdgeId,
  type LinePlace,
  type SquigglyState,
} from '../store/store.ts';
import {
  cellOfLinePlace,
  edgeAtPlace,
  edgeCursorFromCell,
  isLinePlace,
  linePlaceLabel,
  moveEdgeCursor,
} from './edgeCursor.ts';
import { cellAfterArrow, digitFromKey, type KeyEffect } from './keys.ts';
import type { GridTool } from './tools/tool.ts';

/** The cell side each arrow names, for Shift+arrow in Draw walls. */
const ARROW_SIDES: Record<string, number> = {
  ArrowUp: WALL_UP,
  ArrowDown: WALL_DOWN,
  ArrowLeft: WALL_LEFT,
  ArrowRight: WALL_RIGHT,
};

/** The key that switches between the cell cursor and the edge cursor in Draw walls. */
export const EDGE_CURSOR_KEY = 'w';

/** Said for Space on the cell cursor in Draw walls, where it draws nothing. */
export const SPACE_ON_A_CELL =
  'Space draws on the edge cursor: press W to walk the lines, or Shift+arrow for a side of this cell.';

export interface GridKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export function gridKey(state: SquigglyState, event: GridKey, tool: GridTool): KeyEffect {
  if (event.ctrlKey || event.metaKey || event.altKey) return { used: false };
  const { size, mode } = state;
  const cursor = state.cursor < size * size ? state.cursor : 0;
  if (mode === 'walls' && state.edgeCursor && isLinePlace(state.edgeCursor, size)) {
    return edgeCursorKey(state, event);
  }
  if (mode === 'walls' && event.key.toLowerCase() === EDGE_CURSOR_KEY) {
    tool.cancel();
    const place = edgeCursorFromCell(cursor, size);
    state.setEdgeCursor(place);
    return { used: true, focus: 'edge', say: sayPlace(state, place) };
  }
  const next = cellAfterArrow(cursor, event.key, size);
  if (next !== null) {
    if (mode === 'walls' && event.shiftKey) {
      const edge = edgeOnSide(cursor, ARROW_SIDES[event.key], size);
      if (edge !== null) state.toggleWall(edge);
      return { used: true };
    }
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
  // Space on a cell in Draw walls (after Escape, or a click that left the edge cursor) scrolled
  // the page a screen away from the grid: it is kept, and says where Space does draw.
  if (mode === 'walls' && event.key === ' ') {
    return { used: true, say: SPACE_ON_A_CELL };
  }
  // Nor in Enter digits, where Space types nothing: the grid stays in view.
  if (event.key === ' ') return { used: true };
  // In Constraints, digits typed for a selected cage (little killer, sandwich) are its sum,
  // not clues in the cells under it; Backspace takes its last digit off (constraintSum.ts).
  if (
    mode === 'constraints' &&
    state.selectedConstraint !== null &&
    state.typeConstraintSumKey(event.key)
  ) {
    return { used: true };
  }
  // In Constraints, with a constraint selected, Delete and Backspace remove it, not a clue.
  if (
    mode === 'constraints' &&
    state.selectedConstraint !== null &&
    (event.key === 'Delete' || event.key === 'Backspace')
  ) {
    state.removeConstraint(state.selectedConstraint);
    state.selectConstraint(null);
    return { used: true, say: 'Constraint removed.' };
  }
  if (event.key === 'Delete') {
    state.setGiven(cursor, 0);
    return { used: true };
  }
  if (event.key === 'Backspace') {
    const moved = enterClue(state, 0);
    return moved === null ? { used: true } : { used: true, focus: moved };
  }
  const digit = digitFromKey(event.key, size);
  if (digit === null) return { used: false };
  // Picked cells (Paint regions) take a region number; otherwise a digit is a clue, in any mode.
  if (mode === 'paint' && state.picked.length > 0) {
    if (digit > 0) state.assignRegion(state.picked, digit);
  } else {
    const moved = digit === 0 ? typeEmpty(state) : enterClue(state, digit);
    if (moved !== null) return { used: true, focus: moved };
  }
  return { used: true };
}

/**
 * A typed 0: the cursor's cell left empty, then on to the next cell when digits move on (a
 * row of puzzle text, 0 for each empty cell, types through). Not a take-back, as Backspace
 * and the pad's Clear are. Returns the cell the cursor moved to, else null.
 */
function typeEmpty(state: SquigglyState): number | null {
  const { cursor, size } = state;
  state.setGiven(cursor, 0);
  if (!state.advanceAfterDigit || cursor >= size * size - 1) return null;
  state.advanceCursor(cursor + 1);
  return cursor + 1;
}

/**
 * Put `digit` (0 clears) in the cursor's cell as a clue, by key or by the digit pad alike. A
 * digit moves on, when asked, so a row of clues types straight through; a clear right after
 * that, on the empty cell the digit moved to, takes the digit back (as Backspace does in a
 * crossword app). Returns the cell the cursor moved to, else null.
 */
export function enterClue(state: SquigglyState, digit: number): number | null {
  const { cursor, size } = state;
  if (digit === 0 && state.advancedTo === cursor && !state.givens[cursor] && cursor > 0) {
    state.setCursor(cursor - 1);
    state.setGiven(cursor - 1, 0);
    return cursor - 1;
  }
  state.setGiven(cursor, digit);
  if (digit === 0 || !state.advanceAfterDigit || cursor >= size * size - 1) return null;
  state.advanceCursor(cursor + 1);
  return cursor + 1;
}

/** Keys while the edge cursor is on: walk the lines, toggle walls, go back to the cells. */
function edgeCursorKey(state: SquigglyState, event: GridKey): KeyEffect {
  const { size } = state;
  const place = state.edgeCursor as LinePlace;
  const moved = moveEdgeCursor(place, event.key, size);
  if (moved) {
    state.setEdgeCursor(moved);
    return { used: true, focus: 'edge', say: sayPlace(state, moved) };
  }
  if (event.key === ' ' || event.key === 'Enter') {
    const edge = edgeAtPlace(place, size);
    if (edge === null) return { used: true, say: sayPlace(state, place) };
    const drawn = !hasWall(state.walls, edge, size);
    state.toggleWall(edge);
    return { used: true, say: linePlaceLabel(place, drawn) };
  }
  if (event.key === 'Escape' || event.key.toLowerCase() === EDGE_CURSOR_KEY) {
    const cell = cellOfLinePlace(place, size);
    state.setCursor(cell);
    state.setEdgeCursor(null);
    return { used: true, focus: cell };
  }
  // Digits and the rest wait for the cell cursor: nothing here types into a cell unseen.
  return { used: false };
}

/** The edge cursor's words for a place, with the walls of this state. */
function sayPlace(state: SquigglyState, place: LinePlace): string {
  const { size, walls } = state;
  const edge = edgeAtPlace(place, size);
  return linePlaceLabel(place, edge !== null && hasWall(walls, edge, size));
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
