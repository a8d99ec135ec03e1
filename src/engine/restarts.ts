/**
 * Restarts for a search whose run time is heavy-tailed: a sparse 16x16 jigsaw (a setter's
 * layout with a few clues) can take one engine millions of guesses down an unlucky first
 * branch, where the same board seen in another order has a solution a thousand guesses
 * away. A search that runs past its guess budget is started again on the same board in
 * another order (a symmetry of the square and a renaming of the digits, both of which map
 * solutions one to one), with twice the budget each time, so a board that needs the
 * complete search (no solution, or a unique one) costs at most about twice the complete
 * search, plus the first budget.
 *
 * The first budget, FIRST_ATTEMPT_GUESSES, must sit far above what a real puzzle takes,
 * since a unique puzzle needs its complete search: the hard 16x16 bench puzzles take up to
 * a few thousand guesses, so real puzzles never pay for a restart, only for the wrapper's
 * call. The order of each restart comes from a fixed seed, so a board gets the same answer
 * on every run. A sparse board of 12x12 or more (under a fifth of its cells as clues:
 * no puzzle, a setter's first look at a layout) starts far lower and grows slower, since
 * there many short attempts beat a few long ones. An empty board (no clue at all) takes another path: its
 * digits are interchangeable, so each attempt gives one house 1..N instead of reordering,
 * and the layout check settles what no attempt did (countEmptyFromHouses, at the end).
 * Measurements: docs/engines/restarts.md and docs/history/engines/sparse16.md.
 */
import type { Board } from './board.ts';
import { createRandom, shuffle, type Random } from './random.ts';
import {
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';
import { checkLayout, houseGiven } from './layoutCheck.ts';
import { validateLayout } from './layout.ts';
import { unitsOf } from './units.ts';

/** An engine, called here always with options (any CountFunction fits). */
type Counter = (board: Board, limit: number, options: SearchOptions) => CountResult;

/** Guesses of the first attempt; every later attempt may take twice the one before. */
export const FIRST_ATTEMPT_GUESSES = 10_000;
/**
 * A 16x16 board with fewer clues than this (a fifth of the cells) is sparse: far fewer than
 * any 16x16 puzzle with one solution we know has (the bench puzzles have 74-85), so its
 * search is rarely a complete one, and many short attempts beat a few long ones
 * (docs/history/engines/sparse16.md). Only the speed depends on it. The same share of the
 * cells makes a board of 12x12 to 15x15 sparse (SPARSE_MIN_SIZE).
 */
export const SPARSE_CLUES_16 = 51;
/**
 * The smallest size with a sparse schedule. On 12x12 to 15x15 the generic engine's tail is
 * longer than grid16's on 16x16: 30 random jigsaw boards of 5 clues took 15 s (12x12), 188 s
 * (13x13, one board 175 s) and 20 s (15x15) in all with the plain schedule, 1.5 s, 1.6 s and
 * 7.0 s with the sparse one (docs/engines/restarts.md). Below 12x12 boards are small enough
 * for the plain schedule.
 */
export const SPARSE_MIN_SIZE = 12;
/** First budget and growth per attempt on a sparse 16x16 board. */
export const SPARSE_FIRST_ATTEMPT_GUESSES = 300;
const SPARSE_GROWTH = 1.3;
/** Budget checks per attempt at least: a search overshoots its budget by one interval. */
const CHECKS_PER_BUDGET = 8;
/** Fixed, so a board gets the same answer (the same solution shown) on every run. */
const RESTART_SEED = 0x5eed;

/** A board seen in another order: `cellFrom[cell]` is the original cell shown at `cell`. */
interface Reordering {
  board: Board;
  cellFrom: Int32Array;
  /** `digitTo[d]` is what original digit d is called in the reordered board. */
  digitTo: Uint8Array;
}

/**
 * The square seen under symmetry `symmetry` (0..7: bit 0 transposes, bit 1 flips the rows,
 * bit 2 the columns): `cellFrom[cell]` is the cell shown at `cell`.
 */
export function symmetryCellFrom(size: number, symmetry: number): Int32Array {
  const cellFrom = new Int32Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let fromRow = symmetry & 1 ? col : row;
      let fromCol = symmetry & 1 ? row : col;
      if (symmetry & 2) fromRow = size - 1 - fromRow;
      if (symmetry & 4) fromCol = size - 1 - fromCol;
      cellFrom[row * size + col] = fromRow * size + fromCol;
    }
  }
  return cellFrom;
}

