import { describe, expect, it } from 'vitest';
import {
  formatErrorText,
  parsePoj3074,
  plainPoj3074Givens,
  printPoj3074Results,
} from '../../src/formats/index.ts';
import { editLine, garbage, sampleInput } from './helpers.ts';

// The sample: two puzzle lines, then `end`.
const SAMPLE = sampleInput('poj3074');
const errorsOf = (text: string): string[] => parsePoj3074(text).errors.map(formatErrorText);

describe('parsePoj3074', () => {
  it('reads the sample: one standard puzzle per line, "." empty', () => {
    const { cases, errors, caseCount } = parsePoj3074(SAMPLE);
    expect(errors).toEqual([]);
    expect(caseCount).toBe(2);
    expect(cases.map((c) => [c.case, c.line])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(Array.from(cases[0].board.givens.subarray(0, 9))).toEqual([0, 2, 7, 3, 8, 0, 0, 1, 0]);
    expect(cases[0].board.regions[80]).toBe(8);
  });

  it('accepts "0" for an empty cell, CRLF, trailing spaces, blank lines, and no "end"', () => {
    const zeros = SAMPLE.replaceAll('.', '0').replace('end\n', '').replaceAll('\n', ' \r\n\r\n');
    const read = parsePoj3074(zeros);
    expect(read.errors).toEqual([]);
    expect(read.cases.map((c) => c.board)).toEqual(parsePoj3074(SAMPLE).cases.map((c) => c.board));
  });

  it('stops reading at "end"', () => {
    expect(parsePoj3074(`${SAMPLE}this is not read\n`).errors).toEqual([]);
    expect(parsePoj3074('end\n').cases).toEqual([]);
    expect(parsePoj3074('end\n').errors).toEqual([]);
  });

  it('names a bad character, and still reads the other lines', () => {
    const text = editLine(SAMPLE, 1, (line) => `${line.slice(0, 4)}x${line.slice(5)}`);
    expect(errorsOf(text)).toEqual([
      'case 1, line 1, column 5: expected a digit 1-9, or "." or "0" for an empty cell, got "x"',
    ]);
    expect(parsePoj3074(text).cases.map((c) => c.case)).toEqual([2]);
    const spaced = editLine(SAMPLE, 2, (line) => ` ${line.slice(1)}`);
    expect(errorsOf(spaced)).toEqual([
      'case 2, line 2, column 1: expected a digit 1-9, or "." or "0" for an empty cell, got a space',
    ]);
  });

  it('reports a line that is too short or too long', () => {
    expect(errorsOf(editLine(SAMPLE, 2, (line) => line.slice(0, 80)))).toEqual([
      'case 2, line 2, column 81: the line ends after 80 cells; a puzzle has 81',
    ]);
    expect(errorsOf(editLine(SAMPLE, 1, (line) => `${line}12`))).toEqual([
      'case 1, line 1, column 82: the line goes on after 81 cells: "12"',
    ]);
  });

  it('numbers cases by puzzle line, bad ones included, past blank lines', () => {
    const lines = SAMPLE.split('\n');
    const text = [lines[0], '', 'oops', '', lines[1], 'end', ''].join('\n');
    const { cases, errors } = parsePoj3074(text);
    expect(errors.map(formatErrorText)).toEqual([
      'case 2, line 3, column 1: expected a digit 1-9, or "." or "0" for an empty cell, got "o"',
    ]);
    expect(cases.map((c) => [c.case, c.line])).toEqual([
      [1, 1],
      [3, 5],
    ]);
  });

  it('reports empty input', () => {
    expect(errorsOf('')).toEqual([
      'line 1, column 1: the input is empty; expected lines of 81 cells',
    ]);
    expect(errorsOf('\r\n\r\n')).toEqual([
      'line 3, column 1: the input is empty; expected lines of 81 cells',
    ]);
  });

  it('reads a 10 MB line, and 10 MB of noise, in linear time', () => {
    expect(errorsOf('1'.repeat(10_000_000))).toEqual([
      'case 1, line 1, column 82: the line goes on after 81 cells: "111111111111111111111111…"',
    ]);
    const noise = parsePoj3074(garbage(10_000_000));
    expect(noise.cases).toEqual([]);
    expect(noise.errors.length).toBe(noise.caseCount);
    expect(noise.errors[0]).toMatchObject({ case: 1, line: 1 });
  });
});

describe('printPoj3074Results', () => {
  it('writes one line of 81 digits per answer, "No solution" for none', () => {
    const solution = Uint8Array.from({ length: 81 }, (_, cell) => (cell % 9) + 1);
    const digits = solution.join('');
    expect(
      printPoj3074Results([
        { case: 1, result: { status: 'found', solution } },
        { case: 2, result: { status: 'invalid', errors: [] } },
        { case: 3, result: { status: 'none' } },
        { case: 4, result: { status: 'unique', solution } },
      ]),
    ).toBe(`${digits}\nNo solution\n${digits}\n`);
  });
});

describe('plainPoj3074Givens', () => {
  const lines = SAMPLE.split('\n').filter((line) => line.length === 81);
  const boardsOf = (text: string) =>
    parsePoj3074(text).cases.map((c) => Array.from(c.board.givens));
  const inRows = (givens: Uint8Array | null) =>
    givens === null
      ? null
      : Array.from({ length: givens.length / 81 }, (_, k) =>
          Array.from(givens.subarray(81 * k, 81 * k + 81)),
        );

  it('gives the boards parsePoj3074 reads, for plain lines with or without "end"', () => {
    for (const text of [
      SAMPLE,
      lines.join('\n'),
      `${lines.join('\n')}\n`,
      `${lines[0].replaceAll('.', '0')}\nend\nthis is not read\n`,
    ]) {
      expect(inRows(plainPoj3074Givens(text))).toEqual(boardsOf(text));
    }
  });

  it('declines anything but plain lines, which parsePoj3074 then reads', () => {
    const [first, second] = lines;
    for (const text of [
      '',
      'end\n',
      `${first}\r\n${second}\r\n`,
      `${first}\n\n${second}\n`,
      `${first} \n`,
      `\ufeff${first}\n`,
      `${first.slice(0, 80)}\n`,
      first.slice(0, 80),
      `${first}5\n`,
      `${first.slice(0, 40)}x${first.slice(41)}\n`,
    ]) {
      expect(plainPoj3074Givens(text), JSON.stringify(text.slice(0, 90))).toBeNull();
    }
  });
});
