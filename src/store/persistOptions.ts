/**
 * How the store autosaves: the options for zustand's persist, for the puzzle (with the mode,
 * count limit and saved baseline) and for its undo history, each under its own key. The rules
 * for reading old or damaged saves are in persistence.ts; this file wires them to persist.
 *
 * Writes that fail (storage full or blocked) must not break the edit that caused them: the
 * edit stands, and the user is told once that autosave has stopped working.
 *
 * A save that cannot be read (not JSON, not a save at all like `null` or `[1,2,3]`, damaged,
 * or from a newer version) must never be lost, and the user is always told. Every such failure
 * ends in persist's onRehydrateStorage with an error, and goes to `keepUnreadable`:
 *   - the save is moved to a side key of its own, and a notice says where; or, when the copy
 *     does not fit in the storage quota,
 *   - the save stays under its key, autosave to that key is held off (the guarded storage
 *     skips its writes), and the save's text is handed to the store as an `UnreadableSave`,
 *     which the page offers as a download. Once the user has downloaded it or dismissed the
 *     notice, `release` lifts the hold and autosave resumes.
 * Hydration is synchronous (the storage is), so all of this happens while the store is being
 * created, before any edit could write.
 */
import type { TemporalState } from 'zundo';
import type { PersistOptions, PersistStorage } from 'zustand/middleware';
import { MODES, type Mode } from './editorSlice.ts';
import { PLAY_ENTRIES, type PlayEntry } from './playSlice.ts';
import {
  checkSavedHistory,
  checkSavedPuzzle,
  HISTORY_KEY,
  migrateSaved,
  migrateSavedHistory,
  copyAside,
  keepAside,
  readSaveEnvelope,
  STORAGE_KEY,
  STORAGE_VERSION,
  type KeyValueStorage,
} from './persistence.ts';
import { puzzleKey, puzzleOf, settleRegions, type Puzzle } from './puzzle.ts';
import type { SquigglyState } from './state.ts';

/** A save that could neither be read nor set aside: kept in place, offered as a download. */
export interface UnreadableSave {
  /** The storage key it sits under (autosave to it is held off). */
  key: string;
  /** What it was: the puzzle or its undo history. */
  what: 'puzzle' | 'history';
  /** Its text, exactly as stored. */
  text: string;
  /** Why it could not be read, in words. */
  reason: string;
}

/** What the hydration of both saves reports to the store being created. */
export interface SaveReport {
  notices: string[];
  unreadable: UnreadableSave[];
}

/**
 * The storage as persist sees it: a save that is not a save throws (so persist reports it);
 * failed writes call `onWriteFailed` once instead of throwing; keys in `held` are not written.
 * persist writes on every change of the store, most of which leave the save as it was (a
 * Solve's run and result): a save equal to the last one this store read or wrote is not
 * written again. localStorage writes are synchronous, about 1 ms each on the page's thread
 * in Chromium, several per Solve.
 */
export function guardedStorage(storage: KeyValueStorage, onWriteFailed: () => void) {
  let writeFailed = false;
  /** Keys holding an unreadable save the user has not yet downloaded or let go. */
  const held = new Set<string>();
  /** The text under each key as this store last read or wrote it. */
  const known = new Map<string, string>();
  const json: PersistStorage<unknown> = {
    getItem: (name) => {
      const raw = storage.getItem(name);
      if (raw === null) return null;
      known.set(name, raw);
      return readSaveEnvelope(raw);
    },
    removeItem: (name) => {
      if (held.has(name)) return;
      known.delete(name);
      storage.removeItem(name);
    },
    setItem: (name, value) => {
      if (held.has(name)) return;
      const text = JSON.stringify(value);
      if (known.get(name) === text) return;
      try {
        storage.setItem(name, text);
        known.set(name, text);
      } catch {
        if (writeFailed) return;
        writeFailed = true;
        onWriteFailed();
      }
    },
  };
  /** A key changed behind the store's back (set aside): its next save is written. */
  const forget = (name: string): void => void known.delete(name);
  return { json, held, forget };
}

export type GuardedStorage = ReturnType<typeof guardedStorage>;

/**
 * A save under `name` could not be read: keep it (see the header) and tell the user. Never
 * throws: hydration errors end here.
 */
