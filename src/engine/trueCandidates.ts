/**
 * True candidates: for every empty cell, the digits that appear there in at least one
 * solution. Exact, not sampled.
 *
 * DESIGN: every solution found covers one (cell, digit) pair per cell, so each search is
 * made to pay twice. A first search (limit 2) gives the verdict and up to two solutions;
 * then each pair not covered yet is tested by placing the digit and asking the best engine
 * for one solution. A solution found covers its pair and all the other pairs it holds, so
 * on a board with few solutions almost every test is a refutation, and on a very open board
 * most pairs are covered by the first solutions found and never tested. Pairs that a clue
 * rules out directly (the digit is a clue in the cell's row, column or region) are never
 * tested. A unique board needs no test at all: its candidates are its solution. Digits
 * that no clue holds are interchangeable, so one solution with such a digit in a cell covers
 * every such digit there: an empty board is answered by its first search, a sparse one by a
 * few (on an empty 16x16, 1,101 tests before).
 *
 * A limit on the number of tests, the caller's signal and a progress callback keep a very
 * open board from running unbounded; the answer then says `complete: false`, and the
 * candidates reported are those proven so far (each one backed by a solution).
 */
import type { Board } from './board.ts';
import { findClueConflicts } from './clues.ts';
import { countSolutionsBest } from './engines.ts';
import { withBeat, type Verdict } from './contract.ts';

export interface TrueCandidatesOptions {
  signal?: { readonly aborted: boolean };
  /** Called after each test with the tests done and the tests still to make at most. */
  onProgress?: (done: number, left: number) => void;
  /** Most searches to run (default 20,000); the answer is incomplete when it runs out. */
  maxTests?: number;
  /** Called often, also inside a long search: a host's sign of life (withBeat). */
  beat?: () => void;
}

export interface TrueCandidates {
  status: Verdict;
  /** Per cell, bit d set when digit d is a true candidate (a given: its own digit). */
  masks: Int32Array;
  /** Empty cells with exactly one true candidate. */
  singles: number[];
  /** False when the limit or the signal stopped it; masks then hold what was proven. */
  complete: boolean;
  /** Searches run (the verdict's included). */
  tests: number;
}

/** The digits of a mask, ascending. */
export function digitsOfMask(mask: number): number[] {
  const digits: number[] = [];
  for (let digit = 1; digit < 32; digit++) if (mask & (1 << digit)) digits.push(digit);
  return digits;
}

/** True candidates of every cell (see the file header). */
export function trueCandidates(board: Board, options: TrueCandidatesOptions = {}): TrueCandidates {
  const { size, regions, givens } = board;
  const cells = size * size;
  const masks = new Int32Array(cells);
  for (let cell = 0; cell < cells; cell++) if (givens[cell]) masks[cell] = 1 << givens[cell];
  const answer = (status: Verdict, complete: boolean, tests: number): TrueCandidates => {
    const singles: number[] = [];
    for (let cell = 0; cell < cells; cell++) {
      const mask = masks[cell];
      if (givens[cell] === 0 && mask !== 0 && (mask & (mask - 1)) === 0) singles.push(cell);
    }
    return { status, masks, singles, complete, tests };
  };
  if (findClueConflicts(board).length > 0) return answer('none', true, 0);
  // Digits no clue holds are interchangeable: swapping two of them in a solution gives
  // another solution (every rule is "all different", and no clue changes). So a solution
  // with a free digit in a cell proves every free digit there.
  let freeDigits = ((1 << size) - 1) << 1;
  for (let cell = 0; cell < cells; cell++) freeDigits &= ~(1 << givens[cell]);
  const cover = (grid: Uint8Array): void => {
    for (let cell = 0; cell < cells; cell++) {
      const bit = 1 << grid[cell];
      masks[cell] |= freeDigits & bit ? freeDigits : bit;
    }
  };
  const search = withBeat({ signal: options.signal }, options.beat);
  const first = countSolutionsBest(board, 2, search);
  let tests = 1;
  if (!first.complete && first.count < 2)
    return answer(first.count === 0 ? 'none' : 'unique', false, tests);
  first.solutions.forEach(cover);
  const status: Verdict = first.count === 0 ? 'none' : first.count === 1 ? 'unique' : 'multiple';
  if (status !== 'multiple') return answer(status, true, tests);
  // Digits a clue already holds in the cell's row, column or region never need a test.
  const used = new Int32Array(3 * size);
  for (let cell = 0; cell < cells; cell++) {
    const digit = givens[cell];
    if (digit === 0) continue;
    used[(cell / size) | 0] |= 1 << digit;
    used[size + (cell % size)] |= 1 << digit;
    used[2 * size + regions[cell]] |= 1 << digit;
  }
  const allDigits = ((1 << size) - 1) << 1;
  const maxTests = options.maxTests ?? 20_000;
  const trial = Uint8Array.from(givens);
  const probe: Board = { size, regions, givens: trial };
  for (let cell = 0; cell < cells; cell++) {
    if (givens[cell] !== 0) continue;
    const open =
      allDigits &
      ~(used[(cell / size) | 0] | used[size + (cell % size)] | used[2 * size + regions[cell]]);
    for (let digit = 1; digit <= size; digit++) {
      const bit = 1 << digit;
      if ((open & bit) === 0 || masks[cell] & bit) continue;
      if (tests >= maxTests || options.signal?.aborted) return answer(status, false, tests);
      trial[cell] = digit;
      const result = countSolutionsBest(probe, 1, search);
      trial[cell] = 0;
      tests++;
      options.beat?.();
      if (result.count > 0) cover(result.solutions[0]);
      else if (!result.complete) return answer(status, false, tests);
      options.onProgress?.(tests, cells - cell);
    }
  }
  return answer(status, true, tests);
}
