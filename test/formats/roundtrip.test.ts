/**
 * print ⇄ parse round trips for every format, on random boards: standard layouts for the
 * judge formats that only hold those, random jigsaw layouts for hdu4069 and JSON, every
 * supported size for JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/engine/index.ts';
import { FORMATS, type FormatName, type JsonValue } from '../../src/formats/index.ts';
import {
  anyBoardArb,
  canonicalRegions,
  jigsawBoardArb,
  standardBoardArb,
} from '../fixtures/arbitraries.ts';

const RUNS = { numRuns: 60 };

/** Print boards in a format, read them back, and check nothing was lost. */
function expectRoundTrip(format: FormatName, boards: readonly Board[]): void {
  const text = FORMATS[format].printPuzzles(boards.map((board) => ({ board })));
  expect(text.endsWith('\n')).toBe(true);
  expect(text).not.toContain('\r');
  const parsed = FORMATS[format].parse(text);
  expect(parsed.errors).toEqual([]);
  expect(parsed.caseCount).toBe(boards.length);
  expect(parsed.cases.map((parsedCase) => parsedCase.case)).toEqual(boards.map((_, i) => i + 1));
  parsed.cases.forEach((parsedCase, index) => {
    const board = boards[index];
    expect(parsedCase.board.size).toBe(board.size);
    expect(Array.from(parsedCase.board.givens)).toEqual(Array.from(board.givens));
    expect(canonicalRegions(parsedCase.board.regions)).toEqual(canonicalRegions(board.regions));
  });
  // Printing what was read gives the same text back: the printed form is canonical.
  expect(FORMATS[format].printPuzzles(parsed.cases)).toBe(text);
}

describe('print ⇄ parse round trips', () => {
  it('hdu4069 keeps jigsaw layouts (walls) and clues', () => {
    fc.assert(
      fc.property(fc.array(jigsawBoardArb(9), { minLength: 1, maxLength: 4 }), (boards) =>
        expectRoundTrip('hdu4069', boards),
      ),
      RUNS,
    );
  });

  it('poj3074 keeps standard 9x9 clues', () => {
    fc.assert(
      fc.property(fc.array(standardBoardArb(9), { minLength: 1, maxLength: 5 }), (boards) =>
        expectRoundTrip('poj3074', boards),
      ),
      RUNS,
    );
  });

  it('poj2676 keeps standard 9x9 clues', () => {
    fc.assert(
      fc.property(fc.array(standardBoardArb(9), { minLength: 1, maxLength: 5 }), (boards) =>
        expectRoundTrip('poj2676', boards),
      ),
      RUNS,
    );
  });

  it('hdu5547 keeps standard 4x4 clues', () => {
    fc.assert(
      fc.property(fc.array(standardBoardArb(4), { minLength: 1, maxLength: 5 }), (boards) =>
        expectRoundTrip('hdu5547', boards),
      ),
      RUNS,
    );
  });

  it('jigsaw lines keep every size, layout and clue', () => {
    fc.assert(
      fc.property(fc.array(anyBoardArb, { minLength: 1, maxLength: 3 }), (boards) =>
        expectRoundTrip('jigsaw', boards),
      ),
      { numRuns: 40 },
    );
  });

  it('JSON keeps every size, the region ids themselves, and one puzzle or a list', () => {
    fc.assert(
      fc.property(fc.array(anyBoardArb, { minLength: 1, maxLength: 3 }), (boards) => {
        expectRoundTrip('json', boards);
        const parsed = FORMATS.json.parse(
          FORMATS.json.printPuzzles(boards.map((board) => ({ board }))),
        );
        expect(parsed.single).toBe(boards.length === 1 ? true : undefined);
        parsed.cases.forEach((parsedCase, index) =>
          expect(Array.from(parsedCase.board.regions)).toEqual(Array.from(boards[index].regions)),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('JSON keeps optional fields as they were', () => {
    const extraArb = fc.dictionary(
      fc.string().filter((key) => !['size', 'regions', 'givens'].includes(key)),
      fc.jsonValue() as fc.Arbitrary<JsonValue>,
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(jigsawBoardArb(6), extraArb, (board, extra) => {
        const text = FORMATS.json.printPuzzles([{ board, extra }]);
        const [parsedCase] = FORMATS.json.parse(text).cases;
        // Compare as JSON text: -0 and 0 are the same JSON number.
        expect(JSON.stringify(parsedCase.extra ?? {})).toBe(JSON.stringify(extra));
        expect(FORMATS.json.printPuzzles([parsedCase])).toBe(text);
      }),
      RUNS,
    );
  });

  it('refuses to print a board a judge format cannot hold, instead of losing its layout', () => {
    const jigsaw = fc.sample(
      jigsawBoardArb(9).filter((board) => FORMATS.poj3074.cannotHold(board) !== null),
      1,
    )[0];
    for (const format of ['poj3074', 'poj2676'] as const) {
      expect(() => FORMATS[format].printPuzzles([{ board: jigsaw }])).toThrow(
        `puzzle 1: ${format} holds the standard box layout only; this puzzle has a jigsaw layout`,
      );
    }
    const small = fc.sample(standardBoardArb(4), 1)[0];
    expect(() => FORMATS.hdu4069.printPuzzles([{ board: small }])).toThrow(
      'puzzle 1: hdu4069 holds 9x9 puzzles only; this one is 4x4',
    );
    expect(() => FORMATS.hdu5547.printPuzzles([{ board: jigsaw }])).toThrow(
      'puzzle 1: hdu5547 holds 4x4 puzzles only; this one is 9x9',
    );
  });
});
