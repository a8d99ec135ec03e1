/**
 * The library slice's scope: the store (set, get, the context, the api for the undo history)
 * and the keeper's own state, one per store, which every part of the slice works over
 * (writeQueue.ts, entries.ts, files.ts, tabSync.ts, start.ts). What lives here rather than in
 * the state is what the page never renders: what was last written per entry, the tombstones
 * of deleted entries, the timer of the pause, the queue that makes writes run one after
 * another, the revision book, the failed writes, the link to the other tabs.
 *
 * Also here: what every part needs of a puzzle as the library keeps it (its content key, its
 * board, whether it is a blank start, the app's verdict and rating for it), the one way to
 * the database (`withDb`: queued, a failure said in libraryError), putting an entry into the
 * list, and moving the puzzle on screen to another entry (`reidentify`, with its history).
 */
import type { StoreApi } from 'zustand/vanilla';
import { hasBoxShape } from '../../engine/index.ts';
import { LIBRARY_VERDICTS } from '../../formats/library.ts';
import { EMPTY_INFO } from '../../formats/link.ts';
import { historyOf } from '../history.ts';
import { emptyGridPuzzle, puzzleKey, standardPuzzle, type Puzzle } from '../puzzle.ts';
import { currentRating, currentVerdict } from '../selectors.ts';
import type { SliceScope, SquigglyState } from '../state.ts';
import type {
  LibraryBoard,
  LibraryMeta,
  LibraryRecord,
  LibraryStorage,
  LibraryVerdict,
} from './libraryDb.ts';
import { pendingArea, type PendingArea, type PendingCopy } from './pending.ts';
import { revisionBook, type RevisionBook } from './revisions.ts';
import type { TabLink } from './tabs.ts';
import { createWriteFailures, libraryErrorReason, type WriteFailures } from './writeFailures.ts';

/** A pending copy with the revision its write is based on (revisions.ts). */
export type BasedCopy = PendingCopy & { base?: string | null };

/** What was last written (or read) of an entry: its content key and metadata. */
export interface Written {
  content: string;
  meta: LibraryMeta;
}

export interface LibraryScope extends SliceScope {
  api: StoreApi<SquigglyState>;
  /** Opens the database on first use; null where there is none (the library is unavailable). */
  open: (() => Promise<LibraryStorage>) | null;
  /** Writes not yet confirmed by IndexedDB, in the browser's storage (pending.ts). */
  pending: PendingArea | null;
  /** What was last written (or read) per entry. */
  written: Map<string, Written>;
  /** Entries deleted while open: not written again unless the delete is undone. */
  tombstones: Set<string>;
  /** The last deleted record, for Undo delete (kept out of the state: it holds a board). */
  deletedRecord: LibraryRecord | null;
  /** The pause before the puzzle on screen is written. */
  timer: ReturnType<typeof setTimeout> | null;
  /** Writes run one after another, so two never race on one entry (`serial`). */
  queue: Promise<unknown>;
  /** The revision this tab's work on each entry is based on (revisions.ts). */
  book: RevisionBook;
  /** Failed writes, every one kept until a write succeeds again (writeFailures.ts). */
  failures: WriteFailures;
  retrying: boolean;
  /** A retry was asked for (Retry, or a write that went through) while one was under way. */
  retryAgain: boolean;
  /** The other tabs (tabs.ts); null without them, or without a library. */
  link: TabLink | null;
  /** The puzzle this tab started with (after hydration), as a content key. */
  startContent: string | null;
  exportCancelled: boolean;
}

/** The scope of one store's library slice; its link to the other tabs is made by start.ts. */
export function createLibraryScope(scope: SliceScope, api: StoreApi<SquigglyState>): LibraryScope {
  const open = scope.ctx.library;
  return {
    ...scope,
    api,
    open,
    pending: open ? pendingArea(scope.ctx.libraryPending) : null,
    written: new Map(),
    tombstones: new Set(),
    deletedRecord: null,
    timer: null,
    queue: Promise.resolve(),
    book: revisionBook(scope.ctx.tabs?.session ?? null),
    failures: createWriteFailures(),
    retrying: false,
    retryAgain: false,
    link: null,
    startContent: null,
    exportCancelled: false,
  };
}

/** Run `task` after every write queued before it (a failed one does not stop the queue). */
export function serial<T>(scope: LibraryScope, task: () => Promise<T>): Promise<T> {
  const run = scope.queue.then(task, task);
  scope.queue = run.catch(() => undefined);
  return run;
}

export function fail({ set }: LibraryScope, error: unknown): void {
  set({ libraryError: `The library could not be used: ${libraryErrorReason(error)}.` });
}

/** Run `task` on the database, queued; undefined without one, or when it failed (said). */
export async function withDb<T>(
  scope: LibraryScope,
  task: (db: LibraryStorage) => Promise<T>,
): Promise<T | undefined> {
  const { open } = scope;
  if (!open) return undefined;
  try {
    return await serial(scope, async () => task(await open()));
  } catch (error) {
    fail(scope, error);
    return undefined;
  }
}

/** What the library stores of a puzzle, as one comparable text. */
export const contentKey = (puzzle: Puzzle): string => {
  const info = puzzle.info ?? EMPTY_INFO;
  return `${puzzleKey(puzzle)}|${puzzle.regions.join(',')}|${JSON.stringify([info.title, info.author, info.rules])}`;
};

/** A start with nothing of the user's on it yet: not worth a library entry. */
export function isBlank(puzzle: Puzzle): boolean {
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

export const boardOf = (id: string, puzzle: Puzzle): LibraryBoard => ({
  id,
  size: puzzle.size,
  walls: puzzle.walls,
  givens: puzzle.givens,
  regions: puzzle.regions,
  info: puzzle.info ?? EMPTY_INFO,
  ...(puzzle.constraints !== undefined &&
    puzzle.constraints.length > 0 && { constraints: puzzle.constraints }),
});

export const cluesOf = (givens: readonly number[]): number =>
  givens.reduce((count, digit) => count + (digit !== 0 ? 1 : 0), 0);

/** The app's verdict and rating for the puzzle on screen, as the library keeps them. */
export function judgementOf(state: SquigglyState): {
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

/** Put `meta` into the listed entries (if they are loaded). */
export function listed({ set, get }: LibraryScope, meta: LibraryMeta): void {
  if (get().libraryStatus !== 'ready') return;
  const entries = get().libraryEntries;
  const at = entries.findIndex((entry) => entry.id === meta.id);
  const next = entries.slice();
  if (at >= 0) next[at] = meta;
  else next.push(meta);
  set({ libraryEntries: next });
}

export function cancelTimer(scope: LibraryScope): void {
  if (scope.timer !== null) clearTimeout(scope.timer);
  scope.timer = null;
}

/**
 * The puzzle on screen goes on as entry `to`, titled `title` (not an undo step): its
 * undo history moves with it, so undoing an edit never writes to the entry it left.
 */
export function reidentify(scope: LibraryScope, from: string, to: string, title: string): void {
  const { set, get, api } = scope;
  // A change waiting for the pause is written under the new id (the subscription's).
  cancelTimer(scope);
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
}
