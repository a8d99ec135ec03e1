/**
 * Variant constraints in f-puzzles strings (src/formats/fpuzzlesConstraints.ts): random
 * constraint lists of every kind f-puzzles holds, on random sizes and layouts, come back
 * from parse(print(x)) as they went in; each field is read with f-puzzles' meaning (the
 * rising diagonal, a little killer's clue outside the grid, a sandwich clue beside its
 * line); what Squiggly cannot hold exactly is named, never dropped; bad entries are errors
 * naming the field and entry; and what f-puzzles cannot hold is refused in words.
 */
import fc from 'fast-check';
import { compressToBase64, decompressFromBase64 } from 'lz-string';
import { describe, expect, it } from 'vitest';
import {
  createBoard,
  createRandom,
  randomJigsawLayout,
  randomSolution,
  standardRegions,
  type Board,
  type Constraint,
} from '../../src/engine/index.ts';
import { randomInt } from '../../src/engine/random.ts';
import {
  fpuzzlesCannotHold,
  parseFpuzzles,
  printFpuzzles,
  sudokuPadUrl,
} from '../../src/formats/index.ts';
import { randomConstraints } from '../fixtures/variantArbitraries.ts';

const GLOBAL_KINDS = new Set([
  'diagonal',
  'antiKnight',
  'antiKing',
  'nonConsecutive',
  'allDotsGiven',
  'allXvGiven',
]);

/** A list as a sorted set of texts: order is f-puzzles' field order, a repeated rule is one. */
function canonical(constraints: readonly Constraint[]): string[] {
  // `slow: false` is a plain thermometer, as Squiggly JSON writes it too.
  const texts = constraints.map((constraint) =>
    JSON.stringify(
      constraint.kind === 'thermometer' && constraint.slow === false
        ? { kind: 'thermometer', cells: constraint.cells }
        : constraint,
    ),
  );
  const globals = new Set(texts.filter((_, k) => GLOBAL_KINDS.has(constraints[k].kind)));
  return [...globals, ...texts.filter((_, k) => !GLOBAL_KINDS.has(constraints[k].kind))].sort();
}

/** The constraints of a random list that f-puzzles can hold (see fpuzzlesConstraintGaps). */
function heldByFpuzzles(constraints: readonly Constraint[], size: number): Constraint[] {
  const german = Math.ceil(size / 2);
  const fullDiagonal = (cells: readonly number[]): boolean => {
    const row = (cell: number) => Math.floor(cell / size);
    const col = (cell: number) => cell % size;
    const [first, last] = [cells[0], cells[cells.length - 1]];
    const dr = cells.length > 1 ? row(cells[1]) - row(first) : 0;
    const dc = cells.length > 1 ? col(cells[1]) - col(first) : 0;
    const inside = (r: number, c: number) => r >= 0 && r < size && c >= 0 && c < size;
    if (cells.length === 1) {
      return [
        [1, 1],
        [1, -1],
      ].some(
        ([a, b]) =>
          !inside(row(first) - a, col(first) - b) && !inside(row(first) + a, col(first) + b),
      );
    }
    return !inside(row(first) - dr, col(first) - dc) && !inside(row(last) + dr, col(last) + dc);
  };
  const dots = constraints.some((c) => c.kind === 'kropki' || c.kind === 'allDotsGiven');
  return constraints.filter(
    (c) =>
      c.kind !== 'greaterThan' &&
      !(c.kind === 'littleKiller' && !fullDiagonal(c.cells)) &&
      !(c.kind === 'whisper' && c.difference !== undefined && c.difference < german - 1) &&
      !(c.kind === 'nonConsecutive' && dots),
  );
}

function read(text: string) {
  const reading = parseFpuzzles(text);
  if ('error' in reading) throw new Error(reading.error.message);
  return reading;
}

/** An f-puzzles string of an empty grid with boxes, plus the given fields. */
function fpuzzles(size: number, fields: Record<string, unknown>): string {
  const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => ({})));
  return compressToBase64(JSON.stringify({ size, grid, ...fields }));
}

const unpacked = (text: string): Record<string, unknown> =>
  JSON.parse(decompressFromBase64(text) as string) as Record<string, unknown>;

