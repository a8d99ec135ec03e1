/**
 * Importing through the store, which is how the UI reaches a worker: reading an input (pasted
 * text, or a file the worker reads itself) happens in a worker of its own (the app gives the
 * store a second client for it), so a big file never blocks the page, and reading one never
 * stops a solve or count running in the solver's worker (each worker runs one call at a time).
 * The batch view solves every case of a read in that same worker, which holds the cases.
 *
 * The slice holds the Import dialog's read, one at a time, as runner.ts holds a run: its phase
 * (waiting out a typing pause, reading, read, failed, stopped), its progress (shown at most a
 * few times a second, and only once the read has lasted: a quick one never pushes Load down
 * under a finger), and the worker's summary. A new read supersedes the one before it, waiting
 * or in flight; aborting a read terminates the import worker, so a second read of the same
 * input is never started while one runs. The dialog keeps the form (the text, the format
 * chosen, the case picked) and compares it with `importRead.input` to know whether the read is
 * of what it shows.
 *
 * Load (loadChosen) loads the chosen case of a finished read of the input, or, while it is still
 * to be read, waits for the read and loads then (`importLoad` 'pending'; a stop or a failure
 * ends the wait, an edit moves it to the new read with the first case). A case other than the
 * first comes from the worker; a fresh worker (after a stop or a crash) holds nothing, so the
 * input is read again first. What went wrong is in `importProblems`, in the app's words (the
 * formats' messages name the command line's --format; here it is the Format list). A share
 * link, an f-puzzles string or an ISS string is read on the page (loadInterchange). Nothing
 * changes in the puzzle until a case is loaded, as one loadPuzzle, with its variant
 * constraints; the notice names what a string held that Squiggly has no constraint for. Without an import client, reading says so.
 */
import { APP_SIZES, sizesText } from '../engine/index.ts';
import {
  EMPTY_INFO,
  formatErrorText,
  infoOfExtra,
  parseFpuzzles,
  parseIss,
  parseShareLink,
  type FormatError,
  type FpuzzlesReading,
  type FormatName,
} from '../formats/index.ts';
import { isAbortError } from '../worker/client.ts';
import type {
  BatchCallOptions,
  BatchResult,
  ImportedCase,
  ImportProgress,
  ImportSource,
  ImportSummary,
} from '../worker/protocol.ts';
import { formatCount } from './numbers.ts';
import { isAppSize } from './puzzle.ts';
import { reasonOf } from './solveOutcome.ts';
import type { SliceCreator, StoreContext } from './state.ts';

/**
 * The notice for a puzzle opened without part of it: what an f-puzzles or ISS string holds
 * that Squiggly has no constraint for (clones, quadruples, an unknown field). Its variant
 * constraints are loaded with it; what is left out must still be said, so that a verdict
 * about a looser puzzle does not pass for this one's. Null: nothing left out.
 */
export function openedWithout(leftOut: readonly string[]): string | null {
  if (leftOut.length === 0) return null;
  const words = [...new Set(leftOut)];
  const list =
    words.length === 1
      ? words[0]
      : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  const them = words.length === 1 ? 'it' : 'them';
  return `Opened without its ${list}: Squiggly has no constraint for ${them}, so this grid, its verdict and its solution are of the puzzle without ${them}.`;
}

/** The Import dialog's format list's label, which the app's messages point to. */
export const FORMAT_FIELD = 'Format';
/** The reading progress is shown at most this often (each shown step is a render). */
export const PROGRESS_SHOWN_EVERY_MS = 250;
/**
 * A read shows its progress (and its Stop button) only once it has taken this long. A puzzle or
 * a small file is read in a few ms: its progress block would flash in and out above Load and
 * push Load down while the user presses it, so the press could land on "Stop reading".
 */
export const PROGRESS_SHOWN_AFTER_MS = 300;

/** What a read is of: an input, in a format (null: detected by the worker). */
export interface ImportInput {
  source: ImportSource;
  format: FormatName | null;
}

/** Single-puzzle forms read on the page: a Squiggly share link, an f-puzzles or ISS string. */
export type InterchangeName = 'link' | 'fpuzzles' | 'iss';

export type ImportPhase = 'waiting' | 'reading' | 'read' | 'failed' | 'stopped';

/** The read by the worker, from its start (or the typing pause before it) to its end. */
export interface ImportRead {
  input: ImportInput;
  phase: ImportPhase;
  progress: ImportProgress | null;
  /** Set once the read has lasted PROGRESS_SHOWN_AFTER_MS: the page shows progress and Stop. */
  slow: boolean;
  /** The worker's summary, once read. */
  summary: ImportSummary | null;
  /** Why the read failed, in the worker's words. */
  error: string | null;
}

