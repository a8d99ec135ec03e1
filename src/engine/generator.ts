/**
 * Random jigsaw layouts and puzzles. Layouts start from the standard boxes and trade cells
 * across region borders, keeping every region connected and of size N.
 */
import { createBoard, standardRegions, type Board } from './board.ts';
import { guessBudget } from './contract.ts';
import { countSolutionsBest } from './engines.ts';
import { neighbourAcross, SIDES } from './layout.ts';
import { randomInt, shuffle, type Random } from './random.ts';

function isConnected(size: number, regions: Uint8Array, region: number): boolean {
  let start = -1;
  let members = 0;
  for (let cell = 0; cell < size * size; cell++) {
    if (regions[cell] === region) {
      members++;
      if (start < 0) start = cell;
    }
  }
  if (start < 0) return true;
  const seen = new Uint8Array(size * size);
  const stack = [start];
  seen[start] = 1;
  let reached = 0;
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    reached++;
    for (const side of SIDES) {
      const next = neighbourAcross(cell, side, size);
      if (next >= 0 && !seen[next] && regions[next] === region) {
        seen[next] = 1;
        stack.push(next);
      }
    }
  }
  return reached === members;
}

/** A cell of `region` that borders `other`, chosen at random; -1 when none. */
function borderCell(
  size: number,
  regions: Uint8Array,
  region: number,
  other: number,
  random: Random,
): number {
  const choices: number[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    if (regions[cell] !== region) continue;
    if (SIDES.some((side) => regions[neighbourAcross(cell, side, size)] === other))
      choices.push(cell);
  }
  return choices.length === 0 ? -1 : choices[randomInt(random, choices.length)];
}

/**
 * A random jigsaw layout of N connected regions of N cells. `swaps` trades of a cell pair
 * across a border are attempted (default 40·N); more swaps give more twisted regions.
 */
export function randomJigsawLayout(size: number, random: Random, swaps = 40 * size): Uint8Array {
  const regions = standardRegions(size);
  for (let attempt = 0; attempt < swaps; attempt++) {
    const cell = randomInt(random, size * size);
    const side = SIDES[randomInt(random, 4)];
    const neighbour = neighbourAcross(cell, side, size);
    if (neighbour < 0 || regions[neighbour] === regions[cell]) continue;
    const from = regions[cell];
    const to = regions[neighbour];
    // `cell` moves to region `to`; a cell of `to` bordering `from` moves back, keeping sizes.
    regions[cell] = to;
    const back = borderCell(size, regions, to, from, random);
    if (back < 0 || back === cell) {
      regions[cell] = from;
      continue;
    }
    regions[back] = from;
    if (!isConnected(size, regions, from) || !isConnected(size, regions, to)) {
      regions[back] = to;
      regions[cell] = from;
    }
  }
  return regions;
}

/**
 * A random full solution grid for a layout, or null when the search gives up after
 * `attempts` tries of `nodeBudget` guesses each (some jigsaw layouts have no solution).
 */
export function randomSolution(
  size: number,
  regions: Uint8Array,
  random: Random,
  nodeBudget = 20_000,
  attempts = 20,
): Uint8Array | null {
  // Seed a few random clues, each one a digit its row, column and region still allow, then
  // let the solver complete the grid (a clash would only waste the attempt).
  for (let attempt = 0; attempt < attempts; attempt++) {
    const givens = new Uint8Array(size * size);
    const used = new Int32Array(3 * size);
    const cells = shuffle(
      Array.from({ length: size * size }, (_, cell) => cell),
      random,
    );
    for (const cell of cells.slice(0, size)) {
      const units = [Math.floor(cell / size), size + (cell % size), 2 * size + regions[cell]];
      const taken = used[units[0]] | used[units[1]] | used[units[2]];
      const digits = Array.from({ length: size }, (_, d) => d + 1).filter(
        (digit) => !(taken & (1 << digit)),
      );
      if (digits.length === 0) continue;
      const digit = digits[randomInt(random, digits.length)];
      givens[cell] = digit;
      for (const unit of units) used[unit] |= 1 << digit;
    }
    const result = countSolutionsBest(
      createBoard(size, regions, givens),
      1,
      guessBudget(nodeBudget, 1024),
    );
    if (result.solutions.length > 0) return result.solutions[0];
  }
  return null;
}

/** Guesses one uniqueness check may take while clues are removed (see generatePuzzle). */
export const REMOVAL_CHECK_BUDGET = 2_000;

/**
 * A unique puzzle on a layout: a random solution, then clues removed in random order while
 * the answer provably stays unique. A removal whose uniqueness check would take more than
 * `checkBudget` guesses keeps its clue, so big grids finish in seconds; the puzzle is then
 * unique but may hold a few clues more than a minimal one. `onProgress(done, total)` is
 * called after each cell. Null when no solution could be found for the layout.
 */
export function generatePuzzle(
  size: number,
  regions: Uint8Array,
  random: Random,
  onProgress?: (done: number, total: number) => void,
  checkBudget = REMOVAL_CHECK_BUDGET,
): Board | null {
  const solution = randomSolution(size, regions, random);
  if (!solution) return null;
  const givens = Uint8Array.from(solution);
  const order = shuffle(
    Array.from({ length: size * size }, (_, c) => c),
    random,
  );
  order.forEach((cell, done) => {
    const digit = givens[cell];
    givens[cell] = 0;
    const check = countSolutionsBest(
      createBoard(size, regions, givens),
      2,
      guessBudget(checkBudget),
    );
    if (check.count !== 1 || check.aborted) givens[cell] = digit;
    onProgress?.(done + 1, order.length);
  });
  return createBoard(size, regions, givens);
}
