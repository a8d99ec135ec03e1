/**
 * The app's one store (zustand, vanilla so it runs and tests without React), built from slices
 * (see state.ts for the map) in the manner of zustand's slices guide:
 *   editor   mode, cursor, picked cells, the count limit, the notice
 *   puzzle   size, walls, givens, region labels: the only part undo and autosave are about
 *   stroke   gestures as one undo step, and undo/redo themselves
 *   run      the run in the worker and the last result, stamped with the puzzle it answers
 * The middleware is applied once, here, on the combined creator: persist(temporal(...)), with
 * the undo history persisted by its own persist inside temporal. Hydration writes through
 * persist's own setter, so it never lands in undo history; undo and redo write through
 * persist, so they autosave. Storage can be null (tests, private modes): then nothing persists.
 * A save that cannot be read is set aside, or kept in place with autosave held off until the
 * user downloads or lets it go (persistOptions.ts, saveSlice.ts); the user is told either way.
 */
import { temporal } from 'zundo';
import { persist } from 'zustand/middleware';
import { createStore, type StateCreator } from 'zustand/vanilla';
import type { ImportClient, SetterToolsClient, SolverClient } from '../worker/protocol.ts';
import { createBatchSlice } from './batchSlice.ts';
import { createEditorSlice } from './editorSlice.ts';
import { createImportSlice } from './importSlice.ts';
import { browserLibrary, type LibraryStorage } from './library/libraryDb.ts';
import { createLibrarySlice } from './librarySlice.ts';
import { tabAutosave, tabIdOf, type TabEnvironment } from './library/tabs.ts';
import { createLogicSlice } from './logicSlice.ts';
import { browserStorage, HISTORY_KEY, type KeyValueStorage } from './persistence.ts';
import {
  guardedStorage,
  historyPersistOptions,
  puzzlePersistOptions,
  type SaveReport,
} from './persistOptions.ts';
import { puzzleKey, puzzleOf, samePuzzleAndInfo, type Puzzle } from './puzzle.ts';
import { createPlaySlice } from './playSlice.ts';
import { createPuzzleSlice } from './puzzleSlice.ts';
import { createRunSlice } from './runSlice.ts';
import { createSaveSlice } from './saveSlice.ts';
import { createSetterSlice, STOPPED_SEARCH_GRACE_MS } from './setterSlice.ts';
import type { AppControl, StoreContext, SquigglyState, SquigglyStore } from './state.ts';
import { createStrokeSlice } from './strokeSlice.ts';
import { createUpdateSlice } from './updateSlice.ts';

export {
  DEFAULT_COUNT_LIMIT,
  MAX_COUNT_LIMIT,
  MODES,
  type ConstraintTool,
  type LinePlace,
  type Mode,
  type WallStroke,
} from './editorSlice.ts';
export type { PaintEffect } from './puzzle.ts';
export { sumOf, sumText } from './constraintSum.ts';
export {
  isRevealedCell,
  maskDigits,
  PLAY_COLOURS,
  playDigits,
  playRunning,
  type PlayCheck,
  type PlayEntry,
} from './playSlice.ts';
export { isRule, type GlobalRule, type StartLayout } from './puzzleSlice.ts';
export { LIVE_CHECK_MS, type LiveVerdict, type RunResult } from './runSlice.ts';
export {
  currentLogic,
  currentRating,
  currentResult,
  currentVerdict,
  knownSolution,
  selectConstraints,
} from './selectors.ts';
export type { SolveRun } from './runner.ts';
export { isAbortError } from '../worker/client.ts';
export {
  LIBRARY_KEEP_MS,
  visibleLibrary,
  type LibraryImportOutcome,
  type LibraryMeta,
  type LibrarySort,
  type LibraryStatus,
  type LibraryWaiting,
  type WaitingWrite,
} from './librarySlice.ts';
export type { UnreadableSave } from './saveSlice.ts';
export { browserTabs, type TabEnvironment } from './library/tabs.ts';
export type { AppVersion } from './updateSlice.ts';
// What the UI uses of the store's modules: the UI imports store values only from here
// (eslint.config.js), so this list is the store's surface, as index.ts is the engine's.
export { openingBatch } from './batchSlice.ts';
export { blockingProblems, cluesOnGrid, conflictsOf, layoutOf } from './derived.ts';
export {
  FORMAT_FIELD,
  importErrorText,
  inAppWords,
  indexOfCase,
  isReadOf,
  type ImportRead,
  type InterchangeName,
} from './importSlice.ts';
export { yieldToPage } from './library/exportSlices.ts';
export {
  canRedoLogic,
  canUndoLogic,
  logicListAtEnd,
  logicOverlay,
  logicPosition,
} from './logicSlice.ts';
export { formatCount } from './numbers.ts';
export { defaultStart, edgeId, hasWall, puzzleKey, type EdgeId } from './puzzle.ts';
export {
  candidatesStale,
  currentCandidates,
  currentCandidatesMessage,
  currentEstimate,
  currentExplanation,
  currentLayoutCheck,
  currentMinimised,
  currentToolMessage,
  shownCandidates,
  verdictOnScreen,
  type MinimiseRecord,
  type ToolRun,
} from './setterSlice.ts';
export {
  describeOutcome,
  describeVerdict,
  plural,
  reasonOf,
  type SolveKind,
} from './solveOutcome.ts';
export type { SquigglyState, SquigglyStore } from './state.ts';

