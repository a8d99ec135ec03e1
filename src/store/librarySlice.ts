/**
 * "My puzzles": the library of every puzzle the user makes or opens, kept in IndexedDB
 * (library/libraryDb.ts) and listed from a copy of the small metadata held here.
 *
 * Keeping. The current puzzle carries a library id (`libraryId`, part of the puzzle state, so
 * undo history and autosave carry it: undoing past an Import brings back the earlier puzzle
 * AND its id, and the earlier puzzle's entry is the one that gets written). New and load give
 * a fresh id; opening from the library gives the entry's. A fresh id whose first write finds
 * an entry holding exactly the same puzzle (its link or file opened again) takes that entry's
 * id instead of adding a twin (not an undo step: the puzzle is the same). A subscription
 * writes the puzzle to its entry LIBRARY_KEEP_MS after the last change, and at once when the
 * puzzle is left for another (so its last edit is never dropped) or the page is hidden. A
 * blank start (the standard or empty layout with no clues and no text) is not kept until
 * something is drawn on it. Each write compares with what was last written (in memory, or read
 * back once): the modified date moves only when the puzzle itself changed; a new verdict or
 * rating updates the metadata alone. The verdict and rating are the app's own (currentVerdict,
 * currentRating): nothing is solved here. Deleting the open puzzle stops keeping it until the
 * delete is undone, the page reloads, or the puzzle is edited again (that work is kept).
 *
 * Surviving the page. IndexedDB writes are asynchronous: a write started by New just before a
 * reload may never commit, and the puzzle left would be missing. So each write first puts a
 * copy of the puzzle in the browser's storage, synchronously (library/pending.ts), and drops
 * it once IndexedDB confirmed the write; a new store replays the copies left there before
 * anything else (so before the list is read), as a write merges, but never over an entry
 * modified after the copy. Without that storage (full, blocked) writes go uncovered. A write
 * that fails (IndexedDB full) is kept in memory, every one (library/writeFailures.ts), shown
 * in libraryWaiting until Retry or the next write that succeeds writes them all.
 *
 * Several tabs (docs/tabs.md). Each write says the revision it is based on and is refused
 * over a newer one: this tab's version is then kept as a copy, which the tab goes on with,
 * and the user is told (revisions.ts). Writes, renames and deletes are told to the other tabs
 * (tabs.ts): their lists follow, a rename reaches the tab editing that puzzle, and a tab that
 * opens a puzzle another is editing offers to take it over or go on with a copy.
 *
 * Listing. `libraryEntries` holds every entry's metadata once the dialog first asked for it
 * (loadLibrary); edits made here update it in place. The shown list is sorted and filtered by
 * a per-store memo (library/listing.ts), read through the visibleLibrary selector.
 *
 * Files. Import merges a library file (a newer copy of an entry replaces it; a damaged file
 * changes nothing) and export prints the whole library in slices, with progress and Cancel
 * (library/files.ts says how).
 *
 * The parts, each a set of module-level functions over the slice's scope (library/scope.ts:
 * the store and the keeper's own state, one per store): library/writeQueue.ts (keeping the
 * puzzle on screen, the one queue of writes, the checked put, failed writes and Retry),
 * library/entries.ts (the list, open, duplicate, rename, delete, undo delete),
 * library/files.ts (export and import of library files), library/tabSync.ts (the other tabs)
 * and library/start.ts (what is done once per store: replay, the base, the subscription).
 * This file holds the state's shape and wires each action to its function.
 */
import type { LibraryMeta } from './library/libraryDb.ts';
import { newLibraryId } from './library/ids.ts';
import { createListing, type LibrarySort } from './library/listing.ts';
import * as entries from './library/entries.ts';
import * as files from './library/files.ts';
import { createLibraryScope } from './library/scope.ts';
import { startLibrary } from './library/start.ts';
import { openCopyHere, takeOverHere } from './library/tabSync.ts';
import { keepBeforeLeaving, keepNow, retryWaiting } from './library/writeQueue.ts';
import type { WaitingWrite } from './library/writeFailures.ts';
import type { SliceCreator, SquigglyState, StoreContext } from './state.ts';

export type { LibraryMeta } from './library/libraryDb.ts';
export type { LibrarySort } from './library/listing.ts';
export type { WaitingWrite } from './library/writeFailures.ts';
export { LIBRARY_KEEP_MS } from './library/writeQueue.ts';

export type LibraryStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

export type LibraryImportOutcome =
  | {
      ok: true;
      added: number;
      updated: number;
      unchanged: number;
      /** Copies of an id already in the file, passed over for its newest copy. */
      repeated: number;
      /** Entries whose date was in the future, set to now. */
      clamped: number;
    }
  | {
      ok: false;
      /** Why, never empty. */
      error: string;
      /** Puzzles written before it stopped (0: nothing was changed), of those to write. */
      imported: number;
      of: number;
    };

/** Library writes that failed and wait in memory (library/writeFailures.ts). */
export interface LibraryWaiting {
  /** Why the last of them failed, in words. */
  reason: string;
  /** The browser's storage is full (the quota). */
  full: boolean;
  puzzles: readonly WaitingWrite[];
}

