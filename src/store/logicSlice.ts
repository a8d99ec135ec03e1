/**
 * The logical solver in the page: Hint, Apply step, Solve by logic, the rating, and the
 * setter's generator (New puzzle with options). The reasoning runs in the worker; this slice
 * keeps what the page shows of it.
 *
 * The model, for a setter and a solver alike: the clues are the puzzle; a solver's progress
 * is a layer on top of them, never part of the puzzle. "Hint" asks the worker for the next
 * step from the current position (the clues plus the steps applied so far, with the
 * candidates those steps left) and shows it on the grid. "Apply step" adds the step to the
 * layer: its placements appear as deduced digits (not clues: the puzzle, its clue count and
 * its uniqueness do not change), its eliminations leave the candidates. Each applied step is
 * one step of the page's Undo (undoLogicStep, which the store's undo asks first) and Redo.
 * Any edit of the puzzle (a clue, a wall, an undo past the first applied step) retires the
 * layer, like every result stamped with the puzzle it answers; it is not saved, since the
 * hints can always make it again.
 *
 * "Solve by logic" solves from the current position in the worker and lists the steps, to the
 * end or to where logic gets stuck; the grid then shows the position reached (its digits as
 * deduced, the empty cells left marked), and a listed step chosen is shown on the position
 * before it (logicPosition). The rating (rate) counts first and rates a unique puzzle only.
 *
 * Runs go through runner.ts like the run slice's, with a runner of their own, on the `logic`
 * client. The app gives it a worker of its own: the rating that follows every unique verdict
 * then runs beside a Solve instead of stopping the solver's warm worker (a worker runs one
 * call at a time, and a new call ends the one in flight by ending the worker). Where the
 * client is the solver's (tests, and any host with one worker), the slices take turns: a
 * logic run stops the run slice's run (cancelSolve) and the run slice starting a run stops
 * this one (the subscription below).
 */
import {
  applyStep as applyToState,
  createBoard,
  initialState,
  type Rating,
  type SetterProgress,
  type Step,
} from '../engine/index.ts';
import type { LayoutChoice, RateResponse, SetterRequest } from '../worker/protocol.ts';
import { layoutOf } from './derived.ts';
import { samePuzzle, type Puzzle } from './puzzle.ts';
import { createRunner } from './runner.ts';
import { answers, currentLogic, stampOf } from './selectors.ts';
import type { SliceCreator, SquigglyState, StoreContext } from './state.ts';

/** A position on the way to the solution: digits placed and candidate masks (bit d = digit d). */
export interface LogicPosition {
  digits: number[];
  candidates: number[];
}

/** A solve by logic from the position where it was asked. */
export interface LogicList {
  status: 'solved' | 'stuck' | 'contradiction';
  steps: Step[];
  stuckCells: number[];
  contradiction?: string;
  /** How many steps had been applied when the list was made (its starting position). */
  from: number;
}

/** The solver's layer over one puzzle (see the file header). */
export interface LogicLayer {
  /** The puzzle this layer is about (by identity: any edit retires it). */
  walls: readonly number[];
  givens: readonly number[];
  regions: readonly number[];
  /** Steps applied, in order; `redo` holds the ones undone, last undone last. */
  applied: Step[];
  redo: Step[];
  /** The step shown on the grid: the hint, or a step of the list (`listIndex`). */
  shown: { step: Step; listIndex: number | null } | null;
  /** What the last Hint or Solve by logic said when there was no step to show. */
  message: string | null;
  list: LogicList | null;
  rate: RateResponse | null;
}

export type LogicTask = 'hint' | 'solve' | 'rate' | 'generate';

export interface LogicRun {
  task: LogicTask;
  slow: boolean;
  startedAt: number;
  /** The generator's progress (task 'generate'). */
  progress: SetterProgress | null;
}

/** What the New puzzle dialog asks for. */
export interface GenerateOptions {
  size: number;
  layout: LayoutChoice;
  clueSymmetry: SetterRequest['clueSymmetry'];
  minimal: boolean;
  difficulty?: SetterRequest['difficulty'];
}

