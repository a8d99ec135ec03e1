/**
 * Pointer geometry: client pixels to grid units, to a cell, or to the nearest interior edge.
 * The only place where screen coordinates turn into cells and edges.
 */
import { WALL_DOWN, WALL_RIGHT } from '../engine/index.ts';
import { edgeId, type EdgeId } from '../store/store.ts';

/** A point in grid units: (0, 0) is the top-left corner, (N, N) the bottom-right. */
export type GridPoint = { x: number; y: number } & { readonly __brand: 'GridPoint' };

export function toGridPoint(
  clientX: number,
  clientY: number,
  rect: DOMRect,
  size: number,
): GridPoint {
  return {
    x: ((clientX - rect.left) / rect.width) * size,
    y: ((clientY - rect.top) / rect.height) * size,
  } as GridPoint;
}

const clamp = (value: number, low: number, high: number): number =>
  Math.min(high, Math.max(low, value));

/** Whether a point lies on the grid itself (its border lines included), not in the margin. */
export function insideGrid(point: GridPoint, size: number): boolean {
  return point.x >= 0 && point.y >= 0 && point.x <= size && point.y <= size;
}

export function cellAtPoint(point: GridPoint, size: number): number {
  const row = clamp(Math.floor(point.y), 0, size - 1);
  const col = clamp(Math.floor(point.x), 0, size - 1);
  return row * size + col;
}

/**
 * The interior edge nearest to a point, if it lies within `reach` grid units of it. Border
 * lines are not edges (they are always walls). A generous reach makes thin lines easy to hit
 * with a finger; a drag uses a smaller one so that crossing a cell does not catch its sides.
 * `cornerMargin` ignores points that close to either end of the edge: a drag along a line
 * passes through corners, where the crossing line is just as near and must not be drawn.
 */
export function nearestEdge(
  point: GridPoint,
  size: number,
  reach: number,
  cornerMargin = 0,
): EdgeId | null {
  const row = clamp(Math.floor(point.y), 0, size - 1);
  const col = clamp(Math.floor(point.x), 0, size - 1);
  const lineX = Math.round(point.x);
  const lineY = Math.round(point.y);
  const alongVertical = point.y - row; // Position along a vertical edge, 0..1.
  const alongHorizontal = point.x - col;
  const clearOfCorners = (along: number): boolean =>
    along >= cornerMargin && along <= 1 - cornerMargin;
  const toVertical =
    lineX > 0 && lineX < size && clearOfCorners(alongVertical)
      ? Math.abs(point.x - lineX)
      : Infinity;
  const toHorizontal =
    lineY > 0 && lineY < size && clearOfCorners(alongHorizontal)
      ? Math.abs(point.y - lineY)
      : Infinity;
  if (Math.min(toVertical, toHorizontal) > reach) return null;
  return toVertical <= toHorizontal
    ? edgeId(row * size + lineX - 1, WALL_RIGHT)
    : edgeId((lineY - 1) * size + col, WALL_DOWN);
}

/** Points every quarter cell from `from` to `to`, so a fast drag does not skip edges or cells. */
export function samplePath(from: GridPoint, to: GridPoint): GridPoint[] {
  const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 0.25));
  return Array.from(
    { length: steps },
    (_, i) =>
      ({
        x: from.x + ((to.x - from.x) * (i + 1)) / steps,
        y: from.y + ((to.y - from.y) * (i + 1)) / steps,
      }) as GridPoint,
  );
}
