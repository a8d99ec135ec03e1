/**
 * The board model. Glossary used across the engine and the formats (one meaning per name):
 *   size N       side length of the grid; digits run 1..N
 *   cell         index `row * N + col`, 0-based, reading order
 *   region       one region id, 0..N-1; its N cells hold each digit once
 *   regions      the layout: one region id per cell (N*N of them), standard boxes or any
 *                jigsaw. Always this, whatever the type (Uint8Array, ArrayLike, number[]):
 *                Board.regions, the JSON "regions" field, the store's Puzzle.regions.
 *                (One exception is left, outside the engine: the store's LayoutView.regions
 *                lists the cells of each region, which this glossary calls members.)
 *   regionOf     the same per-cell region ids, where they are derived, not given (an
 *                engine's layout tables, the store's layout view)
 *   cellsOfRegion / members   the cells of one region, or of each (members[r])
 *   area         the cells that walls enclose, reachable without crossing a wall; `areas`
 *                lists them, `areaOf` gives each cell's area id (layout.ts). A closed,
 *                valid drawing has N areas of N cells, and then each area is a region.
 *   piece        a connected part of a region (a region in pieces has two or more)
 *   ...Regions   a number named so (lostRegions, forcedRegions) is a set of region ids
 *                as bits: bit r for region r (the bitboard engines)
 *   givens       one clue per cell, 0 = empty
 *   unit         a row, a column or a region: N cells that hold each digit once
 *   walls        one wall mask per cell (WALL_UP | WALL_RIGHT | ...; layout.ts)
 */

/**
 * Sizes offered in the app, the formats and the command line: every size from 4 to 16.
 * Most have standard boxes (boxShape); the primes 5, 7, 11 and 13 have none, and their
 * regions are always jigsaw regions.
 */
export const APP_SIZES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] as const;

/** Sizes the product supports: the app's, and 25 (5x5 boxes) in the engine and the formats. */
export const SUPPORTED_SIZES = [...APP_SIZES, 25] as const;
export type Size = (typeof SUPPORTED_SIZES)[number];

export interface Board {
  readonly size: number;
  /** Region id per cell, 0..size-1. Length size*size. */
  readonly regions: Uint8Array;
  /** Clue per cell, 0 = empty, 1..size. Length size*size. */
  readonly givens: Uint8Array;
}

export function isSupportedSize(size: number): size is Size {
  return (SUPPORTED_SIZES as readonly number[]).includes(size);
}

/** Rows and columns of one standard box. */
export interface BoxShape {
  readonly rows: number;
  readonly cols: number;
}

/**
 * The standard box of a size: `rows` is the largest divisor of N not above its square root
 * and `cols` is N / rows (2x2, 2x3, 2x4, 3x3, 2x5, 3x4, 2x7, 3x5, 4x4, 5x5: the boxes
 * f-puzzles and SudokuPad draw by default), so a box is never taller than it is wide. Null
 * when N has no such divisor but 1, that is when N is prime (5, 7, 11, 13): a grid of that
 * size has no boxes, and jigsaw regions are the only kind (a 1xN "box" would be a row).
 */
export function boxShape(size: number): BoxShape | null {
  if (!Number.isInteger(size) || size < 4) return null;
  let rows = Math.floor(Math.sqrt(size));
  while (rows > 1 && size % rows !== 0) rows--;
  return rows > 1 ? { rows, cols: size / rows } : null;
}

/** Whether a size has standard boxes (see boxShape): false for 5, 7, 11 and 13. */
export const hasBoxShape = (size: number): boolean => boxShape(size) !== null;

/**
 * Why a size has no standard boxes, in words for a message: "a 7×7 grid has no standard
 * boxes (7 is prime), only jigsaw regions".
 */
export function noBoxesReason(size: number): string {
  return `a ${size}×${size} grid has no standard boxes (${size} is prime), only jigsaw regions`;
}

