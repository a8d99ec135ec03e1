/**
 * The sizes new to the app: the primes 5, 7, 11 and 13, which have no boxes (jigsaw regions
 * only), and 10, 14 and 15, whose boxes are 2x5, 2x7 and 3x5. On random boards of every one
 * of them, every engine the app and the command line can pick (ENGINES: best, which runs
 * bitset.ts with restarts at these sizes, and basic), the generic engine itself, the layout
 * check's engine and restarts cut to tiny attempts are held to DLX, the reference engine.
 *
 * The boards come in threes, so that every verdict turns up at every size: a unique puzzle
 * (a share of a random solution, then clues where two found solutions differ until one is
 * left, as bench:big makes its 25x25 set), the same less some of its clues (one to a
 * third: unique or several solutions) and the same with one clue changed (no solution, or
 * another). Layouts are
 * random jigsaws or the size's start layout (its boxes, or startRegions' bands). Runs are
 * few per size and the plain engine has a budget, so the file stays within seconds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countSolutionsBest,
  countSolutionsBitset,
  countSolutionsDlx,
  countWithRestarts,
  createBoard,
  createRandom,
  ENGINES,
  guessBudget,
  hasBoxShape,
  isSolution,
  randomJigsawLayout,
  randomSolution,
  startRegions,
  verdictOf,
  type Board,
  type CountResult,
} from '../../src/engine/index.ts';
import { countWithLayoutConstraints } from '../../src/engine/layoutCheck.ts';
import { solvableBoardArb } from '../fixtures/arbitraries.ts';
import { expectValidSolutions, searchControlTests } from './engineContract.ts';

const NEW_SIZES = [5, 7, 10, 11, 13, 14, 15] as const;
/** Property runs per size (three boards each). */
const RUNS = 25;
/** The plain bitmask engine has no propagation: a few 10x10-15x15 boards take it long. */
const BASIC_GUESSES = 200_000;

/** The engines under test, each counting up to `limit` like a CountFunction. */
const ENGINES_UNDER_TEST: [string, (board: Board, limit: number) => CountResult | null][] = [
  ['best (the default engine)', (board, limit) => ENGINES.best(board, limit)],
  ['bitset (the generic engine)', (board, limit) => countSolutionsBitset(board, limit)],
  ['the layout check engine', (board, limit) => countWithLayoutConstraints(board, limit)],
  [
    'restarts after 16 guesses',
    (board, limit) => countWithRestarts(countSolutionsBitset, board, limit, {}, 16),
  ],
  [
    'basic (budgeted)',
    (board, limit) => {
      const result = ENGINES.basic(board, limit, guessBudget(BASIC_GUESSES, 4096));
      return result.aborted ? null : result;
    },
  ],
];

/** A unique puzzle of `size`, the same less one clue, and the same with one clue changed. */
const tripleArb = (size: number) =>
  fc
    .record({
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      jigsaw: fc.boolean(),
      share: fc.double({ min: size >= 13 ? 0.45 : 0.25, max: 0.8, noNaN: true }),
    })
    .map(({ seed, jigsaw, share }): Board[] => {
      const random = createRandom(seed);
      let regions = jigsaw ? randomJigsawLayout(size, random) : startRegions(size);
      let solution = randomSolution(size, regions, random, 2000, 3);
      if (solution === null) {
        regions = startRegions(size);
        solution = randomSolution(size, regions, random) as Uint8Array;
      }
      const givens = solution.map((digit) => (random() < share ? digit : 0));
      for (;;) {
        const found = countSolutionsBest(createBoard(size, regions, givens), 2);
        if (found.count < 2) break;
        const [first, second] = found.solutions;
        const differ = [...first.keys()].filter((cell) => first[cell] !== second[cell]);
        const cell = differ[Math.floor(random() * differ.length)];
        givens[cell] = solution[cell];
      }
      const clues = [...givens.keys()].filter((cell) => givens[cell] !== 0);
      const pick = (): number => clues[Math.floor(random() * clues.length)];
      const fewer = Uint8Array.from(givens);
      const removed = 1 + Math.floor(random() * (clues.length / 3));
      for (let k = 0; k < removed; k++) fewer[pick()] = 0;
      const changed = Uint8Array.from(givens);
      const cell = pick();
      changed[cell] = 1 + ((changed[cell] + Math.floor(random() * (size - 1))) % size);
      return [givens, fewer, changed].map((clueSet) => createBoard(size, regions, clueSet));
    });

