/**
 * The one-line jigsaw text: a whole puzzle on one line, as the jigsaw community and other
 * solvers (the Interactive Sudoku Solver among them) pass puzzles around:
 *
 *   N*N givens, then N*N region characters, with or without one space between them
 *   3.......2.....  AAABBBCCC...        (162 characters for 9x9, 512 for 16x16)
 *
 * Givens run row by row: `1`-`9`, then `A`-`P` (either case) for 10-25 as the app types
 * them on 16x16; `.` or `0` is an empty cell. Region characters are any visible
 * characters, one per region: each different character is one region, numbered in order of
 * first appearance. The size follows from the length (2*N*N characters, or two halves of
 * N*N), so the same file may mix sizes. A file holds one puzzle per line; blank lines are
 * skipped, and every line is its own case, so a damaged line costs only that case.
 *
 * Written puzzles use `.` for empty cells and the letters A, B, C… for the regions, with no
 * space (the form most tools read). The answer to a case is one line: the solution's N*N
 * characters, `No solution`, or `Multiple solutions` — this format, unlike the judges', has
 * words for those. Unreadable cases get no line (they are reported with case, line and
 * column), as in the other one-line format, POJ 3074.
 */
import {
  adoptBoard,
  digitChar,
  letterDigitsText,
  sizesText,
  SUPPORTED_SIZES,
  type Board,
} from '../engine/index.ts';
import { quote, type FormatError } from './errors.ts';
import { readRegionChars, regionCharsOf } from './regionChars.ts';
import { collectSteps, joinLines, lineCaseSteps } from './text.ts';
import type { CaseAnswer, ParseResult, PuzzleToPrint, ReadStep, TextInput } from './types.ts';

const DOT = 46;
const ZERO = 48;
const NINE = 57;
const UPPER_A = 65;
const LOWER_A = 97;

/** The sizes a line can have, by its total length without the separating space. */
const SIZE_OF_LENGTH = new Map<number, number>(
  SUPPORTED_SIZES.map((size) => [2 * size * size, size]),
);

const LENGTHS_TEXT = `2*N*N in all for N = ${sizesText(SUPPORTED_SIZES, 'or')}: ${[4, 9, 16]
  .map((size) => `${2 * size * size} for ${size}x${size}`)
  .join(', ')}`;

/** Why a board cannot be written as a jigsaw line: never, every size and layout fits. */
export function jigsawLineCannotHold(_board: Board): string | null {
  return null;
}

/**
 * Whether a line looks like a one-line jigsaw puzzle (for format detection): the length of
 * some size (whole or as two halves split by a space), or within a few characters of one
 * and too long for a 9x9 standard line, with givens in the first half.
 */
export function looksLikeJigsawLine(line: string): boolean {
  const parts = line.trim().split(/[ \t]+/);
  if (parts.length === 2) {
    return parts[0].length === parts[1].length && SIZE_OF_LENGTH.has(2 * parts[0].length);
  }
  if (parts.length !== 1) return false;
  const length = parts[0].length;
  if (SIZE_OF_LENGTH.has(length)) return mostlyGivens(parts[0].slice(0, length / 2));
  // A damaged 9x9 line: a character missing or extra, never a standard 81-cell line.
  return length >= 150 && length <= 175 && mostlyGivens(parts[0].slice(0, 81));
}

/** Nine in ten characters are givens or empty cells. */
function mostlyGivens(text: string): boolean {
  let good = 0;
  for (let index = 0; index < text.length; index++) {
    if (givenValue(text.charCodeAt(index)) >= 0) good++;
  }
  return good * 10 >= text.length * 9;
}

/** A given's value: 0 for empty, 1-9, 10-35 for letters; -1 for anything else. */
function givenValue(code: number): number {
  if (code === DOT) return 0;
  if (code >= ZERO && code <= NINE) return code - ZERO;
  const upper = code >= LOWER_A && code < LOWER_A + 26 ? code - 32 : code;
  if (upper >= UPPER_A && upper < UPPER_A + 26) return upper - UPPER_A + 10;
  return -1;
}

/** Read a file of jigsaw lines: every non-blank line is a case. */
export function parseJigsawLine(text: string): ParseResult {
  return collectSteps(jigsawLineSteps(text));
}

/** The cases and errors of a jigsaw-line input one by one, in input order (see parseJigsawLine). */
export function jigsawLineSteps(text: TextInput): Generator<ReadStep, number> {
  return lineCaseSteps(
    text,
    readJigsawLine,
    'the input is empty; expected lines of N*N givens and N*N region characters',
  );
}

