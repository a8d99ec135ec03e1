import { describe, expect, it } from 'vitest';
import { createBoard, standardRegions, SUPPORTED_SIZES } from '../../src/engine/index.ts';
import {
  formatErrorText,
  jsonSteps,
  parseJson,
  printJson,
  printJsonResults,
} from '../../src/formats/index.ts';
import { collectSteps } from '../../src/formats/text.ts';
import { editLine, garbage } from './helpers.ts';

// Line 1 "{", line 2 size, line 3 `"regions": [`, rows on lines 4-7, line 8 "],",
// line 9 `"givens": [`, rows on lines 10-13.
const PUZZLE = `{
  "size": 4,
  "regions": [
    [0,0,1,1],
    [0,0,1,1],
    [2,2,3,3],
    [2,2,3,3]
  ],
  "givens": [
    [1,0,0,0],
    [0,0,0,0],
    [0,0,0,0],
    [0,0,0,4]
  ],
  "title": "tiny"
}
`;

const errorsOf = (text: string): string[] => parseJson(text).errors.map(formatErrorText);

describe('parseJson: good input', () => {
  it('reads one puzzle, keeps optional fields, and prints it back as it was', () => {
    const parsed = parseJson(PUZZLE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.single).toBe(true);
    const [puzzle] = parsed.cases;
    expect(puzzle.board).toEqual(
      createBoard(4, standardRegions(4), [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]),
    );
    expect(puzzle.extra).toEqual({ title: 'tiny' });
    expect(printJson(parsed.cases)).toBe(PUZZLE);
  });

  it('shares one layout between puzzles of a list, and still checks every other layout', () => {
    const split = PUZZLE.replace('[0,0,1,1],\n    [0,0,1,1]', '[0,1,0,1],\n    [0,0,1,1]');
    const parsed = parseJson(`[${PUZZLE},${PUZZLE},${split},${PUZZLE}]`);
    expect(parsed.cases.map((parsed) => parsed.case)).toEqual([1, 2, 4]);
    const [first, second, fourth] = parsed.cases.map((parsed) => parsed.board.regions);
    expect(second).toBe(first);
    expect(fourth).toBe(first);
    expect(parsed.errors.map(formatErrorText).join('\n')).toMatch(
      /^case 3, line \d+, column \d+: bad layout: region 1 is in 2 pieces/,
    );
  });

  it('keeps optional lists as they were, numbers only or mixed', () => {
    // Lists of numbers are read without a node per number; mixed ones are read again as
    // nodes at their first other item: both must come out as JSON.parse gives them.
    const extra =
      '{"marks": [1, 2.5, -3, 1e2], "mixed": [1, "a", [2, [3]], null], "empty": [], "deep": [[[1]]]}';
    const text = PUZZLE.replace('"title": "tiny"', `"title": "tiny", "more": ${extra}`);
    const [puzzle] = parseJson(text).cases;
    expect(puzzle.extra).toEqual({ title: 'tiny', more: JSON.parse(extra) as unknown });
  });

  it('locates a bad number in a row of numbers, and a row with other items', () => {
    const text = PUZZLE.replace('[0,0,0,0],\n    [0,0,0,4]', '[0, 7 ,\t0,0],\n    [0,[0],"x",4]');
    expect(errorsOf(text)).toEqual([
      'line 12, column 9: givens r3c2: expected a digit from 0 to 4, got 7',
      'line 13, column 8: givens r4c2: expected a digit from 0 to 4, got a list',
      'line 13, column 12: givens r4c3: expected a digit from 0 to 4, got "x"',
    ]);
  });

  it('reads a list of puzzles as cases, a bad one not stopping the others', () => {
    const bad = PUZZLE.replace('"size": 4', '"size": 3');
    const parsed = parseJson(`[${PUZZLE},${bad},${PUZZLE}]`);
    expect(parsed.single).toBeUndefined();
    expect(parsed.caseCount).toBe(3);
    expect(parsed.cases.map((c) => c.case)).toEqual([1, 3]);
    expect(parsed.errors.map(formatErrorText)).toEqual([
      'case 2, line 18, column 11: "size" must be 4 to 16 or 25, got 3',
    ]);
  });

  it('reads JSON Lines (one puzzle object per line, as generate writes) as a list', () => {
    const line = JSON.stringify(JSON.parse(PUZZLE));
    const bad = line.replace('"size":4', '"size":3');
    const parsed = parseJson(`${line}\n${bad}\r\n${line}\n`);
    expect(parsed.single).toBeUndefined();
    expect(parsed.caseCount).toBe(3);
    expect(parsed.cases.map((c) => c.case)).toEqual([1, 3]);
    expect(parsed.cases[1].board).toEqual(parseJson(PUZZLE).cases[0].board);
    expect(parsed.errors.map(formatErrorText)).toEqual([
      'case 2, line 2, column 9: "size" must be 4 to 16 or 25, got 3',
    ]);
    // Read one at a time too, with the same cases.
    const steps = collectSteps(jsonSteps([`${line}\n${line.slice(0, 40)}`, `${line.slice(40)}\n`]));
    expect(steps.cases.map((c) => c.case)).toEqual([1, 2]);
    // Text that is not another object still ends the input with an error.
    expect(errorsOf(`${line}\n${line}\nx`)).toEqual([
      'line 3, column 1: unexpected text after the end of the JSON value: "x"',
    ]);
  });

  it('accepts any whitespace, CRLF, a byte order mark and integers written as 1.0', () => {
    const messy = `\uFEFF${PUZZLE.replaceAll('\n', '\r\n').replaceAll(',', ' ,\t').replace('[1,', '[1.0,')}`;
    expect(parseJson(messy).errors).toEqual([]);
    expect(parseJson(messy).cases[0].board).toEqual(parseJson(PUZZLE).cases[0].board);
  });

  it('reads every supported size', () => {
    for (const size of SUPPORTED_SIZES) {
      const board = createBoard(size);
      expect(parseJson(printJson([{ board }])).cases[0].board).toEqual(board);
    }
  });
});

