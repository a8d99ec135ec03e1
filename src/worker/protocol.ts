/**
 * The worker seam, types only (comlink's protocol.ts, squoosh's shared/meta.ts): what the
 * main thread may ask the solver worker, and what comes back.
 */
import type { EngineName } from '../engine/engines.ts';
import type { ClueConflict, SearchProgress } from '../engine/contract.ts';

/** One count request: a puzzle with a valid layout, and how far to count. */
export interface CountRequest {
  size: number;
  /** Region id per cell, 0..size-1 (a valid layout: the store checks before asking). */
  regions: ArrayLike<number>;
  /** Clue per cell, 0 = empty. */
  givens: ArrayLike<number>;
  /** Stop after this many solutions (2 = the uniqueness check). */
  limit: number;
  /** How many of the solutions found to send back (default 2: enough to show a difference). */
  keepSolutions?: number;
  /** Which engine searches (default: the fastest, `fast`; `dlx` is the reference). */
  engine?: EngineName;
}

/** The answer to a count; `solutions` are plain arrays so they clone cheaply and persist. */
export interface CountResponse {
  /** Solutions found, at most `limit`; exact when `complete`. */
  count: number;
  solutions: number[][];
  /** Search nodes visited. */
  nodes: number;
  complete: boolean;
  /** Clues that clash directly; when non-empty no search was made. */
  clueConflicts: ClueConflict[];
}

export type ProgressFn = (progress: SearchProgress) => void;

/** A generated puzzle: a random jigsaw layout and clues with exactly one solution. */
export interface GeneratedPuzzle {
  size: number;
  /** Region id per cell, 0..size-1. */
  regions: number[];
  /** Clue per cell, 0 = empty; minimal: removing any clue makes a second solution. */
  givens: number[];
}

/** What the worker exposes through Comlink. */
export interface SolverApi {
  /** Count solutions up to `request.limit`, reporting progress at most every ~100 ms. */
  count(request: CountRequest, onProgress?: ProgressFn): Promise<CountResponse>;
  /** A random valid jigsaw layout (region id per cell) for a size, from a seed. */
  randomLayout(size: number, seed: number): Promise<number[]>;
  /**
   * A unique puzzle on a random jigsaw layout, from a seed (the engine's generatePuzzle: minimal
   * on small grids, a few spare clues on big ones; a layout with no solution is replaced by
   * another). Well under a second up to 12x12, a few seconds for 16x16; callers cancel it by
   * aborting (which terminates the worker).
   */
  generatePuzzle(size: number, seed: number): Promise<GeneratedPuzzle>;
}

/** Per-call options on the main-thread side. */
export interface CallOptions {
  /** Aborting terminates the worker at once; the call rejects with an AbortError. */
  signal?: AbortSignal;
  onProgress?: ProgressFn;
}

/** The main thread's handle on the solver: the store depends on this, not on Worker. */
export interface SolverClient {
  count(request: CountRequest, options?: CallOptions): Promise<CountResponse>;
  randomLayout(size: number, seed: number, options?: CallOptions): Promise<number[]>;
  /** See SolverApi.generatePuzzle; abort `options.signal` to cancel. */
  generatePuzzle(size: number, seed: number, options?: CallOptions): Promise<GeneratedPuzzle>;
  /** Stop the worker, if one runs. */
  dispose(): void;
}
