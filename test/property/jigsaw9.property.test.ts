import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  guessBudget,
  countSolutionsDlx,
  createBoard,
  createRandom,
  isStandard9,
  randomSolution,
  standardRegions,
  type Board,
  type CountResult,
} from '../../src/engine/index.ts';
import { countSolutionsJigsaw9 } from '../../src/engine/jigsaw9.ts';
import { jigsawBoardArb, jigsawLayoutArb, solvableBoardArb } from '../fixtures/arbitraries.ts';
import { JIGSAW_BENCH } from '../fixtures/paths.ts';
import { engineContractTests, type KnownBoard } from './engineContract.ts';

const STANDARD = standardRegions(9);

/** Extreme shapes: every region is a whole row, or a whole column (a region and a line coincide). */
const ROWS = Uint8Array.from({ length: 81 }, (_, cell) => Math.floor(cell / 9));
const COLUMNS = Uint8Array.from({ length: 81 }, (_, cell) => cell % 9);

/** A random jigsaw layout (sometimes the boxes) under a random numbering of its region ids. */
const layoutArb = fc
  .tuple(
    fc.oneof(
      { arbitrary: jigsawLayoutArb(9), weight: 8 },
      { arbitrary: fc.constant(STANDARD), weight: 2 },
      { arbitrary: fc.constantFrom(ROWS, COLUMNS), weight: 1 },
    ),
    fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 9, maxLength: 9 }),
  )
  .map(([regions, ids]) => regions.map((region) => ids[region]));

/**
 * A random layout with a random full solution of it. Some jigsaw layouts have no solution
 * at all, which no engine proves fast from a handful of clues: those fall back to the boxes.
 */
const solvedLayoutArb = fc
  .tuple(layoutArb, fc.integer({ min: 0, max: 0x7fffffff }))
  .map(([regions, seed]) => {
    const random = createRandom(seed);
    const solution = randomSolution(9, regions, random, 2000, 3);
    if (solution) return { regions, solution, random };
    return {
      regions: STANDARD,
      solution: randomSolution(9, STANDARD, random) as Uint8Array,
      random,
    };
  });

/**
 * Clues from a random full solution: a share of its cells, sometimes a few changed digits,
 * so that none, one and many solutions all turn up often.
 */
const solutionCluesArb = fc
  .record({
    layout: solvedLayoutArb,
    keep: fc.double({ min: 0.2, max: 0.9, noNaN: true }),
    changes: fc.nat({ max: 3 }),
  })
  .map(({ layout, keep, changes }): Board => {
    const { regions, solution, random } = layout;
    const givens = solution.map((digit) => (random() < keep ? digit : 0));
    for (let change = 0; change < changes; change++) {
      const cell = Math.floor(random() * 81);
      if (givens[cell] !== 0) givens[cell] = 1 + Math.floor(random() * 9);
    }
    return createBoard(9, regions, givens);
  });

/**
 * A few clues anywhere: many solutions, dead ends, and clashes. On the boxes only: from so
 * few clues on a jigsaw layout every engine, DLX included, now and then needs millions of
 * nodes to count (or refute) 40 solutions.
 */
const sparseCluesArb = fc
  .tuple(
    fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 9, maxLength: 9 }),
    fc.array(fc.tuple(fc.nat({ max: 80 }), fc.integer({ min: 1, max: 9 })), { maxLength: 24 }),
  )
  .map(([ids, clues]) => {
    const givens = new Uint8Array(81);
    for (const [cell, digit] of clues) givens[cell] = digit;
    return createBoard(
      9,
      STANDARD.map((region) => ids[region]),
      givens,
    );
  });

const boardArb = fc.oneof(
  { arbitrary: solutionCluesArb, weight: 6 },
  { arbitrary: sparseCluesArb, weight: 2 },
  { arbitrary: solvableBoardArb([9]), weight: 1 },
  { arbitrary: jigsawBoardArb(9), weight: 1 },
);

/**
 * DLX with a budget of nodes: on a few boards in thousands (sparse clues from a jigsaw
 * solution) its column choice sinks millions of nodes into a dead subtree, and so does the
 * generic engine's now and then, while the engine under test needs a few dozen guesses.
 * When the budget runs out the DLX count is only a lower bound (`aborted` is set).
 */
function reference(board: Board, limit: number): CountResult {
  return countSolutionsDlx(board, limit, guessBudget(300_000, 1000));
}

/** The first 300 puzzles of jigsaw-gen-1000, each with one solution. */
function jigsawBenchBoards(): KnownBoard[] {
  const lines = readFileSync(JIGSAW_BENCH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 300);
  expect(lines.length).toBe(300);
  return lines.map((line) => {
    const [givensText, regionsText] = line.trim().split(/\s+/);
    const givens = Uint8Array.from(givensText, (char) => (char === '.' ? 0 : Number(char)));
    const regions = Uint8Array.from(regionsText, (char) => Number(char) - 1);
    return { board: createBoard(9, regions, givens), count: 1, label: line };
  });
}

engineContractTests(
  {
    name: 'jigsaw 9x9 engine',
    count: countSolutionsJigsaw9,
    size: 9,
    refuses: [createBoard(4), createBoard(16)],
  },
  {
    // The budget may run out on a few boards: no minimum of finished comparisons was ever
    // asked of it here.
    references: [{ name: 'the DLX reference', count: reference, minFinished: 0 }],
    verdictMix: boardArb,
    verdictRuns: 3000,
    // Verdicts seen on jigsaw layouts (class 0) and on the boxes (class 1).
    classOf: (board) => (isStandard9(board) ? 1 : 0),
    classes: 2,
    minPerVerdict: 30,
    counting: {
      boards: fc.oneof(solutionCluesArb, sparseCluesArb),
      maxLimit: 40,
      maxKeep: 5,
      runs: 250,
    },
    layoutsComeBack: { boards: solutionCluesArb, runs: 50 },
    knownBoards: [{ name: 'the first 300 puzzles of jigsaw-gen-1000', load: jigsawBenchBoards }],
    // About one board in 10,000 of solutionCluesArb is a sparse jigsaw board with a changed
    // clue that takes this engine millions of guesses to refute (one of 14 clues: 12.7
    // million, 18 s; docs/engines/jigsaw9.md), and made a CI run time out.
    engineBudget: { guesses: 500_000, maxOverBudget: 3 },
  },
);
