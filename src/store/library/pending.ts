/**
 * Library writes not yet confirmed: a small copy of each, kept in the browser's storage
 * (localStorage) from the moment the library slice decides to write a puzzle until IndexedDB
 * says the write's transaction completed.
 *
 * Why: IndexedDB writes are asynchronous. When the user clicks New (or opens another puzzle)
 * and the page is reloaded or closed a few milliseconds later, the write of the puzzle just
 * left may never commit, and that puzzle would be missing from "My puzzles" after the reload.
 * localStorage writes are synchronous: a copy put here before the IndexedDB write starts
 * survives the page. On start-up the slice replays every copy left here into IndexedDB (by the
 * same merge as its own writes, never over a newer entry) before the library is listed.
 *
 * The area is one key, PENDING_KEY, holding at most PENDING_LIMIT copies (the newest by time
 * of change), one per library id: a later copy of an entry replaces the earlier one, which
 * it contains. A copy is removed only by its own stamp, so the confirmation of an earlier
 * write never removes a later copy still on its way. Normally the area holds nothing or one
 * copy for a few milliseconds; it fills only while IndexedDB keeps failing.
 *
 * Storage that is missing, full or blocked never reaches the user from here: each call
 * catches and reports false or nothing, and the library then works as without this area (the
 * write goes to IndexedDB uncovered). An area or a copy that cannot be read (not written by
 * this module) counts as empty and is replaced by the next write: every copy is only a copy
 * of a puzzle the autosave and undo history also hold.
 */
import { LIBRARY_VERDICTS } from '../../formats/library.ts';
import type { KeyValueStorage } from '../persistence.ts';
import { isPuzzle } from '../puzzle.ts';
import type { LibraryBoard, LibraryVerdict } from './libraryDb.ts';

export const PENDING_KEY = 'squiggly-library-pending';
const PENDING_VERSION = 1;
/** Copies kept at most (a 16×16 board is about 2 KB of text). */
export const PENDING_LIMIT = 16;

/** A write of one puzzle to its library entry, as the slice decided it. */
export interface PendingCopy {
  /** Tells this copy from a later one of the same entry. */
  stamp: string;
  /** When the puzzle reached this state (ms since 1970): the entry's modified date if new. */
  changed: number;
  board: LibraryBoard;
  verdict: LibraryVerdict | null;
  rating: string | null;
}

export interface PendingArea {
  /** Every readable copy, oldest change first. */
  list(): PendingCopy[];
  /** Keep `copy` (replacing any copy of its entry); false when storage refused it. */
  add(copy: PendingCopy): boolean;
  /** Remove the copy of entry `id` with this stamp, if it is still there. */
  confirm(id: string, stamp: string): void;
  /** Remove every copy of entry `id` (the entry was deleted). */
  drop(id: string): void;
}

function isPendingCopy(value: unknown): value is PendingCopy {
  if (typeof value !== 'object' || value === null) return false;
  const { stamp, changed, board, verdict, rating } = value as Record<string, unknown>;
  if (typeof board !== 'object' || board === null) return false;
  const { id, info } = board as Record<string, unknown>;
  return (
    typeof stamp === 'string' &&
    typeof changed === 'number' &&
    Number.isFinite(changed) &&
    (verdict === null || (LIBRARY_VERDICTS as readonly unknown[]).includes(verdict)) &&
    (rating === null || typeof rating === 'string') &&
    typeof id === 'string' &&
    id !== '' &&
    info !== undefined &&
    isPuzzle(board)
  );
}

/** The pending area in `storage`, or null when there is no storage. */
export function pendingArea(storage: KeyValueStorage | null): PendingArea | null {
  if (!storage) return null;

  const read = (): PendingCopy[] => {
    try {
      const raw = storage.getItem(PENDING_KEY);
      if (raw === null) return [];
      const saved = JSON.parse(raw) as { version?: unknown; copies?: unknown };
      if (saved?.version !== PENDING_VERSION || !Array.isArray(saved.copies)) return [];
      return saved.copies.filter(isPendingCopy);
    } catch {
      return [];
    }
  };

  const write = (copies: readonly PendingCopy[]): boolean => {
    try {
      if (copies.length === 0) storage.removeItem(PENDING_KEY);
      else {
        storage.setItem(PENDING_KEY, JSON.stringify({ version: PENDING_VERSION, copies }));
      }
      return true;
    } catch {
      return false;
    }
  };

  const byChange = (a: PendingCopy, b: PendingCopy): number => a.changed - b.changed;

  return {
    list: () => read().sort(byChange),
    add(copy) {
      const copies = read().filter((kept) => kept.board.id !== copy.board.id);
      copies.push(copy);
      copies.sort(byChange);
      return write(copies.slice(-PENDING_LIMIT));
    },
    confirm(id, stamp) {
      const copies = read();
      const rest = copies.filter((kept) => !(kept.board.id === id && kept.stamp === stamp));
      if (rest.length !== copies.length) write(rest);
    },
    drop(id) {
      const copies = read();
      const rest = copies.filter((kept) => kept.board.id !== id);
      if (rest.length !== copies.length) write(rest);
    },
  };
}
