/**
 * The setter's tools on puzzles with variant constraints, against brute force: every
 * solution of the whole puzzle, enumerated by the variant engine with a high limit (itself
 * held to the plainest reading of the rules: test/property/variants.property.test.ts). On
 * random 4x4 and 6x6 boards (boxes and jigsaws) with random constraints read off a random
 * solution (some of them noise, so none, one and many solutions all turn up) and a few of
 * its clues:
 * - true candidates are exactly the union of the solutions' digits, with their verdict;
 * - several solutions: the fixing clues leave exactly one solution, and a fix said proven
 *   fewest has no smaller one (a single clue, when it has more);
 * - one solution: each clue (or mirrored pair) reported redundant leaves it unique, each
 *   other one does not; Minimise leaves a unique puzzle with nothing more to remove;
 * - no solution: the conflict core (clues and constraints) has no solution, and each of
 *   its items is needed.
 * A case with more than MOST_SOLUTIONS solutions is skipped (too many to enumerate here).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conflictCore } from '../../src/engine/conflictCore.ts';
import { fixingClues } from '../../src/engine/fixingClues.ts';
import { clueGroups, minimiseClues, redundantClues } from '../../src/engine/redundantClues.ts';
import { redundantConstraints } from '../../src/engine/redundantConstraints.ts';
import { trueCandidates } from '../../src/engine/trueCandidates.ts';
import { countSolutionsDlx, createBoard, type Board } from '../../src/engine/index.ts';
import type { Constraint } from '../../src/engine/variants/constraints.ts';
import { countVariantSolutions } from '../../src/engine/variants/variantSolver.ts';
import { randomVariantCase, type VariantCase } from '../fixtures/variantArbitraries.ts';

/** Most solutions a case may have to be checked here. */
const MOST_SOLUTIONS = 300;

const makeCase = (seed: number, size: number) =>
  randomVariantCase(seed, size, { boxes: (random) => random() < 0.4, mostClues: 2 * size });

/** Every solution of the whole puzzle (null: more than MOST_SOLUTIONS). */
function solutionsOf(board: Board, constraints: readonly Constraint[]): Uint8Array[] | null {
  const result = countVariantSolutions(board, constraints, MOST_SOLUTIONS + 1);
  return result.complete ? result.solutions : null;
}

const withGivens = (board: Board, givens: Uint8Array): Board =>
  createBoard(board.size, board.regions, givens);

const verdicts = { none: 0, unique: 0, multiple: 0 };
const constraintsInCores = { cores: 0, withConstraints: 0 };
const redundantSeen = { whole: 0, sum: 0 }; // sum alone: rare here, see redundantConstraints.test.ts

