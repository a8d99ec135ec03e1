/**
 * How the store autosaves: the options for zustand's persist, for the puzzle (with the mode,
 * count limit and saved baseline) and for its undo history, each under its own key. The rules
 * for reading old or damaged saves are in persistence.ts; this file wires them to persist.
 *
 * Writes that fail (storage full or blocked) must not break the edit that caused them: the
 * edit stands, and the user is told once that autosave has stopped working. Saves that cannot
 * be read are set aside (never deleted) and the reason is gathered into `notices`, which the
 * store shows once it exists.
 */
import type { TemporalState } from 'zundo';
import { createJSONStorage, type PersistOptions } from 'zustand/middleware';
import { MODES, type Mode } from './editorSlice.ts';
import {
  checkSavedHistory,
  checkSavedPuzzle,
  HISTORY_KEY,
  migrateSaved,
  migrateSavedHistory,
  setAside,
  setAsideKey,
  STORAGE_KEY,
  STORAGE_VERSION,
  type KeyValueStorage,
} from './persistence.ts';
import { puzzleKey, puzzleOf, settleRegions, type Puzzle } from './puzzle.ts';
import type { SquigglyState } from './state.ts';

/** The storage as persist sees it: failed writes call `onWriteFailed` once instead of throwing. */
export function guardedStorage(storage: KeyValueStorage, onWriteFailed: () => void) {
  let writeFailed = false;
  return createJSONStorage(() => ({
    getItem: (name) => storage.getItem(name),
    removeItem: (name) => storage.removeItem(name),
    setItem: (name, value) => {
      try {
        storage.setItem(name, value);
      } catch {
        if (writeFailed) return;
        writeFailed = true;
        onWriteFailed();
      }
    },
  }));
}

type JsonStorage = ReturnType<typeof guardedStorage>;

export function puzzlePersistOptions(
  storage: KeyValueStorage,
  jsonStorage: JsonStorage,
  notices: string[],
): PersistOptions<SquigglyState, unknown> {
  return {
    name: STORAGE_KEY,
    version: STORAGE_VERSION,
    storage: jsonStorage,
    partialize: (state) => ({
      ...puzzleOf(state),
      mode: state.mode,
      countLimit: state.countLimit,
      baselineKey: state.baselineKey,
    }),
    migrate: (saved, version) => {
      const upgraded = migrateSaved(saved, version);
      // Keep the original next to the upgrade, in case the user wants it back.
      const raw = storage.getItem(STORAGE_KEY);
      if (raw !== null) storage.setItem(setAsideKey(STORAGE_KEY), raw);
      notices.push(
        `Your saved puzzle came from an older version of Squiggly and was upgraded; the original is kept under "${setAsideKey(STORAGE_KEY)}".`,
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
        baselineKey: typeof extra.baselineKey === 'string' ? extra.baselineKey : puzzleKey(puzzle),
      };
    },
    onRehydrateStorage: () => (_state, error) => {
      if (!error) return;
      const reason = error instanceof Error ? error.message : 'it could not be read';
      if (setAside(storage, STORAGE_KEY)) {
        notices.push(
          `Your saved puzzle could not be restored (${reason}), so it was set aside (kept under "${setAsideKey(STORAGE_KEY)}") and a fresh puzzle was started.`,
        );
      }
    },
  };
}

/** Options for the undo history's store (zundo's temporal state, or its internal superset). */
export function historyPersistOptions<History extends TemporalState<Puzzle>>(
  storage: KeyValueStorage,
  jsonStorage: JsonStorage,
  notices: string[],
): PersistOptions<History, unknown> {
  return {
    name: HISTORY_KEY,
    version: STORAGE_VERSION,
    storage: jsonStorage,
    partialize: (state) => ({ pastStates: state.pastStates, futureStates: state.futureStates }),
    migrate: (saved, version) => migrateSavedHistory(saved, version) as History,
    merge: (persisted, current) => {
      if (persisted === undefined) return current;
      const { past, future } = checkSavedHistory(persisted);
      return { ...current, pastStates: past, futureStates: future };
    },
    onRehydrateStorage: () => (_state, error) => {
      if (error && setAside(storage, HISTORY_KEY)) {
        notices.push(
          `The saved undo history could not be read, so it was set aside (kept under "${setAsideKey(HISTORY_KEY)}").`,
        );
      }
    },
  };
}
