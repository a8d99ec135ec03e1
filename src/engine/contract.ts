/**
 * The solver contract: what every counting engine takes, returns and promises, and the
 * helpers they share to keep those promises. Every engine (dlx.ts, basicSolver.ts,
 * bitset.ts, standard9.ts, jigsaw9.ts, grid16.ts) and the restart wrapper (restarts.ts) is
 * a CountFunction; the worker, the command line, the generator and the benchmarks call
 * them only through it. Property tests hold every engine to it (test/property).
 *
 * `count(board, limit, options)` searches for solutions of `board` and stops at `limit`:
 * - limit: how many solutions to look for, at least 1. The search stops as soon as it has
 *   found `limit`, so the count never exceeds it. limit 1 finds a solution and cannot tell
 *   unique from multiple; limit 2 is the uniqueness check; more counts further.
 * - count / complete: `complete` says the search ran to its end, so `count` is exact. A
 *   search that reached `limit` is not complete (there may be more), except that DLX
 *   answers a full grid, which needs no search, complete even at limit 1. So a complete
 *   count is below the limit, and `count === limit` means "at least".
 * - clue clashes: clues that see each other with the same digit end the count at 0, with
 *   `clueConflicts` listing them, before any search (newCountResult); complete, 0 nodes.
 * - solutions: the first `keepSolutions` solutions found (default: all, up to `limit`), in
 *   the order found, each a flat grid of digits of its own. Which solutions a board with
 *   several gives, and in which order, differs by engine. A solution may be a view on a
 *   block shared with other solutions (copySolution): use the array, never its `buffer`.
 * - nodes: the engine's own measure of work, comparable within one engine only:
 *     dlx       candidate rows chosen (a cell given a digit), forced or guessed;
 *     basic     digits tried in a cell (it has no propagation, so every cell is a branch);
 *     bitset, standard9, jigsaw9, grid16   guesses: alternatives tried at a branch, after
 *               propagation found nothing more (a digit in a cell, or, in bitset and grid16,
 *               a cell for a digit in a unit); deductions are free, so a full grid or a
 *               puzzle solved by logic alone takes 0;
 *     restarts  the sum over its attempts of the engine's nodes.
 * - progress and abort: at a checkpoint, about every `progressEvery` nodes (default
 *   DEFAULT_PROGRESS_EVERY), `onProgress({ nodes, solutions })` is called and then
 *   `signal.aborted` is read (checkpointStops). The bitset engines and basic check exactly
 *   at multiples of `progressEvery`; dlx and restarts at the first checkpoint past each
 *   mark, counting the next interval from there. An aborted search returns what it found:
 *   `aborted` true, `complete` false, `count` a lower bound, its solutions valid. Between
 *   checkpoints nothing is read, so a search runs up to one interval past an abort.
 * - re-entrancy: the engines keep their search state in module-level buffers (basic
 *   excepted), reset on every call. Calls one after another are fine; a call from inside a
 *   running search (its onProgress, its signal) to the same engine is not.
 * Nothing else is shared between calls: the same board gives the same answer every time.
 */
import type { Board } from './board.ts';
import { findClueConflicts } from './clues.ts';

/**
 * Nodes between checkpoints when a caller gives no `progressEvery`, for every engine and
 * for restarts.ts: rare enough to cost nothing measurable (a checkpoint is a call and a
 * property read), often enough that an abort lands within a fraction of a second (the
 * costliest node, a grid16 guess, takes about 4 us: 65 ms per interval). The worker asks
 * for 4,096, so that its first progress report comes sooner.
 */
export const DEFAULT_PROGRESS_EVERY = 16_384;

/** What a caller may pass to a search. */
export interface SearchOptions {
  /** Read at every checkpoint, after onProgress; the search stops when it is true. */
  signal?: { readonly aborted: boolean };
  /** Called at every checkpoint with the work done so far. */
  onProgress?: (progress: SearchProgress) => void;
  /** Nodes between checkpoints (default DEFAULT_PROGRESS_EVERY, 16,384). */
  progressEvery?: number;
  /** How many of the solutions found to keep (default: all, up to the limit). */
  keepSolutions?: number;
}

export interface SearchProgress {
  /** Search nodes visited so far, in the engine's own measure (see the file header). */
  nodes: number;
  /** Solutions found so far. */
  solutions: number;
}