describe('f-puzzles constraints round trip', () => {
  it('parse(print(x)) is x for every kind f-puzzles holds, on random sizes', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(4, 5, 6, 7, 8, 9, 10, 12),
        (seed, size) => {
          const random = createRandom(seed);
          const regions =
            size === 9 && random() < 0.3 ? standardRegions(9) : randomJigsawLayout(size, random);
          const solution = randomSolution(size, regions, random);
          if (!solution) return;
          const listed = randomConstraints(size, solution, random, 1 + randomInt(random, 12));
          const constraints = heldByFpuzzles(listed, size);
          for (const c of constraints) seen.add(c.kind);
          const board: Board = createBoard(size, regions);
          expect(fpuzzlesCannotHold(board, constraints)).toBeNull();
          const back = read(
            printFpuzzles(board, { title: '', author: '', rules: '' }, constraints),
          );
          expect(canonical(back.constraints)).toEqual(canonical(constraints));
          expect(back.leftOut).toEqual([]);
          expect(canonical(read(sudokuPadUrl(board, undefined, constraints)).constraints)).toEqual(
            canonical(constraints),
          );
        },
      ),
      { numRuns: 250 },
    );
    // Every kind f-puzzles holds turned up.
    for (const kind of [
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
      'littleKiller',
      'whisper',
      'renban',
      'palindrome',
      'sandwich',
      'allDotsGiven',
      'allXvGiven',
    ]) {
      expect(seen, kind).toContain(kind);
    }
  });
});

