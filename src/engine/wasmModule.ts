/**
 * The host side every WebAssembly engine shares (standard9.ts, jigsaw9.ts, grid16.ts; their
 * searches are AssemblyScript, in src/engine/assembly/): loading a module, and one count
 * through the solver contract (contract.ts).
 *
 * LOADING: bin/build-wasm.mjs writes each module's bytes as base64 into a TypeScript
 * module, so the app, the worker, the command line bundle and the tests load it with no
 * file to fetch and no bundler plugin. A module is made on its engine's first count: the
 * bytes are decoded, compiled and instantiated synchronously (a few ms: V8's baseline
 * compiler, with hot functions optimized in the background), which browsers allow in a
 * worker, where the app's searches run, and Node everywhere. Where WebAssembly is missing
 * or refused (a content security policy without 'wasm-unsafe-eval', a browser's limit on
 * synchronous compiling on the main thread), the engine says it is not available and the
 * default engine (engines.ts) takes another one.
 *
 * COUNTING: every module has the same interface. It exports the addresses of its clues
 * (`givens`, one byte per cell) and of the grid it fills, and `countSolutions(limit, keep,
 * every)`, which answers the count, or -1 when two clues clash (seen while placing them);
 * `nodesVisited` and `searchComplete` describe the search that ran. It imports, from the
 * module `kernel` (assembly/kernel.ts), `solution()` (a solution to keep is in the grid: it is
 * copied out) and `checkpoint(nodes, count)` every `every` guesses (the contract's progress
 * report and abort check; 1 stops the search). Its `env.abort` is reached only through a
 * bug (assertions are compiled out), so it throws. An engine of many layouts also gets the
 * layout (its host's setLayout), only when a board's regions differ from the last ones. A
 * module holds one search: counts are not re-entrant (never count from inside an onProgress
 * callback). A host gives wasmEngine what is its own (which boards it takes, its layout) and
 * exports the counts it returns.
 */
