import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countSolutionsFast,
  createBoard,
  createRandom,
  isSolution,
  randomJigsawLayout,
  randomSolution,
  standardRegions,
  type Board,
  type CountResult,
} from '../../src/engine/index.ts';
import { countSolutionsGrid16 } from '../../src/engine/grid16.ts';

const STANDARD = standardRegions(16);

/**
 * A random layout (a jigsaw, sometimes the 4x4 boxes) with a random full solution of it.
 * A jigsaw layout the generator cannot fill falls back to the boxes.
 */
function solvedLayout(seed: number, jigsaw: boolean) {
  const random = createRandom(seed);
  if (jigsaw) {
    const regions = randomJigsawLayout(16, random);
    const solution = randomSolution(16, regions, random, 5000, 3);
    if (solution) return { regions, solution, random };
  }
  return {
    regions: STANDARD,
    solution: randomSolution(16, STANDARD, random) as Uint8Array,
    random,
  };
}

/** A digit for `cell` that no clue in its row, column or region holds, or 0 if none. */
function freeDigit(givens: Uint8Array, regions: Uint8Array, cell: number, pick: number): number {
  const free: number[] = [];
  for (let digit = 1; digit <= 16; digit++) {
    let seen = false;
    for (let other = 0; other < 256 && !seen; other++) {
      if (other === cell || givens[other] !== digit) continue;
      seen =
        other >> 4 === cell >> 4 ||
        (other & 15) === (cell & 15) ||
        regions[other] === regions[cell];
    }
    if (!seen) free.push(digit);
  }
  return free.length === 0 ? 0 : free[Math.floor(pick * free.length)];
}

/**
 * Clues from a random full solution: a share of its cells, sometimes a few digits changed
 * to ones that clash with no clue (so that none, one and many solutions all turn up), and
 * now and then one changed digit that does clash.
 */
const boardArb = fc
  .record({
    seed: fc.integer({ min: 0, max: 0x7fffffff }),
    jigsaw: fc.boolean(),
    keep: fc.double({ min: 0.35, max: 0.95, noNaN: true }),
    changes: fc.nat({ max: 3 }),
    clash: fc.nat({ max: 9 }),
  })
  .map(({ seed, jigsaw, keep, changes, clash }): Board => {
    const { regions, solution, random } = solvedLayout(seed, jigsaw);
    const givens = solution.map((digit) => (random() < keep ? digit : 0));
    for (let change = 0; change < changes; change++) {
      const cell = Math.floor(random() * 256);
      if (givens[cell] === 0) continue;
      givens[cell] =
        clash === 0 ? 1 + Math.floor(random() * 16) : freeDigit(givens, regions, cell, random());
    }
    return createBoard(16, regions, givens);
  });

/**
 * A count that gives up after `budget` guesses (aborted): now and then a jigsaw layout with
 * a changed digit takes any engine a very long time to refute.
 */
function budgeted(
  count: typeof countSolutionsFast,
  board: Board,
  limit: number,
  budget: number,
  keepSolutions?: number,
): CountResult {
  const signal = { aborted: false };
  return count(board, limit, {
    signal,
    keepSolutions,
    progressEvery: 1000,
    onProgress: ({ nodes }) => {
      signal.aborted = nodes >= budget;
    },
  });
}

function expectValid(board: Board, solutions: Uint8Array[]): void {
  for (const solution of solutions) expect(isSolution(board, solution)).toBe(true);
  expect(new Set(solutions.map((solution) => solution.join(''))).size).toBe(solutions.length);
}

describe('16x16 engine against the generic fast engine', () => {
  it('agrees on the count up to 2, and every solution is valid', () => {
    const verdicts = [0, 0, 0];
    let clashes = 0;
    fc.assert(
      fc.property(boardArb, (board) => {
        const fast = budgeted(countSolutionsFast, board, 2, 100_000);
        if (fast.aborted) return;
        const g16 = budgeted(countSolutionsGrid16, board, 2, 1_000_000);
        if (fast.clueConflicts.length > 0) clashes++;
        else verdicts[g16.count]++;
        expect(g16.count).toBe(fast.count);
        expect(g16.complete).toBe(fast.complete);
        expect(g16.clueConflicts).toEqual(fast.clueConflicts);
        expect(g16.aborted).toBe(false);
        expect(g16.solutions.length).toBe(g16.count);
        expectValid(board, g16.solutions);
        if (fast.count === 1) expect(g16.solutions[0]).toEqual(fast.solutions[0]);
      }),
      { numRuns: 120 },
    );
    // Every verdict must turn up, or the agreement above proves little.
    for (const seen of verdicts) expect(seen).toBeGreaterThan(5);
    expect(clashes).toBeGreaterThan(0);
  }, 30_000);

  it('keeps only keepSolutions of the solutions, and the same answer on a second call', () => {
    fc.assert(
      fc.property(
        boardArb,
        fc.integer({ min: 1, max: 6 }),
        fc.nat({ max: 3 }),
        (board, limit, keepSolutions) => {
          const fast = countSolutionsFast(board, limit);
          const g16 = countSolutionsGrid16(board, limit, { keepSolutions });
          expect(g16.count).toBe(fast.count);
          expect(g16.complete).toBe(fast.complete);
          expect(g16.solutions.length).toBe(Math.min(keepSolutions, g16.count));
          expectValid(board, g16.solutions);
          const again = countSolutionsGrid16(board, limit);
          expect(again.count).toBe(g16.count);
          expect(again.solutions.length).toBe(again.count);
          expectValid(board, again.solutions);
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);
});

describe('16x16 engine: search control', () => {
  it('rejects other sizes', () => {
    expect(() => countSolutionsGrid16(createBoard(9), 2)).toThrow(RangeError);
  });

  it('reports progress and stops on abort', () => {
    const reports: number[] = [];
    const signal = { aborted: false };
    const result = countSolutionsGrid16(createBoard(16), 1e9, {
      signal,
      progressEvery: 100,
      keepSolutions: 0,
      onProgress: ({ nodes }) => {
        reports.push(nodes);
        signal.aborted = nodes >= 500;
      },
    });
    expect(reports).toEqual([100, 200, 300, 400, 500]);
    expect(result.aborted).toBe(true);
    expect(result.complete).toBe(false);
    expect(result.solutions).toEqual([]);
  });

  it('solves a full grid without guessing and rejects clashing clues', () => {
    const solution = randomSolution(16, STANDARD, createRandom(7)) as Uint8Array;
    const full = countSolutionsGrid16(createBoard(16, STANDARD, solution), 2);
    expect(full.count).toBe(1);
    expect(full.complete).toBe(true);
    expect(full.nodes).toBe(0);
    expect(full.solutions[0]).toEqual(solution);
    const clash = createBoard(
      16,
      STANDARD,
      Uint8Array.from(solution, (_digit, cell) => (cell < 2 ? 5 : 0)),
    );
    const clashed = countSolutionsGrid16(clash, 2);
    expect(clashed.count).toBe(0);
    expect(clashed.clueConflicts.length).toBeGreaterThan(0);
  });
});
