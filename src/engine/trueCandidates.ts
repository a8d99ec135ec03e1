/**
 * True candidates: for every empty cell, the digits that appear there in at least one
 * solution. Exact, not sampled.
 *
 * DESIGN: the union of all solutions is the answer, so the first search enumerates them
 * (up to ENUMERATION_SOLUTIONS, within ENUMERATION_GUESSES): on a board with few solutions
 * that one search ends, and its solutions are the answer and their number the verdict. It
 * costs one complete search, about a uniqueness check, where testing the pairs one by one
 * made hundreds of refutations, each a search of its own (16x16 with 2-100 solutions: about
 * 900 tests and seconds each; docs/setter-tools.md). A unique board is the same search.
 *
 * Beyond the budget (a very open board), every solution found still covers one (cell,
 * digit) pair per cell, and each pair not covered yet is tested by placing the digit and
 * asking the best engine for one solution; a solution found covers its pair and all the
 * other pairs it holds, so on an open board most pairs are never tested. Pairs that a clue
 * rules out directly (the digit is a clue in the cell's row, column or region) are never
 * tested. Digits that no clue holds are interchangeable, so one solution with such a digit
 * in a cell covers every such digit there: an empty board is answered by its first search.
 * When the enumeration found fewer than two solutions before its budget ran out (a sparse
 * board down an unlucky branch), the uniqueness check with restarts gives the verdict. A
 * sparse 16x16 board (restarts.ts) skips the enumeration: it never ends there, and its
 * solutions, all one branch apart, covered about 600 pairs of 3,550 for 0.1-1.2 s.
 *
 * A limit on the number of tests, the caller's signal and a progress callback keep a very
 * open board from running unbounded; the answer then says `complete: false`, and the
 * candidates reported are those proven so far (each one backed by a solution).
 *
 * With variant constraints (`options.constraints`) every search is the variant engine's
 * (engines.ts, counterFor), and digits are no longer interchangeable (a cage's sum or a
 * thermometer tells a 1 from a 9), so each pair a solution has not covered is tested.
 */
import type { Board } from './board.ts';
import { findClueConflicts } from './clues.ts';
import { counterFor, hasConstraints } from './engines.ts';
import { withBeat, type CountFunction, type CountResult, type Verdict } from './contract.ts';
import { isSparse16 } from './restarts.ts';
import { popcount } from './units.ts';
import { solveByLogic } from './logic/solver.ts';
import { TECHNIQUES, type Level } from './logic/techniques.ts';
import type { Constraint } from './variants/constraints.ts';

/** Most solutions the enumeration keeps (a 16x16 grid is 256 bytes: 1 MB at most). */
const ENUMERATION_SOLUTIONS = 4096;
/** Guesses the enumeration may take before the pair tests take over. */
const ENUMERATION_GUESSES = 1 << 19;
/** Guesses a pair's test may take before logic joins in (settle, in trueCandidates). */
const PROBE_GUESSES = 1 << 14;
/** Splits settle may make, one inside another, before the engine searches alone. */
const PROBE_DEPTH = 6;
/**
 * The logic that narrows the pairs before they are tested: every technique up to 'hard'
 * (singles, intersections, the law of leftovers, subsets, x-wing, the turbot family, the
 * constraint steps). Sound, so no true candidate is lost; a few to a few tens of ms on a
 * 10x10, where the refutations it saves took minutes (docs/setter-tools.md).
 */
const NARROWING_LEVELS: readonly Level[] = ['easy', 'medium', 'hard'];
const NARROWING = TECHNIQUES.filter((entry) => NARROWING_LEVELS.includes(entry.level)).map(
  (entry) => entry.name,
);

export interface TrueCandidatesOptions {
  signal?: { readonly aborted: boolean };
  /** Called after each test with the tests done and the tests still to make at most. */
  onProgress?: (done: number, left: number) => void;
  /** Most searches to run (default 20,000); the answer is incomplete when it runs out. */
  maxTests?: number;
  /** Called often, also inside a long search: a host's sign of life (withBeat). */
  beat?: () => void;
  /**
   * Guesses the enumeration may take (default ENUMERATION_GUESSES, 0 on a sparse 16x16
   * board; 0 skips it).
   */
  enumerationGuesses?: number;
  /** The puzzle's variant constraints (none: a classic jigsaw). */
  constraints?: readonly Constraint[];
  /** Guesses a pair's test takes before logic joins in (default PROBE_GUESSES; for tests). */
  probeGuesses?: number;
}