/** The board under `symmetry` (symmetryCellFrom) with its digits renamed by `digitTo`. */
function reorder(board: Board, symmetry: number, digitTo: Uint8Array): Reordering {
  const { size } = board;
  const cellFrom = symmetryCellFrom(size, symmetry);
  const regions = new Uint8Array(cellFrom.length);
  const givens = new Uint8Array(cellFrom.length);
  cellFrom.forEach((from, cell) => {
    regions[cell] = board.regions[from];
    givens[cell] = digitTo[board.givens[from]];
  });
  return { board: { size, regions, givens }, cellFrom, digitTo };
}

/** A solution of the reordered board as a solution of the original. */
function restore(solution: Uint8Array, order: Reordering): Uint8Array {
  const digitFrom = new Uint8Array(order.digitTo.length);
  order.digitTo.forEach((to, from) => (digitFrom[to] = from));
  const original = new Uint8Array(solution.length);
  for (let cell = 0; cell < solution.length; cell++) {
    original[order.cellFrom[cell]] = digitFrom[solution[cell]];
  }
  return original;
}

/** Whether any cell holds a clue (a plain loop: it runs before every search). */
function hasClue(givens: Uint8Array): boolean {
  for (let cell = 0; cell < givens.length; cell++) if (givens[cell] !== 0) return true;
  return false;
}

/**
 * Whether a board is sparse: 12x12 or more (SPARSE_MIN_SIZE) with fewer clues than a fifth
 * of its cells (SPARSE_CLUES_16 at 16x16).
 */
export function isSparse(board: Board): boolean {
  if (board.size < SPARSE_MIN_SIZE) return false;
  let clues = 0;
  for (let cell = 0; cell < board.givens.length; cell++) if (board.givens[cell] !== 0) clues++;
  return clues < Math.floor(board.givens.length / 5);
}

/** Whether a board is a sparse 16x16 board (see SPARSE_CLUES_16). */
export function isSparse16(board: Board): boolean {
  return board.size === 16 && isSparse(board);
}

/**
 * `count(board, limit, options)` with restarts (see the file header), for limits up to 2
 * (finding a solution, the uniqueness check): beyond that, counting means enumerating, and
 * restarting cannot help. A CountFunction (contract.ts): the count is exact when
 * `complete`; solutions found by attempts that ran out of budget are kept (distinct ones
 * only), so two different ones from two attempts answer "multiple"; `nodes` is the total
 * over all attempts; progress is reported and the caller's signal read as usual.
 * `firstBudget` (guesses) is for tests.
 */
export function countWithRestarts(
  count: Counter,
  board: Board,
  limit: number,
  options: SearchOptions = {},
  firstBudget?: number,
): CountResult {
  if (limit > 2) return count(board, limit, options);
  if (
    firstBudget === undefined &&
    !hasClue(board.givens) &&
    validateLayout(board.size, board.regions).length === 0
  ) {
    return countEmptyFromHouses(count, board, limit, options);
  }
  // Sparse schedule only when the caller (a test) does not set the first budget.
  const sparse = firstBudget === undefined && isSparse(board);
  const growth = sparse ? SPARSE_GROWTH : 2;
  const keep = Math.min(options.keepSolutions ?? limit, limit);
  const reportEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  // Distinct solutions over the attempts; the set and the random source are made only once
  // a first attempt runs out, so a plain search pays for neither.
  const found: Uint8Array[] = [];
  let seen: Set<string> | null = null;
  let random: Random | null = null;
  let nodesBefore = 0;
  let nextReport = reportEvery;
  let budget = firstBudget ?? (sparse ? SPARSE_FIRST_ATTEMPT_GUESSES : FIRST_ATTEMPT_GUESSES);
  for (let attempt = 0; ; attempt++) {
    let order: Reordering | null = null;
    if (attempt > 0) {
      random ??= createRandom(RESTART_SEED);
      const digits = shuffle(
        Array.from({ length: board.size }, (_, index) => index + 1),
        random,
      );
      order = reorder(board, attempt % 8, Uint8Array.from([0, ...digits]));
    }
    const outOfBudget = { aborted: false };
    const attemptBudget = budget;
    const result = count(order?.board ?? board, limit, {
      keepSolutions: limit,
      progressEvery: Math.max(
        1,
        Math.min(reportEvery, Math.floor(attemptBudget / CHECKS_PER_BUDGET)),
      ),
      signal: outOfBudget,
      onProgress: ({ nodes, solutions }) => {
        const total = nodesBefore + nodes;
        if (total >= nextReport) {
          nextReport = total + reportEvery;
          options.onProgress?.({ nodes: total, solutions: Math.max(found.length, solutions) });
        }
        outOfBudget.aborted = options.signal?.aborted === true || nodes >= attemptBudget;
      },
    });
    nodesBefore += result.nodes;
    const userAborted = options.signal?.aborted === true;
    if (attempt === 0 && (!result.aborted || userAborted)) {
      // Nearly every search: the plain one finished (or the caller stopped it); no merging.
      if (result.solutions.length > keep) result.solutions.length = keep;
      return result;
    }
    seen ??= new Set();
    for (const solution of result.solutions) {
      const original = order === null ? solution : restore(solution, order);
      const key = original.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        found.push(original);
      }
    }
    const finished = !result.aborted || found.length >= limit || userAborted;
    if (finished) {
      // A finished attempt's count stands; a stopped one has the distinct solutions found.
      const exact = !result.aborted;
      return {
        count: exact ? result.count : Math.min(found.length, limit),
        solutions: found.slice(0, keep),
        nodes: nodesBefore,
        complete: exact && result.complete,
        aborted: userAborted && result.aborted,
        clueConflicts: result.clueConflicts,
      };
    }
    budget = Math.ceil(budget * growth);
  }
}