function keepUnreadable(
  storage: KeyValueStorage,
  guarded: GuardedStorage,
  report: SaveReport,
  name: string,
  error: unknown,
): void {
  const what = name === HISTORY_KEY ? 'history' : 'puzzle';
  const subject = what === 'puzzle' ? 'Your saved puzzle' : 'The saved undo history';
  const reason = error instanceof Error ? error.message : 'it could not be read';
  guarded.forget(name);
  const aside = keepAside(storage, name);
  if (aside !== null) {
    report.notices.push(
      `${subject} could not be restored (${reason}), so it was set aside (kept under "${aside}")${what === 'puzzle' ? ' and a fresh puzzle was started' : ''}.`,
    );
    return;
  }
  let text: string | null = null;
  try {
    text = storage.getItem(name);
  } catch {
    // Unreadable storage: there is nothing more to keep.
  }
  if (text === null) {
    report.notices.push(`${subject} could not be restored (${reason}).`);
    return;
  }
  guarded.held.add(name);
  report.unreadable.push({ key: name, what, text, reason });
}

export function puzzlePersistOptions(
  storage: KeyValueStorage,
  guarded: GuardedStorage,
  report: SaveReport,
): PersistOptions<SquigglyState, unknown> {
  return {
    name: STORAGE_KEY,
    version: STORAGE_VERSION,
    storage: guarded.json as PersistStorage<unknown>,
    partialize: (state) => ({
      ...puzzleOf(state),
      mode: state.mode,
      countLimit: state.countLimit,
      advanceAfterDigit: state.advanceAfterDigit,
      ratingBeforeSolving: state.ratingBeforeSolving,
      playEntry: state.playEntry,
      playHighlight: state.playHighlight,
      baselineKey: state.baselineKey,
    }),
    migrate: (saved, version) => {
      const upgraded = migrateSaved(saved, version);
      // Keep the original next to the upgrade, in case the user wants it back. The upgrade
      // holds everything the user made, so a copy that does not fit only changes the words.
      const raw = storage.getItem(STORAGE_KEY);
      const kept = raw === null ? null : copyAside(storage, STORAGE_KEY, raw);
      report.notices.push(
        kept === null
          ? 'Your saved puzzle came from an older version of Squiggly and was upgraded (the storage had no room to keep the original beside it).'
          : `Your saved puzzle came from an older version of Squiggly and was upgraded; the original is kept under "${kept}".`,
      );
      return upgraded as SquigglyState;
    },
    merge: (saved, current) => {
      if (saved === undefined) return current;
      const puzzle = checkSavedPuzzle(saved);
      const extra = saved as Partial<SquigglyState>;
      return {
        ...current,
        ...puzzleOf(puzzle),
        regions: settleRegions(puzzle.size, puzzle.walls, puzzle.regions),
        mode: MODES.includes(extra.mode as Mode) ? (extra.mode as Mode) : current.mode,
        countLimit:
          Number.isInteger(extra.countLimit) && (extra.countLimit as number) >= 2
            ? (extra.countLimit as number)
            : current.countLimit,
        advanceAfterDigit:
          typeof extra.advanceAfterDigit === 'boolean'
            ? extra.advanceAfterDigit
            : current.advanceAfterDigit,
        ratingBeforeSolving:
          typeof extra.ratingBeforeSolving === 'boolean'
            ? extra.ratingBeforeSolving
            : current.ratingBeforeSolving,
        // Play's Digit / Centre / Corner choice, as the player left it.
        playEntry: PLAY_ENTRIES.includes(extra.playEntry as PlayEntry)
          ? (extra.playEntry as PlayEntry)
          : current.playEntry,
        // Play's highlighting of the selected cell's digit and of the cells it sees.
        playHighlight:
          typeof extra.playHighlight === 'boolean' ? extra.playHighlight : current.playHighlight,
        baselineKey: typeof extra.baselineKey === 'string' ? extra.baselineKey : puzzleKey(puzzle),
      };
    },
    onRehydrateStorage: () => (_state, error) => {
      if (error) keepUnreadable(storage, guarded, report, STORAGE_KEY, error);
    },
  };
}

/** Options for the undo history's store (zundo's temporal state, or its internal superset). */
export function historyPersistOptions<History extends TemporalState<Puzzle>>(
  storage: KeyValueStorage,
  guarded: GuardedStorage,
  report: SaveReport,
): PersistOptions<History, unknown> {
  return {
    name: HISTORY_KEY,
    version: STORAGE_VERSION,
    storage: guarded.json as PersistStorage<unknown>,
    partialize: (state) => ({ pastStates: state.pastStates, futureStates: state.futureStates }),
    migrate: (saved, version) => migrateSavedHistory(saved, version) as History,
    merge: (persisted, current) => {
      if (persisted === undefined) return current;
      const { past, future } = checkSavedHistory(persisted);
      return { ...current, pastStates: past, futureStates: future };
    },
    onRehydrateStorage: () => (_state, error) => {
      if (error) keepUnreadable(storage, guarded, report, HISTORY_KEY, error);
    },
  };
}