describe('parseJson: every error points at its value', () => {
  it.each([
    [2, () => '  "size": 17,', 'line 2, column 11: "size" must be 4 to 16 or 25, got 17'],
    [2, () => '  "size": "4",', 'line 2, column 11: "size" must be 4 to 16 or 25, got "4"'],
    [
      4,
      () => '    [0,0,1,9],',
      'line 4, column 12: regions r1c4: expected a region id from 0 to 3, got 9',
    ],
    [
      10,
      () => '    [1,0,0,-1],',
      'line 10, column 12: givens r1c4: expected a digit from 0 to 4, got -1',
    ],
    [
      11,
      () => '    [0,0.5,0,0],',
      'line 11, column 8: givens r2c2: expected a digit from 0 to 4, got 0.5',
    ],
    [
      12,
      () => '    [0,0,"x",0],',
      'line 12, column 10: givens r3c3: expected a digit from 0 to 4, got "x"',
    ],
    [
      5,
      () => '    [0,0,1],',
      'line 5, column 5: row 2 of "regions" must be 4 numbers, got 3 numbers',
    ],
    [13, () => '    null', 'line 13, column 5: row 4 of "givens" must be 4 numbers, got null'],
  ])('line %i edited', (line, edit, expected) => {
    const text = editLine(PUZZLE, line, edit);
    expect(errorsOf(text)).toContain(expected);
    expect(parseJson(text).cases).toEqual([]);
  });

  it('reports a regions field that is not a list of rows, or has the wrong number of rows', () => {
    const notList = PUZZLE.replace(/"regions": \[[\s\S]*?\n {2}\],/, '"regions": {},');
    expect(errorsOf(notList)).toEqual([
      'line 3, column 14: "regions" must be 4 rows of 4 numbers, got an object',
    ]);
    const text = PUZZLE.replace('    [2,2,3,3]\n  ],\n  "givens"', '  ],\n  "givens"').replace(
      '[2,2,3,3],',
      '[2,2,3,3]',
    );
    expect(errorsOf(text)).toEqual([
      'line 3, column 14: "regions" must be 4 rows of 4 numbers, got 3 rows',
    ]);
  });

  it('reports a layout that is not N connected regions of N cells, at the region', () => {
    const text = editLine(
      editLine(PUZZLE, 4, () => '    [0,1,0,1],'),
      5,
      () => '    [0,0,1,1],',
    );
    const errors = errorsOf(text);
    expect(errors[0]).toMatch(
      /^line 4, column 6: bad layout: region 1 is in 2 pieces: \{r1c1, r2c1, r2c2\} and \{r1c3\}/,
    );
    expect(errors[1]).toMatch(/^line 4, column 8: bad layout: region 2 is in 2 pieces/);
    expect(errors).toHaveLength(2);
  });

  it('reports missing and repeated fields, and a puzzle that is not an object', () => {
    expect(errorsOf(PUZZLE.replace('"givens"', '"clues"'))).toEqual([
      'line 1, column 1: the puzzle has no "givens" field',
    ]);
    expect(errorsOf(PUZZLE.replace('"title"', '"size"'))).toEqual([
      'line 15, column 3: the field "size" appears twice',
    ]);
    expect(errorsOf('[1, {"size": 4}]')).toEqual([
      'case 1, line 1, column 2: expected a puzzle object with "size", "regions" and "givens", got 1',
      'case 2, line 1, column 5: the puzzle has no "regions" field',
      'case 2, line 1, column 5: the puzzle has no "givens" field',
    ]);
  });

  it('reports JSON syntax errors where they are', () => {
    expect(errorsOf('{"size": 4,}')).toEqual([
      'line 1, column 12: expected a field name in double quotes, got "}"',
    ]);
    expect(errorsOf('{"size": 4\n  "regions": []}')).toEqual([
      'line 2, column 3: expected "," or "}" after a field, got "\\""',
    ]);
    expect(errorsOf('[1,]')).toEqual([
      'case 1, line 1, column 2: expected a puzzle object with "size", "regions" and "givens", got 1',
      'line 1, column 4: expected a value, got "]"',
    ]);
    expect(errorsOf('{"title": "open\n')).toEqual([
      'line 1, column 16: a string may not hold a line break or control character',
    ]);
    expect(errorsOf('{"title": "open')).toEqual([
      'line 1, column 11: this string is not closed: the input ends before its closing "',
    ]);
    expect(errorsOf('{"size": tru}')).toEqual([
      'line 1, column 10: expected a value such as true, got "tru}"',
    ]);
    expect(errorsOf('{"a": "\\q"}')).toEqual([
      'line 1, column 8: unknown escape "\\\\q" in a string',
    ]);
    expect(errorsOf(`${PUZZLE}x`)).toEqual([
      'line 17, column 1: unexpected text after the end of the JSON value: "x"',
    ]);
    expect(errorsOf('{"size": 4, "regions": [[0,0')).toEqual([
      'line 1, column 29: the input ends too early; expected "," or "]" after an array item',
    ]);
  });

  it('reports empty input', () => {
    expect(errorsOf('')).toEqual(['line 1, column 1: the input is empty; expected a JSON puzzle']);
    expect(errorsOf(' \n\t\n')).toEqual([
      'line 3, column 1: the input is empty; expected a JSON puzzle',
    ]);
  });

  it('refuses deep nesting instead of overflowing the stack, on 10 MB of "["', () => {
    expect(errorsOf('['.repeat(10_000_000))).toEqual([
      'case 1, line 1, column 66: values are nested more than 64 levels deep',
    ]);
    expect(errorsOf('{"a":'.repeat(1_000_000))).toEqual([
      'line 1, column 326: values are nested more than 64 levels deep',
    ]);
  });

  it('reads 10 MB of noise with one error, and a 10 MB list of puzzles', () => {
    expect(parseJson(garbage(10_000_000)).errors).toHaveLength(1);
    const puzzle = printJson([{ board: createBoard(25) }]);
    const copies = Math.ceil(10_000_000 / puzzle.length);
    const list = parseJson(`[${Array(copies).fill(puzzle).join(',')}]`);
    expect(list.errors).toEqual([]);
    expect(list.cases).toHaveLength(copies);
  });
});

