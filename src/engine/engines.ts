/** The solving engines by name, so the CLI, the worker and the benchmark pick one the same way. */
import type { Board } from './board.ts';
import { countSolutionsBasic } from './basicSolver.ts';
import { countSolutionsDlx } from './dlx.ts';
import { countSolutionsBitset } from './bitset.ts';
import { countIfGrid16, grid16Available } from './grid16.ts';
import { countIfJigsaw9, jigsaw9Available } from './jigsaw9.ts';
import { countWithRestarts } from './restarts.ts';
import { countIfStandard9, standard9Available } from './standard9.ts';
import type { CountFunction, CountResult, SearchOptions } from './contract.ts';
import type { Constraint } from './variants/constraints.ts';
import {
  compileVariants,
  countCompiledVariants,
  variantProblems,
  type CompiledVariants,
} from './variants/variantSolver.ts';

/**
 * The fastest counter for a board. 9x9 goes to a band-bitboard engine in WebAssembly:
 * standard boxes to standard9.ts (6-9x the generic engine there; its module needs SIMD, and
 * where that is missing jigsaw9.ts takes them), any other layout to jigsaw9.ts (~3x); where
 * WebAssembly is not available, to the generic engine (bitset.ts);
 * 16x16 to the per-digit bitboard engine grid16.ts (WebAssembly, about 2x on hard jigsaw
 * puzzles; where WebAssembly is not available, to bitset.ts);
 * every other size to the generic bitset engine (bitset.ts). All are checked against DLX
 * (or bitset.ts where DLX is too slow) by property tests. A CountFunction (contract.ts).
 */
function countSolutionsBySize(board: Board, limit: number, options: SearchOptions): CountResult {
  if (board.size === 16)
    return countIfGrid16(board, limit, options) ?? countSolutionsBitset(board, limit, options);
  if (board.size !== 9) return countSolutionsBitset(board, limit, options);
  return (
    countIfStandard9(board, limit, options) ??
    countIfJigsaw9(board, limit, options) ??
    countSolutionsBitset(board, limit, options)
  );
}

/**
 * The fastest engine for the board (see countSolutionsBySize), restarted in another order
 * when finding a solution or checking uniqueness runs far past what any real puzzle takes
 * (restarts.ts): a sparse board then costs a fraction of a second instead of, now and
 * then, minutes. A CountFunction (contract.ts).
 */
export function countSolutionsBest(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  return countWithRestarts(countSolutionsBySize, board, limit, options);
}

/**
 * The counter for a puzzle, chosen by its variant constraints: countSolutionsBest when it
 * has none (the very function, so a classic puzzle pays nothing for the choice), else the
 * variant engine over those constraints (variants/variantSolver.ts, which knows rows,
 * columns and regions as well). The setter's tools count through this, so each answers
 * about the whole puzzle. The constraints are checked (variantProblems: a RangeError names
 * the first problem) and compiled once per layout, on the first count and again only when a
 * board of another size or regions array comes: a tool's probes share their board's
 * regions, and compiling for each of its hundreds of searches cost 15-30% of them.
 */
export function counterFor(constraints: readonly Constraint[] | undefined): CountFunction {
  if (constraints === undefined || constraints.length === 0) return countSolutionsBest;
  let compiledFor: { size: number; regions: Board['regions']; rules: CompiledVariants } | null =
    null;
  return (board, limit, options = {}) => {
    if (compiledFor?.size !== board.size || compiledFor.regions !== board.regions) {
      const problems = variantProblems(board.size, constraints);
      if (problems.length > 0) throw new RangeError(problems[0]);
      const rules = compileVariants(board, constraints);
      compiledFor = { size: board.size, regions: board.regions, rules };
    }
    return countCompiledVariants(board, compiledFor.rules, limit, options);
  };
}

/** Whether a puzzle has variant constraints (the classic engines know none of them). */
export const hasConstraints = (constraints: readonly Constraint[] | undefined): boolean =>
  constraints !== undefined && constraints.length > 0;

/**
 * Make every WebAssembly engine's module now, rather than on its first count: for a host
 * with idle time before its first search (the solver worker's warm-up). The first module a
 * process makes costs about 3 ms (V8 sets up WebAssembly), each other one about 1 ms.
 * True when all of them loaded (else the default engine uses bitset.ts for their boards).
 */
export function loadEngines(): boolean {
  const loaded = [standard9Available(), jigsaw9Available(), grid16Available()];
  return loaded.every(Boolean);
}

export const ENGINES = {
  /** Bitsets with propagation (per-digit boards for 9x9 and 16x16), with restarts: the fastest; see countSolutionsBest. */
  best: countSolutionsBest,
  /** Dancing Links (Algorithm X): the reference engine. */
  dlx: countSolutionsDlx,
  /** Plain bitmask backtracking: the independent cross-check, slow on hard puzzles. */
  basic: countSolutionsBasic,
} as const satisfies Record<string, CountFunction>;

export type EngineName = keyof typeof ENGINES;
export const ENGINE_NAMES = Object.keys(ENGINES) as EngineName[];

/** The engine the app and the command line use unless told otherwise. */
export const DEFAULT_ENGINE: EngineName = 'best';

/** Former engine names still accepted where a user types one (`--engine fast`). */
export const ENGINE_ALIASES: Readonly<Record<string, EngineName>> = { fast: 'best' };

export const isEngineName = (name: string): name is EngineName => Object.hasOwn(ENGINES, name);
