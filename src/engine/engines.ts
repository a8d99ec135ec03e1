/** The solving engines by name, so the CLI, the worker and the benchmark pick one the same way. */
import type { Board } from './board.ts';
import { countSolutionsBasic } from './basicSolver.ts';
import { countSolutions } from './dlx.ts';
import { countSolutionsFast } from './fast.ts';
import type { CountResult, SearchOptions } from './types.ts';

export type CountFunction = (board: Board, limit: number, options?: SearchOptions) => CountResult;

export const ENGINES = {
  /** Bitsets with propagation: the fastest; checked against `dlx` by property tests. */
  fast: countSolutionsFast,
  /** Dancing Links (Algorithm X): the reference engine. */
  dlx: countSolutions,
  /** Plain bitmask backtracking: the independent cross-check, slow on hard puzzles. */
  basic: countSolutionsBasic,
} as const satisfies Record<string, CountFunction>;

export type EngineName = keyof typeof ENGINES;
export const ENGINE_NAMES = Object.keys(ENGINES) as EngineName[];

/** The engine the app and the command line use unless told otherwise. */
export const DEFAULT_ENGINE: EngineName = 'fast';

export const isEngineName = (name: string): name is EngineName => name in ENGINES;
