/**
 * Redundant constraints on hand-made puzzles: the cases the random property test
 * (setterToolsVariants.test.ts) meets rarely or never — a cage whose sum alone can go, a
 * dot under "all dots given" that is never offered, a puzzle that is not unique.
 */
import { describe, expect, it } from 'vitest';
import { createBoard, standardRegions } from '../../src/engine/index.ts';
import {
  describeRedundantConstraint,
  redundantConstraints,
} from '../../src/engine/redundantConstraints.ts';
import type { Constraint } from '../../src/engine/variants/constraints.ts';
import { countVariantSolutions } from '../../src/engine/variants/variantSolver.ts';

// 3 1 4 2 / 4 2 1 3 / 1 3 2 4 / 2 4 3 1 is its one solution with the cage below.
const board = createBoard(4, standardRegions(4), Uint8Array.from('0002400000002001', Number));
const cage: Constraint = { kind: 'cage', cells: [7, 1], sum: 4 };

describe('redundant constraints', () => {
  it("names a cage's sum alone when the outline is needed and the sum is not", () => {
    expect(countVariantSolutions(board, [cage], 2).count).toBe(1);
    expect(countVariantSolutions(board, [], 2).count).toBe(2);
    expect(redundantConstraints(board, [cage])).toEqual({
      items: [{ index: 0, part: 'sum' }],
      complete: true,
    });
    expect(describeRedundantConstraint(cage, 'sum', 4)).toBe(
      'the sum of the killer cage at r2c4 (4)',
    );
  });

  it('offers a constraint whole when the rest keep the solution, and counts progress', () => {
    const extra: Constraint = { kind: 'even', cell: 5 }; // r2c2 is 2
    const progress: number[] = [];
    const answer = redundantConstraints(board, [cage, extra], {
      onProgress: (done, total) => progress.push(done * 10 + total),
    });
    expect(answer.items).toEqual([
      { index: 0, part: 'sum' },
      { index: 1, part: 'whole' },
    ]);
    expect(progress).toEqual([12, 22]);
  });

  it('never offers a dot under "all dots given", whose absence would say something', () => {
    // Every dot the solution has, and the rule that there are no others.
    const solution = [3, 1, 4, 2, 4, 2, 1, 3, 1, 3, 2, 4, 2, 4, 3, 1];
    const dots: Constraint[] = [];
    for (let cell = 0; cell < 16; cell++) {
      for (const next of [cell % 4 < 3 ? cell + 1 : -1, cell < 12 ? cell + 4 : -1]) {
        if (next < 0) continue;
        const [low, high] = [solution[cell], solution[next]].sort((x, y) => x - y);
        if (high - low === 1) dots.push({ kind: 'kropki', cells: [cell, next], colour: 'white' });
        else if (high === 2 * low)
          dots.push({ kind: 'kropki', cells: [cell, next], colour: 'black' });
      }
    }
    const rules: Constraint[] = [...dots, { kind: 'allDotsGiven' }];
    const empty = createBoard(4, standardRegions(4));
    const count = countVariantSolutions(empty, rules, 2);
    expect(count.count).toBe(1);
    expect(Array.from(count.solutions[0])).toEqual(solution);
    const offered = redundantConstraints(empty, rules).items.map((item) => item.index);
    // Without one dot, its pair would be forbidden to be consecutive: never offered. The
    // rule itself may be (and here is: the dots alone already fix the grid).
    expect(offered).toEqual([rules.length - 1]);
  });

  it('refuses a puzzle that is not unique', () => {
    expect(() => redundantConstraints(board, [{ kind: 'antiKing' }])).toThrow(/not unique/);
  });
});
