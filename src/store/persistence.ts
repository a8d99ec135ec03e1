/**
 * Saving to the browser: what is kept, how older saves are upgraded, and how a save that
 * cannot be read is kept instead of crashing or being overwritten.
 *
 * A save is read in two steps: its envelope (`readSaveEnvelope`: valid JSON, an object with a
 * numeric `version` and a `state` object; `null`, a list or a bare number is not a save), then
 * its content after migration (`checkSavedPuzzle`, `checkSavedHistory`). Either step throws
 * with a reason a person understands.
 *
 * A save that fails is moved to a side key (`keepAside`), never onto an older one: each
 * set-aside save gets a key of its own. Moving copies first and removes the original only once
 * the copy is written, so when the copy does not fit (a save of several megabytes and a 5 MB
 * storage quota) the original stays where it is and nothing is lost: the store then holds its
 * autosave off and offers the save as a download (persistOptions.ts).
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
import { formatCount } from './numbers.ts';

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

/** A side key for `name` that holds nothing yet: `name:set-aside`, then `name:set-aside-2`, … */
export function freeSetAsideKey(storage: KeyValueStorage, name: string): string {
  const first = setAsideKey(name);
  if (storage.getItem(first) === null) return first;
  for (let n = 2; ; n++) {
    const key = `${first}-${n}`;
    if (storage.getItem(key) === null) return key;
  }
}

/**
 * Copy `raw` to a free side key of `name`; the key used, or null when the copy could not be
 * written (storage full or blocked). Nothing is removed.
 */
export function copyAside(storage: KeyValueStorage, name: string, raw: string): string | null {
  try {
    const key = freeSetAsideKey(storage, name);
    storage.setItem(key, raw);
    return key;
  } catch {
    return null;
  }
}

/**
 * Move the value stored under `name` to a free side key: copy, then remove the original. The
 * side key, or null when there was nothing to move or the copy failed (the original is then
 * left in place).
 */
export function keepAside(storage: KeyValueStorage, name: string): string | null {
  let raw: string | null;
  try {
    raw = storage.getItem(name);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const key = copyAside(storage, name, raw);
  if (key === null) return null;
  try {
    storage.removeItem(name);
  } catch {
    // The copy is safe; a leftover original is only read again (and kept again) next time.
  }
  return key;
}

/** What persist stores under a key: the state and the version it was saved with. */
export interface SaveEnvelope {
  state: unknown;
  version: number;
}

/** A value named for a message: `null`, `a list`, `a number`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

/** Read a save's envelope from its text; throws with the reason when it is not a save. */
export function readSaveEnvelope(raw: string): SaveEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error(`it is not valid JSON (${formatCount(raw.length)} characters)`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`it holds ${kindOf(value)}, not a saved puzzle`);
  }
  const { state, version } = value as { state?: unknown; version?: unknown };
  if (typeof version !== 'number' || typeof state !== 'object' || state === null) {
    throw new Error('it is not a Squiggly save (no version and state)');
  }
  return { state, version };
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
      // A step from before constraints existed had none: undoing to it must not keep today's.
      constraints: state.constraints ?? [],
    }));
  };
  return { past: list(value.pastStates), future: list(value.futureStates) };
}