/** Two clues that see each other with the same digit. */
export interface ClueConflict {
  cells: [number, number];
  digit: number;
  unit: 'row' | 'column' | 'region';
}

export interface CountResult {
  /** Solutions found, at most `limit`. Exact when `complete`. */
  count: number;
  /** The solutions found (the first `keepSolutions`), each a flat grid of digits. */
  solutions: Uint8Array[];
  /** Search nodes visited, in the engine's own measure (see the file header). */
  nodes: number;
  /** True when the search ran to its end, so `count` is the exact number of solutions. */
  complete: boolean;
  /** True when the signal stopped the search. */
  aborted: boolean;
  /** Clues that clash directly; when non-empty the count is 0 and no search was made. */
  clueConflicts: ClueConflict[];
}

/** A counting engine: the contract above. */
export type CountFunction = (board: Board, limit: number, options?: SearchOptions) => CountResult;

/**
 * The result every solver starts from: nothing found yet, and the clue clashes, which end
 * the count at 0 before any search (the shared prologue of the contract). An engine that
 * has itself seen that no clues clash (standard9.ts, while placing them) passes
 * `cluesClash` false, and the check is not made twice.
 */
export function newCountResult(board: Board, cluesClash = true): CountResult {
  return {
    count: 0,
    solutions: [],
    nodes: 0,
    complete: true,
    aborted: false,
    clueConflicts: cluesClash ? findClueConflicts(board) : [],
  };
}

/** Bytes of each block copySolution hands views of: about a hundred 9x9 solutions. */
const SOLUTION_BLOCK_BYTES = 8192;
let solutionBlock = new Uint8Array(0);
let solutionBlockUsed = 0;

/**
 * A copy of a solution grid, for an engine's result. A Uint8Array of its own over 64 bytes
 * is an ArrayBuffer outside V8's heap, about 0.6 us to make (an eighth of a uniqueness check
 * on 17clue); this is a view on a shared block, about 0.1 us. The block stays alive while any
 * of its solutions does (at most 8 kB each), and a view's `buffer` holds other solutions.
 */
export function copySolution(grid: Uint8Array): Uint8Array {
  const { length } = grid;
  if (solutionBlockUsed + length > solutionBlock.length) {
    solutionBlock = new Uint8Array(Math.max(SOLUTION_BLOCK_BYTES, length));
    solutionBlockUsed = 0;
  }
  const copy = solutionBlock.subarray(solutionBlockUsed, solutionBlockUsed + length);
  solutionBlockUsed += length;
  copy.set(grid);
  return copy;
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
 * every `progressEvery` nodes (256 unless given: a budget is usually small, and the
 * search may run up to one interval past it). The returned signal says afterwards whether
 * the budget ran out (the result is then marked aborted too).
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

/**
 * Search options that also call `beat` at every checkpoint, at least every 4,096 nodes: a
 * host's sign of life (the worker's heartbeat, src/worker/liveness.ts), also inside a long
 * search where no progress is made to report. The tools built on the engines (generator,
 * true candidates, fixing clues, conflict core, redundant clues) pass their `beat` here.
 */
export function withBeat(search: SearchOptions, beat: (() => void) | undefined): SearchOptions {
  if (beat === undefined) return search;
  const inner = search.onProgress;
  return {
    ...search,
    progressEvery: Math.min(search.progressEvery ?? 4096, 4096),
    onProgress: (progress) => {
      beat();
      inner?.(progress);
    },
  };
}

/**
 * What a count says about the board:
 * - none      no solution: the search ran to its end (or the clues clash) and found none;
 * - unique    exactly one: one solution from a complete search with limit 2 or more;
 * - multiple  two or more (two distinct solutions were found);
 * - found     one solution, uniqueness not settled: the limit was 1 (a search for one
 *             solution stops there), or the search was stopped before its end;
 * - unknown   the search was stopped before its end and found none: nothing is known.
 */
export type Verdict = 'none' | 'unique' | 'multiple' | 'found' | 'unknown';

/** The verdict of a count made with `limit` (see Verdict). */
export function verdictOf(result: Pick<CountResult, 'count' | 'complete'>, limit: number): Verdict {
  if (result.count >= 2) return 'multiple';
  if (result.count === 1) return limit >= 2 && result.complete ? 'unique' : 'found';
  return result.complete ? 'none' : 'unknown';
}
