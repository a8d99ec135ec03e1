/**
 * Region layouts: validation that explains itself, and conversion between a region map
 * and cell walls (the HDU 4069 wall bits, shifted down: 1 up, 2 right, 4 down, 8 left).
 * Region numbers in messages are 1-based, as a person counts them; ids in data are 0-based.
 */
import { cellName, colOf, rowOf } from './board.ts';

export const WALL_UP = 1;
export const WALL_RIGHT = 2;
export const WALL_DOWN = 4;
export const WALL_LEFT = 8;
/** The four sides, clockwise from the top. */
export const SIDES: readonly number[] = [WALL_UP, WALL_RIGHT, WALL_DOWN, WALL_LEFT];
export const ALL_WALLS = WALL_UP | WALL_RIGHT | WALL_DOWN | WALL_LEFT;

export type LayoutProblemCode =
  | 'region-id-range'
  | 'region-count'
  | 'region-size'
  | 'region-split'
  | 'wall-mismatch'
  | 'wall-open';

export interface LayoutProblem {
  code: LayoutProblemCode;
  /** A sentence a person understands, naming the region and cells. */
  message: string;
  /** 0-based region id concerned, when there is one. */
  region?: number;
  /** Cells concerned (cell indices). */
  cells: number[];
}

/** The neighbour across one side of a cell, or -1 at the border. */
export function neighbourAcross(cell: number, side: number, size: number): number {
  const row = rowOf(cell, size);
  const col = colOf(cell, size);
  switch (side) {
    case WALL_UP:
      return row > 0 ? cell - size : -1;
    case WALL_DOWN:
      return row < size - 1 ? cell + size : -1;
    case WALL_LEFT:
      return col > 0 ? cell - 1 : -1;
    case WALL_RIGHT:
      return col < size - 1 ? cell + 1 : -1;
    default:
      throw new RangeError(`not a wall side: ${side}`);
  }
}

/** The side facing `side` from the neighbour across it. */
export const oppositeSide = (side: number): number =>
  side === WALL_UP
    ? WALL_DOWN
    : side === WALL_DOWN
      ? WALL_UP
      : side === WALL_LEFT
        ? WALL_RIGHT
        : WALL_LEFT;

const SIDE_NAMES: Record<number, string> = {
  [WALL_UP]: 'above',
  [WALL_RIGHT]: 'right of',
  [WALL_DOWN]: 'below',
  [WALL_LEFT]: 'left of',
};

function listCells(cells: readonly number[], size: number, most = 12): string {
  const names = cells.slice(0, most).map((cell) => cellName(cell, size));
  return cells.length > most ? `${names.join(', ')}, …` : names.join(', ');
}

/**
 * Walls that one cell has and its neighbour does not (or the reverse). Border sides are
 * not checked: the grid's edge is a wall whatever the bits say.
 */
export function findWallMismatches(size: number, walls: ArrayLike<number>): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    for (const side of [WALL_RIGHT, WALL_DOWN]) {
      const other = neighbourAcross(cell, side, size);
      if (other < 0) continue;
      const here = (walls[cell] & side) !== 0;
      const there = (walls[other] & oppositeSide(side)) !== 0;
      if (here !== there) {
        const [withWall, without] = here ? [cell, other] : [other, cell];
        const sideSeen = here ? side : oppositeSide(side);
        problems.push({
          code: 'wall-mismatch',
          message: `${cellName(withWall, size)} has a wall ${SIDE_NAMES[sideSeen]} it, but ${cellName(without, size)} has none on that side`,
          cells: [withWall, without],
        });
      }
    }
  }
  return problems;
}

/** Whether a wall stands between a cell and its neighbour on `side` (either side's bit counts). */
function wallBetween(walls: ArrayLike<number>, cell: number, side: number, size: number): boolean {
  const other = neighbourAcross(cell, side, size);
  return other < 0 || (walls[cell] & side) !== 0 || (walls[other] & oppositeSide(side)) !== 0;
}

export interface WallRegions {
  /**
   * Area id per cell, 0-based, numbered in reading order of each area's first cell. When the
   * walls make a valid layout, each area is a region and this is the board's `regions`.
   */
  areaOf: Uint8Array;
  /** Cells of each area, in reading order. */
  areas: number[][];
}

/**
 * The areas that walls enclose: cells reachable from each other without crossing a wall.
 * A wall seen from either side counts (check consistency first with `findWallMismatches`).
 * Ids are clamped to 255 per Uint8Array; a grid of 16x16 has at most 256 areas, so the
 * last area of a wall-on-every-edge 16x16 grid shares id 255 with none but itself.
 */
