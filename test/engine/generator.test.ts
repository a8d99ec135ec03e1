import { describe, expect, it } from 'vitest';
import {
  countSolutionsDlx,
  createBoard,
  createRandom,
  generatePuzzle,
  generateSetterPuzzle,
  halfTurn,
  hasClueSymmetry,
  orbitsOf,
  randomJigsawLayout,
  randomSolution,
  randomSymmetricLayout,
  ratePuzzle,
  validateLayout,
  type Random,
} from '../../src/engine/index.ts';
import { countWithLayoutConstraints } from '../../src/engine/layoutCheck.ts';

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
    // Checked by the bitset engine with the layout's leftover pairs, not grid16 (which made
    // it): DLX and the plain bitset engine take minutes on a sparse 16x16 like this one.
    expect(countWithLayoutConstraints(puzzle as NonNullable<typeof puzzle>, 2).count).toBe(1);
  }, 60_000);
});

describe('randomSymmetricLayout', () => {
  it.each([4, 6, 8, 9, 12, 16, 25])(
    'makes a valid layout with half-turn symmetry, size %i',
    (size) => {
      const regions = randomSymmetricLayout(size, createRandom(size * 31));
      expect(validateLayout(size, regions)).toEqual([]);
      const cells = size * size;
      for (let cell = 0; cell < cells; cell++) {
        expect(regions[halfTurn(cell, size)]).toBe(size - 1 - regions[cell]);
      }
      // Not the standard boxes: the trades happened.
      expect(Array.from(regions)).not.toEqual(
        Array.from(randomJigsawLayout(size, createRandom(1), 0)),
      );
    },
  );
});

/** A random layout with a solution (some random jigsaw layouts have none). */
function solvableLayout(size: number, random: Random): Uint8Array {
  for (;;) {
    const regions = randomJigsawLayout(size, random);
    if (randomSolution(size, regions, random) !== null) return regions;
  }
}

describe('generateSetterPuzzle', () => {
  it.each(['none', '180', 'diagonal'] as const)(
    'makes unique minimal puzzles with clue symmetry %s',
    (symmetry) => {
      for (const size of [4, 6, 9]) {
        const random = createRandom(size + symmetry.length);
        const regions = solvableLayout(size, random);
        const result = generateSetterPuzzle(size, regions, random, {
          clueSymmetry: symmetry,
          minimal: true,
        });
        expect(result.status).toBe('done');
        if (result.status !== 'done') return;
        // No difficulty asked: no rating made (the caller rates when it shows one).
        expect(result.rating).toBeNull();
        const { board } = result;
        expect(hasClueSymmetry(board, symmetry)).toBe(true);
        expect(countSolutionsDlx(board, 2).count).toBe(1);
        for (const orbit of orbitsOf(size, symmetry)) {
          if (board.givens[orbit[0]] === 0) continue;
          const fewer = Uint8Array.from(board.givens);
          for (const cell of orbit) fewer[cell] = 0;
          expect(countSolutionsDlx(createBoard(size, regions, fewer), 2).count).toBe(2);
        }
      }
    },
  );

  it.each(['easy', 'medium', 'hard'] as const)(
    'makes a 9x9 puzzle rated %s',
    (level) => {
      const random = createRandom(90);
      const regions = randomJigsawLayout(9, random);
      const result = generateSetterPuzzle(9, regions, random, { difficulty: level });
      expect(result.status).toBe('done');
      if (result.status !== 'done') return;
      expect(result.rating?.level).toBe(level);
      expect(ratePuzzle(result.board)).toEqual(result.rating);
      expect(countSolutionsDlx(result.board, 2).count).toBe(1);
    },
    60_000,
  );

  it('reports progress, stops when aborted, and gives up with the ratings it saw', () => {
    const random = createRandom(5);
    const regions = randomJigsawLayout(6, random);
    const signal = { aborted: false };
    let reports = 0;
    const aborted = generateSetterPuzzle(6, regions, random, {
      signal,
      onProgress: ({ done, total, attempt }) => {
        reports++;
        expect(attempt).toBe(1);
        expect(total).toBe(36);
        if (done >= 10) signal.aborted = true;
      },
    });
    expect(aborted).toEqual({ status: 'aborted', attempts: 1 });
    expect(reports).toBeGreaterThan(0);
    const gaveUp = generateSetterPuzzle(4, randomJigsawLayout(4, random), random, {
      difficulty: 'expert',
      maxAttempts: 4,
    });
    expect(gaveUp.status).toBe('gave up');
    if (gaveUp.status === 'gave up') {
      expect(gaveUp.reason).toMatch(
        /^no 4×4 puzzle rated expert turned up in 4 attempts \(ratings seen: /,
      );
    }
  });
});
