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