/** Guesses of each house's attempt on an empty board (see countEmptyFromHouses). */
export const EMPTY_HOUSE_GUESSES = 1000;

/**
 * An empty board (no clue) of a valid layout: its digits are interchangeable, so it has a
 * solution exactly when it has one with any chosen house (row, column or region) holding
 * 1..N in reading order, and then N! of them. Which house is given decides the search's
 * size: one attempt of EMPTY_HOUSE_GUESSES guesses from each house (the region of r1c1
 * first, then rows, columns, other regions) fills nearly every fillable layout; when none
 * does, the layout check (layoutCheck.ts: digit templates, the law of leftovers) decides,
 * where the plain search could take hours on an unfillable layout. An attempt that runs to
 * its end without a solution proves there is none. For limit 2 the second solution is the
 * first with digits 1 and 2 swapped.
 */
function countEmptyFromHouses(
  count: Counter,
  board: Board,
  limit: number,
  options: SearchOptions,
): CountResult {
  const { size, regions } = board;
  const units = unitsOf(board);
  const first = 2 * size + regions[0];
  const houses = [units[first], ...units.filter((_, index) => index !== first)];
  const reportEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  const answer = newCountResult(board);
  let nextReport = reportEvery;
  const report = (nodes: number, solutions: number): void => {
    if (nodes < nextReport) return;
    nextReport = nodes + reportEvery;
    options.onProgress?.({ nodes, solutions });
  };
  const solved = (grid: Uint8Array): CountResult => {
    const swapped = grid.map((digit) => (digit === 1 ? 2 : digit === 2 ? 1 : digit));
    const found = limit >= 2 ? [grid, swapped] : [grid];
    answer.count = found.length;
    answer.solutions = found.slice(0, Math.min(options.keepSolutions ?? limit, limit));
    answer.complete = false;
    return answer;
  };
  const stopped = (): CountResult => {
    answer.aborted = true;
    answer.complete = false;
    return answer;
  };
  for (const house of houses) {
    const nodesBefore = answer.nodes;
    const outOfBudget = { aborted: false };
    const result = count(houseGiven(board, house.cells), 1, {
      progressEvery: Math.min(reportEvery, EMPTY_HOUSE_GUESSES / CHECKS_PER_BUDGET),
      signal: outOfBudget,
      onProgress: ({ nodes, solutions }) => {
        report(nodesBefore + nodes, solutions);
        outOfBudget.aborted = options.signal?.aborted === true || nodes >= EMPTY_HOUSE_GUESSES;
      },
    });
    answer.nodes += result.nodes;
    if (result.count > 0) return solved(result.solutions[0]);
    if (!result.aborted) return answer; // the whole tree of one house: no solution at all
    if (options.signal?.aborted) return stopped();
  }
  const nodesBefore = answer.nodes;
  const check = checkLayout(size, regions, {
    signal: options.signal,
    progressEvery: reportEvery,
    onProgress: ({ nodes, solutions }) => report(nodesBefore + nodes, solutions),
  });
  answer.nodes += check.nodes;
  if (check.grid) return solved(check.grid);
  return check.verdict === null ? stopped() : answer;
}