/** A load: 'pending' until the read ends, 'loading' while the case is fetched, then 'loaded'. */
export type ImportLoad = 'pending' | 'loading' | 'loaded';

/** How a load of one case ended: loaded, or not (with what to say, none when it was stopped). */
export type ImportLoadOutcome = { loaded: true } | { loaded: false; problem: string | null };

export interface ImportSlice {
  /** The last read, or null (nothing to read, or the dialog closed). */
  importRead: ImportRead | null;
  importLoad: ImportLoad | null;
  /** What the last load, or the input, says went wrong. */
  importProblems: string[];
  /**
   * Read an input in the import worker, after `afterMs` (a typing pause) or at once; supersedes
   * the read before it. Resolves to the summary, or null when it failed, stopped or was superseded.
   */
  readImport(input: ImportInput, options?: { afterMs?: number }): Promise<ImportSummary | null>;
  /** Stop reading (the user's Stop): the read ends as stopped, and so does a pending load. */
  stopRead(): void;
  /** There is nothing for the worker to read (no input, or one read on the page): forget the read. */
  dropImportRead(): void;
  /** Load case `caseNumber` (null: the first good one) of the input; resolves to whether it did. */
  loadChosen(input: ImportInput, caseNumber: number | null): Promise<boolean>;
  /** Load a case of a read by its number (the batch view's Open), fetching it from the worker. */
  loadImportedCase(
    input: ImportInput,
    summary: ImportSummary,
    caseNumber: number,
  ): Promise<ImportLoadOutcome>;
  /** Load a share link, an f-puzzles or an ISS string, read here: one short puzzle. Whether it did. */
  loadInterchange(text: string, format: InterchangeName): boolean;
  setImportProblems(problems: string[]): void;
  /** Good case `index` of the read `id`; rejects when the worker no longer holds it. */
  importedCase(
    id: number,
    index: number,
    options?: { signal?: AbortSignal },
  ): Promise<ImportedCase>;
  /** Good cases by index of the read `id` (the batch view prints several). */
  importedCases(
    id: number,
    indices: number[],
    options?: { signal?: AbortSignal },
  ): Promise<ImportedCase[]>;
  /**
   * Solve every case of the read `id` in the import worker, as `squiggly solve` does; statuses
   * come to `options.onBatch`, whose answer false stops after that batch.
   */
  solveImportBatch(id: number, options: BatchCallOptions): Promise<BatchResult>;
  /** The import is over: stop reading and the import worker, freeing what it read. */
  endImport(): void;
}

/**
 * A formats message in the app's words: the formats layer is shared with the command line,
 * whose way out of a failed detection is `--format`; here it is the Format list.
 */
export function inAppWords(message: string): string {
  return message.replace(
    /name the format with --format/g,
    `choose the format in the "${FORMAT_FIELD}" list`,
  );
}

export const importErrorText = (error: FormatError): string => inAppWords(formatErrorText(error));

/** Whether a read is of this input. */
export const isReadOf = (read: ImportRead | null, input: ImportInput | null): boolean =>
  read !== null &&
  input !== null &&
  read.input.source === input.source &&
  read.input.format === input.format;

