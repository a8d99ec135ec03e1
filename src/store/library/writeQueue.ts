/**
 * The library's writes: the puzzle on screen is kept (`keep`) LIBRARY_KEEP_MS after its last
 * change (`schedule`), or at once (`keepNow`, `keepBeforeLeaving`), and every write goes
 * through one queue (scope.ts `serial`), so two never race on one entry.
 *
 * A write (`write`) compares with what was last written (in memory, or read back once): the
 * modified date moves only when the puzzle itself changed; a new verdict or rating updates
 * the metadata alone. A blank start is not kept; a fresh entry holding exactly the puzzle of
 * another (its link or file opened again) takes that entry's id instead of adding a twin.
 * Before a write starts, a copy goes to the browser's storage, synchronously (pending.ts), and
 * is dropped once IndexedDB confirmed it; a copy replayed on the next start never replaces an
 * entry changed after it.
 *
 * Several tabs: a write says the revision it is based on and is refused over a newer one
 * (`checkedPut`): this tab's version is then kept as a copy, which the tab goes on with.
 *
 * A write that fails (IndexedDB full, the quota) is held in memory, every one
 * (writeFailures.ts), shown in libraryWaiting (`publishWaiting`) until Retry
 * (`retryWaiting`) or the next write that succeeds writes them all.
 */
import type { SquigglyState } from '../state.ts';
import { newLibraryId } from './ids.ts';
import { keptFileMarks, sameJudgement } from './fileEntries.ts';
import {
  revisionOf,
  type LibraryBoard,
  type LibraryMeta,
  type LibraryRecord,
  type LibraryStorage,
} from './libraryDb.ts';
import type { PendingCopy } from './pending.ts';
import { asCopy, GIVEN, newRevision } from './revisions.ts';
import {
  boardOf,
  cancelTimer,
  cluesOf,
  contentKey,
  isBlank,
  judgementOf,
  listed,
  reidentify,
  serial,
  type BasedCopy,
  type LibraryScope,
} from './scope.ts';
import { isQuotaError, libraryErrorReason } from './writeFailures.ts';

/** How long the puzzle must stay unchanged before it is written to the library (ms). */
export const LIBRARY_KEEP_MS = 500;

/** What the state says of the waiting writes, after any change to them. */
export function publishWaiting(
  { set, get, failures, pending }: LibraryScope,
  failure?: { reason: string; full: boolean },
): void {
  if (!failures.list().length) {
    if (get().libraryWaiting !== null) set({ libraryWaiting: null });
    return;
  }
  const stamps = pending ? new Set(pending.list().map((copy) => copy.stamp)) : null;
  const { reason, full } = failure ?? get().libraryWaiting ?? { reason: '', full: false };
  set({ libraryWaiting: { reason, full, puzzles: failures.summary(stamps) } });
}

function writeFailed(scope: LibraryScope, copy: PendingCopy, error: unknown): void {
  scope.failures.failed(copy);
  publishWaiting(scope, { reason: libraryErrorReason(error), full: isQuotaError(error) });
}

function writeSucceeded(scope: LibraryScope, copy: PendingCopy): void {
  const waited = scope.failures.list().length > 0;
  scope.failures.written(copy);
  if (waited) publishWaiting(scope);
  // A write went through: there may be room again for those still waiting.
  if (waited) void retryWaiting(scope);
}

/** Write every waiting copy again, oldest first (each as a replay: never over newer). */
export async function retryWaiting(scope: LibraryScope): Promise<void> {
  // Asked again during a pass (space freed and Retry clicked while the pass's first writes
  // were failing): the pass goes round once more rather than dropping the request, which
  // left the notice up with puzzles unwritten and nothing to retry them.
  if (scope.retrying) {
    scope.retryAgain = true;
    return;
  }
  scope.retrying = true;
  try {
    do {
      scope.retryAgain = false;
      for (const copy of scope.failures.list()) await write(scope, copy, true);
    } while (scope.retryAgain && scope.failures.list().length > 0);
  } finally {
    scope.retrying = false;
  }
}

/**
 * Write `copy` to its entry when it differs from what the entry holds, then let its pending
 * copy go. A replayed copy (left by a page closed before its write committed) never
 * replaces an entry changed after it. A failed write keeps its pending copy for the next
 * start.
 */
export const write = (scope: LibraryScope, copy: PendingCopy, replayed: boolean): Promise<void> =>
  serial(scope, async () => {
    const { set, get, open, written, tombstones } = scope;
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
      const twin = await twinOf(scope, db, board, content);
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
    else if (!(await checkedPut(scope, db, copy, { meta, board }, last, replayed))) return;
    written.set(id, { content, meta });
    listed(scope, meta);
  }).then(
    () => {
      scope.pending?.confirm(copy.board.id, copy.stamp);
      writeSucceeded(scope, copy);
    },
    (error: unknown) => writeFailed(scope, copy, error),
  );

/**
 * The id of another entry holding exactly this puzzle (layout, clues, title, author,
 * rules), or null. The metadata narrows the search (size, clues, title, author) before
 * any board is read.
 */
async function twinOf(
  { tombstones, book }: LibraryScope,
  db: LibraryStorage,
  board: LibraryBoard,
  content: string,
): Promise<string | null> {
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
}

/**
 * Write `record` only if its entry still holds the revision this tab's work is based on
 * (revisions.ts); true when written. Refused, the entry as stored is kept; this tab's
 * version is written as a copy, the tab goes on with the copy, and the user is told.
 */
async function checkedPut(
  scope: LibraryScope,
  db: LibraryStorage,
  copy: BasedCopy,
  record: LibraryRecord,
  last: { meta: LibraryMeta } | undefined,
  replayed: boolean,
): Promise<boolean> {
  const { set, get, book, written, link } = scope;
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
    listed(scope, stored.meta);
  }
  listed(scope, kept.meta);
  if (!replayed && get().libraryId === id) reidentify(scope, id, kept.meta.id, kept.meta.title);
  const title = `“${record.board.info.title || 'Untitled'}”`;
  const reason =
    base === GIVEN
      ? `${title} is edited in another tab now`
      : stored
        ? `Another tab changed ${title}`
        : `${title} was deleted in another tab`;
  set({ notice: `${reason}; your version was kept as a copy: “${kept.meta.title}”.` });
  return false;
}

/** Write `state`'s puzzle to its entry (see write), covered by a pending copy till then. */
export function keep(scope: LibraryScope, state: SquigglyState): Promise<void> {
  const { book, written, open, tombstones, pending } = scope;
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
  return write(scope, copy, false);
}

/** Keep the puzzle on screen LIBRARY_KEEP_MS from now (a later change starts the pause again). */
export function schedule(scope: LibraryScope): void {
  cancelTimer(scope);
  scope.timer = setTimeout(() => {
    scope.timer = null;
    void keep(scope, scope.get());
  }, LIBRARY_KEEP_MS);
}

/** Keep the puzzle on screen now, instead of after the pause. */
export async function keepNow(scope: LibraryScope): Promise<void> {
  cancelTimer(scope);
  await keep(scope, scope.get());
}

/** The page is being hidden or may close: a write waiting for the pause starts now. */
export function keepBeforeLeaving(scope: LibraryScope): void {
  if (scope.timer === null) return;
  cancelTimer(scope);
  void keep(scope, scope.get());
}
