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
 */
import {
  detectFormat,
  FORMATS,
  type Detection,
  type FormatError,
  type FormatName,
  type ParsedCase,
  type ReadStep,
} from '../formats/index.ts';
import type { ImportedCase, ImportProgressFn, ImportSource, ImportSummary } from './protocol.ts';

/** More cases than this are refused: the app edits one puzzle; batches go to the command line. */
export const MAX_IMPORT_CASES = 200_000;
/** Longer inputs are refused before they are read (about 32 MB of text). */
export const MAX_IMPORT_CHARS = 32_000_000;
/** Errors sent back in full; the rest are counted. */
export const MAX_ERRORS_SENT = 100;
/** Minimum time between two progress reports. */
const PROGRESS_EVERY_MS = 100;

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
  };
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
  let held: { id: number; cases: ParsedCase[] } | null = null;
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

      held = { id, cases };
      const caseNumbers = new Int32Array(cases.length);
      const lines = new Int32Array(cases.length);
      const sizes = new Uint8Array(cases.length);
      cases.forEach((parsed, index) => {
        caseNumbers[index] = parsed.case;
        lines[index] = parsed.line;
        sizes[index] = parsed.board.size;
      });
      return summaryOf(id, detection, text.length, {
        caseCount,
        caseNumbers,
        lines,
        sizes,
        errors,
        errorCount,
        first: cases.length > 0 ? fullCase(cases[0]) : null,
      });
    },

    /** Good case `index` (0-based, in the summary's order) of parse `id`. */
    caseAt(id: number, index: number): ImportedCase {
      if (held?.id !== id) {
        throw new Error(`the worker no longer holds import ${id}; read the input again`);
      }
      const parsed = held.cases[index];
      if (!parsed) throw new RangeError(`import ${id} has no good case at index ${index}`);
      return fullCase(parsed);
    },

    /** Drop what the last parse holds. */
    clear(): void {
      held = null;
    },
  };
}

function lineOf(step: ReadStep): number {
  return step.kind === 'case' ? step.parsed.line : step.error.line;
}
