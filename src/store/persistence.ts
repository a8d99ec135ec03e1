/**
 * Saving to the browser: what is kept, how older saves are upgraded, and how a save that
 * cannot be read is set aside (copied to a side key, never deleted) instead of crashing.
 */
import { wallsFromRegions } from '../engine/index.ts';
import { EMPTY_INFO } from '../formats/link.ts';
import {
  isAppSize,
  isPuzzle,
  regionsOfWalls,
  renumber,
  settleRegions,
  type Puzzle,
} from './puzzle.ts';

/** Storage key of the puzzle; the undo history is kept under HISTORY_KEY. */
export const STORAGE_KEY = 'squiggly';
export const HISTORY_KEY = 'squiggly-history';
/**
 * Version 2 keeps walls and a region label per cell (a region painted into pieces stays one
 * region); version 1 kept walls only; version 0 (the first prototype) a flat region map.
 * The undo history is saved with the same version.
 */
export const STORAGE_VERSION = 2;

/** Where a save that could not be read is kept, so nothing the user made is thrown away. */
export const setAsideKey = (name: string): string => `${name}:set-aside`;

/** The minimal Storage surface the store needs (localStorage, or a map in tests). */
export interface KeyValueStorage {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

export function browserStorage(): KeyValueStorage | null {
  try {
    // Accessing localStorage throws in some privacy modes; the app then works unsaved.
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage ?? null;
  } catch {
    return null;
  }
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (name) => data.get(name) ?? null,
    setItem: (name, value) => void data.set(name, value),
    removeItem: (name) => void data.delete(name),
  };
}

/** Copy a stored value to its side key and remove it; true when there was something to move. */
export function setAside(storage: KeyValueStorage, name: string): boolean {
  try {
    const raw = storage.getItem(name);
    if (raw === null) return false;
    storage.setItem(setAsideKey(name), raw);
    storage.removeItem(name);
    return true;
  } catch {
    return false;
  }
}

/** Upgrade a saved puzzle state from an older version; throws when that is not possible. */
export function migrateSaved(persisted: unknown, version: number): unknown {
  if (version > STORAGE_VERSION) {
    throw new Error(`it was saved by a newer version of Squiggly (format ${version})`);
  }
  if (version === 0) {
    // v0: { size, regions: number[] (flat region ids), givens: number[] }.
    const old = (persisted ?? {}) as { size?: unknown; regions?: unknown; givens?: unknown };
    if (!isAppSize(old.size) || !Array.isArray(old.regions)) {
      throw new Error('the older save has no usable layout');
    }
    const size = old.size;
    return {
      size,
      walls: Array.from(wallsFromRegions(size, old.regions as number[])),
      givens: old.givens,
      regions: renumber(old.regions as number[]),
    };
  }
  if (version === 1) return withRegions(persisted);
  return persisted;
}

/** A version 1 puzzle (walls only) with its labels: each walled area a region of its own. */
function withRegions(persisted: unknown): unknown {
  const old = (persisted ?? {}) as { size?: unknown; walls?: unknown };
  if (!isAppSize(old.size) || !Array.isArray(old.walls) || old.walls.length !== old.size ** 2) {
    return persisted; // Not a usable puzzle: the check after migration says so.
  }
  return { ...(persisted as object), regions: regionsOfWalls(old.size, old.walls as number[]) };
}

/** Upgrade saved undo history from an older version; throws when that is not possible. */
export function migrateSavedHistory(persisted: unknown, version: number): unknown {
  if (version > STORAGE_VERSION) {
    throw new Error(`it was saved by a newer version of Squiggly (format ${version})`);
  }
  if (version !== 1) throw new Error('the saved undo history is too old to read');
  const value = (persisted ?? {}) as { pastStates?: unknown; futureStates?: unknown };
  const upgrade = (states: unknown): unknown =>
    Array.isArray(states) ? states.map(withRegions) : states;
  return { pastStates: upgrade(value.pastStates), futureStates: upgrade(value.futureStates) };
}

/** Check a saved puzzle (after migration); throws with a reason a person understands. */
export function checkSavedPuzzle(persisted: unknown): Puzzle {
  if (!isPuzzle(persisted)) throw new Error('the saved puzzle is incomplete or damaged');
  return persisted;
}

/** Check saved undo history: a list of puzzles each way. */
export function checkSavedHistory(persisted: unknown): { past: Puzzle[]; future: Puzzle[] } {
  const value = (persisted ?? {}) as { pastStates?: unknown; futureStates?: unknown };
  const list = (states: unknown): Puzzle[] => {
    if (!Array.isArray(states) || !states.every(isPuzzle)) {
      throw new Error('the saved undo history is damaged');
    }
    return states.map((state) => ({
      ...state,
      regions: settleRegions(state.size, state.walls, state.regions),
      info: state.info ?? EMPTY_INFO,
    }));
  };
  return { past: list(value.pastStates), future: list(value.futureStates) };
}
