/**
 * Library writes that failed (the browser's storage full, IndexedDB refusing), held in memory
 * until a write succeeds again, so that none is dropped while the quota stays full.
 *
 * Why in memory as well as in the pending area (pending.ts): that area is one localStorage key
 * holding at most PENDING_LIMIT copies, so with twenty puzzles waiting the oldest four had no
 * copy left anywhere and were lost once space was freed. Here every waiting write is kept, one
 * per entry (a later copy of an entry contains the earlier), for as long as the tab lives; the
 * slice retries them all on Retry and after any later write succeeds (space came back).
 *
 * What the user is told (the notice in the page, LibraryNotice.tsx) comes from `summary`: each
 * waiting puzzle with `atRisk` set when the pending area holds no copy of that very write, so
 * that closing the tab would lose it: the notice names those. A copy counts only by its stamp:
 * an older copy of the entry in localStorage would bring back older work, not this.
 *
 * libraryErrorReason turns the browser's errors into words: IndexedDB's QuotaExceededError
 * comes with an empty message in Chromium (the "could not be used: ."), so it is named
 * by its name, and no error gives an empty reason.
 */
import type { PendingCopy } from './pending.ts';

/** A puzzle whose write to the library waits, as the notice names it. */
export interface WaitingWrite {
  id: string;
  title: string;
  size: number;
  /** When the puzzle reached this state (ms since 1970). */
  changed: number;
  /** No copy of this write outside this tab: closing it would lose the puzzle's entry. */
  atRisk: boolean;
}

export interface WriteFailures {
  /** Hold `copy` (replacing an older waiting copy of its entry). */
  failed(copy: PendingCopy): void;
  /** `copy` was written: a waiting copy of its entry no newer than it goes. */
  written(copy: PendingCopy): void;
  /** The entry was deleted: its waiting copy goes. */
  forget(id: string): void;
  /** Every waiting copy, oldest change first. */
  list(): PendingCopy[];
  /** Is a copy of entry `id` waiting? */
  has(id: string): boolean;
  /** The waiting puzzles; `storedStamps` are the stamps the pending area holds (null: none). */
  summary(storedStamps: ReadonlySet<string> | null): WaitingWrite[];
}

export function createWriteFailures(): WriteFailures {
  const waiting = new Map<string, PendingCopy>();
  const list = (): PendingCopy[] => [...waiting.values()].sort((a, b) => a.changed - b.changed);
  return {
    failed(copy) {
      const held = waiting.get(copy.board.id);
      if (!held || held.changed <= copy.changed) waiting.set(copy.board.id, copy);
    },
    written(copy) {
      const held = waiting.get(copy.board.id);
      if (held && held.changed <= copy.changed) waiting.delete(copy.board.id);
    },
    forget: (id) => void waiting.delete(id),
    list,
    has: (id) => waiting.has(id),
    summary: (storedStamps) =>
      list().map(({ board, changed, stamp }) => ({
        id: board.id,
        title: board.info.title,
        size: board.size,
        changed,
        atRisk: !storedStamps?.has(stamp),
      })),
  };
}

/** Is `error` the browser saying its storage is full? */
export const isQuotaError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'QuotaExceededError';

/** Why a library action failed, in words, never empty. */
export function libraryErrorReason(error: unknown): string {
  if (isQuotaError(error)) return "the browser's storage for My puzzles is full";
  if (error instanceof Error || (typeof error === 'object' && error !== null)) {
    const { message, name } = error as { message?: unknown; name?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message.trim();
    if (typeof name === 'string' && name !== '' && name !== 'Error') {
      return `the browser refused it (${name})`;
    }
    return 'the browser refused it and gave no reason';
  }
  const text = String(error).trim();
  return text === '' || text === 'undefined' || text === 'null'
    ? 'the browser refused it and gave no reason'
    : text;
}
