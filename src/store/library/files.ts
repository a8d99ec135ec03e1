/**
 * Library files: export the whole library, import one (docs/formats.md says what a file is).
 *
 * Export writes the puzzle on screen first, then prints page by page (a big library is never
 * all in memory), each page in slices (exportSlices.ts), with progress a few times a second and
 * Cancel; every puzzle still waiting to be written goes in with its entry, or at the end.
 *
 * Import merges: a puzzle whose id is already here replaces it only when the file's copy was
 * modified later; new ids are added (one copy per id, no date in the future, a file's verdict
 * marked as such: fileEntries.ts). The whole file is decoded first, yielding to the page every
 * DECODE_BUDGET_MS, and a damaged file changes nothing: the located error comes back instead.
 * Writes then go in transactions of WRITE_SLICE puzzles; one that fails stops the import, and
 * the outcome says how many were written.
 */
import { formatErrorText } from '../../formats/errors.ts';
import { readLibraryFile, type LibraryFileEntry } from '../../formats/library.ts';
import type { LibraryImportOutcome } from '../librarySlice.ts';
import {
  fileEntryOf,
  printLibraryInSlices,
  slicedPrinter,
  waitingLeft,
  withWaiting,
} from './exportSlices.ts';
import { fileMarks, prepareFileEntries } from './fileEntries.ts';
import type { LibraryRecord } from './libraryDb.ts';
import { newRevision } from './revisions.ts';
import { cluesOf, fail, serial, withDb, type LibraryScope } from './scope.ts';
import { libraryErrorReason } from './writeFailures.ts';
import { keepNow } from './writeQueue.ts';

/** Puzzles written per transaction on import (each put is cloned on the main thread). */
const WRITE_SLICE = 100;
/** Least time between two steps of an export's progress (ms). */
const EXPORT_PROGRESS_MS = 200;
/** Longest stretch of import decoding before yielding to the page (ms). */
const DECODE_BUDGET_MS = 12;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The whole library as file text (the current puzzle written first, and every puzzle still
 * waiting to be written included), printed in slices; null when cancelled.
 */
export async function exportLibrary(scope: LibraryScope): Promise<string | null> {
  const { set, get, open } = scope;
  scope.exportCancelled = false;
  await keepNow(scope);
  if (!open) return printLibraryInSlices([], Date.now());
  // Page by page (a big library is never all in memory), each printed in slices; the
  // waiting writes go in with their entries, or at the end (exportSlices.ts).
  const waiting = new Map(scope.failures.list().map((copy) => [copy.board.id, copy]));
  let total = get().libraryEntries.length;
  const extra = waiting.size;
  let progressShown = -Infinity;
  const printer = slicedPrinter(Date.now(), () => total, {
    onProgress: (done, of) => {
      // A few steps a second: each is a render of the progress (and an autosave look).
      const now = performance.now();
      if (now - progressShown < EXPORT_PROGRESS_MS) return;
      progressShown = now;
      set({ libraryExporting: { done, total: of } });
    },
    cancelled: () => scope.exportCancelled,
  });
  set({ libraryExporting: { done: 0, total } });
  try {
    let whole = true;
    await (
      await open()
    ).forEachPage(async (records, stored) => {
      total = stored + extra;
      whole = await printer.print(withWaiting(records, waiting).map(fileEntryOf));
      return whole;
    });
    if (whole) whole = await printer.print(waitingLeft(waiting).map(fileEntryOf));
    return whole ? printer.text() : null;
  } catch (error) {
    fail(scope, error);
    return null;
  } finally {
    set({ libraryExporting: null });
  }
}

/** Decode every entry of a library file, yielding to the page; the located error if one fails. */
async function decodeFile(
  text: string,
): Promise<{ entries: LibraryFileEntry[] } | Extract<LibraryImportOutcome, { ok: false }>> {
  const read = readLibraryFile(text);
  if ('error' in read) {
    return { ok: false, error: formatErrorText(read.error), imported: 0, of: 0 };
  }
  const { reader } = read;
  const entries: LibraryFileEntry[] = [];
  let sliceStart = performance.now();
  for (let index = 0; index < reader.count; index++) {
    const decoded = reader.entry(index);
    if ('error' in decoded) {
      const { line, column, message } = decoded.error;
      return {
        ok: false,
        error: `puzzle ${index + 1}, line ${line}, column ${column}: ${message}`,
        imported: 0,
        of: reader.count,
      };
    }
    entries.push(decoded.entry);
    if (performance.now() - sliceStart > DECODE_BUDGET_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
  return { entries };
}

/** The record a file's entry is written as. */
const recordOf = (entry: LibraryFileEntry): LibraryRecord => {
  const { puzzle } = entry;
  return {
    meta: {
      id: entry.id,
      title: puzzle.info.title,
      author: puzzle.info.author,
      size: puzzle.size,
      clues: cluesOf(puzzle.givens),
      created: entry.created,
      modified: entry.modified,
      verdict: entry.verdict,
      rating: entry.rating,
      revision: newRevision(),
      ...fileMarks(entry),
    },
    board: {
      id: entry.id,
      size: puzzle.size,
      walls: [...puzzle.walls],
      givens: [...puzzle.givens],
      regions: [...puzzle.regions],
      info: puzzle.info,
      ...(puzzle.constraints !== undefined &&
        puzzle.constraints.length > 0 && { constraints: [...puzzle.constraints] }),
    },
  };
};

/** Merge a library file; nothing changes when it cannot be read. */
export async function importLibrary(
  scope: LibraryScope,
  text: string,
): Promise<LibraryImportOutcome> {
  const { get, open } = scope;
  if (!open) {
    const error = get().libraryError ?? 'The library is unavailable.';
    return { ok: false, error, imported: 0, of: 0 };
  }
  const decoded = await decodeFile(text);
  if (!('entries' in decoded)) return decoded;
  // One copy per id (the newest), no date in the future (fileEntries.ts).
  const { entries: trusted, repeated, clamped } = prepareFileEntries(decoded.entries, Date.now());
  await keepNow(scope);
  const known = new Map((await withDb(scope, (db) => db.listMeta()))?.map((m) => [m.id, m]));
  const writes: LibraryRecord[] = [];
  let unchanged = 0;
  for (const entry of trusted) {
    const have = known.get(entry.id);
    if (have && have.modified >= entry.modified) {
      unchanged++;
      continue;
    }
    writes.push(recordOf(entry));
  }
  for (let start = 0; start < writes.length; start += WRITE_SLICE) {
    const part = writes.slice(start, start + WRITE_SLICE);
    try {
      await serial(scope, async () => (await open()).put(part));
    } catch (error) {
      // Each slice is one transaction: the ones before it are written, this one not.
      if (start > 0 && get().libraryStatus === 'ready') await get().loadLibrary();
      return {
        ok: false,
        error: libraryErrorReason(error),
        imported: start,
        of: writes.length,
      };
    }
    for (const record of part) scope.written.delete(record.meta.id);
    await nextTask();
  }
  const added = writes.filter((record) => !known.has(record.meta.id)).length;
  if (get().libraryStatus === 'ready') await get().loadLibrary();
  return { ok: true, added, updated: writes.length - added, unchanged, repeated, clamped };
}
