/**
 * Reading and writing the line-based judge formats: a line reader that forgives CRLF,
 * trailing spaces and blank lines, the "T, then T cases" frame shared by hdu4069, poj2676
 * and hdu5547, and grid printing. Everything is linear in the input: lines are sliced
 * one at a time from the text, never split all at once with a regular expression.
 */
import { createBoard, standardRegions, type Board } from '../engine/index.ts';
import { plural, quote, type FormatError } from './errors.ts';
import type { CaseAnswer, ParsedCase, ParseResult, PuzzleToPrint, ReadStep } from './types.ts';

const BYTE_ORDER_MARK = 0xfeff;

/** Walks the lines of a text. `text` is the current line without its line end and trailing whitespace. */
export class LineReader {
  /** The current line, without `\n`, `\r` and trailing whitespace. */
  text = '';
  /** 1-based number of the current line; 0 before the first call to `next`. */
  line = 0;
  private position: number;

  constructor(private readonly source: string) {
    // A byte order mark is an encoding artefact, not content: editors on Windows add it.
    this.position = source.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
  }

  /** Move to the next line; false at the end of the input. */
  next(): boolean {
    const { source } = this;
    if (this.position >= source.length) return false;
    let end = source.indexOf('\n', this.position);
    if (end < 0) end = source.length;
    this.text = source.slice(this.position, end).trimEnd();
    this.position = end + 1;
    this.line++;
    return true;
  }

  /** Move to the next line that is not blank; false at the end of the input. */
  nextNonBlank(): boolean {
    while (this.next()) if (this.text.length > 0) return true;
    return false;
  }

  /** Where the input ends: after the last line's text, or at the start of the line after a final newline. */
  endPosition(): { line: number; column: number } {
    const { source } = this;
    if (source.length === 0 || source.endsWith('\n')) return { line: this.line + 1, column: 1 };
    const lastLineStart = source.lastIndexOf('\n') + 1;
    return { line: this.line, column: source.length - lastLineStart + 1 };
  }
}

/** A line of a case as read: its text (trailing whitespace gone) and its 1-based number. */
export interface SourceLine {
  text: string;
  line: number;
}

/** 1-based column of the first character that is not a space or tab, or 1 when there is none. */
export function firstTextColumn(text: string): number {
  let index = 0;
  while (index < text.length && (text[index] === ' ' || text[index] === '\t')) index++;
  return index < text.length ? index + 1 : 1;
}