import { sameCells, type Board } from './board.ts';
import {
  checkpointStops,
  copySolution,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';

/** The few WebAssembly calls used (the engine's lib is plain ES2022: no DOM, no Node types). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

/** What every engine module exports; booleans come as 0 or 1. */
export interface EngineExports {
  memory: { buffer: ArrayBuffer };
  givensAddress(): number;
  gridAddress(): number;
  countSolutions(limit: number, keep: number, every: number): number;
  nodesVisited(): number;
  searchComplete(): number;
}

/** A loaded module with views of its memory (which never grows: nothing is allocated). */
export interface LoadedEngine<Exports extends EngineExports> {
  exports: Exports;
  givens: Uint8Array;
  grid: Uint8Array;
}

/** What an engine's host tells wasmEngine about it. */
export interface EngineSpec<Exports extends EngineExports> {
  /** The module's name, for its errors (its imports come under `kernel`). */
  name: string;
  /** The module's bytes, base64 (its generated *Wasm.ts module). */
  base64: string;
  /** Cells of a board it takes (its clues and grid in memory). */
  cells: number;
  /** Whether it takes a board. */
  takes: (board: Board) => boolean;
  /** What a board it does not take must be, for the error: `a 16x16 board`. */
  needs: string;
  /** The function the host exports, named in its errors: `countSolutionsGrid16`. */
  caller: string;
  /**
   * Give the module a layout (its tables): called before a count whose regions differ from
   * the last ones given. Engines of one layout (standard9) have none.
   */
  setLayout?: (exports: Exports, regions: Uint8Array) => void;
}

/** One engine's module, loaded on first use, and its counts. */
export interface WasmEngine<Exports extends EngineExports> {
  /** The loaded module, or null where WebAssembly is missing or refused. */
  load(): LoadedEngine<Exports> | null;
  /**
   * Count solutions up to `limit`: a CountFunction. Throws a RangeError on a board the
   * engine does not take, and an Error where WebAssembly is not available.
   */
  count(board: Board, limit: number, options?: SearchOptions): CountResult;
  /** The same count where it can run (the board taken, WebAssembly here), else null. */
  countIf(board: Board, limit: number, options: SearchOptions): CountResult | null;
  /**
   * Count the clues in `givens` (one board of an engine of one layout) up to `limit`, with
   * no result object: the count, -1 when two clues clash, -2 when the search passed
   * `guessBudget` guesses. The first solution found stays in the loaded module's `grid`.
   * For a loop over many boards (standard9.ts, solveUniqueStandard9); needs the module loaded.
   */
  countGivens(givens: Uint8Array, limit: number, guessBudget: number): number;
}

/**
 * Whether a board fits an engine of one size: `size` by `size`, with region ids below
 * `size` (a module's layout tables have room for that many regions, and an id beyond
 * would write past them; createBoard does not check ids, the layout check does).
 */
export function fitsEngine(board: Board, size: number): boolean {
  const cells = size * size;
  const { regions } = board;
  if (board.size !== size || regions.length !== cells || board.givens.length !== cells)
    return false;
  for (let cell = 0; cell < cells; cell++) if (regions[cell] >= size) return false;
  return true;
}

/** An engine's module and counts (see the file header). */
export function wasmEngine<Exports extends EngineExports>(
  spec: EngineSpec<Exports>,
): WasmEngine<Exports> {
  const { name, cells, takes, setLayout } = spec;
  // The running count and its options: module state, like the search.
  let result: CountResult | null = null;
  const noOptions: SearchOptions = {};
  let searchOptions = noOptions;
  /** What a checkpoint with no count result answers: 1 (stop) during countGivens. */
  let bareCheckpoint = 0;
  /** undefined until tried; null when WebAssembly is not available here. */
  let loaded: LoadedEngine<Exports> | null | undefined;
  let grid = new Uint8Array(0);
  /** The regions setLayout last gave the module (255 = none yet). */
  const layoutOf = new Uint8Array(cells).fill(255);

  const imports = {
    kernel: {
      checkpoint: (nodes: number, count: number): number => {
        if (result === null) return bareCheckpoint;
        result.count = count;
        return checkpointStops(searchOptions, result, nodes) ? 1 : 0;
      },
      solution: (): void => {
        result?.solutions.push(copySolution(grid));
      },
    },
  };

  function load(): LoadedEngine<Exports> | null {
    if (loaded !== undefined) return loaded;
    const exports = instantiateWasm<Exports>(name, spec.base64, imports);
    if (exports === null) return (loaded = null);
    const { buffer } = exports.memory;
    grid = new Uint8Array(buffer, exports.gridAddress(), cells);
    const givens = new Uint8Array(buffer, exports.givensAddress(), cells);
    return (loaded = { exports, givens, grid });
  }

  /** The count on a board the engine takes, with the module loaded. */
  function run(
    engine: LoadedEngine<Exports>,
    board: Board,
    limit: number,
    options: SearchOptions,
  ): CountResult {
    const { exports, givens } = engine;
    if (setLayout !== undefined && !sameCells(board.regions, layoutOf)) {
      setLayout(exports, board.regions);
      layoutOf.set(board.regions);
    }
    givens.set(board.givens);
    const counted = newCountResult(board, false);
    result = counted;
    searchOptions = options;
    let count: number;
    try {
      count = exports.countSolutions(
        limit,
        options.keepSolutions ?? limit,
        options.progressEvery ?? DEFAULT_PROGRESS_EVERY,
      );
    } finally {
      // Let go of the caller's callbacks (also when one of them threw).
      result = null;
      searchOptions = noOptions;
    }
    // Two clues clash (seen while placing them): newCountResult lists how.
    if (count < 0) return newCountResult(board);
    counted.count = count;
    counted.nodes = exports.nodesVisited();
    counted.complete = exports.searchComplete() === 1;
    return counted;
  }

  return {
    load,
    count(board, limit, options = {}) {
      if (!takes(board)) throw new RangeError(`${spec.caller} needs ${spec.needs}`);
      const engine = load();
      if (engine === null) throw new Error(`${spec.caller} needs WebAssembly`);
      return run(engine, board, limit, options);
    },
    countIf(board, limit, options) {
      if (!takes(board)) return null;
      const engine = load();
      return engine === null ? null : run(engine, board, limit, options);
    },
    countGivens(givens, limit, guessBudget) {
      const engine = load();
      if (engine === null) throw new Error(`${spec.caller} needs WebAssembly`);
      engine.givens.set(givens);
      bareCheckpoint = 1;
      try {
        const count = engine.exports.countSolutions(limit, 1, guessBudget);
        return count >= 0 && engine.exports.searchComplete() !== 1 ? -2 : count;
      } finally {
        bareCheckpoint = 0;
      }
    },
  };
}

/** The imports a module asks for, by module name then function name (`env` is added). */
export type WasmImports = Record<string, Record<string, (...args: number[]) => number | void>>;

/**
 * The exports of the module whose bytes are `base64`, instantiated with `imports`; null
 * where WebAssembly is missing or refused. `name` goes into the abort message.
 */
export function instantiateWasm<Exports>(
  name: string,
  base64: string,
  imports: WasmImports,
): Exports | null {
  const api = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;
  const decode = (globalThis as { atob?: (text: string) => string }).atob;
  if (api === undefined || decode === undefined) return null;
  const text = decode(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const env = {
    abort: (): never => {
      throw new Error(`${name} WebAssembly engine aborted`);
    },
  };
  try {
    return new api.Instance(new api.Module(bytes), { env, ...imports }).exports as Exports;
  } catch {
    return null;
  }
}