export type GenerateOutcome =
  | {
      status: 'done';
      clues: number;
      rating: Rating;
      attempts: number;
      /** What the puzzle is not of what was asked (the worker's SetterPuzzle.note). */
      note?: string;
    }
  | { status: 'failed'; message: string }
  | { status: 'cancelled' };

export interface LogicSlice {
  logic: LogicLayer | null;
  logicRun: LogicRun | null;
  /** Why the last logic run failed (shown in the panel); null when it did not. */
  logicError: string | null;

  hint(): Promise<void>;
  /** Apply the step shown on the grid (one undo step). */
  applyShownStep(): void;
  solveLogically(): Promise<void>;
  /** Show step `index` of the list on the grid. */
  showListedStep(index: number): void;
  rateLogically(): Promise<void>;
  /** Forget the layer (the solver's progress, the list, the hint). */
  clearLogic(): void;
  /** Undo or redo the last applied step; false when there is none (the store's undo then acts). */
  undoLogicStep(): boolean;
  redoLogicStep(): boolean;
  /** Generate a puzzle with options and load it; resolves with how it went. */
  generateWith(options: GenerateOptions): Promise<GenerateOutcome>;
  cancelLogic(): void;
}

export const canUndoLogic = (state: SquigglyState): boolean =>
  (currentLogic(state)?.applied.length ?? 0) > 0;
export const canRedoLogic = (state: SquigglyState): boolean =>
  (currentLogic(state)?.redo.length ?? 0) > 0;

/** The position after the clues and `steps` (null when the layout is not a valid one). */
function positionAfter(puzzle: Puzzle, steps: readonly Step[]): LogicPosition | null {
  const layout = layoutOf(puzzle);
  if (!layout.valid) return null;
  const state = initialState(createBoard(puzzle.size, layout.regionOf, puzzle.givens));
  for (const step of steps) applyToState(state, step);
  return { digits: Array.from(state.grid), candidates: Array.from(state.candidates) };
}

const positions = new WeakMap<LogicLayer, Map<string, LogicPosition | null>>();

/** A position of the layer, made once per layer and key (a stable selector result). */
function memoised(
  layer: LogicLayer,
  key: string,
  make: () => LogicPosition | null,
): LogicPosition | null {
  let cache = positions.get(layer);
  if (!cache) {
    cache = new Map();
    positions.set(layer, cache);
  }
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) ?? null;
}

/** The position of a layer after its applied steps. */
function layerPosition(puzzle: Puzzle, layer: LogicLayer): LogicPosition | null {
  return memoised(layer, 'applied', () => positionAfter(puzzle, layer.applied));
}

/** The position of a layer's list before its step `index` (its end for steps.length). */
function listPosition(
  puzzle: Puzzle,
  layer: LogicLayer,
  list: LogicList,
  index: number,
): LogicPosition | null {
  return memoised(layer, `list${index}`, () =>
    positionAfter(puzzle, [...layer.applied.slice(0, list.from), ...list.steps.slice(0, index)]),
  );
}

/**
 * The solver's position on the grid: the clues plus the applied steps; while a Solve by
 * logic list is on screen, where it got to: before the listed step shown, else at its end
 * (every digit logic placed, the cells it could not fill left empty). Null when no step
 * has placed or removed anything yet.
 */
export function logicPosition(state: SquigglyState): LogicPosition | null {
  const layer = currentLogic(state);
  if (!layer) return null;
  const { list, shown } = layer;
  const index = shown ? shown.listIndex : list ? list.steps.length : null;
  if (list === null || index === null) {
    return layer.applied.length === 0 ? null : layerPosition(state, layer);
  }
  return list.from + index === 0 ? null : listPosition(state, layer, list, index);
}

/**
 * Whether the grid shows where a Solve by logic list got to (its end, no step of it chosen):
 * the list's own answer is in the panel, so drawing it does not call the grid into view on a
 * phone (GridSurface's "In view"); choosing a step of it, or a Hint, does.
 */
export function logicListAtEnd(state: SquigglyState): boolean {
  const layer = currentLogic(state);
  return layer != null && layer.list !== null && layer.shown === null;
}

