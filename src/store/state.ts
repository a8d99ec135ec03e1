/**
 * The shape of the one store, assembled from its slices (zustand's slices pattern): each slice
 * file declares the state and actions it owns and is written against the whole state, so an
 * action in one slice can read or call another's through `get()`. A slice imports no value
 * from another slice's file (eslint.config.js): what several read is in selectors.ts.
 *
 *   editorSlice   mode, cursor, picked cells, the count limit, the notice: never undone
 *   puzzleSlice   the puzzle and its one-step edits (new, load, wall, region, clue)
 *   strokeSlice   gestures as one undo step (begin, set walls or paint, end or cancel); undo
 *   runSlice      runs in the worker (solve, count, generate) and their results
 *   logicSlice    hint, applied steps, solve by logic, rating, generate with options
 *   saveSlice     unreadable saves kept in place and offered as a download
 *   importSlice   the Import dialog's read in a worker of its own, and loading a case
 *   batchSlice    the batch view's run: every case of an import solved, Cancel, solve the rest
 *   playSlice     play mode: the player's digits and marks, their own undo, check, timer
 *   librarySlice  "My puzzles": every puzzle kept in IndexedDB, listed, searched, sorted
 *   setterSlice   the setter's tools: next step after a verdict (fix, conflict core, redundant
 *                 clues, Minimise), true candidates, Check layout, the estimate
 *   updateSlice   a new version of the app: waiting (offer Reload), or replacing this page's
 *
 * The middleware (persist over zundo's temporal) is applied once, in store.ts, on the combined
 * creator; slices only see its mutator identifiers in their types. What a slice needs from
 * outside the store (the solver, clocks, seeds) comes in a `StoreContext`, built once per store
 * from the caller's options.
 */
import type { TemporalState } from 'zundo';
import type { StateCreator, StoreApi } from 'zustand/vanilla';
import type { ImportClient, SetterToolsClient, SolverClient } from '../worker/protocol.ts';
import type { BatchSlice } from './batchSlice.ts';
import type { EditorSlice } from './editorSlice.ts';
import type { LogicSlice } from './logicSlice.ts';
import type { ImportSlice } from './importSlice.ts';
import type { LibraryStorage } from './library/libraryDb.ts';
import type { LibrarySlice } from './librarySlice.ts';
import type { TabEnvironment } from './library/tabs.ts';
import type { KeyValueStorage } from './persistence.ts';
import type { PlaySlice } from './playSlice.ts';
import type { Puzzle } from './puzzle.ts';
import type { PuzzleSlice } from './puzzleSlice.ts';
import type { RunSlice } from './runSlice.ts';
import type { SaveSlice } from './saveSlice.ts';
import type { SetterSlice } from './setterSlice.ts';
import type { StrokeSlice } from './strokeSlice.ts';
import type { UpdateSlice } from './updateSlice.ts';

export type SquigglyState = EditorSlice &
  PuzzleSlice &
  StrokeSlice &
  RunSlice &
  SaveSlice &
  ImportSlice &
  BatchSlice &
  PlaySlice &
  LogicSlice &
  LibrarySlice &
  SetterSlice &
  UpdateSlice;

/** The undo history: zundo's temporal store over the puzzle part of the state. */
export type HistoryStore = StoreApi<TemporalState<Puzzle>>;

export type SquigglyStore = StoreApi<SquigglyState> & { temporal: HistoryStore };

/** A slice: part of the state, created with access to all of it. */
export type SliceCreator<Slice> = StateCreator<
  SquigglyState,
  [['zustand/persist', unknown], ['temporal', unknown]],
  [],
  Slice
>;

/** The store's setter, as a slice's creator receives it. */
export type SetState = Parameters<SliceCreator<object>>[0];

/**
 * What a slice's actions work over, when they are module-level functions rather than one
 * closure: the store's setter and getter, and the context (playSlice.ts and others put their
 * actions in files of their own and pass this along).
 */
export interface SliceScope {
  set: SetState;
  get: () => SquigglyState;
  ctx: StoreContext;
}

/** What the slices need from outside the store. */
export interface StoreContext {
  solver: SolverClient;
  /**
   * Runs the logic slice's calls (Hint, Solve by logic, the rating, the setter's puzzle with
   * options): the app's own worker, or `solver` itself (a worker runs one call at a time, and
   * a new call stops the one in flight, so the slices then take turns: logicSlice.ts).
   */
  logic: SolverClient;
  /** Reads imports, in a worker of its own; null where there is none. */
  importer: ImportClient | null;
  /** The setter's tools but true candidates (setterSlice.ts), in a worker of their own. */
  tools: SetterToolsClient | null;
  /** True candidates, which follow every edit, in a worker of their own. */
  candidates: SetterToolsClient | null;
  /**
   * Runs work that follows a verdict by itself (the rating, the setter's next step), which
   * nobody is waiting for: the app runs it when the page is idle (StoreOptions.followUp).
   */
  followUp: (task: () => void) => void;
  /** How long a run may take before progress and Cancel show (ms). */
  slowAfterMs: number;
  /** Wait before a new true-candidates search after one was stopped mid-run (ms). */
  stoppedSearchGraceMs: number;
  /** Seed source for random layouts and generated puzzles. */
  randomSeed: () => number;
  /** Debounce of the live verdict after an edit (ms); null: no live verdict. */
  liveCheckMs: number | null;
  /** Lift the autosave hold on a storage key that held an unreadable save, and save it now. */
  releaseSave: (key: string) => void;
  /** Where play progress is kept, one record per puzzle; null for nowhere. */
  playStorage: KeyValueStorage | null;
  /** Opens the library (IndexedDB) on first use; null where there is none. */
  library: (() => Promise<LibraryStorage>) | null;
  /** Where library writes wait for IndexedDB to confirm them (library/pending.ts); or null. */
  libraryPending: KeyValueStorage | null;
  /** The other tabs of the app, and this tab's id (library/tabs.ts); null for a lone store. */
  tabs: (TabEnvironment & { tab: string }) | null;
  /** Reloads the page, into the new version when one is waiting (updateSlice.ts); or null. */
  app: AppControl | null;
}

/** What the store may ask of the page itself. */
export interface AppControl {
  reload(): void;
}