describe.each(NEW_SIZES.map((size) => [size, size]))('%i×%i: every engine against DLX', (size) => {
  it('agrees on the count up to 2, the unique solution and the clashes; every verdict seen', () => {
    const verdicts = { none: 0, unique: 0, multiple: 0 };
    fc.assert(
      fc.property(tripleArb(size), (boards) => {
        for (const board of boards) {
          const reference = countSolutionsDlx(board, 2);
          const verdict = verdictOf(reference, 2);
          verdicts[verdict as keyof typeof verdicts]++;
          for (const [name, count] of ENGINES_UNDER_TEST) {
            const result = count(board, 2);
            if (result === null) continue;
            expect(verdictOf(result, 2), name).toBe(verdict);
            expect(result.clueConflicts, name).toEqual(reference.clueConflicts);
            expectValidSolutions(board, result.solutions);
            if (reference.count === 1)
              expect(result.solutions[0], name).toEqual(reference.solutions[0]);
          }
        }
      }),
      { numRuns: RUNS },
    );
    // The first board of each three is unique; the others give no solution or several.
    expect(verdicts.unique).toBeGreaterThanOrEqual(RUNS);
    expect(verdicts.none).toBeGreaterThan(0);
    expect(verdicts.multiple).toBeGreaterThan(0);
  }, 60_000);

  it('agrees on the verdict on the boards the other property tests draw', () => {
    fc.assert(
      fc.property(solvableBoardArb([size]), (board) => {
        const reference = countSolutionsDlx(board, 2);
        for (const [name, count] of ENGINES_UNDER_TEST) {
          const result = count(board, 2);
          if (result === null) continue;
          expect(verdictOf(result, 2), name).toBe(verdictOf(reference, 2));
          for (const solution of result.solutions) expect(isSolution(board, solution)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  }, 60_000);
});

/**
 * Clues from a random solution (so there is always one: proving that a sparse board with a
 * wrong clue has none is an exhaustive search, long for DLX and the plain engine).
 */
const cluesArb = (size: number) =>
  fc
    .record({
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      jigsaw: fc.boolean(),
      share: fc.double({ min: 0.15, max: 0.8, noNaN: true }),
    })
    .map(({ seed, jigsaw, share }): Board => {
      const random = createRandom(seed);
      let regions = jigsaw ? randomJigsawLayout(size, random) : startRegions(size);
      let solution = randomSolution(size, regions, random, 2000, 3);
      if (solution === null) {
        regions = startRegions(size);
        solution = randomSolution(size, regions, random) as Uint8Array;
      }
      return createBoard(
        size,
        regions,
        solution.map((digit) => (random() < share ? digit : 0)),
      );
    });

describe.each([
  [5, 5],
  [7, 7],
])('%i×%i: exact counts against DLX', (size) => {
  it('agrees on counts up to 40, and keeps keepSolutions distinct solutions', () => {
    fc.assert(
      fc.property(
        cluesArb(size),
        fc.integer({ min: 1, max: 40 }),
        fc.nat({ max: 5 }),
        (board, limit, keepSolutions) => {
          const reference = countSolutionsDlx(board, limit);
          for (const count of [countSolutionsBitset, countSolutionsBest, ENGINES.basic]) {
            const result = count(board, limit, { keepSolutions });
            expect(result.count).toBe(reference.count);
            expect(result.complete).toBe(reference.count < limit);
            expect(result.solutions.length).toBe(Math.min(keepSolutions, result.count));
            expectValidSolutions(board, result.solutions);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe.each([
  [7, 7],
  [10, 10],
  [13, 13],
])('%i×%i: search control of the generic engine', (size) => {
  it(`is on ${hasBoxShape(size) ? 'the boxes' : 'the bands of startRegions'}`, () => {
    expect(startRegions(size)).toHaveLength(size * size);
  });
  searchControlTests(countSolutionsBitset, size);
});