/** What the grid draws over the cells: the step shown, the position before it, stuck cells. */
export interface LogicOverlay {
  step: Step | null;
  /** Candidates before the step (what the step reasons on), or where logic got stuck. */
  before: LogicPosition | null;
  stuckCells: number[];
}

const overlays = new WeakMap<LogicLayer, LogicOverlay | null>();

/** The overlay of the layer on screen; the same object while the layer is (a stable selector). */
export function logicOverlay(state: SquigglyState): LogicOverlay | null {
  const layer = currentLogic(state);
  if (!layer) return null;
  if (!overlays.has(layer)) overlays.set(layer, overlayOf(state, layer));
  return overlays.get(layer) ?? null;
}

function overlayOf(state: SquigglyState, layer: LogicLayer): LogicOverlay | null {
  const list = layer.list;
  const stuckCells = list && list.status !== 'solved' && !layer.shown ? list.stuckCells : [];
  if (!layer.shown && stuckCells.length === 0) return null;
  let before: LogicPosition | null = null;
  if (list && stuckCells.length > 0) before = listPosition(state, layer, list, list.steps.length);
  if (layer.shown) {
    const index = layer.shown.listIndex;
    before =
      index === null || !list
        ? layerPosition(state, layer)
        : listPosition(state, layer, list, index);
  }
  return { step: layer.shown?.step ?? null, before, stuckCells };
}

const emptyLayer = (puzzle: Puzzle): LogicLayer => ({
  ...stampOf(puzzle),
  applied: [],
  redo: [],
  shown: null,
  message: null,
  list: null,
  rate: null,
});