export interface LibrarySlice {
  /** The library entry the current puzzle is kept under. */
  libraryId: string;
  libraryStatus: LibraryStatus;
  /** Why the library cannot be used (unavailable), or why the last action failed. */
  libraryError: string | null;
  /** Every entry's metadata (once loaded), in no particular order. */
  libraryEntries: readonly LibraryMeta[];
  libraryQuery: string;
  librarySort: LibrarySort;
  /** The last deleted entry, until it is restored or another is deleted. */
  libraryDeleted: LibraryMeta | null;
  /** Puzzles whose write failed, kept until a write succeeds again; null when none wait. */
  libraryWaiting: LibraryWaiting | null;
  /** The export under way: puzzles printed of all; null when none runs. */
  libraryExporting: { done: number; total: number } | null;
  /** Sorted and filtered entries for the given state (a per-store memo). */
  libraryListing: (
    entries: readonly LibraryMeta[],
    sort: LibrarySort,
    query: string,
  ) => LibraryMeta[];

  /** Read the metadata of every entry (once; later calls only refresh it). */
  loadLibrary(): Promise<void>;
  setLibraryQuery(query: string): void;
  setLibrarySort(sort: LibrarySort): void;
  /** Replace the current puzzle with entry `id` (undoable, as Import is); false if it is gone. */
  openFromLibrary(id: string): Promise<boolean>;
  duplicateInLibrary(id: string): Promise<LibraryMeta | null>;
  renameInLibrary(id: string, title: string): Promise<void>;
  deleteFromLibrary(id: string): Promise<void>;
  undoLibraryDelete(): Promise<void>;
  /**
   * The whole library as file text (the current puzzle written first, and every puzzle still
   * waiting to be written included), printed in slices; null when cancelled.
   */
  exportLibrary(): Promise<string | null>;
  /** Stop the export under way (its result is null). */
  cancelLibraryExport(): void;
  /** Write every waiting puzzle again (after space was freed). */
  retryLibraryWrites(): Promise<void>;
  /** The user read the last action's failure (libraryError). */
  dismissLibraryError(): void;
  /** Merge a library file; nothing changes when it cannot be read. */
  importLibrary(text: string): Promise<LibraryImportOutcome>;
  /** Write the current puzzle to the library now (instead of after the pause). */
  keepCurrentPuzzle(): Promise<void>;
  /**
   * The page is being hidden or may close: a write waiting for the pause starts now, so its
   * pending copy is taken while the page still runs (the app calls this on pagehide).
   */
  keepBeforeLeaving(): void;
  /** Another tab is editing the puzzle on screen (its entry and title), until acted on. */
  tabConflict: { id: string; title: string } | null;
  /** Take the puzzle over: the other tab writes its last change and lets it go. */
  takeOverHere(): Promise<void>;
  /** Go on with the puzzle here as a copy (a new entry), leaving the entry to the other tab. */
  openCopyHere(): Promise<void>;
  dismissTabConflict(): void;
}

/** Selector: the entries as the dialog lists them. */
export const visibleLibrary = (state: SquigglyState): LibraryMeta[] =>
  state.libraryListing(state.libraryEntries, state.librarySort, state.libraryQuery);

export const createLibrarySlice =
  (ctx: StoreContext): SliceCreator<LibrarySlice> =>
  (set, get, api) => {
    const scope = createLibraryScope({ set, get, ctx }, api);
    startLibrary(scope);
    const open = scope.open;
    return {
      libraryId: newLibraryId(),
      libraryStatus: open ? 'idle' : 'unavailable',
      libraryError: open ? null : 'This browser offers no storage for a library (IndexedDB).',
      libraryEntries: [],
      libraryQuery: '',
      librarySort: 'modified',
      libraryDeleted: null,
      libraryWaiting: null,
      libraryExporting: null,
      libraryListing: createListing(),

      loadLibrary: () => entries.loadLibrary(scope),
      setLibraryQuery: (query) => set({ libraryQuery: query }),
      setLibrarySort: (sort) => set({ librarySort: sort }),
      openFromLibrary: (id) => entries.openFromLibrary(scope, id),
      duplicateInLibrary: (id) => entries.duplicateInLibrary(scope, id),
      renameInLibrary: (id, title) => entries.renameInLibrary(scope, id, title),
      deleteFromLibrary: (id) => entries.deleteFromLibrary(scope, id),
      undoLibraryDelete: () => entries.undoLibraryDelete(scope),

      exportLibrary: () => files.exportLibrary(scope),
      cancelLibraryExport: () => {
        scope.exportCancelled = true;
      },
      retryLibraryWrites: () => retryWaiting(scope),
      dismissLibraryError: () => {
        if (open) set({ libraryError: null });
      },
      importLibrary: (text) => files.importLibrary(scope, text),

      tabConflict: null,
      takeOverHere: () => takeOverHere(scope),
      openCopyHere: () => openCopyHere(scope),
      dismissTabConflict: () => set({ tabConflict: null }),

      keepCurrentPuzzle: () => keepNow(scope),
      keepBeforeLeaving: () => keepBeforeLeaving(scope),
    };
  };
