/**
 * The three commands over one input: solve, check and count. Each takes the text already
 * read and returns what to write, so they stay independent of the process around them.
 */
import type { Board, ClueConflict, CountFunction } from '../../src/engine/index.ts';
import { cellName, findClueConflicts, hasStandardBoxes } from '../../src/engine/index.ts';
import {
  detectFormat,
  FORMATS,
  formatErrorText,
  isFormatName,
  solveResultOf,
  type CaseAnswer,
  type Format,
  type FormatError,
  type ParsedCase,
  type ParseResult,
} from '../../src/formats/index.ts';
import type { Input } from './input.ts';

/** What a command has to say: the text for standard output, the lines for standard error, the exit status. */
export interface Report {
  stdout: string;
  stderr: string[];
  exitCode: number;
}

export const EXIT_OK = 0;
export const EXIT_BAD_INPUT = 1;
export const EXIT_USAGE = 2;

/** Errors printed in full; the rest are counted, so a garbage file cannot flood the terminal. */
export const MAX_ERRORS_SHOWN = 100;

/** An input read in one format, with how that format was chosen. */
export interface LoadedInput {
  format: Format;
  parsed: ParseResult;
  /** `given`, or why detection chose this format. */
  how: string;
  source: string;
}

/**
 * Parse an input in the format named (`auto` to detect it). Returns a report instead when
 * no format fits; `formatOption` is assumed already checked to be a name or `auto`.
 */
export function loadInput(input: Input, formatOption: string): LoadedInput | Report {
  if (isFormatName(formatOption)) {
    const format = FORMATS[formatOption];
    return { format, parsed: format.parse(input.text), how: 'given', source: input.source };
  }
  const detection = detectFormat(input.text);
  if (detection.format === null) {
    return {
      stdout: '',
      stderr: [`${input.source}: ${formatErrorText(detection.error)}`],
      exitCode: EXIT_BAD_INPUT,
    };
  }
  const format = FORMATS[detection.format];
  const how = `detected: ${detection.reason}`;
  return { format, parsed: format.parse(input.text), how, source: input.source };
}

/** One case of the input in order: the puzzle when it was read, and its errors. */
interface CaseSlot {
  case: number;
  puzzle: ParsedCase | undefined;
  errors: FormatError[];
}

/** Every case number from 1 to caseCount with its puzzle or its errors. */
function caseSlots(parsed: ParseResult): CaseSlot[] {
  const slots: CaseSlot[] = [];
  for (let number = 1; number <= parsed.caseCount; number++) {
    slots.push({ case: number, puzzle: undefined, errors: [] });
  }
  for (const puzzle of parsed.cases) slots[puzzle.case - 1].puzzle = puzzle;
  for (const error of parsed.errors) {
    // A lone JSON puzzle's errors carry no case number: they are all its own.
    const number = parsed.single ? 1 : error.case;
    if (number !== undefined && number <= slots.length) slots[number - 1].errors.push(error);
  }
  return slots;
}

/** The input's errors as stderr lines, at most MAX_ERRORS_SHOWN of them. */
function errorLines(loaded: LoadedInput): string[] {
  const { errors } = loaded.parsed;
  const lines = errors
    .slice(0, MAX_ERRORS_SHOWN)
    .map((error) => `${loaded.source}: ${formatErrorText(error)}`);
  if (errors.length > MAX_ERRORS_SHOWN) {
    lines.push(`${loaded.source}: … and ${errors.length - MAX_ERRORS_SHOWN} more errors`);
  }
  return lines;
}

const UNIT_NAMES = { row: 'row', column: 'column', region: 'region' } as const;

/** `r1c1 and r1c5 both hold 5 in one row`. */
function describeClash(conflict: ClueConflict, size: number): string {
  const [first, second] = conflict.cells;
  return `${cellName(first, size)} and ${cellName(second, size)} both hold ${conflict.digit} in one ${UNIT_NAMES[conflict.unit]}`;
}

/**
 * Solve every case and print the judge's output. hdu4069 and JSON search for 2 solutions to
 * tell unique from multiple; the other judges promise a solution, so 1 is searched for and
 * a puzzle without one is an error (and `No solution` in its place on standard output).
 */
