/**
 * The constraint tool's geometry (src/ui/tools/constraintPicks.ts): king's steps filling a
 * jump, the edge pair nearest a press (the pressed cell first), the little killer diagonal
 * whose sum is drawn nearest a press outside the grid, and the sandwich row or column.
 */
import { describe, expect, it } from 'vitest';
import type { GridPoint } from '../../src/ui/geometry.ts';
import { littleKillerLabel } from '../../src/ui/render/constraintShapes.ts';
import {
  edgePairAt,
  kingSteps,
  littleKillerAt,
  littleKillerDiagonals,
  sandwichAt,
} from '../../src/ui/tools/constraintPicks.ts';

const at = (x: number, y: number): GridPoint => ({ x, y }) as GridPoint;

describe('constraint picks', () => {
  it('fills a jump with king steps, diagonally first', () => {
    expect(kingSteps(0, 1, 4)).toEqual([1]);
    // r1c1 to r2c4 on a 4x4: r2c2, r2c3, r2c4.
    expect(kingSteps(0, 7, 4)).toEqual([5, 6, 7]);
    expect(kingSteps(15, 5, 4)).toEqual([10, 5]);
  });

  it('finds the edge nearest a press, the pressed cell first', () => {
    expect(edgePairAt(at(1.9, 0.5), 4, 0.25)).toEqual([1, 2]);
    expect(edgePairAt(at(2.1, 0.5), 4, 0.25)).toEqual([2, 1]);
    expect(edgePairAt(at(0.5, 1.05), 4, 0.25)).toEqual([4, 0]);
    expect(edgePairAt(at(1.5, 0.5), 4, 0.25)).toBeNull();
  });

  it('picks the little killer whose sum is drawn nearest a press outside the grid', () => {
    const diagonals = littleKillerDiagonals(4);
    // Every diagonal has at least two cells, and none is listed twice.
    expect(diagonals.every((cells) => cells.length >= 2)).toBe(true);
    expect(new Set(diagonals.map((cells) => cells.join())).size).toBe(diagonals.length);
    for (const cells of diagonals) {
      const label = littleKillerLabel(cells, 4);
      expect(littleKillerAt(at(label.x, label.y), 4, 0.3)).toEqual(cells);
    }
    // Above r1c2, towards its left: the diagonal down-right from r1c2.
    expect(littleKillerAt(at(0.7, -0.2), 4, 0.5)).toEqual([1, 6, 11]);
    expect(littleKillerAt(at(2, 2), 4, 0.5)).toBeNull();
  });

  it('picks the row beside the grid or the column above it for a sandwich', () => {
    expect(sandwichAt(at(-0.2, 2.5), 4)).toEqual({ line: 'row', index: 2 });
    expect(sandwichAt(at(4.2, 0.5), 4)).toEqual({ line: 'row', index: 0 });
    expect(sandwichAt(at(3.5, -0.1), 4)).toEqual({ line: 'column', index: 3 });
    expect(sandwichAt(at(-0.1, -0.1), 4)).toBeNull();
    expect(sandwichAt(at(1, 1), 4)).toBeNull();
  });
});
