/**
 * The f-puzzles puzzle string, which f-puzzles (https://f-puzzles.com/?load=<string>) and
 * SudokuPad (https://sudokupad.app/fpuzzles<string>) both open: lz-string's
 * compressToBase64 of a JSON object
 *   {"size": N, "title": …, "author": …, "ruleset": …,
 *    "grid": N rows of N cells {"value": d, "given": true, "region": r}}
 * as f-puzzles' own exportPuzzle writes it. A cell leaves out what it does not have: no
 * value for an empty cell, no "region" when the cell is in its default box. f-puzzles'
 * default boxes are regionH rows by regionW columns, regionH the largest divisor of N not
 * above √N, numbered floor(row / regionH) * regionH + floor(col / regionW): the same boxes
 * as Squiggly's standard layouts (board.ts boxShape) for every size that has them. For a
 * prime size (5, 7, 11, 13) that divisor is 1, so f-puzzles' (and SudokuPad's, whose
 * importer computes the same shape) default "box" is a whole row: a string of such a size
 * with no "region" fields reads as rows for regions, as both programs show it.
 *
 * SudokuPad's f-puzzles importer was found to agree on the default boxes only up to 10×10
 * (assuming 3×3 boxes above that), so above 10×10, and for every size without boxes
 * (whose regions are jigsaw regions, never the rows), every cell's region is written out;
 * both programs read an explicit region. Region numbers are 0-based. f-puzzles draws
 * sizes 3 to 16; Squiggly reads and writes 4 to 16. A value without "given" is
 * a solver's entry, not a clue, and is not read, nor are pencil marks. Variant constraints
 * (killer cages, thermometers, arrows, dots, lines, global rules…) are read into the
 * engine's Constraint list and written back by fpuzzlesConstraints.ts; cosmetics (text,
 * lines, circles, rectangles) and the constraints Squiggly has no kind for are not: the
 * reading names every one the string holds (`leftOut`), so nothing is dropped unsaid. A
 * board or constraint list f-puzzles cannot hold is refused by fpuzzlesCannotHold, in words,
 * and printFpuzzles throws rather than write a string that says less than the puzzle.
 *
 * This is not in the format registry (index.ts): it holds one puzzle and has no judge
 * output to print results in. The UI calls these functions directly. Errors are
 * FormatErrors on line 1, the column pointing at the start of the encoded data, and the
 * message naming the field and cell. Data is unpacked by lz.ts's bounded decoder, so a
 * crafted string is refused as "damaged or too large" in milliseconds.
 */
import { compressToBase64, startOfBase64, unpackBase64, UNPACKED_LIMIT } from './lz.ts';
import {
  cellName,
  createBoard,
  APP_SIZES,
  hasBoxShape,
  hasStandardBoxes,
  sizesText,
  type Board,
  type Constraint,
  validateLayout,
} from '../engine/index.ts';
import { quote, type FormatError } from './errors.ts';
import {
  CONSTRAINT_FIELDS,
  drawsReadConstraint,
  fpuzzlesConstraintGaps,
  readFpuzzlesConstraints,
  writeFpuzzlesConstraints,
} from './fpuzzlesConstraints.ts';
import { EMPTY_INFO, MAX_INFO_LENGTH, type PuzzleInfo } from './link.ts';

/** Where SudokuPad opens an f-puzzles string: the string follows this directly. */
export const SUDOKUPAD_PREFIX = 'https://sudokupad.app/fpuzzles';
/** Where f-puzzles opens one. */
export const FPUZZLES_PREFIX = 'https://f-puzzles.com/?load=';
/** The largest grid f-puzzles draws. */
const FPUZZLES_MAX_SIZE = 16;
/** Above this size SudokuPad's default boxes have differed from f-puzzles'. */
const SUDOKUPAD_DEFAULT_BOX_MAX = 10;

export type FpuzzlesReading =
  | {
      board: Board;
      info: PuzzleInfo;
      /** The variant constraints read (killer cages, thermometers, …), in field order. */
      constraints: Constraint[];
      /** What the string holds that Squiggly does not read yet, in words ("clones"). */
      leftOut: string[];
    }
  | { error: FormatError };

/** A successful reading. */
type Reading = Exclude<FpuzzlesReading, { error: FormatError }>;