export function regionsFromWalls(size: number, walls: ArrayLike<number>): WallRegions {
  const cells = size * size;
  const areaOf = new Int32Array(cells).fill(-1);
  const areas: number[][] = [];
  const stack: number[] = [];
  for (let start = 0; start < cells; start++) {
    if (areaOf[start] >= 0) continue;
    const id = areas.length;
    const area: number[] = [];
    areaOf[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const cell = stack.pop() as number;
      area.push(cell);
      for (const side of SIDES) {
        if (wallBetween(walls, cell, side, size)) continue;
        const next = neighbourAcross(cell, side, size);
        if (areaOf[next] < 0) {
          areaOf[next] = id;
          stack.push(next);
        }
      }
    }
    areas.push(area.sort((a, b) => a - b));
  }
  // A plain loop: Uint8Array.from with a map function goes through the iterator protocol.
  const clampedAreaOf = new Uint8Array(cells);
  for (let cell = 0; cell < cells; cell++) clampedAreaOf[cell] = Math.min(areaOf[cell], 255);
  return { areaOf: clampedAreaOf, areas };
}

/** Wall bits for a region map: a wall wherever neighbours differ, and all around the border. */
export function wallsFromRegions(size: number, regions: ArrayLike<number>): Uint8Array {
  const walls = new Uint8Array(size * size);
  for (let cell = 0; cell < size * size; cell++) {
    let bits = 0;
    for (const side of SIDES) {
      const other = neighbourAcross(cell, side, size);
      if (other < 0 || regions[other] !== regions[cell]) bits |= side;
    }
    walls[cell] = bits;
  }
  return walls;
}

/** Connected pieces of the cells of one region id (orthogonal adjacency). */
function piecesOf(
  size: number,
  regions: ArrayLike<number>,
  members: readonly number[],
): number[][] {
  const seen = new Set<number>();
  const pieces: number[][] = [];
  for (const start of members) {
    if (seen.has(start)) continue;
    const piece: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const cell = stack.pop() as number;
      piece.push(cell);
      for (const side of SIDES) {
        const next = neighbourAcross(cell, side, size);
        if (next >= 0 && !seen.has(next) && regions[next] === regions[start]) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    pieces.push(piece.sort((a, b) => a - b));
  }
  return pieces;
}

/**
 * The problems of a partition into regions, in words: the wrong number of regions, regions
 * in pieces (first: they are what a setter does not see coming), regions of the wrong size.
 * `members[r]` are region r's cells (empty for an unused id), `pieces[r]` its connected parts.
 */
export function regionProblems(
  size: number,
  members: readonly number[][],
  pieces: readonly number[][][],
): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const used = members.filter((cellsOfRegion) => cellsOfRegion.length > 0).length;
  if (used !== size) {
    problems.push({
      code: 'region-count',
      message: `the layout has ${used} region${used === 1 ? '' : 's'}; a ${size}×${size} grid needs ${size}`,
      cells: [],
    });
  }
  pieces.forEach((parts, region) => {
    if (parts.length > 1) {
      const shown = parts.slice(0, 4).map((part) => `{${listCells(part, size, 4)}}`);
      problems.push({
        code: 'region-split',
        message: `region ${region + 1} is in ${parts.length} pieces: ${shown.join(' and ')}${parts.length > 4 ? ' and more' : ''}`,
        region,
        cells: members[region],
      });
    }
  });
  members.forEach((cellsOfRegion, region) => {
    if (cellsOfRegion.length > 0 && cellsOfRegion.length !== size) {
      problems.push({
        code: 'region-size',
        message: `region ${region + 1} has ${cellsOfRegion.length} cell${cellsOfRegion.length === 1 ? '' : 's'}; it needs ${size} (${listCells(cellsOfRegion, size)})`,
        region,
        cells: cellsOfRegion,
      });
    }
  });
  return problems;
}

/**
 * Whether a region map is a valid layout: every id from 0 to size-1 names exactly `size`
 * orthogonally connected cells. The same verdict as validateLayout's (empty when valid),
 * without words: a few typed arrays instead of sets and lists, so a reader checking
 * thousands of layouts (a JSON list of puzzles; see docs/formats.md, memory)
 * makes next to no garbage.
 */
