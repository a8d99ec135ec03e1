import { describe, expect, it } from 'vitest';
import { detectFormat, formatErrorText, type Detection } from '../../src/formats/index.ts';
import { garbage, sampleInput } from './helpers.ts';

const errorText = (detection: Detection): string =>
  detection.format === null ? formatErrorText(detection.error) : `detected ${detection.format}`;

describe('detectFormat', () => {
  it.each(['hdu4069', 'poj3074', 'poj2676', 'hdu5547'])('tells the %s sample', (name) => {
    expect(detectFormat(sampleInput(name)).format).toBe(name);
  });

  it('says why it chose a format', () => {
    expect(detectFormat(sampleInput('hdu4069'))).toEqual({
      format: 'hdu4069',
      reason: 'all 27 lines looked at (2-30) hold 9 numbers',
      unanimous: true,
    });
    expect(detectFormat('1\n1*3*\n')).toEqual({
      format: 'hdu5547',
      reason: 'line 2 holds 4 of 1-4 and *',
      unanimous: true,
    });
    expect(detectFormat('\r\n  {"size": 4}')).toEqual({
      format: 'json',
      reason: 'line 2 starts with "{"',
    });
  });

  it('tells JSON lists, "end" alone, and CRLF inputs', () => {
    expect(detectFormat('[]').format).toBe('json');
    expect(detectFormat('end\n').format).toBe('poj3074');
    expect(detectFormat(sampleInput('poj2676').replaceAll('\n', '\r\n')).format).toBe('poj2676');
    expect(detectFormat(sampleInput('hdu5547').replaceAll('\n', ' \r\n')).format).toBe('hdu5547');
  });

  it('names what it cannot tell, and where', () => {
    expect(errorText(detectFormat(''))).toBe('line 1, column 1: the input is empty');
    expect(errorText(detectFormat('3\n'))).toBe(
      'line 2, column 1: cannot tell the format: the input ends after the number of cases; name the format with --format',
    );
    expect(errorText(detectFormat('3\n\n  12 34\n'))).toBe(
      'line 3, column 3: cannot tell the format from "12 34": expected 9 numbers (hdu4069), 9 digits (poj2676) or 4 of 1-4 and * (hdu5547); name the format with --format',
    );
    expect(errorText(detectFormat('hello world\n'))).toBe(
      'line 1, column 1: cannot tell the format: the first line is not a number of cases, a puzzle on one line (poj3074 or jigsaw), or JSON: "hello world", and no line after it looks like a puzzle row; name the format with --format',
    );
  });

  it('says how the lines split when no format has a majority', () => {
    // A jigsaw line, then one cut short: its 81 givens alone read as a poj3074 puzzle line.
    const line = `${'.'.repeat(80)}1${'ABCDEFGHI'.repeat(9)}`;
    expect(errorText(detectFormat(`${line}\n${line.slice(0, 100)}\n`))).toBe(
      'line 1, column 1: cannot tell the format: the 2 lines looked at (1-2) do not agree: 1 holds N*N givens and N*N region characters (jigsaw) and 1 is a puzzle on one line (poj3074); name the format with --format',
    );
    // One row beside one line of no format is read as that format: the bad line is then
    // reported where it is (a poj3074 puzzle with "END" after it, say).
    expect(detectFormat(`${line}\nhello\n`)).toMatchObject({ format: 'jigsaw', unanimous: false });
    expect(detectFormat(`${'.'.repeat(81)}\nEND\n`)).toMatchObject({
      format: 'poj3074',
      unanimous: false,
    });
  });

  it('tells a grid of digits with spaces from hdu4069, whose rows carry wall bits', () => {
    const rows = new Array(9).fill('1 0 3 0 0 0 5 0 9').join('\n');
    expect(errorText(detectFormat(`1\n${rows}\n`))).toBe(
      'line 2, column 1: cannot tell the format from "1 0 3 0 0 0 5 0 9": digits with spaces are neither a poj2676 row (9 digits, no spaces) nor an hdu4069 row (9 numbers with wall bits); write the rows without spaces for poj2676, or name the format with --format',
    );
  });

  it('goes by the majority of the first lines, so one damaged line decides nothing', () => {
    // Row 1 of the hdu4069 sample with 8 numbers, and a poj3074 puzzle with a stray space.
    const hdu = sampleInput('hdu4069').replace(/^(3\n(?:\d+ ){7}\d+) \d+/, '$1');
    expect(detectFormat(hdu)).toEqual({
      format: 'hdu4069',
      reason: '26 of the 27 lines looked at (2-30) hold 9 numbers',
      unanimous: false,
    });
    const poj = sampleInput('poj3074').replace(/^(.{10})/, '$1 ');
    expect(detectFormat(poj)).toMatchObject({ format: 'poj3074', unanimous: false });
    // The first line of poj2676 damaged: its T is gone, and its rows still win.
    expect(detectFormat(sampleInput('poj2676').replace(/^1/, 'x')).format).toBe('poj2676');
    // A tie or a minority is no majority: noise with two look-alike lines is not poj3074.
    expect(detectFormat(`${'1'.repeat(81)}\nhello\nworld\n`).format).toBeNull();
  });

  it('gives up on 10 MB of noise at once', () => {
    expect(detectFormat(garbage(10_000_000)).format).toBeNull();
  });
});
