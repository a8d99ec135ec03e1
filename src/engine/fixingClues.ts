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
 *     Before it, within a node budget, each single clue that at most one known solution
 *     holds is checked on its own: the clue a setter just took away is the usual one-clue
 *     fix, and the greedy loop, which keeps to one target solution, may not find it.
 * Every answer is checked with the uniqueness engine before it is returned. With variant
 * constraints (`options.constraints`) every count, the enumeration and the checks alike, is
 * the variant engine's (engines.ts, counterFor), so the fix makes the whole puzzle unique.
 */
import type { Board } from './board.ts';
import { counterFor } from './engines.ts';
import { withBeat, type CountFunction, type SearchOptions } from './contract.ts';
import type { Constraint } from './variants/constraints.ts';

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
  /** The puzzle's variant constraints (none: a classic jigsaw). */
  constraints?: readonly Constraint[];
}

/** A board with extra clues (a copy). */
function withClues(board: Board, clues: readonly Clue[]): Board {
  const givens = Uint8Array.from(board.givens);
  for (const { cell, digit } of clues) givens[cell] = digit;
  return { size: board.size, regions: board.regions, givens };
}

/** True when the board with the clues has exactly one solution, `solution`. */
function makesUnique(
  count: CountFunction,
  board: Board,
  clues: readonly Clue[],
  solution: Uint8Array,
  beat?: () => void,
): boolean {
  const result = count(withClues(board, clues), 2, withBeat({}, beat));
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
  const count = counterFor(options.constraints);
  const enumerated = count(board, budget + 1, withBeat({ signal: options.signal }, beat));
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
          if (!makesUnique(count, board, clues, solutions[t], beat)) {
            throw new Error('fixing clues: an exact cover did not make the puzzle unique');
          }
          return { clues, proven: true, solution: solutions[t], solutionsSeen: solutions.length };
        }
      }
    } catch (error) {
      if (!(error instanceof Error) || error.message !== 'budget') throw error;
    }
  }
  return singleClueFix(count, board, solutions, beat) ?? greedyFix(count, board, solutions, beat);
}

/**
 * Most work of the single-clue pass, in search nodes over all its checks, per cell of the
 * grid. A 9x9 puzzle with one of its 17 clues taken away finds its clue within 320 checks
 * and 3,600 nodes (each clue tried in turn); a 16x16 board with too few clues gives up
 * after about 800 checks.
 */
const SINGLE_CLUE_NODES_PER_CELL = 200;

/**
 * One clue that makes the puzzle unique, when one turns up within a work budget (see the
 * file header); null otherwise, which proves nothing. A clue (c, d) can only do it when at
 * most one known solution has d in c: those with one such solution are tried first (the
 * clue a setter just took away is among them when its solution is known), then those with
 * none (it is not, among thousands). One clue is the fewest there can be: proven.
 */
function singleClueFix(
  count: CountFunction,
  board: Board,
  known: readonly Uint8Array[],
  beat?: () => void,
): FixingClues | null {
  const { size, givens } = board;
  const cells = size * size;
  // A big board with fewer than one clue in eight cells is far from unique: no single clue
  // will do, and each check is slow there (0.2 ms on a sparse 16x16, against 15-30 µs up to
  // 9x9, where small puzzles may have only a handful of clues).
  if (size > 9 && givens.filter((digit) => digit !== 0).length * 8 < cells) return null;
  // holders[cell * (size + 1) + digit]: known solutions with that digit there, up to 2.
  const holders = new Int32Array(cells * (size + 1));
  const holder = new Int32Array(cells * (size + 1)).fill(-1);
  known.forEach((solution, index) => {
    for (let cell = 0; cell < cells; cell++) {
      const at = cell * (size + 1) + solution[cell];
      if (holders[at] < 2) holders[at]++;
      holder[at] = index;
    }
  });
  const tries: Clue[][] = [[], []];
  for (let cell = 0; cell < cells; cell++) {
    if (givens[cell] !== 0) continue;
    for (let digit = 1; digit <= size; digit++) {
      const count = holders[cell * (size + 1) + digit];
      if (count < 2) tries[count === 1 ? 0 : 1].push({ cell, digit });
    }
  }
  const budget = SINGLE_CLUE_NODES_PER_CELL * cells;
  let spent = 0;
  const stop = { aborted: false };
  // Cells where the known solutions differ most first: where a clue was taken away.
  const variety = new Int32Array(cells);
  for (let at = 0; at < holders.length; at++)
    if (holders[at] > 0) variety[Math.floor(at / (size + 1))]++;
  const mostVaried = (a: Clue, b: Clue): number =>
    variety[b.cell] - variety[a.cell] || a.cell - b.cell;
  for (const clue of [...tries[0].sort(mostVaried), ...tries[1].sort(mostVaried)]) {
    const result = count(withClues(board, [clue]), 2, {
      signal: stop,
      progressEvery: 4096,
      onProgress: ({ nodes }) => {
        beat?.();
        if (spent + nodes > budget) stop.aborted = true;
      },
    });
    // A check costs its set-up too, about a quarter of a node per cell.
    spent += result.nodes + cells / 4;
    if (stop.aborted || spent > budget) return null;
    if (!result.complete || result.count !== 1) continue;
    const solution = result.solutions[0];
    const index = holder[clue.cell * (size + 1) + clue.digit];
    // A clue held by one known solution must keep that one; otherwise the count is wrong.
    if (index >= 0 && !solution.every((digit, cell) => digit === known[index][cell])) {
      throw new Error('fixing clues: a single clue kept a solution it rules out');
    }
    return { clues: [clue], proven: true, solution, solutionsSeen: known.length };
  }
  return null;
}

/** The counterexample-guided greedy set (see the file header); verified, not proven. */
function greedyFix(
  count: CountFunction,
  board: Board,
  known: Uint8Array[],
  beat?: () => void,
): FixingClues {
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
    const result = count(withClues(board, clues), 2, withBeat({}, beat));
    // Each check may be too short to reach a checkpoint: a beat per check as well.
    beat?.();
    const other = result.solutions.find((grid) =>
      grid.some((digit, cell) => digit !== target[cell]),
    );
    if (!other) {
      if (!makesUnique(count, board, clues, target, beat)) {
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
