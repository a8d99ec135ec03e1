/**
 * The editable puzzle as the store keeps it: plain arrays (they persist as JSON and compare by
 * reference), copied on every write. The layout is held as walls because a half-drawn layout
 * is not yet a region map; regions are derived from the walls.
 */
import { APP_SIZES, standardRegions } from '../engine/board.ts';
import {
  neighbourAcross,
  regionsFromWalls,
  wallsFromRegions,
  WALL_DOWN,
  WALL_LEFT,
  WALL_RIGHT,
  WALL_UP,
} from '../engine/layout.ts';

export interface Puzzle {
  size: number;
  /** Wall bits per cell (1 up, 2 right, 4 down, 8 left), kept equal on both sides of an edge. */
  walls: number[];
  /** Clue per cell, 0 = empty. */
  givens: number[];
}

/**
 * An interior edge between two cells: `cell * 2` for the edge right of `cell`,
 * `cell * 2 + 1` for the edge below it. Border edges are always walls and have no id.
 */
export type EdgeId = number & { readonly __brand: 'EdgeId' };

export const edgeId = (cell: number, side: typeof WALL_RIGHT | typeof WALL_DOWN): EdgeId =>
  (cell * 2 + (side === WALL_DOWN ? 1 : 0)) as EdgeId;

export function edgeCells(
  edge: EdgeId,
  size: number,
): { cell: number; side: number; other: number } {
  const cell = edge >> 1;
  const side = edge & 1 ? WALL_DOWN : WALL_RIGHT;
  return { cell, side, other: neighbourAcross(cell, side, size) };
}

export const isAppSize = (size: unknown): size is number =>
  typeof size === 'number' && (APP_SIZES as readonly number[]).includes(size);

const opposite = (side: number): number => (side === WALL_RIGHT ? WALL_LEFT : WALL_UP);

/** Walls on the border only: one region of N*N cells, the "empty grid to draw on". */
export function borderWalls(size: number): number[] {
  return Array.from(wallsFromRegions(size, new Uint8Array(size * size)));
}

export function standardPuzzle(size: number): Puzzle {
  return {
    size,
    walls: Array.from(wallsFromRegions(size, standardRegions(size))),
    givens: new Array<number>(size * size).fill(0),
  };
}

export function emptyGridPuzzle(size: number): Puzzle {
  return { size, walls: borderWalls(size), givens: new Array<number>(size * size).fill(0) };
}

export function puzzleFromRegions(
  size: number,
  regions: ArrayLike<number>,
  givens: ArrayLike<number>,
): Puzzle {
  return {
    size,
    walls: Array.from(wallsFromRegions(size, regions)),
    givens: Array.from(givens),
  };
}

export function hasWall(walls: readonly number[], edge: EdgeId, size: number): boolean {
  const { cell, side } = edgeCells(edge, size);
  return (walls[cell] & side) !== 0;
}

/** The walls with one edge set or cleared on both of its sides (a copy; the input is kept). */
export function withWall(
  walls: readonly number[],
  edge: EdgeId,
  size: number,
  on: boolean,
): number[] {
  const { cell, side, other } = edgeCells(edge, size);
  const next = walls.slice();
  if (on) {
    next[cell] |= side;
    next[other] |= opposite(side);
  } else {
    next[cell] &= ~side;
    next[other] &= ~opposite(side);
  }
  return next;
}

/**
 * Cells join the region of `origin`: every edge around a moved cell becomes a wall exactly
 * when the two sides now belong to different regions. Edges elsewhere are left as drawn, so a
 * dangling wall somewhere else survives a paint stroke.
 */
export function paintCells(puzzle: Puzzle, cells: readonly number[], target: number): number[] {
  const { size, walls } = puzzle;
  const labels = Array.from(regionsFromWalls(size, walls).regionOf);
  for (const cell of cells) labels[cell] = target;
  const next = walls.slice();
  for (const cell of cells) {
    for (const side of [WALL_UP, WALL_RIGHT, WALL_DOWN, WALL_LEFT]) {
      const other = neighbourAcross(cell, side, size);
      if (other < 0) continue;
      const back =
        side === WALL_UP
          ? WALL_DOWN
          : side === WALL_DOWN
            ? WALL_UP
            : side === WALL_LEFT
              ? WALL_RIGHT
              : WALL_LEFT;
      if (labels[cell] !== labels[other]) {
        next[cell] |= side;
        next[other] |= back;
      } else {
        next[cell] &= ~side;
        next[other] &= ~back;
      }
    }
  }
  return next;
}

/** A stable text key for a puzzle: solve results are stamped with it. */
export const puzzleKey = (puzzle: Puzzle): string =>
  `${puzzle.size}|${puzzle.walls.join(',')}|${puzzle.givens.join(',')}`;

/** Whether an unknown value is a well-formed puzzle (used on anything read from storage). */
export function isPuzzle(value: unknown): value is Puzzle {
  if (typeof value !== 'object' || value === null) return false;
  const { size, walls, givens } = value as Record<string, unknown>;
  if (!isAppSize(size)) return false;
  const cells = size * size;
  const ints = (array: unknown, max: number): boolean =>
    Array.isArray(array) &&
    array.length === cells &&
    array.every((v) => Number.isInteger(v) && v >= 0 && v <= max);
  return ints(walls, 15) && ints(givens, size);
}

/** The region id per cell the walls enclose, when the walls make exactly N areas. */
export function regionsOf(puzzle: Puzzle): Uint8Array {
  return regionsFromWalls(puzzle.size, puzzle.walls).regionOf;
}
