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

/** Sizes the product supports; 25 (5x5 boxes) is engine-only. */
export const SUPPORTED_SIZES = [4, 6, 8, 9, 12, 16, 25] as const;
export type Size = (typeof SUPPORTED_SIZES)[number];

/** Sizes offered in the app. */
export const APP_SIZES = [4, 6, 8, 9, 12, 16] as const;

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

/** Rows and columns of a standard box for each size (2x2, 2x3, 2x4, 3x3, 3x4, 4x4, 5x5). */
export function boxShape(size: number): { rows: number; cols: number } {
  switch (size) {
    case 4:
      return { rows: 2, cols: 2 };
    case 6:
      return { rows: 2, cols: 3 };
    case 8:
      return { rows: 2, cols: 4 };
    case 9:
      return { rows: 3, cols: 3 };
    case 12:
      return { rows: 3, cols: 4 };
    case 16:
      return { rows: 4, cols: 4 };
    case 25:
      return { rows: 5, cols: 5 };
    default:
      throw new RangeError(
        `unsupported size ${size}: expected one of ${SUPPORTED_SIZES.join(', ')}`,
      );
  }
}

/**
 * Whether a board's regions are the standard boxes of its size, under any numbering of the
 * ids (a layout is a partition; ids are only names): every box's cells share one id and no
 * two boxes share one. Allocates nothing, so the engines can ask it per puzzle.
 */
export function hasStandardBoxes(board: Board): boolean {
  const { size, regions } = board;
  if (!isSupportedSize(size) || regions.length !== size * size) return false;
  const { rows, cols } = boxShape(size);
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

/** The standard box layout of a size, region ids in reading order of the boxes. */
export function standardRegions(size: number): Uint8Array {
  const box = boxShape(size);
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

/** A board with the given layout (standard boxes by default) and clues (none by default). */
export function createBoard(
  size: number,
  regions: ArrayLike<number> = standardRegions(size),
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
