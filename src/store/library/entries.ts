/**
 * My puzzles' actions on entries: read the list (its metadata, once; edits made here update
 * it in place), open an entry (the puzzle on screen becomes it, undoably, as Import does),
 * duplicate, rename, delete and undo the delete. Each first writes the puzzle on screen
 * (writeQueue.ts, keepNow), so its last edit is never lost behind the action, and tells the
 * other tabs what it changed.
 *
 * The open puzzle is renamed where it lives, the store (one undo step), and the keeper writes
 * it; any other entry is renamed in the library directly, checked against this tab's base
 * (revisions.ts). Undo delete brings the entry back only where it is still gone: one made
 * again meanwhile (another tab, an import) is newer and kept, and the deleted version comes
 * back as a copy.
 */
import { newLibraryId } from './ids.ts';
import { revisionOf, type LibraryBoard, type LibraryMeta } from './libraryDb.ts';
import { asCopy, newRevision, renameChecked } from './revisions.ts';
import { cancelTimer, contentKey, listed, reidentify, withDb, type LibraryScope } from './scope.ts';
import { keepNow, publishWaiting, retryWaiting } from './writeQueue.ts';

/** Read the metadata of every entry (once; later calls only refresh it). */
export async function loadLibrary(scope: LibraryScope): Promise<void> {
  const { set, get } = scope;
  if (!scope.open) return;
  if (get().libraryStatus !== 'ready') set({ libraryStatus: 'loading' });
  await keepNow(scope);
  const entries = await withDb(scope, (db) => db.listMeta());
  if (entries === undefined) {
    if (get().libraryStatus === 'loading') set({ libraryStatus: 'idle' });
    return;
  }
  // libraryError stays: it is shown until the user dismisses it (a failure is never
  // hidden by opening the list).
  set({ libraryEntries: entries, libraryStatus: 'ready' });
}

/** Replace the current puzzle with entry `id` (undoable, as Import is); false if it is gone. */
export async function openFromLibrary(scope: LibraryScope, id: string): Promise<boolean> {
  const { set, get } = scope;
  await keepNow(scope);
  const record = await withDb(scope, (db) => db.get(id));
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
  scope.written.set(id, { content: contentKey(get()), meta: record.meta });
  scope.book.set(id, revisionOf(record.meta));
  return true;
}

export async function duplicateInLibrary(
  scope: LibraryScope,
  id: string,
): Promise<LibraryMeta | null> {
  await keepNow(scope);
  const copy = await withDb(scope, async (db) => {
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
    scope.link?.post({ kind: 'saved', meta, board, base: null });
    return meta;
  });
  if (copy) listed(scope, copy);
  return copy ?? null;
}

export async function renameInLibrary(
  scope: LibraryScope,
  id: string,
  title: string,
): Promise<void> {
  const { get, book } = scope;
  const trimmed = title.trim();
  // The open puzzle is renamed where it lives, the store (one undo step); the keeper
  // writes it. Any other entry is renamed in the library directly.
  if (id === get().libraryId && !scope.tombstones.has(id)) {
    get().setPuzzleInfo({ title: trimmed });
    await keepNow(scope);
    return;
  }
  const renamed = await withDb(scope, (db) => renameChecked(db, id, trimmed, Date.now()));
  if (renamed) {
    scope.written.delete(id);
    if (book.get(id) === renamed.base) book.set(id, revisionOf(renamed.meta));
    scope.link?.post({ kind: 'saved', ...renamed });
    listed(scope, renamed.meta);
  }
}

export async function deleteFromLibrary(scope: LibraryScope, id: string): Promise<void> {
  const { set, get, failures } = scope;
  // A copy still waiting would bring the entry back on the next start.
  scope.pending?.drop(id);
  if (failures.has(id)) {
    failures.forget(id);
    publishWaiting(scope);
  }
  if (id === get().libraryId) {
    cancelTimer(scope);
    scope.tombstones.add(id);
  }
  const removed = await withDb(scope, (db) => db.remove(id));
  scope.written.delete(id);
  if (!removed) return;
  // Made again here, it is a new entry: a tab still based on the deleted one is refused.
  scope.book.forget(id);
  scope.link?.post({ kind: 'deleted', id, title: removed.meta.title });
  scope.deletedRecord = removed;
  set({
    libraryEntries: get().libraryEntries.filter((entry) => entry.id !== id),
    libraryDeleted: removed.meta,
  });
  // Space was freed: the puzzles waiting for it go now.
  if (failures.list().length) await retryWaiting(scope);
}

export async function undoLibraryDelete(scope: LibraryScope): Promise<void> {
  const { set, get, written } = scope;
  const record = scope.deletedRecord;
  if (!record) return;
  // Only where the entry is still gone: one made again meanwhile (another tab, an
  // import) is newer, and is kept; the deleted version then comes back as a copy.
  const restored = await withDb(scope, async (db) => {
    if ((await db.putChecked(record, null)).ok) return record;
    const kept = asCopy(record, Date.now());
    await db.put([kept]);
    return kept;
  });
  if (!restored) return;
  scope.deletedRecord = null;
  scope.tombstones.delete(record.meta.id);
  written.delete(record.meta.id);
  scope.book.set(restored.meta.id, revisionOf(restored.meta));
  scope.link?.post({ kind: 'saved', meta: restored.meta, board: restored.board, base: null });
  set({ libraryDeleted: null });
  if (restored !== record) {
    // The deleted version, still on screen here, goes on as the copy.
    if (get().libraryId === record.meta.id) {
      reidentify(scope, record.meta.id, restored.meta.id, restored.meta.title);
      written.set(restored.meta.id, {
        content: contentKey(restored.board),
        meta: restored.meta,
      });
    }
    set({
      notice: `“${record.meta.title || 'Untitled'}” was made again in another tab after it was deleted; that version is kept, and the deleted one came back as a copy: “${restored.meta.title}”.`,
    });
  }
  listed(scope, restored.meta);
  // The open puzzle was the one deleted: what changed since is written now.
  if (record.meta.id === get().libraryId) await keepNow(scope);
}