/** The fields of an f-puzzles string that make the puzzle, read or named below. */
const READ_FIELDS = new Set<string>([
  'size',
  'grid',
  'title',
  'author',
  'ruleset',
  ...CONSTRAINT_FIELDS,
]);
/** Cosmetic fields whose entries may be the drawing of a constraint read (renban lines). */
const COSMETIC_FIELDS = new Set(['line', 'circle', 'cage', 'text']);
/** Fields that carry no part of the puzzle: the solution, the editor's own settings. */
const EDITOR_FIELDS = new Set([
  'solution',
  'highlightConflicts',
  'disabledlogic',
  'truecandidatesoptions',
  'version',
]);
/** f-puzzles' constraint and cosmetic fields, as a setter names them. */
const FIELD_WORDS: Record<string, string> = {
  killercage: 'killer cages',
  cage: 'cages',
  'diagonal+': 'the rising diagonal',
  'diagonal-': 'the falling diagonal',
  antiknight: 'anti-knight',
  antiking: 'anti-king',
  disjointgroups: 'disjoint groups',
  nonconsecutive: 'non-consecutive',
  negative: 'the negative constraint',
  odd: 'odd cells',
  even: 'even cells',
  minimum: 'minimum cells',
  maximum: 'maximum cells',
  extraregion: 'extra regions',
  thermometer: 'thermometers',
  palindrome: 'palindromes',
  renban: 'renban lines',
  whispers: 'German whispers',
  regionsumline: 'region sum lines',
  betweenline: 'between lines',
  littlekillersum: 'little killers',
  sandwichsum: 'sandwich sums',
  xsum: 'X-sums',
  skyscraper: 'skyscrapers',
  difference: 'white dots',
  ratio: 'black dots',
  xv: 'XV signs',
  clone: 'clones',
  arrow: 'arrows',
  quadruple: 'quadruples',
  line: 'lines',
  circle: 'circles',
  rectangle: 'rectangles',
  text: 'text',
};

/** A field's value holds something: a non-empty list or object, true, a number, text. */
function holdsSomething(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value === null || value === undefined || value === false || value === '') return false;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * What of the puzzle object Squiggly does not read, in words, in the string's order: the
 * fields it does not know, and the cosmetics that are not the drawing of a constraint read.
 */
function leftOutOf(puzzle: Record<string, unknown>): string[] {
  return Object.entries(puzzle)
    .map(([key, value]): [string, unknown] => [
      key,
      COSMETIC_FIELDS.has(key) && Array.isArray(value)
        ? value.filter((entry) => !drawsReadConstraint(entry))
        : value,
    ])
    .filter(
      ([key, value]) => !READ_FIELDS.has(key) && !EDITOR_FIELDS.has(key) && holdsSomething(value),
    )
    .map(([key]) => FIELD_WORDS[key] ?? `"${key}"`);
}

interface FpuzzlesCell {
  value?: number;
  given?: boolean;
  region?: number;
}

/** f-puzzles' default box rows and columns for a size. */
export function fpuzzlesBox(size: number): { rows: number; cols: number } {
  let rows = Math.floor(Math.sqrt(size));
  while (rows > 1 && size % rows !== 0) rows--;
  return { rows, cols: size / rows };
}

/** The default box f-puzzles puts a cell in. */
function defaultRegion(cell: number, size: number): number {
  const { rows, cols } = fpuzzlesBox(size);
  const row = Math.floor(cell / size);
  const col = cell % size;
  return Math.floor(row / rows) * rows + Math.floor(col / cols);
}

/**
 * Why a board and its constraints cannot be written as an f-puzzles string, in words (every
 * constraint f-puzzles has no field for is named), or null when they can.
 */
export function fpuzzlesCannotHold(
  board: Board,
  constraints: readonly Constraint[] = [],
): string | null {
  if (board.size > FPUZZLES_MAX_SIZE) {
    return `f-puzzles draws grids up to ${FPUZZLES_MAX_SIZE}×${FPUZZLES_MAX_SIZE}, not ${board.size}×${board.size}`;
  }
  const gaps = fpuzzlesConstraintGaps(constraints, board.size);
  return gaps.length === 0 ? null : `f-puzzles cannot hold ${gaps.join('; ')}`;
}

/**
 * The f-puzzles string of a board and its variant constraints; throws a RangeError, saying
 * why, for what f-puzzles cannot hold (fpuzzlesCannotHold) rather than leave part out.
 */
