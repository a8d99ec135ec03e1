/** Direct clashes between clues, and an independent check of a finished grid. */
import type { Board } from './board.ts';
import type { ClueConflict } from './contract.ts';
import { unitsOf } from './units.ts';

/**
 * Every pair of clues with the same digit in one row, column or region. A non-empty answer
 * means "no solution" without any search.
 */
export function findClueConflicts(board: Board): ClueConflict[] {
  if (!hasClueConflict(board)) return [];
  const conflicts: ClueConflict[] = [];
  for (const unit of unitsOf(board)) {
    const firstCellOf = new Map<number, number>();
    for (const cell of unit.cells) {
      const digit = board.givens[cell];
      if (digit === 0) continue;
      const first = firstCellOf.get(digit);
      if (first === undefined) firstCellOf.set(digit, cell);
      else conflicts.push({ cells: [first, cell], digit, unit: unit.kind });
    }
  }
  return conflicts;
}

/** Cheap yes/no check run before every search; the detailed list is built only on a clash. */
function hasClueConflict(board: Board): boolean {
  const { size, regions, givens } = board;
  const rowUsed = new Int32Array(size);
  const colUsed = new Int32Array(size);
  const regionUsed = new Int32Array(size);
  for (let cell = 0; cell < size * size; cell++) {
    const digit = givens[cell];
    if (digit === 0) continue;
    const bit = 1 << (digit - 1);
    const row = (cell / size) | 0;
    const col = cell % size;
    const region = regions[cell];
    if (rowUsed[row] & bit || colUsed[col] & bit || regionUsed[region] & bit) return true;
    rowUsed[row] |= bit;
    colUsed[col] |= bit;
    regionUsed[region] |= bit;
  }
  return false;
}

/**
 * Whether `grid` is a solution of `board`: every cell holds 1..N, every clue is kept, and
 * every unit holds each digit once. Shares no code with the solvers on purpose.
 */
export function isSolution(board: Board, grid: ArrayLike<number>): boolean {
  const { size, givens } = board;
  if (grid.length !== size * size) return false;
  for (let cell = 0; cell < size * size; cell++) {
    const digit = grid[cell];
    if (!Number.isInteger(digit) || digit < 1 || digit > size) return false;
    if (givens[cell] !== 0 && givens[cell] !== digit) return false;
  }
  return unitsOf(board).every(
    (unit) => new Set(unit.cells.map((cell) => grid[cell])).size === size,
  );
}
