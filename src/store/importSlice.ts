/**
 * Importing through the store, which is how the UI reaches a worker: reading an input (pasted
 * text, or a file the worker reads itself) happens in a worker of its own (the app gives the
 * store a second client for it), so a big file never blocks the page, and reading one never
 * stops a solve or count running in the solver's worker (each worker runs one call at a time).
 * The batch view solves every case of a read in that same worker, which holds the cases.
 * No state here: the Import dialog keeps what it read; loading a case is puzzleSlice's
 * loadPuzzle. Without an import client (some tests), reading says so.
 */
import type { FormatName } from '../formats/index.ts';
import type {
  BatchCallOptions,
  BatchResult,
  ImportCallOptions,
  ImportedCase,
  ImportSource,
  ImportSummary,
} from '../worker/protocol.ts';
import type { SliceCreator, StoreContext } from './state.ts';

export interface ImportSlice {
  /** Read an input in the import worker; abort `options.signal` to stop (Cancel). */
  readImport(
    source: ImportSource,
    format: FormatName | null,
    options?: ImportCallOptions,
  ): Promise<ImportSummary>;
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
  /** The import is over: stop the import worker, freeing what it read. */
  endImport(): void;
}

const unavailable = (): Promise<never> =>
  Promise.reject(new Error('importing is not available here (no import worker)'));

export const createImportSlice =
  ({ importer }: StoreContext): SliceCreator<ImportSlice> =>
  () => ({
    readImport: (source, format, options) =>
      importer ? importer.parseImport(source, format, options) : unavailable(),
    importedCase: (id, index, options) =>
      importer ? importer.importCase(id, index, options) : unavailable(),
    importedCases: (id, indices, options) =>
      importer ? importer.importCases(id, indices, options) : unavailable(),
    solveImportBatch: (id, options) =>
      importer ? importer.solveBatch(id, options) : unavailable(),
    endImport: () => importer?.dispose(),
  });
