/**
 * The three commands over one input: solve, check and count. The input is read case by
 * case (CaseReader); each command answers the cases chunk by chunk, in order, through a
 * write callback, so it stays independent of the process around it and never needs the
 * whole file's answers at once.
 */
import type { Board, ClueConflict } from '../../src/engine/index.ts';
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
  type ReadStep,
} from '../../src/formats/index.ts';
import type { Input } from './input.ts';
import type { CaseSource, ChunkResults } from './parallel.ts';

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

/** An input and the format to read it in, with how that format was chosen. */
export interface LoadedInput {
  format: Format;
  input: Input;
  /** `given`, or why detection chose this format. */
  how: string;
  source: string;
}

/**
 * Choose the format of an input: the one named, or (`auto`) the one detected. Returns a
 * report instead when no format fits; `formatOption` is assumed already checked to be a
 * name or `auto`. Reading the cases is left to CaseReader.
 */
export function loadInput(input: Input, formatOption: string): LoadedInput | Report {
  if (isFormatName(formatOption)) {
    const format = FORMATS[formatOption];
    return { format, input, how: 'given', source: input.source };
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
  return { format, input, how, source: input.source };
}

/** One case of the input in order: the puzzle when it was read, and its errors. */
export interface CaseSlot {
  case: number;
  puzzle: ParsedCase | undefined;
  errors: FormatError[];
}

/**
 * The cases of an input in order, read as they are asked for (see Format.steps), and the
 * input's errors as stderr lines, at most MAX_ERRORS_SHOWN of them. A case number that the
 * reader skipped gets an empty slot, so answers always line up with the input.
 */
export class CaseReader implements CaseSource<CaseSlot> {
  readonly single: boolean;
  private readonly shown: string[] = [];
  private errorCount = 0;
  private readonly steps: Generator<ReadStep, number>;
  /** Slots ready to hand out, in order; the last may still gain errors until the next step. */
  private readonly ready: CaseSlot[] = [];
  private readyFrom = 0;
  private open: CaseSlot | undefined;
  private nextCase = 1;
  private finished = false;
  private lastLine = 0;
  private readonly lineCount: number;

  constructor(private readonly loaded: LoadedInput) {
    const { format, input } = loaded;
    if (format.steps !== undefined) {
      this.steps = format.steps(input.text);
      this.single = false;
    } else {
      const parsed = format.parse(input.text);
      this.steps = stepsOf(parsed);
      this.single = parsed.single === true;
    }
    this.lineCount = countLines(input.text);
  }

  next(): CaseSlot | undefined {
    while (this.readyFrom >= this.ready.length && !this.finished) this.step();
    if (this.readyFrom >= this.ready.length) return undefined;
    const slot = this.ready[this.readyFrom++];
    if (this.readyFrom === this.ready.length) {
      this.ready.length = 0;
      this.readyFrom = 0;
    }
    return slot;
  }

  progress(): number {
    return this.finished ? 1 : Math.min(1, this.lastLine / this.lineCount);
  }

  /** Whether the input had any error (then the exit status is 1). */
  get hadErrors(): boolean {
    return this.errorCount > 0;
  }

  /** The stderr lines for the errors read so far. */
  errorLines(): string[] {
    const lines = [...this.shown];
    if (this.errorCount > MAX_ERRORS_SHOWN) {
      lines.push(`${this.loaded.source}: … and ${this.errorCount - MAX_ERRORS_SHOWN} more errors`);
    }
    return lines;
  }

  /** Read one step; a case's errors follow it or each other, so a slot is done at the next case. */
  private step(): void {
    const step = this.steps.next();
    if (step.done === true) {
      this.closeOpen();
      // Cases the input counted but the reader gave nothing for: empty slots.
      this.fillTo(step.value + 1);
      this.finished = true;
      return;
    }
    const { value } = step;
    if (value.kind === 'case') {
      this.closeOpen();
      this.lastLine = value.parsed.line;
      this.fillTo(value.parsed.case);
      this.ready.push({ case: value.parsed.case, puzzle: value.parsed, errors: [] });
      this.nextCase = value.parsed.case + 1;
      return;
    }
    const { error } = value;
    this.lastLine = Math.max(this.lastLine, error.line ?? 0);
    if (this.errorCount < MAX_ERRORS_SHOWN) {
      this.shown.push(`${this.loaded.source}: ${formatErrorText(error)}`);
    }
    this.errorCount++;
    // A lone JSON puzzle's errors carry no case number: they are all its own.
    const number = this.single ? 1 : error.case;
    if (number === undefined) return;
    if (this.open?.case !== number) {
      this.closeOpen();
      if (number < this.nextCase) return; // a reader never goes back; nothing to attach to
      this.fillTo(number);
      this.open = { case: number, puzzle: undefined, errors: [] };
      this.nextCase = number + 1;
    }
    this.open.errors.push(error);
  }

  private closeOpen(): void {
    if (this.open === undefined) return;
    this.ready.push(this.open);
    this.open = undefined;
  }

  /** Empty slots for the case numbers from nextCase up to (not including) `number`. */
  private fillTo(number: number): void {
    for (; this.nextCase < number; this.nextCase++) {
      this.ready.push({ case: this.nextCase, puzzle: undefined, errors: [] });
    }
  }
}

/** A whole parse as steps: its cases and errors in case order (JSON, read at once). */
function* stepsOf(parsed: ParseResult): Generator<ReadStep, number> {
  const { cases, errors } = parsed;
  let caseIndex = 0;
  for (const error of errors) {
    const number = parsed.single === true ? 1 : error.case;
    for (
      ;
      caseIndex < cases.length && number !== undefined && cases[caseIndex].case < number;
      caseIndex++
    ) {
      yield { kind: 'case', parsed: cases[caseIndex] };
    }
    yield { kind: 'error', error };
  }
  for (; caseIndex < cases.length; caseIndex++) yield { kind: 'case', parsed: cases[caseIndex] };
  return parsed.caseCount;
}

/** Lines in a text (a last line without a line end counts). */
function countLines(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return text.length > 0 && !text.endsWith('\n') ? lines + 1 : Math.max(lines, 1);
}

const UNIT_NAMES = { row: 'row', column: 'column', region: 'region' } as const;

/** `r1c1 and r1c5 both hold 5 in one row`. */
function describeClash(conflict: ClueConflict, size: number): string {
  const [first, second] = conflict.cells;
  return `${cellName(first, size)} and ${cellName(second, size)} both hold ${conflict.digit} in one ${UNIT_NAMES[conflict.unit]}`;
}

/**
 * What a command makes of the cases, chunk by chunk in input order: it writes its output
 * as it goes (`write`), and at the end says what else went wrong and whether it failed.
 */
export interface CaseAnswerer {
  answer(slots: readonly CaseSlot[], results: ChunkResults): void;
  /** Write what is left; the complaints for stderr (after the input's errors), and whether any case failed. */
  finish(): { complaints: string[]; failed: boolean };
}

/**
 * Solutions a solve looks for: 2, to tell a unique solution from several. hdu4069 and JSON
 * print the difference; the judges that promise one solution need it to say when the
 * promise is broken. The first solution found is the same whatever the limit, so the
 * printed answer does not depend on it.
 */
export const SOLVE_LIMIT = 2;

/**
 * Solve every case and print the judge's output. For the judges that promise exactly one
 * solution (poj3074, poj2676, hdu5547) the output has no words for "none" or "several": a
 * puzzle with several solutions still gets one printed, one without gets `No solution`, and
 * either is a located complaint on standard error (exit status 1). The line formats are
 * printed chunk by chunk; JSON, one document, at the end.
 */
export function solveAnswerer(
  loaded: LoadedInput,
  single: boolean,
  write: (text: string) => void,
): CaseAnswerer {
  const { format, source } = loaded;
  const whole = format.steps === undefined;
  const held: CaseAnswer[] = [];
  const complaints: string[] = [];
  return {
    answer(slots, results) {
      const answers: CaseAnswer[] = whole ? held : [];
      slots.forEach((slot, index) => {
        const count = results[index];
        if (slot.puzzle === undefined || count === undefined) {
          answers.push({ case: slot.case, result: { status: 'invalid', errors: slot.errors } });
          return;
        }
        const result = solveResultOf(count, SOLVE_LIMIT);
        answers.push({ case: slot.case, result });
        if (!format.promisesOneSolution) return;
        const where = { case: slot.case, line: slot.puzzle.line, column: 1 };
        const promise = `the ${format.name} judge promises one`;
        if (result.status === 'none') {
          const clash = count.clueConflicts[0];
          const why =
            clash === undefined ? '' : ` (${describeClash(clash, slot.puzzle.board.size)})`;
          const message = `this puzzle has no solution${why}, though ${promise}`;
          complaints.push(`${source}: ${formatErrorText({ ...where, message })}`);
        } else if (result.status === 'multiple') {
          const message = `this puzzle has several solutions, though ${promise}; printed one of them`;
          complaints.push(`${source}: ${formatErrorText({ ...where, message })}`);
        }
      });
      if (!whole) write(format.printResults(answers, { single }));
    },
    finish() {
      if (whole) write(format.printResults(held, { single }));
      return { complaints, failed: complaints.length > 0 };
    },
  };
}

/** `9x9 jigsaw, 28 givens`. */
function describeBoard(board: Board): string {
  let givens = 0;
  for (const digit of board.givens) if (digit !== 0) givens++;
  const layout = hasStandardBoxes(board) ? 'standard' : 'jigsaw';
  return `${board.size}x${board.size} ${layout}, ${givens} given${givens === 1 ? '' : 's'}`;
}

/** Read every case and say, per case, whether it is a sound puzzle; no solving. */
export function checkAnswerer(loaded: LoadedInput, write: (text: string) => void): CaseAnswerer {
  write(`Format: ${loaded.format.name} (${loaded.how})\n`);
  let failed = false;
  return {
    answer(slots) {
      const lines: string[] = [];
      for (const slot of slots) {
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
          failed = true;
        } else {
          lines.push(`Case ${slot.case}: ok, ${describeBoard(board)}`);
        }
      }
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    finish: () => ({ complaints: [], failed }),
  };
}

/** `1 solution`, `5 solutions`, `at least 1000 solutions`. */
function describeCount(count: number, complete: boolean): string {
  const solutions = `${count} solution${count === 1 ? '' : 's'}`;
  return complete ? solutions : `at least ${solutions}`;
}

/** Count the solutions of every case up to the limit the counting job was given. */
export function countAnswerer(write: (text: string) => void): CaseAnswerer {
  return {
    answer(slots, results) {
      const lines: string[] = [];
      slots.forEach((slot, index) => {
        const result = results[index];
        if (slot.puzzle === undefined || result === undefined) {
          lines.push(`Case ${slot.case}: invalid input`);
        } else {
          lines.push(`Case ${slot.case}: ${describeCount(result.count, result.complete)}`);
        }
      });
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    finish: () => ({ complaints: [], failed: false }),
  };
}