/** Index of `caseNumber` among the good cases (ascending), or -1 when that case is bad or absent. */
export function indexOfCase(caseNumbers: Int32Array, caseNumber: number): number {
  let low = 0;
  let high = caseNumbers.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (caseNumbers[mid] === caseNumber) return mid;
    if (caseNumbers[mid] < caseNumber) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** An f-puzzles or ISS string read, in one shape: an ISS string has no title, author or rules. */
function readPuzzleString(text: string, format: 'fpuzzles' | 'iss'): FpuzzlesReading {
  if (format === 'fpuzzles') return parseFpuzzles(text);
  const read = parseIss(text);
  return 'error' in read ? read : { ...read, info: EMPTY_INFO };
}

const unavailable = (): Promise<never> =>
  Promise.reject(new Error('importing is not available here (no import worker)'));

const sizeProblem = (what: string, size: number): string =>
  `${what} is ${size}×${size}; the app offers sizes ${sizesText(APP_SIZES)}.`;

export const createImportSlice =
  ({ importer }: StoreContext): SliceCreator<ImportSlice> =>
  (set, get) => {
    /** The read in flight (its controller) and the typing pause before one. */
    let controller: AbortController | null = null;
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    let waiting: { timer: ReturnType<typeof setTimeout>; settle(): void } | null = null;
    /** A Load waiting for the read: the case it loads, and how its promise settles. */
    let pending: { caseNumber: number | null; settle(loaded: boolean): void } | null = null;

    /** The read in flight or waiting stops without a word (whoever stops it says why). */
    const supersede = (): void => {
      if (waiting) {
        clearTimeout(waiting.timer);
        waiting.settle();
        waiting = null;
      }
      clearTimeout(slowTimer);
      controller?.abort();
      controller = null;
    };
    const endPending = (loaded: boolean): void => {
      const ended = pending;
      pending = null;
      if (get().importLoad === 'pending') set({ importLoad: null });
      ended?.settle(loaded);
    };
    const updateRead = (change: Partial<ImportRead>): void => {
      const read = get().importRead;
      if (read) set({ importRead: { ...read, ...change } });
    };
    const newRead = (input: ImportInput, phase: ImportPhase): void => {
      // An edit moves a waiting load to the new input, which starts at its first case.
      if (pending && !isReadOf(get().importRead, input)) pending.caseNumber = null;
      set({
        importRead: { input, phase, progress: null, slow: false, summary: null, error: null },
      });
    };

    const startRead = (input: ImportInput): Promise<ImportSummary | null> => {
      supersede();
      const abort = new AbortController();
      controller = abort;
      newRead(input, 'reading');
      slowTimer = setTimeout(() => {
        if (controller === abort) updateRead({ slow: true });
      }, PROGRESS_SHOWN_AFTER_MS);
      let lastShown = -Infinity;
      const reading = importer
        ? importer.parseImport(input.source, input.format, {
            signal: abort.signal,
            onProgress: (progress) => {
              const time = performance.now();
              if (controller === abort && time - lastShown >= PROGRESS_SHOWN_EVERY_MS) {
                lastShown = time;
                updateRead({ progress });
              }
            },
          })
        : unavailable();
      return reading.then(
        (summary) => {
          if (controller !== abort) return null;
          controller = null;
          clearTimeout(slowTimer);
          updateRead({ phase: 'read', summary });
          if (pending) {
            const { caseNumber, settle } = pending;
            pending = null;
            set({ importLoad: null });
            void loadFrom(input, summary, caseNumber).then(settle);
          }
          return summary;
        },
        (error: unknown) => {
          if (controller !== abort) return null;
          controller = null;
          clearTimeout(slowTimer);
          const stopped = isAbortError(error);
          updateRead({
            phase: stopped ? 'stopped' : 'failed',
            error: stopped ? null : reasonOf(error),
          });
          endPending(false);
          return null;
        },
      );
    };

    /** The case to load, fetched from the worker unless it came with the summary. */
    const fetchCase = async (
      input: ImportInput,
      summary: ImportSummary,
      index: number,
    ): Promise<ImportedCase> => {
      if (index === 0 && summary.first) return summary.first;
      try {
        return await get().importedCase(summary.id, index);
      } catch (error) {
        if (isAbortError(error)) throw error;
        // A fresh worker holds nothing (after a stop or a crash): read again, then fetch.
        const again = await startRead(input);
        if (!again) throw error;
        return get().importedCase(again.id, index);
      }
    };

    /** Load good case `index` of a read. */
    const loadCaseAt = async (
      input: ImportInput,
      summary: ImportSummary,
      index: number,
    ): Promise<ImportLoadOutcome> => {
      const size = summary.sizes[index];
      if (!isAppSize(size)) {
        return { loaded: false, problem: sizeProblem(`Case ${summary.caseNumbers[index]}`, size) };
      }
      set({ importLoad: 'loading' });
      try {
        const picked = await fetchCase(input, summary, index);
        // Squiggly JSON reads every constraint or refuses the case: nothing is left out.
        get().loadPuzzle(picked.size, picked.regions, picked.givens, {
          info: infoOfExtra(picked.extra),
          constraints: picked.constraints,
        });
        set({ importLoad: 'loaded' });
        return { loaded: true };
      } catch (error) {
        set({ importLoad: null });
        return {
          loaded: false,
          problem: isAbortError(error)
            ? null
            : `Case ${summary.caseNumbers[index]} could not be loaded: ${reasonOf(error)}`,
        };
      }
    };

    /** Load the chosen case of a finished read, or say why not. */
    const loadFrom = async (
      input: ImportInput,
      summary: ImportSummary,
      caseNumber: number | null,
    ): Promise<boolean> => {
      const say = (...problems: string[]): false => {
        set({ importProblems: problems });
        return false;
      };
      if (summary.detection.format === null) return say(importErrorText(summary.detection.error));
      if (summary.tooBig) return say(summary.tooBig);
      if (summary.caseNumbers.length === 0) {
        return summary.errors.length > 0
          ? say(...summary.errors.map(importErrorText))
          : say('The input holds no puzzle.');
      }
      if (caseNumber !== null && (caseNumber < 1 || caseNumber > summary.caseCount)) {
        return say(`Choose a case from 1 to ${formatCount(summary.caseCount)}.`);
      }
      const index = caseNumber === null ? 0 : indexOfCase(summary.caseNumbers, caseNumber);
      if (index < 0) return say(`Case ${caseNumber} could not be read; choose another.`);
      const outcome = await loadCaseAt(input, summary, index);
      if (outcome.loaded) return true;
      // A load stopped (the dialog closed, or a newer read) has nothing to say.
      return outcome.problem === null ? false : say(outcome.problem);
    };

    return {
      importRead: null,
      importLoad: null,
      importProblems: [],

      readImport: (input, options) => {
        const afterMs = options?.afterMs ?? 0;
        if (afterMs <= 0) return startRead(input);
        supersede();
        newRead(input, 'waiting');
        return new Promise((resolve) => {
          const timer = setTimeout(() => {
            waiting = null;
            resolve(startRead(input));
          }, afterMs);
          waiting = { timer, settle: () => resolve(null) };
        });
      },

      stopRead: () => {
        if (!controller) return;
        // The read's own rejection (an AbortError) ends it as stopped.
        clearTimeout(slowTimer);
        controller.abort();
      },

      dropImportRead: () => {
        supersede();
        endPending(false);
        if (get().importRead) set({ importRead: null });
      },

      loadChosen: (input, caseNumber) => {
        set({ importProblems: [] });
        const read = get().importRead;
        const current = isReadOf(read, input) ? read : null;
        if (current?.phase === 'read' && current.summary) {
          endPending(false);
          return loadFrom(input, current.summary, caseNumber);
        }
        // Not read yet (typing pause) or still reading: load once the read ends. A read
        // waiting for the pause starts now; one in flight is never started again.
        if (current?.phase !== 'reading') void startRead(input);
        const loaded = new Promise<boolean>((settle) => {
          const before = pending;
          pending = {
            caseNumber,
            settle: (done) => {
              before?.settle(done);
              settle(done);
            },
          };
        });
        set({ importLoad: 'pending' });
        return loaded;
      },

      loadImportedCase: (input, summary, caseNumber) => {
        const index = indexOfCase(summary.caseNumbers, caseNumber);
        return index < 0
          ? Promise.resolve({
              loaded: false,
              problem: `Case ${caseNumber} could not be read; choose another.`,
            })
          : loadCaseAt(input, summary, index);
      },

      loadInterchange: (text, format) => {
        set({ importProblems: [] });
        if (format === 'link') {
          const link = parseShareLink(text);
          if ('error' in link) {
            set({ importProblems: [importErrorText(link.error)] });
            return false;
          }
          const { puzzle } = link;
          get().loadPuzzle(puzzle.size, puzzle.regions, puzzle.givens, {
            info: puzzle.info,
            walls: puzzle.walls,
            constraints: puzzle.constraints,
          });
          return true;
        }
        const reading = readPuzzleString(text, format);
        if ('error' in reading) {
          set({ importProblems: [importErrorText(reading.error)] });
          return false;
        }
        const { board } = reading;
        if (!isAppSize(board.size)) {
          set({ importProblems: [sizeProblem('The puzzle', board.size)] });
          return false;
        }
        get().loadPuzzle(board.size, board.regions, board.givens, {
          info: reading.info,
          constraints: reading.constraints,
        });
        const without = openedWithout(reading.leftOut);
        if (without !== null) set({ notice: without });
        return true;
      },

      setImportProblems: (problems) => {
        if (problems.length > 0 || get().importProblems.length > 0) {
          set({ importProblems: problems });
        }
      },

      importedCase: (id, index, options) =>
        importer ? importer.importCase(id, index, options) : unavailable(),
      importedCases: (id, indices, options) =>
        importer ? importer.importCases(id, indices, options) : unavailable(),
      solveImportBatch: (id, options) =>
        importer ? importer.solveBatch(id, options) : unavailable(),

      endImport: () => {
        supersede();
        endPending(false);
        set({ importRead: null, importLoad: null, importProblems: [] });
        importer?.dispose();
      },
    };
  };