function checkCase({ board, constraints }: VariantCase): void {
  const solutions = solutionsOf(board, constraints);
  if (solutions === null) return;
  const cells = board.size * board.size;

  // True candidates: the union of every solution's digits.
  const expected = new Int32Array(cells);
  for (const grid of solutions)
    for (let cell = 0; cell < cells; cell++) expected[cell] |= 1 << grid[cell];
  const candidates = trueCandidates(board, { constraints });
  expect(candidates.complete).toBe(true);
  expect(candidates.status).toBe(
    solutions.length === 0 ? 'none' : solutions.length === 1 ? 'unique' : 'multiple',
  );
  if (solutions.length > 0) expect(Array.from(candidates.masks)).toEqual(Array.from(expected));

  if (solutions.length >= 2) {
    verdicts.multiple++;
    const fix = fixingClues(board, { constraints });
    expect(fix).not.toBeNull();
    if (!fix) return;
    const givens = Uint8Array.from(board.givens);
    for (const { cell, digit } of fix.clues) givens[cell] = digit;
    const after = countVariantSolutions(withGivens(board, givens), constraints, 2);
    expect(after.count).toBe(1);
    expect(Array.from(after.solutions[0])).toEqual(Array.from(fix.solution));
    if (fix.proven && fix.clues.length > 1) {
      // A single clue (c, d) leaves one solution exactly when one solution has d in c.
      const holders = new Map<number, number>();
      for (const grid of solutions) {
        for (let cell = 0; cell < cells; cell++) {
          const key = cell * 64 + grid[cell];
          holders.set(key, (holders.get(key) ?? 0) + 1);
        }
      }
      expect([...holders.values()].includes(1)).toBe(false);
    }
  } else if (solutions.length === 1) {
    verdicts.unique++;
    const isUnique = (givens: Uint8Array): boolean =>
      countVariantSolutions(withGivens(board, givens), constraints, 2).count === 1;
    const redundant = new Set(redundantClues(board, { constraints }).cells);
    for (const group of clueGroups(board).groups) {
      const without = Uint8Array.from(board.givens);
      for (const cell of group) without[cell] = 0;
      for (const cell of group) expect(redundant.has(cell)).toBe(isUnique(without));
    }
    const minimised = minimiseClues(withGivens(board, board.givens), 7, { constraints });
    expect(minimised.complete).toBe(true);
    const left = countVariantSolutions(withGivens(board, minimised.givens), constraints, 2);
    expect(left.count).toBe(1);
    expect(Array.from(left.solutions[0])).toEqual(Array.from(solutions[0]));
    expect(redundantClues(withGivens(board, minimised.givens), { constraints }).cells).toEqual([]);

    // Redundant constraints: each alone, the puzzle without it (a cage: without its sum,
    // then without it) has the one solution it had. A kropki dot or XV sign under its "all
    // given" rule is not taken away: without it, its pair would be forbidden to be one.
    const answer = redundantConstraints(board, constraints);
    expect(answer.complete).toBe(true);
    const onlyOurs = (rules: readonly Constraint[]): boolean => {
      const left = solutionsOf(board, rules);
      return left !== null && left.length === 1 && left[0].join() === solutions[0].join();
    };
    const expectedItems: { index: number; part: 'whole' | 'sum' }[] = [];
    constraints.forEach((constraint, index) => {
      const others = constraints.filter((_, at) => at !== index);
      const allGiven =
        (constraint.kind === 'kropki' && constraints.some((c) => c.kind === 'allDotsGiven')) ||
        (constraint.kind === 'xv' && constraints.some((c) => c.kind === 'allXvGiven'));
      if (allGiven) return;
      if (onlyOurs(others)) expectedItems.push({ index, part: 'whole' });
      else if (
        constraint.kind === 'cage' &&
        constraint.sum !== undefined &&
        onlyOurs([...others, { kind: 'cage', cells: constraint.cells }])
      )
        expectedItems.push({ index, part: 'sum' });
    });
    expect(answer.items).toEqual(expectedItems);
    redundantSeen.whole += expectedItems.filter((item) => item.part === 'whole').length;
    redundantSeen.sum += expectedItems.filter((item) => item.part === 'sum').length;
  } else {
    verdicts.none++;
    const core = conflictCore(board, { constraints });
    if (core.kind === 'layout') {
      expect(countSolutionsDlx(createBoard(board.size, board.regions), 1).count).toBe(0);
      return;
    }
    expect(core.kind).toBe('core');
    if (core.kind !== 'core') return;
    expect(core.complete).toBe(true);
    constraintsInCores.cores++;
    if (core.constraints.length > 0) constraintsInCores.withConstraints++;
    const clues = new Uint8Array(cells);
    for (const cell of core.cells) clues[cell] = board.givens[cell];
    const kept = core.constraints.map((index) => constraints[index]);
    const count = (givens: Uint8Array, rules: readonly Constraint[]): number =>
      countVariantSolutions(withGivens(board, givens), rules, 1).count;
    expect(count(clues, kept)).toBe(0);
    for (const cell of core.cells) {
      const without = Uint8Array.from(clues);
      without[cell] = 0;
      expect(count(without, kept), `clue ${cell} is needed`).toBe(1);
    }
    for (let at = 0; at < kept.length; at++) {
      const fewer = kept.filter((_, other) => other !== at);
      expect(count(clues, fewer), `constraint ${core.constraints[at]} is needed`).toBe(1);
    }
  }
}

describe('the setter tools answer about the whole puzzle, constraints included', () => {
  for (const [size, runs] of [
    [4, 200],
    [6, 40],
  ] as const) {
    it(`on ${size}x${size} boards with random constraints`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          const made = makeCase(seed, size);
          if (made) checkCase(made);
        }),
        { numRuns: runs },
      );
    }, 60_000);
  }

  it('saw every verdict, and cores that name constraints', () => {
    expect(verdicts.none).toBeGreaterThan(10);
    expect(verdicts.unique).toBeGreaterThan(10);
    expect(verdicts.multiple).toBeGreaterThan(10);
    expect(constraintsInCores.withConstraints).toBeGreaterThan(5);
    expect(redundantSeen.whole).toBeGreaterThan(5);
  });
});
