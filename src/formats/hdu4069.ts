/**
 * HDU 4069 "Squiggly Sudoku": T, then T cases of 9 lines of 9 integers. Each integer is
 * the digit (0 = empty) plus wall bits 16 up, 32 right, 64 down, 128 left. Regions are
 * what the walls enclose; the judge's answer is the solution, `No solution` or
 * `Multiple Solutions`.
 */
import {
  createBoard,
  type Board,
  analyseWalls,
  findWallMismatches,
  regionsFromWalls,
  wallsFromRegions,
} from '../engine/index.ts';
import { plural, quote, type FormatError } from './errors.ts';
import {
  assertPrintable,
  gridLines,
  joinLines,
  type PrintLine,
  countedCaseSteps,
  readCountedCases,
  type CaseBoundaries,
  type CountedFormat,
  type SourceLine,
} from './text.ts';
import type { CaseAnswer, ParseResult, PuzzleToPrint, ReadStep, TextInput } from './types.ts';

const SIZE = 9;
const CELLS = SIZE * SIZE;
/** The judge allows 1 ≤ T ≤ 2500. */
export const HDU4069_MAX_CASES = 2500;
/** Wall bits sit above the digit: value = digit + (walls << 4). */
const WALL_SHIFT = 4;
const DIGIT_MASK = 15;
const ZERO = 48;
const NINE = 57;
/** 9 + 16 + 32 + 64 + 128: the largest value whose digit part is a digit. */
const MAX_VALUE = 249;
const EXPECTED_VALUE = `an integer from 0 to ${MAX_VALUE}`;

/** Why a board cannot be written as hdu4069, or null when it can. */
export function hdu4069CannotHold(board: Board): string | null {
  return board.size === SIZE
    ? null
    : `hdu4069 holds 9x9 puzzles only; this one is ${board.size}x${board.size}`;
}

/**
 * Read an hdu4069 input. Every case is checked on its own: a bad number, walls that
 * neighbours disagree on, or walls that do not enclose 9 regions of 9 cells make that case
 * an error, and the other cases are still read.
 */
export function parseHdu4069(text: string): ParseResult {
  return readCountedCases(text, HDU4069_FRAME);
}

/** The cases and errors of a hdu4069 input one by one, in input order (see parseHdu4069). */
export function hdu4069Steps(text: TextInput): Generator<ReadStep, number> {
  return countedCaseSteps(text, HDU4069_FRAME);
}

/** Rows whose walls were read lately: the case reader asks about each row several times. */
const recentRowWalls = new Map<string, number[] | null>();
const RECENT_ROWS = 256;

/** Wall bits of a row's 9 cells (value >> 4), or null when the row is not 9 numbers up to 255. */
function rowWalls(text: string): number[] | null {
  let walls = recentRowWalls.get(text);
  if (walls === undefined) {
    if (recentRowWalls.size >= RECENT_ROWS) recentRowWalls.clear();
    walls = readRowWalls(text);
    recentRowWalls.set(text, walls);
  }
  return walls;
}

function readRowWalls(text: string): number[] | null {
  const tokens = text.trim().split(/[ \t]+/);
  if (tokens.length !== SIZE) return null;
  const walls: number[] = [];
  for (const token of tokens) {
    if (token.length > 3 || !/^[0-9]+$/.test(token)) return null;
    const value = Number(token);
    if (value > 255) return null;
    walls.push(value >> WALL_SHIFT);
  }
  return walls;
}

const WALL_UP = 1;
const WALL_DOWN = 4;

/** A case's first row has a wall above every cell, its last one below; rows between agree. */
const HDU4069_BOUNDARIES: CaseBoundaries = {
  startsCase(text) {
    return rowWalls(text)?.every((walls) => (walls & WALL_UP) !== 0);
  },
  endsCase(text) {
    return rowWalls(text)?.every((walls) => (walls & WALL_DOWN) !== 0);
  },
  continues(previous, next) {
    const above = rowWalls(previous);
    const below = rowWalls(next);
    if (above === null || below === null) return undefined;
    return above.every(
      (walls, col) => ((walls & WALL_DOWN) !== 0) === ((below[col] & WALL_UP) !== 0),
    );
  },
};

const HDU4069_FRAME: CountedFormat = {
  rowsPerCase: SIZE,
  maxCases: HDU4069_MAX_CASES,
  readCase: readHdu4069Case,
  boundaries: HDU4069_BOUNDARIES,
};

