/**
 * The app's one store (zustand, vanilla so it runs and tests without React):
 *   puzzle      size, walls, givens, region labels: the only part undo and autosave are about
 *   editor      mode, cursor, picked cells, the count limit
 *   solve       the run in flight and the last result, stamped with the puzzle it answers
 * Middleware order: persist(temporal(...)). Hydration writes through persist's own setter, so
 * it never lands in undo history; undo and redo write through persist, so they autosave.
 */
import { temporal, type TemporalState } from 'zundo';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';
import type { SearchProgress } from '../engine/contract.ts';
import type { SolverClient } from '../worker/protocol.ts';
import { isAbortError } from '../worker/client.ts';
import { blockingProblems, layoutOf } from './derived.ts';
import {
  browserStorage,
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
import {
  edgeCells,
  emptyGridPuzzle,
  hasWall,
  isAppSize,
  paintCells,
  puzzleFromRegions,
  puzzleKey,
  regionsAfterWalls,
  settleRegions,
  standardPuzzle,
  withWall,
  type EdgeId,
  type Puzzle,
} from './puzzle.ts';
import {
  errorOutcome,
  outcomeOf,
  type RunKind,
  type SolveKind,
  type SolveOutcome,
} from './solveOutcome.ts';

export type Mode = 'walls' | 'paint' | 'digits';
export const MODES: readonly Mode[] = ['walls', 'paint', 'digits'];

/** How a new puzzle starts; 'puzzle' is a generated puzzle (random layout, unique clues). */
export type StartLayout = 'standard' | 'empty' | 'random' | 'puzzle';

/** What a paint stroke did: cells joined the start region, or were carved out as a new one. */
export type PaintEffect = 'joined' | 'carved' | null;

export const DEFAULT_COUNT_LIMIT = 1000;
export const MAX_COUNT_LIMIT = 1_000_000;

export interface SolveRun {
  kind: RunKind;
  /** Work done so far, from the worker's progress reports. */
  progress: SearchProgress | null;
  /** Set once the run has lasted longer than a moment: the page shows progress and Cancel. */
  slow: boolean;
  /** When the run started (Date.now()), for the time shown while generating. */
  startedAt: number;
  /** The size of the puzzle being generated (kind 'generate'). */
  size?: number;
}

export interface SolveResult {
  kind: RunKind;
  outcome: SolveOutcome;
  /** The puzzle this answers (by identity: any edit makes new arrays, so it goes stale). */
  walls: readonly number[];
  givens: readonly number[];
  regions: readonly number[];
}

export interface SquigglyState extends Puzzle {
  mode: Mode;
  /** The cell with keyboard focus. */
  cursor: number;
  /** Cells picked for a keyboard region assignment (paint mode). */
  picked: number[];
  countLimit: number;
  run: SolveRun | null;
  result: SolveResult | null;
  /** A message the user must see (a save set aside, a puzzle upgraded); null when none. */
  notice: string | null;
  /** Key of the puzzle as last created, loaded or exported: anything else is unsaved work. */
  baselineKey: string;

  setMode(mode: Mode): void;
  setCursor(cell: number): void;
  togglePicked(cell: number): void;
  clearPicked(): void;
  setCountLimit(limit: number): void;
  dismissNotice(): void;

  /**
   * Start over at `size` with a start layout; 'random' asks the worker for a jigsaw, 'puzzle'
   * starts `generatePuzzle` (resolved when the puzzle is there, cancelled or failed).
   */
  newPuzzle(size: number, start: StartLayout): Promise<void>;
  /**
   * Have the worker generate a puzzle (a unique, minimal puzzle on a random jigsaw layout) and
   * load it. A run like the solve runs: progress after a moment, Cancel, stopped by an edit.
   */
  generatePuzzle(size: number): Promise<void>;
  /** Replace the puzzle with a loaded one (undoable, and it becomes the saved baseline). */
  loadPuzzle(size: number, regions: ArrayLike<number>, givens: ArrayLike<number>): void;
  /** Note that the current puzzle has been exported: it is no longer unsaved work. */
  markSaved(): void;

  toggleWall(edge: EdgeId): void;
  /** A stroke (wall drag) is one undo step: begin, any number of setWall, then end or cancel. */
  beginStroke(): void;
  strokeSetWall(edge: EdgeId, on: boolean): void;
  endStroke(): void;
  cancelStroke(): void;
  /**
   * A paint stroke from `origin` over `cells`. Cells outside the origin's region join it.
   * When every cell is already in it and that region is oversized (more than N cells, like
   * the whole of an empty grid), the stroke is carved out as a new region. An oversized region
   * cut apart becomes one region per part; a smaller one stays one region in pieces (the
   * layout reports them). One undo step.
   */
  paint(origin: number, cells: readonly number[]): PaintEffect;
  /** The cells join region `regionNumber` (1-based, as shown); beyond the last, a new one. */
  assignRegion(cells: readonly number[], regionNumber: number): void;

  setGiven(cell: number, digit: number): void;

  solve(kind: SolveKind): Promise<void>;
  cancelSolve(): void;

  undo(): void;
  redo(): void;
}

export interface StoreOptions {
  solver: SolverClient;
  /** Where to autosave; null for nowhere. Default: localStorage when available. */
  storage?: KeyValueStorage | null;
  /** How long a run may take before progress and Cancel show (ms). */
  slowAfterMs?: number;
  /** Undo steps kept. */
  historyLimit?: number;
  /** Seed source for random layouts (tests pass a fixed one). */
  randomSeed?: () => number;
}

export type SquigglyStore = StoreApi<SquigglyState> & {
  temporal: StoreApi<TemporalState<Puzzle>>;
};

const samePuzzle = (a: Puzzle, b: Puzzle): boolean =>
  a.size === b.size && a.walls === b.walls && a.givens === b.givens && a.regions === b.regions;

const puzzleOf = (state: Puzzle): Puzzle => ({
  size: state.size,
  walls: state.walls,
  givens: state.givens,
  regions: state.regions,
});

const stampOf = (puzzle: Puzzle): Pick<SolveResult, 'walls' | 'givens' | 'regions'> => ({
  walls: puzzle.walls,
  givens: puzzle.givens,
  regions: puzzle.regions,
});

/** Whether a result (or anything stamped with a puzzle's arrays) answers this puzzle. */
const answers = (result: SolveResult, puzzle: Puzzle): boolean =>
  result.walls === puzzle.walls &&
  result.givens === puzzle.givens &&
  result.regions === puzzle.regions;

export function createSquigglyStore(options: StoreOptions): SquigglyStore {
  const { solver } = options;
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const slowAfterMs = options.slowAfterMs ?? 250;
  const randomSeed = options.randomSeed ?? (() => Math.floor(Math.random() * 2 ** 31));
  // Messages gathered while the store hydrates, shown once it exists.
  const notices: string[] = [];
  // The run in flight: aborting it terminates the worker.
  let running: { controller: AbortController; timer: ReturnType<typeof setTimeout> } | null = null;
  // The puzzle before the stroke in progress, or null when no stroke is in progress.
  let strokeBase: Puzzle | null = null;

  const stopRun = (): void => {
    if (!running) return;
    clearTimeout(running.timer);
    running.controller.abort();
    running = null;
  };

  // Writes that fail (storage full or blocked) must not break the edit that caused them:
  // the edit stands, and the user is told once that autosave has stopped working.
  let writeFailed = false;
  const guarded: KeyValueStorage | null = storage && {
    getItem: (name) => storage.getItem(name),
    removeItem: (name) => storage.removeItem(name),
    setItem: (name, value) => {
      try {
        storage.setItem(name, value);
      } catch {
        if (writeFailed) return;
        writeFailed = true;
        queueMicrotask(() =>
          store.setState({
            notice:
              "Autosave failed: the browser's storage is full or blocked. Export your puzzle to keep it.",
          }),
        );
      }
    },
  };
  const jsonStorage = guarded ? createJSONStorage(() => guarded) : undefined;
  const initial = standardPuzzle(9);

  const creator = temporal<SquigglyState, [['zustand/persist', unknown]], [], Puzzle>(
    (set, get) => {
      const setPuzzle = (puzzle: Partial<Puzzle>): void => {
        set(puzzle);
      };
      // Drawn walls carry the regions along: a wall that closes a cut makes a new region.
      const setWalls = (walls: number[]): void => {
        const { size, walls: before, regions } = get();
        setPuzzle({ walls, regions: regionsAfterWalls(size, before, regions, walls) });
      };
      // A run in the worker (solve, count, generate): one at a time; a new one stops the last.
      const startRun = (
        run: Pick<SolveRun, 'kind' | 'size'>,
      ): { controller: AbortController; timer: ReturnType<typeof setTimeout> } => {
        stopRun();
        const controller = new AbortController();
        const timer = setTimeout(() => {
          const current = get().run;
          if (running?.controller === controller && current) {
            set({ run: { ...current, slow: true } });
          }
        }, slowAfterMs);
        running = { controller, timer };
        set({ run: { ...run, progress: null, slow: false, startedAt: Date.now() }, result: null });
        return { controller, timer };
      };
      const finishRun = (timer: ReturnType<typeof setTimeout>): void => {
        clearTimeout(timer);
        running = null;
      };
      return {
        ...initial,
        mode: 'walls',
        cursor: 0,
        picked: [],
        countLimit: DEFAULT_COUNT_LIMIT,
        run: null,
        result: null,
        notice: null,
        baselineKey: puzzleKey(initial),

        setMode: (mode) => set({ mode, picked: [] }),
        setCursor: (cell) => set({ cursor: cell }),
        togglePicked: (cell) => {
          const picked = get().picked;
          set({
            picked: picked.includes(cell) ? picked.filter((c) => c !== cell) : [...picked, cell],
          });
        },
        clearPicked: () => set({ picked: [] }),
        setCountLimit: (limit) => {
          if (!Number.isInteger(limit) || limit < 2) return;
          set({ countLimit: Math.min(limit, MAX_COUNT_LIMIT) });
        },
        dismissNotice: () => set({ notice: null }),

        newPuzzle: async (size, start) => {
          if (!isAppSize(size)) return;
          if (start === 'puzzle') return get().generatePuzzle(size);
          let puzzle: Puzzle;
          if (start === 'random') {
            const regions = await solver.randomLayout(size, randomSeed());
            puzzle = puzzleFromRegions(size, regions, new Array<number>(size * size).fill(0));
          } else {
            puzzle = start === 'empty' ? emptyGridPuzzle(size) : standardPuzzle(size);
          }
          set({ ...puzzle, cursor: 0, picked: [], baselineKey: puzzleKey(puzzle) });
        },
        generatePuzzle: async (size) => {
          if (!isAppSize(size)) return;
          const { controller, timer } = startRun({ kind: 'generate', size });
          let outcome: SolveOutcome;
          try {
            const generated = await solver.generatePuzzle(size, randomSeed(), {
              signal: controller.signal,
            });
            if (running?.controller !== controller) return;
            finishRun(timer);
            set({ run: null, result: null });
            get().loadPuzzle(size, generated.regions, generated.givens);
            // Said in the status region, stamped with the new puzzle: the first edit retires it.
            const clues = generated.givens.filter((digit) => digit !== 0).length;
            const stamp = stampOf(get());
            set({
              result: { kind: 'generate', outcome: { status: 'generated', clues }, ...stamp },
            });
            return;
          } catch (error) {
            if (isAbortError(error)) return;
            outcome = errorOutcome(error);
          }
          if (running?.controller !== controller) return;
          finishRun(timer);
          set({ run: null, result: { kind: 'generate', outcome, ...stampOf(get()) } });
        },
        loadPuzzle: (size, regions, givens) => {
          const puzzle = puzzleFromRegions(size, regions, givens);
          set({ ...puzzle, cursor: 0, picked: [], baselineKey: puzzleKey(puzzle) });
        },
        markSaved: () => set({ baselineKey: puzzleKey(get()) }),

        toggleWall: (edge) => {
          const { walls, size } = get();
          setWalls(withWall(walls, edge, size, !hasWall(walls, edge, size)));
        },
        beginStroke: () => {
          if (strokeBase) return;
          strokeBase = puzzleOf(get());
          store.temporal.getState().pause();
        },
        strokeSetWall: (edge, on) => {
          const { walls, size } = get();
          if (edgeCells(edge, size).other < 0 || hasWall(walls, edge, size) === on) return;
          setWalls(withWall(walls, edge, size, on));
        },
        endStroke: () => {
          const base = strokeBase;
          if (!base) return;
          strokeBase = null;
          const final = puzzleOf(get());
          if (samePuzzle(base, final)) {
            store.temporal.getState().resume();
            return;
          }
          // Rewind to the start of the stroke while paused, then make the whole stroke one set:
          // zundo records exactly one step, from `base` to `final`.
          setPuzzle(base);
          store.temporal.getState().resume();
          setPuzzle(final);
        },
        cancelStroke: () => {
          const base = strokeBase;
          if (!base) return;
          strokeBase = null;
          setPuzzle(base);
          store.temporal.getState().resume();
        },
        paint: (origin, cells) => {
          const state = get();
          const { size, regions } = state;
          const stroke = [...new Set([origin, ...cells])];
          const target = regions[origin];
          const joining = stroke.filter((cell) => regions[cell] !== target);
          if (joining.length > 0) {
            setPuzzle(paintCells(state, joining, target));
            return 'joined';
          }
          // Every cell already in the start region: carve them out when that region is
          // oversized (an empty grid's one big area), as long as something is left of it.
          const regionSize = regions.filter((label) => label === target).length;
          if (stroke.length < 2 || regionSize <= size || stroke.length === regionSize) return null;
          const fresh = regions.reduce((max, label) => Math.max(max, label), 0) + 1;
          setPuzzle(paintCells(state, stroke, fresh));
          return 'carved';
        },
        assignRegion: (cells, regionNumber) => {
          const state = get();
          if (cells.length === 0 || regionNumber < 1) return;
          const count = state.regions.reduce((max, label) => Math.max(max, label), -1) + 1;
          // Past the last region: a fresh label, so the cells form a new region of their own.
          const target = Math.min(regionNumber - 1, count);
          const next = paintCells(state, cells, target);
          set({ picked: [] });
          if (next.regions.some((label, cell) => label !== state.regions[cell])) setPuzzle(next);
        },

        setGiven: (cell, digit) => {
          const { givens, size } = get();
          if (cell < 0 || cell >= size * size || digit < 0 || digit > size) return;
          if (givens[cell] === digit) return;
          const next = givens.slice();
          next[cell] = digit;
          setPuzzle({ givens: next });
        },

        solve: async (kind) => {
          const state = get();
          const layout = layoutOf(state);
          const stamp = stampOf(state);
          if (!layout.valid) {
            stopRun();
            const reasons = blockingProblems(layout).map((problem) => problem.message);
            set({ run: null, result: { kind, outcome: { status: 'invalid', reasons }, ...stamp } });
            return;
          }
          const { controller, timer } = startRun({ kind });
          const limit = kind === 'count' ? state.countLimit : 2;
          let outcome: SolveOutcome;
          try {
            const response = await solver.count(
              {
                size: state.size,
                regions: Array.from(layout.regionOf),
                givens: state.givens,
                limit,
                keepSolutions: 2,
              },
              {
                signal: controller.signal,
                onProgress: (progress) => {
                  const run = get().run;
                  if (running?.controller === controller && run) set({ run: { ...run, progress } });
                },
              },
            );
            outcome = outcomeOf(response);
          } catch (error) {
            // Aborted: by Cancel (which already reported it) or by an edit or a newer run.
            if (isAbortError(error)) return;
            outcome = errorOutcome(error);
          }
          if (running?.controller !== controller) return;
          finishRun(timer);
          set({ run: null, result: { kind, outcome, ...stamp } });
        },
        cancelSolve: () => {
          const run = get().run;
          if (!running || !run) return;
          stopRun();
          // Said at once: the worker is gone, there is nothing to wait for.
          set({
            run: null,
            result: { kind: run.kind, outcome: { status: 'cancelled' }, ...stampOf(get()) },
          });
        },

        undo: () => {
          if (strokeBase) return;
          store.temporal.getState().undo();
        },
        redo: () => {
          if (strokeBase) return;
          store.temporal.getState().redo();
        },
      };
    },
    {
      partialize: puzzleOf,
      equality: samePuzzle,
      limit: options.historyLimit ?? 100,
      wrapTemporal: (init) =>
        (storage
          ? persist(init, {
              name: HISTORY_KEY,
              version: STORAGE_VERSION,
              storage: jsonStorage,
              partialize: (state) => ({
                pastStates: state.pastStates,
                futureStates: state.futureStates,
              }),
              migrate: (saved, version) =>
                migrateSavedHistory(saved, version) as TemporalState<Puzzle>,
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
            })
          : init) as typeof init,
    },
  );

  const persisted = storage
    ? persist(creator, {
        name: STORAGE_KEY,
        version: STORAGE_VERSION,
        storage: jsonStorage,
        partialize: (state) => ({
          size: state.size,
          walls: state.walls,
          givens: state.givens,
          regions: state.regions,
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
            baselineKey:
              typeof extra.baselineKey === 'string' ? extra.baselineKey : puzzleKey(puzzle),
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
      })
    : creator;

  // The middleware types do not compose across the optional persist; the shape is checked by tests.
  const store = createStore<SquigglyState>()(
    persisted as unknown as StateCreator<SquigglyState>,
  ) as unknown as SquigglyStore;

  // Any edit of the puzzle stops the run in flight and retires the result it would replace.
  // A generation stopped by an edit says so: the new puzzle the user asked for will not come.
  store.subscribe((state, previous) => {
    if (samePuzzle(state, previous)) return;
    const stale = state.result && !answers(state.result, state);
    if (running || state.run || stale) {
      const generating = state.run?.kind === 'generate';
      stopRun();
      store.setState({
        run: null,
        result: generating
          ? { kind: 'generate', outcome: { status: 'cancelled' }, ...stampOf(state) }
          : null,
      });
    }
  });

  if (notices.length > 0) store.setState({ notice: notices.join(' ') });
  return store;
}

/** Whether the puzzle differs from what was last created, loaded or exported. */
export const hasUnsavedWork = (state: SquigglyState): boolean =>
  puzzleKey(state) !== state.baselineKey;

/** The result, if it still answers the puzzle on screen. */
export const currentResult = (state: SquigglyState): SolveResult | null =>
  state.result && answers(state.result, state) ? state.result : null;
