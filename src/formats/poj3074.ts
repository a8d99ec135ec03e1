/**
 * POJ 3074: one standard 9x9 puzzle per line, 81 characters row by row, `.` for an empty
 * cell (`0` is accepted too, as the benchmark lists use it). The line `end`, or the end of
 * the input, stops reading. The answer is one line of 81 digits per puzzle.
 */
import { adoptBoard, standardRegions, type Board } from '../engine/index.ts';
import { quote, type FormatError } from './errors.ts';
import {
  answerGrid,
  assertPrintable,
  caseStep,
  collectSteps,
  errorStep,
  joinLines,
  LineReader,
  type PrintLine,
} from './text.ts';
import type { CaseAnswer, ParseResult, PuzzleToPrint, ReadStep, TextInput } from './types.ts';
import { standardLayoutProblem } from './standard.ts';

const SIZE = 9;
const CELLS = SIZE * SIZE;
const END_MARK = 'end';
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/** Why a board cannot be written as poj3074, or null when it can. */
export function poj3074CannotHold(board: Board): string | null {
  return standardLayoutProblem('poj3074', board, SIZE);
}

/**
 * Read a poj3074 input: every non-blank line up to `end` is a case. A bad line is an error
 * for that case only; the lines after it are still read. Each line is checked only as far
 * as its 82nd character, so one enormous line is cheap.
 */
export function parsePoj3074(text: string): ParseResult {
  return collectSteps(poj3074Steps(text));
}

/** The cases and errors of a poj3074 input one by one, in input order (see parsePoj3074). */
export function* poj3074Steps(text: TextInput): Generator<ReadStep, number> {
  const reader = new LineReader(text);
  // Every case shares one layout array: boards are never changed in place.
  const regions = standardRegions(SIZE);
  const errors: FormatError[] = [];
  let caseNumber = 0;
  let ended = false;
  while (reader.nextNonBlank()) {
    if (reader.text === END_MARK) {
      ended = true;
      break;
    }
    caseNumber++;
    const givens = readPuzzleLine(reader.text, reader.line, caseNumber, errors);
    if (givens !== null) {
      yield caseStep({
        case: caseNumber,
        line: reader.line,
        board: adoptBoard(SIZE, regions, givens),
      });
    } else {
      yield errorStep(errors[0]);
      errors.length = 0;
    }
  }
  if (caseNumber === 0 && !ended) {
    yield errorStep({
      ...reader.endPosition(),
      message: 'the input is empty; expected lines of 81 cells',
    });
  }
  return caseNumber;
}

/**
 * The clues of a poj3074 input made of plain puzzle lines only, end to end (81 digits a
 * case, 0 for empty), for a judge's fast path (bin/cli/plainJudge.ts): every line up to an
 * `end` line or the end of the text is 81 characters of 1-9, `.` or `0`, with LF line ends.
 * Null for anything else (blank lines, CR, spaces, a bad line, no case at all), which
 * parsePoj3074 reads, with its errors; where this gives clues, they are the boards it reads.
 */
export function plainPoj3074Givens(text: string): Uint8Array | null {
  let end = text.length;
  if (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  const lines = Math.floor((end + 1) / (CELLS + 1));
  const givens = new Uint8Array(lines * CELLS);
  let at = 0;
  let cases = 0;
  while (at < end) {
    if (
      text.startsWith(END_MARK, at) &&
      (at + END_MARK.length === end || text.charCodeAt(at + END_MARK.length) === 10)
    ) {
      break;
    }
    // Room for one more case, and this line exactly 81 characters long.
    if (cases === lines || at + CELLS > end) return null;
    if (at + CELLS < end && text.charCodeAt(at + CELLS) !== 10) return null;
    const base = cases * CELLS;
    for (let index = 0; index < CELLS; index++) {
      const code = text.charCodeAt(at + index);
      if (code === DOT) continue;
      if (code < ZERO || code > NINE) return null;
      givens[base + index] = code - ZERO;
    }
    cases++;
    at += CELLS + 1;
  }
  return cases === 0 ? null : givens.subarray(0, cases * CELLS);
}

function readPuzzleLine(
  text: string,
  line: number,
  caseNumber: number,
  errors: FormatError[],
): Uint8Array | null {
  const fail = (column: number, message: string): null => {
    errors.push({ case: caseNumber, line, column, message });
    return null;
  };
  const givens = new Uint8Array(CELLS);
  const cells = Math.min(text.length, CELLS);
  for (let index = 0; index < cells; index++) {
    const code = text.charCodeAt(index);
    if (code === DOT) continue;
    if (code < ZERO || code > NINE) {
      const got = code === 32 || code === 9 ? 'a space' : quote(text[index]);
      return fail(index + 1, `expected a digit 1-9, or "." or "0" for an empty cell, got ${got}`);
    }
    givens[index] = code - ZERO;
  }
  if (text.length < CELLS) {
    return fail(text.length + 1, `the line ends after ${text.length} cells; a puzzle has 81`);
  }
  if (text.length > CELLS) {
    return fail(CELLS + 1, `the line goes on after 81 cells: ${quote(text.slice(CELLS))}`);
  }
  return givens;
}

/** Write puzzles as a poj3074 input, one line each, then `end`. Throws for a board that is not standard 9x9. */
export function printPoj3074(puzzles: readonly PuzzleToPrint[]): string {
  assertPrintable(puzzles, poj3074CannotHold);
  const lines = puzzles.map(({ board }) => {
    let line = '';
    for (let cell = 0; cell < CELLS; cell++) {
      line += board.givens[cell] === 0 ? '.' : String(board.givens[cell]);
    }
    return line;
  });
  lines.push(END_MARK);
  return joinLines(lines);
}

/** The judge's output for solutions laid end to end (81 digits each): a line each. */
export function printPoj3074Solutions(solutions: Uint8Array): string {
  const lines: PrintLine[] = [];
  for (let at = 0; at + CELLS <= solutions.length; at += CELLS) {
    lines.push(solutions.subarray(at, at + CELLS));
  }
  return joinLines(lines);
}

/**
 * The judge's output: one line of 81 digits per puzzle. The judge promises a solution; a
 * puzzle without one gets the line `No solution`. Unreadable cases are left out.
 */
export function printPoj3074Results(answers: readonly CaseAnswer[]): string {
  const lines: PrintLine[] = [];
  for (const answer of answers) {
    if (answer.result.status === 'invalid') continue;
    lines.push(answerGrid(answer) ?? 'No solution');
  }
  return joinLines(lines);
}
