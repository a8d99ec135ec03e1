/**
 * The variant engine (src/engine/variants/variantSolver.ts) against the plainest reading of
 * the rules: every classic solution of the board (DLX, the reference engine, counting them
 * all), kept when it breaks no constraint (constraints.ts's `brokenConstraint`, loops over
 * the cells with no pruning). On random 4x4 and 5x5 boards (boxes and random jigsaws), with
 * random constraints of every kind read off a random solution (some of them noise) and a
 * few of its clues, the engine must find exactly the reference's solutions: the same count,
 * the same grids, and the contract's limit and `complete` at limits 1 and 2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSolutionsDlx, type Board } from '../../src/engine/index.ts';
import {
  brokenConstraint,
  type Constraint,
  type ConstraintKind,
} from '../../src/engine/variants/constraints.ts';
import { countVariantSolutions } from '../../src/engine/variants/variantSolver.ts';
import { randomKillerCase, randomVariantCase } from '../fixtures/variantArbitraries.ts';

/** Every solution of the board that keeps the constraints, by brute force. */
function referenceSolutions(board: Board, constraints: readonly Constraint[]): string[] {
  const all = countSolutionsDlx(board, 1_000_000);
  expect(all.complete).toBe(true);
  return all.solutions
    .filter((grid) => brokenConstraint(grid, board.size, constraints) === null)
    .map((grid) => grid.join(','));
}

const makeCase = (seed: number, size: number) =>
  randomVariantCase(seed, size, {
    boxes: (random) => size === 4 && random() < 0.5,
    mostClues: size + 1,
  });

const verdictOf = (solutions: number): 'none' | 'unique' | 'multiple' =>
  solutions === 0 ? 'none' : solutions === 1 ? 'unique' : 'multiple';

describe('the variant engine finds exactly the solutions that keep every constraint', () => {
  for (const [size, runs] of [
    [4, 300],
    [5, 60],
  ] as const) {
    it(`on ${size}x${size} boards`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          const made = makeCase(seed, size);
          if (!made) return;
          const { board, constraints } = made;
          const expected = referenceSolutions(board, constraints).sort();
          const found = countVariantSolutions(board, constraints, 1_000_000);
          expect(found.complete).toBe(true);
          expect(found.solutions.map((grid) => grid.join(',')).sort()).toEqual(expected);
          expect(found.count).toBe(expected.length);
          for (const limit of [1, 2]) {
            const limited = countVariantSolutions(board, constraints, limit);
            expect(limited.count).toBe(Math.min(limit, expected.length));
            expect(limited.complete).toBe(expected.length < limit);
          }
        }),
        { numRuns: runs },
      );
    });
  }

  it('on killer puzzles, every cell in a cage (the 45 rule)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(4, 5), (seed, size) => {
        const made = randomKillerCase(seed, size, {
          boxes: (random) => size === 4 && random() < 0.5,
          mostClues: 3,
        });
        if (!made) return;
        const { board, constraints } = made;
        const expected = referenceSolutions(board, constraints).sort();
        const found = countVariantSolutions(board, constraints, 1_000_000);
        expect(found.solutions.map((grid) => grid.join(',')).sort()).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  // The properties above take random seeds; what they cover is counted here on fixed ones
  // (the same generators, the same numbers of cases), so that a generator that stops making
  // a kind of constraint or a verdict fails this test every time, not one run in ten.
  it('its random cases hold every kind of constraint and every verdict, often', () => {
    const seen = new Map<ConstraintKind, number>();
    const verdicts = { none: 0, unique: 0, multiple: 0 };
    for (const [size, runs] of [
      [4, 300],
      [5, 60],
    ] as const) {
      for (let seed = 1; seed <= runs; seed++) {
        const made = makeCase(seed, size);
        if (!made) continue;
        for (const c of made.constraints) seen.set(c.kind, (seen.get(c.kind) ?? 0) + 1);
        verdicts[verdictOf(referenceSolutions(made.board, made.constraints).length)]++;
      }
    }
    const killerVerdicts = { none: 0, unique: 0, multiple: 0 };
    for (let seed = 1; seed <= 150; seed++) {
      const size = seed % 2 === 0 ? 4 : 5;
      const made = randomKillerCase(seed, size, {
        boxes: (random) => size === 4 && random() < 0.5,
        mostClues: 3,
      });
      if (!made) continue;
      killerVerdicts[verdictOf(referenceSolutions(made.board, made.constraints).length)]++;
    }
    const kinds: ConstraintKind[] = [
      'cage',
      'extraRegion',
      'diagonal',
      'antiKnight',
      'antiKing',
      'nonConsecutive',
      'even',
      'odd',
      'thermometer',
      'arrow',
      'kropki',
      'xv',
      'greaterThan',
      'littleKiller',
      'whisper',
      'renban',
      'palindrome',
      'sandwich',
      'allDotsGiven',
      'allXvGiven',
    ];
    for (const kind of kinds) expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(5);
    expect(verdicts.none).toBeGreaterThan(20);
    expect(verdicts.unique).toBeGreaterThan(20);
    expect(verdicts.multiple).toBeGreaterThan(20);
    expect(killerVerdicts.none).toBeGreaterThan(10);
    expect(killerVerdicts.unique + killerVerdicts.multiple).toBeGreaterThan(10);
  });
});