/**
 * A list of sizes in words, consecutive runs joined: "4 to 16 and 25", "4 to 16", or with
 * `last` 'or', "4 to 16 or 25". For messages that say which sizes are accepted.
 */
export function sizesText(sizes: readonly number[], last: 'and' | 'or' = 'and'): string {
  const runs: string[] = [];
  for (let index = 0; index < sizes.length;) {
    let end = index;
    while (end + 1 < sizes.length && sizes[end + 1] === sizes[end] + 1) end++;
    if (end - index >= 2) runs.push(`${sizes[index]} to ${sizes[end]}`);
    else for (let k = index; k <= end; k++) runs.push(String(sizes[k]));
    index = end + 1;
  }
  return runs.length <= 1
    ? runs.join('')
    : `${runs.slice(0, -1).join(', ')} ${last} ${runs.at(-1)}`;
}

/**
 * Whether a board's regions are the standard boxes of its size, under any numbering of the
 * ids (a layout is a partition; ids are only names): every box's cells share one id and no
 * two boxes share one. Allocates nothing, so the engines can ask it per puzzle.
 */
export function hasStandardBoxes(board: Board): boolean {
  const { size, regions } = board;
  const box = boxShape(size);
  if (!isSupportedSize(size) || box === null || regions.length !== size * size) return false;
  const { rows, cols } = box;
  // Region ids are below 25, so one int holds the ids seen.
  let seen = 0;
  for (let boxRow = 0; boxRow < size; boxRow += rows) {
    for (let boxCol = 0; boxCol < size; boxCol += cols) {
      const first = boxRow * size + boxCol;
      const id = regions[first];
      if (id > 30 || seen & (1 << id)) return false;
      seen |= 1 << id;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) if (regions[first + r * size + c] !== id) return false;
      }
    }
  }
  return true;
}

/**
 * Whether two per-cell arrays of one board size hold the same values: an engine keeps the
 * tables of the last layout it saw and rebuilds them only when this says the layout changed.
 */
export function sameCells(first: Uint8Array, second: Uint8Array): boolean {
  if (first.length !== second.length) return false;
  for (let cell = 0; cell < first.length; cell++) if (first[cell] !== second[cell]) return false;
  return true;
}

/**
 * The standard box layout of a size, region ids in reading order of the boxes. Throws a
 * RangeError for a size without boxes (noBoxesReason): ask hasBoxShape first, or use
 * startRegions.
 */
export function standardRegions(size: number): Uint8Array {
  const box = boxShape(size);
  if (box === null) throw new RangeError(noBoxesReason(size));
  const boxesPerRow = size / box.cols;
  const regions = new Uint8Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      regions[row * size + col] =
        Math.floor(row / box.rows) * boxesPerRow + Math.floor(col / box.cols);
    }
  }
  return regions;
}

/**
 * Compact regions for a size without boxes (and any other): the rows split into an odd
 * number of bands, about √N rows tall and symmetric about the middle band, and one path
 * through the grid that snakes down and up the columns of each band, left to right in
 * the first band, right to left in the next, and so on; each N cells along the path are a
 * region. For an odd N (every prime size) a band's path ends beside the next band's start,
 * so each region is one piece, and the path is the same under a half turn read backwards,
 * so region r faces region N-1-r as box b faces box N-1-b (randomSymmetricLayout relies
 * on it). Regions about √N cells across: where the jigsaw generator starts on such sizes.
 */
export function bandRegions(size: number): Uint8Array {
  const root = Math.sqrt(size);
  let bands = Math.max(1, Math.round(root));
  if (bands % 2 === 0) bands += root > bands ? 1 : -1;
  // Heights as equal as can be, the extra rows in pairs at both ends (and one in the middle).
  const heights = new Array<number>(bands).fill(Math.floor(size / bands));
  let extra = size - heights[0] * bands;
  if (extra % 2 === 1) {
    heights[bands >> 1]++;
    extra--;
  }
  for (let k = 0; extra > 0; k++, extra -= 2) {
    heights[k]++;
    heights[bands - 1 - k]++;
  }
  const regions = new Uint8Array(size * size);
  let step = 0;
  let top = 0;
  heights.forEach((height, band) => {
    for (let k = 0; k < size; k++) {
      const col = band % 2 === 0 ? k : size - 1 - k;
      for (let j = 0; j < height; j++) {
        const row = top + (k % 2 === 0 ? j : height - 1 - j);
        regions[row * size + col] = Math.floor(step++ / size);
      }
    }
    top += height;
  });
  return regions;
}

