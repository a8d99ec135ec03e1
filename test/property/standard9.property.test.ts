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
import { BENCH_DATA } from '../fixtures/paths.ts';
import { engineContractTests, type KnownBoard } from './engineContract.ts';

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

/** The first 300 puzzles of a benchmark set, each with `count` solutions up to 2. */
function benchmarkBoards(name: string, count: number): KnownBoard[] {
  const lines = readFileSync(resolve(BENCH_DATA, `${name}.txt`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 300);
  expect(lines.length).toBe(300);
  return lines.map((line) => {
    const givens = Uint8Array.from(line.trim(), (char) => (char === '.' ? 0 : Number(char)));
    return { board: createBoard(9, STANDARD, givens), count, label: line };
  });
}

const BENCHMARK_SETS: [string, number][] = [
  ['17clue-10k', 1],
  ['top1465', 1],
  ['forum-hardest-1905-11plus-10k', 1],
  ['forum-hardest-1106', 1],
  ['serg-benchmark-10k', 2],
];

engineContractTests(
  { name: 'standard 9x9 engine', count: countSolutionsStandard9, size: 9 },
  {
    references: [{ name: 'the DLX reference', count: countSolutionsDlx }],
    verdictMix: boardArb,
    verdictRuns: 2000,
    minPerVerdict: 50,
    counting: {
      boards: fc.oneof(solutionCluesArb, sparseCluesArb),
      maxLimit: 40,
      maxKeep: 5,
      runs: 400,
    },
    knownBoards: BENCHMARK_SETS.map(([name, count]) => ({
      name: `${name} (first 300, count ${count})`,
      load: () => benchmarkBoards(name, count),
    })),
  },
);

describe('standard 9x9 engine: layout check', () => {
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
});
