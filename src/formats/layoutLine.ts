/**
 * The bare layout line: a jigsaw layout alone, N*N region characters on one line, the form
 * of the community's layout lists, of the Interactive Sudoku Solver's layout field and of
 * the second half of our own jigsaw line (regionChars.ts reads and writes the characters):
 *
 *   AAABBBCCCAAABBBCCC…      (81 characters for 9x9, 256 for 16x16)
 *
 * Each line is one case, a board with that layout and no clues, so a setter can bring a
 * layout in and set the clues here, and the command line's `layout-check` can ask whether
 * layouts can be filled at all. The size follows from the length (N*N). Answers are those
 * of the jigsaw line (a solution line, `No solution` or `Multiple solutions`).
 *
 * Telling a layout line from a POJ 3074 puzzle line (both are 81 characters on 9x9) is
 * safe: a layout names N regions of N cells that mostly touch (at least N*N/4 pairs of
 * neighbouring cells share a character), while in a puzzle line no two neighbours can hold
 * the same digit, and its empty cells number far more than N (or far fewer, then the
 * digits do not touch). A line that is nearly a layout (one character wrong) still reads as
 * one, so its error names the character that is wrong.
 *
 * Only a board without clues is written in this format: a puzzle's clues would be dropped
 * silently, so `cannotHold` says so and the caller that means "the layout alone" (the
 * Export dialog's layout entry) writes the clue-less board on purpose.
 */
import { adoptBoard, SUPPORTED_SIZES, type Board } from '../engine/index.ts';
import { type FormatError } from './errors.ts';
import { printJigsawLineResults } from './jigsawLine.ts';
import { readRegionChars, regionCharsOf } from './regionChars.ts';
import { assertPrintable, collectSteps, joinLines, lineCaseSteps } from './text.ts';
import type { CaseAnswer, ParseResult, PuzzleToPrint, ReadStep, TextInput } from './types.ts';

/** The sizes a layout line can have, by its length. */
const SIZE_OF_LENGTH = new Map<number, number>(SUPPORTED_SIZES.map((size) => [size * size, size]));

const LENGTHS_TEXT = SUPPORTED_SIZES.map((size) => `${size * size} for ${size}x${size}`).join(', ');

/** Why a board cannot be written as a layout line: its clues would be lost. */
export function layoutLineCannotHold(board: Board): string | null {
  let clues = 0;
  for (const given of board.givens) if (given !== 0) clues++;
  return clues === 0
    ? null
    : `a layout line holds the layout alone, and this puzzle has ${clues} ${clues === 1 ? 'clue' : 'clues'}`;
}

/**
 * Whether a line looks like a bare layout (for format detection): N*N characters with no
 * space, about N of each of about N characters, neighbours mostly alike (see the header).
 */
export function looksLikeLayoutLine(line: string): boolean {
  const text = line.trim();
  const size = SIZE_OF_LENGTH.get(text.length);
  if (size === undefined || /\s/.test(text)) return false;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  if (counts.size < size - 1 || counts.size > size + 1) return false;
  for (const count of counts.values()) if (count > size + 2) return false;
  let alike = 0;
  for (let cell = 0; cell < text.length; cell++) {
    const col = cell % size;
    if (col + 1 < size && text[cell] === text[cell + 1]) alike++;
    if (cell + size < text.length && text[cell] === text[cell + size]) alike++;
  }
  return alike * 4 >= size * size;
}

/** Read a file of layout lines: every non-blank line is a case. */
export function parseLayoutLine(text: string): ParseResult {
  return collectSteps(layoutLineSteps(text));
}

/** The cases and errors of a layout-line input one by one, in input order. */
export function layoutLineSteps(text: TextInput): Generator<ReadStep, number> {
  return lineCaseSteps(
    text,
    readLayoutLine,
    'the input is empty; expected lines of N*N region characters',
  );
}

/** One line read: its board (no clues), or the first thing wrong with it. */
function readLayoutLine(
  text: string,
  line: number,
  caseNumber: number,
): { board: Board } | { error: FormatError } {
  const fail = (column: number, message: string) => ({
    error: { case: caseNumber, line, column, message },
  });
  let start = 0;
  while (text[start] === ' ' || text[start] === '\t') start++;
  let end = text.length;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  const chars = text.slice(start, end);
  const space = chars.search(/[ \t]/);
  if (space >= 0) {
    return fail(
      start + space + 1,
      'a layout line has no spaces: N*N region characters, one per cell (a puzzle with givens is a jigsaw line)',
    );
  }
  const size = SIZE_OF_LENGTH.get(chars.length);
  if (size === undefined) {
    return fail(
      start + chars.length + 1,
      `the line has ${chars.length} characters; ${nearest(chars.length)}`,
    );
  }
  const layout = readRegionChars(chars, size);
  if ('message' in layout) return fail(start + layout.index + 1, layout.message);
  return { board: adoptBoard(size, layout.regions, new Uint8Array(size * size)) };
}

/** What a line of this length is closest to, for the message. */
function nearest(length: number): string {
  let best = SUPPORTED_SIZES[0] as number;
  for (const size of SUPPORTED_SIZES) {
    if (Math.abs(size * size - length) < Math.abs(best * best - length)) best = size;
  }
  const off = length - best * best;
  const by = off < 0 ? `${-off} short of` : `${off} more than`;
  return `that is ${by} a ${best}x${best} layout; a layout line has N*N region characters (${LENGTHS_TEXT})`;
}

/** Write layouts one per line as region letters A, B, C…; a board with clues is refused. */
export function printLayoutLine(puzzles: readonly PuzzleToPrint[]): string {
  assertPrintable(puzzles, layoutLineCannotHold);
  return joinLines(puzzles.map(({ board }) => regionCharsOf(board.size, board.regions)));
}

/** The answers, as for jigsaw lines: a solution line, `No solution` or `Multiple solutions`. */
export function printLayoutLineResults(answers: readonly CaseAnswer[]): string {
  return printJigsawLineResults(answers);
}
