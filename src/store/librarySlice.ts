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
 * Import merges: a puzzle whose id is already here replaces it only when the file's copy was
 * modified later; new ids are added (one copy per id, no date in the future, a file's verdict
 * marked as such: library/fileEntries.ts). The whole file is decoded first, yielding to the
 * page every few milliseconds, and a damaged file changes nothing: the located error comes
 * back instead. Writes then go in transactions of WRITE_SLICE puzzles; one that fails stops
 * the import, and the outcome says how many were written. Export prints in slices
 * (library/exportSlices.ts), with progress and Cancel.
 */
import { LIBRARY_VERDICTS, readLibraryFile, type LibraryFileEntry } from '../formats/library.ts';
import { formatErrorText } from '../formats/errors.ts';
import { hasBoxShape } from '../engine/index.ts';
import { EMPTY_INFO } from '../formats/link.ts';
import { newLibraryId } from './library/ids.ts';
import {
  revisionOf,
  type LibraryBoard,
  type LibraryMeta,
  type LibraryRecord,
  type LibraryStorage,
  type LibraryVerdict,
} from './library/libraryDb.ts';
import { createListing, type LibrarySort } from './library/listing.ts';
import { pendingArea, type PendingCopy } from './library/pending.ts';
import {
  asCopy,
  copyTitle,
  GIVEN,
  newRevision,
  renameChecked,
  revisionBook,
} from './library/revisions.ts';
import { linkTabs, type TabMessage } from './library/tabs.ts';
import {
  createWriteFailures,
  isQuotaError,
  libraryErrorReason,
  type WaitingWrite,
} from './library/writeFailures.ts';
import {
  fileEntryOf,
  printLibraryInSlices,
  slicedPrinter,
  waitingLeft,
  withWaiting,
} from './library/exportSlices.ts';
import {
  fileMarks,
  prepareFileEntries,
  sameJudgement,
  keptFileMarks,
} from './library/fileEntries.ts';
import {
  emptyGridPuzzle,
  puzzleKey,
  samePuzzleAndInfo,
  standardPuzzle,
  type Puzzle,
} from './puzzle.ts';
import { historyOf } from './history.ts';
import { currentRating, currentVerdict } from './selectors.ts';
import type { SliceCreator, SquigglyState, StoreContext } from './state.ts';

export type { LibraryMeta } from './library/libraryDb.ts';
export type { LibrarySort } from './library/listing.ts';
export type { WaitingWrite } from './library/writeFailures.ts';

/** How long the puzzle must stay unchanged before it is written to the library (ms). */
export const LIBRARY_KEEP_MS = 500;
/** Puzzles written per transaction on import (each put is cloned on the main thread). */
const WRITE_SLICE = 100;
/** Least time between two steps of an export's progress (ms). */
const EXPORT_PROGRESS_MS = 200;
/** Longest stretch of import decoding before yielding to the page (ms). */
const DECODE_BUDGET_MS = 12;

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

/** A pending copy with the revision its write is based on (revisions.ts). */
type BasedCopy = PendingCopy & { base?: string | null };

/** Selector: the entries as the dialog lists them. */
export const visibleLibrary = (state: SquigglyState): LibraryMeta[] =>
  state.libraryListing(state.libraryEntries, state.librarySort, state.libraryQuery);

/** What the library stores of a puzzle, as one comparable text. */
const contentKey = (puzzle: Puzzle): string => {
  const info = puzzle.info ?? EMPTY_INFO;
  return `${puzzleKey(puzzle)}|${puzzle.regions.join(',')}|${JSON.stringify([info.title, info.author, info.rules])}`;
};

/** A start with nothing of the user's on it yet: not worth a library entry. */
function isBlank(puzzle: Puzzle): boolean {
  const info = puzzle.info ?? EMPTY_INFO;
  if (info.title || info.author || info.rules || puzzle.givens.some((digit) => digit !== 0)) {
    return false;
  }
  const key = puzzleKey(puzzle);
  return (
    (hasBoxShape(puzzle.size) && key === puzzleKey(standardPuzzle(puzzle.size))) ||
    key === puzzleKey(emptyGridPuzzle(puzzle.size))
  );
}

