/**
 * POJ 2676: T, then T standard 9x9 puzzles of 9 lines of 9 digits, `0` for an empty cell.
 * The answer is the 9 solved lines of each puzzle, with no header.
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

const SIZE = 9;
const ZERO = 48;

/** Why a board cannot be written as poj2676, or null when it can. */
export function poj2676CannotHold(board: Board): string | null {
  return standardLayoutProblem('poj2676', board, SIZE);
}

/** Read a poj2676 input. A bad case is reported and the next one is still read. */
export function parsePoj2676(text: string): ParseResult {
  return readCountedCases(text, POJ2676_FRAME);
}

/** The cases and errors of a poj2676 input one by one, in input order (see parsePoj2676). */
export function poj2676Steps(text: TextInput): Generator<ReadStep, number> {
  return countedCaseSteps(text, POJ2676_FRAME);
}

const digitOf = (code: number): number => (code >= ZERO && code <= ZERO + 9 ? code - ZERO : -1);

const POJ2676_FRAME = charGridFormat(
  SIZE,
  Infinity,
  digitOf,
  'a digit 1-9, or 0 for an empty cell',
);

/** Write puzzles as a poj2676 input. Throws for a board that is not standard 9x9. */
export function printPoj2676(puzzles: readonly PuzzleToPrint[]): string {
  assertPrintable(puzzles, poj2676CannotHold);
  const lines: PrintLine[] = [String(puzzles.length)];
  puzzles.forEach(({ board }) => {
    lines.push(...gridLines(board.givens, SIZE));
  });
  return joinLines(lines);
}

/**
 * The judge's output: the 9 solved lines per puzzle. The judge promises a solution; a
 * puzzle without one gets the single line `No solution`. Unreadable cases are left out.
 */
export function printPoj2676Results(answers: readonly CaseAnswer[]): string {
  const lines: PrintLine[] = [];
  for (const answer of answers) {
    if (answer.result.status === 'invalid') continue;
    const grid = answerGrid(answer);
    if (grid === null) lines.push('No solution');
    else lines.push(...gridLines(grid, SIZE));
  }
  return joinLines(lines);
}
