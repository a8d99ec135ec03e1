/**
 * A solution counter for 16x16 Sudoku with any layout of sixteen regions (jigsaw or the
 * standard 4x4 boxes), built for speed: the host of a WebAssembly engine. The search is
 * AssemblyScript, in assembly/grid16.ts (its header has the design: per-digit bitboards of
 * eight words, unit rules per digit, the law-of-leftovers pairs, two-candidate branching
 * with fail-first weights, unit branching on sparse boards), compiled by
 * bin/build-wasm.mjs into grid16Wasm.ts.
 *
 * WHY WEBASSEMBLY: the same search written in TypeScript ran its first call in a fresh
 * process or worker in V8's interpreter and baseline tiers, about 16 times its warm time.
 * The module is compiled before its first call, with no warm-up of its own, and its warm
 * searches are faster too. Measured in docs/history/engines/grid16.md (session 15).
 *
 * HOW: the module is made on the first call, and a count runs through the contract as in
 * every WebAssembly engine (wasmModule.ts: clues in, solutions and checkpoints out). What
 * is this engine's own is the layout: when the regions differ from the last call's, the
 * host writes them into the module's memory with the layout's leftover pairs of at most 8
 * cells a side (layoutConstraintsOf, shared with the other engines and cached; laid out
 * here as the word lists the search reads), and the module rebuilds its layout tables. The
 * module has room for every pair a layout can have (one per band); the host checks that.
 * Where WebAssembly is missing or refused, grid16Available says false and
 * countSolutionsBest (engines.ts) uses bitset.ts, which solves every size.
 *
 * Not re-entrant (the module holds one search): never call it from its own onProgress
 * callback.
 */
import type { Board } from './board.ts';
import type { CountResult, SearchOptions } from './contract.ts';
import { GRID16_WASM } from './grid16Wasm.ts';
import { layoutConstraintsOf } from './layoutConstraints.ts';
import { fitsEngine, wasmEngine, type EngineExports } from './wasmModule.ts';

const CELLS = 256;
const WORDS = 8;

/**
 * The law-of-leftovers pairs kept for propagation: those whose sides have at most this many
 * cells. Small sides empty out or fill up often; on 16x16 jigsaw layouts 6-13 pairs
 * qualify, against about 60 at 12 cells and 250 in all, each of which costs a check
 * whenever one of its cells changes (docs/engines/grid16.md). The standard boxes have none
 * this small.
 */
const LEFTOVER_MAX_SIDE = 8;

/** What the module exports beyond every engine's (assembly/grid16.ts). */
interface Grid16Exports extends EngineExports {
  regionsAddress(): number;
  pairStartAddress(): number;
  entryWordAddress(): number;
  entrySideAddress(): number;
  pairsOfCellAddress(): number;
  pairCapacity(): number;
  setLayout(pairs: number): void;
  leftoverDeductionsSoFar(): number;
}

const grid16 = /* @__PURE__ */ wasmEngine<Grid16Exports>({
  name: 'grid16',
  base64: GRID16_WASM,
  cells: CELLS,
  takes: (board) => fitsEngine(board, 16),
  needs: 'a 16x16 board, region ids 0-15',
  caller: 'countSolutionsGrid16',
  setLayout,
});

/** Whether the engine can run here (WebAssembly present and the module accepted). */
export function grid16Available(): boolean {
  return grid16.load() !== null;
}

/**
 * How many deductions the law-of-leftovers pairs have made since the module was loaded, in
 * every search: for tests and benchmarks that must know the pairs fired.
 */
export function leftoverDeductionsSoFar(): number {
  return grid16.load()?.exports.leftoverDeductionsSoFar() ?? 0;
}

/**
 * Give the module a new layout: the regions, and the leftover pairs as it reads them. Pair
 * p's cells lie in words ENTRY_WORD[i] for i in PAIR_START[p]..PAIR_START[p + 1], its two
 * sides' cells there in ENTRY_SIDE[2i] and ENTRY_SIDE[2i + 1]; PAIRS_OF_CELL holds per cell
 * the pairs it belongs to, (pairs + 31) >> 5 words each.
 */
function setLayout(exports: Grid16Exports, regions: Uint8Array): void {
  const pairs = layoutConstraintsOf(16, regions, LEFTOVER_MAX_SIDE).sameDigits;
  // Cannot happen (a layout has at most one pair per band, and the module has room for
  // that many), but a pair left out would be a wrong answer, so refuse loudly instead.
  if (pairs.length > exports.pairCapacity()) {
    throw new RangeError(
      `grid16: ${pairs.length} leftover pairs, room for ${exports.pairCapacity()}`,
    );
  }
  const { buffer } = exports.memory;
  new Uint8Array(buffer, exports.regionsAddress(), CELLS).set(regions);
  const pairWords = (pairs.length + 31) >> 5;
  const pairStart = new Int32Array(buffer, exports.pairStartAddress(), pairs.length + 1);
  // A pair meets at most the eight words.
  const entryWord = new Int32Array(buffer, exports.entryWordAddress(), WORDS * pairs.length);
  const entrySide = new Int32Array(buffer, exports.entrySideAddress(), 2 * WORDS * pairs.length);
  const pairsOfCell = new Int32Array(buffer, exports.pairsOfCellAddress(), CELLS * pairWords);
  pairsOfCell.fill(0);
  const side = new Int32Array(2 * WORDS);
  let entries = 0;
  pairs.forEach((pair, p) => {
    side.fill(0);
    [pair.inBand, pair.outOfBand].forEach((cells, which) => {
      for (const cell of cells) {
        side[WORDS * which + (cell >> 5)] |= 1 << (cell & 31);
        pairsOfCell[pairWords * cell + (p >> 5)] |= 1 << (p & 31);
      }
    });
    pairStart[p] = entries;
    for (let w = 0; w < WORDS; w++) {
      if ((side[w] | side[WORDS + w]) === 0) continue;
      entryWord[entries] = w;
      entrySide[2 * entries] = side[w];
      entrySide[2 * entries + 1] = side[WORDS + w];
      entries++;
    }
  });
  pairStart[pairs.length] = entries;
  exports.setLayout(pairs.length);
}

/**
 * Count solutions of a 16x16 board with any layout of sixteen regions up to `limit`: a
 * CountFunction (contract.ts); nodes = guesses tried. Throws on other sizes (and region
 * ids beyond 15), and where WebAssembly is not available (grid16Available). Not
 * re-entrant: never call it from its own onProgress callback.
 */
export function countSolutionsGrid16(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  return grid16.count(board, limit, options);
}

/**
 * countSolutionsGrid16 where it can run (a 16x16 board, WebAssembly here), else null: the
 * default engine's choice (engines.ts), with the board checked once.
 */
export function countIfGrid16(
  board: Board,
  limit: number,
  options: SearchOptions,
): CountResult | null {
  return grid16.countIf(board, limit, options);
}
