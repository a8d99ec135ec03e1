/**
 * Reading imports, in the worker: a big judge file (10 MB of POJ 3074 is 128,000 cases) takes
 * seconds to read, and on the page's thread that froze the page. The page hands over the text or
 * the File itself (a Blob is cloned as a handle, so a file is never read on the page at all);
 * the worker reads it, detects or applies the format, parses case by case with progress, and
 * keeps the parsed cases. What goes back is small whatever the input: the detection, counts,
 * the first errors, a summary of the good cases as typed arrays (case number, first line and
 * size: three buffers, transferred, not 128,000 objects to clone), and the first good case in
 * full so that the common one-press load needs no second call. Any other case is fetched on
 * demand with `caseAt`, by the id of the parse that holds it: a fresh worker (after a cancel or
 * a crash) holds nothing and says so, and the page then reads again.
 *
 * What is too big to edit in the app is refused with a clear message instead of read: more than
 * MAX_IMPORT_CASES cases, or more than MAX_IMPORT_CHARS characters. The command line takes
 * those. JSON has no limit of its own: it is read puzzle by puzzle like the judge formats
 * (jsonSteps), so what it holds is its cases, and a JSON puzzle takes several times the
 * characters of a judge line.
 *
 * The worker keeps beating while it reads (liveness.ts), at every case or error read.
 *
 * The batch view solves every case of the parse held here (`solveBatch`): the text is read
 * again case by case through the formats layer's CaseReader, each case is counted and answered
 * with the same functions `squiggly solve` uses (formats/answers.ts), and the output is kept
 * as it is written, so "Download all answers" gives the command line's bytes. Statuses go to
 * the page in batches (a byte per case) every BATCH_EVERY_MS or BATCH_MAX_CASES cases; the
 * page's answer to a batch says whether to go on, so Cancel stops between cases and keeps the
 * parse and the answers so far, and a later call carries on where the last one stopped.
 */
import { DEFAULT_ENGINE, ENGINES, type Board, type CountResult } from '../engine/index.ts';
import {
  answersWriter,
  caseAnswerOf,
  CaseReader,
  detectFormat,
  formatErrorText,
  FORMATS,
  solveJobOf,
  statusCodeOf,
  textCaseInput,
  type CaseAnswer,
  type Detection,
  type FormatError,
  type FormatName,
  type ParsedCase,
  type ReadStep,
} from '../formats/index.ts';
import type {
  BatchProgressFn,
  BatchResult,
  ImportedCase,
  ImportProgressFn,
  ImportSource,
  ImportSummary,
} from './protocol.ts';

/** More cases than this are refused: the app edits one puzzle; batches go to the command line. */
export const MAX_IMPORT_CASES = 200_000;
/** Longer inputs are refused before they are read (about 32 MB of text). */
export const MAX_IMPORT_CHARS = 32_000_000;
/** Errors sent back in full; the rest are counted. */
export const MAX_ERRORS_SENT = 100;
/** Minimum time between two progress reports. */
const PROGRESS_EVERY_MS = 100;
/** Statuses are sent to the page this often while solving, or every BATCH_MAX_CASES cases. */
export const BATCH_EVERY_MS = 100;
/** At most this many cases a batch: a stop asked for waits at most this many cases. */
export const BATCH_MAX_CASES = 256;

const COMMAND_LINE =
  'use the command line (squiggly check, solve or count FILE) for inputs this big';

