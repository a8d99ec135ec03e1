/**
 * Squiggly JSON's "constraints" list: every kind written and read back the same, and every
 * bad constraint an error at its value (kind unknown, field missing or unknown, a cell off
 * the grid, a shape the engine refuses), so none is ever dropped without a word.
 */
import { describe, expect, it } from 'vitest';
import { createBoard, standardRegions, type Constraint } from '../../src/engine/index.ts';
import { parseJson, printJson } from '../../src/formats/index.ts';
import { boxes4Json } from '../fixtures/boxes4Json.ts';

const EVERY_KIND: Constraint[] = [
  { kind: 'cage', cells: [0, 1], sum: 3 },
  { kind: 'cage', cells: [2, 3] },
  { kind: 'extraRegion', cells: [5, 6, 9, 10] },
  { kind: 'diagonal', direction: 'up' },
  { kind: 'antiKnight' },
  { kind: 'antiKing' },
  { kind: 'nonConsecutive' },
  { kind: 'even', cell: 4 },
  { kind: 'odd', cell: 7 },
  { kind: 'thermometer', cells: [8, 9, 10], slow: true },
  { kind: 'thermometer', cells: [12, 13] },
  { kind: 'arrow', circle: [14, 15], shaft: [11, 7] },
  { kind: 'kropki', cells: [0, 4], colour: 'black' },
  { kind: 'xv', cells: [1, 5], sum: 5 },
  { kind: 'greaterThan', cells: [2, 6] },
  { kind: 'littleKiller', cells: [3, 6, 9, 12], sum: 10 },
  { kind: 'whisper', cells: [0, 5], difference: 3 },
  { kind: 'whisper', cells: [1, 6] },
  { kind: 'renban', cells: [8, 12] },
  { kind: 'palindrome', cells: [13, 14, 15] },
  { kind: 'sandwich', line: 'column', index: 2, sum: 0 },
  { kind: 'sandwich', line: 'row', index: 0, sum: 5 },
  { kind: 'allDotsGiven' },
  { kind: 'allXvGiven' },
];

const board = createBoard(4, standardRegions(4), new Uint8Array(16));

/** A 4x4 puzzle's JSON with this "constraints" value. */
const withConstraints = boxes4Json;

const firstError = (constraints: unknown): string => {
  const read = parseJson(withConstraints(constraints));
  expect(read.cases).toEqual([]);
  return read.errors[0].message;
};

describe('the constraints field', () => {
  it('writes every kind, one per line, and reads it back the same', () => {
    const text = printJson([{ board, constraints: EVERY_KIND, extra: { title: 'All' } }]);
    expect(text).toContain('    {"kind":"cage","cells":["r1c1","r1c2"],"sum":3},\n');
    expect(text).toContain('{"kind":"sandwich","column":3,"sum":0}');
    const read = parseJson(text);
    expect(read.errors).toEqual([]);
    expect(read.cases[0].constraints).toEqual(EVERY_KIND);
    expect(read.cases[0].extra).toEqual({ title: 'All' });
    // A puzzle without constraints is written as before.
    expect(printJson([{ board }])).not.toContain('constraints');
  });

  it('reads cell names in any case, and an empty list as none', () => {
    const read = parseJson(withConstraints([{ kind: 'Cage', cells: ['R1C1', 'r1C2'], sum: 3 }]));
    expect(read.cases[0].constraints).toEqual([{ kind: 'cage', cells: [0, 1], sum: 3 }]);
    expect(parseJson(withConstraints([])).cases[0].constraints).toBeUndefined();
  });

  it('refuses what it cannot read, at the value, in words', () => {
    expect(firstError([{ kind: 'chaos' }])).toMatch(
      /^constraint 1: Squiggly does not know the constraint "chaos" \(it knows cage, extraRegion, /,
    );
    expect(firstError([{ kind: 'cage' }])).toBe('constraint 1 (killer cage): it needs "cells"');
    expect(firstError([{ kind: 'cage', cells: ['r5c1'] }])).toBe(
      'constraint 1 (killer cage): "r5c1" is not a cell of a 4x4 grid',
    );
    expect(firstError([{ kind: 'antiKnight', cells: [] }])).toBe(
      'constraint 1 (anti-knight): unknown field "cells"; it takes none',
    );
    expect(firstError([{ kind: 'xv', cells: ['r1c1', 'r1c2'], sum: 7 }])).toBe(
      'constraint 1 (XV sign): "sum" must be 10 (X) or 5 (V), got 7',
    );
    expect(firstError([{ kind: 'thermometer', cells: ['r1c1', 'r1c3'] }])).toBe(
      'constraint 1: the thermometer from r1c1: r1c1 and r1c3 do not touch',
    );
    expect(firstError({ kind: 'cage' })).toBe(
      '"constraints" must be a list of constraint objects, got an object',
    );
    const located = parseJson(withConstraints([{ kind: 'even', cell: 'r9c9' }])).errors[0];
    expect(located).toMatchObject({
      line: 1,
      column: withConstraints([{ kind: 'even', cell: 'r9c9' }]).indexOf('"r9c9"') + 1,
    });
  });
});