export const createLogicSlice =
  ({ solver, logic, slowAfterMs, randomSeed, followUp }: StoreContext): SliceCreator<LogicSlice> =>
  (set, get, api) => {
    /** Whether logic runs share the solver's worker, and so take turns with its runs. */
    const sharesWorker = logic === solver;
    let task: LogicTask = 'hint';
    const runner = createRunner(
      {
        shown: () => {
          const run = get().logicRun;
          return run && { kind: 'solve', progress: null, slow: run.slow, startedAt: run.startedAt };
        },
        begin: (run) =>
          set({ logicRun: { task, slow: run.slow, startedAt: run.startedAt, progress: null } }),
        update: (run) => {
          const shown = get().logicRun;
          if (shown) set({ logicRun: { ...shown, slow: run.slow } });
        },
      },
      slowAfterMs,
    );

    // An edit of the puzzle retires the layer and stops a logic run; on a shared worker, a run
    // of the run slice stops this slice's run.
    api.subscribe((state, previous) => {
      // Hydration writes before the store has a state: nothing to compare with yet.
      if (!previous) return;
      const edited = !samePuzzle(state, previous);
      const otherRunStarted = sharesWorker && state.run !== null && previous.run === null;
      if ((edited || otherRunStarted) && runner.busy()) {
        runner.stop();
        api.setState({ logicRun: null });
      }
      if (edited && state.logic && !answers(state.logic, state)) api.setState({ logic: null });
      // A unique verdict, explicit or live, brings its rating (cheap next to the count it
      // follows), so the rating stands beside every verdict of a unique puzzle; so does a
      // generated puzzle, unique by making (Play shows the level before the first move).
      const result = state.result;
      const explicitUnique =
        result !== previous.result &&
        ((result?.outcome.status === 'unique' &&
          (result.kind === 'unique' || result.kind === 'solve')) ||
          result?.outcome.status === 'generated');
      const liveUnique = state.live !== previous.live && state.live?.outcome.status === 'unique';
      if ((explicitUnique || liveUnique) && !runner.busy() && !currentLogic(state)?.rate) {
        // Asked again when the task runs (in the app, once the page is idle: StoreOptions.
        // followUp): Solve writes its result and then the verdict, two writes that each see a
        // unique puzzle not rated yet, and a second rating would stop the first (and with it
        // the worker); and the puzzle may have been edited meanwhile. A Hint pressed while it
        // runs waits for it (runLogic).
        followUp(() => {
          const now = get();
          if (samePuzzle(now, state) && !runner.busy() && !currentLogic(now)?.rate)
            void now.rateLogically();
        });
      }
    });

    /** The layer for the puzzle on screen, made if there is none. */
    const layer = (): LogicLayer => currentLogic(get()) ?? emptyLayer(get());
    const update = (change: Partial<LogicLayer>): void => {
      set({ logic: { ...layer(), ...change } });
    };

    /** The request for the position on screen, or null (and a message) for an invalid layout. */
    const request = () => {
      const state = get();
      const layout = layoutOf(state);
      if (!layout.valid) {
        update({
          shown: null,
          message: `The layout is not complete yet: logic needs ${state.size} regions of ${state.size} cells.`,
        });
        return null;
      }
      const current = layer();
      const position = current.applied.length > 0 ? layerPosition(state, current) : null;
      return {
        size: state.size,
        regions: Array.from(layout.regionOf),
        digits: position ? position.digits : state.givens.slice(),
        ...(position ? { candidates: position.candidates } : {}),
      };
    };

    /**
     * The rating in flight, if any. A rating follows every unique verdict by itself, so a
     * Hint or Solve by logic asked meanwhile waits for it: stopping it would end the worker,
     * and ignoring the press (as the panel did) lost the user's first click.
     */
    let rating: Promise<unknown> | null = null;

    /** Run `work` in the worker as `kind`; null when it was stopped or failed (said). */
    async function runLogic<T>(
      kind: LogicTask,
      work: (signal: AbortSignal) => Promise<T>,
    ): Promise<T | null> {
      if (kind !== 'rate' && rating !== null) {
        const asked = get();
        await rating;
        // Edited meanwhile, or another press got there first: this one is over.
        if (!samePuzzle(get(), asked) || runner.busy()) return null;
      }
      if (sharesWorker && get().run) get().cancelSolve();
      task = kind;
      set({ logicError: null });
      const settled = await runner.runInWorker({ kind: 'solve' }, (signal) => work(signal));
      if (!settled) return null;
      set({ logicRun: null });
      if (!settled.ok) {
        const outcome = settled.outcome;
        set({ logicError: outcome.status === 'error' ? outcome.message : 'The run failed.' });
        return null;
      }
      return settled.value;
    }

    return {
      logic: null,
      logicRun: null,
      logicError: null,

      hint: async () => {
        const asked = request();
        if (!asked) return;
        // A run stopped by an edit settles as null, so an answer is about the puzzle on screen.
        const answer = await runLogic('hint', (signal) => logic.nextStep(asked, { signal }));
        if (!answer) return;
        const emptyCells = asked.digits.filter((digit) => digit === 0).length;
        const message =
          answer.status === 'solved'
            ? 'The grid is full: there is nothing left to deduce.'
            : answer.status === 'stuck'
              ? `No step: logic alone gets stuck here, with ${emptyCells} empty cells. The puzzle needs search (or techniques beyond these).`
              : answer.status === 'contradiction'
                ? `No step: this position is impossible (${answer.contradiction ?? 'a clash'}).`
                : null;
        update({ shown: answer.step ? { step: answer.step, listIndex: null } : null, message });
      },

      applyShownStep: () => {
        const current = currentLogic(get());
        const shown = current?.shown;
        if (!current || !shown) return;
        // A listed step applies only in order: the one right after the position on screen.
        if (shown.listIndex !== null) {
          const list = current.list;
          if (!list || list.from + shown.listIndex !== current.applied.length) return;
        }
        const applied = [...current.applied, shown.step];
        const list = current.list;
        const next: Partial<LogicLayer> = { applied, redo: [], shown: null, message: null };
        // The list stays while it continues from the new position (its next step is shown).
        if (list && shown.listIndex !== null && shown.listIndex + 1 < list.steps.length) {
          next.shown = { step: list.steps[shown.listIndex + 1], listIndex: shown.listIndex + 1 };
        } else if (list && shown.listIndex === null) {
          next.list = null;
        }
        update(next);
      },

      solveLogically: async () => {
        const asked = request();
        if (!asked) return;
        const from = layer().applied.length;
        const answer = await runLogic('solve', (signal) => logic.solveByLogic(asked, { signal }));
        if (!answer) return;
        update({
          shown: null,
          message: null,
          list: {
            status: answer.status,
            steps: answer.steps,
            stuckCells: answer.stuckCells,
            ...(answer.contradiction === undefined ? {} : { contradiction: answer.contradiction }),
            from,
          },
        });
      },

      showListedStep: (index) => {
        const list = currentLogic(get())?.list;
        if (!list || index < 0 || index >= list.steps.length) return;
        update({ shown: { step: list.steps[index], listIndex: index }, message: null });
      },

      rateLogically: async () => {
        const state = get();
        const layout = layoutOf(state);
        if (!layout.valid) return;
        const asked = {
          size: state.size,
          regions: Array.from(layout.regionOf),
          digits: state.givens,
        };
        // A rating already in flight answers this press too.
        if (rating !== null) {
          await rating;
          return;
        }
        const run = runLogic('rate', (signal) => logic.rate(asked, { signal }));
        rating = run;
        let answer: Awaited<typeof run>;
        try {
          answer = await run;
        } finally {
          if (rating === run) rating = null;
        }
        if (!answer) return;
        update({ rate: answer });
      },

      clearLogic: () => {
        runner.stop();
        set({ logic: null, logicRun: null, logicError: null });
      },

      undoLogicStep: () => {
        const current = currentLogic(get());
        if (!current || current.applied.length === 0) return false;
        const last = current.applied[current.applied.length - 1];
        update({
          applied: current.applied.slice(0, -1),
          redo: [...current.redo, last],
          shown: { step: last, listIndex: null },
          list: null,
          message: null,
        });
        return true;
      },

      redoLogicStep: () => {
        const current = currentLogic(get());
        if (!current || current.redo.length === 0) return false;
        const step = current.redo[current.redo.length - 1];
        update({
          applied: [...current.applied, step],
          redo: current.redo.slice(0, -1),
          shown: null,
          list: null,
          message: null,
        });
        return true;
      },

      generateWith: async (options) => {
        const state = get();
        const layout = layoutOf(state);
        if (options.layout === 'keep' && (!layout.valid || options.size !== state.size)) {
          return {
            status: 'failed',
            message: 'Keep my layout needs a complete layout of this size: N regions of N cells.',
          };
        }
        const setterRequest: SetterRequest = {
          size: options.size,
          layout: options.layout,
          ...(options.layout === 'keep' ? { regions: Array.from(layout.regionOf) } : {}),
          clueSymmetry: options.clueSymmetry,
          minimal: options.minimal,
          ...(options.difficulty === undefined ? {} : { difficulty: options.difficulty }),
          seed: randomSeed(),
        };
        const made = await runLogic('generate', (signal) => {
          const onProgress = (progress: SetterProgress): void => {
            const run = get().logicRun;
            if (run?.task === 'generate' && !signal.aborted)
              set({ logicRun: { ...run, progress } });
          };
          return logic.generateSetterPuzzle(setterRequest, { signal, onProgress });
        });
        if (!made) {
          // A failure is said in logicError; a stop (Cancel, an edit) leaves it null.
          const error = get().logicError;
          return error ? { status: 'failed', message: error } : { status: 'cancelled' };
        }
        get().loadPuzzle(made.size, made.regions, made.givens);
        // The new puzzle comes rated: its layer starts with the rating, and with what it is
        // not of what was asked (the closest to a difficulty, not minimal) said in the panel.
        set({
          logic: {
            ...emptyLayer(get()),
            rate: { solutions: 'unique', rating: made.rating },
            message: made.note ?? null,
          },
        });
        const clues = made.givens.filter((digit) => digit !== 0).length;
        return {
          status: 'done',
          clues,
          rating: made.rating,
          attempts: made.attempts,
          ...(made.note === undefined ? {} : { note: made.note }),
        };
      },

      cancelLogic: () => {
        if (!runner.busy()) return;
        runner.stop();
        set({ logicRun: null });
      },
    };
  };
