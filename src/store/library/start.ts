/**
 * What the library slice does once, when its store is made: link to the other tabs, replay
 * the writes a closed page left unconfirmed (before the list can be read), take the base of
 * this tab's work from the entry the puzzle is kept under (`adoptStart`), and subscribe to
 * the store, so the puzzle on screen is written a pause after each change, and at once when
 * it is left for another.
 *
 * Deleting the open puzzle stops keeping it until the delete is undone, the page reloads, or
 * the puzzle is edited again: the subscription then keeps that work (its entry comes back).
 */
import { samePuzzleAndInfo } from '../puzzle.ts';
import { revisionOf } from './libraryDb.ts';
import { cancelTimer, contentKey, fail, serial, type LibraryScope } from './scope.ts';
import { checkPresence, connectTabs } from './tabSync.ts';
import { keep, schedule, write } from './writeQueue.ts';

/**
 * On start, the entry the puzzle is kept under gives the base of this tab's work when
 * the tab knows none (a new tab restoring the last work, or one without sessionStorage).
 */
const adoptStart = (scope: LibraryScope): Promise<unknown> =>
  serial(scope, async () => {
    const { set, get, open, book, written } = scope;
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
        content: scope.startContent ?? contentKey(get()),
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
  }).catch((error: unknown) => fail(scope, error));

/** Link the tabs and start keeping the puzzle on screen (nothing without a library). */
export function startLibrary(scope: LibraryScope): void {
  const { set, get, api, tombstones } = scope;
  scope.link = connectTabs(scope);
  if (!scope.open) return;
  // Writes a closed page left unconfirmed go first, so the library is whole when listed.
  for (const copy of scope.pending?.list() ?? []) void write(scope, copy, true);
  // After creation and hydration: the puzzle the page opens with (its entry may be behind
  // if the page closed during the pause), and whether another tab edits it.
  // The base is read first, before any write can be queued (the task runs after hydration).
  void adoptStart(scope);
  queueMicrotask(() => {
    scope.startContent = contentKey(get());
    schedule(scope);
    void checkPresence(scope);
  });
  api.subscribe((state, previous) => {
    if (previous === undefined) return;
    if (state.libraryId !== previous.libraryId) {
      // Leaving a puzzle: its last change is written now, under its own id.
      if (scope.timer !== null) {
        cancelTimer(scope);
        void keep(scope, previous);
      }
      schedule(scope);
      void checkPresence(scope);
      return;
    }
    // Every part of the puzzle counts, its constraints too (puzzle.ts says what those are).
    const edited = !samePuzzleAndInfo(state, previous);
    // The open puzzle was deleted, and the user goes on working on it: that work is kept
    // (its entry comes back; Undo delete has nothing left to undo), or New would drop it
    // without a word.
    if (edited && tombstones.has(state.libraryId)) {
      tombstones.delete(state.libraryId);
      if (scope.deletedRecord?.meta.id === state.libraryId) {
        scope.deletedRecord = null;
        set({ libraryDeleted: null });
      }
    }
    if (edited || state.live !== previous.live || state.logic !== previous.logic) {
      schedule(scope);
    }
  });
}
