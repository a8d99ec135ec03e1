import { describe, expect, it } from 'vitest';
import { formatErrorText, parseHdu4069, printHdu4069Results } from '../../src/formats/index.ts';
import { editLine, firstLines, garbage, sampleInput, setToken } from './helpers.ts';

// The sample: line 1 is T = 3; case 1 is lines 2-10, case 2 lines 12-20, case 3 lines 22-30.
const SAMPLE = sampleInput('hdu4069');

const caseNumbers = (text: string): number[] => parseHdu4069(text).cases.map((c) => c.case);

describe('parseHdu4069: good input', () => {
  it('reads the sample: clues from the low 4 bits, regions from the walls', () => {
    const { cases, errors, caseCount } = parseHdu4069(SAMPLE);
    expect(errors).toEqual([]);
    expect(caseCount).toBe(3);
    expect(cases.map((c) => [c.case, c.line])).toEqual([
      [1, 2],
      [2, 12],
      [3, 22],
    ]);
    const board = cases[0].board;
    expect(Array.from(board.givens.subarray(0, 9))).toEqual([0, 2, 0, 0, 0, 9, 6, 0, 0]);
    expect(Array.from(board.regions.subarray(0, 9))).toEqual([0, 0, 0, 1, 1, 1, 1, 2, 2]);
    for (const { board: each } of cases) {
      const sizes = new Map<number, number>();
      for (const region of each.regions) sizes.set(region, (sizes.get(region) ?? 0) + 1);
      expect([...sizes.values()]).toEqual(Array(9).fill(9));
    }
  });

  it('forgives CRLF, trailing spaces, tabs and runs of spaces, and blank lines anywhere', () => {
    const messy = `\r\n${SAMPLE.replaceAll('\n', '  \r\n\r\n').replaceAll(' 18 ', '\t 18  ')}\r\n\r\n`;
    const tidy = parseHdu4069(SAMPLE);
    const read = parseHdu4069(messy);
    expect(read.errors).toEqual([]);
    expect(read.cases.map((c) => c.board)).toEqual(tidy.cases.map((c) => c.board));
    const noBlankLines = SAMPLE.split('\n')
      .filter((line) => line !== '')
      .join('\n');
    expect(parseHdu4069(noBlankLines).cases.map((c) => c.board)).toEqual(
      tidy.cases.map((c) => c.board),
    );
  });

  it('accepts a wall that ends inside a region: it changes no region', () => {
    // r1c1 and r1c2 are both in region 1; a wall between them (seen from both sides) dangles.
    const text = setToken(setToken(SAMPLE, 2, 0, String(144 + 32)), 2, 1, String(18 + 128));
    const { cases, errors } = parseHdu4069(text);
    expect(errors).toEqual([]);
    expect(cases[0].board).toEqual(parseHdu4069(SAMPLE).cases[0].board);
  });
});

describe('parseHdu4069: bad numbers make only their case bad', () => {
  it('names a token that is not a number, with case, line and column', () => {
    const { cases, errors } = parseHdu4069(setToken(SAMPLE, 15, 4, 'x1'));
    expect(errors).toEqual([
      { case: 2, line: 15, column: 16, message: 'expected an integer from 0 to 249, got "x1"' },
    ]);
    expect(formatErrorText(errors[0])).toBe(
      'case 2, line 15, column 16: expected an integer from 0 to 249, got "x1"',
    );
    expect(cases.map((c) => c.case)).toEqual([1, 3]);
  });

  it.each([
    ['-5', 'expected an integer from 0 to 249, got "-5"'],
    ['1.5', 'expected an integer from 0 to 249, got "1.5"'],
    ['0x10', 'expected an integer from 0 to 249, got "0x10"'],
    ['256', '"256" is out of range: expected an integer from 0 to 249'],
    [
      '99999999999999999999999999999',
      '"999999999999999999999999…" is out of range: expected an integer from 0 to 249',
    ],
    [
      '250',
      '250 has digit part 10 (250 = 240 + 10); the digit part must be 0 to 9, so values run from 0 to 249',
    ],
    [
      '31',
      '31 has digit part 15 (31 = 16 + 15); the digit part must be 0 to 9, so values run from 0 to 249',
    ],
  ])('refuses %s', (token, message) => {
    const { errors } = parseHdu4069(setToken(SAMPLE, 22, 2, token));
    expect(errors).toEqual([{ case: 3, line: 22, column: 8, message }]);
    expect(caseNumbers(setToken(SAMPLE, 22, 2, token))).toEqual([1, 2]);
  });

  it('reads leading zeros as the number', () => {
    expect(parseHdu4069(setToken(SAMPLE, 2, 1, '0018')).errors).toEqual([]);
  });

  it('counts the numbers of a row', () => {
    const short = editLine(SAMPLE, 15, (line) => line.slice(0, line.lastIndexOf(' ')));
    expect(parseHdu4069(short).errors).toEqual([
      { case: 2, line: 15, column: 30, message: 'row 4 has 8 numbers; expected 9' },
    ]);
    const long = editLine(SAMPLE, 15, (line) => `${line} 7 8`);
    expect(parseHdu4069(long).errors).toEqual([
      { case: 2, line: 15, column: 35, message: 'row 4 has more than 9 numbers: "7" is the 10th' },
    ]);
    expect(caseNumbers(long)).toEqual([1, 3]);
  });

  it('reports every bad row of a case', () => {
    const text = setToken(setToken(SAMPLE, 2, 0, 'a'), 10, 8, 'b');
    expect(parseHdu4069(text).errors.map(formatErrorText)).toEqual([
      'case 1, line 2, column 1: expected an integer from 0 to 249, got "a"',
      'case 1, line 10, column 29: expected an integer from 0 to 249, got "b"',
    ]);
  });
});

