/**
 * f-puzzles strings: print ⇄ parse round trips on every size from 4 to 16 (f-puzzles draws
 * 3 to 16) and any layout, with boxes or without (5, 7, 11, 13), the exact JSON shape f-puzzles writes (default boxes left out), SudokuPad and
 * f-puzzles links read back, and located errors for unknown or damaged strings.
 */
import fc from 'fast-check';
import { compressToBase64, decompressFromBase64 } from 'lz-string';
import { describe, expect, it } from 'vitest';
import {
  APP_SIZES,
  boxShape,
  createBoard,
  randomJigsawLayout,
  createRandom,
  standardRegions,
  type Board,
} from '../../src/engine/index.ts';
import {
  fpuzzlesBox,
  fpuzzlesCannotHold,
  fpuzzlesUrl,
  looksLikeFpuzzles,
  parseFpuzzles,
  printFpuzzles,
  SUDOKUPAD_PREFIX,
  sudokuPadUrl,
} from '../../src/formats/index.ts';
import { canonicalRegions, jigsawBoardArb } from '../fixtures/arbitraries.ts';
import { lzBomb } from '../fixtures/lzBomb.ts';

/** The sizes Squiggly reads and writes as f-puzzles strings: every app size. */
const FPUZZLES_SIZES = APP_SIZES;
const info = { title: 'Wiggle', author: 'Setter', rules: 'Normal jigsaw rules.' };

function expectSame(read: ReturnType<typeof parseFpuzzles>, board: Board): void {
  if ('error' in read) throw new Error(read.error.message);
  expect(read.board.size).toBe(board.size);
  expect(Array.from(read.board.givens)).toEqual(Array.from(board.givens));
  expect(canonicalRegions(read.board.regions)).toEqual(canonicalRegions(board.regions));
}

