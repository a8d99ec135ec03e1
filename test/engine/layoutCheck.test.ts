import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { countSolutionsBitset } from '../../src/engine/bitset.ts';
import { layoutConstraintsOf } from '../../src/engine/layoutConstraints.ts';
import { checkLayout } from '../../src/engine/layoutCheck.ts';
import {
  countSolutionsDlx,
  createBoard,
  createRandom,
  isSolution,
  randomJigsawLayout,
  randomSolution,
  standardRegions,
} from '../../src/engine/index.ts';
import { jigsawBoardArb, jigsawLayoutArb } from '../fixtures/arbitraries.ts';

const layoutLines = (name: string, folder = '../data/layouts/'): Uint8Array[] =>
  readFileSync(new URL(`${folder}${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => Uint8Array.from([...line.trim()].map((letter) => letter.charCodeAt(0) - 65)));

describe('layoutConstraintsOf (law of leftovers)', () => {
  it('pairs hold the same multiset of digits in every filled grid found', () => {
    let checked = 0;
    for (const size of [6, 8, 9, 12]) {
      const random = createRandom(size * 7);
      for (let round = 0; round < 6; round++) {
        const regions = randomJigsawLayout(size, random);
        const grid = randomSolution(size, regions, random);
        if (!grid) continue;
        for (const pair of layoutConstraintsOf(size, regions).sameDigits) {
          expect(pair.inBand).toHaveLength(pair.outOfBand.length);
          const digits = (cells: number[]) => cells.map((cell) => grid[cell]).sort();
          expect(digits(pair.inBand)).toEqual(digits(pair.outOfBand));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  /**
   * The pairs by the file header's statement, spelled out plainly: for every band, sort the
   * regions by their cells in it (most first, ties by lower id), take k, list both sides,
   * keep pairs of 1 to maxSide cells a side, each unordered pair once, in band order.
   */
  function referencePairs(size: number, regions: Uint8Array, maxSide: number) {
    const pairs: { inBand: number[]; outOfBand: number[]; regions: number[] }[] = [];
    const seen = new Set<string>();
    for (const byRows of [true, false]) {
      const lineOf = (cell: number) => (byRows ? Math.floor(cell / size) : cell % size);
      for (let from = 0; from < size; from++) {
        for (let to = from + 1; to <= size - (from === 0 ? 1 : 0); to++) {
          const inside = (cell: number) => lineOf(cell) >= from && lineOf(cell) < to;
          const cells = Array.from({ length: size * size }, (_, cell) => cell);
          const overlap = (region: number) =>
            cells.filter((cell) => inside(cell) && regions[cell] === region).length;
          const chosen = Array.from({ length: size }, (_, region) => region)
            .sort((a, b) => overlap(b) - overlap(a) || a - b)
            .slice(0, to - from)
            .sort((a, b) => a - b);
          const inBand = cells.filter((cell) => inside(cell) && !chosen.includes(regions[cell]));
          const outOfBand = cells.filter((cell) => !inside(cell) && chosen.includes(regions[cell]));
          if (inBand.length === 0 || inBand.length > maxSide) continue;
          const key = [inBand.join(','), outOfBand.join(',')].sort().join('|');
          if (seen.has(key)) continue;
          seen.add(key);
          pairs.push({ inBand, outOfBand, regions: chosen });
        }
      }
    }
    return pairs;
  }

  const anyRegionsArb = fc.constantFrom(4, 5, 6).chain((size) =>
    fc
      .array(fc.integer({ min: 0, max: size - 1 }), {
        minLength: size * size,
        maxLength: size * size,
      })
      .map((ids) => [size, Uint8Array.from(ids)] as const),
  );

  test.prop(
    [
      fc.oneof(
        fc
          .constantFrom(4, 6, 8, 9)
          .chain((size) => jigsawLayoutArb(size).map((r) => [size, r] as const)),
        anyRegionsArb,
      ),
      fc.integer({ min: 1, max: 20 }),
    ],
    { numRuns: 150 },
  )(
    'derives exactly the pairs of the plain statement, on layouts valid or not',
    ([size, regions], maxSide) => {
      const derived = layoutConstraintsOf(size, regions, maxSide).sameDigits.map(
        ({ inBand, outOfBand, regions: chosen }) => ({ inBand, outOfBand, regions: chosen }),
      );
      expect(derived).toEqual(referencePairs(size, regions, Math.min(maxSide, 2 * size - 1)));
    },
  );
});

describe('countSolutionsBitset with the layout pairs and conflict branching', () => {
  test.prop([fc.constantFrom(4, 6, 8, 9).chain((size) => jigsawBoardArb(size))], { numRuns: 150 })(
    'counts what DLX counts (limit 50), on boards with clues anywhere',
    (board) => {
      const extra = {
        constraints: layoutConstraintsOf(board.size, board.regions),
        branchOnConflicts: true,
      };
      const ours = countSolutionsBitset(board, 50, {}, extra);
      const reference = countSolutionsDlx(board, 50);
      expect(ours.count).toBe(reference.count);
      for (const grid of ours.solutions) expect(isSolution(board, grid)).toBe(true);
    },
  );
});

describe('checkLayout', () => {
  test.prop(
    [fc.constantFrom(4, 6).chain((size) => jigsawLayoutArb(size).map((r) => [size, r] as const))],
    {
      numRuns: 120,
    },
  )('agrees with DLX on random layouts of sizes 4 and 6', ([size, regions]) => {
    const answer = checkLayout(size, regions);
    const reference = countSolutionsDlx(createBoard(size, regions), 1);
    expect(answer.verdict).toBe(reference.count > 0 ? 'fillable' : 'cannot be filled');
    if (answer.grid) expect(isSolution(createBoard(size, regions), answer.grid)).toBe(true);
  });

  it('agrees with DLX on random layouts of every size up to 9, and fills larger ones', () => {
    for (const size of [8, 9, 12, 16]) {
      const random = createRandom(size);
      for (let round = 0; round < (size <= 9 ? 8 : 2); round++) {
        const regions = randomJigsawLayout(size, random);
        const answer = checkLayout(size, regions);
        if (size <= 9) {
          const reference = countSolutionsDlx(createBoard(size, regions), 1);
          expect(answer.verdict).toBe(reference.count > 0 ? 'fillable' : 'cannot be filled');
        }
        if (answer.verdict === 'fillable') {
          expect(isSolution(createBoard(size, regions), answer.grid as Uint8Array)).toBe(true);
        }
      }
    }
  });

  it('refutes known unfillable 9x9 layouts from the community lists', () => {
    const layouts = layoutLines('unfillable-9x9.txt');
    expect(layouts).toHaveLength(30);
    for (const regions of layouts) expect(checkLayout(9, regions).verdict).toBe('cannot be filled');
  });

  it('refutes every layout of the hard and slow community lists (the benchmark data)', () => {
    // The lists where a plain search takes seconds to minutes per layout (bench/data).
    const layouts = ['hard-unfillable.txt', 'slow-unfillable.txt'].flatMap((name) =>
      layoutLines(name, '../../bench/data/layouts/'),
    );
    expect(layouts).toHaveLength(76 + 46);
    for (const regions of layouts) expect(checkLayout(9, regions).verdict).toBe('cannot be filled');
  });

  it('fills known fillable 9x9 layouts, with a grid that is a solution', () => {
    for (const regions of layoutLines('fillable-9x9.txt')) {
      const answer = checkLayout(9, regions);
      expect(answer.verdict).toBe('fillable');
      expect(isSolution(createBoard(9, regions), answer.grid as Uint8Array)).toBe(true);
    }
  });

  it('says it was stopped when the signal stops it', () => {
    const [regions] = layoutLines('unfillable-9x9.txt');
    const answer = checkLayout(9, regions, { signal: { aborted: true }, progressEvery: 1 });
    expect(answer.verdict).toBeNull();
    expect(answer.aborted).toBe(true);
    const larger = checkLayout(12, randomJigsawLayout(12, createRandom(5)), {
      signal: { aborted: true },
      progressEvery: 1,
    });
    expect(larger.verdict === null || larger.verdict === 'fillable').toBe(true);
  });

  it('names the problems of a layout that is not N regions of N cells', () => {
    const regions = standardRegions(4);
    regions[0] = 1;
    expect(() => checkLayout(4, regions)).toThrow(/region 1 has 3 cells/);
  });
});
