/** Direct clashes between clues, and an independent check of a finished grid. */
import type { Board } from './board.ts';
import type { ClueConflict, CountResult, SearchOptions } from './types.ts';
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

/**
 * The result every solver starts from: nothing found yet, and the clue clashes, which end
 * the count at 0 before any search (the shared prologue of the solvers' contract).
 */
export function newCountResult(board: Board): CountResult {
  return {
    count: 0,
    solutions: [],
    nodes: 0,
    complete: true,
    aborted: false,
    clueConflicts: findClueConflicts(board),
  };
}

/**
 * A search's checkpoint, every `progressEvery` nodes: report progress, then read the abort
 * signal. True when the search must stop; the result is then marked aborted and incomplete.
 * Shared by every engine; it runs only at checkpoints, never in the hot loop itself.
 */
export function checkpointStops(
  options: SearchOptions,
  result: CountResult,
  nodes: number,
): boolean {
  options.onProgress?.({ nodes, solutions: result.count });
  if (!options.signal?.aborted) return false;
  result.aborted = true;
  result.complete = false;
  return true;
}

/**
 * Search options that stop a search once it has tried `budget` nodes (guesses), checked
 * every `progressEvery` nodes, so it may run up to one interval past the budget. The
 * returned signal says afterwards whether the budget ran out (the result is then marked
 * aborted too).
 */
export function guessBudget(
  budget: number,
  progressEvery = 256,
): SearchOptions & { signal: { aborted: boolean } } {
  const signal = { aborted: false };
  return {
    signal,
    progressEvery,
    onProgress: ({ nodes }) => {
      signal.aborted = nodes >= budget;
    },
  };
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
