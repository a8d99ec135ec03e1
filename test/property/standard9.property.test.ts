import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countSolutionsDlx,
  createBoard,
  createRandom,
  randomJigsawLayout,
  randomSolution,
  standardRegions,
  type Board,
} from '../../src/engine/index.ts';
import { countSolutionsStandard9, isStandard9 } from '../../src/engine/standard9.ts';
import { standardBoardArb } from '../fixtures/arbitraries.ts';
import { expectValidSolutions, searchControlTests } from '../fixtures/searchControl.ts';
import { BENCH_DATA } from '../fixtures/paths.ts';

const STANDARD = standardRegions(9);

/** The standard boxes under another numbering of the region ids (a bijection of 0..8). */
const renumberedBoxesArb = fc
  .shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 9, maxLength: 9 })
  .map((ids) => STANDARD.map((region) => ids[region]));

/**
 * Clues from a random full solution: a share of its cells, sometimes a few changed digits
 * (so none, one and many solutions all turn up), on the boxes under a random numbering.
 */
const solutionCluesArb = fc
  .record({
    regions: renumberedBoxesArb,
    seed: fc.integer({ min: 0, max: 0x7fffffff }),
    keep: fc.double({ min: 0.15, max: 0.9, noNaN: true }),
    changes: fc.nat({ max: 3 }),
  })
  .map(({ regions, seed, keep, changes }): Board => {
    const random = createRandom(seed);
    const solution = randomSolution(9, STANDARD, random) as Uint8Array;
    const givens = solution.map((digit) => (random() < keep ? digit : 0));
    for (let change = 0; change < changes; change++) {
      const cell = Math.floor(random() * 81);
      if (givens[cell] !== 0) givens[cell] = 1 + Math.floor(random() * 9);
    }
    return createBoard(9, regions, givens);
  });

/** A few clues anywhere: many solutions, dead ends without a direct clash, and clashes. */
const sparseCluesArb = fc
  .array(fc.tuple(fc.nat({ max: 80 }), fc.integer({ min: 1, max: 9 })), { maxLength: 24 })
  .map((clues) => {
    const givens = new Uint8Array(81);
    for (const [cell, digit] of clues) givens[cell] = digit;
    return createBoard(9, STANDARD, givens);
  });

const boardArb = fc.oneof(
  { arbitrary: solutionCluesArb, weight: 6 },
  { arbitrary: sparseCluesArb, weight: 3 },
  { arbitrary: standardBoardArb(9), weight: 1 },
);

describe('standard 9x9 engine against the DLX reference', () => {
  it('agrees on the count up to 2, and every solution is valid', () => {
    const verdicts = [0, 0, 0];
    fc.assert(
      fc.property(boardArb, (board) => {
        const dlx = countSolutionsDlx(board, 2);
        const std9 = countSolutionsStandard9(board, 2);
        verdicts[std9.count]++;
        expect(std9.count).toBe(dlx.count);
        expect(std9.clueConflicts).toEqual(dlx.clueConflicts);
        expect(std9.complete).toBe(dlx.count < 2);
        expect(std9.solutions.length).toBe(std9.count);
        expectValidSolutions(board, std9.solutions);
        if (dlx.count === 1) expect(std9.solutions[0]).toEqual(dlx.solutions[0]);
      }),
      { numRuns: 2000 },
    );
    // The mix must exercise every verdict, or the agreement above proves little.
    for (const seen of verdicts) expect(seen).toBeGreaterThan(50);
  }, 60_000);

  it('agrees on larger counts, and keeps only keepSolutions of them', () => {
    fc.assert(
      fc.property(
        fc.oneof(solutionCluesArb, sparseCluesArb),
        fc.integer({ min: 1, max: 40 }),
        fc.nat({ max: 5 }),
        (board, limit, keepSolutions) => {
          const dlx = countSolutionsDlx(board, limit);
          const std9 = countSolutionsStandard9(board, limit, { keepSolutions });
          expect(std9.count).toBe(dlx.count);
          expect(std9.complete).toBe(dlx.count < limit);
          expect(std9.solutions.length).toBe(Math.min(keepSolutions, std9.count));
          expectValidSolutions(board, std9.solutions);
          const all = countSolutionsStandard9(board, limit);
          expect(all.solutions.length).toBe(all.count);
          expectValidSolutions(board, all.solutions);
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);
});

describe('standard 9x9 engine on the benchmark sets', () => {
  const sets: [string, number][] = [
    ['17clue-10k', 1],
    ['top1465', 1],
    ['forum-hardest-1905-11plus-10k', 1],
    ['forum-hardest-1106', 1],
    ['serg-benchmark-10k', 2],
  ];
  for (const [name, expected] of sets) {
    it(`${name}: the first 300 puzzles get count ${expected} with valid solutions`, () => {
      const lines = readFileSync(resolve(BENCH_DATA, `${name}.txt`), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(0, 300);
      expect(lines.length).toBe(300);
      for (const line of lines) {
        const givens = Uint8Array.from(line.trim(), (char) => (char === '.' ? 0 : Number(char)));
        const board = createBoard(9, STANDARD, givens);
        const result = countSolutionsStandard9(board, 2);
        expect(result.count, line).toBe(expected);
        expect(result.complete).toBe(expected < 2);
        expectValidSolutions(board, result.solutions);
      }
    }, 30_000);
  }
});

describe('standard 9x9 engine: layout check and search control', () => {
  it('accepts the boxes under any numbering and rejects every other layout', () => {
    fc.assert(
      fc.property(renumberedBoxesArb, (regions) => {
        expect(isStandard9(createBoard(9, regions))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), (seed, swaps) => {
        const regions = randomJigsawLayout(9, createRandom(seed), swaps);
        const standard = regions.every((region, cell) => region === STANDARD[cell]);
        const board = createBoard(9, regions);
        expect(isStandard9(board)).toBe(standard);
        if (!standard) expect(() => countSolutionsStandard9(board, 2)).toThrow();
      }),
      { numRuns: 50 },
    );
    // Nine ids that each fill a box's cells but merge two boxes are not the boxes.
    const merged = STANDARD.map((region) => (region === 1 ? 0 : region));
    expect(isStandard9({ size: 9, regions: merged, givens: new Uint8Array(81) })).toBe(false);
    expect(isStandard9(createBoard(4))).toBe(false);
    expect(isStandard9(createBoard(16))).toBe(false);
  });

  searchControlTests(countSolutionsStandard9);
});