export function printFpuzzles(
  board: Board,
  info: PuzzleInfo = EMPTY_INFO,
  constraints: readonly Constraint[] = [],
): string {
  const problem = fpuzzlesCannotHold(board, constraints);
  if (problem) throw new RangeError(problem);
  const { size } = board;
  // Standard boxes under any numbering are written as f-puzzles' own default boxes.
  const standard = hasStandardBoxes(board);
  const writeEveryRegion = size > SUDOKUPAD_DEFAULT_BOX_MAX || !hasBoxShape(size);
  const grid: FpuzzlesCell[][] = [];
  for (let row = 0; row < size; row++) {
    const cells: FpuzzlesCell[] = [];
    for (let col = 0; col < size; col++) {
      const cell = row * size + col;
      const region = standard ? defaultRegion(cell, size) : board.regions[cell];
      const out: FpuzzlesCell = {};
      if (board.givens[cell] !== 0) {
        out.value = board.givens[cell];
        out.given = true;
      }
      if (writeEveryRegion || region !== defaultRegion(cell, size)) out.region = region;
      cells.push(out);
    }
    grid.push(cells);
  }
  const puzzle: Record<string, unknown> = { size };
  if (info.title) puzzle.title = info.title;
  if (info.author) puzzle.author = info.author;
  if (info.rules) puzzle.ruleset = info.rules;
  puzzle.grid = grid;
  writeFpuzzlesConstraints(puzzle, constraints, size);
  return compressToBase64(JSON.stringify(puzzle));
}

/** A SudokuPad link that opens the board (and its constraints). */
export function sudokuPadUrl(
  board: Board,
  info: PuzzleInfo = EMPTY_INFO,
  constraints: readonly Constraint[] = [],
): string {
  return SUDOKUPAD_PREFIX + encodeURIComponent(printFpuzzles(board, info, constraints));
}

/** An f-puzzles link that opens the board (and its constraints). */
export function fpuzzlesUrl(
  board: Board,
  info: PuzzleInfo = EMPTY_INFO,
  constraints: readonly Constraint[] = [],
): string {
  return FPUZZLES_PREFIX + encodeURIComponent(printFpuzzles(board, info, constraints));
}

/** Where the encoded data starts in a pasted f-puzzles string or link, or -1 when not one. */
function dataStart(text: string): number {
  const sudokuPad = /^https?:\/\/(?:beta\.)?sudokupad\.app\/(?:sudoku\/)?fpuzzles/i.exec(text);
  if (sudokuPad) return sudokuPad[0].length;
  const fpuzzles = /^https?:\/\/(?:www\.)?f-puzzles\.com\/?\?(?:[^#]*&)?load=/i.exec(text);
  if (fpuzzles) return fpuzzles[0].length;
  if (text.startsWith('fpuzzles')) return 'fpuzzles'.length;
  return -1;
}

/** The base-64 data of an f-puzzles string as typed: %-escapes undone, blanks read as '+'. */
function base64Of(data: string): string | null {
  let decoded = data;
  if (/%[0-9a-f]{2}/i.test(decoded)) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return null;
    }
  }
  return decoded.replace(/ /g, '+');
}

/**
 * The JSON inside an f-puzzles string, or why there is none: it does not unpack to an object
 * ("damaged"), or it unpacks to more than any puzzle (lz.ts's bounded decoder stops there).
 */
function decompress(data: string): { json: string } | { failure: 'damaged' | 'too-large' } {
  const base64 = base64Of(data);
  if (base64 === null) return { failure: 'damaged' };
  const unpacked = unpackBase64(base64);
  if (!('text' in unpacked)) return unpacked;
  return unpacked.text.trimStart().startsWith('{')
    ? { json: unpacked.text }
    : { failure: 'damaged' };
}

/**
 * Whether a text is an f-puzzles string or link: a SudokuPad /fpuzzles or f-puzzles ?load=
 * link (good or damaged), or base-64 text whose packed text starts with "{". Only the first
 * code of the data is unpacked (lz.ts startOfBase64), so this costs nothing whatever the
 * text's length: the Import dialog asks it at every render.
 */
export function looksLikeFpuzzles(text: string): boolean {
  const trimmed = text.trim();
  if (dataStart(trimmed) >= 0) return true;
  if (!/^[A-Za-z0-9+/=%]{16,}$/.test(trimmed)) return false;
  const base64 = base64Of(trimmed.slice(0, 64).replace(/%[0-9a-f]?$/i, ''));
  return base64 !== null && startOfBase64(base64, 1) === '{';
}

/**
 * Whether a line is an f-puzzles string or link for format detection: a link, or text that
 * looks like one (looksLikeFpuzzles) and unpacks whole to a JSON object. Unpacking is
 * bounded (lz.ts), so a long look-alike costs little; a layout line of letters, which is
 * base-64 text too, does not unpack to an object.
 */