describe('parseHdu4069: walls and layouts', () => {
  it('reports a wall one neighbour has and the other lacks, naming both cells', () => {
    // r1c2 = 18 = digit 2 + wall up; adding 32 gives it a wall on the right that r1c3 lacks.
    const added = parseHdu4069(setToken(SAMPLE, 2, 1, '50'));
    expect(added.errors).toEqual([
      {
        case: 1,
        line: 2,
        column: 5,
        message: 'walls disagree: r1c2 has a wall right of it, but r1c3 has none on that side',
      },
    ]);
    expect(added.cases.map((c) => c.case)).toEqual([2, 3]);
    // r1c3 = 112 has walls up, right and down; without the right one, r1c4's left wall is alone.
    const removed = parseHdu4069(setToken(SAMPLE, 2, 2, '80'));
    expect(removed.errors).toEqual([
      {
        case: 1,
        line: 2,
        column: 11,
        message: 'walls disagree: r1c4 has a wall left of it, but r1c3 has none on that side',
      },
    ]);
  });

  it('reports walls that do not make 9 regions of 9 cells', () => {
    // Open the wall between r1c3 (region 1) and r1c4 (region 2) from both sides.
    const merged = setToken(setToken(SAMPLE, 2, 2, '80'), 2, 3, '80');
    const { cases, errors } = parseHdu4069(merged);
    expect(errors.map(formatErrorText)).toEqual([
      'case 1, line 2, column 1: bad layout: the walls enclose 8 regions; a 9×9 grid needs 9',
      'case 1, line 2, column 1: bad layout: region 1 has 18 cells; it needs 9 (r1c1, r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r2c1, r2c2, r2c6, r2c7, r3c1, …)',
    ]);
    expect(cases.map((c) => c.case)).toEqual([2, 3]);
  });

  it('reports a region cut in two by a wall', () => {
    // Wall between r1c1 and r2c1, and between r1c2 and r2c2: r1c1-r1c3 of region 1 are cut off.
    let text = setToken(SAMPLE, 2, 0, String(144 + 64));
    text = setToken(text, 2, 1, String(18 + 64));
    text = setToken(text, 3, 0, String(135 + 16));
    text = setToken(text, 3, 1, String(38 + 16));
    const messages = parseHdu4069(text).errors.map((error) => error.message);
    expect(messages[0]).toBe('bad layout: the walls enclose 10 regions; a 9×9 grid needs 9');
    expect(messages).toContain('bad layout: region 1 has 3 cells; it needs 9 (r1c1, r1c2, r1c3)');
  });
});