const boardOf = (id: string, puzzle: Puzzle): LibraryBoard => ({
  id,
  size: puzzle.size,
  walls: puzzle.walls,
  givens: puzzle.givens,
  regions: puzzle.regions,
  info: puzzle.info ?? EMPTY_INFO,
  ...(puzzle.constraints !== undefined &&
    puzzle.constraints.length > 0 && { constraints: puzzle.constraints }),
});

const cluesOf = (givens: readonly number[]): number =>
  givens.reduce((count, digit) => count + (digit !== 0 ? 1 : 0), 0);

/** The app's verdict and rating for the puzzle on screen, as the library keeps them. */
function judgementOf(state: SquigglyState): {
  verdict: LibraryVerdict | null;
  rating: string | null;
} {
  const status = currentVerdict(state)?.outcome.status;
  const verdict =
    status && (LIBRARY_VERDICTS as readonly string[]).includes(status)
      ? (status as LibraryVerdict)
      : null;
  return { verdict, rating: currentRating(state)?.level ?? null };
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const errorText = libraryErrorReason;

export const createLibrarySlice =
  (context: StoreContext): SliceCreator<LibrarySlice> =>
  (set, get, api) => {
    const open = context.library;
    /** Writes not yet confirmed by IndexedDB, in the browser's storage (library/pending.ts). */
    const pending = open ? pendingArea(context.libraryPending) : null;
    /** What was last written (or read) per entry: its content key. */
    const written = new Map<string, { content: string; meta: LibraryMeta }>();
    /** Entries deleted while open: not written again unless the delete is undone. */
    const tombstones = new Set<string>();
    /** The last deleted record, for Undo delete (kept out of the state: it holds a board). */
    let deletedRecord: LibraryRecord | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    /** Writes run one after another, so two never race on one entry. */
    let queue: Promise<unknown> = Promise.resolve();
    const serial = <T>(task: () => Promise<T>): Promise<T> => {
      const run = queue.then(task, task);
      queue = run.catch(() => undefined);
      return run;
    };
    /** The revision this tab's work on each entry is based on (revisions.ts). */
    const book = revisionBook(context.tabs?.session ?? null);

    const fail = (error: unknown): void => {
      set({ libraryError: `The library could not be used: ${errorText(error)}.` });
    };

    /** Failed writes, every one kept until a write succeeds again (library/writeFailures.ts). */
    const failures = createWriteFailures();
    let retrying = false;
    /** A retry was asked for (Retry, or a write that went through) while one was under way. */
    let retryAgain = false;
    /** What the state says of the waiting writes, after any change to them. */
    const publishWaiting = (failure?: { reason: string; full: boolean }): void => {
      if (!failures.list().length) {
        if (get().libraryWaiting !== null) set({ libraryWaiting: null });
        return;
      }
      const stamps = pending ? new Set(pending.list().map((copy) => copy.stamp)) : null;
      const { reason, full } = failure ?? get().libraryWaiting ?? { reason: '', full: false };
      set({ libraryWaiting: { reason, full, puzzles: failures.summary(stamps) } });
    };
    const writeFailed = (copy: PendingCopy, error: unknown): void => {
      failures.failed(copy);
      publishWaiting({ reason: libraryErrorReason(error), full: isQuotaError(error) });
    };
    const writeSucceeded = (copy: PendingCopy): void => {
      const waited = failures.list().length > 0;
      failures.written(copy);
      if (waited) publishWaiting();
      // A write went through: there may be room again for those still waiting.
      if (waited) void retryWaiting();
    };
    /** Write every waiting copy again, oldest first (each as a replay: never over newer). */
    const retryWaiting = async (): Promise<void> => {
      // Asked again during a pass (space freed and Retry clicked while the pass's first writes
      // were failing): the pass goes round once more rather than dropping the request, which
      // left the notice up with puzzles unwritten and nothing to retry them.
      if (retrying) {
        retryAgain = true;
        return;
      }
      retrying = true;
      try {
        do {
          retryAgain = false;
          for (const copy of failures.list()) await write(copy, true);
        } while (retryAgain && failures.list().length > 0);
      } finally {
        retrying = false;
      }
    };

    /** Put `meta` into the listed entries (if they are loaded). */
    const listed = (meta: LibraryMeta): void => {
      if (get().libraryStatus !== 'ready') return;
      const entries = get().libraryEntries;
      const at = entries.findIndex((entry) => entry.id === meta.id);
      const next = entries.slice();
      if (at >= 0) next[at] = meta;
      else next.push(meta);
      set({ libraryEntries: next });
    };

    /**
     * Write `copy` to its entry when it differs from what the entry holds, then let its pending
     * copy go. A replayed copy (left by a page closed before its write committed) never
     * replaces an entry changed after it. A failed write keeps its pending copy for the next
     * start.
     */
    const write = (copy: PendingCopy, replayed: boolean): Promise<void> =>
      serial(async () => {
        if (!open) return;
        const { board } = copy;
        const { id } = board;
        if (tombstones.has(id)) return;
        const content = contentKey(board);
        const db = await open();
        let last = written.get(id);
        if (!last) {
          const stored = await db.get(id);
          if (stored) {
            last = { content: contentKey(stored.board), meta: stored.meta };
            written.set(id, last);
          }
        }
        if (!last && isBlank(board)) return;
        if (!last && !replayed) {
          // The same puzzle opened again (its link, its file): kept in the entry it has.
          const twin = await twinOf(db, board, content);
          if (twin !== null) {
            const state = get();
            if (state.libraryId === id && contentKey(state) === content) {
              set({ libraryId: twin });
            }
            return;
          }
        }
        if (replayed && last && last.meta.modified > copy.changed) return;
        const same = last?.content === content;
        const meta: LibraryMeta = {
          id,
          title: board.info.title,
          author: board.info.author,
          size: board.size,
          clues: cluesOf(board.givens),
          created: last?.meta.created ?? copy.changed,
          modified: same && last ? last.meta.modified : copy.changed,
          // A verdict not known yet for unchanged content keeps the one seen before.
          verdict: copy.verdict ?? (same ? (last?.meta.verdict ?? null) : null),
          rating: copy.rating ?? (same ? (last?.meta.rating ?? null) : null),
          revision: same && last ? last.meta.revision : newRevision(),
        };
        Object.assign(meta, keptFileMarks(meta, last?.meta, copy, same));
        if (same && last && sameJudgement(last.meta, meta)) {
          return;
        }
        if (same && last) await db.putMeta(meta);
        else if (!(await checkedPut(db, copy, { meta, board }, last, replayed))) return;
        written.set(id, { content, meta });
        listed(meta);
      }).then(
        () => {
          pending?.confirm(copy.board.id, copy.stamp);
          writeSucceeded(copy);
        },
        (error: unknown) => writeFailed(copy, error),
      );

    /**
     * The id of another entry holding exactly this puzzle (layout, clues, title, author,
     * rules), or null. The metadata narrows the search (size, clues, title, author) before
     * any board is read.
     */
    const twinOf = async (
      db: Awaited<ReturnType<NonNullable<typeof open>>>,
      board: LibraryBoard,
      content: string,
    ): Promise<string | null> => {
      const clues = cluesOf(board.givens);
      const alike = (await db.listMeta()).filter(
        (meta) =>
          meta.id !== board.id &&
          !tombstones.has(meta.id) &&
          meta.size === board.size &&
          meta.clues === clues &&
          meta.title === board.info.title &&
          meta.author === board.info.author,
      );
      for (const meta of alike) {
        const stored = await db.get(meta.id);
        if (stored && contentKey(stored.board) === content) {
          book.set(meta.id, revisionOf(stored.meta));
          return meta.id;
        }
      }
      return null;
    };

    /**
     * Write `record` only if its entry still holds the revision this tab's work is based on
     * (revisions.ts); true when written. Refused, the entry as stored is kept; this tab's
     * version is written as a copy, the tab goes on with the copy, and the user is told.
     */
    const checkedPut = async (
      db: LibraryStorage,
      copy: BasedCopy,
      record: LibraryRecord,
      last: { meta: LibraryMeta } | undefined,
      replayed: boolean,
    ): Promise<boolean> => {
      const { id } = record.meta;
      // A copy left by a page that closed says its base; one from before revisions, none.
      const base = !replayed
        ? (book.get(id) ?? null)
        : typeof copy.base === 'string' || copy.base === null
          ? copy.base
          : last
            ? revisionOf(last.meta)
            : null;
      const result = await db.putChecked(record, base);
      if (result.ok) {
        book.set(id, revisionOf(record.meta));
        link?.post({ kind: 'saved', meta: record.meta, board: record.board, base });
        return true;
      }
      const { stored } = result;
      const content = contentKey(record.board);
      if (stored && contentKey(stored.board) === content) {
        // The same puzzle, already written (by another tab, or by this one before a reload).
        book.set(id, revisionOf(stored.meta));
        written.set(id, { content, meta: stored.meta });
        return false;
      }
      const kept = asCopy(record, copy.changed);
      await db.put([kept]);
      book.set(kept.meta.id, revisionOf(kept.meta));
      written.set(kept.meta.id, { content: contentKey(kept.board), meta: kept.meta });
      link?.post({ kind: 'saved', meta: kept.meta, board: kept.board, base: null });
      if (stored) {
        written.set(id, { content: contentKey(stored.board), meta: stored.meta });
        listed(stored.meta);
      }
      listed(kept.meta);
      if (!replayed && get().libraryId === id) reidentify(id, kept.meta.id, kept.meta.title);
      const title = `“${record.board.info.title || 'Untitled'}”`;
      const reason =
        base === GIVEN
          ? `${title} is edited in another tab now`
          : stored
            ? `Another tab changed ${title}`
            : `${title} was deleted in another tab`;
      set({ notice: `${reason}; your version was kept as a copy: “${kept.meta.title}”.` });
      return false;
    };

    /**
     * The puzzle on screen goes on as entry `to`, titled `title` (not an undo step): its
     * undo history moves with it, so undoing an edit never writes to the entry it left.
     */
    const reidentify = (from: string, to: string, title: string): void => {
      // A change waiting for the pause is written under the new id (the subscription's).
      cancelTimer();
      const history = historyOf(api);
      const move = <State extends Partial<Puzzle>>(states: readonly State[]): State[] =>
        states.map((state) => (state.libraryId === from ? { ...state, libraryId: to } : state));
      history.getState().pause();
      try {
        set({ libraryId: to, info: { ...get().info, title } });
      } finally {
        history.getState().resume();
      }
      const { pastStates, futureStates } = history.getState();
      history.setState({ pastStates: move(pastStates), futureStates: move(futureStates) });
    };

    /** Write `state`'s puzzle to its entry (see write), covered by a pending copy till then. */
    const keep = (state: SquigglyState): Promise<void> => {
      const id = state.libraryId;
      const copy: BasedCopy = {
        base: book.get(id) ?? null,
        stamp: newLibraryId(),
        // The time of the change, not of the write that may wait behind others.
        changed: Date.now(),
        board: boardOf(id, state),
        ...judgementOf(state),
      };
      // Kept before the write starts, synchronously: a page closed under it replays it. Not
      // when it holds what was last written (a new verdict alone): replayed after another
      // tab's write, it would come back as a copy of nothing new.
      const unwritten = written.get(id)?.content !== contentKey(copy.board);
      if (open && !tombstones.has(id) && unwritten) pending?.add(copy);
      return write(copy, false);
    };

    const cancelTimer = (): void => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
    const schedule = (): void => {
      cancelTimer();
      timer = setTimeout(() => {
        timer = null;
        void keep(get());
      }, LIBRARY_KEEP_MS);
    };

    /** What another tab wrote or deleted: the list follows, and so does a rename of ours. */
    const changedElsewhere = (message: Extract<TabMessage, { kind: 'saved' | 'deleted' }>) => {
      if (message.kind === 'deleted') {
        const { id } = message;
        if (get().libraryStatus === 'ready') {
          set({ libraryEntries: get().libraryEntries.filter((entry) => entry.id !== id) });
        }
        if (get().libraryId === id) {
          set({
            notice: `“${message.title || 'Untitled'}” was deleted in another tab. If you go on editing it here, your version is kept as a copy.`,
          });
        }
        return;
      }
      const { meta, board, base } = message;
      listed(meta);
      const mine = written.get(meta.id);
      if (get().libraryId !== meta.id || base === null || book.get(meta.id) !== base || !mine) {
        return;
      }
      // Only the title changed from the version this tab is based on: a rename, followed here
      // (not an undo step), so this tab's next write keeps it instead of making a copy.
      const retitled = { ...board, info: { ...board.info, title: mine.meta.title } };
      if (contentKey(retitled) !== mine.content) return;
      book.set(meta.id, revisionOf(meta));
      written.set(meta.id, { content: contentKey(board), meta });
      if (get().info.title === meta.title) return;
      const history = historyOf(api).getState();
      history.pause();
      try {
        get().setPuzzleInfo({ title: meta.title });
      } finally {
        history.resume();
      }
    };

    const link = open
      ? linkTabs(context.tabs, context.tabs?.tab ?? '', {
          editing: (id) => get().libraryId === id && book.get(id) !== GIVEN && !tombstones.has(id),
          release: async (id) => {
            await keepNow();
            book.set(id, GIVEN);
            set({
              notice: `“${get().info.title || 'Untitled'}” is now edited in another tab. Changes you make here are kept as a copy.`,
            });
          },
          changed: changedElsewhere,
        })
      : null;

    /** Say so when another tab is editing the puzzle on screen. */
    const checkPresence = async (): Promise<void> => {
      if (!link) return;
      const id = get().libraryId;
      if (get().tabConflict?.id === id) return;
      if (get().tabConflict) set({ tabConflict: null });
      if (book.get(id) === GIVEN) return; // Already told: it was handed to another tab.
      const elsewhere = await link.editedElsewhere(id);
      if (elsewhere && get().libraryId === id) {
        set({ tabConflict: { id, title: get().info.title } });
      }
    };

    /** The puzzle this tab started with (after hydration), as a content key. */
    let startContent: string | null = null;
    /**
     * On start, the entry the puzzle is kept under gives the base of this tab's work when
     * the tab knows none (a new tab restoring the last work, or one without sessionStorage).
     */
    const adoptStart = (): Promise<unknown> =>
      serial(async () => {
        if (!open) return;
        const db = await open();
        const id = get().libraryId;
        const base = book.get(id);
        const stored = await db.get(id);
        if (!stored) return;
        if (base !== undefined) {
          if (base === revisionOf(stored.meta) || get().libraryId !== id) return;
          // Another tab wrote the entry since this tab last did. What this tab shows counts as
          // written (a change it had not written yet comes back as its pending copy), so the
          // start, or opening My puzzles, makes no copy of its older version; its next edit
          // here is kept as a copy. Its verdicts are of its own version: never written there.
          written.set(id, {
            content: startContent ?? contentKey(get()),
            meta: { ...stored.meta, revision: base },
          });
          if (contentKey(stored.board) !== contentKey(get())) {
            set({
              notice: `“${get().info.title || 'Untitled'}” was changed in another tab since this tab last kept it. Changes you make here are kept as a copy; My puzzles has the newer version.`,
            });
          }
          return;
        }
        book.set(id, revisionOf(stored.meta));
        if (!written.has(id)) {
          written.set(id, { content: contentKey(stored.board), meta: stored.meta });
        }
      }).catch(fail);

    if (open) {
      // Writes a closed page left unconfirmed go first, so the library is whole when listed.
      for (const copy of pending?.list() ?? []) void write(copy, true);
      // After creation and hydration: the puzzle the page opens with (its entry may be behind
      // if the page closed during the pause), and whether another tab edits it.
      // The base is read first, before any write can be queued (the task runs after hydration).
      void adoptStart();
      queueMicrotask(() => {
        startContent = contentKey(get());
        schedule();
        void checkPresence();
      });
      api.subscribe((state, previous) => {
        if (previous === undefined) return;
        if (state.libraryId !== previous.libraryId) {
          // Leaving a puzzle: its last change is written now, under its own id.
          if (timer !== null) {
            cancelTimer();
            void keep(previous);
          }
          schedule();
          void checkPresence();
          return;
        }
        // Every part of the puzzle counts, its constraints too (puzzle.ts says what those are).
        const edited = !samePuzzleAndInfo(state, previous);
        // The open puzzle was deleted, and the user goes on working on it: that work is kept
        // (its entry comes back; Undo delete has nothing left to undo), or New would drop it
        // without a word.
        if (edited && tombstones.has(state.libraryId)) {
          tombstones.delete(state.libraryId);
          if (deletedRecord?.meta.id === state.libraryId) {
            deletedRecord = null;
            set({ libraryDeleted: null });
          }
        }
        if (edited || state.live !== previous.live || state.logic !== previous.logic) schedule();
      });
    }

    const keepNow = async (): Promise<void> => {
      cancelTimer();
      await keep(get());
    };

    let exportCancelled = false;

    const withDb = async <T>(task: (db: LibraryStorage) => Promise<T>): Promise<T | undefined> => {
      if (!open) return undefined;
      try {
        return await serial(async () => task(await open()));
      } catch (error) {
        fail(error);
        return undefined;
      }
    };

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

      loadLibrary: async () => {
        if (!open) return;
        if (get().libraryStatus !== 'ready') set({ libraryStatus: 'loading' });
        await keepNow();
        const entries = await withDb((db) => db.listMeta());
        if (entries === undefined) {
          if (get().libraryStatus === 'loading') set({ libraryStatus: 'idle' });
          return;
        }
        // libraryError stays: it is shown until the user dismisses it (a failure is never
        // hidden by opening the list).
        set({ libraryEntries: entries, libraryStatus: 'ready' });
      },
      setLibraryQuery: (query) => set({ libraryQuery: query }),
      setLibrarySort: (sort) => set({ librarySort: sort }),

      openFromLibrary: async (id) => {
        await keepNow();
        const record = await withDb((db) => db.get(id));
        if (!record) {
          if (get().libraryError === null) {
            set({ libraryError: 'That puzzle is no longer in the library.' });
          }
          return false;
        }
        const { board } = record;
        get().loadPuzzle(board.size, board.regions, board.givens, {
          info: board.info,
          walls: board.walls,
          libraryId: id,
          constraints: board.constraints,
        });
        // What the load made of the board (labels renumbered) counts as what the entry holds,
        // so opening alone never moves its modified date (the keeper's write is only queued).
        written.set(id, { content: contentKey(get()), meta: record.meta });
        book.set(id, revisionOf(record.meta));
        return true;
      },

      duplicateInLibrary: async (id) => {
        await keepNow();
        const copy = await withDb(async (db) => {
          const record = await db.get(id);
          if (!record) return null;
          const now = Date.now();
          const newId = newLibraryId();
          const title = `${record.meta.title || 'Untitled'} (copy)`;
          const meta: LibraryMeta = {
            ...record.meta,
            id: newId,
            title,
            created: now,
            modified: now,
            revision: newRevision(),
          };
          const board: LibraryBoard = {
            ...record.board,
            id: newId,
            info: { ...record.board.info, title },
          };
          await db.put([{ meta, board }]);
          link?.post({ kind: 'saved', meta, board, base: null });
          return meta;
        });
        if (copy) listed(copy);
        return copy ?? null;
      },

      renameInLibrary: async (id, title) => {
        const trimmed = title.trim();
        // The open puzzle is renamed where it lives, the store (one undo step); the keeper
        // writes it. Any other entry is renamed in the library directly.
        if (id === get().libraryId && !tombstones.has(id)) {
          get().setPuzzleInfo({ title: trimmed });
          await keepNow();
          return;
        }
        const renamed = await withDb((db) => renameChecked(db, id, trimmed, Date.now()));
        if (renamed) {
          written.delete(id);
          if (book.get(id) === renamed.base) book.set(id, revisionOf(renamed.meta));
          link?.post({ kind: 'saved', ...renamed });
          listed(renamed.meta);
        }
      },

      deleteFromLibrary: async (id) => {
        // A copy still waiting would bring the entry back on the next start.
        pending?.drop(id);
        if (failures.has(id)) {
          failures.forget(id);
          publishWaiting();
        }
        if (id === get().libraryId) {
          cancelTimer();
          tombstones.add(id);
        }
        const removed = await withDb((db) => db.remove(id));
        written.delete(id);
        if (!removed) return;
        // Made again here, it is a new entry: a tab still based on the deleted one is refused.
        book.forget(id);
        link?.post({ kind: 'deleted', id, title: removed.meta.title });
        deletedRecord = removed;
        set({
          libraryEntries: get().libraryEntries.filter((entry) => entry.id !== id),
          libraryDeleted: removed.meta,
        });
        // Space was freed: the puzzles waiting for it go now.
        if (failures.list().length) await retryWaiting();
      },

      undoLibraryDelete: async () => {
        const record = deletedRecord;
        if (!record) return;
        // Only where the entry is still gone: one made again meanwhile (another tab, an
        // import) is newer, and is kept; the deleted version then comes back as a copy.
        const restored = await withDb(async (db) => {
          if ((await db.putChecked(record, null)).ok) return record;
          const kept = asCopy(record, Date.now());
          await db.put([kept]);
          return kept;
        });
        if (!restored) return;
        deletedRecord = null;
        tombstones.delete(record.meta.id);
        written.delete(record.meta.id);
        book.set(restored.meta.id, revisionOf(restored.meta));
        link?.post({ kind: 'saved', meta: restored.meta, board: restored.board, base: null });
        set({ libraryDeleted: null });
        if (restored !== record) {
          // The deleted version, still on screen here, goes on as the copy.
          if (get().libraryId === record.meta.id) {
            reidentify(record.meta.id, restored.meta.id, restored.meta.title);
            written.set(restored.meta.id, {
              content: contentKey(restored.board),
              meta: restored.meta,
            });
          }
          set({
            notice: `“${record.meta.title || 'Untitled'}” was made again in another tab after it was deleted; that version is kept, and the deleted one came back as a copy: “${restored.meta.title}”.`,
          });
        }
        listed(restored.meta);
        // The open puzzle was the one deleted: what changed since is written now.
        if (record.meta.id === get().libraryId) await keepNow();
      },

      exportLibrary: async () => {
        exportCancelled = false;
        await keepNow();
        if (!open) return printLibraryInSlices([], Date.now());
        // Page by page (a big library is never all in memory), each printed in slices; the
        // waiting writes go in with their entries, or at the end (library/exportSlices.ts).
        const waiting = new Map(failures.list().map((copy) => [copy.board.id, copy]));
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
          cancelled: () => exportCancelled,
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
          fail(error);
          return null;
        } finally {
          set({ libraryExporting: null });
        }
      },
      cancelLibraryExport: () => {
        exportCancelled = true;
      },
      retryLibraryWrites: retryWaiting,
      dismissLibraryError: () => {
        if (open) set({ libraryError: null });
      },

      importLibrary: async (text) => {
        if (!open) {
          const error = get().libraryError ?? 'The library is unavailable.';
          return { ok: false, error, imported: 0, of: 0 };
        }
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
        // One copy per id (the newest), no date in the future (library/fileEntries.ts).
        const { entries: trusted, repeated, clamped } = prepareFileEntries(entries, Date.now());
        await keepNow();
        const known = new Map((await withDb((db) => db.listMeta()))?.map((m) => [m.id, m]));
        const writes: LibraryRecord[] = [];
        let unchanged = 0;
        for (const entry of trusted) {
          const have = known.get(entry.id);
          if (have && have.modified >= entry.modified) {
            unchanged++;
            continue;
          }
          const { puzzle } = entry;
          writes.push({
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
          });
        }
        for (let start = 0; start < writes.length; start += WRITE_SLICE) {
          const part = writes.slice(start, start + WRITE_SLICE);
          try {
            await serial(async () => (await open()).put(part));
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
          for (const record of part) written.delete(record.meta.id);
          await nextTask();
        }
        const added = writes.filter((record) => !known.has(record.meta.id)).length;
        if (get().libraryStatus === 'ready') await get().loadLibrary();
        return { ok: true, added, updated: writes.length - added, unchanged, repeated, clamped };
      },

      tabConflict: null,
      takeOverHere: async () => {
        const conflict = get().tabConflict;
        if (!conflict || !link) return;
        set({ tabConflict: null });
        const { id } = conflict;
        await link.takeOver(id);
        // The other tab wrote its last change before letting go: go on from it, unless this
        // tab changed the puzzle meanwhile (that write is compared as any other).
        const unchanged = written.get(id)?.content === contentKey(get());
        if (!unchanged || get().libraryId !== id) return;
        const stored = await withDb((db) => db.get(id));
        if (stored && revisionOf(stored.meta) !== book.get(id)) await get().openFromLibrary(id);
      },
      openCopyHere: async () => {
        const conflict = get().tabConflict;
        if (!conflict) return;
        set({ tabConflict: null });
        if (get().libraryId !== conflict.id) return;
        reidentify(conflict.id, newLibraryId(), copyTitle(get().info.title));
        await keepNow();
      },
      dismissTabConflict: () => set({ tabConflict: null }),

      keepCurrentPuzzle: keepNow,
      keepBeforeLeaving: () => {
        if (timer === null) return;
        cancelTimer();
        void keep(get());
      },
    };
  };
