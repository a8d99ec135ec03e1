/**
 * The edge cursor: drawing walls without a mouse. In Draw walls, W turns the cell cursor into
 * a cursor that walks the grid's lines, and W or Escape turns it back (onto the cell left of or
 * above where it stands). This module is its model, apart from keys and rendering: places,
 * moves, the edge under it, its words for a screen reader and its box on screen.
 *
 * Places are counted in half cells (store's LinePlace): y = 2*row, x = 2*col is a cell; an
 * inner edge has one odd coordinate (x odd: the upright edge between two cells of a row; y odd:
 * the flat edge between two cells of a column); a corner, where lines cross, has both odd. Only
 * the inner lines are places: the border is always a wall and cannot be toggled.
 *
 * An arrow moves half a cell, so the cursor goes along a line from edge to corner to edge, and
 * turns at a corner onto the crossing line. A step that would land in a cell goes on over it to
 * the next parallel line, so the cursor is never on a cell. A step off the grid stays put. A
 * wall of any shape is so drawn by walking its path and pressing Space on each of its edges;
 * the toggle itself is the store's toggleWall, the same one a click uses (one undo step each).
 */
import { edgeId, type EdgeId, type LinePlace } from '../store/store.ts';
import { WALL_DOWN, WALL_RIGHT } from '../engine/index.ts';
import { ARROW_STEPS } from './keys.ts';

const isOdd = (n: number): boolean => (n & 1) === 1;

/** Whether a place lies on this grid's inner lines (an edge or a corner, not a cell). */
export function isLinePlace(place: LinePlace, size: number): boolean {
  const last = 2 * size - 2;
  const inside = place.y >= 0 && place.x >= 0 && place.y <= last && place.x <= last;
  return (
    inside &&
    Number.isInteger(place.y) &&
    Number.isInteger(place.x) &&
    (isOdd(place.y) || isOdd(place.x))
  );
}

/** Where the edge cursor starts from a cell: its right side, or its left one in the last column. */
export function edgeCursorFromCell(cell: number, size: number): LinePlace {
  const row = Math.floor(cell / size);
  const col = cell % size;
  return { y: 2 * row, x: col < size - 1 ? 2 * col + 1 : 2 * col - 1 };
}

/** The cell the cell cursor goes back to: left of an upright edge, above a flat one or a corner. */
export function cellOfLinePlace(place: LinePlace, size: number): number {
  return Math.floor(place.y / 2) * size + Math.floor(place.x / 2);
}

/** The place an arrow key moves to (the same place at the border); null for any other key. */
export function moveEdgeCursor(place: LinePlace, key: string, size: number): LinePlace | null {
  const step = ARROW_STEPS[key];
  if (!step) return null;
  const [dy, dx] = step;
  let next = { y: place.y + dy, x: place.x + dx };
  // A cell is no place for the edge cursor: go on over it to the next parallel line.
  if (!isOdd(next.y) && !isOdd(next.x)) next = { y: place.y + 2 * dy, x: place.x + 2 * dx };
  return isLinePlace(next, size) ? next : place;
}

/** The inner edge at a place; null at a corner. */
export function edgeAtPlace(place: LinePlace, size: number): EdgeId | null {
  if (isOdd(place.y) && isOdd(place.x)) return null;
  // An upright edge is the right side of the cell left of it; a flat one the bottom of the cell above.
  return isOdd(place.x)
    ? edgeId(cellOfLinePlace(place, size), WALL_RIGHT)
    : edgeId(cellOfLinePlace(place, size), WALL_DOWN);
}

const cellName = (row: number, col: number): string => `row ${row + 1}, column ${col + 1}`;

/**
 * What a screen reader says of the place: "Edge between row 3, column 4 and row 3, column 5:
 * wall" (or "open"); at a corner, which rows and columns meet there.
 */
export function linePlaceLabel(place: LinePlace, wall: boolean): string {
  const row = Math.floor(place.y / 2);
  const col = Math.floor(place.x / 2);
  if (isOdd(place.y) && isOdd(place.x)) {
    return `Corner where rows ${row + 1} and ${row + 2} meet columns ${col + 1} and ${col + 2}: no edge, move along a line`;
  }
  const other = isOdd(place.x) ? cellName(row, col + 1) : cellName(row + 1, col);
  return `Edge between ${cellName(row, col)} and ${other}: ${wall ? 'wall' : 'open'}`;
}

/**
 * The cursor's box in grid units (0..size), for drawing: a strip along the edge, or a square
 * on the corner. `thick` is its width across the line.
 */
export function linePlaceBox(
  place: LinePlace,
  thick: number,
): { left: number; top: number; width: number; height: number } {
  const half = thick / 2;
  // The line through a place with an odd coordinate k lies at grid unit (k + 1) / 2.
  const lineX = (place.x + 1) / 2;
  const lineY = (place.y + 1) / 2;
  if (isOdd(place.y) && isOdd(place.x)) {
    return { left: lineX - half, top: lineY - half, width: thick, height: thick };
  }
  if (isOdd(place.x)) return { left: lineX - half, top: place.y / 2, width: thick, height: 1 };
  return { left: place.x / 2, top: lineY - half, width: 1, height: thick };
}