export function isValidLayout(size: number, regions: ArrayLike<number>): boolean {
  const cells = size * size;
  const counts = new Int32Array(size);
  for (let cell = 0; cell < cells; cell++) {
    const id = regions[cell];
    if (!Number.isInteger(id) || id < 0 || id >= size) return false;
    counts[id]++;
  }
  for (let id = 0; id < size; id++) if (counts[id] !== size) return false;
  // Every id holds `size` cells, so the map is valid exactly when it has `size` connected
  // pieces: one more piece means some region is split.
  const seen = new Uint8Array(cells);
  const stack = new Int32Array(cells);
  let top = 0;
  let id = 0;
  const reach = (next: number): void => {
    if (seen[next] === 0 && regions[next] === id) {
      seen[next] = 1;
      stack[top++] = next;
    }
  };
  let pieces = 0;
  for (let start = 0; start < cells; start++) {
    if (seen[start] === 1) continue;
    if (++pieces > size) return false;
    id = regions[start];
    seen[start] = 1;
    stack[top++] = start;
    while (top > 0) {
      const cell = stack[--top];
      const col = cell % size;
      if (cell >= size) reach(cell - size);
      if (cell + size < cells) reach(cell + size);
      if (col > 0) reach(cell - 1);
      if (col < size - 1) reach(cell + 1);
    }
  }
  return true;
}

/**
 * Everything wrong with a region map, in words: ids out of range, the wrong number of
 * regions, regions with too many or too few cells, regions in pieces. Empty when valid
 * (decided by isValidLayout first: only a bad layout pays for the words).
 */
export function validateLayout(size: number, regions: ArrayLike<number>): LayoutProblem[] {
  return isValidLayout(size, regions) ? [] : describeLayoutProblems(size, regions);
}

/** validateLayout's words for every problem of a region map, valid or not (tests compare). */
export function describeLayoutProblems(size: number, regions: ArrayLike<number>): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const cells = size * size;
  const members: number[][] = Array.from({ length: size }, () => []);
  const outOfRange: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const id = regions[cell];
    if (!Number.isInteger(id) || id < 0 || id >= size) outOfRange.push(cell);
    else members[id].push(cell);
  }
  for (const cell of outOfRange) {
    problems.push({
      code: 'region-id-range',
      message: `${cellName(cell, size)} has region id ${regions[cell]}; ids run from 0 to ${size - 1}`,
      cells: [cell],
    });
  }
  const pieces = members.map((cellsOfRegion) =>
    cellsOfRegion.length > 0 ? piecesOf(size, regions, cellsOfRegion) : [],
  );
  problems.push(...regionProblems(size, members, pieces));
  return problems;
}

export interface WallLayoutAnalysis {
  /** Area id per cell, as enclosed by the walls (see WallRegions). */
  areaOf: Uint8Array;
  areas: number[][];
  /** Problems that keep the layout from being valid (count and size of the areas). */
  problems: LayoutProblem[];
  /** Wall edges that do not separate two areas yet ("a wall that does not close yet"). */
  openWalls: { cell: number; side: number }[];
}

/**
 * Analyse a wall drawing as the user makes it: the areas it encloses, why they are not yet
 * a valid layout, and which drawn wall segments do not close. Meant for live feedback.
 */
export function analyseWalls(size: number, walls: ArrayLike<number>): WallLayoutAnalysis {
  const { areaOf, areas } = regionsFromWalls(size, walls);
  const problems: LayoutProblem[] = [];
  if (areas.length !== size) {
    problems.push({
      code: 'region-count',
      message: `the walls enclose ${areas.length} region${areas.length === 1 ? '' : 's'}; a ${size}×${size} grid needs ${size}`,
      cells: [],
    });
  }
  areas.forEach((area, index) => {
    if (area.length !== size) {
      problems.push({
        code: 'region-size',
        message: `region ${index + 1} has ${area.length} cell${area.length === 1 ? '' : 's'}; it needs ${size} (${listCells(area, size)})`,
        region: index,
        cells: area,
      });
    }
  });
  const openWalls: { cell: number; side: number }[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    for (const side of [WALL_RIGHT, WALL_DOWN]) {
      const other = neighbourAcross(cell, side, size);
      if (other >= 0 && wallBetween(walls, cell, side, size) && areaOf[cell] === areaOf[other]) {
        openWalls.push({ cell, side });
      }
    }
  }
  if (openWalls.length > 0) {
    const first = openWalls[0];
    problems.push({
      code: 'wall-open',
      message: `${openWalls.length} wall segment${openWalls.length === 1 ? ' does' : 's do'} not close a region yet (first: between ${cellName(first.cell, size)} and ${cellName(neighbourAcross(first.cell, first.side, size), size)})`,
      cells: openWalls.map((wall) => wall.cell),
    });
  }
  return { areaOf, areas, problems, openWalls };
}
