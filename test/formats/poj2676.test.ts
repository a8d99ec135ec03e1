import { describe, expect, it } from 'vitest';
import { formatErrorText, parsePoj2676, printPoj2676Results } from '../../src/formats/index.ts';
import { editLine, firstLines, sampleInput } from './helpers.ts';

// The sample: T = 1 on line 1, then 9 rows on lines 2-10.
const SAMPLE = sampleInput('poj2676');
const errorsOf = (text: string): string[] => parsePoj2676(text).errors.map(formatErrorText);
/** The sample's case twice, with T = 2. */
const TWICE = `2\n${SAMPLE.slice(2)}\n${SAMPLE.slice(2)}`;

describe('parsePoj2676', () => {
  it('reads the sample: 9 rows of digits, 0 empty', () => {
    const { cases, errors } = parsePoj2676(SAMPLE);
    expect(errors).toEqual([]);
    expect(cases).toHaveLength(1);
    expect(Array.from(cases[0].board.givens.subarray(0, 9))).toEqual([1, 0, 3, 0, 0, 0, 5, 0, 9]);
  });

  it('forgives CRLF, trailing spaces and blank lines', () => {
    const read = parsePoj2676(`\r\n${TWICE.replaceAll('\n', ' \t\r\n\r\n')}`);
    expect(read.errors).toEqual([]);
    expect(read.cases.map((c) => c.case)).toEqual([1, 2]);
  });

  it('names a bad character; the other case is still read', () => {
    const text = editLine(TWICE, 4, (line) => `00${'a'}${line.slice(3)}`);
    expect(errorsOf(text)).toEqual([
      'case 1, line 4, column 3: expected a digit 1-9, or 0 for an empty cell, got "a"',
    ]);
    expect(parsePoj2676(text).cases.map((c) => c.case)).toEqual([2]);
  });

  it('reports rows of the wrong length', () => {
    expect(errorsOf(editLine(SAMPLE, 3, (line) => line.slice(0, 7)))).toEqual([
      'case 1, line 3, column 8: row 2 has 7 cells; expected 9',
    ]);
    expect(errorsOf(editLine(SAMPLE, 10, (line) => `${line} 1`))).toEqual([
      'case 1, line 10, column 10: row 9 goes on after 9 cells: " 1"',
    ]);
  });

  it('reports wrong counts and truncation', () => {
    expect(errorsOf(SAMPLE.replace(/^1/, '2'))).toEqual([
      'case 2, line 11, column 1: the input ends before case 2; line 1 announced 2 cases',
    ]);
    expect(errorsOf(TWICE.replace(/^2/, '1'))).toEqual([
      'line 12, column 1: unexpected text after the 1 case announced on line 1: "103000509"',
    ]);
    expect(errorsOf(firstLines(SAMPLE, 6))).toEqual([
      'case 1, line 7, column 1: the input ends after 5 of the 9 rows of case 1',
    ]);
    // A row lost in case 1 of a file without blank lines: case 1 takes case 2's first row,
    // case 2 runs out at the end, and the message says why it may be so.
    const lostRow = `2\n${SAMPLE.slice(2)}${SAMPLE.slice(2)}`.split('\n');
    lostRow.splice(3, 1);
    expect(errorsOf(lostRow.join('\n'))).toEqual([
      'case 2, line 19, column 1: the input ends after 8 of the 9 rows of case 2; nothing in these rows marks where a case starts, so if a row was lost in an earlier case, the cases after it were read shifted (blank lines between cases let the reader recover)',
    ]);
    // T missing: its first row is not read as T = 103,000,509, but as the row it is.
    const noCount = parsePoj2676(SAMPLE.slice(2));
    expect(noCount.cases).toHaveLength(1);
    expect(noCount.cases[0].board).toEqual(parsePoj2676(SAMPLE).cases[0].board);
    expect(noCount.errors.map(formatErrorText)).toEqual([
      'line 1, column 1: expected the number of cases T first, got "103000509", which looks like a row of case 1; reading every case there is',
    ]);
    expect(errorsOf('x\n')).toEqual([
      'line 1, column 1: expected the number of cases T, an integer of 1 or more, got "x"',
    ]);
    expect(errorsOf('')).toEqual([
      'line 1, column 1: the input is empty; expected the number of cases T',
    ]);
  });
});

describe('printPoj2676Results', () => {
  it('writes the 9 solved rows per puzzle, with no header', () => {
    const solution = Uint8Array.from({ length: 81 }, (_, cell) => (cell % 9) + 1);
    const rows = Array(9).fill('123456789');
    expect(
      printPoj2676Results([
        { case: 1, result: { status: 'found', solution } },
        { case: 2, result: { status: 'none' } },
      ]),
    ).toBe([...rows, 'No solution', ''].join('\n'));
  });
});