describe('parseHdu4069: counts, truncation, empty and huge input', () => {
  it('reports a T larger than the cases given, after reading them all', () => {
    const { cases, errors } = parseHdu4069(SAMPLE.replace(/^3/, '4'));
    expect(cases).toHaveLength(3);
    expect(errors.map(formatErrorText)).toEqual([
      'case 4, line 31, column 1: the input ends before case 4; line 1 announced 4 cases',
    ]);
  });

  it('reports an input cut inside a case, where it ends', () => {
    expect(parseHdu4069(firstLines(SAMPLE, 25)).errors.map(formatErrorText)).toEqual([
      'case 3, line 26, column 1: the input ends after 4 of the 9 rows of case 3',
    ]);
    const noFinalNewline = firstLines(SAMPLE, 25).slice(0, -1);
    expect(parseHdu4069(noFinalNewline).errors.map(formatErrorText)).toEqual([
      'case 3, line 25, column 32: the input ends after 4 of the 9 rows of case 3',
    ]);
    expect(caseNumbers(noFinalNewline)).toEqual([1, 2]);
  });

  it('reports cases beyond T as unexpected text, and answers the T cases', () => {
    const { cases, errors } = parseHdu4069(SAMPLE.replace(/^3/, '2'));
    expect(cases).toHaveLength(2);
    expect(errors.map(formatErrorText)).toEqual([
      'line 22, column 1: unexpected text after the 2 cases announced on line 1: "144 88 48 217 16 16 80 1…"',
    ]);
  });

  it('checks T against the judge bounds 1..2500 but still reads the cases', () => {
    const zero = parseHdu4069(SAMPLE.replace(/^3/, '0'));
    expect(zero.errors.map(formatErrorText)).toEqual([
      'line 1, column 1: the number of cases T must be an integer from 1 to 2500, got 0',
      'line 2, column 1: unexpected text after the 0 cases announced on line 1: "144 18 112 208 80 25 54 …"',
    ]);
    const many = parseHdu4069(SAMPLE.replace(/^3/, '2501'));
    expect(many.cases).toHaveLength(3);
    expect(many.errors.map(formatErrorText)).toEqual([
      'line 1, column 1: the number of cases T must be an integer from 1 to 2500, got 2501',
      'case 4, line 31, column 1: the input ends before case 4; line 1 announced 2501 cases',
    ]);
  });

  it('reads every case there is after a first line that is not a number, when case 1 reads', () => {
    const read = parseHdu4069(SAMPLE.replace(/^3/, '  three'));
    expect(read.errors.map(formatErrorText)).toEqual([
      'line 1, column 3: expected the number of cases T, an integer from 1 to 2500, got "three"; reading every case there is',
    ]);
    expect(read.cases.map((c) => c.board)).toEqual(parseHdu4069(SAMPLE).cases.map((c) => c.board));
    // T lost altogether: its line was case 1's first row, and is read as one.
    const noCount = parseHdu4069(SAMPLE.slice(SAMPLE.indexOf('\n') + 1));
    expect(noCount.cases.map((c) => c.case)).toEqual([1, 2, 3]);
    // Nothing reads after it: one error, and no more.
    expect(parseHdu4069('three\nx y z\n').errors.map(formatErrorText)).toEqual([
      'line 1, column 1: expected the number of cases T, an integer from 1 to 2500, got "three"',
    ]);
  });

  it('reports empty input', () => {
    expect(parseHdu4069('').errors.map(formatErrorText)).toEqual([
      'line 1, column 1: the input is empty; expected the number of cases T',
    ]);
    expect(parseHdu4069('\n  \r\n').errors.map(formatErrorText)).toEqual([
      'line 3, column 1: the input is empty; expected the number of cases T',
    ]);
  });

  it('reads 10 MB of one endless row, or of noise, with one error and no blow-up', () => {
    const otherRows = SAMPLE.split('\n').slice(2, 10).join('\n');
    const endless = parseHdu4069(`1\n${'7 '.repeat(5_000_000)}\n${otherRows}\n`);
    expect(endless.errors.map(formatErrorText)).toEqual([
      'case 1, line 2, column 19: row 1 has more than 9 numbers: "7" is the 10th',
    ]);
    const noise = parseHdu4069(garbage(10_000_000));
    expect(noise.errors).toHaveLength(1);
    expect(noise.errors[0]).toMatchObject({ line: 1, column: 1 });
    expect(noise.errors[0].message).toMatch(
      /^expected the number of cases T, an integer from 1 to 2500, got "/,
    );
  });
});

describe('printHdu4069Results', () => {
  it('writes the judge output, keeping case numbers and leaving unreadable cases out', () => {
    const solution = Uint8Array.from(
      { length: 81 },
      (_, cell) => ((cell + Math.floor(cell / 9) * 3) % 9) + 1,
    );
    const text = printHdu4069Results([
      { case: 1, result: { status: 'unique', solution } },
      { case: 2, result: { status: 'invalid', errors: [] } },
      { case: 3, result: { status: 'none' } },
      { case: 4, result: { status: 'multiple', solutions: [solution, solution] } },
    ]);
    const rows = Array.from({ length: 9 }, (_, row) =>
      solution.subarray(row * 9, row * 9 + 9).join(''),
    );
    expect(text).toBe(
      ['Case 1:', ...rows, 'Case 3:', 'No solution', 'Case 4:', 'Multiple Solutions', ''].join(
        '\n',
      ),
    );
    expect(printHdu4069Results([])).toBe('');
  });
});
