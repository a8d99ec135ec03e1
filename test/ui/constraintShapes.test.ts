/**
 * The one drawing of variant constraints (src/ui/render/constraintShapes.ts): cage outlines
 * traced and inset (an L, a cage touching itself at a corner), the sum's place, kropki dots on
 * the edge's midpoint, chevrons pointing at the smaller cell, little killer and sandwich sums
 * outside the grid, nothing for global rules, and error tones for broken constraints.
 */
import { describe, expect, it } from 'vitest';
import type { Constraint } from '../../src/engine/index.ts';
import {
  boundaryLoops,
  cageOutline,
  constraintShapes,
  type PathShape,
  type TextShape,
} from '../../src/ui/render/constraintShapes.ts';

/** The corners of a path's closed loops, as [x, y] pairs. */
const loopsOf = (d: string): number[][][] =>
  d
    .split('Z')
    .filter(Boolean)
    .map((loop) =>
      loop
        .split(/[ML]/)
        .filter(Boolean)
        .map((point) => point.split(' ').map(Number)),
    );

describe('cage outlines', () => {
  it('traces an L-shaped cage clockwise and insets each corner into the cells', () => {
    // r1c1, r2c1, r2c2 on a 4x4: cells 0, 4, 5.
    const [loop] = boundaryLoops([0, 4, 5], 4);
    expect(loop).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 1 },
      { x: 2, y: 2 },
      { x: 0, y: 2 },
    ]);
    const [inset] = loopsOf(cageOutline([0, 4, 5], 4, 0.1));
    expect(inset).toEqual([
      [0.1, 0.1],
      [0.9, 0.1],
      // The concave corner moves out of the notch, towards the cells.
      [0.9, 1.1],
      [1.9, 1.1],
      [1.9, 1.9],
      [0.1, 1.9],
    ]);
  });

  it('gives separate loops to cells touching only at a corner, and a loop for a hole', () => {
    expect(boundaryLoops([0, 5], 4)).toHaveLength(2);
    // A ring of eight cells round r2c2 on a 3x3.
    expect(boundaryLoops([0, 1, 2, 3, 5, 6, 7, 8], 3)).toHaveLength(2);
  });
});

describe('constraintShapes', () => {
  it("writes a cage's sum small in the top-left corner of its top-left cell, on a background", () => {
    const shapes = constraintShapes([{ kind: 'cage', cells: [6, 5, 9], sum: 15 }], 4);
    const text = shapes.find((s): s is TextShape => s.type === 'text');
    expect(text?.text).toBe('15');
    expect(text?.layer).toBe('over');
    // Cell 5 is r2c2: its corner is (1, 1).
    expect(text?.x).toBeGreaterThan(1);
    expect(text?.x).toBeLessThan(1.2);
    expect(text?.y).toBeGreaterThan(1);
    expect(text?.y).toBeLessThan(1.2);
    expect(text?.anchor).toBe('start');
    const background = shapes.find((s) => s.type === 'path' && s.fill === 'paper');
    expect(background).toBeDefined();
    // The background comes before the text, so it lies under it.
    expect(shapes.indexOf(background as PathShape)).toBeLessThan(shapes.indexOf(text as TextShape));
  });

  it('centres a kropki dot on the edge between its cells', () => {
    const right = constraintShapes([{ kind: 'kropki', cells: [5, 6], colour: 'black' }], 4);
    expect(right).toMatchObject([{ type: 'circle', cx: 2, cy: 1.5, fill: 'ink' }]);
    const below = constraintShapes([{ kind: 'kropki', cells: [5, 9], colour: 'white' }], 4);
    expect(below).toMatchObject([{ type: 'circle', cx: 1.5, cy: 2, fill: 'paper', stroke: 'ink' }]);
  });

  it("points a greater-than chevron's tip at the smaller cell", () => {
    const tipX = (cells: [number, number]): number => {
      const [shape] = constraintShapes([{ kind: 'greaterThan', cells }], 4) as PathShape[];
      return loopsOf(`${shape.d}Z`)[0][1][0];
    };
    expect(tipX([5, 6])).toBeGreaterThan(2);
    expect(tipX([6, 5])).toBeLessThan(2);
  });

  it('draws a thermometer bulb at its first cell, hollow when slow', () => {
    const plain = constraintShapes([{ kind: 'thermometer', cells: [0, 1, 2] }], 4);
    expect(plain.find((s) => s.type === 'circle')).toMatchObject({
      cx: 0.5,
      cy: 0.5,
      fill: 'thermometer',
    });
    const slow = constraintShapes([{ kind: 'thermometer', cells: [2, 1, 0], slow: true }], 4);
    const bulb = slow.find((s) => s.type === 'circle');
    expect(bulb).toMatchObject({ cx: 2.5, cy: 0.5, stroke: 'thermometer' });
    expect(bulb?.fill).toBeUndefined();
  });

  it('puts little killer and sandwich sums just outside the grid', () => {
    const shapes = constraintShapes(
      [
        { kind: 'littleKiller', cells: [1, 6, 11], sum: 9 },
        { kind: 'sandwich', line: 'row', index: 2, sum: 5 },
        { kind: 'sandwich', line: 'column', index: 3, sum: 0 },
      ],
      4,
    );
    const texts = shapes.filter((s): s is TextShape => s.type === 'text');
    const killer = texts.find((t) => t.index === 0) as TextShape;
    expect(killer.text).toBe('9');
    expect(killer.y).toBeLessThan(0);
    expect(killer.x).toBeLessThan(1.5);
    expect(texts.find((t) => t.index === 1)).toMatchObject({ y: 2.5, text: '5' });
    expect(texts.find((t) => t.index === 1)?.x).toBeLessThan(0);
    expect(texts.find((t) => t.index === 2)).toMatchObject({ x: 3.5, text: '0' });
    expect(texts.find((t) => t.index === 2)?.y).toBeLessThan(0);
  });

  it('draws nothing for the global rules', () => {
    const rules: Constraint[] = [
      { kind: 'antiKnight' },
      { kind: 'antiKing' },
      { kind: 'nonConsecutive' },
      { kind: 'allDotsGiven' },
      { kind: 'allXvGiven' },
    ];
    expect(constraintShapes(rules, 9)).toEqual([]);
  });

  it('draws broken constraints, and only those, in the error tones', () => {
    const constraints: Constraint[] = [
      { kind: 'whisper', cells: [0, 1] },
      { kind: 'extraRegion', cells: [5, 6] },
      { kind: 'xv', cells: [10, 11], sum: 10 },
      { kind: 'renban', cells: [12, 13] },
    ];
    const shapes = constraintShapes(constraints, 4, { broken: new Set([0, 1, 2]) });
    const byIndex = (index: number) => shapes.filter((s) => s.index === index);
    expect(byIndex(0)).toMatchObject([{ stroke: 'error' }]);
    expect(byIndex(1)).toMatchObject([{ fill: 'errorShade' }]);
    expect(byIndex(2)).toMatchObject([{ fill: 'error', halo: 'paper' }]);
    expect(byIndex(3)).toMatchObject([{ stroke: 'renban' }]);
  });

  it('keeps text readable on small cells when the pixels per cell are known', () => {
    const sum = (cellPx?: number): number =>
      (
        constraintShapes([{ kind: 'sandwich', line: 'row', index: 0, sum: 12 }], 16, {
          cellPx,
        })[0] as TextShape
      ).size;
    expect(sum()).toBeCloseTo(0.3);
    expect(sum(20) * 20).toBeGreaterThanOrEqual(9);
  });
});