describe('printJsonResults', () => {
  const solution = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
  const other = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3]);

  it('writes one bare object for a single puzzle', () => {
    expect(printJsonResults([{ case: 1, result: { status: 'unique', solution } }], true)).toBe(
      '{\n  "status": "unique",\n  "solution": [\n    [1,2,3,4],\n    [3,4,1,2],\n    [2,1,4,3],\n    [4,3,2,1]\n  ]\n}\n',
    );
    expect(printJsonResults([{ case: 1, result: { status: 'none' } }], true)).toBe(
      '{\n  "status": "none"\n}\n',
    );
  });

  it('writes a list for a list, with two solutions for multiple and located errors for invalid', () => {
    const text = printJsonResults([
      { case: 1, result: { status: 'multiple', solutions: [solution, other] } },
      {
        case: 2,
        result: {
          status: 'invalid',
          errors: [{ case: 2, line: 3, column: 4, message: 'bad "x"' }],
        },
      },
    ]);
    expect(JSON.parse(text)).toEqual([
      {
        status: 'multiple',
        solutions: [
          [
            [1, 2, 3, 4],
            [3, 4, 1, 2],
            [2, 1, 4, 3],
            [4, 3, 2, 1],
          ],
          [
            [1, 2, 3, 4],
            [3, 4, 1, 2],
            [4, 3, 2, 1],
            [2, 1, 4, 3],
          ],
        ],
      },
      { status: 'invalid', errors: [{ case: 2, line: 3, column: 4, message: 'bad "x"' }] },
    ]);
    expect(text.endsWith(']\n')).toBe(true);
    expect(printJsonResults([])).toBe('[]\n');
  });
});

describe('jsonSteps: a list read one puzzle at a time', () => {
  it('gives the same cases and errors from a text in pieces of any size', () => {
    const bad = PUZZLE.replace('"size": 4', '"size": 3');
    const text = `[${PUZZLE},${bad},\n{"size": 4, "title": "a \\" ] } [ {"},${PUZZLE}]`;
    const whole = parseJson(text);
    for (const size of [1, 2, 3, 7, 64]) {
      const pieces = Array.from({ length: Math.ceil(text.length / size) }, (_, index) =>
        text.slice(index * size, (index + 1) * size),
      );
      const read = collectSteps(jsonSteps(pieces));
      expect(read.cases).toEqual(whole.cases);
      expect(read.errors).toEqual(whole.errors);
      expect(read.caseCount).toBe(4);
    }
  });

  it('refuses a puzzle of absurd size at once, located, and reads the next one', () => {
    const keys = Array.from({ length: 120_000 }, (_, index) => `"k${index}": ${index}`).join(',');
    const huge = PUZZLE.replace('"title": "tiny"', `"title": "tiny", ${keys}`);
    const read = parseJson(`[${huge},\n${PUZZLE}]`);
    expect(read.errors.map(formatErrorText)).toEqual([
      'case 1, line 1, column 2: this value is 1.8 MB of JSON, more than the 1.0 MB a puzzle may take; it is left out unread',
    ]);
    expect(read.cases.map((c) => c.case)).toEqual([2]);
  });
});