export interface StoreOptions {
  solver: SolverClient;
  /**
   * The logic slice's calls (Hint, Solve by logic, the rating, puzzles with options) in a
   * worker of their own, so the rating that follows every unique verdict never stops the
   * solver's warm worker when Solve is clicked. Default: `solver`, shared.
   */
  logic?: SolverClient | null;
  /**
   * Reads imports: a client of its own worker, so a big read never waits behind a solve nor
   * stops one. Default: none (Import then says it is unavailable).
   */
  importer?: ImportClient | null;
  /**
   * The setter's tools (next step, Minimise, Check layout, estimate) and the true candidates,
   * each in a worker of its own (setterSlice.ts says why). Default: none (the page then says
   * the tools are unavailable).
   */
  tools?: SetterToolsClient | null;
  candidates?: SetterToolsClient | null;
  /**
   * Runs what follows a verdict by itself (its rating, the setter's next step): the app waits
   * for idle time, so a Solve's answer is painted before those runs start their workers and
   * post their requests (on a first Solve that was 10-20 ms of the page's thread in the same
   * frames). Each task reads the store again when it runs. Default: a microtask.
   */
  followUp?: (task: () => void) => void;
  /** Where to autosave; null for nowhere. Default: localStorage when available. */
  storage?: KeyValueStorage | null;
  /** How long a run may take before progress and Cancel show (ms). */
  slowAfterMs?: number;
  /** Wait before a new true-candidates search after one was stopped mid-run (ms). */
  stoppedSearchGraceMs?: number;
  /** Undo steps kept. */
  historyLimit?: number;
  /** Seed source for random layouts (tests pass a fixed one). */
  randomSeed?: () => number;
  /**
   * Debounce of the live verdict after each edit (ms; the app uses LIVE_CHECK_MS). Default
   * null: no live checks, so a store in a test asks the solver only what the test asks.
   */
  liveCheckMs?: number | null;
  /**
   * Opens the "My puzzles" library. Default: the browser's IndexedDB when there is one (none
   * in jsdom, so a test store has no library unless it passes one); null for none.
   */
  library?: (() => Promise<LibraryStorage>) | null;
  /**
   * The other tabs of the app (sessionStorage, BroadcastChannel: library/tabs.ts), so that
   * each tab works on its own puzzle. Default null: a store alone (the app passes
   * browserTabs(); a test, in-memory ones).
   */
  tabs?: TabEnvironment | null;
  /** The page's own controls (reload into a new version); default none. */
  app?: AppControl | null;
}

export function createSquigglyStore(options: StoreOptions): SquigglyStore {
  const shared = options.storage === undefined ? browserStorage() : options.storage;
  const tabs = options.tabs ? { ...options.tabs, tab: tabIdOf(options.tabs.session) } : null;
  // The autosave: the shared storage, with this tab's own copy (library/tabs.ts).
  const storage = shared && tabs ? tabAutosave(shared, tabs.session, tabs.tab) : shared;
  const context: StoreContext = {
    solver: options.solver,
    logic: options.logic ?? options.solver,
    importer: options.importer ?? null,
    tools: options.tools ?? null,
    candidates: options.candidates ?? null,
    followUp: options.followUp ?? queueMicrotask,
    slowAfterMs: options.slowAfterMs ?? 250,
    stoppedSearchGraceMs: options.stoppedSearchGraceMs ?? STOPPED_SEARCH_GRACE_MS,
    randomSeed: options.randomSeed ?? (() => Math.floor(Math.random() * 2 ** 31)),
    playStorage: shared,
    liveCheckMs: options.liveCheckMs ?? null,
    library: options.library === undefined ? browserLibrary() : options.library,
    libraryPending: shared,
    tabs,
    app: options.app ?? null,
    releaseSave: (key) => {
      guarded?.held.delete(key);
      // The puzzle's own key is written by the release's set; the history by its own store.
      if (key === HISTORY_KEY) store.temporal.setState({});
    },
  };
  // What the store hydrates into besides state: messages and unreadable saves, shown once it exists.
  const report: SaveReport = { notices: [], unreadable: [] };
  const guarded =
    storage &&
    guardedStorage(storage, () =>
      queueMicrotask(() =>
        store.setState({
          notice:
            "Autosave failed: the browser's storage is full or blocked. Export your puzzle to keep it.",
        }),
      ),
    );

  const slices: StateCreator<
    SquigglyState,
    [['zustand/persist', unknown], ['temporal', unknown]]
  > = (...a) => ({
    ...createEditorSlice(...a),
    ...createPuzzleSlice()(...a),
    ...createStrokeSlice(...a),
    ...createRunSlice(context)(...a),
    ...createPlaySlice(context)(...a),
    ...createLogicSlice(context)(...a),
    ...createSaveSlice(context)(...a),
    ...createImportSlice(context)(...a),
    ...createBatchSlice(...a),
    ...createLibrarySlice(context)(...a),
    ...createSetterSlice(context)(...a),
    ...createUpdateSlice(context)(...a),
  });

  const withHistory = temporal<SquigglyState, [['zustand/persist', unknown]], [], Puzzle>(slices, {
    partialize: puzzleOf,
    equality: samePuzzleAndInfo,
    limit: options.historyLimit ?? 100,
    wrapTemporal: (init) =>
      (storage && guarded
        ? persist(init, historyPersistOptions(storage, guarded, report))
        : init) as typeof init,
  });

  const withSave =
    storage && guarded
      ? persist(withHistory, puzzlePersistOptions(storage, guarded, report))
      : withHistory;

  // The middleware types do not compose across the optional persist; the shape is checked by tests.
  const store = createStore<SquigglyState>()(
    withSave as unknown as StateCreator<SquigglyState>,
  ) as unknown as SquigglyStore;

  if (report.notices.length > 0) store.setState({ notice: report.notices.join(' ') });
  if (report.unreadable.length > 0) store.setState({ unreadableSaves: report.unreadable });
  return store;
}

/** Whether the puzzle differs from what was last created, loaded or exported. */
export const hasUnsavedWork = (state: SquigglyState): boolean =>
  puzzleKey(state) !== state.baselineKey;