export interface TrueCandidates {
  status: Verdict;
  /** Per cell, bit d set when digit d is a true candidate (a given: its own digit). */
  masks: Int32Array;
  /** Empty cells with exactly one true candidate. */
  singles: number[];
  /** False when the limit or the signal stopped it; masks then hold what was proven. */
  complete: boolean;
  /** Searches run (the enumeration included). */
  tests: number;
  /** Guesses of all those searches (the engines' nodes): the work, whatever the load. */
  nodes: number;
}

/** The digits of a mask, ascending. */
export function digitsOfMask(mask: number): number[] {
  const digits: number[] = [];
  for (let digit = 1; digit < 32; digit++) if (mask & (1 << digit)) digits.push(digit);
  return digits;
}

/**
 * The tool's status for the solutions counted so far (two or more: several). Not the
 * contract's verdictOf: a search stopped early still reports 'none' or 'unique' here, with
 * `complete: false` beside it, as this tool always has.
 */
const statusOfCount = (count: number): Verdict =>
  count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';

/**
 * Every solution of the board, up to ENUMERATION_SOLUTIONS and ENUMERATION_GUESSES:
 * `complete` when the search ran to its end, so the solutions are all there are. Null
 * when skipped (a budget of 0).
 */
function enumerate(
  board: Board,
  count: CountFunction,
  options: TrueCandidatesOptions,
): CountResult | null {
  const stop = { aborted: false };
  const budget = options.enumerationGuesses ?? (isSparse16(board) ? 0 : ENUMERATION_GUESSES);
  if (budget === 0) return null;
  return count(board, ENUMERATION_SOLUTIONS, {
    keepSolutions: ENUMERATION_SOLUTIONS,
    progressEvery: Math.max(1, Math.min(1024, budget)),
    signal: stop,
    onProgress: ({ nodes }) => {
      options.beat?.();
      stop.aborted = options.signal?.aborted === true || nodes >= budget;
    },
  });
}

