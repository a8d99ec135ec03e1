/**
 * The second, independent solver: depth-first search over bitmask candidate sets, always
 * branching on the empty cell with the fewest candidates (tdoku's solver_basic idea).
 * It shares nothing with the DLX engine but the board model, so that the two can check
 * each other in property tests.
 */
import type { Board } from './board.ts';
import {
  checkpointStops,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';
import { digitOfBit, fullMask, popcount } from './units.ts';

/**
 * Count solutions up to `limit` by bitmask backtracking: a CountFunction (contract.ts);
 * nodes = digits tried in a cell. Allocates its state per call, so it is re-entrant.
 */
export function countSolutionsBasic(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  const { size, regions, givens } = board;
  const result = newCountResult(board);
  if (result.clueConflicts.length > 0) return result;
  const keep = options.keepSolutions ?? limit;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  const full = fullMask(size);
  const rowUsed = new Int32Array(size);
  const colUsed = new Int32Array(size);
  const regionUsed = new Int32Array(size);
  const grid = Uint8Array.from(givens);
  const rowOfCell = Int32Array.from({ length: size * size }, (_, cell) => Math.floor(cell / size));
  const colOfCell = Int32Array.from({ length: size * size }, (_, cell) => cell % size);
  const empty: number[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    const digit = grid[cell];
    if (digit === 0) {
      empty.push(cell);
      continue;
    }
    rowUsed[rowOfCell[cell]] |= 1 << digit;
    colUsed[colOfCell[cell]] |= 1 << digit;
    regionUsed[regions[cell]] |= 1 << digit;
  }
  const candidatesOf = (cell: number): number =>
    full & ~(rowUsed[rowOfCell[cell]] | colUsed[colOfCell[cell]] | regionUsed[regions[cell]]);

  let stopped = false;
  // empty[depth..] are the open cells; each level swaps the cell it branches on to the front.
  const search = (depth: number): void => {
    if (depth === empty.length) {
      result.count++;
      if (result.solutions.length < keep) result.solutions.push(Uint8Array.from(grid));
      if (result.count >= limit) stopped = true;
      return;
    }
    let bestIndex = -1;
    let bestCandidates = 0;
    let bestCount = size + 1;
    for (let index = depth; index < empty.length; index++) {
      const candidates = candidatesOf(empty[index]);
      const candidateCount = popcount(candidates);
      if (candidateCount < bestCount) {
        bestIndex = index;
        bestCandidates = candidates;
        bestCount = candidateCount;
        if (candidateCount <= 1) break;
      }
    }
    if (bestCount === 0) return;
    const cell = empty[bestIndex];
    empty[bestIndex] = empty[depth];
    empty[depth] = cell;
    const row = rowOfCell[cell];
    const col = colOfCell[cell];
    const region = regions[cell];
    for (let remaining = bestCandidates; remaining !== 0 && !stopped; remaining &= remaining - 1) {
      const bit = remaining & -remaining;
      result.nodes++;
      if (result.nodes % progressEvery === 0) {
        if (checkpointStops(options, result, result.nodes)) {
          stopped = true;
          break;
        }
      }
      grid[cell] = digitOfBit(bit);
      rowUsed[row] |= bit;
      colUsed[col] |= bit;
      regionUsed[region] |= bit;
      search(depth + 1);
      rowUsed[row] &= ~bit;
      colUsed[col] &= ~bit;
      regionUsed[region] &= ~bit;
      grid[cell] = 0;
    }
    empty[depth] = empty[bestIndex];
    empty[bestIndex] = cell;
  };
  search(0);
  result.complete = !stopped;
  return result;
}
