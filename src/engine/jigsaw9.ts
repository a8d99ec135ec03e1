/**
 * A solution counter for 9x9 Sudoku with any layout of nine regions (jigsaw), built for
 * speed: the host of a WebAssembly engine. The search itself is AssemblyScript, in
 * assembly/jigsaw9.ts (its header has the design: per-digit band bitboards, unit rules on
 * rows, columns and regions re-run only where candidates went, naked singles per band,
 * guesses on the best two-candidate cell), compiled by bin/build-wasm.mjs into
 * jigsaw9Wasm.ts.
 *
 * WHY WEBASSEMBLY: the same search written in TypeScript ran its first calls in V8's
 * interpreter and baseline tiers, so a fresh process or worker (the command line's judge
 * files, the app's first Solve) paid about twice the warm time; the module is compiled
 * before its first call, with no warm-up of its own, and its warm searches are faster too.
 * Measured in docs/engines/jigsaw9.md.
 *
 * HOW: the module is made on the first call (a few ms: 5 kB). When the regions differ
 * from the previous call's, the host writes them into the module's memory and has it
 * rebuild its layout tables (`buildTables`); then it counts through the interface every
 * engine module shares (wasmModule.ts: clues in, solutions and checkpoints out). Where
 * WebAssembly is missing or refused, jigsaw9Available says false and countSolutionsBest
 * (engines.ts) uses bitset.ts, which solves any layout.
 *
 * Not re-entrant (the module holds one search): never call it from its own onProgress
 * callback.
 */
import type { Board } from './board.ts';
import type { CountResult, SearchOptions } from './contract.ts';
import { JIGSAW9_WASM } from './jigsaw9Wasm.ts';
import { fitsEngine, wasmEngine, type EngineExports } from './wasmModule.ts';

/** What the module exports beyond every engine's (assembly/jigsaw9.ts). */
interface Jigsaw9Exports extends EngineExports {
  regionsAddress(): number;
  buildTables(): void;
}

const jigsaw9 = /* @__PURE__ */ wasmEngine<Jigsaw9Exports>({
  name: 'jigsaw9',
  base64: JIGSAW9_WASM,
  cells: 81,
  takes: (board) => fitsEngine(board, 9),
  needs: 'a 9x9 board, region ids 0-8',
  caller: 'countSolutionsJigsaw9',
  setLayout(exports, regions) {
    new Uint8Array(exports.memory.buffer, exports.regionsAddress(), 81).set(regions);
    exports.buildTables();
  },
});

/** Whether the engine can run here (WebAssembly present and the module accepted). */
export function jigsaw9Available(): boolean {
  return jigsaw9.load() !== null;
}

/**
 * Count solutions of a 9x9 board with any layout of nine regions up to `limit`: a
 * CountFunction (contract.ts); nodes = guesses tried. Throws on other sizes (and region
 * ids beyond 8), and where WebAssembly is not available (jigsaw9Available). Not
 * re-entrant: never call it from its own onProgress callback.
 */
export function countSolutionsJigsaw9(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  return jigsaw9.count(board, limit, options);
}

/**
 * countSolutionsJigsaw9 where it can run (a 9x9 board, WebAssembly here), else null: the
 * default engine's choice (engines.ts), with the board checked once.
 */
export function countIfJigsaw9(
  board: Board,
  limit: number,
  options: SearchOptions,
): CountResult | null {
  return jigsaw9.countIf(board, limit, options);
}