/** One line read: its board, or the first thing wrong with it. */
function readJigsawLine(
  text: string,
  line: number,
  caseNumber: number,
): { board: Board } | { error: FormatError } {
  const fail = (column: number, message: string) => ({
    error: { case: caseNumber, line, column, message },
  });
  // Where the givens and the regions start and end in the line (0-based).
  let start = 0;
  while (text[start] === ' ' || text[start] === '\t') start++;
  let gap = start;
  while (gap < text.length && text[gap] !== ' ' && text[gap] !== '\t') gap++;
  let regionsStart = gap;
  while (text[regionsStart] === ' ' || text[regionsStart] === '\t') regionsStart++;
  let size: number;
  let givensText: string;
  let regionsText: string;
  if (regionsStart < text.length) {
    // Two parts: each must be N*N long.
    givensText = text.slice(start, gap);
    regionsText = text.slice(regionsStart);
    const spaceInRegions = regionsText.search(/[ \t]/);
    if (spaceInRegions >= 0) {
      return fail(
        regionsStart + spaceInRegions + 1,
        'expected at most one space, between the givens and the region characters',
      );
    }
    const found = SIZE_OF_LENGTH.get(2 * givensText.length);
    if (found === undefined) {
      return fail(start + 1, `the givens are ${givensText.length} characters; ${sizesHint()}`);
    }
    size = found;
    if (regionsText.length !== givensText.length) {
      return fail(
        regionsStart + Math.min(regionsText.length, givensText.length) + 1,
        `the givens are ${givensText.length} characters (${size}x${size}) but the region characters are ${regionsText.length}; both need ${givensText.length}`,
      );
    }
  } else {
    const whole = text.slice(start);
    const found = SIZE_OF_LENGTH.get(whole.length);
    if (found === undefined) {
      return fail(
        start + whole.length + 1,
        `the line has ${whole.length} characters; ${nearestSizeHint(whole.length)}`,
      );
    }
    size = found;
    givensText = whole.slice(0, size * size);
    regionsText = whole.slice(size * size);
    regionsStart = start + size * size;
  }
  const cells = size * size;
  const givens = new Uint8Array(cells);
  for (let cell = 0; cell < cells; cell++) {
    const value = givenValue(givensText.charCodeAt(cell));
    if (value < 0 || value > size) {
      const highest = digitChar(size);
      const expected =
        size <= 9 ? `a digit 1-${highest}` : `1-9 or a letter (${letterDigitsText(size)})`;
      return fail(
        start + cell + 1,
        `${expected}, or "." or "0" for an empty cell, expected in a ${size}x${size} puzzle, got ${quote(givensText[cell])}`,
      );
    }
    givens[cell] = value;
  }
  const layout = readRegionChars(regionsText, size);
  if ('message' in layout) return fail(regionsStart + layout.index + 1, layout.message);
  return { board: adoptBoard(size, layout.regions, givens) };
}

function sizesHint(): string {
  return `a jigsaw line has N*N givens and N*N region characters (${LENGTHS_TEXT})`;
}

/** What a line of this length is closest to, for the message. */
function nearestSizeHint(length: number): string {
  let nearest = SUPPORTED_SIZES[0] as number;
  for (const size of SUPPORTED_SIZES) {
    if (Math.abs(2 * size * size - length) < Math.abs(2 * nearest * nearest - length))
      nearest = size;
  }
  const want = 2 * nearest * nearest;
  const off = length - want;
  const by = off < 0 ? `${-off} short of` : `${off} more than`;
  return `that is ${by} a ${nearest}x${nearest} puzzle (${want}: ${want / 2} givens and ${want / 2} region characters); ${sizesHint()}`;
}

/** Write puzzles one per line: givens (`.` empty), then region letters A, B, C…, no space. */
export function printJigsawLine(puzzles: readonly PuzzleToPrint[]): string {
  return joinLines(puzzles.map(({ board }) => jigsawLineOf(board)));
}

/** One puzzle as a jigsaw line. Regions are lettered in order of first appearance. */
export function jigsawLineOf(board: Board): string {
  const { size, givens, regions } = board;
  const cells = size * size;
  let givensText = '';
  for (let cell = 0; cell < cells; cell++) {
    givensText += givens[cell] === 0 ? '.' : digitChar(givens[cell]);
  }
  return givensText + regionCharsOf(size, regions);
}

/** The answers: a solution line, `No solution` or `Multiple solutions` per readable case. */
export function printJigsawLineResults(answers: readonly CaseAnswer[]): string {
  const lines: string[] = [];
  for (const { result } of answers) {
    switch (result.status) {
      case 'unique':
      case 'found':
        lines.push(Array.from(result.solution, digitChar).join(''));
        break;
      case 'none':
        lines.push('No solution');
        break;
      case 'multiple':
        lines.push('Multiple solutions');
        break;
      case 'invalid':
        break;
    }
  }
  return joinLines(lines);
}