export function solveInput(loaded: LoadedInput, countSolutions: CountFunction): Report {
  const { format, parsed, source } = loaded;
  const limit = format.solveLimit;
  const answers: CaseAnswer[] = [];
  const stderr = errorLines(loaded);
  let exitCode = parsed.errors.length > 0 ? EXIT_BAD_INPUT : EXIT_OK;
  for (const slot of caseSlots(parsed)) {
    if (slot.puzzle === undefined) {
      answers.push({ case: slot.case, result: { status: 'invalid', errors: slot.errors } });
      continue;
    }
    const { board, line } = slot.puzzle;
    const count = countSolutions(board, limit, { keepSolutions: limit });
    const result = solveResultOf(count, limit);
    answers.push({ case: slot.case, result });
    if (result.status === 'none' && limit === 1) {
      const clash = count.clueConflicts[0];
      const why = clash === undefined ? '' : ` (${describeClash(clash, board.size)})`;
      const error = { case: slot.case, line, column: 1 };
      stderr.push(
        `${source}: ${formatErrorText({ ...error, message: `this puzzle has no solution${why}, though the ${format.name} judge promises one` })}`,
      );
      exitCode = EXIT_BAD_INPUT;
    }
  }
  return { stdout: format.printResults(answers, parsed), stderr, exitCode };
}

/** `9x9 jigsaw, 28 givens`. */
function describeBoard(board: Board): string {
  let givens = 0;
  for (const digit of board.givens) if (digit !== 0) givens++;
  const layout = hasStandardBoxes(board) ? 'standard' : 'jigsaw';
  return `${board.size}x${board.size} ${layout}, ${givens} given${givens === 1 ? '' : 's'}`;
}

/** Read every case and say, per case, whether it is a sound puzzle; no solving. */
export function checkInput(loaded: LoadedInput): Report {
  const { format, parsed, how } = loaded;
  const lines = [`Format: ${format.name} (${how})`];
  let exitCode = parsed.errors.length > 0 ? EXIT_BAD_INPUT : EXIT_OK;
  for (const slot of caseSlots(parsed)) {
    if (slot.puzzle === undefined) {
      lines.push(`Case ${slot.case}: invalid input`);
      continue;
    }
    const { board } = slot.puzzle;
    const clashes = findClueConflicts(board);
    if (clashes.length > 0) {
      const shown = clashes.slice(0, 3).map((clash) => describeClash(clash, board.size));
      const more = clashes.length > 3 ? `, and ${clashes.length - 3} more` : '';
      lines.push(`Case ${slot.case}: clues clash: ${shown.join('; ')}${more}`);
      exitCode = EXIT_BAD_INPUT;
    } else {
      lines.push(`Case ${slot.case}: ok, ${describeBoard(board)}`);
    }
  }
  return { stdout: `${lines.join('\n')}\n`, stderr: errorLines(loaded), exitCode };
}

/** `1 solution`, `5 solutions`, `at least 1000 solutions`. */
function describeCount(count: number, complete: boolean): string {
  const solutions = `${count} solution${count === 1 ? '' : 's'}`;
  return complete ? solutions : `at least ${solutions}`;
}

/** Count the solutions of every case up to `limit`. */
export function countInput(
  loaded: LoadedInput,
  limit: number,
  countSolutions: CountFunction,
): Report {
  const { parsed } = loaded;
  const lines: string[] = [];
  for (const slot of caseSlots(parsed)) {
    if (slot.puzzle === undefined) {
      lines.push(`Case ${slot.case}: invalid input`);
      continue;
    }
    // Solutions are only counted, never kept: a count of millions must not hold millions of grids.
    const result = countSolutions(slot.puzzle.board, limit, { keepSolutions: 0 });
    lines.push(`Case ${slot.case}: ${describeCount(result.count, result.complete)}`);
  }
  const stdout = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  const exitCode = parsed.errors.length > 0 ? EXIT_BAD_INPUT : EXIT_OK;
  return { stdout, stderr: errorLines(loaded), exitCode };
}
