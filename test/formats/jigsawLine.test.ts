/** The one-line jigsaw format: reading every size, both separators, located errors, answers. */
import { describe, expect, it } from 'vitest';
import { createBoard, standardRegions } from '../../src/engine/index.ts';
import {
  detectFormat,
  FORMATS,
  formatErrorText,
  jigsawLineOf,
  parseJigsawLine,
  printJigsawLineResults,
} from '../../src/formats/index.ts';
import { sampleInput } from './helpers.ts';

/** A 9x9 jigsaw with a unique solution, as the community writes it (162 characters). */
const NINE =
  '........6.....2...61........7...5.1........3..5......7..26...........8.4...9.....' +
  'AAABBBCCCDABBBBCCCDABAEBCCCDAAAEEEEFDDGEEEFFFDDGEHFFIIDDGGHFFIIGGGGHFIIIGHHHHHHII';
const NINE_GIVENS = NINE.slice(0, 81);
const NINE_REGIONS = NINE.slice(81);

/** The first error of a one-line input, as the CLI prints it. */
const firstError = (text: string): string => {
  const { errors } = parseJigsawLine(text);
  expect(errors.length).toBeGreaterThan(0);
  return formatErrorText(errors[0]);
};

describe('reading jigsaw lines', () => {
  it('reads the sample: six sizes and separators, regions by first appearance', () => {
    const parsed = parseJigsawLine(sampleInput('jigsaw'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.cases.map(({ board }) => board.size)).toEqual([9, 4, 6, 9, 9, 16]);
    expect(parsed.cases.map(({ line }) => line)).toEqual([1, 2, 3, 4, 5, 6]);
    const first = parsed.cases[0].board;
    expect(first.givens[8]).toBe(6);
    expect(Array.from(first.regions.slice(0, 10))).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3]);
    // 16x16 clues are written 1-9 then A-G.
    const sixteen = parsed.cases[5].board;
    expect(sixteen.givens[7]).toBe(12);
    expect(sixteen.givens[13]).toBe(16);
  });

  it('takes a space between the halves, "0" for empty, lower-case letters and any region marks', () => {
    const spaced = parseJigsawLine(`  ${NINE_GIVENS.replaceAll('.', '0')}\t${NINE_REGIONS}\n`);
    const plain = parseJigsawLine(NINE);
    expect(spaced.errors).toEqual([]);
    expect(spaced.cases[0].board).toEqual(plain.cases[0].board);
    const marks = NINE_REGIONS.replace(
      /[A-I]/g,
      (letter) => '#@%&*+=?!'['ABCDEFGHI'.indexOf(letter)],
    );
    expect(parseJigsawLine(NINE_GIVENS + marks).cases[0].board).toEqual(plain.cases[0].board);
    const board = createBoard(
      16,
      standardRegions(16),
      Uint8Array.from({ length: 256 }, (_, i) => (i === 0 ? 16 : 0)),
    );
    const lower = jigsawLineOf(board).replace('G', 'g');
    expect(parseJigsawLine(lower).cases[0].board.givens[0]).toBe(16);
  });

  it('answers every line on its own: a damaged line costs only its case', () => {
    const text = [NINE, NINE.slice(1), '', NINE].join('\n');
    const parsed = parseJigsawLine(text);
    expect(parsed.cases.map(({ case: number, line }) => [number, line])).toEqual([
      [1, 1],
      [3, 4],
    ]);
    expect(parsed.caseCount).toBe(3);
    expect(parsed.errors.map(formatErrorText)).toEqual([
      'case 2, line 2, column 162: the line has 161 characters; that is 1 short of a 9x9 puzzle (162: 81 givens and 81 region characters); a jigsaw line has N*N givens and N*N region characters (2*N*N in all for N = 4 to 16 or 25: 32 for 4x4, 162 for 9x9, 512 for 16x16)',
    ]);
  });

  it('names the place and the fault of every bad line', () => {
    expect(firstError(NINE.slice(0, 5) + 'x' + NINE.slice(6))).toBe(
      'case 1, line 1, column 6: a digit 1-9, or "." or "0" for an empty cell, expected in a 9x9 puzzle, got "x"',
    );
    const fourByFour = '....2..41.3..... AABCAABCDDBCDDBC';
    expect(firstError(fourByFour.replace('41', '45'))).toBe(
      'case 1, line 1, column 9: a digit 1-4, or "." or "0" for an empty cell, expected in a 4x4 puzzle, got "5"',
    );
    expect(firstError(`${NINE_GIVENS} ${NINE_REGIONS.slice(1)}`)).toBe(
      'case 1, line 1, column 163: the givens are 81 characters (9x9) but the region characters are 80; both need 81',
    );
    expect(
      firstError(`${NINE_GIVENS} ${NINE_REGIONS.slice(0, 40)} ${NINE_REGIONS.slice(40)}`),
    ).toBe(
      'case 1, line 1, column 123: expected at most one space, between the givens and the region characters',
    );
    expect(firstError(`${NINE_GIVENS.slice(1)} ${NINE_REGIONS.slice(1)}`)).toContain(
      'case 1, line 1, column 1: the givens are 80 characters; a jigsaw line has',
    );
    // A tenth region character, and too few regions.
    expect(firstError(NINE_GIVENS + NINE_REGIONS.slice(0, 80) + 'J')).toBe(
      'case 1, line 1, column 162: "J" is a 10th region character; a 9x9 layout has 9 regions (ABCDEFGHI so far)',
    );
    expect(firstError(NINE_GIVENS + NINE_REGIONS.replaceAll('I', 'H'))).toBe(
      'case 1, line 1, column 82: the region characters name 8 regions (ABCDEFGH); a 9x9 layout has 9',
    );
    // Right count of letters, wrong shapes: the layout check names the region and its letter.
    const swapped = NINE_REGIONS.slice(0, 80).replace('A', 'I') + 'A';
    expect(firstError(NINE_GIVENS + swapped)).toBe(
      'case 1, line 1, column 82: bad layout: region "I" is in 2 pieces: {r1c1} and {r6c8, r6c9, r7c8, r7c9, …}',
    );
    expect(parseJigsawLine('\n\n').errors.map(formatErrorText)).toEqual([
      'line 3, column 1: the input is empty; expected lines of N*N givens and N*N region characters',
    ]);
  });
});