export function isFpuzzlesLine(text: string): boolean {
  const trimmed = text.trim();
  if (dataStart(trimmed) >= 0) return true;
  return looksLikeFpuzzles(trimmed) && 'json' in decompress(trimmed);
}

/** Read an f-puzzles string, or an f-puzzles or SudokuPad link that holds one. */
export function parseFpuzzles(text: string): FpuzzlesReading {
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const start = Math.max(0, dataStart(trimmed));
  const fail = (message: string, offset = start): FpuzzlesReading => ({
    error: { line: 1, column: lead + offset + 1, message },
  });
  if (trimmed === '') return fail('the f-puzzles string is empty', 0);
  const data = trimmed.slice(start).split('#')[0];
  if (data === '') return fail('the link ends before the f-puzzles data');
  const unpacked = decompress(data);
  if ('failure' in unpacked) {
    return fail(
      unpacked.failure === 'too-large'
        ? `this f-puzzles string is damaged or too large: it unpacks to more than ${UNPACKED_LIMIT.toLocaleString('en')} characters, far more than any puzzle needs`
        : `not an f-puzzles puzzle string: ${quote(data)} does not decompress (it may be cut short, or a SudokuPad short link, which only SudokuPad can open)`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(unpacked.json);
  } catch (error) {
    return fail(`the f-puzzles data is not valid JSON (${(error as Error).message})`);
  }
  const result = readPuzzle(value);
  return typeof result === 'string' ? fail(result) : result;
}

function readPuzzle(value: unknown): Reading | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'the f-puzzles data is not a puzzle object';
  }
  const puzzle = value as Record<string, unknown>;
  const size = puzzle.size;
  if (typeof size !== 'number' || !(APP_SIZES as readonly number[]).includes(size)) {
    return `"size" must be ${sizesText(APP_SIZES, 'or')}, got ${JSON.stringify(size) ?? 'nothing'}`;
  }
  const info: PuzzleInfo = { ...EMPTY_INFO };
  for (const [key, field] of [
    ['title', 'title'],
    ['author', 'author'],
    ['ruleset', 'rules'],
  ] as const) {
    const text = puzzle[key];
    if (text === undefined || text === null) continue;
    if (typeof text !== 'string') return `"${key}" must be text, got ${JSON.stringify(text)}`;
    info[field] = text.slice(0, MAX_INFO_LENGTH);
  }
  const grid = puzzle.grid;
  if (!Array.isArray(grid) || grid.length !== size) {
    const got = Array.isArray(grid) ? `${grid.length} rows` : (JSON.stringify(grid) ?? 'nothing');
    return `"grid" must be ${size} rows of ${size} cells, got ${got}`;
  }
  const regions = new Uint8Array(size * size);
  const givens = new Uint8Array(size * size);
  for (let row = 0; row < size; row++) {
    const cells: unknown = grid[row];
    if (!Array.isArray(cells) || cells.length !== size) {
      return `"grid" row ${row + 1} must be ${size} cells, got ${Array.isArray(cells) ? cells.length : JSON.stringify(cells)}`;
    }
    for (let col = 0; col < size; col++) {
      const cell = row * size + col;
      const where = `grid ${cellName(cell, size)}`;
      const item: unknown = cells[col];
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        return `${where}: expected a cell object, got ${JSON.stringify(item)}`;
      }
      const { region, value: digit, given } = item as Record<string, unknown>;
      if (region === undefined) {
        regions[cell] = defaultRegion(cell, size);
      } else if (region === null) {
        return `${where} is in no region; Squiggly needs every cell in a region`;
      } else if (
        typeof region !== 'number' ||
        !Number.isInteger(region) ||
        region < 0 ||
        region >= size
      ) {
        return `${where}: "region" must be a number from 0 to ${size - 1}, got ${JSON.stringify(region)}`;
      } else {
        regions[cell] = region;
      }
      if (given === true) {
        if (typeof digit !== 'number' || !Number.isInteger(digit) || digit < 1 || digit > size) {
          return `${where}: a given "value" must be a digit from 1 to ${size}, got ${JSON.stringify(digit) ?? 'nothing'}`;
        }
        givens[cell] = digit;
      }
    }
  }
  const problems = validateLayout(size, regions);
  if (problems.length > 0) return `bad layout: ${problems[0].message}`;
  const read = readFpuzzlesConstraints(puzzle, size);
  if (typeof read === 'string') return read;
  return {
    board: createBoard(size, regions, givens),
    info,
    constraints: read.constraints,
    leftOut: [...read.leftOut, ...leftOutOf(puzzle)],
  };
}
