/**
 * Where a press or a drag puts a variant constraint: the pure geometry of the constraint
 * tool (constraintTool.ts), apart from its state machine so that each rule is tested alone.
 *
 * - Lines run by king's moves (constraints.ts). A drag samples cells every quarter cell, but
 *   a fast one can still jump; `kingSteps` fills the jump with the cells a king would step
 *   through (diagonally first, then straight), so the line stays whole and valid.
 * - Marks on edges (kropki, X, V, greater-than) go on the interior edge nearest the press,
 *   found as Draw walls finds its edges (geometry.ts nearestEdge); the pair starts with the
 *   cell the press is in, so a greater-than sign points away from the side pressed first.
 * - Little killers: a press just outside the grid picks the diagonal whose sum would be
 *   written nearest it (littleKillerLabel, the drawing's own placement), so what is pressed
 *   is what is drawn. Sandwiches: a press left or right of the grid picks that row, above or
 *   below it that column.
 */
import { littleKillerLabel } from '../render/constraintShapes.ts';
import { cellAtPoint, nearestEdge, type GridPoint } from '../geometry.ts';

/** The cells a king steps through from `from` (not included) to `to` (included). */
export function kingSteps(from: number, to: number, size: number): number[] {
  const cells: number[] = [];
  let row = Math.floor(from / size);
  let col = from % size;
  const toRow = Math.floor(to / size);
  const toCol = to % size;
  while (row !== toRow || col !== toCol) {
    row += Math.sign(toRow - row);
    col += Math.sign(toCol - col);
    cells.push(row * size + col);
  }
  return cells;
}

/**
 * The two cells either side of the interior edge nearest `point` (within `reach`), the cell
 * the point lies in first; null when no edge is that near.
 */
export function edgePairAt(
  point: GridPoint,
  size: number,
  reach: number,
  cornerMargin = 0,
): [number, number] | null {
  const edge = nearestEdge(point, size, reach, cornerMargin);
  if (edge === null) return null;
  // An edge id is the cell times two, plus one for the edge below it (puzzle.ts edgeId).
  const cell = edge >> 1;
  const other = (edge & 1) === 1 ? cell + size : cell + 1;
  const pressed = cellAtPoint(point, size);
  return pressed === other ? [other, cell] : [cell, other];
}

/** Every little killer diagonal of at least two cells, from its first cell inwards. */
export function littleKillerDiagonals(size: number): number[][] {
  const diagonals: number[][] = [];
  const inside = (row: number, col: number): boolean =>
    row >= 0 && col >= 0 && row < size && col < size;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      for (const [dr, dc] of [
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
      ]) {
        if (inside(row - dr, col - dc)) continue;
        const cells: number[] = [];
        for (let r = row, c = col; inside(r, c); r += dr, c += dc) cells.push(r * size + c);
        if (cells.length >= 2) diagonals.push(cells);
      }
    }
  }
  return diagonals;
}

/** The little killer diagonal whose sum is written nearest `point`, within `reach`. */
export function littleKillerAt(point: GridPoint, size: number, reach: number): number[] | null {
  let best: number[] | null = null;
  let bestDistance = reach;
  for (const cells of littleKillerDiagonals(size)) {
    const label = littleKillerLabel(cells, size);
    const distance = Math.hypot(label.x - point.x, label.y - point.y);
    if (distance <= bestDistance) {
      best = cells;
      bestDistance = distance;
    }
  }
  return best;
}

/** The row (a press left or right of the grid) or column (above or below) a press picks. */
export function sandwichAt(
  point: GridPoint,
  size: number,
): { line: 'row' | 'column'; index: number } | null {
  const beside = point.x < 0 || point.x > size;
  const aboveOrBelow = point.y < 0 || point.y > size;
  if (beside === aboveOrBelow) return null; // Inside the grid, or off a corner.
  return beside
    ? { line: 'row', index: Math.floor(point.y) }
    : { line: 'column', index: Math.floor(point.x) };
}