function readHdu4069Case(
  rows: readonly SourceLine[],
  caseNumber: number,
  errors: FormatError[],
): Board | null {
  const values = new Uint8Array(CELLS);
  // Where each cell's number stands, to point at it when its walls are wrong.
  const columns = new Uint32Array(CELLS);
  let rowsRead = true;
  for (let row = 0; row < SIZE; row++) {
    if (!readValueRow(rows[row], row, caseNumber, values, columns, errors)) rowsRead = false;
  }
  if (!rowsRead) return null;

  const walls = new Uint8Array(CELLS);
  const givens = new Uint8Array(CELLS);
  for (let cell = 0; cell < CELLS; cell++) {
    walls[cell] = values[cell] >> WALL_SHIFT;
    givens[cell] = values[cell] & DIGIT_MASK;
  }
  const at = (cell: number): { line: number; column: number } => ({
    line: rows[Math.floor(cell / SIZE)].line,
    column: columns[cell],
  });

  const mismatches = findWallMismatches(SIZE, walls);
  for (const problem of mismatches) {
    errors.push({
      case: caseNumber,
      ...at(problem.cells[0]),
      message: `walls disagree: ${problem.message}`,
    });
  }
  if (mismatches.length > 0) return null;

  const { areaOf, areas } = regionsFromWalls(SIZE, walls);
  // Nine areas of nine cells: each area is a region, so the area ids are the region ids.
  if (areas.length === SIZE && areas.every((area) => area.length === SIZE)) {
    return createBoard(SIZE, areaOf, givens);
  }
  // Only a bad layout pays for the full analysis, which explains what is wrong. Dangling
  // walls inside a region ('wall-open') do not change which cells form a region, and the
  // judge reads regions as connected groups, so only their count and sizes are errors.
  const problems = analyseWalls(SIZE, walls).problems.filter(
    (problem) => problem.code !== 'wall-open',
  );
  for (const problem of problems) {
    const where = problem.cells.length > 0 ? at(problem.cells[0]) : at(0);
    errors.push({ case: caseNumber, ...where, message: `bad layout: ${problem.message}` });
  }
  return null;
}

/**
 * Read the 9 numbers of one row into `values` (and their columns into `columns`). Pushes
 * the first problem of the row and returns false. Stops at the 10th number, so one huge
 * line costs no more than a short one.
 */
function readValueRow(
  source: SourceLine,
  row: number,
  caseNumber: number,
  values: Uint8Array,
  columns: Uint32Array,
  errors: FormatError[],
): boolean {
  const { text, line } = source;
  const fail = (column: number, message: string): false => {
    errors.push({ case: caseNumber, line, column, message });
    return false;
  };
  let index = 0;
  let count = 0;
  for (;;) {
    while (index < text.length && isBlank(text.charCodeAt(index))) index++;
    if (index >= text.length) break;
    const start = index;
    // Read the number while finding the token's end; the text is sliced only for messages.
    let value = 0;
    let digitsOnly = true;
    for (; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (isBlank(code)) break;
      if (code < ZERO || code > NINE) digitsOnly = false;
      else if (value <= 255) value = value * 10 + code - ZERO; // past 255 the value no longer matters
    }
    const column = start + 1;
    const token = (): string => quote(text.slice(start, index));
    if (count === SIZE) {
      return fail(column, `row ${row + 1} has more than 9 numbers: ${token()} is the 10th`);
    }
    if (!digitsOnly) return fail(column, `expected ${EXPECTED_VALUE}, got ${token()}`);
    if (value > 255) return fail(column, `${token()} is out of range: expected ${EXPECTED_VALUE}`);
    const digit = value & DIGIT_MASK;
    if (digit > 9) {
      return fail(
        column,
        `${value} has digit part ${digit} (${value} = ${value - digit} + ${digit}); the digit part must be 0 to 9, so values run from 0 to ${MAX_VALUE}`,
      );
    }
    values[row * SIZE + count] = value;
    columns[row * SIZE + count] = column;
    count++;
  }
  if (count < SIZE) {
    return fail(text.length + 1, `row ${row + 1} has ${plural(count, 'number')}; expected 9`);
  }
  return true;
}

/** Space or tab: what separates the numbers of a row. */
const isBlank = (code: number): boolean => code === 32 || code === 9;

/**
 * Write puzzles as an hdu4069 input: T, then each case's 9 rows, a blank line between
 * cases. Walls are drawn wherever neighbours are in different regions, and around the
 * border. Throws a RangeError for a board that is not 9x9.
 */
export function printHdu4069(puzzles: readonly PuzzleToPrint[]): string {
  assertPrintable(puzzles, hdu4069CannotHold);
  const lines = [String(puzzles.length)];
  puzzles.forEach(({ board }, index) => {
    if (index > 0) lines.push('');
    const walls = wallsFromRegions(SIZE, board.regions);
    for (let row = 0; row < SIZE; row++) {
      const numbers: number[] = [];
      for (let col = 0; col < SIZE; col++) {
        const cell = row * SIZE + col;
        numbers.push(board.givens[cell] + (walls[cell] << WALL_SHIFT));
      }
      lines.push(numbers.join(' '));
    }
  });
  return joinLines(lines);
}

/**
 * The judge's output: `Case k:` then the 9 solved rows, `No solution` or
 * `Multiple Solutions`. Cases that could not be read are left out (their errors go
 * elsewhere); the others keep their input numbers.
 */
export function printHdu4069Results(answers: readonly CaseAnswer[]): string {
  const lines: PrintLine[] = [];
  for (const { case: caseNumber, result } of answers) {
    if (result.status === 'invalid') continue;
    lines.push(`Case ${caseNumber}:`);
    if (result.status === 'none') lines.push('No solution');
    else if (result.status === 'multiple') lines.push('Multiple Solutions');
    else lines.push(...gridLines(result.solution, SIZE));
  }
  return joinLines(lines);
}
