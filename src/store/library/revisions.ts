/**
 * Versions of library entries, so that two tabs never silently overwrite each other.
 *
 * Each write of an entry's content stamps it with a fresh revision (a random id, not a
 * counter: an entry deleted and made again never repeats a stamp a tab may still hold). A
 * tab remembers, per entry, the revision its puzzle is based on: the one it opened, adopted
 * on start, or last wrote itself (the RevisionBook, kept in the tab's sessionStorage so a
 * reload keeps it). Each write says that base, and libraryDb's putChecked writes only if the
 * entry still holds it (null: only if there is no entry). A write refused so was based on an
 * older version: the entry as stored is kept, and this tab's puzzle is written as a copy
 * under a new id, which the tab then works on (writeQueue.ts tells the user).
 *
 * A tab that is given an entry another tab takes over ('take', tabs.ts) marks its base GIVEN:
 * no stored revision equals it, so any later write of that entry from here becomes a copy.
 * A rename that only changed the title of the version a tab is based on is followed there
 * (the slice moves its base on), so the rename is not undone and no copy is made.
 */
import { newLibraryId } from './ids.ts';
import {
  revisionOf,
  type LibraryBoard,
  type LibraryMeta,
  type LibraryRecord,
  type LibraryStorage,
} from './libraryDb.ts';
import type { KeyValueStorage } from '../persistence.ts';

export const newRevision = (): string => newLibraryId();

/** sessionStorage: the revision this tab's work is based on, per entry. */
export const REVISIONS_KEY = 'squiggly-tab-revisions';
/** Entries remembered at most (the undo history reaches back over a few puzzles). */
const BOOK_LIMIT = 200;
/** A base no entry ever holds: the entry was taken over by another tab. */
export const GIVEN = '\u0000given';

export interface RevisionBook {
  /** The revision this tab is based on for `id`; undefined when it knows none. */
  get(id: string): string | undefined;
  set(id: string, revision: string): void;
  forget(id: string): void;
}

/** A book kept in memory and, where given, in `session` (the tab's own storage). */
export function revisionBook(session: KeyValueStorage | null): RevisionBook {
  const bases = new Map<string, string>();
  try {
    const saved = JSON.parse(session?.getItem(REVISIONS_KEY) ?? '[]') as unknown;
    if (Array.isArray(saved)) {
      for (const pair of saved) {
        if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string') {
          bases.set(pair[0], pair[1]);
        }
      }
    }
  } catch {
    // A damaged book knows nothing: this tab's next writes are compared with no base, and
    // the worst that follows is a copy, never a loss.
  }
  const save = (): void => {
    try {
      session?.setItem(REVISIONS_KEY, JSON.stringify([...bases]));
    } catch {
      // Full storage: the book lives on in memory until the tab reloads.
    }
  };
  return {
    get: (id) => bases.get(id),
    set(id, revision) {
      if (bases.get(id) === revision) return;
      bases.delete(id); // Re-inserted last: the oldest go first when the book is full.
      bases.set(id, revision);
      while (bases.size > BOOK_LIMIT) bases.delete(bases.keys().next().value as string);
      save();
    },
    forget(id) {
      if (bases.delete(id)) save();
    },
  };
}

/** The title of a copy made of an entry titled `title`. */
export const copyTitle = (title: string): string => `${title || 'Untitled'} (copy)`;

/** `record` under a new id and revision, titled as a copy, modified at `modified`. */
export function asCopy(record: LibraryRecord, modified: number): LibraryRecord {
  const id = newLibraryId();
  const title = copyTitle(record.board.info.title);
  const meta: LibraryMeta = {
    ...record.meta,
    id,
    title,
    created: modified,
    modified,
    revision: newRevision(),
  };
  const board: LibraryBoard = { ...record.board, id, info: { ...record.board.info, title } };
  return { meta, board };
}

/**
 * Rename entry `id` to `title` as a new version (compared like every write): the new meta and
 * the revision it replaced, or undefined when the entry is gone. Retried while another tab
 * writes the entry between the read and the write.
 */
export async function renameChecked(
  db: LibraryStorage,
  id: string,
  title: string,
  modified: number,
): Promise<{ meta: LibraryMeta; board: LibraryBoard; base: string } | undefined> {
  for (;;) {
    const stored = await db.get(id);
    if (!stored) return undefined;
    const base = revisionOf(stored.meta);
    const meta: LibraryMeta = { ...stored.meta, title, modified, revision: newRevision() };
    const board: LibraryBoard = { ...stored.board, info: { ...stored.board.info, title } };
    if ((await db.putChecked({ meta, board }, base)).ok) return { meta, board, base };
  }
}
