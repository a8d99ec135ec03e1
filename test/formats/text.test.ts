import { describe, expect, it } from 'vitest';
import { gridLines, joinLines } from '../../src/formats/text.ts';

const digits = (text: string): Uint8Array => Uint8Array.from(text, Number);

describe('joinLines', () => {
  it('joins text lines with LF and a final newline; nothing for no lines', () => {
    expect(joinLines([])).toBe('');
    expect(joinLines(['a', '', 'bc'])).toBe('a\n\nbc\n');
  });

  it('writes digit rows as their digits, between text lines, at any length', () => {
    // Lengths 1-11 around the 4-byte steps the digits are written in.
    for (let length = 1; length <= 11; length++) {
      const row = '0123456789'.repeat(2).slice(0, length);
      const lines = ['Case 1:', digits(row), 'No solution', digits(row.slice(1)), 'x'];
      expect(joinLines(lines)).toBe(`Case 1:\n${row}\nNo solution\n${row.slice(1)}\nx\n`);
      expect(joinLines([digits(row)])).toBe(`${row}\n`);
    }
  });

  it('keeps text that is not ASCII as it is', () => {
    expect(joinLines(['Fall – é', digits('90')])).toBe('Fall – é\n90\n');
  });
});

describe('gridLines', () => {
  it('gives the rows of a grid without copying, and refuses two-digit sizes', () => {
    const grid = digits('1234341221434321');
    const rows = gridLines(grid, 4);
    expect(rows.map((row) => row.join(''))).toEqual(['1234', '3412', '2143', '4321']);
    expect(rows[1].buffer).toBe(grid.buffer);
    expect(() => gridLines(new Uint8Array(100), 10)).toThrow(RangeError);
  });
});
