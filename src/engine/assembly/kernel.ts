/**
 * What the three WebAssembly engines (standard9.ts, jigsaw9.ts, grid16.ts in this folder)
 * share, imported by each and compiled into each module: AssemblyScript, as they are. Not
 * an entry of bin/build-wasm.mjs: it has no module of its own.
 *
 * WHY ONE FILE: the engines were written one after the other, each from the last, and kept
 * the same host interface, table access and search driver line for line; a fix to one did
 * not reach the others. What is here is what they do alike to the letter; what differs by
 * the engine's board (a band of 27 bits, a word of two 16-bit rows) stays in the engine.
 *
 * HOST INTERFACE: `checkpoint` and `solution` are imported from the module "kernel" (the
 * host, ../wasmModule.ts, gives them under that name to every engine). The running count
 * (count, nodes, the limit, the solutions to keep, the progress interval, stopped, aborted)
 * lives here: an engine starts it with beginCount, asks nextNode before every guess (the
 * contract's checkpoint every `progressEvery` guesses) and solutionFound at every solution,
 * and re-exports nodesVisited, searchComplete and searchAborted to its host. The board
 * comes in and the solutions go out through `givens` and `grid` (one byte per cell, room
 * for 16x16), here too, with givensAddress and gridAddress; writeDigit fills the grid.
 *
 * BOARD WORDS: a digit's candidates are words of cells (a band of 27 at 9x9, two rows of
 * 16 at 16x16); digitsAt gathers which digits hold a cell, nakedSingles9 places a 9x9
 * engine's naked singles. The engine passes its state's address and stride (constants),
 * so each inlined copy is the loop it had. The 9x9 engines' propagation loop is here too
 * (propagate9: the changed digits, kept here, then nakedSingles9, then the engine's step
 * at a fixed point); it calls the engine through Steps9, an interface a class of the
 * engine implements: a generic function is compiled once per class, so those are direct
 * calls (a function pointer would be call_indirect).
 *
 * MEMORY: every table and the search state live in static memory (memory.data), at
 * addresses known when compiling, so a lookup is one load with a constant offset (get,
 * put); nothing is allocated (the stub runtime). An engine's state is ints, laid out by
 * one table of constants at the top of the engine: each part (the boards, the unsolved
 * cells, the boards last examined, the saved states) starts where the one before ends,
 * and `state` is as long as the last one's end, so no offset is computed by hand; intsAt
 * and bytes turn them into addresses and lengths.
 *
 * SPEED: these are plain functions; Binaryen (-O3) inlines the small ones into each
 * engine, as it did each engine's own copy. @inline would be AssemblyScript's way to force
 * it, where a measurement asks for it. Paired measurements: docs/engines/CHANGING.md.
 */

/** The contract's checkpoint (progress, then the abort signal): nonzero means stop. */
export declare function checkpoint(nodes: f64, count: f64): i32;
/** A solution to keep is in the engine's `grid`. */
export declare function solution(): void;

/** The address of int `index` of a table (or the state) in static memory. */
export function intsAt(table: usize, index: i32): usize {
  return table + ((<usize>index) << 2);
}
/** The bytes of `ints` ints, for memory.copy and memory.fill. */
export function bytes(ints: i32): usize {
  return (<usize>ints) << 2;
}
/** Int `index` of a table (or the state) in static memory. */
export function get(table: usize, index: i32): i32 {
  return load<i32>(intsAt(table, index));
}
export function put(table: usize, index: i32, value: i32): void {
  store<i32>(intsAt(table, index), value);
}
/** Index of the lowest set bit. */
export function low(bits: i32): i32 {
  return ctz<i32>(bits);
}

// The board in and the solutions out: one byte per cell, up to 16x16.
/** The clues, written by the host before countSolutions: a digit per cell, 0 for none. */
const givens: usize = memory.data(256);
/** A solution, read by the host when `solution` is called: a digit per cell. */
const grid: usize = memory.data(256);

/** Where the host writes the clues. */
export function givensAddress(): usize {
  return givens;
}

/** Where the host reads a solution from. */
export function gridAddress(): usize {
  return grid;
}

/** The clue of `cell`, 0 for none. */
export function clueAt(cell: i32): i32 {
  return <i32>load<u8>(givens + <usize>cell);
}

/** Write `digit` into `grid` at cell first + i for every bit i of `bits`. */
export function writeDigit(first: i32, bits: i32, digit: i32): void {
  for (let rest = bits; rest != 0; rest &= rest - 1) {
    store<u8>(grid + <usize>(first + low(rest)), <u8>digit);
  }
}

/**
 * The digits (bit d, d < `digits`) whose board holds bit `index` of a word, digit d's
 * word being the int at `first + d * step` (bytes).
 */
export function digitsAt(first: usize, step: usize, digits: i32, index: i32): i32 {
  let found = 0;
  for (let d = 0; d < digits; d++) {
    found |= ((load<i32>(first + <usize>d * step) >>> index) & 1) << d;
  }
  return found;
}

