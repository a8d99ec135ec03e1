/**
 * Reading and writing the line-based judge formats: a line reader that forgives CRLF,
 * trailing spaces and blank lines, the "T, then T cases" frame shared by hdu4069, poj2676
 * and hdu5547, and grid printing. Everything is linear in the input: lines are sliced
 * one at a time from the text, never split all at once with a regular expression.
 */
import { createBoard, standardRegions, type Board } from '../engine/index.ts';
import { plural, quote, type FormatError } from './errors.ts';
import type {
  CaseAnswer,
  ParsedCase,
  ParseResult,
  PuzzleToPrint,
  ReadStep,
  TextInput,
} from './types.ts';

const BYTE_ORDER_MARK = 0xfeff;

/**
 * Characters of a line kept; the rest of a longer line is skipped (its length still counts
 * for positions). No row of any format comes near it, so a line this long is wrong anyway,
 * and a 50 MB line costs no more memory than a short one.
 */
export const MAX_LINE_KEPT = 1 << 16;

/**
 * Walks the lines of a text, given whole or in pieces. `text` is the current line without
 * its line end and trailing whitespace (a line longer than MAX_LINE_KEPT: its first
 * MAX_LINE_KEPT characters, as they are).
 */
export class LineReader {
  /** The current line, without `\n`, `\r` and trailing whitespace. */
  text = '';
  /** 1-based number of the current line; 0 before the first call to `next`. */
  line = 0;
  private buffer: string;
  private position = 0;
  private readonly pieces: Iterator<string> | null;
  private started = false;
  /** Whether the input's last character so far was a line end, and the last line's length. */
  private endedWithNewline = true;
  private lastLineLength = 0;

  constructor(source: TextInput) {
    if (typeof source === 'string') {
      this.buffer = source;
      this.pieces = null;
    } else {
      this.buffer = '';
      this.pieces = source[Symbol.iterator]();
    }
  }

  /** Take the next piece into the buffer (dropping what was read); false at the end. */
  private more(): boolean {
    if (this.pieces === null) return false;
    for (;;) {
      const piece = this.pieces.next();
      if (piece.done === true) return false;
      if (piece.value.length === 0) continue;
      this.buffer = this.buffer.slice(this.position) + piece.value;
      this.position = 0;
      return true;
    }
  }

