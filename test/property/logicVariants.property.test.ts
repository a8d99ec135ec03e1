/**
 * The logical solver on puzzles with variant constraints never deduces anything false.
 *
 * On random 4x4 and 6x6 boards (boxes and random jigsaws) with random constraints of
 * every kind (test/fixtures/variantArbitraries.ts), and on killers with every cell in a
 * cage (randomKillerCase: the whole houses the 45 rule reads), clues are added until
 * the variant engine (countVariantSolutions, itself held to constraints.ts's plain reading
 * by variants.property.test.ts) finds exactly one solution. The logical solver then runs
 * with the constraints, and every placement of every step must be the solution's digit and
 * no elimination may remove it; a solve that ends 'solved' must end on that solution, and
 * none may end in a contradiction. A killer is solved twice: in full (the cage combinations
 * and singles finish most before the 45 rule is needed), and with only the singles and
 * innies and outies, so that the 45 rule is asked at every step. The run also counts the
 * constraint techniques seen, so a run where they never fired fails rather than passes
 * vacuously.
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
import { randomInt, shuffle, type Random } from '../../src/engine/random.ts';
import type { Constraint } from '../../src/engine/variants/constraints.ts';
import { countVariantSolutions } from '../../src/engine/variants/variantSolver.ts';
import { randomConstraints, randomKillerCase } from '../fixtures/variantArbitraries.ts';

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
  return madeUnique(createBoard(size, regions), constraints, random);
}

/**
 * A killer with every cell in a cage (randomKillerCase: the 45 rule's whole houses), made
 * unique as above, or null.
 */
function uniqueKillerCase(seed: number, size: number): Case | null {
  const made = randomKillerCase(seed, size, { boxes: (random) => random() < 0.5, mostClues: 1 });
  if (!made) return null;
  return madeUnique(made.board, made.constraints, createRandom(seed + 1));
}

/** Clues from a solution added to `start` until one solution is left; null for none. */
function madeUnique(start: Board, constraints: Constraint[], random: Random): Case | null {
  const { size, regions } = start;
  const givens = Uint8Array.from(start.givens);
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
/** The steps of the killers' solves with the singles and the 45 rule only. */
const usedAlone = new Map<Technique, number>();
let solved = 0;
let cases = 0;
let killerCases = 0;

/**
 * Solve `made` by logic (with `techniques` only, when given): every step keeps the
 * solution, and a finished solve ends on it. The steps are counted in `seen`.
 */
function checkSolve(made: Case, seen: Map<Technique, number>, techniques?: Technique[]): void {
  const { board, constraints, solution } = made;
  const result = solveByLogic(board, { constraints, techniques });
  expect(result.status).not.toBe('contradiction');
  for (const step of result.steps) {
    seen.set(step.technique, (seen.get(step.technique) ?? 0) + 1);
    for (const { cell, digit } of step.placements) {
      expect(digit, `${step.technique}: ${step.explanation}`).toBe(solution[cell]);
    }
    for (const { cell, digit } of step.eliminations) {
      expect(digit, `${step.technique}: ${step.explanation}`).not.toBe(solution[cell]);
    }
  }
  if (result.status === 'solved') {
    if (techniques === undefined) solved++;
    expect(Array.from(result.state.grid)).toEqual(Array.from(solution));
  }
}

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
          checkSolve(made, used);
        }),
        // Fixed seeds: the count of techniques seen below is then the same on every run.
        { numRuns: runs, seed: 20261202 + size },
      );
    });
  }

  for (const [size, runs] of [
    [4, 120],
    [6, 60],
  ] as const) {
    it(`on ${size}x${size} killers, every cell in a cage (innies and outies)`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          const made = uniqueKillerCase(seed, size);
          if (!made) return;
          cases++;
          killerCases++;
          checkSolve(made, used);
          // The cage combinations and singles finish most of these before the 45 rule is
          // needed; without the combinations it is asked at every step.
          checkSolve(made, usedAlone, ['hidden single', 'naked single', 'innies and outies']);
        }),
        { numRuns: runs, seed: 20270107 + size },
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
      'innies and outies',
    ];
    for (const technique of constraintTechniques) {
      expect(used.get(technique) ?? 0, technique).toBeGreaterThan(3);
    }
    expect(cases).toBeGreaterThan(150);
    expect(killerCases).toBeGreaterThan(80);
    expect(usedAlone.get('innies and outies') ?? 0).toBeGreaterThan(3 * killerCases);
    expect(solved).toBeGreaterThan(cases / 3);
  });
});
