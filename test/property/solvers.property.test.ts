import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  guessBudget,
  countSolutionsDlx,
  countSolutionsBasic,
  countSolutionsBitset,
  findWallMismatches,
  isSolution,
  regionsFromWalls,
  validateLayout,
  verdictOf,
  wallsFromRegions,
} from '../../src/engine/index.ts';
import { layoutArb, solvableBoardArb as boardArb } from '../fixtures/arbitraries.ts';

/** The plain bitmask solver has no propagation; a few boards would take it minutes. */
const BASIC_NODE_BUDGET = 2_000_000;
const withBudget = () => guessBudget(BASIC_NODE_BUDGET, 65536);

describe('DLX engine against the independent bitmask solver', () => {
  it('agrees on the verdict (0, 1, 2+) and every solution is valid', () => {
    fc.assert(
      fc.property(boardArb(), (board) => {
        const dlx = countSolutionsDlx(board, 2);
        const basic = countSolutionsBasic(board, 2, withBudget());
        fc.pre(!basic.aborted);
        expect(dlx.complete || dlx.count === 2).toBe(true);
        expect(verdictOf(dlx, 2)).toBe(verdictOf(basic, 2));
        expect(dlx.clueConflicts).toEqual(basic.clueConflicts);
        for (const solution of [...dlx.solutions, ...basic.solutions]) {
          expect(isSolution(board, solution)).toBe(true);
        }
        if (dlx.count === 1) expect(dlx.solutions[0]).toEqual(basic.solutions[0]);
        if (dlx.count === 2) expect(dlx.solutions[0]).not.toEqual(dlx.solutions[1]);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('agrees on exact counts of small grids', () => {
    fc.assert(
      fc.property(boardArb([4, 6]), (board) => {
        const dlx = countSolutionsDlx(board, 500);
        const basic = countSolutionsBasic(board, 500);
        expect(dlx.count).toBe(basic.count);
        expect(new Set(dlx.solutions.map((s) => s.join(','))).size).toBe(dlx.count);
      }),
      { numRuns: 200 },
    );
  });
});

describe('fast engine against the DLX reference', () => {
  it('agrees on the verdict and on the unique solution, for every size and layout', () => {
    fc.assert(
      fc.property(boardArb(), (board) => {
        const dlx = countSolutionsDlx(board, 2);
        const fast = countSolutionsBitset(board, 2);
        expect(verdictOf(fast, 2)).toBe(verdictOf(dlx, 2));
        expect(fast.clueConflicts).toEqual(dlx.clueConflicts);
        fast.solutions.forEach((solution) => expect(isSolution(board, solution)).toBe(true));
        if (dlx.count === 1) expect(fast.solutions[0]).toEqual(dlx.solutions[0]);
        if (fast.count === 2) expect(fast.solutions[0]).not.toEqual(fast.solutions[1]);
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('agrees on exact counts of small grids', () => {
    fc.assert(
      fc.property(boardArb([4, 6]), (board) => {
        const fast = countSolutionsBitset(board, 500);
        expect(fast.count).toBe(countSolutionsDlx(board, 500).count);
        expect(new Set(fast.solutions.map((s) => s.join(','))).size).toBe(fast.count);
      }),
      { numRuns: 200 },
    );
  });
});

describe('layouts', () => {
  it('random jigsaw layouts are valid', () => {
    fc.assert(
      fc.property(layoutArb(), ({ size, regions }) => {
        expect(validateLayout(size, regions)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('region map → walls → region map keeps every region', () => {
    fc.assert(
      fc.property(layoutArb(), ({ size, regions }) => {
        const walls = wallsFromRegions(size, regions);
        expect(findWallMismatches(size, walls)).toEqual([]);
        const { areaOf, areas } = regionsFromWalls(size, walls);
        expect(areas).toHaveLength(size);
        // Same partition: two cells share an area exactly when they share a region.
        for (let a = 0; a < size * size; a++) {
          const b = (a * 7 + 3) % (size * size);
          expect(areaOf[a] === areaOf[b]).toBe(regions[a] === regions[b]);
        }
      }),
      { numRuns: 100 },
    );
  });
});
