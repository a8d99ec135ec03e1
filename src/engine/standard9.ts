/**
 * A solution counter for standard 9x9 Sudoku only (3x3 boxes), built for speed: the host
 * of a WebAssembly engine. The search itself is AssemblyScript, in assembly/standard9.ts
 * (its header has the design: per-digit band bitboards, box permutation tables, triads,
 * band/stack branching), compiled by bin/build-wasm.mjs into standard9Wasm.ts.
 *
 * WHY WEBASSEMBLY: the same search written in TypeScript ran its first calls in V8's
 * interpreter and baseline tiers. A fresh process spent about 3x the warm time on a small
 * judge file (docs/cli-startup.md), and the first Solve in a fresh worker likewise. The
 * module is compiled before its first call, with no warm-up of its own. It also runs
 * warm searches faster than the TypeScript engine did. Measured in docs/engines/standard9.md.
 *
 * HOW: the module is made on the first call (3-5 ms: 6 kB; wasmModule.ts). The host writes
 * the clues into the module's memory and calls `countSolutions`; the module calls back
 * `solution` for each solution to keep (copied out of its memory) and `checkpoint` every
 * `progressEvery` guesses, which is the contract's progress report and abort check. Where
 * WebAssembly is missing or refused, standard9Available says false and countSolutionsBest
 * (engines.ts) uses jigsaw9.ts, which solves any 9x9 layout.
 *
 * Not re-entrant (the module holds one search): never call it from its own onProgress
 * callback.
 */
import { hasStandardBoxes, type Board } from './board.ts';
import {
  checkpointStops,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';
import { STANDARD9_WASM } from './standard9Wasm.ts';
import { instantiateWasm } from './wasmModule.ts';

/** What the module exports (assembly/standard9.ts); its booleans come as 0 or 1. */
interface Standard9Exports {
  memory: { buffer: ArrayBuffer };
  givensAddress(): number;
  gridAddress(): number;
  countSolutions(limit: number, keep: number, every: number): number;
  nodesVisited(): number;
  searchComplete(): number;
}

/** The running count: module state, like the search (not re-entrant). */
let result!: CountResult;
const NO_OPTIONS: SearchOptions = {};
let searchOptions = NO_OPTIONS;

/** The module and views of its memory (which never grows: the engine allocates nothing). */
interface Standard9Engine {
  exports: Standard9Exports;
  givens: Uint8Array;
  grid: Uint8Array;
}

/** The engine; null when WebAssembly is not available here; undefined until tried. */
let engine: Standard9Engine | null | undefined;

function instantiate(): Standard9Engine | null {
  let grid = new Uint8Array(0);
  const exports = instantiateWasm<Standard9Exports>('standard9', STANDARD9_WASM, {
    standard9: {
      checkpoint: (nodes: number, count: number): number => {
        result.count = count;
        return checkpointStops(searchOptions, result, nodes) ? 1 : 0;
      },
      solution: (): void => {
        result.solutions.push(grid.slice());
      },
    },
  });
  if (exports === null) return null;
  const { buffer } = exports.memory;
  grid = new Uint8Array(buffer, exports.gridAddress(), 81);
  return { exports, givens: new Uint8Array(buffer, exports.givensAddress(), 81), grid };
}

function loaded(): Standard9Engine | null {
  if (engine === undefined) engine = instantiate();
  return engine;
}

/** Whether the engine can run here (WebAssembly present and the module accepted). */
export function standard9Available(): boolean {
  return loaded() !== null;
}

/** Whether a board is a standard 9x9 Sudoku: its regions are exactly the nine 3x3 boxes. */
export function isStandard9(board: Board): boolean {
  return board.size === 9 && hasStandardBoxes(board);
}

/** The count on a board already known to be standard 9x9, with the engine loaded. */
function countOnStandardBoxes(
  wasm: Standard9Engine,
  board: Board,
  limit: number,
  options: SearchOptions,
): CountResult {
  wasm.givens.set(board.givens);
  const counted = newCountResult(board, false);
  result = counted;
  searchOptions = options;
  const count = wasm.exports.countSolutions(
    limit,
    options.keepSolutions ?? limit,
    options.progressEvery ?? DEFAULT_PROGRESS_EVERY,
  );
  // Let go of the caller's callbacks.
  searchOptions = NO_OPTIONS;
  // Two clues clash (seen while placing them): newCountResult lists how.
  if (count < 0) return newCountResult(board);
  counted.count = count;
  counted.nodes = wasm.exports.nodesVisited();
  counted.complete = wasm.exports.searchComplete() === 1;
  return counted;
}

/**
 * Count solutions of a standard 9x9 board up to `limit`: a CountFunction (contract.ts);
 * nodes = permutations tried. Throws on any other layout, and where WebAssembly is not
 * available (standard9Available). Not re-entrant: never call it from its own onProgress
 * callback.
 */
export function countSolutionsStandard9(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  if (!isStandard9(board))
    throw new RangeError('countSolutionsStandard9 needs a standard 9x9 board');
  const wasm = loaded();
  if (wasm === null) throw new Error('countSolutionsStandard9 needs WebAssembly');
  return countOnStandardBoxes(wasm, board, limit, options);
}

/**
 * countSolutionsStandard9 where it can run (a standard 9x9 board, WebAssembly here), else
 * null: the default engine's choice (engines.ts), with the board checked once.
 */
export function countIfStandard9(
  board: Board,
  limit: number,
  options: SearchOptions,
): CountResult | null {
  if (!isStandard9(board)) return null;
  const wasm = loaded();
  return wasm === null ? null : countOnStandardBoxes(wasm, board, limit, options);
}
