/**
 * A solution counter for standard 9x9 Sudoku only (3x3 boxes), built for speed: the host
 * of a WebAssembly engine. The search itself is AssemblyScript, in assembly/standard9.ts
 * (its header has the design: per-digit band bitboards, box permutation tables, triads,
 * band/stack branching), compiled by bin/build-wasm.mjs into standard9Wasm.ts.
 *
 * WHY WEBASSEMBLY: the same search written in TypeScript ran its first calls in V8's
 * interpreter and baseline tiers. A fresh process spent about 3x the warm time on a small
 * judge file (docs/history/cli-startup.md), and the first Solve in a fresh worker likewise. The
 * module is compiled before its first call, with no warm-up of its own. It also runs
 * warm searches faster than the TypeScript engine did. Measured in docs/engines/standard9.md.
 *
 * HOW: the module is made on the first call (3-5 ms: 6 kB) and counts through the interface
 * every engine module shares (wasmModule.ts: clues in, solutions and checkpoints out). Where
 * WebAssembly is missing or the module is refused (it uses SIMD, which browsers before about
 * 2023 lack), standard9Available says false and countSolutionsBest (engines.ts) takes the
 * jigsaw 9x9 module (no SIMD), or bitset.ts where WebAssembly is missing altogether.
 *
 * Not re-entrant (the module holds one search): never call it from its own onProgress
 * callback.
 */
import { hasStandardBoxes, type Board } from './board.ts';
import type { CountResult, SearchOptions } from './contract.ts';
import { STANDARD9_WASM } from './standard9Wasm.ts';
import { wasmEngine, type EngineExports } from './wasmModule.ts';

/** Whether a board is a standard 9x9 Sudoku: its regions are exactly the nine 3x3 boxes. */
export function isStandard9(board: Board): boolean {
  return board.size === 9 && hasStandardBoxes(board);
}

const standard9 = /* @__PURE__ */ wasmEngine<EngineExports>({
  name: 'standard9',
  base64: STANDARD9_WASM,
  cells: 81,
  takes: isStandard9,
  needs: 'a standard 9x9 board',
  caller: 'countSolutionsStandard9',
});

/** Whether the engine can run here (WebAssembly present and the module accepted). */
export function standard9Available(): boolean {
  return standard9.load() !== null;
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
  return standard9.count(board, limit, options);
}

/**
 * Solve standard 9x9 puzzles laid end to end in `givens` (81 clue digits each, 0 for an
 * empty cell) that have one solution each, writing the solutions likewise into `solutions`:
 * a judge's loop over a file (bin/cli/plainJudge.ts), with no object made per puzzle. It
 * stops at the first puzzle that has no solution, several, clashing clues, or needs more
 * than `guessBudget` guesses (the default engine restarts those: restarts.ts), and returns
 * how many puzzles before it were solved; -1 where WebAssembly is not available.
 */
export function solveUniqueStandard9(
  givens: Uint8Array,
  solutions: Uint8Array,
  guessBudget: number,
): number {
  const engine = standard9.load();
  if (engine === null) return -1;
  const puzzles = Math.floor(givens.length / 81);
  for (let puzzle = 0; puzzle < puzzles; puzzle++) {
    const at = puzzle * 81;
    if (standard9.countGivens(givens.subarray(at, at + 81), 2, guessBudget) !== 1) return puzzle;
    solutions.set(engine.grid, at);
  }
  return puzzles;
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
  return standard9.countIf(board, limit, options);
}
