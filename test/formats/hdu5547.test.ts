import { describe, expect, it } from 'vitest';
import { formatErrorText, parseHdu5547, printHdu5547Results } from '../../src/formats/index.ts';
import { editLine, sampleInput } from './helpers.ts';

// The sample: T = 3 on line 1; case k is a blank line then 4 rows (case 1: lines 3-6).
const SAMPLE = sampleInput('hdu5547');
const errorsOf = (text: string): string[] => parseHdu5547(text).errors.map(formatErrorText);

describe('parseHdu5547', () => {
  it('reads the sample: 4x4, "*" empty', () => {
    const { cases, errors } = parseHdu5547(SAMPLE);
    expect(errors).toEqual([]);
    expect(cases.map((c) => [c.case, c.line])).toEqual([
      [1, 3],
      [2, 8],
      [3, 13],
    ]);
    expect(Array.from(cases[2].board.givens.subarray(0, 4))).toEqual([0, 4, 1, 0]);
    expect(Array.from(cases[2].board.regions.subarray(0, 8))).toEqual([0, 0, 1, 1, 0, 0, 1, 1]);
  });

  it('does not need the empty line before a case, and forgives CRLF', () => {
    const packed = SAMPLE.split('\n')
      .filter((line) => line !== '')
      .join('\r\n');
    const read = parseHdu5547(packed);
    expect(read.errors).toEqual([]);
    expect(read.cases.map((c) => c.board)).toEqual(parseHdu5547(SAMPLE).cases.map((c) => c.board));
  });

  it('names a bad character; the other cases are still read', () => {
    const text = editLine(SAMPLE, 9, () => '*352');
    expect(errorsOf(text)).toEqual([
      'case 2, line 9, column 3: expected a digit 1-4, or "*" for an empty cell, got "5"',
    ]);
    expect(parseHdu5547(text).cases.map((c) => c.case)).toEqual([1, 3]);
  });

  it('checks T against the judge bound of 100, and the number of cases', () => {
    expect(errorsOf(SAMPLE.replace(/^3/, '101'))[0]).toBe(
      'line 1, column 1: the number of cases T must be an integer from 1 to 100, got 101',
    );
    expect(errorsOf(SAMPLE.replace(/^3/, '4'))).toEqual([
      'case 4, line 17, column 1: the input ends before case 4; line 1 announced 4 cases',
    ]);
    expect(errorsOf(editLine(SAMPLE, 5, () => '41'))).toEqual([
      'case 1, line 5, column 3: row 3 has 2 cells; expected 4',
    ]);
  });
});

describe('printHdu5547Results', () => {
  it('writes "Case #x:" and the 4 rows, keeping case numbers', () => {
    const solution = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    expect(
      printHdu5547Results([
        { case: 1, result: { status: 'invalid', errors: [] } },
        { case: 2, result: { status: 'found', solution } },
        { case: 3, result: { status: 'none' } },
      ]),
    ).toBe('Case #2:\n1234\n3412\n2143\n4321\nCase #3:\nNo solution\n');
  });
});