/** True candidates of every cell (see the file header). */
export function trueCandidates(board: Board, options: TrueCandidatesOptions = {}): TrueCandidates {
  const { size, regions, givens } = board;
  const cells = size * size;
  const masks = new Int32Array(cells);
  for (let cell = 0; cell < cells; cell++) if (givens[cell]) masks[cell] = 1 << givens[cell];
  let nodes = 0;
  const answer = (status: Verdict, complete: boolean, tests: number): TrueCandidates => {
    const singles: number[] = [];
    for (let cell = 0; cell < cells; cell++) {
      const mask = masks[cell];
      if (givens[cell] === 0 && mask !== 0 && (mask & (mask - 1)) === 0) singles.push(cell);
    }
    return { status, masks, singles, complete, tests, nodes };
  };
  if (findClueConflicts(board).length > 0) return answer('none', true, 0);
  const count = counterFor(options.constraints);
  // Digits no clue holds are interchangeable: swapping two of them in a solution gives
  // another solution (every rule is "all different", and no clue changes). So a solution
  // with a free digit in a cell proves every free digit there. Not with constraints: they
  // tell digits apart (a cage's sum, a thermometer's order).
  let freeDigits = hasConstraints(options.constraints) ? 0 : ((1 << size) - 1) << 1;
  for (let cell = 0; cell < cells; cell++) freeDigits &= ~(1 << givens[cell]);
  const cover = (grid: Uint8Array): void => {
    for (let cell = 0; cell < cells; cell++) {
      const bit = 1 << grid[cell];
      masks[cell] |= freeDigits & bit ? freeDigits : bit;
    }
  };
  const search = withBeat({ signal: options.signal }, options.beat);
  // Every solution, within a budget: when the search ends, their union is the answer, and
  // their number the verdict. On a board with few solutions this one search costs less than
  // the uniqueness check with restarts (which may start over several times before it ends).
  const enumeration = enumerate(board, count, options);
  let tests = 0;
  if (enumeration !== null) {
    tests++;
    nodes += enumeration.nodes;
    enumeration.solutions.forEach(cover);
    if (enumeration.complete) return answer(statusOfCount(enumeration.count), true, tests);
    if (options.signal?.aborted) return answer(statusOfCount(enumeration.count), false, tests);
  }
  if ((enumeration?.count ?? 0) < 2) {
    // No enumeration (a sparse 16x16 board), or one down unlucky first branches: the
    // restarts find the verdict.
    const first = count(board, 2, search);
    tests++;
    nodes += first.nodes;
    first.solutions.forEach(cover);
    if (first.count < 2) return answer(statusOfCount(first.count), first.complete, tests);
  }
  const status: Verdict = 'multiple';
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
  const openDigits = (cell: number): number =>
    allDigits &
    ~(used[(cell / size) | 0] | used[size + (cell % size)] | used[2 * size + regions[cell]]);
  const maxTests = options.maxTests ?? 20_000;
  // Logic first: a pair it rules out never needs a test, and a digit it places is a clue of
  // every probe. The refutations it saves are the searches that ran for minutes: on an open
  // 10x10 the engine has no eye for a region's overlap with a line (pointing, the law of
  // leftovers), and proved "not here" by exhausting millions of guesses.
  const narrowed = solveByLogic(board, {
    techniques: NARROWING,
    constraints: options.constraints,
    beat: options.beat,
  });
  const logical = narrowed.status === 'contradiction' ? null : narrowed.state;
  const trial = Uint8Array.from(logical?.grid ?? givens);
  // A pair the engine cannot settle within PROBE_GUESSES is settled with logic in the loop:
  // from the narrowed candidates with the pair placed, logic often sees the clash that the
  // engine would only find by exhausting its guesses (an 11x11 refutation: 40M guesses,
  // 145 s). When it does not, the position is split on a cell with fewest candidates and
  // each branch settled the same way, PROBE_DEPTH deep; below that, the engine searches
  // from the digits logic placed.
  const probeGuesses = options.probeGuesses ?? PROBE_GUESSES;
  const settle = (
    grid: Uint8Array,
    candidates: Int32Array | undefined,
    depth: number,
  ): CountResult => {
    const position: Board = { size, regions, givens: grid };
    const budget = { aborted: false };
    const quick = count(position, 1, {
      ...search,
      progressEvery: Math.max(1, Math.min(1024, probeGuesses)),
      signal: budget,
      onProgress: (progress) => {
        search.onProgress?.(progress);
        budget.aborted = options.signal?.aborted === true || progress.nodes >= probeGuesses;
      },
    });
    if (quick.count > 0 || quick.complete || options.signal?.aborted) return quick;
    const none = (nodes: number): CountResult => ({
      ...quick,
      solutions: [],
      nodes,
      complete: true,
      aborted: false,
    });
    const probed = solveByLogic(position, {
      techniques: NARROWING,
      constraints: options.constraints,
      beat: options.beat,
      ...(candidates === undefined ? {} : { candidates }),
    });
    if (probed.status === 'contradiction') return none(quick.nodes);
    const { state } = probed;
    if (depth === PROBE_DEPTH || probed.status === 'solved') {
      const deeper = count({ size, regions, givens: state.grid }, 1, search);
      return { ...deeper, nodes: deeper.nodes + quick.nodes };
    }
    let split = -1;
    let fewest = Infinity;
    for (let cell = 0; cell < cells; cell++) {
      if (state.grid[cell] !== 0) continue;
      const open = popcount(state.candidates[cell]);
      if (open < fewest) [split, fewest] = [cell, open];
    }
    let nodes = quick.nodes;
    for (let digit = 1; digit <= size; digit++) {
      if ((state.candidates[split] & (1 << digit)) === 0) continue;
      const branch = Uint8Array.from(state.grid);
      branch[split] = digit;
      const result = settle(branch, state.candidates, depth + 1);
      nodes += result.nodes;
      if (result.count > 0 || !result.complete) return { ...result, nodes };
    }
    return none(nodes);
  };
  for (let cell = 0; cell < cells; cell++) {
    if (givens[cell] !== 0) continue;
    const placed = logical?.grid[cell] ?? 0;
    if (placed !== 0) {
      masks[cell] = 1 << placed;
      continue;
    }
    const open = openDigits(cell) & (logical?.candidates[cell] ?? -1);
    for (let digit = 1; digit <= size; digit++) {
      const bit = 1 << digit;
      if ((open & bit) === 0 || masks[cell] & bit) continue;
      if (tests >= maxTests || options.signal?.aborted) return answer(status, false, tests);
      trial[cell] = digit;
      const result = settle(trial, logical?.candidates, 0);
      trial[cell] = 0;
      tests++;
      nodes += result.nodes;
      options.beat?.();
      if (result.count > 0) cover(result.solutions[0]);
      else if (!result.complete) return answer(status, false, tests);
      options.onProgress?.(tests, cells - cell);
    }
  }
  return answer(status, true, tests);
}
