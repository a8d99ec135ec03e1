/**
 * The logical solver on puzzles with variant constraints never deduces anything false.
 *
 * On random 4x4 and 6x6 boards (boxes and random jigsaws) with random constraints of
 * every kind (test/fixtures/variantArbitraries.ts), clues are added from a solution until
 * the variant engine (countVariantSolutions, itself held to constraints.ts's plain reading
 * by variants.property.test.ts) finds exactly one solution. The logical solver then runs
 * with the constraints, and every placement of every step must be the solution's digit and
 * no elimination may remove it; a solve that ends 'solved' must end on that solution, and
 * none may end in a contradiction. The run also counts the constraint techniques seen, so
 * a run where they never fired fails rather than passes vacuously.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createBoard,
  createRandom,
  randomJigsawLayout,
  randomSolution,
  solveByLogic,
  standardRegions,
  type Board,
  type Technique,
} from '../../src/engine/index.ts';
import { randomInt, shuffle } from '../../src/engine/random.ts';
import type { Constraint } from '../../src/engine/variants/constraints.ts';
import { countVariantSolutions } from '../../src/engine/variants/variantSolver.ts';
import { randomConstraints } from '../fixtures/variantArbitraries.ts';

interface Case {
  board: Board;
  constraints: Constraint[];
  solution: Uint8Array;
}

/** A puzzle with exactly one solution, or null when the constraints leave none. */
function uniqueCase(seed: number, size: number): Case | null {
  const random = createRandom(seed);
  const boxes = random() < 0.5;
  const regions = boxes ? standardRegions(size) : randomJigsawLayout(size, random);
  const grid = randomSolution(size, regions, random);
  if (!grid) return null;
  const constraints = randomConstraints(size, grid, random, 1 + randomInt(random, 6));
  const givens = new Uint8Array(size * size);
  for (;;) {
    const board = createBoard(size, regions, givens);
    const count = countVariantSolutions(board, constraints, 2);
    if (count.count === 0) return null;
    if (count.count === 1) return { board, constraints, solution: count.solutions[0] };
    // Give a digit of the first solution where the two found differ.
    const [first, second] = count.solutions;
    const differ = shuffle(
      Array.from({ length: size * size }, (_, cell) => cell).filter(
        (cell) => first[cell] !== second[cell],
      ),
      random,
    );
    givens[differ[0]] = first[differ[0]];
  }
}

const used = new Map<Technique, number>();
let solved = 0;
let cases = 0;

describe('logic with variant constraints keeps the solution', () => {
  for (const [size, runs] of [
    [4, 250],
    [6, 60],
  ] as const) {
    it(`on ${size}x${size} boards`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          const made = uniqueCase(seed, size);
          if (!made) return;
          cases++;
          const { board, constraints, solution } = made;
          const result = solveByLogic(board, { constraints });
          expect(result.status).not.toBe('contradiction');
          for (const step of result.steps) {
            used.set(step.technique, (used.get(step.technique) ?? 0) + 1);
            for (const { cell, digit } of step.placements) {
              expect(digit, `${step.technique}: ${step.explanation}`).toBe(solution[cell]);
            }
            for (const { cell, digit } of step.eliminations) {
              expect(digit, `${step.technique}: ${step.explanation}`).not.toBe(solution[cell]);
            }
          }
          if (result.status === 'solved') {
            solved++;
            expect(Array.from(result.state.grid)).toEqual(Array.from(solution));
          }
        }),
        // Fixed seeds: the count of techniques seen below is then the same on every run.
        { numRuns: runs, seed: 20261202 + size },
      );
    });
  }

  it('saw the constraint techniques at work, and solves to the end', () => {
    const constraintTechniques: Technique[] = [
      'even or odd cell',
      'cage combination',
      'group pointing',
      'thermometer bounds',
      'dot or sign pair',
      'neighbour rule',
      'line rule',
      'arrow sum',
      'little killer sum',
      'sandwich sum',
    ];
    for (const technique of constraintTechniques) {
      expect(used.get(technique) ?? 0, technique).toBeGreaterThan(3);
    }
    expect(cases).toBeGreaterThan(150);
    expect(solved).toBeGreaterThan(cases / 3);
  });
});
