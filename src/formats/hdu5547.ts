/**
 * HDU 5547: T (1 ≤ T ≤ 100), then T standard 4x4 puzzles (2x2 boxes), each an empty line
 * and 4 lines of 4 characters, `1`-`4` a clue, `*` an empty cell. The empty lines are
 * optional here, as blank lines are everywhere. The answer is `Case #x:` then the 4 lines.
 */
import type { Board } from '../engine/board.ts';
import { standardLayoutProblem } from './standard.ts';
import {
  answerGrid,
  assertPrintable,
  gridLines,
  joinLines,
  type PrintLine,
  charGridFormat,
  countedCaseSteps,
  readCountedCases,
} from './text.ts';
import type { CaseAnswer, ParseResult, PuzzleToPrint, ReadStep, TextInput } from './types.ts';

const SIZE = 4;
/** The judge allows 1 ≤ T ≤ 100. */
export const HDU5547_MAX_CASES = 100;
const STAR = 42;
const ONE = 49;

/** Why a board cannot be written as hdu5547, or null when it can. */
export function hdu5547CannotHold(board: Board): string | null {
  return standardLayoutProblem('hdu5547', board, SIZE);
}

/** Read an hdu5547 input. A bad case is reported and the next one is still read. */
export function parseHdu5547(text: string): ParseResult {
  return readCountedCases(text, HDU5547_FRAME);
}

/** The cases and errors of a hdu5547 input one by one, in input order (see parseHdu5547). */
export function hdu5547Steps(text: TextInput): Generator<ReadStep, number> {
  return countedCaseSteps(text, HDU5547_FRAME);
}

const digitOf = (code: number): number =>
  code === STAR ? 0 : code >= ONE && code < ONE + SIZE ? code - ONE + 1 : -1;

const HDU5547_FRAME = charGridFormat(
  SIZE,
  HDU5547_MAX_CASES,
  digitOf,
  'a digit 1-4, or "*" for an empty cell',
);

/** Write puzzles as an hdu5547 input, an empty line before each. Throws for a board that is not standard 4x4. */
export function printHdu5547(puzzles: readonly PuzzleToPrint[]): string {
  assertPrintable(puzzles, hdu5547CannotHold);
  const lines = [String(puzzles.length)];
  puzzles.forEach(({ board }) => {
    lines.push('');
    for (const row of gridLines(board.givens, SIZE)) {
      lines.push(Array.from(row, (digit) => (digit === 0 ? '*' : String(digit))).join(''));
    }
  });
  return joinLines(lines);
}

/**
 * The judge's output: `Case #x:` then the 4 solved lines. The judge promises a solution; a
 * puzzle without one gets `No solution` under its header. Unreadable cases are left out.
 */
export function printHdu5547Results(answers: readonly CaseAnswer[]): string {
  const lines: PrintLine[] = [];
  for (const answer of answers) {
    if (answer.result.status === 'invalid') continue;
    lines.push(`Case #${answer.case}:`);
    const grid = answerGrid(answer);
    if (grid === null) lines.push('No solution');
    else lines.push(...gridLines(grid, SIZE));
  }
  return joinLines(lines);
}
