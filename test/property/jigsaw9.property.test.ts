import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
import { expectValidSolutions, searchControlTests } from '../fixtures/searchControl.ts';
import { JIGSAW_BENCH } from '../fixtures/paths.ts';

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

describe('jigsaw 9x9 engine against the DLX reference', () => {
  it('agrees on the count up to 2, and every solution is valid', () => {
    // Verdicts seen on jigsaw layouts (0..2) and on the boxes (3..5).
    const verdicts = [0, 0, 0, 0, 0, 0];
    fc.assert(
      fc.property(boardArb, (board) => {
        const dlx = reference(board, 2);
        const jig = countSolutionsJigsaw9(board, 2);
        verdicts[(isStandard9(board) ? 3 : 0) + jig.count]++;
        expect(jig.clueConflicts).toEqual(dlx.clueConflicts);
        expect(jig.aborted).toBe(false);
        expect(jig.complete).toBe(jig.count < 2);
        expect(jig.solutions.length).toBe(jig.count);
        expectValidSolutions(board, jig.solutions);
        if (dlx.aborted) {
          expect(jig.count).toBeGreaterThanOrEqual(dlx.count);
          return;
        }
        expect(jig.count).toBe(dlx.count);
        if (dlx.count === 1) expect(jig.solutions[0]).toEqual(dlx.solutions[0]);
      }),
      { numRuns: 3000 },
    );
    // The mix must exercise every verdict on both kinds of layout, or the agreement above
    // proves little.
    for (const seen of verdicts) expect(seen).toBeGreaterThan(30);
  }, 60_000);

  it('agrees on larger counts, and keeps only keepSolutions of them', () => {
    fc.assert(
      fc.property(
        fc.oneof(solutionCluesArb, sparseCluesArb),
        fc.integer({ min: 1, max: 40 }),
        fc.nat({ max: 5 }),
        (board, limit, keepSolutions) => {
          const dlx = reference(board, limit);
          const jig = countSolutionsJigsaw9(board, limit, { keepSolutions });
          if (dlx.aborted) expect(jig.count).toBeGreaterThanOrEqual(dlx.count);
          else expect(jig.count).toBe(dlx.count);
          expect(jig.complete).toBe(jig.count < limit);
          expect(jig.solutions.length).toBe(Math.min(keepSolutions, jig.count));
          expectValidSolutions(board, jig.solutions);
          const all = countSolutionsJigsaw9(board, limit);
          expect(all.solutions.length).toBe(all.count);
          expectValidSolutions(board, all.solutions);
        },
      ),
      { numRuns: 250 },
    );
  }, 60_000);

  it('gives the same answer when a layout comes back after others', () => {
    fc.assert(
      fc.property(fc.array(solutionCluesArb, { minLength: 2, maxLength: 4 }), (boards) => {
        const first = boards.map((board) => countSolutionsJigsaw9(board, 2));
        const again = boards.map((board) => countSolutionsJigsaw9(board, 2));
        expect(again).toEqual(first);
      }),
      { numRuns: 50 },
    );
  });
});

describe('jigsaw 9x9 engine on the jigsaw benchmark set', () => {
  it('the first 300 puzzles of jigsaw-gen-1000 have one valid solution', () => {
    const lines = readFileSync(JIGSAW_BENCH, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 300);
    expect(lines.length).toBe(300);
    for (const line of lines) {
      const [givensText, regionsText] = line.trim().split(/\s+/);
      const givens = Uint8Array.from(givensText, (char) => (char === '.' ? 0 : Number(char)));
      const regions = Uint8Array.from(regionsText, (char) => Number(char) - 1);
      const board = createBoard(9, regions, givens);
      const result = countSolutionsJigsaw9(board, 2);
      expect(result.count, line).toBe(1);
      expect(result.complete).toBe(true);
      expectValidSolutions(board, result.solutions);
    }
  }, 30_000);
});

describe('jigsaw 9x9 engine: search control', () => {
  it('rejects other sizes', () => {
    expect(() => countSolutionsJigsaw9(createBoard(4), 2)).toThrow(RangeError);
    expect(() => countSolutionsJigsaw9(createBoard(16), 2)).toThrow(RangeError);
  });

  searchControlTests(countSolutionsJigsaw9);
});