/** Whether a string is one or more ASCII digits. Linear, no regular expression. */
export function isDigits(token: string): boolean {
  if (token.length === 0) return false;
  for (let index = 0; index < token.length; index++) {
    const code = token.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

export interface CountedFormat {
  /** Rows of text per case. */
  rowsPerCase: number;
  /** Largest T the format allows. */
  maxCases: number;
  /**
   * Read one case from its rows. Push every problem to `errors` (with this case's number)
   * and return null when there was any; otherwise return the board.
   */
  readCase(rows: readonly SourceLine[], caseNumber: number, errors: FormatError[]): Board | null;
}

/**
 * Gather the steps of a reader into one ParseResult: what `parse` returns for the formats
 * that can also be read step by step.
 */
export function collectSteps(steps: Generator<ReadStep, number>): ParseResult {
  const cases: ParsedCase[] = [];
  const errors: FormatError[] = [];
  for (;;) {
    const step = steps.next();
    if (step.done === true) return { cases, errors, caseCount: step.value };
    if (step.value.kind === 'case') cases.push(step.value.parsed);
    else errors.push(step.value.error);
  }
}

/**
 * The frame of hdu4069, poj2676 and hdu5547: a first line with the number of cases T, then
 * T cases of `rowsPerCase` non-blank lines each; blank lines anywhere are skipped. A bad
 * case is reported and the next case is still read. The input ending early, or going on
 * after the T cases, is one error each. Yields cases and errors in input order and returns
 * the number of cases met.
 */
export function* countedCaseSteps(
  text: string,
  format: CountedFormat,
): Generator<ReadStep, number> {
  const reader = new LineReader(text);
  if (!reader.nextNonBlank()) {
    const end = reader.endPosition();
    yield errorStep({ ...end, message: 'the input is empty; expected the number of cases T' });
    return 0;
  }
  const countErrors: FormatError[] = [];
  const caseCount = readCaseCount(reader, format.maxCases, countErrors);
  for (const error of countErrors) yield errorStep(error);
  if (caseCount === null) return 0;
  const countLine = reader.line;
  const rows: SourceLine[] = [];
  const caseErrors: FormatError[] = [];
  for (let caseNumber = 1; caseNumber <= caseCount; caseNumber++) {
    rows.length = 0;
    while (rows.length < format.rowsPerCase && reader.nextNonBlank()) {
      rows.push({ text: reader.text, line: reader.line });
    }
    if (rows.length < format.rowsPerCase) {
      const message =
        rows.length === 0
          ? `the input ends before case ${caseNumber}; line ${countLine} announced ${plural(caseCount, 'case')}`
          : `the input ends after ${rows.length} of the ${format.rowsPerCase} rows of case ${caseNumber}`;
      yield errorStep({ case: caseNumber, ...reader.endPosition(), message });
      return caseNumber;
    }
    caseErrors.length = 0;
    const board = format.readCase(rows, caseNumber, caseErrors);
    if (board !== null) yield caseStep({ case: caseNumber, line: rows[0].line, board });
    for (const error of caseErrors) yield errorStep(error);
  }
  if (reader.nextNonBlank()) {
    yield errorStep({
      line: reader.line,
      column: firstTextColumn(reader.text),
      message: `unexpected text after the ${plural(caseCount, 'case')} announced on line ${countLine}: ${quote(reader.text.trimStart())}`,
    });
  }
  return caseCount;
}

/** The whole of a counted-frame input at once (see countedCaseSteps). */
export function readCountedCases(text: string, format: CountedFormat): ParseResult {
  return collectSteps(countedCaseSteps(text, format));
}

/** A reader's step for a good case. */
export const caseStep = (parsed: ParsedCase): ReadStep => ({ kind: 'case', parsed });
/** A reader's step for an error (with a `case`, that case is bad). */
export const errorStep = (error: FormatError): ReadStep => ({ kind: 'error', error });

/**
 * The number of cases on the reader's current line. Null (with an error) when it is not a
 * number, since then nothing says how to read on. A number beyond the format's bound is
 * reported but still used: the cases may well be fine.
 */
function readCaseCount(reader: LineReader, maxCases: number, errors: FormatError[]): number | null {
  const column = firstTextColumn(reader.text);
  const token = reader.text.trimStart();
  const range = Number.isFinite(maxCases)
    ? `an integer from 1 to ${maxCases}`
    : 'an integer of 1 or more';
  if (!isDigits(token)) {
    errors.push({
      line: reader.line,
      column,
      message: `expected the number of cases T, ${range}, got ${quote(token)}`,
    });
    return null;
  }
  const count = token.length > 15 ? Infinity : Number(token);
  if (count < 1 || count > maxCases) {
    errors.push({
      line: reader.line,
      column,
      message: `the number of cases T must be ${range}, got ${token.length > 15 ? quote(token) : count}`,
    });
  }
  return count;
}

/** Check one row of single-character cells; push an error and return false on the first bad character. */
function readCharRow(
  row: SourceLine,
  rowIndex: number,
  caseNumber: number,
  width: number,
  digitOf: (code: number) => number,
  expected: string,
  into: Uint8Array,
  errors: FormatError[],
): boolean {
  const { text, line } = row;
  const cells = Math.min(text.length, width);
  for (let col = 0; col < cells; col++) {
    const digit = digitOf(text.charCodeAt(col));
    if (digit < 0) {
      const got = text[col] === ' ' || text[col] === '\t' ? 'a space' : quote(text[col]);
      errors.push({
        case: caseNumber,
        line,
        column: col + 1,
        message: `expected ${expected}, got ${got}`,
      });
      return false;
    }
    into[rowIndex * width + col] = digit;
  }
  if (text.length < width) {
    errors.push({
      case: caseNumber,
      line,
      column: text.length + 1,
      message: `row ${rowIndex + 1} has ${plural(text.length, 'cell')}; expected ${width}`,
    });
    return false;
  }
  if (text.length > width) {
    errors.push({
      case: caseNumber,
      line,
      column: width + 1,
      message: `row ${rowIndex + 1} goes on after ${width} cells: ${quote(text.slice(width))}`,
    });
    return false;
  }
  return true;
}

/**
 * The frame of a format whose cases are `size` rows of `size` one-character cells on the
 * standard box layout (poj2676, hdu5547). `digitOf` maps a character code to 0..size, or
 * -1 when the character is not a cell; `expected` names the cells for messages.
 */
export function charGridFormat(
  size: number,
  maxCases: number,
  digitOf: (code: number) => number,
  expected: string,
): CountedFormat {
  return {
    rowsPerCase: size,
    maxCases,
    readCase(rows, caseNumber, errors) {
      const givens = new Uint8Array(size * size);
      let ok = true;
      rows.forEach((row, index) => {
        if (!readCharRow(row, index, caseNumber, size, digitOf, expected, givens, errors)) {
          ok = false;
        }
      });
      return ok ? createBoard(size, standardRegions(size), givens) : null;
    },
  };
}

/** The rows of a solved grid, each as a string of single-character digits (sizes up to 9). */
export function gridLines(grid: ArrayLike<number>, size: number): string[] {
  const lines: string[] = [];
  for (let row = 0; row < size; row++) {
    let line = '';
    for (let col = 0; col < size; col++) line += String(grid[row * size + col]);
    lines.push(line);
  }
  return lines;
}

/** The one solution printed for a judge format, or null when it has none. */
export function answerGrid(answer: CaseAnswer): Uint8Array | null {
  const { result } = answer;
  switch (result.status) {
    case 'unique':
    case 'found':
      return result.solution;
    case 'multiple':
      // The judges promise one solution; print the first one found, as their reference programs do.
      return result.solutions[0] ?? null;
    default:
      return null;
  }
}

/** Text with LF line ends and a final newline, from its lines. */
export function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * Throw a RangeError naming the first puzzle a format cannot hold (wrong size, or a jigsaw
 * layout where only boxes fit): an export must fail loudly rather than drop the layout.
 */
export function assertPrintable(
  puzzles: readonly PuzzleToPrint[],
  cannotHold: (board: Board) => string | null,
): void {
  puzzles.forEach(({ board }, index) => {
    const reason = cannotHold(board);
    if (reason !== null) throw new RangeError(`puzzle ${index + 1}: ${reason}`);
  });
}