/**
 * The 9x9 engines' digits (bit d) whose boards changed since they were last brought to a
 * fixed point: propagate9 examines them; an engine adds to it with `change`.
 */
let changed: i32 = 0;
/** Digits whose boards changed: propagate9 will examine them. */
export function change(digits: i32): void {
  changed |= digits;
}
/** Only `digits` are to be examined (a saved state is a fixed point: 0). */
export function setChanged(digits: i32): void {
  changed = digits;
}

/**
 * How a 9x9 engine places digit d in cell `index` of band `band`: the method of a class of
 * the engine's own, so a kernel loop generic over it calls the engine's code directly (the
 * class is only a type: its instance is changetype<...>(0), and it has no fields).
 */
export interface Placer9 {
  place(d: i32, band: i32, index: i32): void;
}

/**
 * Place every naked single of a 9x9 engine's three bands: digit d's board of band b is the
 * int at `boards + d * step + 4 * b` (bytes), band b's unsolved cells at `unsolved + 4 * b`.
 * Once/twice accumulators over the nine digits find a band's singles at once; -1 on
 * contradiction (a cell with no candidate), else how many were placed.
 */
export function nakedSingles9<P extends Placer9>(
  placer: P,
  boards: usize,
  step: usize,
  unsolved: usize,
): i32 {
  let placed = 0;
  for (let band = 0; band < 3; band++) {
    const open = get(unsolved, band);
    if (open == 0) continue;
    const first = intsAt(boards, band);
    let once = 0;
    let twice = 0;
    for (let d = 0; d < 9; d++) {
      const bits = load<i32>(first + <usize>d * step);
      twice |= once & bits;
      once |= bits;
    }
    if (open & ~once) return -1;
    let singles = open & ~twice;
    while (singles != 0) {
      const bit = singles & -singles;
      singles ^= bit;
      const index = low(bit);
      const digits = digitsAt(first, step, 9, index);
      // An earlier single of this band took the last candidate of this cell.
      if (digits == 0) return -1;
      placer.place(low(digits), band, index);
      placed++;
    }
  }
  return placed;
}

/** What a 9x9 engine gives propagate9, beside its place (see Placer9). */
export interface Steps9 extends Placer9 {
  /** Bring digit d's boards to a fixed point of the engine's rules; false on contradiction. */
  updateDigit(d: i32): bool;
  /** The engine's step at a fixed point: -1 contradiction, 1 a board changed, 0 none. */
  atFixedPoint(): i32;
}

/**
 * Propagate a 9x9 engine's state (laid out as nakedSingles9 says) to a fixed point: every
 * changed digit, then the naked singles, then the engine's own step. False on contradiction.
 */
export function propagate9<S extends Steps9>(
  steps: S,
  boards: usize,
  step: usize,
  unsolved: usize,
): bool {
  while (true) {
    while (changed != 0) {
      const bit = changed & -changed;
      changed ^= bit;
      if (!steps.updateDigit(low(bit))) return false;
    }
    if ((get(unsolved, 0) | get(unsolved, 1) | get(unsolved, 2)) == 0) return true;
    const placed = nakedSingles9(steps, boards, step, unsolved);
    if (placed < 0) return false;
    if (placed == 0) {
      const found = steps.atFixedPoint();
      if (found <= 0) return found == 0;
    }
  }
}

/** The running count: its settings and results (doubles, as the host's numbers are). */
export let count: f64 = 0;
export let nodes: f64 = 0;
let countLimit: f64 = 1;
let keepSolutions: f64 = 1;
let progressEvery: f64 = 1;
let nextReport: f64 = 1;
/** The search must stop: the limit reached, or the checkpoint said so. */
export let stopped = false;
let aborted = false;

/** Start a count up to `limit`, keeping the first `keep` solutions, a checkpoint every `every` guesses. */
export function beginCount(limit: f64, keep: f64, every: f64): void {
  count = 0;
  nodes = 0;
  countLimit = limit;
  keepSolutions = keep;
  progressEvery = every;
  nextReport = every;
  stopped = false;
  aborted = false;
}

/** One more guess; true when the checkpoint stops the search (it is then stopped and aborted). */
export function nextNode(): bool {
  nodes++;
  if (nodes >= nextReport) {
    nextReport = nodes + progressEvery;
    if (checkpoint(nodes, count)) {
      stopped = true;
      aborted = true;
      return true;
    }
  }
  return false;
}

/**
 * One more solution, the board solved: true when it is to be kept (the engine writes its
 * `grid` and calls `solution`). The count stops at its limit.
 */
export function solutionFound(): bool {
  count++;
  if (count >= countLimit) stopped = true;
  return count <= keepSolutions;
}

/** Guesses of the last count (what a guess is in each engine: ../contract.ts). */
export function nodesVisited(): f64 {
  return nodes;
}

/** Whether the last count ran to its end. */
export function searchComplete(): bool {
  return !stopped;
}

/** Whether the checkpoint stopped the last count. */
export function searchAborted(): bool {
  return aborted;
}
