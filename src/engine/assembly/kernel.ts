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
 * and re-exports nodesVisited, searchComplete and searchAborted to its host.
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
