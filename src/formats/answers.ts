/**
 * From an input to the judge's answers: the one path that both `squiggly solve` and the app's
 * batch view ("Download all answers") take, so that the two give the same bytes for the same
 * file. It was the command line's own (bin/cli/commands.ts) until the app needed it too.
 *
 * - CaseReader reads an input case by case (Format.steps) and hands out one slot per case
 *   number, in order, with the case's puzzle when it was read and its errors: a case number
 *   the reader skipped gets an empty slot, so answers always line up with the input. Errors
 *   that belong to no case wait, with the case they follow, until the caller takes them
 *   (takeCaseless); the command line logs them in their place on standard error.
 * - solveJobOf says how every case is counted: up to SOLVE_LIMIT = 2 solutions (to tell a
 *   unique solution from several), keeping one solution for the judges that promise exactly
 *   one (they print only that) and two for those that print the difference.
 * - caseAnswerOf turns a slot and its count into the CaseAnswer the printers take: `invalid`
 *   with the case's errors when it could not be read, else what the count says (solveResultOf).
 * - answersWriter writes answers chunk by chunk, in order: the line formats print each chunk
 *   (their chunks joined equal one print of all), JSON writes its one document in pieces.
 *
 * The counting itself is the caller's (the command line spreads it over threads, the app runs
 * it in its import worker): this module only says what to count and how to print it. The first
 * solution found depends on the engine, so both use the engine the caller names, by default
 * DEFAULT_ENGINE. Pure: no file, thread or DOM access.
 */
import type { CountResult } from '../engine/index.ts';
import type { FormatError } from './errors.ts';
import type { Format } from './index.ts';
import { solveResultOf } from './results.ts';
import type { CaseAnswer, ParsedCase, ReadStep, SolveResult, TextInput } from './types.ts';

/**
 * Solutions a solve looks for: 2, to tell a unique solution from several. hdu4069, the
 * one-line jigsaw and JSON print the difference; the judges that promise one solution need it
 * to say when the promise is broken. The first solution found is the same whatever the limit,
 * so the printed answer does not depend on it.
 */
export const SOLVE_LIMIT = 2;

/** How each case of a solve is counted: the limit, and how many solutions to keep. */
export function solveJobOf(format: Pick<Format, 'promisesOneSolution'>): {
  limit: number;
  keepSolutions: number;
} {
  // The judges that promise one solution print only the first; the others may show two.
  return { limit: SOLVE_LIMIT, keepSolutions: format.promisesOneSolution ? 1 : SOLVE_LIMIT };
}

/** An input to read case by case: its start (to tell a lone JSON puzzle), and all of it. */
export interface CaseInput {
  /** The text's first characters (or all of it). */
  head: string;
  /** The whole text, or its pieces in order, from its start; called once. */
  pieces(): TextInput;
  /** How far the text has been read, from 0 to 1 (a guess at the work left). */
  progress(): number;
}

/** A whole text in memory as a CaseInput. */
export function textCaseInput(text: string): CaseInput {
  return { head: text.slice(0, 1 << 16), pieces: () => text, progress: () => 0 };
}

/** One case of the input in order: the puzzle when it was read, and its errors. */
export interface CaseSlot {
  case: number;
  puzzle: ParsedCase | undefined;
  errors: FormatError[];
}

/** An error that belongs to no case, and the last case read before it. */
export interface CaselessError {
  afterCase: number;
  error: FormatError;
}

/**
 * The cases of an input in order, read as they are asked for (see Format.steps), each with
 * its errors. A case number that the reader skipped gets an empty slot, so answers always
 * line up with the input. Errors that belong to no case wait, with the case they follow,
 * until the caller takes them (takeCaseless).
 */
export class CaseReader {
  readonly single: boolean;
  private caseless: CaselessError[] = [];
  private readonly steps: Generator<ReadStep, number>;
  /** Slots ready to hand out, in order; the last may still gain errors until the next step. */
  private readonly ready: CaseSlot[] = [];
  private readyFrom = 0;
  private open: CaseSlot | undefined;
  private nextCase = 1;
  private finished = false;
  private readonly input: CaseInput;

  constructor(format: Format, input: CaseInput) {
    this.input = input;
    this.steps = format.steps(input.pieces());
    this.single = format.isSingle?.(input.head) === true;
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
    return this.finished ? 1 : this.input.progress();
  }

  /** The errors outside any case read so far that come before case `beforeCase`, in order. */
  takeCaseless(beforeCase = Infinity): CaselessError[] {
    const taken = this.caseless.filter((item) => item.afterCase < beforeCase);
    if (taken.length > 0)
      this.caseless = this.caseless.filter((item) => item.afterCase >= beforeCase);
    return taken;
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
      this.fillTo(value.parsed.case);
      this.ready.push({ case: value.parsed.case, puzzle: value.parsed, errors: [] });
      this.nextCase = value.parsed.case + 1;
      return;
    }
    const { error } = value;
    // A lone JSON puzzle's errors carry no case number: they are all its own.
    const number = this.single ? 1 : error.case;
    const afterCase = this.open?.case ?? this.nextCase - 1;
    if (number === undefined) {
      this.caseless.push({ afterCase, error });
      return;
    }
    if (this.open?.case !== number) {
      // A reader never goes back: an error for a case already handed out waits as caseless.
      if (number < this.nextCase) {
        this.caseless.push({ afterCase, error });
        return;
      }
      this.closeOpen();
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

/**
 * The answer to one case of a solve: `invalid` with its errors when it could not be read (or
 * was not counted), else what a count made with solveJobOf's limit found.
 */
export function caseAnswerOf(slot: CaseSlot, count: CountResult | undefined): CaseAnswer {
  if (slot.puzzle === undefined || count === undefined) {
    return { case: slot.case, result: { status: 'invalid', errors: slot.errors } };
  }
  return { case: slot.case, result: solveResultOf(count, SOLVE_LIMIT) };
}

/**
 * The solve output of a format, written as answers come, in order: the pieces joined equal
 * printResults of all the answers. `single`: the input was one lone puzzle (CaseReader.single).
 */
export function answersWriter(
  format: Format,
  single: boolean,
): { write(answers: readonly CaseAnswer[]): string; end(): string } {
  return (
    format.resultsWriter?.(single) ?? {
      write: (answers) => format.printResults(answers, { single }),
      end: () => '',
    }
  );
}

/**
 * A case's status as a small number, for the app's typed arrays of statuses (a 10,000-case
 * batch sends its statuses as bytes, not objects): 0 while the case is not answered yet.
 */
export const ANSWER_STATUSES = [
  'waiting',
  'unique',
  'found',
  'none',
  'multiple',
  'invalid',
] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

export function statusCodeOf(result: SolveResult): number {
  return ANSWER_STATUSES.indexOf(result.status);
}
