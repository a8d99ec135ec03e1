/**
 * The library slice and the other tabs (docs/tabs.md), over the link of tabs.ts: what another
 * tab wrote or deleted reaches this tab's list, a rename reaches the tab editing that puzzle,
 * a tab asked to let a puzzle go writes its last change first, and a tab that opens a puzzle
 * another is editing offers to take it over or go on with a copy (`tabConflict`).
 *
 * The revision book (revisions.ts) says what this tab's work on each entry is based on;
 * GIVEN marks an entry handed to another tab, whose changes here are then kept as a copy
 * (writeQueue.ts, checkedPut).
 */
import { newLibraryId } from './ids.ts';
import { revisionOf } from './libraryDb.ts';
import { copyTitle, GIVEN } from './revisions.ts';
import { contentKey, listed, reidentify, withDb, type LibraryScope } from './scope.ts';
import { linkTabs, type TabLink, type TabMessage } from './tabs.ts';
import { keepNow } from './writeQueue.ts';
import { historyOf } from '../history.ts';

/** What another tab wrote or deleted: the list follows, and so does a rename of ours. */
function changedElsewhere(
  scope: LibraryScope,
  message: Extract<TabMessage, { kind: 'saved' | 'deleted' }>,
): void {
  const { set, get, written, book } = scope;
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
  listed(scope, meta);
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
  const history = historyOf(scope.api).getState();
  history.pause();
  try {
    get().setPuzzleInfo({ title: meta.title });
  } finally {
    history.resume();
  }
}

/** The link to the other tabs for this store's library (null without a library or tabs). */
export function connectTabs(scope: LibraryScope): TabLink | null {
  const { set, get, ctx, book, tombstones } = scope;
  return scope.open
    ? linkTabs(ctx.tabs, ctx.tabs?.tab ?? '', {
        editing: (id) => get().libraryId === id && book.get(id) !== GIVEN && !tombstones.has(id),
        release: async (id) => {
          await keepNow(scope);
          book.set(id, GIVEN);
          set({
            notice: `“${get().info.title || 'Untitled'}” is now edited in another tab. Changes you make here are kept as a copy.`,
          });
        },
        changed: (message) => changedElsewhere(scope, message),
      })
    : null;
}

/** Say so when another tab is editing the puzzle on screen. */
export async function checkPresence({ set, get, link, book }: LibraryScope): Promise<void> {
  if (!link) return;
  const id = get().libraryId;
  if (get().tabConflict?.id === id) return;
  if (get().tabConflict) set({ tabConflict: null });
  if (book.get(id) === GIVEN) return; // Already told: it was handed to another tab.
  const elsewhere = await link.editedElsewhere(id);
  if (elsewhere && get().libraryId === id) {
    set({ tabConflict: { id, title: get().info.title } });
  }
}

/** Take the puzzle over: the other tab writes its last change and lets it go. */
export async function takeOverHere(scope: LibraryScope): Promise<void> {
  const { set, get, link, written, book } = scope;
  const conflict = get().tabConflict;
  if (!conflict || !link) return;
  set({ tabConflict: null });
  const { id } = conflict;
  await link.takeOver(id);
  // The other tab wrote its last change before letting go: go on from it, unless this
  // tab changed the puzzle meanwhile (that write is compared as any other).
  const unchanged = written.get(id)?.content === contentKey(get());
  if (!unchanged || get().libraryId !== id) return;
  const stored = await withDb(scope, (db) => db.get(id));
  if (stored && revisionOf(stored.meta) !== book.get(id)) await get().openFromLibrary(id);
}

/** Go on with the puzzle here as a copy (a new entry), leaving the entry to the other tab. */
export async function openCopyHere(scope: LibraryScope): Promise<void> {
  const { set, get } = scope;
  const conflict = get().tabConflict;
  if (!conflict) return;
  set({ tabConflict: null });
  if (get().libraryId !== conflict.id) return;
  reidentify(scope, conflict.id, newLibraryId(), copyTitle(get().info.title));
  await keepNow(scope);
}
