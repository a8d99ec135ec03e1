import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { coverWithTemplates } from '../../src/engine/digitTemplates.ts';
import {
  countSolutionsDlx,
  createBoard,
  isSolution,
  standardRegions,
} from '../../src/engine/index.ts';
import { jigsawLayoutArb } from '../fixtures/arbitraries.ts';

/** The digits of the first region (the region of cell 0) in reading order. */
const firstRegionDigits = (regions: Uint8Array, grid: Uint8Array): number[] =>
  [...regions.keys()].filter((cell) => regions[cell] === regions[0]).map((cell) => grid[cell]);

describe('coverWithTemplates', () => {
  test.prop(
    [
      fc
        .constantFrom(4, 6, 8)
        .chain((size) => jigsawLayoutArb(size).map((r) => [size, r] as const)),
    ],
    { numRuns: 120 },
  )('decides what DLX decides, and a cover is a filled grid', ([size, regions]) => {
    const answer = coverWithTemplates(size, regions);
    const reference = countSolutionsDlx(createBoard(size, regions), 1);
    expect(answer.outcome).toBe(reference.count > 0 ? 'filled' : 'none');
    if (answer.grid) {
      expect(isSolution(createBoard(size, regions), answer.grid)).toBe(true);
      expect(firstRegionDigits(regions, answer.grid)).toEqual(
        Array.from({ length: size }, (_, k) => k + 1),
      );
    }
  });

  it('counts the 46,656 templates of the standard 9x9 boxes', () => {
    // The known number of ways to place one digit in a sudoku grid: 9*6*3 * 6*4*2 * 3*2*1.
    const answer = coverWithTemplates(9, standardRegions(9));
    expect(answer.templates).toBe(46_656);
    expect(answer.outcome).toBe('filled');
  });

  it('gives the layout back when it has more templates than allowed', () => {
    const answer = coverWithTemplates(9, standardRegions(9), {}, 1000);
    expect(answer.outcome).toBe('too many');
    expect(answer.grid).toBeNull();
  });

  it('stops at a checkpoint when the signal says so', () => {
    let reports = 0;
    const signal = { aborted: false };
    const answer = coverWithTemplates(9, standardRegions(9), {
      signal,
      progressEvery: 100,
      onProgress: () => {
        reports++;
        signal.aborted = reports === 3;
      },
    });
    expect(answer.outcome).toBe('stopped');
    expect(answer.nodes).toBe(300);
  });
});
