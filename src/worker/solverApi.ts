/**
 * The solver API the worker exposes: a thin host over the engine. Kept apart from
 * solver.worker.ts so tests can expose it on a MessageChannel in-thread.
 */
import * as Comlink from 'comlink';
import {
  createBoard,
  DEFAULT_ENGINE,
  ENGINES,
  isSupportedSize,
  generatePuzzle,
  randomJigsawLayout,
  createRandom,
} from '../engine/index.ts';
import type {
  CountRequest,
  CountResponse,
  GeneratedPuzzle,
  ProgressFn,
  SolverApi,
} from './protocol.ts';

/** Minimum time between two progress messages, so a fast search does not flood the page. */
export const PROGRESS_INTERVAL_MS = 100;

/** Random layouts tried before giving up (some jigsaw layouts have no solution at all). */
export const GENERATE_ATTEMPTS = 10;

/**
 * Comlink keeps the port of a proxied callback open until it is released, so each run
 * releases its progress callback when it ends; a plain function (an in-process caller) has
 * nothing to release.
 */
function releaseCallback(callback: ProgressFn | undefined): void {
  const remote = callback as Partial<Comlink.Remote<ProgressFn>> | undefined;
  remote?.[Comlink.releaseProxy]?.();
}

export interface SolverApiOptions {
  now?: () => number;
  /** Says "still alive" to the page (liveness.ts); called often, throttled by the callee. */
  beat?: () => void;
}

export function createSolverApi({
  now = () => Date.now(),
  beat = () => {},
}: SolverApiOptions = {}): SolverApi {
  return {
    async count(request: CountRequest, onProgress?: ProgressFn): Promise<CountResponse> {
      try {
        const board = createBoard(request.size, request.regions, request.givens);
        let last = now();
        const countWith = ENGINES[request.engine ?? DEFAULT_ENGINE];
        const result = countWith(board, request.limit, {
          keepSolutions: request.keepSolutions ?? 2,
          // Smaller than the engine default so the first report comes within a moment.
          progressEvery: 4096,
          // Always set, even with no progress wanted: it carries the heartbeat.
          onProgress: (progress) => {
            beat();
            if (!onProgress) return;
            const time = now();
            if (time - last < PROGRESS_INTERVAL_MS) return;
            last = time;
            // Not awaited: the search is synchronous and must not wait for the page.
            void onProgress({ nodes: progress.nodes, solutions: progress.solutions });
          },
        });
        return {
          count: result.count,
          solutions: result.solutions.map((grid) => Array.from(grid)),
          nodes: result.nodes,
          complete: result.complete,
          clueConflicts: result.clueConflicts,
        };
      } finally {
        releaseCallback(onProgress);
      }
    },
    async randomLayout(size: number, seed: number): Promise<number[]> {
      return Array.from(randomJigsawLayout(size, createRandom(seed)));
    },
    async generatePuzzle(size: number, seed: number): Promise<GeneratedPuzzle> {
      if (!isSupportedSize(size)) throw new RangeError(`cannot generate a ${size}x${size} puzzle`);
      const random = createRandom(seed);
      for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
        const board = generatePuzzle(size, randomJigsawLayout(size, random), random, beat);
        if (board) {
          return { size, regions: Array.from(board.regions), givens: Array.from(board.givens) };
        }
      }
      throw new Error(
        `no solvable layout turned up in ${GENERATE_ATTEMPTS} random ${size}x${size} layouts; try again`,
      );
    },
  };
}
