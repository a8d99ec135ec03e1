import { describe, expect, it } from 'vitest';
import {
  countSolutionsDlx,
  createBoard,
  createRandom,
  generatePuzzle,
  randomJigsawLayout,
  validateLayout,
} from '../../src/engine/index.ts';

describe('generatePuzzle', () => {
  it.each([4, 6, 8, 9, 12])('makes a unique, minimal jigsaw puzzle of size %i', (size) => {
    const random = createRandom(size);
    const regions = randomJigsawLayout(size, random);
    expect(validateLayout(size, regions)).toEqual([]);
    const seen: number[] = [];
    const puzzle = generatePuzzle(size, regions, random, (done, total) => {
      seen.push(done);
      expect(total).toBe(size * size);
    });
    expect(puzzle).not.toBeNull();
    const board = puzzle as NonNullable<typeof puzzle>;
    expect(seen).toEqual(Array.from({ length: size * size }, (_, i) => i + 1));
    expect(countSolutionsDlx(board, 2).count).toBe(1); // checked by the reference engine
    if (size <= 9) {
      // Small grids never reach the check budget, so every clue is needed.
      board.givens.forEach((digit, cell) => {
        if (digit === 0) return;
        const fewer = Uint8Array.from(board.givens);
        fewer[cell] = 0;
        expect(countSolutionsDlx(createBoard(size, regions, fewer), 2).count).toBe(2);
      });
    }
  });

  it('makes a unique 16x16 jigsaw puzzle in bounded time (budgeted removal checks)', () => {
    const random = createRandom(16);
    const puzzle = generatePuzzle(16, randomJigsawLayout(16, random), random);
    expect(puzzle).not.toBeNull();
    expect(countSolutionsDlx(puzzle as NonNullable<typeof puzzle>, 2).count).toBe(1);
  }, 60_000);
});
