import { readFileSync } from 'node:fs';
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

describe('coverWithTemplates', () => {
  test.prop(
    [
      fc.constantFrom(4, 6).chain((size) => jigsawLayoutArb(size).map((r) => [size, r] as const)),
      fc.constantFrom(0, 3, 300),
      fc.constantFrom(0, 1, 10),
    ],
    { numRuns: 150 },
  )(
    'decides what DLX decides, by cover alone or after the cell searches, and fills correctly',
    ([size, regions], cellGuesses, houseGuesses) => {
      const answer = coverWithTemplates(size, regions, {}, undefined, cellGuesses, houseGuesses);
      const reference = countSolutionsDlx(createBoard(size, regions), 1);
      expect(answer.outcome).toBe(reference.count > 0 ? 'filled' : 'none');
      if (answer.grid) expect(isSolution(createBoard(size, regions), answer.grid)).toBe(true);
    },
  );

  it('refutes the community lists by cover alone, by one cell search, and by the default', () => {
    const layouts = readFileSync(
      new URL('../data/layouts/unfillable-9x9.txt', import.meta.url),
      'utf8',
    )
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 10)
      .map((line) => Uint8Array.from([...line.trim()].map((letter) => letter.charCodeAt(0) - 65)));
    for (const regions of layouts) {
      expect(coverWithTemplates(9, regions, {}, undefined, 0, 0).outcome).toBe('none');
      expect(coverWithTemplates(9, regions, {}, undefined, 1_000_000, 0).outcome).toBe('none');
      expect(coverWithTemplates(9, regions).outcome).toBe('none');
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