  /** Move to the next line; false at the end of the input. */
  next(): boolean {
    if (!this.started) {
      this.started = true;
      if (this.buffer.length === 0) this.more();
      // A byte order mark is an encoding artefact, not content: editors on Windows add it.
      if (this.buffer.charCodeAt(0) === BYTE_ORDER_MARK) this.position = 1;
    }
    if (this.position >= this.buffer.length && !this.more()) return false;
    let end = this.buffer.indexOf('\n', this.position);
    let skipped = 0;
    while (end < 0) {
      // Keep at most MAX_LINE_KEPT characters of a line, and count the ones dropped.
      const held = this.buffer.length - this.position;
      if (held > MAX_LINE_KEPT) {
        skipped += held - MAX_LINE_KEPT;
        this.buffer = this.buffer.slice(this.position, this.position + MAX_LINE_KEPT);
        this.position = 0;
      }
      const searched = this.buffer.length - this.position;
      if (!this.more()) break;
      end = this.buffer.indexOf('\n', searched);
    }
    const lineEnd = end < 0 ? this.buffer.length : end;
    const raw = this.buffer.slice(this.position, lineEnd);
    const kept = skipped > 0 || raw.length > MAX_LINE_KEPT ? raw.slice(0, MAX_LINE_KEPT) : raw;
    this.text = kept.length === raw.length && skipped === 0 ? raw.trimEnd() : kept;
    this.endedWithNewline = end >= 0;
    this.lastLineLength = skipped + raw.length;
    this.position = end < 0 ? this.buffer.length : end + 1;
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
    if (this.line === 0 || this.endedWithNewline) return { line: this.line + 1, column: 1 };
    return { line: this.line, column: this.lastLineLength + 1 };
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

/**
 * What a row says about where cases begin and end, for a format whose rows carry it
 * (hdu4069's walls: a case's first row has a wall above every cell, its last row one below,
 * and a row's walls above match the walls below the row before). Each answer may be
 * `undefined`: the row is damaged, so it cannot tell.
 */
export interface CaseBoundaries {
  startsCase(text: string): boolean | undefined;
  endsCase(text: string): boolean | undefined;
  /** Whether `next` can follow `previous` inside one case. */
  continues(previous: string, next: string): boolean | undefined;
}

export interface CountedFormat {
  /** Rows of text per case. */
  rowsPerCase: number;
  /** Largest T the format allows. */
  maxCases: number;
  /** Where the rows can tell case boundaries, for finding the next case after a damaged one. */
  boundaries?: CaseBoundaries;
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

/** A non-blank line of a counted input, and whether a blank line came just before it. */
interface FrameRow extends SourceLine {
  blankBefore: boolean;
}

/** The non-blank lines of an input, with a few lines of look-ahead for finding case starts. */
class FrameRows {
  private readonly ahead: FrameRow[] = [];

  constructor(readonly reader: LineReader) {}

  /** The `index`-th row from here (0 = the next), or undefined past the end. */
  peek(index = 0): FrameRow | undefined {
    while (this.ahead.length <= index) {
      let blankBefore = false;
      for (;;) {
        if (!this.reader.next()) return undefined;
        if (this.reader.text.length > 0) break;
        blankBefore = true;
      }
      this.ahead.push({ text: this.reader.text, line: this.reader.line, blankBefore });
    }
    return this.ahead[index];
  }

  take(): FrameRow | undefined {
    const row = this.peek();
    if (row !== undefined) this.ahead.shift();
    return row;
  }

  /** Put a row back in front, to be read again. */
  putBack(row: FrameRow): void {
    this.ahead.unshift(row);
  }
}

/**
 * The frame of hdu4069, poj2676 and hdu5547: a first line with the number of cases T, then
 * T cases of `rowsPerCase` non-blank lines each; blank lines anywhere are skipped. A bad
 * case is reported and the next case is still read. A case with a row missing or one too
 * many is reported once, and reading picks up again at the next case start, so one lost
 * line does not shift every later case: where the cases are separated by blank lines, a
 * blank line ends a case (unless the rows up to the next blank line make it whole); where
 * the rows tell case boundaries (`boundaries`), a row that cannot continue the case and
 * starts a plausible one does. The input ending early, or going on after the T cases, is
 * one error each. Yields cases and errors in input order and returns the number of cases met.
 */
export function* countedCaseSteps(
  text: TextInput,
  format: CountedFormat,
): Generator<ReadStep, number> {
  const reader = new LineReader(text);
  if (!reader.nextNonBlank()) {
    const end = reader.endPosition();
    yield errorStep({ ...end, message: 'the input is empty; expected the number of cases T' });
    return 0;
  }
  const countErrors: FormatError[] = [];
  const announced = readCaseCount(reader, format.maxCases, countErrors);
  if (announced !== null) {
    for (const error of countErrors) yield errorStep(error);
    return yield* framedCaseSteps(reader, format, announced);
  }
  // No T: read on only when case 1 reads well, so a file of noise stays one error.
  const [countError] = countErrors;
  const steps = framedCaseSteps(reader, format, null);
  const first = steps.next();
  if (first.done === true || first.value.kind !== 'case') {
    yield errorStep(countError);
    return 0;
  }
  yield errorStep({ ...countError, message: `${countError.message}; reading every case there is` });
  yield first.value;
  return yield* steps;
}

/** The cases after the count line (see countedCaseSteps); `announced` null when T is unreadable. */
function* framedCaseSteps(
  reader: LineReader,
  format: CountedFormat,
  announced: { count: number; written: string } | null,
): Generator<ReadStep, number> {
  const countLine = reader.line;
  const perCase = format.rowsPerCase;
  const rows = new FrameRows(reader);
  // Without T, every case there is gets read. A line as long as a row may be the first row
  // of case 1 with T lost: it is read again as a row.
  const caseCount = announced?.count ?? Infinity;
  const written = announced?.written ?? 'cases';
  if (announced === null && reader.text.trim().length >= perCase) {
    rows.putBack({ text: reader.text, line: reader.line, blankBefore: false });
  }
  // Blank lines separate the cases when one stands where the first or second case starts,
  // give or take a row (hdu5547 puts one before every case, our hdu4069 printer one between
  // cases), and there are about as many as cases in the first three cases' rows (a file with
  // a blank line after every line is not separated). Elsewhere a stray blank line is
  // skipped, as it always was.
  let boundaryBlank = false;
  for (const index of [0, perCase - 1, perCase, perCase + 1, 2 * perCase - 1, 2 * perCase]) {
    if (rows.peek(index)?.blankBefore === true) boundaryBlank = true;
  }
  let rowsSeen = 0;
  let blanks = 0;
  for (let row = rows.peek(0); row !== undefined && rowsSeen < 3 * perCase;) {
    if (row.blankBefore) blanks++;
    row = rows.peek(++rowsSeen);
  }
  const separated = boundaryBlank && blanks <= Math.ceil(rowsSeen / perCase) + 1;
  const caseRows: FrameRow[] = [];
  const caseErrors: FormatError[] = [];
  for (let caseNumber = 1; caseNumber <= caseCount; caseNumber++) {
    caseRows.length = 0;
    const first = rows.take();
    if (first === undefined && announced === null) return caseNumber - 1;
    if (first === undefined) {
      yield errorStep({
        case: caseNumber,
        ...reader.endPosition(),
        message: `the input ends before case ${caseNumber}; line ${countLine} announced ${written}`,
      });
      return caseNumber;
    }
    caseRows.push(first);
    let cut: string | null = null;
    while (caseRows.length < perCase) {
      const next = rows.peek();
      if (next === undefined) break;
      cut = caseCutBefore(rows, caseRows, perCase, separated, format.boundaries);
      if (cut !== null) break;
      caseRows.push(rows.take() as FrameRow);
    }
    if (caseRows.length < perCase) {
      const next = rows.peek();
      if (next === undefined || cut === null) {
        // Where nothing marks case starts, a row lost earlier shows only here (docs/formats.md).
        const shifted =
          caseNumber > 1 && !separated && format.boundaries === undefined
            ? `; nothing in these rows marks where a case starts, so if a row was lost in an earlier case, the cases after it were read shifted (blank lines between cases let the reader recover)`
            : '';
        yield errorStep({
          case: caseNumber,
          ...reader.endPosition(),
          message: `the input ends after ${caseRows.length} of the ${perCase} rows of case ${caseNumber}${shifted}`,
        });
        return caseNumber;
      }
      if (caseRows.length * 2 < perCase && !separated) {
        // A row or two before a whole case are stray lines (a doubled row, say), not a
        // case that lost most of its rows: the case starts again at the next row.
        const span =
          caseRows.length === 1
            ? `line ${caseRows[0].line}`
            : `lines ${caseRows[0].line}-${caseRows[caseRows.length - 1].line}`;
        yield errorStep({
          line: caseRows[0].line,
          column: 1,
          message: `${span} before case ${caseNumber} ${caseRows.length === 1 ? 'belongs' : 'belong'} to no case: ${cut}`,
        });
        caseNumber--;
        continue;
      }
      yield errorStep({
        case: caseNumber,
        line: next.line,
        column: 1,
        message: `case ${caseNumber} has ${caseRows.length} of its ${perCase} rows: ${cut}, so line ${next.line} is read as the start of case ${caseNumber + 1}`,
      });
      continue;
    }
    // Lines between this case and the next case start: what they are decides who pays.
    // After the last case, only lines that cannot be whole cases (past T) count: a row too
    // many in the last case must not be answered as if it were not there.
    const extra = extraRun(rows, caseRows, separated, format.boundaries);
    let strayLines: FormatError | null = null;
    if (extra > 0) {
      const firstExtra = rows.peek() as FrameRow;
      const lastExtra = rows.peek(extra - 1) as FrameRow;
      for (let index = 0; index < extra; index++) rows.take();
      const span =
        extra === 1 ? `line ${firstExtra.line}` : `lines ${firstExtra.line}-${lastExtra.line}`;
      const endsWell = format.boundaries?.endsCase(caseRows[perCase - 1].text) === true;
      if (!separated && extra * 2 >= perCase && caseNumber < caseCount) {
        // Most of a case: the next case lost its first rows. Answer this one, report that one.
        caseErrors.length = 0;
        const board = format.readCase(caseRows, caseNumber, caseErrors);
        if (board !== null) yield caseStep({ case: caseNumber, line: caseRows[0].line, board });
        for (const error of caseErrors) yield errorStep(error);
        caseNumber++;
        yield errorStep({
          case: caseNumber,
          line: firstExtra.line,
          column: 1,
          message: `case ${caseNumber} has ${extra} of its ${perCase} rows (${span}): the next row starts a new case`,
        });
        continue;
      }
      if (!endsWell) {
        yield errorStep({
          case: caseNumber,
          line: firstExtra.line,
          column: 1,
          message: `case ${caseNumber} goes on after its ${perCase} rows: ${span} ${extra === 1 ? 'comes' : 'come'} before the next case; the case is left out, as it cannot tell which row is too many`,
        });
        continue;
      }
      // This case ends as a case ends: the stray lines lie between two cases.
      strayLines = {
        line: firstExtra.line,
        column: 1,
        message: `${span} ${caseNumber < caseCount ? `between case ${caseNumber} and case ${caseNumber + 1}` : `after case ${caseNumber}, the last one,`} ${extra === 1 ? 'belongs' : 'belong'} to no case`,
      };
    }
    caseErrors.length = 0;
    const board = format.readCase(caseRows, caseNumber, caseErrors);
    if (board !== null) yield caseStep({ case: caseNumber, line: caseRows[0].line, board });
    for (const error of caseErrors) yield errorStep(error);
    if (strayLines !== null) yield errorStep(strayLines);
  }
  const after = rows.take();
  if (after !== undefined) {
    yield errorStep({
      line: after.line,
      column: firstTextColumn(after.text),
      message: `unexpected text after the ${written} announced on line ${countLine}: ${quote(after.text.trimStart())}`,
    });
  }
  return caseCount;
}

/**
 * Why the case being read ends before the next row although it is short, or null when the
 * row continues it. In a separated input a blank line ends it, unless the rows from there
 * to the following blank line (or the end) are exactly the rows it lacks (a stray blank
 * line inside a case), and nothing else does. Elsewhere, with boundaries, a row that cannot
 * follow the last one, starts a case, and is followed by a row that can end one where a case
 * would end, ends it.
 */
function caseCutBefore(
  rows: FrameRows,
  caseRows: readonly FrameRow[],
  perCase: number,
  separated: boolean,
  boundaries: CaseBoundaries | undefined,
): string | null {
  const next = rows.peek() as FrameRow;
  if (separated && next.blankBefore) {
    const lacking = perCase - caseRows.length;
    for (let index = 1; index < lacking; index++) {
      const row = rows.peek(index);
      if (row === undefined || row.blankBefore) return 'a blank line ends it early';
    }
    const after = rows.peek(lacking);
    return after === undefined || after.blankBefore ? null : 'a blank line ends it early';
  }
  // In a separated input only blank lines end cases: a doubled first row "cannot follow"
  // the row it repeats, yet cutting there would shift every later case off its blank line.
  // The case reads on, and the row too many is found before the next blank (extraRun).
  if (separated) return null;
  if (boundaries === undefined || boundaries.startsCase(next.text) !== true) return null;
  // A case holding a doubled row, read so far or in the rows it lacks, is long, not short:
  // it reads on, and the row too many is found after it (extraRun).
  const lacking = perCase - caseRows.length;
  if (hasDoubledRow([...caseRows, ...peekRows(rows, lacking)])) return null;
  const previous = caseRows[caseRows.length - 1];
  // Read from `next` on, a case would end where a case can end.
  const end = rows.peek(perCase - 1);
  if (end !== undefined && boundaries.endsCase(end.text) === false) return null;
  if (boundaries.continues(previous.text, next.text) === false) {
    return `line ${next.line} cannot follow line ${previous.line} in one case and starts a new one`;
  }
  // A row ending a case, then one starting a case, may be a cut across one layout. This
  // case is damaged either way when reading on would end it on a row that cannot end one,
  // when it did not start on a row that starts one (its first row was lost), or when its
  // rows already disagree (a row was lost inside it). Then it ends here unless reading on
  // lines up more whole cases after it, with the next case starting where this one would
  // end or a row before (this case may lack a row): taking the next case's first row (one
  // that could also end a case: a row that is a whole region) would cost that case too.
  const wouldEnd = rows.peek(lacking - 1);
  if (boundaries.endsCase(previous.text) !== true || wouldEnd === undefined) return null;
  const damaged =
    boundaries.endsCase(wouldEnd.text) === false ||
    boundaries.startsCase(caseRows[0].text) === false ||
    caseRows.some(
      (row, index) =>
        index > 0 && boundaries.continues(caseRows[index - 1].text, row.text) === false,
    );
  if (
    damaged &&
    wholeCasesAhead(rows, 0, perCase, boundaries) >=
      Math.max(
        wholeCasesAhead(rows, lacking - 1, perCase, boundaries),
        wholeCasesAhead(rows, lacking, perCase, boundaries),
      )
  ) {
    return `line ${previous.line} ends a case and line ${next.line} starts one`;
  }
  return null;
}

/** Whether two rows in a row of `list` are the same text: a doubled row. */
function hasDoubledRow(list: readonly FrameRow[]): boolean {
  return list.some((row, index) => index > 0 && row.text === list[index - 1].text);
}

/** The next `count` rows, fewer where the input ends first, without taking them. */
function peekRows(rows: FrameRows, count: number): FrameRow[] {
  const ahead: FrameRow[] = [];
  for (let row = rows.peek(0); row !== undefined && ahead.length < count;) {
    ahead.push(row);
    row = rows.peek(ahead.length);
  }
  return ahead;
}

/** How many cases on the reader looks to choose between rows that may each start the next one. */
const LOOKAHEAD_CASES = 3;

/**
 * How many lines after a whole case come before the next case start (0 when the next row
 * starts one, or nothing can tell), without taking them. In a separated input: the lines up
 * to the next blank line, unless they are whole cases (a lost blank line). Where the rows
 * tell: the rows up to the one that may start a case and is followed by the most whole
 * cases, fewer than a case's worth.
 */
function extraRun(
  rows: FrameRows,
  caseRows: readonly FrameRow[],
  separated: boolean,
  boundaries: CaseBoundaries | undefined,
): number {
  const perCase = caseRows.length;
  let run = 0;
  if (separated) {
    while (rows.peek(run) !== undefined && (run === 0 || !rows.peek(run)?.blankBefore)) {
      if (run === 0 && rows.peek(0)?.blankBefore) return 0;
      run++;
    }
    return run % perCase === 0 ? 0 : run;
  }
  if (boundaries === undefined) return 0;
  const next = rows.peek(0);
  if (next === undefined) return 0;
  // The common case, with nothing to choose: a case whose rows line up as a case's do (and
  // none doubled), then rows that read as the next one.
  const nextEnd = rows.peek(perCase - 1);
  if (
    boundaries.startsCase(caseRows[0].text) === true &&
    boundaries.endsCase(caseRows[perCase - 1].text) === true &&
    !hasDoubledRow(caseRows) &&
    caseRows.every(
      (row, index) =>
        index === 0 || boundaries.continues(caseRows[index - 1].text, row.text) === true,
    ) &&
    boundaries.startsCase(next.text) === true &&
    (nextEnd === undefined || boundaries.endsCase(nextEnd.text) === true)
  ) {
    return 0;
  }
  // More than one row ahead may start a case (a row that is a whole region starts and ends
  // one): the next case starts at the one from which the most whole cases read on, the
  // first such row on a tie.
  let best = 0;
  let bestCases =
    boundaries.startsCase(next.text) === false ? -1 : wholeCasesAhead(rows, 0, perCase, boundaries);
  if (bestCases === LOOKAHEAD_CASES) return 0;
  for (run = 1; run < perCase; run++) {
    const row = rows.peek(run);
    if (row === undefined) break;
    if (boundaries.startsCase(row.text) === false) continue;
    const cases = wholeCasesAhead(rows, run, perCase, boundaries);
    if (cases > bestCases) {
      best = run;
      bestCases = cases;
    }
  }
  if (bestCases >= 0) return best;
  // No row may start a case: the rows up to the end of the input, if it ends first.
  return run < perCase ? run : 0;
}

/**
 * Cases read on from the row at `from` whose rows line up as a case's do (first row starts
 * one, last ends one, each follows the one before), at most LOOKAHEAD_CASES, which is also
 * the answer when the input ends right after the last of them. A doubled row is passed
 * over: the case it lies in is damaged, but where the cases after it start is still right.
 */
function wholeCasesAhead(
  rows: FrameRows,
  from: number,
  perCase: number,
  boundaries: CaseBoundaries,
): number {
  let at = from;
  for (let cases = 0; cases < LOOKAHEAD_CASES; cases++) {
    let previous = rows.peek(at);
    if (previous === undefined) return LOOKAHEAD_CASES;
    if (boundaries.startsCase(previous.text) === false) return cases;
    at++;
    for (let row = 1; row < perCase; row++, at++) {
      let next = rows.peek(at);
      if (next !== undefined && next.text === previous.text) next = rows.peek(++at);
      if (next === undefined || boundaries.continues(previous.text, next.text) === false) {
        return cases;
      }
      previous = next;
    }
    if (boundaries.endsCase(previous.text) === false) return cases;
  }
  return LOOKAHEAD_CASES;
}

/** The whole of a counted-frame input at once (see countedCaseSteps). */
export function readCountedCases(text: string, format: CountedFormat): ParseResult {
  return collectSteps(countedCaseSteps(text, format));
}

/** A reader's step for a good case. */
export const caseStep = (parsed: ParsedCase): ReadStep => ({ kind: 'case', parsed });

/**
 * The steps of a one-line format (jigsaw and layout lines): every non-blank line is a case,
 * read by `readLine`, so a damaged line costs only its case; an input with no line at all
 * is one error, `emptyMessage`, at its end. Returns the number of cases met.
 */
export function* lineCaseSteps(
  text: TextInput,
  readLine: (
    text: string,
    line: number,
    caseNumber: number,
  ) => { board: Board } | { error: FormatError },
  emptyMessage: string,
): Generator<ReadStep, number> {
  const reader = new LineReader(text);
  let caseNumber = 0;
  while (reader.nextNonBlank()) {
    caseNumber++;
    const read = readLine(reader.text, reader.line, caseNumber);
    if ('board' in read) yield caseStep({ case: caseNumber, line: reader.line, board: read.board });
    else yield errorStep(read.error);
  }
  if (caseNumber === 0) yield errorStep({ ...reader.endPosition(), message: emptyMessage });
  return caseNumber;
}
/** A reader's step for an error (with a `case`, that case is bad). */
export const errorStep = (error: FormatError): ReadStep => ({ kind: 'error', error });

/** Digits of a case count shown as written; a longer one is quoted and cut. */
const COUNT_DIGITS_SHOWN = 40;

/**
 * The number of cases on the reader's current line, and how messages name it (`3 cases`,
 * as written even when it is too big to be a number). Null (with an error) when it is not
 * a number, since then nothing says how to read on. A number beyond the format's bound is
 * reported but still used: the cases may well be fine.
 */
function readCaseCount(
  reader: LineReader,
  maxCases: number,
  errors: FormatError[],
): { count: number; written: string } | null {
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
  // With no largest T (poj2676), nine digits or more are a row whose T line is missing (a
  // hundred million cases is no file): read again as a row, and said so.
  if (!Number.isFinite(maxCases) && token.length >= 9) {
    errors.push({
      line: reader.line,
      column,
      message: `expected the number of cases T first, got ${quote(token)}, which looks like a row of case 1`,
    });
    return null;
  }
  // Past 15 digits a Number is no longer exact; no input holds that many cases anyway.
  const count = token.length > 15 ? Infinity : Number(token);
  const digits = token.replace(/^0+(?=.)/, '');
  const shown = digits.length > COUNT_DIGITS_SHOWN ? quote(digits) : digits;
  if (count < 1 || count > maxCases) {
    errors.push({
      line: reader.line,
      column,
      message: `the number of cases T must be ${range}, got ${shown}`,
    });
  }
  return { count, written: count === 1 ? '1 case' : `${shown} cases` };
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

/**
 * The rows of a grid as digit rows (see PrintLine): views on the grid, nothing copied.
 * Single-character digits only, so sizes up to 9.
 */
export function gridLines(grid: Uint8Array, size: number): Uint8Array[] {
  if (size > 9)
    throw new RangeError(`gridLines writes single digits; a ${size}x${size} grid has more`);
  const lines: Uint8Array[] = [];
  for (let row = 0; row < size; row++) lines.push(grid.subarray(row * size, (row + 1) * size));
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

/**
 * A line to print: text, or a row of digits 0-9 (cells of a solved grid, or givens with 0
 * for empty) written as those digits.
 */
export type PrintLine = string | Uint8Array;

/** Text with LF line ends and a final newline, from its lines. */
export function joinLines(lines: readonly PrintLine[]): string {
  if (lines.length === 0) return '';
  let length = 0;
  let digitRows = 0;
  for (const line of lines) {
    length += line.length + 1;
    if (typeof line !== 'string') digitRows++;
  }
  if (digitRows === 0) return `${(lines as readonly string[]).join('\n')}\n`;
  return asciiLines(lines, length) ?? `${lines.map(lineText).join('\n')}\n`;
}

const lineText = (line: PrintLine): string => (typeof line === 'string' ? line : line.join(''));

// A global in browsers, workers and Node; this layer is type-checked without the DOM library,
// so the one member used is declared here.
declare const TextDecoder: new (label: string) => { decode(bytes: Uint8Array): string };
let latin1: { decode(bytes: Uint8Array): string } | undefined;

/**
 * joinLines for lines with digit rows, as bytes: a judge's answer is thousands of rows, printed
 * by code that runs once per process, before the JIT has compiled it; a row's `join('')` then
 * costs about 7 us (10 ms of a 1,465-case poj3074 file), this about 1.5. Digit rows are
 * copied in, every 4 bytes get '0' added at once (digits 0-9 never carry), then the text
 * lines and line ends are written over their places. Null when a text line is not ASCII.
 */
function asciiLines(lines: readonly PrintLine[], length: number): string | null {
  const bytes = new Uint8Array((length + 3) & ~3);
  let at = 0;
  for (const line of lines) {
    if (typeof line !== 'string') bytes.set(line, at);
    at += line.length + 1;
  }
  const words = new Uint32Array(bytes.buffer);
  for (let index = 0; index < words.length; index++) words[index] += 0x30303030;
  at = 0;
  for (const line of lines) {
    if (typeof line === 'string') {
      for (let index = 0; index < line.length; index++) {
        const code = line.charCodeAt(index);
        if (code > 0x7f) return null;
        bytes[at + index] = code;
      }
    }
    at += line.length;
    bytes[at++] = 10;
  }
  latin1 ??= new TextDecoder('latin1');
  return latin1.decode(bytes.subarray(0, length));
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
