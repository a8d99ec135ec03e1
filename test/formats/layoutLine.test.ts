/** The bare layout line: reading every size, located errors, detection beside puzzle lines, writing. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createBoard,
  createRandom,
  randomJigsawLayout,
  randomSolution,
  standardRegions,
  SUPPORTED_SIZES,
} from '../../src/engine/index.ts';
import {
  detectFormat,
  FORMATS,
  formatErrorText,
  jigsawLineOf,
  parseLayoutLine,
  printLayoutLine,
  regionCharsOf,
} from '../../src/formats/index.ts';
import { BENCH_DATA, REPO_ROOT } from '../fixtures/paths.ts';
import { sampleInput } from './helpers.ts';

const LAYOUTS = resolve(REPO_ROOT, 'test/data/layouts');
const linesOf = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');

/** A 9x9 jigsaw layout from the community's lists. */
const NINE = 'AAABBBCCCDABBBBCCCDABAEBCCCDAAAEEEEFDDGEEEFFFDDGEHFFIIDDGGHFFIIGGGGHFIIIGHHHHHHII';

const firstError = (text: string): string => {
  const { errors } = parseLayoutLine(text);
  expect(errors.length).toBeGreaterThan(0);
  return formatErrorText(errors[0]);
};

describe('reading layout lines', () => {
  it('reads a layout as a board with no clues, regions in order of first appearance', () => {
    const parsed = parseLayoutLine(`${NINE}\n`);
    expect(parsed.errors).toEqual([]);
    const { board } = parsed.cases[0];
    expect(board.size).toBe(9);
    expect(Array.from(board.givens).every((given) => given === 0)).toBe(true);
    expect(Array.from(board.regions.slice(0, 10))).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3]);
    // Any characters name the regions: digits as in many lists, symbols, lower case.
    const digits = NINE.replace(/[A-I]/g, (letter) => String('ABCDEFGHI'.indexOf(letter) + 1));
    const marks = NINE.replace(/[A-I]/g, (letter) => '#@%&*+=?!'['ABCDEFGHI'.indexOf(letter)]);
    expect(parseLayoutLine(digits).cases[0].board).toEqual(board);
    expect(parseLayoutLine(`  ${marks.toLowerCase()}\t`).cases[0].board).toEqual(board);
  });

  it('reads every supported size, and writes what it reads', () => {
    const random = createRandom(7);
    for (const size of SUPPORTED_SIZES) {
      const regions = size === 25 ? standardRegions(25) : randomJigsawLayout(size, random);
      const line = regionCharsOf(size, regions);
      expect(line).toHaveLength(size * size);
      const parsed = parseLayoutLine(line);
      expect(parsed.errors, `size ${size}`).toEqual([]);
      expect(parsed.cases[0].board.size).toBe(size);
      expect(printLayoutLine([{ board: parsed.cases[0].board }])).toBe(`${line}\n`);
    }
  });

  it('reads a file of layouts, one case per line, a bad line costing only its case', () => {
    const lines = linesOf(resolve(LAYOUTS, 'fillable-9x9.txt')).slice(0, 5);
    lines[2] = lines[2].slice(1);
    const parsed = parseLayoutLine(lines.join('\n'));
    expect(parsed.cases.map(({ case: caseNumber }) => caseNumber)).toEqual([1, 2, 4, 5]);
    expect(parsed.errors).toHaveLength(1);
    expect(formatErrorText(parsed.errors[0])).toMatch(
      /^case 3, line 3, column 81: the line has 80 characters; that is 1 short of a 9x9 layout/,
    );
  });

  it('names the place and the problem of a bad layout', () => {
    expect(firstError('')).toBe(
      'line 1, column 1: the input is empty; expected lines of N*N region characters',
    );
    expect(firstError(`${NINE.slice(0, 40)} ${NINE.slice(40)}`)).toMatch(
      /^case 1, line 1, column 41: a layout line has no spaces/,
    );
    // A tenth region character.
    expect(firstError(`${NINE.slice(0, 80)}J`)).toMatch(
      /^case 1, line 1, column 81: "J" is a 10th region character; a 9x9 layout has 9 regions/,
    );
    // Two cells traded between regions A and B: A in two pieces.
    const traded = `B${NINE.slice(1, 3)}A${NINE.slice(4)}`;
    expect(firstError(traded)).toMatch(/^case 1, line 1, column \d+: bad layout: region "[AB]"/);
    // Region A one cell short, region B one cell over.
    expect(firstError(`${NINE.slice(0, 2)}B${NINE.slice(3)}`)).toMatch(
      /^case 1, line 1, column \d+: bad layout: region "A" has 8 cells/,
    );
  });
});

describe('telling a layout line from a puzzle line', () => {
  it('takes every layout of the community lists as a layout', () => {
    for (const file of ['fillable-9x9.txt', 'unfillable-9x9.txt']) {
      const lines = linesOf(resolve(LAYOUTS, file));
      for (const line of lines) expect(detectFormat(line).format, line).toBe('layout');
      expect(detectFormat(lines.join('\n'))).toMatchObject({ format: 'layout', unanimous: true });
    }
  });

  it('takes layouts of every size, and one with a character wrong, as layouts', () => {
    const random = createRandom(11);
    for (const size of SUPPORTED_SIZES) {
      const regions = size === 25 ? standardRegions(25) : randomJigsawLayout(size, random);
      const line = regionCharsOf(size, regions);
      expect(detectFormat(line).format, `size ${size}`).toBe('layout');
      // A damaged layout still reads as one, so its error says what is wrong.
      expect(detectFormat(`${line.slice(0, -1)}Z`).format, `size ${size}`).toBe('layout');
    }
  });

  it('never takes a puzzle line, a solved grid or a jigsaw line for a layout', () => {
    const puzzles = linesOf(resolve(BENCH_DATA, 'top1465.txt')).slice(0, 300);
    for (const line of puzzles) expect(detectFormat(line).format, line).toBe('poj3074');
    expect(detectFormat(sampleInput('poj3074')).format).toBe('poj3074');
    const random = createRandom(5);
    for (const size of [9, 12, 16]) {
      const regions = randomJigsawLayout(size, random);
      const solution = randomSolution(size, regions, random);
      if (solution === null) throw new Error(`no solution for a ${size}x${size} layout`);
      const solved = createBoard(size, regions, solution);
      const line = jigsawLineOf(solved);
      expect(detectFormat(line).format).toBe('jigsaw');
      if (size === 9) {
        // A solved grid on one line: a poj3074 puzzle with every cell given.
        expect(detectFormat(line.slice(0, 81)).format).toBe('poj3074');
      }
    }
    expect(detectFormat(sampleInput('jigsaw')).format).toBe('jigsaw');
  });
});

describe('writing layout lines', () => {
  it('writes the layout alone, and refuses a board with clues rather than drop them', () => {
    const board = parseLayoutLine(NINE).cases[0].board;
    expect(FORMATS.layout.cannotHold(board)).toBeNull();
    expect(FORMATS.layout.printPuzzles([{ board }])).toBe(`${NINE}\n`);
    const withClues = createBoard(
      9,
      board.regions,
      Uint8Array.from({ length: 81 }, (_, i) => (i < 2 ? i + 1 : 0)),
    );
    expect(FORMATS.layout.cannotHold(withClues)).toBe(
      'a layout line holds the layout alone, and this puzzle has 2 clues',
    );
    expect(() => FORMATS.layout.printPuzzles([{ board: withClues }])).toThrow(RangeError);
  });
});
