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
 *
 * The parts, each a set of module-level functions over the slice's scope: import/read.ts (the
 * scope, the read and its phases, Stop, the end of an import), import/load.ts (Load, a case by
 * its number, a link or string read on the page) and import/words.ts (the messages in the
 * app's words). This file holds the state's shape and wires each action to its function.
 */
import type { FormatName } from '../formats/index.ts';
import type {
  BatchCallOptions,
  BatchResult,
  ImportedCase,
  ImportProgress,
  ImportSource,
  ImportSummary,
} from '../worker/protocol.ts';
import * as load from './import/load.ts';
import * as read from './import/read.ts';
import type { SliceCreator, StoreContext } from './state.ts';

export { FORMAT_FIELD, importErrorText, inAppWords, openedWithout } from './import/words.ts';
export { PROGRESS_SHOWN_AFTER_MS, PROGRESS_SHOWN_EVERY_MS, isReadOf } from './import/read.ts';
export { indexOfCase } from './import/load.ts';

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

export const createImportSlice =
  (ctx: StoreContext): SliceCreator<ImportSlice> =>
  (set, get) => {
    const { importer } = ctx;
    const scope = read.createImportScope({ set, get, ctx }, (input, summary, caseNumber) =>
      load.loadFrom(scope, input, summary, caseNumber),
    );
    return {
      importRead: null,
      importLoad: null,
      importProblems: [],

      readImport: (input, options) => read.readImport(scope, input, options),
      stopRead: () => read.stopRead(scope),
      dropImportRead: () => read.dropImportRead(scope),
      loadChosen: (input, caseNumber) => load.loadChosen(scope, input, caseNumber),
      loadImportedCase: (input, summary, caseNumber) =>
        load.loadImportedCase(scope, input, summary, caseNumber),
      loadInterchange: (text, format) => load.loadInterchange(scope, text, format),
      setImportProblems: (problems) => {
        if (problems.length > 0 || get().importProblems.length > 0) {
          set({ importProblems: problems });
        }
      },

      importedCase: (id, index, options) =>
        importer ? importer.importCase(id, index, options) : read.unavailable(),
      importedCases: (id, indices, options) =>
        importer ? importer.importCases(id, indices, options) : read.unavailable(),
      solveImportBatch: (id, options) =>
        importer ? importer.solveBatch(id, options) : read.unavailable(),

      endImport: () => read.endImport(scope),
    };
  };
