/**
 * The logical solver never makes a wrong deduction: on puzzles with a known solution,
 * every placement of every step is the solution's digit and no elimination removes it.
 *
 * Three sources: random solutions of every size (4..16 and 25; the sizes without boxes, 5,
 * 7, 11 and 13, on their start layout or a jigsaw), standard or jigsaw, with a random
 * share of their cells kept as clues (the puzzle may have several solutions; a deduction
 * must still agree with each of them, so with the one we know); unique puzzles from the
 * generator, their solution found by DLX; and real puzzles copied from the benchmark sets
 * (test/data/logic-bench-sample.txt), from easy 17-clue puzzles to the forum's hardest.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countSolutionsDlx,
  createBoard,
  createRandom,
  generatePuzzle,
  randomJigsawLayout,
  randomSolution,
  solveByLogic,
  standardRegions,
  startRegions,
  SUPPORTED_SIZES,
  type Board,
  type LogicResult,
} from '../../src/engine/index.ts';
import { REPO_ROOT } from '../fixtures/paths.ts';

/** Every deduction that disagrees with `solution`, in words (empty when all agree). */
function wrongDeductions(result: LogicResult, solution: Uint8Array): string[] {
  const wrong: string[] = [];
  for (const step of result.steps) {
    for (const { cell, digit } of step.placements) {
      if (solution[cell] !== digit)
        wrong.push(`${step.technique} placed ${digit} at ${cell}: ${step.explanation}`);
    }
    for (const { cell, digit } of step.eliminations) {
      if (solution[cell] === digit)
        wrong.push(`${step.technique} removed ${digit} at ${cell}: ${step.explanation}`);
    }
  }
  return wrong;
}

/** The solver's end state agrees with the solution too (solved means solved right). */
function checkEnd(result: LogicResult, solution: Uint8Array): void {
  expect(result.status).not.toBe('contradiction');
  result.state.grid.forEach((digit, cell) => {
    if (digit !== 0) expect(digit).toBe(solution[cell]);
    else expect(result.state.candidates[cell] & (1 << solution[cell])).not.toBe(0);
  });
}

describe('logical solver soundness', () => {
  it('agrees with a known solution on random clue sets of every size and layout', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_SIZES),
        fc.boolean(),
        fc.integer({ min: 0, max: 0x7fffffff }),
        fc.double({ min: 0.2, max: 0.8, noNaN: true }),
        (size, jigsaw, seed, keep) => {
          const random = createRandom(seed);
          let regions = jigsaw ? randomJigsawLayout(size, random) : startRegions(size);
          let solution = randomSolution(size, regions, random, 2000, 3);
          if (solution === null) {
            regions = startRegions(size);
            solution = randomSolution(size, regions, random) as Uint8Array;
          }
          // Big grids keep more clues: the solver's harder techniques grow with the grid.
          const share = size >= 16 ? 0.45 + keep / 2 : keep;
          const givens = solution.map((digit) => (random() < share ? digit : 0));
          const result = solveByLogic(createBoard(size, regions, givens));
          expect(wrongDeductions(result, solution)).toEqual([]);
          checkEnd(result, solution);
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);

  it('agrees with the DLX solution on generated unique puzzles', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(4, 5, 6, 7, 8, 9),
        fc.integer({ min: 0, max: 0x7fffffff }),
        (size, seed) => {
          const random = createRandom(seed);
          const board = generatePuzzle(size, randomJigsawLayout(size, random), random);
          fc.pre(board !== null);
          const check = countSolutionsDlx(board as Board, 2);
          expect(check.count).toBe(1);
          const result = solveByLogic(board as Board);
          expect(wrongDeductions(result, check.solutions[0])).toEqual([]);
          checkEnd(result, check.solutions[0]);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('agrees with the unique solution on puzzles from the benchmark sets', () => {
    const lines = readFileSync(resolve(REPO_ROOT, 'test/data/logic-bench-sample.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0);
    expect(lines.length).toBeGreaterThanOrEqual(40);
    const statuses = new Set<string>();
    const techniques = new Set<string>();
    for (const line of lines) {
      const [givensText, regionsText] = line.split(' ');
      const givens = Array.from(givensText, (char) => (char === '.' ? 0 : Number(char)));
      const regions =
        regionsText === undefined
          ? standardRegions(9)
          : Array.from(regionsText, (char) => Number(char) - 1);
      const board = createBoard(9, regions, givens);
      const check = countSolutionsDlx(board, 2);
      expect(check.count).toBe(1);
      const result = solveByLogic(board);
      expect(wrongDeductions(result, check.solutions[0])).toEqual([]);
      checkEnd(result, check.solutions[0]);
      statuses.add(result.status);
      for (const step of result.steps) techniques.add(step.technique);
    }
    // The sample runs from easy puzzles to the forum's hardest: every one is solved by
    // logic, the hardest through the forcing chains (random clue sets with several
    // solutions, above, are where the solver still gets stuck).
    expect([...statuses]).toEqual(['solved']);
    expect(techniques).toContain('forcing chain');
    expect(techniques).toContain('nested forcing chain');
  }, 120_000);
});