describe('writing jigsaw lines', () => {
  it('writes "." for empty cells and letters for regions, no space, one line each', () => {
    const board = parseJigsawLine(NINE).cases[0].board;
    expect(FORMATS.jigsaw.printPuzzles([{ board }, { board }])).toBe(`${NINE}\n${NINE}\n`);
    expect(FORMATS.jigsaw.cannotHold(board)).toBeNull();
  });

  it('answers with the solution, "No solution" or "Multiple solutions"; unreadable cases get no line', () => {
    const solution = Uint8Array.from({ length: 16 }, (_, i) => (i % 4) + 1);
    expect(
      printJigsawLineResults([
        { case: 1, result: { status: 'unique', solution } },
        { case: 2, result: { status: 'none' } },
        { case: 3, result: { status: 'invalid', errors: [] } },
        { case: 4, result: { status: 'multiple', solutions: [solution, solution] } },
        {
          case: 5,
          result: {
            status: 'found',
            solution: Uint8Array.from({ length: 256 }, (_, i) => (i % 16) + 1),
          },
        },
      ]),
    ).toBe(`1234123412341234\nNo solution\nMultiple solutions\n${'123456789ABCDEFG'.repeat(16)}\n`);
  });
});

describe('detecting jigsaw lines', () => {
  it('tells the sample, and a file whose first line is damaged, from POJ 3074', () => {
    expect(detectFormat(sampleInput('jigsaw'))).toEqual({
      format: 'jigsaw',
      reason: 'all 6 lines looked at (1-6) hold N*N givens and N*N region characters',
      unanimous: true,
    });
    expect(detectFormat(`${NINE.slice(1)}\n${NINE}\n${NINE}\n`).format).toBe('jigsaw');
    expect(detectFormat(NINE.slice(2)).format).toBe('jigsaw');
    expect(detectFormat(sampleInput('poj3074')).format).toBe('poj3074');
  });
});