const millions = (n: number): string =>
  `${(n / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

function fullCase(parsed: ParsedCase): ImportedCase {
  const { board } = parsed;
  return {
    case: parsed.case,
    line: parsed.line,
    size: board.size,
    regions: Array.from(board.regions),
    givens: Array.from(board.givens),
    ...(parsed.extra ? { extra: parsed.extra } : {}),
    ...(parsed.constraints ? { constraints: parsed.constraints } : {}),
  };
}

/** Clues of a board. */
function cluesOf(board: Board): number {
  let clues = 0;
  for (const digit of board.givens) if (digit !== 0) clues++;
  return clues;
}

/** What a batch solve of the held parse has done so far, to carry on after a stop. */
interface BatchState {
  reader: CaseReader;
  writer: ReturnType<typeof answersWriter>;
  /** The output written so far, in pieces; joined into `answers` at the end. */
  parts: string[];
  /** Cases answered so far. */
  answered: number;
  /** Their status codes (the first `answered` bytes) and invalid cases' errors: a later call
   * (the view opened again) hands them over first, so its table starts where the solve is. */
  statuses: Uint8Array;
  errors: { case: number; text: string }[];
  answers: string | null;
}

/** Lines in a text (for progress), counted without splitting it. */
function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

export interface ImporterOptions {
  now?: () => number;
  beat?: () => void;
  /** The limits (tests lower them); default MAX_IMPORT_CASES, MAX_IMPORT_CHARS. */
  maxCases?: number;
  maxChars?: number;
}

export function createImporter({
  now = () => Date.now(),
  beat = () => {},
  maxCases = MAX_IMPORT_CASES,
  maxChars = MAX_IMPORT_CHARS,
}: ImporterOptions = {}) {
  let held: {
    id: number;
    cases: ParsedCase[];
    text: string;
    format: FormatName;
    batch: BatchState | null;
  } | null = null;
  // Ids from a random start, so a fresh worker's parse is never taken for an old one's.
  let lastId = Math.floor(Math.random() * 1e9);

  const summaryOf = (
    id: number,
    detection: Detection,
    chars: number,
    fields: Partial<ImportSummary> = {},
  ): ImportSummary => ({
    id,
    detection,
    chars,
    caseCount: 0,
    caseNumbers: new Int32Array(0),
    lines: new Int32Array(0),
    sizes: new Uint8Array(0),
    clues: new Uint16Array(0),
    errors: [],
    errorCount: 0,
    first: null,
    tooBig: null,
    ...fields,
  });

  /** Steps of the whole input: case by case, or from one parse for a format without steps. */
  function* stepsOf(format: FormatName, text: string): Generator<ReadStep, number> {
    const reader = FORMATS[format];
    if (reader.steps) return yield* reader.steps(text);
    const result = reader.parse(text);
    // Errors and cases in input order, as the line formats yield them.
    const steps: ReadStep[] = [
      ...result.cases.map((parsed): ReadStep => ({ kind: 'case', parsed })),
      ...result.errors.map((error): ReadStep => ({ kind: 'error', error })),
    ];
    steps.sort((a, b) => lineOf(a) - lineOf(b));
    yield* steps;
    return result.caseCount;
  }

  const heldParse = (id: number): NonNullable<typeof held> => {
    if (held?.id !== id) {
      throw new Error(`the worker no longer holds import ${id}; read the input again`);
    }
    return held;
  };

  return {
    async parse(
      source: ImportSource,
      chosen: FormatName | null,
      onProgress?: ImportProgressFn,
    ): Promise<ImportSummary> {
      held = null;
      const id = ++lastId;
      const size = typeof source === 'string' ? source.length : source.size;
      const unread: Detection = {
        format: null,
        error: { line: 1, column: 1, message: 'the input was not read' },
      };
      if (size > maxChars) {
        return summaryOf(id, unread, size, {
          tooBig: `This input is ${millions(size)}, more than the app reads (${millions(maxChars)}): ${COMMAND_LINE}.`,
        });
      }
      const text = typeof source === 'string' ? source : await source.text();
      beat();
      const detection: Detection = chosen
        ? { format: chosen, reason: 'chosen in the list' }
        : detectFormat(text);
      if (detection.format === null) return summaryOf(id, detection, text.length);
      const format = detection.format;

      const totalLines = onProgress ? lineCount(text) : 1;
      const cases: ParsedCase[] = [];
      const errors: FormatError[] = [];
      let errorCount = 0;
      let caseCount = 0;
      let lastReport = now();
      const steps = stepsOf(format, text);
      for (;;) {
        const step = steps.next();
        if (step.done === true) {
          caseCount = Math.max(caseCount, step.value);
          break;
        }
        beat();
        const read = step.value;
        if (read.kind === 'case') cases.push(read.parsed);
        else {
          errorCount++;
          if (errors.length < MAX_ERRORS_SENT) errors.push(read.error);
        }
        caseCount = Math.max(
          caseCount,
          read.kind === 'case' ? read.parsed.case : (read.error.case ?? 0),
        );
        if (caseCount > maxCases) {
          return summaryOf(id, detection, text.length, {
            caseCount,
            tooBig: `This input holds more than ${maxCases.toLocaleString('en')} cases, more than the app lists: ${COMMAND_LINE}.`,
          });
        }
        if (onProgress && now() - lastReport >= PROGRESS_EVERY_MS) {
          lastReport = now();
          // Not awaited: reading must not wait for the page.
          void onProgress({ fraction: Math.min(1, lineOf(read) / totalLines), cases: caseCount });
        }
      }

      held = { id, cases, text, format, batch: null };
      const caseNumbers = new Int32Array(cases.length);
      const lines = new Int32Array(cases.length);
      const sizes = new Uint8Array(cases.length);
      const clues = new Uint16Array(cases.length);
      cases.forEach((parsed, index) => {
        caseNumbers[index] = parsed.case;
        lines[index] = parsed.line;
        sizes[index] = parsed.board.size;
        clues[index] = cluesOf(parsed.board);
      });
      return summaryOf(id, detection, text.length, {
        caseCount,
        caseNumbers,
        lines,
        sizes,
        clues,
        errors,
        errorCount,
        first: cases.length > 0 ? fullCase(cases[0]) : null,
      });
    },

    /** Good case `index` (0-based, in the summary's order) of parse `id`. */
    caseAt(id: number, index: number): ImportedCase {
      const parsed = heldParse(id).cases[index];
      if (!parsed) throw new RangeError(`import ${id} has no good case at index ${index}`);
      return fullCase(parsed);
    },

    /** Good cases by index (the batch view prints several at once). */
    casesAt(id: number, indices: readonly number[]): ImportedCase[] {
      return indices.map((index) => this.caseAt(id, index));
    },

    /**
     * Solve every case of parse `id` as `squiggly solve` does, reporting statuses in batches;
     * `onBatch` answering false stops after that batch (call again to carry on). Resolves with
     * the whole output once every case is answered.
     */
    async solveBatch(id: number, onBatch: BatchProgressFn): Promise<BatchResult> {
      const parse = heldParse(id);
      const format = FORMATS[parse.format];
      if (parse.batch === null) {
        const reader = new CaseReader(format, textCaseInput(parse.text));
        parse.batch = {
          reader,
          writer: answersWriter(format, reader.single),
          parts: [],
          answered: 0,
          statuses: new Uint8Array(Math.max(16, parse.cases.length)),
          errors: [],
          answers: null,
        };
      }
      const batch = parse.batch;
      const stopped = (): BatchResult => ({ done: false, answered: batch.answered, answers: null });
      // What earlier calls answered, first: the caller may be a fresh view.
      if (batch.answered > 0) {
        const statuses = batch.statuses.slice(0, batch.answered);
        if ((await onBatch({ from: 0, statuses, errors: [...batch.errors] })) === false) {
          return batch.answers === null ? stopped() : { done: true, ...answered(batch) };
        }
      }
      if (batch.answers !== null) return { done: true, ...answered(batch) };
      const job = solveJobOf(format);
      const count = (board: Board): CountResult =>
        ENGINES[DEFAULT_ENGINE](board, job.limit, {
          keepSolutions: job.keepSolutions,
          onProgress: beat,
        });
      let pending: CaseAnswer[] = [];
      /** Send the answers since the last batch; whether the page wants more. */
      const flush = async (): Promise<boolean> => {
        if (pending.length === 0) return true;
        const answers = pending;
        pending = [];
        batch.parts.push(batch.writer.write(answers));
        const from = batch.answered;
        batch.answered += answers.length;
        const statuses = Uint8Array.from(answers, (answer) => statusCodeOf(answer.result));
        const errors = answers.flatMap((answer) =>
          answer.result.status === 'invalid'
            ? [{ case: answer.case, text: invalidText(answer.result.errors) }]
            : [],
        );
        if (batch.statuses.length < batch.answered) {
          const grown = new Uint8Array(Math.max(batch.answered, 2 * batch.statuses.length));
          grown.set(batch.statuses);
          batch.statuses = grown;
        }
        batch.statuses.set(statuses, from);
        batch.errors.push(...errors);
        // The page gets its own copy: these bytes are moved to it.
        return (await onBatch({ from, statuses, errors })) !== false;
      };
      let lastBatch = now();
      for (let slot = batch.reader.next(); slot !== undefined; slot = batch.reader.next()) {
        beat();
        pending.push(caseAnswerOf(slot, slot.puzzle ? count(slot.puzzle.board) : undefined));
        if (pending.length >= BATCH_MAX_CASES || now() - lastBatch >= BATCH_EVERY_MS) {
          const goOn = await flush();
          lastBatch = now();
          if (!goOn) return stopped();
        }
      }
      await flush();
      batch.parts.push(batch.writer.end());
      batch.answers = batch.parts.join('');
      batch.parts = [];
      return { done: true, ...answered(batch) };
    },

    /** Drop what the last parse holds. */
    clear(): void {
      held = null;
    },
  };
}

/** A finished solve's count and output. */
function answered(batch: BatchState): { answered: number; answers: string | null } {
  return { answered: batch.answered, answers: batch.answers };
}

/** Why a case is invalid, in one line: its first error, and how many more it has. */
function invalidText(errors: readonly FormatError[]): string {
  if (errors.length === 0) return 'the case could not be read';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${formatErrorText(errors[0])}${more}`;
}

function lineOf(step: ReadStep): number {
  return step.kind === 'case' ? step.parsed.line : step.error.line;
}
