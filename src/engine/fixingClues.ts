/**
 * Fixing clues: for a puzzle with several solutions, the fewest clues (a cell and its digit
 * in one of the solutions) whose addition leaves exactly that solution.
 *
 * DESIGN: a clue (c, target[c]) rules out every other solution that differs from the target
 * in cell c, so the clues that make `target` unique are exactly the hitting sets of the
 * other solutions' difference sets: a set cover.
 *   - Proven: when the solutions can all be enumerated within `budget`, the cover is solved
 *     exactly for every solution as the target, by iterative deepening on the number of
 *     clues k (k = 1, 2, ...): a depth-first search takes the uncovered solution with the
 *     fewest differing cells and branches on each of them. The first k that works for any
 *     target is the proven minimum over all solutions.
 *   - Not proven: beyond the budget (or when the exact search runs past its node budget),
 *     a greedy loop guided by counterexamples: add the clue that rules out most of the
 *     solutions known, ask the engine whether the puzzle is now unique, and when it is not,
 *     learn the new solution it found and repeat. Short, verified, but not proven fewest.
 * Every answer is checked with the uniqueness engine before it is returned.
 */
import type { Board } from './board.ts';
import { countSolutionsBest } from './engines.ts';
import { withBeat, type SearchOptions } from './contract.ts';

export interface Clue {
  cell: number;
  digit: number;
}

export interface FixingClues {
  /** The clues to add, in reading order. */
  clues: Clue[];
  /** True when no smaller set of added clues makes the puzzle unique. */
  proven: boolean;
  /** The solution the clues keep. */
  solution: Uint8Array;
  /** Solutions enumerated (all of them when proven). */
  solutionsSeen: number;
}

export interface FixingCluesOptions {
  /** Most solutions to enumerate for a proven answer (default 1,000). */
  budget?: number;
  /** Most work of the exact cover search, in solutions scanned (default 50,000,000). */
  coverWork?: number;
  signal?: SearchOptions['signal'];
  /** Called often, also inside a long search: a host's sign of life (withBeat). */
  beat?: () => void;
}

/** A board with extra clues (a copy). */
function withClues(board: Board, clues: readonly Clue[]): Board {
  const givens = Uint8Array.from(board.givens);
  for (const { cell, digit } of clues) givens[cell] = digit;
  return { size: board.size, regions: board.regions, givens };
}

/** True when the board with the clues has exactly one solution, `solution`. */
function makesUnique(
  board: Board,
  clues: readonly Clue[],
  solution: Uint8Array,
  beat?: () => void,
): boolean {
  const result = countSolutionsBest(withClues(board, clues), 2, withBeat({}, beat));
  return (
    result.complete &&
    result.count === 1 &&
    result.solutions[0].every((digit, cell) => digit === solution[cell])
  );
}

/**
 * The smallest set of cells hitting every difference set, up to `most` cells, or null.
 * `work.left` bounds the work (solutions scanned); it throws 'budget' when spent.
 */
function smallestCover(
  diffs: readonly number[][],
  cells: number,
  most: number,
  work: { left: number },
  beat?: () => void,
): number[] | null {
  // For each cell, the solutions it rules out.
  const hitList: number[][] = Array.from({ length: cells }, () => []);
  diffs.forEach((diff, s) => diff.forEach((cell) => hitList[cell].push(s)));
  const chosen: number[] = [];
  const coveredBy = new Int32Array(diffs.length);
  const search = (room: number): boolean => {
    work.left -= diffs.length;
    if (work.left < 0) throw new Error('budget');
    beat?.();
    let pick = -1;
    for (let s = 0; s < diffs.length; s++) {
      if (coveredBy[s] > 0) continue;
      if (pick < 0 || diffs[s].length < diffs[pick].length) pick = s;
    }
    if (pick < 0) return true;
    if (room === 0) return false;
    for (const cell of diffs[pick]) {
      chosen.push(cell);
      for (const s of hitList[cell]) coveredBy[s]++;
      if (search(room - 1)) return true;
      for (const s of hitList[cell]) coveredBy[s]--;
      chosen.pop();
    }
    return false;
  };
  return search(most) ? chosen : null;
}

const differences = (target: Uint8Array, others: readonly Uint8Array[]): number[][] =>
  others.map((other) => {
    const cells: number[] = [];
    for (let cell = 0; cell < target.length; cell++)
      if (other[cell] !== target[cell]) cells.push(cell);
    return cells;
  });

/**
 * Fewest clues making a puzzle with several solutions unique (see the file header), or
 * null when the puzzle does not have several solutions.
 */
export function fixingClues(board: Board, options: FixingCluesOptions = {}): FixingClues | null {
  const budget = options.budget ?? 1000;
  const { beat } = options;
  const enumerated = countSolutionsBest(
    board,
    budget + 1,
    withBeat({ signal: options.signal }, beat),
  );
  if (enumerated.count < 2) return null;
  const solutions = enumerated.solutions;
  const clueSet = (target: Uint8Array, cells: number[]): Clue[] =>
    [...cells].sort((a, b) => a - b).map((cell) => ({ cell, digit: target[cell] }));
  if (enumerated.complete && enumerated.count <= budget) {
    const work = { left: options.coverWork ?? 50_000_000 };
    const diffsOf = solutions.map((target) =>
      differences(
        target,
        solutions.filter((other) => other !== target),
      ),
    );
    try {
      for (let most = 1; most <= board.size * board.size; most++) {
        for (let t = 0; t < solutions.length; t++) {
          const cover = smallestCover(diffsOf[t], board.size * board.size, most, work, beat);
          if (cover === null) continue;
          const clues = clueSet(solutions[t], cover);
          if (!makesUnique(board, clues, solutions[t], beat)) {
            throw new Error('fixing clues: an exact cover did not make the puzzle unique');
          }
          return { clues, proven: true, solution: solutions[t], solutionsSeen: solutions.length };
        }
      }
    } catch (error) {
      if (!(error instanceof Error) || error.message !== 'budget') throw error;
    }
  }
  return greedyFix(board, solutions, beat);
}

/** The counterexample-guided greedy set (see the file header); verified, not proven. */
function greedyFix(board: Board, known: Uint8Array[], beat?: () => void): FixingClues {
  const target = known[0];
  const others = known.slice(1);
  const chosen: number[] = [];
  for (;;) {
    const alive = others.filter((other) => chosen.every((cell) => other[cell] === target[cell]));
    if (alive.length > 0) {
      const counts = new Int32Array(target.length);
      for (const other of alive) {
        for (let cell = 0; cell < target.length; cell++)
          if (other[cell] !== target[cell]) counts[cell]++;
      }
      let best = 0;
      for (let cell = 1; cell < target.length; cell++) if (counts[cell] > counts[best]) best = cell;
      chosen.push(best);
      continue;
    }
    const clues = chosen.map((cell) => ({ cell, digit: target[cell] }));
    const result = countSolutionsBest(withClues(board, clues), 2, withBeat({}, beat));
    // Each check may be too short to reach a checkpoint: a beat per check as well.
    beat?.();
    const other = result.solutions.find((grid) =>
      grid.some((digit, cell) => digit !== target[cell]),
    );
    if (!other) {
      if (!makesUnique(board, clues, target, beat)) {
        throw new Error('fixing clues: the greedy set could not be verified');
      }
      return {
        clues: [...clues].sort((a, b) => a.cell - b.cell),
        proven: false,
        solution: target,
        solutionsSeen: known.length,
      };
    }
    others.push(other);
    known.push(other);
  }
}
