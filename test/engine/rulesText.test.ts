/**
 * The rules text written from a puzzle's constraints (src/engine/variants/rulesText.ts): the
 * jigsaw rules with the size's digits, one sentence per kind present (once however many),
 * the whisper difference of the size, and nothing for kinds that are absent.
 */
import { describe, expect, it } from 'vitest';
import { rulesText, type Constraint } from '../../src/engine/index.ts';

describe('rulesText', () => {
  it('writes the jigsaw rules alone for a puzzle without constraints, digits 1 to N', () => {
    expect(rulesText([], 9)).toBe(
      'Normal jigsaw sudoku rules apply: place the digits 1 to 9 once each in every row, column and outlined region.',
    );
    expect(rulesText([], 12)).toContain('the digits 1 to C once each');
  });

  it('writes one sentence per kind present, in a fixed order', () => {
    const constraints: Constraint[] = [
      { kind: 'thermometer', cells: [0, 1] },
      { kind: 'cage', cells: [3, 4], sum: 7 },
      { kind: 'cage', cells: [5, 6], sum: 9 },
      { kind: 'antiKnight' },
    ];
    const text = rulesText(constraints, 9);
    expect(text.match(/cage/g)).toHaveLength(1);
    expect(text).toContain('Digits in a cage sum to the small number in its corner');
    expect(text).toContain('Digits along a thermometer strictly increase from the bulb end.');
    expect(text.indexOf('cage')).toBeLessThan(text.indexOf('thermometer'));
    expect(text.endsWith("Cells a chess knight's move apart cannot hold the same digit.")).toBe(
      true,
    );
    expect(text).not.toContain('kropki');
    expect(text).not.toContain('dot');
  });

  it("gives the whisper difference of the size, or the lines' own", () => {
    const whisper: Constraint = { kind: 'whisper', cells: [0, 1] };
    expect(rulesText([whisper], 9)).toContain('differ by at least 5.');
    expect(rulesText([whisper], 6)).toContain('differ by at least 3.');
    expect(rulesText([{ ...whisper, difference: 4 }], 9)).toContain('differ by at least 4.');
  });

  it('adds the all-given rules to their marks, and a sandwich names the largest digit', () => {
    const text = rulesText(
      [{ kind: 'allDotsGiven' }, { kind: 'sandwich', line: 'row', index: 0, sum: 10 }],
      6,
    );
    expect(text).toContain('black dot are in a 1:2 ratio. All possible dots are given.');
    expect(text).toContain('between the 1 and the 6');
  });

  it('tells slow thermometers and both diagonals apart', () => {
    const text = rulesText(
      [
        { kind: 'thermometer', cells: [0, 1], slow: true },
        { kind: 'diagonal', direction: 'down' },
        { kind: 'diagonal', direction: 'up' },
      ],
      9,
    );
    expect(text).toContain('never decrease');
    expect(text).not.toContain('strictly increase');
    expect(text).toContain('either main diagonal');
  });
});