describe('f-puzzles constraint fields, read with their meaning', () => {
  it('reads every field into the engine kinds', () => {
    const reading = read(
      fpuzzles(9, {
        'diagonal+': true,
        antiknight: true,
        killercage: [{ cells: ['R1C1', 'R1C2'], value: '17' }, { cells: ['R9C9'] }],
        extraregion: [{ cells: ['R2C2', 'R2C3'] }],
        odd: [{ cell: 'R5C5' }],
        even: [{ cell: 'r5c6' }],
        thermometer: [
          {
            lines: [
              ['R3C1', 'R3C2', 'R3C3'],
              ['R3C1', 'R4C1'],
            ],
          },
        ],
        arrow: [{ cells: ['R7C1', 'R7C2'], lines: [['R7C2', 'R8C3', 'R9C4']] }],
        difference: [{ cells: ['R6C1', 'R6C2'] }, { cells: ['R6C3', 'R6C4'], value: '1' }],
        ratio: [{ cells: ['R6C5', 'R6C6'] }],
        xv: [
          { cells: ['R6C7', 'R6C8'], value: 'X' },
          { cells: ['R7C7', 'R7C8'], value: 'v' },
        ],
        littlekillersum: [{ cell: 'R0C3', direction: 'DR', value: '20' }],
        sandwichsum: [
          { cell: 'R0C4', value: '12' },
          { cell: 'R2C0', value: '0' },
        ],
        whispers: [{ lines: [['R8C8', 'R8C9']], value: '4' }, { lines: [['R9C6', 'R9C7']] }],
        renban: [{ lines: [['R4C4', 'R4C5']] }],
        palindrome: [{ lines: [['R4C7', 'R4C8', 'R4C9']] }],
        negative: ['xv'],
      }),
    );
    const c = (row: number, col: number) => (row - 1) * 9 + (col - 1);
    expect(reading.leftOut).toEqual([]);
    expect(reading.constraints).toEqual([
      { kind: 'diagonal', direction: 'up' },
      { kind: 'antiKnight' },
      { kind: 'cage', cells: [c(1, 1), c(1, 2)], sum: 17 },
      { kind: 'cage', cells: [c(9, 9)] },
      { kind: 'extraRegion', cells: [c(2, 2), c(2, 3)] },
      { kind: 'odd', cell: c(5, 5) },
      { kind: 'even', cell: c(5, 6) },
      { kind: 'thermometer', cells: [c(3, 1), c(3, 2), c(3, 3)] },
      { kind: 'thermometer', cells: [c(3, 1), c(4, 1)] },
      { kind: 'arrow', circle: [c(7, 1), c(7, 2)], shaft: [c(8, 3), c(9, 4)] },
      { kind: 'kropki', cells: [c(6, 1), c(6, 2)], colour: 'white' },
      { kind: 'kropki', cells: [c(6, 3), c(6, 4)], colour: 'white' },
      { kind: 'kropki', cells: [c(6, 5), c(6, 6)], colour: 'black' },
      { kind: 'xv', cells: [c(6, 7), c(6, 8)], sum: 10 },
      { kind: 'xv', cells: [c(7, 7), c(7, 8)], sum: 5 },
      // From above r1c3, down and right: r1c4 … r6c9.
      { kind: 'littleKiller', cells: [4, 5, 6, 7, 8, 9].map((k) => c(k - 3, k)), sum: 20 },
      { kind: 'sandwich', line: 'column', index: 3, sum: 12 },
      { kind: 'sandwich', line: 'row', index: 1, sum: 0 },
      { kind: 'whisper', cells: [c(8, 8), c(8, 9)], difference: 4 },
      { kind: 'whisper', cells: [c(9, 6), c(9, 7)] },
      { kind: 'renban', cells: [c(4, 4), c(4, 5)] },
      { kind: 'palindrome', cells: [c(4, 7), c(4, 8), c(4, 9)] },
      { kind: 'allXvGiven' },
    ]);
    const falling = read(fpuzzles(4, { 'diagonal-': true, 'diagonal+': false }));
    expect(falling.constraints).toEqual([{ kind: 'diagonal', direction: 'down' }]);
  });

  it('maps the negatives only where the meaning is exact, and names the rest', () => {
    const dot = { cells: ['R1C1', 'R1C2'] };
    const both = read(fpuzzles(4, { nonconsecutive: true, negative: ['ratio'], ratio: [dot] }));
    expect(both.constraints.map((c) => c.kind)).toEqual(['kropki', 'allDotsGiven']);
    expect(read(fpuzzles(4, { nonconsecutive: true })).constraints).toEqual([
      { kind: 'nonConsecutive' },
    ]);
    const spared = read(fpuzzles(4, { nonconsecutive: true, difference: [dot] }));
    expect(spared.constraints.map((c) => c.kind)).toEqual(['kropki']);
    expect(spared.leftOut).toEqual([expect.stringMatching(/^non-consecutive rule \(which spares/)]);
    const blackOnly = read(fpuzzles(4, { negative: ['ratio', 'lockout'] }));
    expect(blackOnly.constraints).toEqual([]);
    expect(blackOnly.leftOut).toEqual([
      expect.stringMatching(/^"all black dots given" rule/),
      'negative constraint on "lockout"',
    ]);
    // A dot Squiggly cannot read spares its pair too: the negatives are then not exact.
    const valued = read(
      fpuzzles(4, {
        nonconsecutive: true,
        negative: ['ratio'],
        difference: [{ ...dot, value: '2' }],
      }),
    );
    expect(valued.constraints).toEqual([]);
    expect(valued.leftOut).toEqual([
      'white dots showing a difference other than 1',
      expect.stringMatching(/^non-consecutive rule/),
      expect.stringMatching(/^"all black dots given" rule/),
    ]);
    expect(read(fpuzzles(4, { ratio: [{ ...dot, value: 3 }] })).leftOut).toEqual([
      'black dots showing a ratio other than 2',
    ]);
  });

  it('names cosmetics and unread clues, but not the drawing of a constraint it read', () => {
    const reading = read(
      fpuzzles(9, {
        renban: [{ lines: [['R1C1', 'R1C2']] }],
        line: [
          { lines: [['R1C1', 'R1C2']], fromConstraint: 'Renban' },
          { lines: [['R5C5', 'R6C6']], outlineC: '#000' },
        ],
        circle: [{ cells: ['R2C2'], fromConstraint: 'Slow Thermometer' }],
        littlekillersum: [{ cell: 'R10C1', direction: 'UR' }],
        sandwichsum: [{ cell: 'R3C10' }],
        killercage: [{ cells: ['R9C9'], value: '?' }, { cells: [] }],
        clone: [{ cells: ['R1C1'], cloneCells: ['R9C9'] }],
      }),
    );
    expect(reading.constraints).toEqual([
      { kind: 'cage', cells: [80] },
      { kind: 'renban', cells: [0, 1] },
    ]);
    expect(reading.leftOut).toEqual([
      'the non-numeric killer cage totals (such as "?")',
      'killer cages without cells',
      'little killer arrows without a total',
      'sandwich clues without a total',
      'lines',
      'clones',
    ]);
  });

  it('refuses a bad entry, naming the field, the entry and what is wrong', () => {
    const error = (fields: Record<string, unknown>, size = 9): string => {
      const reading = parseFpuzzles(fpuzzles(size, fields));
      if (!('error' in reading)) throw new Error('read a bad entry');
      return reading.error.message;
    };
    const cage = { cells: ['R1C1'] };
    expect(error({ killercage: [cage, cage, { cells: ['R10C1'] }] })).toBe(
      'killercage 3: cell R10C1 is outside the 9x9 grid',
    );
    expect(error({ killercage: [{ cells: ['R1C1', 'R1C2'], value: '40' }] })).toMatch(
      /^killercage 1: the killer cage at r1c1 \(40\): 2 different digits sum to 3–17, not 40$/,
    );
    expect(error({ thermometer: [{ lines: [['R1C1', 'R3C3']] }] })).toMatch(
      /^thermometer 1: .*r1c1 and r3c3 do not touch/,
    );
    expect(error({ xv: [{ cells: ['R1C1', 'R1C2'], value: 'Y' }] })).toBe(
      'xv 1: "value" must be "X" or "V", got "Y"',
    );
    expect(error({ arrow: [{ cells: ['R1C1'], lines: [['R2C2', 'R3C3']] }] })).toMatch(
      /^arrow 1 line 1: it must start in the arrow's circle/,
    );
    expect(error({ littlekillersum: [{ cell: 'R2C2', direction: 'DR', value: '5' }] })).toMatch(
      /^littlekillersum 1: its clue cell R2C2 is inside the grid/,
    );
    expect(error({ littlekillersum: [{ cell: 'R0C1', direction: 'XX', value: '5' }] })).toMatch(
      /^littlekillersum 1: "direction" must be UR, UL, DR or DL/,
    );
    expect(error({ sandwichsum: [{ cell: 'R0C0', value: '5' }] })).toMatch(
      /^sandwichsum 1: its clue cell R0C0 is not beside a row or column/,
    );
    expect(error({ antiknight: 'yes' })).toBe('"antiknight" must be true or false, got "yes"');
    expect(error({ odd: [{ cell: 'middle' }] })).toBe(
      'odd 1: expected a cell such as "R1C1", got "middle"',
    );
    expect(error({ difference: [{ cells: ['R1C1', 'R2C2'] }] })).toMatch(
      /^difference 1: .*the two cells must share a side/,
    );
  });
});

describe('f-puzzles constraints written', () => {
  it("writes f-puzzles' own field shapes", () => {
    const board = createBoard(9);
    const c = (row: number, col: number) => (row - 1) * 9 + (col - 1);
    const json = unpacked(
      printFpuzzles(board, undefined, [
        { kind: 'diagonal', direction: 'up' },
        { kind: 'allDotsGiven' },
        { kind: 'allXvGiven' },
        { kind: 'cage', cells: [c(1, 1), c(1, 2)], sum: 3 },
        {
          kind: 'littleKiller',
          cells: [c(9, 1), c(8, 2), c(7, 3), c(6, 4), c(5, 5), c(4, 6), c(3, 7), c(2, 8), c(1, 9)],
          sum: 45,
        },
        { kind: 'sandwich', line: 'row', index: 4, sum: 10 },
        { kind: 'arrow', circle: [c(5, 5)], shaft: [c(6, 6), c(7, 7)] },
        { kind: 'thermometer', cells: [c(2, 1), c(2, 2)], slow: true },
        { kind: 'renban', cells: [c(3, 1), c(3, 2)] },
      ]),
    );
    expect(json).toMatchObject({
      'diagonal+': true,
      nonconsecutive: true,
      negative: ['ratio', 'xv'],
      killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }],
      littlekillersum: [{ cell: 'R10C0', direction: 'UR', value: '45' }],
      sandwichsum: [{ cell: 'R5C0', value: '10' }],
      arrow: [{ cells: ['R5C5'], lines: [['R5C5', 'R6C6', 'R7C7']] }],
      slowthermometer: [{ lines: [['R2C1', 'R2C2']] }],
      renban: [{ lines: [['R3C1', 'R3C2']] }],
      line: [
        { lines: [['R2C1', 'R2C2']], fromConstraint: 'Slow Thermometer' },
        { lines: [['R3C1', 'R3C2']], fromConstraint: 'Renban' },
      ],
    });
  });

  it('refuses, in words, what f-puzzles cannot hold', () => {
    const board = createBoard(9);
    const held = fpuzzlesCannotHold(board, [
      { kind: 'greaterThan', cells: [0, 1] },
      { kind: 'littleKiller', cells: [10, 20], sum: 5 },
      { kind: 'whisper', cells: [0, 1], difference: 2 },
      { kind: 'nonConsecutive' },
      { kind: 'kropki', cells: [0, 1], colour: 'white' },
    ]);
    expect(held).toBe(
      'f-puzzles cannot hold the greater-than sign between r1c1 and r1c2: f-puzzles has no greater-than signs; ' +
        'the little killer 5 along r2c2: an f-puzzles little killer runs from outside the grid to its far edge; ' +
        'the German whispers line from r1c1: f-puzzles draws whispers with a difference of 5 (German) or 4 (Dutch), not 2; ' +
        'the non-consecutive rule beside kropki dots: f-puzzles spares the pairs with a dot from it',
    );
    expect(() => printFpuzzles(board, undefined, [{ kind: 'greaterThan', cells: [0, 1] }])).toThrow(
      /greater-than/,
    );
    expect(fpuzzlesCannotHold(board, [{ kind: 'nonConsecutive' }])).toBeNull();
  });
});