describe('f-puzzles strings', () => {
  it('round-trip every size and layout, with title, author and rules', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FPUZZLES_SIZES).chain((size) => jigsawBoardArb(size)),
        (board) => {
          const text = printFpuzzles(board, info);
          const read = parseFpuzzles(text);
          expectSame(read, board);
          expect('info' in read && read.info).toEqual(info);
          expectSame(parseFpuzzles(sudokuPadUrl(board)), board);
          expectSame(parseFpuzzles(fpuzzlesUrl(board)), board);
          expect(looksLikeFpuzzles(text)).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('writes the JSON f-puzzles writes: default boxes and empty cells left out', () => {
    const givens = new Uint8Array(81);
    givens[0] = 5;
    const board = createBoard(9, standardRegions(9), givens);
    const json = JSON.parse(decompressFromBase64(printFpuzzles(board, info)) as string);
    expect(Object.keys(json)).toEqual(['size', 'title', 'author', 'ruleset', 'grid']);
    expect(json.grid[0][0]).toEqual({ value: 5, given: true });
    expect(json.grid[8][8]).toEqual({});
    // A jigsaw: only cells outside their default box name a region.
    const regions = standardRegions(9);
    [regions[2], regions[3]] = [regions[3], regions[2]];
    const jigsaw = JSON.parse(
      decompressFromBase64(printFpuzzles(createBoard(9, regions))) as string,
    );
    const named = jigsaw.grid.flat().filter((cell: object) => 'region' in cell);
    expect(named).toEqual([{ region: 1 }, { region: 0 }]);
  });

  it('writes every region above 10×10, where SudokuPad assumes other boxes', () => {
    const json = JSON.parse(decompressFromBase64(printFpuzzles(createBoard(16))) as string);
    expect(json.grid.flat().every((cell: object) => 'region' in cell)).toBe(true);
    expect(json.grid[15][15]).toEqual({ region: 15 });
    // Up to 10×10 the default boxes are left out: 10×10 boxes are 2 rows by 5 columns.
    const ten = JSON.parse(decompressFromBase64(printFpuzzles(createBoard(10))) as string);
    expect(ten.grid.flat().some((cell: object) => 'region' in cell)).toBe(false);
  });

  it.each([5, 7, 11, 13])(
    'writes every region of a %i×%i jigsaw: the size has no boxes, and f-puzzles would take rows',
    (size) => {
      const board = createBoard(size, randomJigsawLayout(size, createRandom(size)));
      const json = JSON.parse(decompressFromBase64(printFpuzzles(board)) as string);
      expect(json.size).toBe(size);
      const cells = json.grid.flat() as { region?: number }[];
      expect(cells.map((cell) => cell.region)).toEqual(Array.from(board.regions));
      expectSame(parseFpuzzles(sudokuPadUrl(board)), board);
    },
  );

  it('reads a 7×7 string with no regions as f-puzzles shows it: each row a region', () => {
    const grid = Array.from({ length: 7 }, (_, row) =>
      Array.from({ length: 7 }, (_, col) => (col === row ? { value: 1, given: true } : {})),
    );
    const read = parseFpuzzles(compressToBase64(JSON.stringify({ size: 7, grid })));
    const rows = Array.from({ length: 49 }, (_, cell) => Math.floor(cell / 7));
    const diagonal = Array.from({ length: 49 }, (_, cell) => (cell % 8 === 0 ? 1 : 0));
    expectSame(read, createBoard(7, rows, diagonal));
  });

  it('names every field it does not read, and nothing else', () => {
    const grid = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ({})));
    const read = parseFpuzzles(
      compressToBase64(
        JSON.stringify({
          size: 4,
          grid,
          title: 'Cages',
          solution: [],
          highlightConflicts: true,
          killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }],
          thermometer: [{ lines: [['R2C1', 'R2C2']] }],
          'diagonal+': true,
          'diagonal-': false,
          arrow: [],
          wobbly: [{}],
        }),
      ),
    );
    if ('error' in read) throw new Error(read.error.message);
    // The constraints are read (fpuzzlesConstraints.test.ts has them all); the rest is named.
    expect(read.constraints.map((constraint) => constraint.kind)).toEqual([
      'diagonal',
      'cage',
      'thermometer',
    ]);
    expect(read.leftOut).toEqual(['"wobbly"']);
    const plain = parseFpuzzles(printFpuzzles(createBoard(9), info));
    expect('leftOut' in plain && plain.leftOut).toEqual([]);
  });

  it('uses the default boxes f-puzzles uses', () => {
    expect([4, 6, 8, 9, 10, 12, 14, 15, 16].map(fpuzzlesBox)).toEqual([
      { rows: 2, cols: 2 },
      { rows: 2, cols: 3 },
      { rows: 2, cols: 4 },
      { rows: 3, cols: 3 },
      { rows: 2, cols: 5 },
      { rows: 3, cols: 4 },
      { rows: 2, cols: 7 },
      { rows: 3, cols: 5 },
      { rows: 4, cols: 4 },
    ]);
    // The same as Squiggly's standard boxes wherever a size has them; a row where not.
    for (const size of FPUZZLES_SIZES) {
      expect(fpuzzlesBox(size)).toEqual(boxShape(size) ?? { rows: 1, cols: size });
    }
    // A hand-made f-puzzles string with no regions at all reads as the standard boxes.
    const grid = Array.from({ length: 6 }, () => Array.from({ length: 6 }, () => ({})));
    expectSame(parseFpuzzles(compressToBase64(JSON.stringify({ size: 6, grid }))), createBoard(6));
  });

  it('ignores constraints, cosmetics and solver entries', () => {
    const grid = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ({})));
    (grid[0][0] as Record<string, unknown>).value = 3; // a solver's digit, not a clue
    (grid[1][1] as Record<string, unknown>).centerPencilMarks = [1, 2];
    const text = compressToBase64(
      JSON.stringify({ size: 4, grid, killercage: [], 'diagonal+': true }),
    );
    expectSame(parseFpuzzles(text), createBoard(4));
  });

  it('reads a SudokuPad link whose data is not URI-encoded', () => {
    const board = createBoard(9);
    expectSame(parseFpuzzles(SUDOKUPAD_PREFIX + printFpuzzles(board)), board);
  });

  const errorOf = (text: string) => {
    const read = parseFpuzzles(text);
    if (!('error' in read)) throw new Error('expected an error');
    return read.error;
  };
  const encode = (value: unknown): string => compressToBase64(JSON.stringify(value));

  it('gives a located error for unknown or damaged strings', () => {
    const good = printFpuzzles(createBoard(9), info);
    expect(errorOf(good.slice(0, 20))).toMatchObject({
      line: 1,
      column: 1,
      message: expect.stringMatching(/does not decompress/),
    });
    expect(errorOf(`  ${SUDOKUPAD_PREFIX}x!`)).toMatchObject({
      column: 3 + SUDOKUPAD_PREFIX.length,
    });
    expect(errorOf('hello').message).toMatch(/not an f-puzzles puzzle string/);
    expect(errorOf('').message).toMatch(/empty/);
    expect(errorOf(encode({ size: 3, grid: [] })).message).toMatch(/"size" must be 4 to 16, got 3/);
    expect(errorOf(encode({ size: 25, grid: [] })).message).toMatch(
      /"size" must be 4 to 16, got 25/,
    );
    expect(errorOf(encode({ size: 4, grid: [[]] })).message).toMatch(
      /"grid" must be 4 rows of 4 cells, got 1 rows/,
    );
    const grid = () =>
      Array.from({ length: 4 }, () =>
        Array.from({ length: 4 }, () => ({}) as Record<string, unknown>),
      );
    const g1 = grid();
    g1[2][3].region = null;
    expect(errorOf(encode({ size: 4, grid: g1 })).message).toMatch(/grid r3c4 is in no region/);
    const g2 = grid();
    g2[0][1] = { value: 9, given: true };
    expect(errorOf(encode({ size: 4, grid: g2 })).message).toMatch(
      /grid r1c2: a given "value" must be a digit from 1 to 4, got 9/,
    );
    const g3 = grid();
    g3[0][0].region = 3;
    expect(errorOf(encode({ size: 4, grid: g3 })).message).toMatch(/^bad layout: /);
    expect(errorOf(encode({ size: 4, grid: grid(), title: 3 })).message).toMatch(
      /"title" must be text/,
    );
  });

  it('cannot hold boards above 16×16', () => {
    expect(fpuzzlesCannotHold(createBoard(25))).toMatch(/up to 16×16/);
    expect(() => printFpuzzles(createBoard(25))).toThrow(RangeError);
  });

  it('does not take judge inputs for f-puzzles strings', () => {
    expect(
      looksLikeFpuzzles(
        '000000010400000000020000000000050407008000300001090000300400200050100000000806000',
      ),
    ).toBe(false);
    expect(looksLikeFpuzzles('{"size": 4}')).toBe(false);
  });

  it('refuses a decompression bomb as too large, and tells its kind from its start alone', () => {
    // 32,000 codes (75 KB) that lz-string would unpack to 512 million characters of "a".
    const bomb = lzBomb(32_000, 'base64');
    expect(errorOf(bomb)).toEqual({
      line: 1,
      column: 1,
      message: expect.stringMatching(
        /^this f-puzzles string is damaged or too large: it unpacks to more than 1,000,000 characters/,
      ),
    });
    expect(errorOf(SUDOKUPAD_PREFIX + bomb).message).toMatch(/damaged or too large/);
    // Unpacking "a…" is no f-puzzles string: told from the first character, not by unpacking.
    expect(looksLikeFpuzzles(bomb)).toBe(false);
    // A string that starts as one is taken for one, even damaged further on (Load says so).
    const good = printFpuzzles(createBoard(9), info);
    expect(looksLikeFpuzzles(good.slice(0, 40))).toBe(true);
    expect(looksLikeFpuzzles(encodeURIComponent(good))).toBe(true);
  });
});