/** The layout a size starts from: its standard boxes, or bandRegions where it has none. */
export function startRegions(size: number): Uint8Array {
  return hasBoxShape(size) ? standardRegions(size) : bandRegions(size);
}

/**
 * A board with the given layout (by default the standard boxes, or startRegions' bands for
 * a size without boxes) and clues (none by default).
 */
export function createBoard(
  size: number,
  regions: ArrayLike<number> = startRegions(size),
  givens: ArrayLike<number> = new Uint8Array(size * size),
): Board {
  const cells = size * size;
  if (regions.length !== cells || givens.length !== cells) {
    throw new RangeError(`a ${size}x${size} board needs ${cells} region ids and ${cells} givens`);
  }
  for (let cell = 0; cell < cells; cell++) {
    const digit = givens[cell];
    if (!Number.isInteger(digit) || digit < 0 || digit > size) {
      throw new RangeError(`${cellName(cell, size)} holds ${digit}; clues run from 1 to ${size}`);
    }
  }
  return { size, regions: Uint8Array.from(regions), givens: Uint8Array.from(givens) };
}

/**
 * A board over arrays the caller hands over, not copied or checked beyond their length:
 * for readers that made the arrays themselves and checked every clue (a big judge file
 * then costs one array per puzzle, and its puzzles can share one layout array). Nothing
 * changes a board's arrays in place, so sharing is safe.
 */
export function adoptBoard(size: number, regions: Uint8Array, givens: Uint8Array): Board {
  const cells = size * size;
  if (regions.length !== cells || givens.length !== cells) {
    throw new RangeError(`a ${size}x${size} board needs ${cells} region ids and ${cells} givens`);
  }
  return { size, regions, givens };
}

export const rowOf = (cell: number, size: number): number => Math.floor(cell / size);
export const colOf = (cell: number, size: number): number => cell % size;
export const cellAt = (row: number, col: number, size: number): number => row * size + col;

/** Human name of a cell, 1-based: `r3c5`. */
export function cellName(cell: number, size: number): string {
  return `r${rowOf(cell, size) + 1}c${colOf(cell, size) + 1}`;
}

/** Digit as a single character: 1-9, then A-P for 10-25 (the app's key map for 16x16). */
export function digitChar(digit: number): string {
  return digit <= 9 ? String(digit) : String.fromCharCode(55 + digit);
}

/**
 * The letters that stand for the digits above 9 at a size, in words: "A for 10", "A-G for
 * 10-16" (`dash` between the ends); empty up to 9x9.
 */
export function letterDigitsText(size: number, dash = '-'): string {
  if (size <= 9) return '';
  if (size === 10) return 'A for 10';
  return `A${dash}${digitChar(size)} for 10${dash}${size}`;
}

/** Turn rows of numbers into a flat array; throws when the shape is not size x size. */
export function flattenRows(rows: readonly (readonly number[])[], size: number): Uint8Array {
  if (rows.length !== size || rows.some((row) => row.length !== size)) {
    throw new RangeError(`expected ${size} rows of ${size} numbers`);
  }
  return Uint8Array.from(rows.flat());
}

/** Split a flat array into rows of `size`. */
export function toRows(cells: ArrayLike<number>, size: number): number[][] {
  const rows: number[][] = [];
  for (let row = 0; row < size; row++) {
    rows.push(Array.from({ length: size }, (_, col) => cells[row * size + col]));
  }
  return rows;
}
