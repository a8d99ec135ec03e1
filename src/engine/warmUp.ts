/**
 * Engine warm-up: short searches that take the engines' hot functions through V8's tiers
 * (interpreter, baseline code, the optimising compiler) before the first real call, so the
 * first Solve a user clicks costs about what a later one does.
 *
 * WHY: a cold call is dominated by JIT warm-up, not search. On a 16x16 bench puzzle the
 * first call of a fresh process ran about 5.5x the instructions of a warm one (callgrind;
 * docs/history/engines/cold-start.md), and the layout tables are a few percent of that. A page has
 * idle time before the first click; the solver worker spends a little of it here.
 *
 * WHAT: first the WebAssembly engines' modules are made (engines.ts, loadEngines); then for
 * the sizes of WARM_UP_SIZES, the standard boxes, and jigsaw layouts for 9x9 (one), 16x16
 * (three: they have engines of their own, and 16x16 boards take paths that one layout did
 * not reach) and 12x12 (one, for the generic engine, bitset.ts, which every other size
 * uses: its tables are rebuilt for each new layout, in code that otherwise stays in V8's
 * first tiers): the empty board, then boards holding 40% and 25% of the solution
 * found there (new cells each round), each counted up to 2 by countSolutionsBest under a
 * guess budget, as the app's Solve and live check do; and the jigsaw layouts' solutions in
 * the square's seven other orders, new layouts whose leftover pairs and engine tables are
 * made as for each wall a setter draws. Every engine the app can pick runs both its
 * propagation and its search. The boards come from a fixed seed, so the work is
 * the same on every start. Measurements: docs/history/engines/cold-start.md.
 *
 * HOW IT IS USED: warmUpSteps() returns the searches as separate steps, each a few
 * milliseconds once compiled (tens at first), so a caller with an event loop (the solver
 * worker) runs one per task and a real request waits at most one step. Answers are thrown
 * away: the warm-up changes no result, and no engine keeps anything between calls but its
 * layout tables, which every call checks against its own board.
 */
import { createBoard, standardRegions } from './board.ts';
import { guessBudget } from './contract.ts';
import { countSolutionsBest, loadEngines } from './engines.ts';
import { randomJigsawLayout } from './generator.ts';
import { createRandom, shuffle, type Random } from './random.ts';
import { symmetryCellFrom } from './restarts.ts';

/** One warm-up search. */
export type WarmUpStep = () => void;

/** Fixed, so every start does the same work. */
const WARM_UP_SEED = 0x3a7;
/** Guesses one warm-up search may take: a sparse 16x16 board could otherwise run long. */
const STEP_GUESSES = 400;
/** Shares of the solution's cells kept as clues in the later searches of each layout. */
const CLUE_SHARES = [0.4, 0.25];
/** Jigsaw layouts warmed up at 16x16. */
const JIGSAW16_LAYOUTS = 3;
/** The size of the jigsaw layout that warms up the generic engine (bitset.ts). */
const GENERIC_JIGSAW_SIZE = 12;
/**
 * The sizes warmed up on their standard boxes. Not every app size: the sizes besides 9 and
 * 16 all run the generic engine (bitset.ts), one code for every size (only its tables are
 * per size), so these take it through V8's tiers for the others too: after this warm-up
 * the first uniqueness check of a 5x5, 7x7, 10x10 or 11x11 puzzle (bench/data/
 * jigsaw-sizes.json) took about 0.1 ms more than the same check warm. The five more sizes
 * with boxes (and the four without) would make the warm-up twice as long for nothing.
 */
const WARM_UP_SIZES = [4, 6, 8, 9, 12, 16] as const;
/** Times the list of searches runs: enough calls for the optimising compiler to take over. */
export const WARM_UP_ROUNDS = 3;

/**
 * The searches of one layout: its empty board, then boards holding each share of the
 * solution found there. The layout is made by the first search's step, not before: a jigsaw
 * layout costs up to 15 ms in a cold worker, and a request waits only for the step running.
 */
function layoutSteps(
  size: number,
  makeRegions: () => Uint8Array,
  shares: readonly number[],
  random: Random,
  mirrored: boolean,
): WarmUpStep[] {
  let regions: Uint8Array | undefined;
  let solution: Uint8Array | undefined;
  const partial =
    (share: number): WarmUpStep =>
    () => {
      if (solution === undefined || regions === undefined) return;
      const cells = shuffle(
        Array.from({ length: size * size }, (_, cell) => cell),
        random,
      );
      const givens = new Uint8Array(size * size);
      for (const cell of cells.slice(0, Math.round(share * size * size))) {
        givens[cell] = solution[cell];
      }
      countSolutionsBest(createBoard(size, regions, givens), 2, guessBudget(STEP_GUESSES));
    };
  // The layout's solution seen in the square's other seven orders: each is a new layout, so
  // its leftover pairs are derived and the engine's tables rebuilt, as for each wall a setter
  // draws, where a layout seen once leaves that code in V8's first tiers. A filled grid, so
  // the search itself costs next to nothing.
  const mirror: WarmUpStep = () => {
    if (regions === undefined || solution === undefined) return;
    for (let symmetry = 1; symmetry < 8; symmetry++) {
      const cellFrom = symmetryCellFrom(size, symmetry);
      const seen = (values: Uint8Array): Uint8Array =>
        Uint8Array.from(cellFrom, (from) => values[from]);
      const board = createBoard(size, seen(regions), seen(solution));
      countSolutionsBest(board, 2, guessBudget(STEP_GUESSES));
    }
  };
  return [
    () => {
      regions ??= makeRegions();
      const empty = createBoard(size, regions);
      solution = countSolutionsBest(empty, 2, guessBudget(STEP_GUESSES)).solutions[0];
    },
    ...shares.map(partial),
    ...(mirrored ? [mirror] : []),
  ];
}

/** The warm-up searches, in the order to run them (see the file header). */
export function warmUpSteps(rounds = WARM_UP_ROUNDS): WarmUpStep[] {
  const random = createRandom(WARM_UP_SEED);
  const layouts: [number, () => Uint8Array, boolean][] = WARM_UP_SIZES.map((size) => [
    size,
    () => standardRegions(size),
    false,
  ]);
  layouts.push([9, () => randomJigsawLayout(9, random), true]);
  for (let k = 0; k < JIGSAW16_LAYOUTS; k++) {
    layouts.push([16, () => randomJigsawLayout(16, random), true]);
  }
  layouts.push([GENERIC_JIGSAW_SIZE, () => randomJigsawLayout(GENERIC_JIGSAW_SIZE, random), true]);
  const once = layouts.flatMap(([size, makeRegions, mirrored]) =>
    layoutSteps(size, makeRegions, CLUE_SHARES, random, mirrored),
  );
  // First the WebAssembly modules (a few ms), so that a request cutting the warm-up short
  // at least finds them made.
  return [() => void loadEngines(), ...Array.from({ length: rounds }, () => once).flat()];
}

/** Run every warm-up step now (a process with no idle time to spread them over). */
export function warmUpNow(rounds = WARM_UP_ROUNDS): void {
  for (const step of warmUpSteps(rounds)) step();
}
