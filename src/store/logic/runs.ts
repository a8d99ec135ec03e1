/**
 * The logic slice's runs in the worker, and the layer they write: one runner on the `logic`
 * client (runner.ts), the rating in flight, and the subscription that retires the layer and
 * stops a run when the puzzle changes. The actions (steps.ts, generate.ts) go through
 * `runLogic` and write the layer with `updateLayer`.
 *
 * The app gives the logic slice a worker of its own: the rating that follows every unique
 * verdict then runs beside a Solve instead of stopping the solver's warm worker (a worker runs
 * one call at a time, and a new call ends the one in flight by ending the worker). Where the
 * client is the solver's (tests, and any host with one worker), the slices take turns: a
 * logic run stops the run slice's run (cancelSolve) and the run slice starting a run stops
 * this one (the subscription here).
 *
 * A unique verdict, explicit or live, brings its rating by itself, once the page is idle
 * (StoreContext.followUp). A Hint or Solve by logic pressed while a rating runs waits for it:
 * stopping it would end the worker, and ignoring the press lost the user's first click.
 */
import type { StoreApi } from 'zustand/vanilla';
import { layoutOf } from '../derived.ts';
import type { LogicLayer, LogicTask } from '../logicSlice.ts';
import { samePuzzle } from '../puzzle.ts';
import { createRunner, type Runner } from '../runner.ts';
import { answers, currentLogic, stampOf, type PuzzleStamp } from '../selectors.ts';
import type { SliceScope, SquigglyState } from '../state.ts';
import { layerPosition } from './positions.ts';

/** The logic slice's scope: the store, and the runs' own state (one per store). */
export interface LogicScope extends SliceScope {
  runner: Runner;
  /** The task of the run in flight (what `logicRun` says it is). */
  task: LogicTask;
  /** The rating in flight, if any: a Hint or Solve by logic asked meanwhile waits for it. */
  rating: Promise<unknown> | null;
  /** Whether logic runs share the solver's worker, and so take turns with its runs. */
  sharesWorker: boolean;
}

export const emptyLayer = (puzzle: PuzzleStamp): LogicLayer => ({
  ...stampOf(puzzle),
  applied: [],
  redo: [],
  shown: null,
  message: null,
  list: null,
  rate: null,
});

/** The scope of one store's logic slice: its runner, and the subscription that follows edits. */
export function createLogicScope(
  { set, get, ctx }: SliceScope,
  api: StoreApi<SquigglyState>,
): LogicScope {
  const scope: LogicScope = {
    set,
    get,
    ctx,
    task: 'hint',
    rating: null,
    sharesWorker: ctx.logic === ctx.solver,
    runner: createRunner(
      {
        shown: () => {
          const run = get().logicRun;
          return run && { kind: 'solve', progress: null, slow: run.slow, startedAt: run.startedAt };
        },
        begin: (run) =>
          set({
            logicRun: {
              task: scope.task,
              slow: run.slow,
              startedAt: run.startedAt,
              progress: null,
            },
          }),
        update: (run) => {
          const shown = get().logicRun;
          if (shown) set({ logicRun: { ...shown, slow: run.slow } });
        },
      },
      ctx.slowAfterMs,
    ),
  };
  const { runner } = scope;

  // An edit of the puzzle retires the layer and stops a logic run; on a shared worker, a run
  // of the run slice stops this slice's run.
  api.subscribe((state, previous) => {
    // Hydration writes before the store has a state: nothing to compare with yet.
    if (!previous) return;
    const edited = !samePuzzle(state, previous);
    const otherRunStarted = scope.sharesWorker && state.run !== null && previous.run === null;
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
      ctx.followUp(() => {
        const now = get();
        if (samePuzzle(now, state) && !runner.busy() && !currentLogic(now)?.rate)
          void now.rateLogically();
      });
    }
  });
  return scope;
}

/** The layer for the puzzle on screen, made if there is none. */
export const layerOf = ({ get }: SliceScope): LogicLayer =>
  currentLogic(get()) ?? emptyLayer(get());

export const updateLayer = (scope: SliceScope, change: Partial<LogicLayer>): void => {
  scope.set({ logic: { ...layerOf(scope), ...change } });
};

/** The request for the position on screen, or null (and a message) for an invalid layout. */
export const positionRequest = (scope: SliceScope) => {
  const state = scope.get();
  const layout = layoutOf(state);
  if (!layout.valid) {
    updateLayer(scope, {
      shown: null,
      message: `The layout is not complete yet: logic needs ${state.size} regions of ${state.size} cells.`,
    });
    return null;
  }
  const current = layerOf(scope);
  const position = current.applied.length > 0 ? layerPosition(state, current) : null;
  return {
    size: state.size,
    regions: Array.from(layout.regionOf),
    digits: position ? position.digits : state.givens.slice(),
    ...(position ? { candidates: position.candidates } : {}),
    ...(state.constraints.length > 0 ? { constraints: state.constraints } : {}),
  };
};

/** Run `work` in the worker as `kind`; null when it was stopped or failed (said). */
export async function runLogic<T>(
  scope: LogicScope,
  kind: LogicTask,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T | null> {
  const { set, get, runner } = scope;
  if (kind !== 'rate' && scope.rating !== null) {
    const asked = get();
    await scope.rating;
    // Edited meanwhile, or another press got there first: this one is over.
    if (!samePuzzle(get(), asked) || runner.busy()) return null;
  }
  if (scope.sharesWorker && get().run) get().cancelSolve();
  scope.task = kind;
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
