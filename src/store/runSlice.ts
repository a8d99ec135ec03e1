/**
 * Runs in the worker: solve, check uniqueness, count, generate, and the live verdict. One run
 * at a time; a new run, Cancel or any edit of the puzzle stops the one in flight. Every run goes
 * through the one lifecycle in runner.ts (`runInWorker`); this slice says what each kind asks
 * the worker and what its answer means for the page.
 *
 * The live verdict (unique / several / none / layout not ready) follows every edit without a
 * click. An edit writes nothing here: the last verdict is stamped with its puzzle, so after an
 * edit it no longer answers and the page shows "checking" (or "layout not ready", which it
 * derives from the layout and needs no worker). `liveCheckMs` later, when no edit came in
 * between, a uniqueness count runs in the worker on its own runner. Writing nothing on an edit
 * keeps a keystroke to the one store update it needs (each update also autosaves). Explicit and live runs never fight: an explicit run (Solve, Check uniqueness,
 * Count, generate) first stops the live check and its pending timer, and a live check never
 * starts while an explicit run is in flight; that run's answer becomes the verdict instead.
 * The page only debounces, so typing is never held up by a search. After a reload the store
 * checks again at once, so the last verdict for the puzzle on screen comes back.
 *
 * A result is stamped with the puzzle it answers (by array identity: any edit makes new
 * arrays: selectors.ts), so the page never shows an answer to a puzzle that is no longer on
 * screen.
 */
import type { CountRequest } from '../worker/protocol.ts';
import { blockingProblems, layoutOf } from './derived.ts';
import { isAppSize, samePuzzle } from './puzzle.ts';
import { createRunner, type SolveRun } from './runner.ts';
import { outcomeOf, type RunKind, type SolveKind, type SolveOutcome } from './solveOutcome.ts';
import { answers, currentVerdict, stampOf, type PuzzleStamp } from './selectors.ts';
import type { SliceCreator, SquigglyState, StoreContext } from './state.ts';

/** The last run's outcome, stamped with the puzzle it answers. */
/** The stamp (selectors.ts) is the puzzle this answers: any edit makes it stale. */
export interface RunResult extends PuzzleStamp {
  kind: RunKind;
  outcome: SolveOutcome;
}

/** The last live verdict, stamped with the puzzle it answers. */
export interface LiveVerdict extends PuzzleStamp {
  outcome: SolveOutcome;
}

/**
 * What the worker is asked to count: the puzzle on screen with its complete layout, and its
 * constraints when it has any (the worker then counts with the variant engine).
 */
function countRequestOf(
  state: SquigglyState,
  regionOf: ArrayLike<number>,
  limit: number,
): CountRequest {
  return {
    size: state.size,
    regions: Array.from(regionOf),
    givens: state.givens,
    limit,
    keepSolutions: 2,
    ...(state.constraints.length > 0 && { constraints: state.constraints }),
  };
}

/** How long the puzzle must stay unchanged before the live check runs (the app's debounce). */
export const LIVE_CHECK_MS = 300;

export interface RunSlice {
  run: SolveRun | null;
  result: RunResult | null;
  /** The last live verdict; null until the first check (or when live checks are off). */
  live: LiveVerdict | null;
  /** Whether the store checks the puzzle after each edit (StoreOptions.liveCheckMs). */
  liveChecks: boolean;

  solve(kind: SolveKind): Promise<void>;
  /**
   * Have the worker generate a puzzle (a unique, minimal puzzle on a random jigsaw layout) and
   * load it. A run like the solve runs: progress after a moment, Cancel, stopped by an edit.
   */
  generatePuzzle(size: number): Promise<void>;
  /**
   * Start a new empty puzzle on a random jigsaw layout from the worker (New's "Random jigsaw",
   * and a size without boxes). A run like the others, so no other call on the worker (the live
   * check) can take its place and drop the new puzzle unseen: an edit or Cancel stops it and
   * says so, and a failure is said in the Solve panel.
   */
  newRandomJigsaw(size: number): Promise<void>;
  cancelSolve(): void;
}

/** Outcomes that answer "how many solutions": they double as the live verdict. */
const VERDICT_STATUSES = new Set<SolveOutcome['status']>([
  'unique',
  'none',
  'multiple',
  'invalid',
  'error',
]);

export const createRunSlice =
  ({ solver, logic, slowAfterMs, randomSeed, liveCheckMs }: StoreContext): SliceCreator<RunSlice> =>
  (set, get, api) => {
    const runner = createRunner(
      {
        shown: () => get().run,
        begin: (run) => set({ run, result: null }),
        update: (run) => set({ run }),
      },
      slowAfterMs,
    );
    // The live check shows no run (no progress, no Cancel): only its verdict.
    const liveRunner = createRunner(
      { shown: () => null, begin: () => {}, update: () => {} },
      slowAfterMs,
    );
    let liveTimer: ReturnType<typeof setTimeout> | null = null;

    const stopLive = (): void => {
      if (liveTimer !== null) clearTimeout(liveTimer);
      liveTimer = null;
      liveRunner.stop();
    };

    /** A run on this puzzle answered: its outcome is the verdict too. */
    const settleVerdict = (stamp: PuzzleStamp, outcome: SolveOutcome): void => {
      if (liveCheckMs === null || !VERDICT_STATUSES.has(outcome.status)) return;
      if (answers(stamp, get())) set({ live: { outcome, ...stamp } });
    };

    const checkLive = async (): Promise<void> => {
      liveTimer = null;
      // An explicit run started after the last edit: its answer becomes the verdict.
      if (runner.busy()) return;
      const state = get();
      // The worker runs one call at a time, and a new one stops the call in flight: Play's
      // Check or Hint, or a logic run on this worker (a generated puzzle, which may take
      // minutes), which the user is waiting for, goes first, and the verdict comes after it.
      if (state.playChecking || (logic === solver && state.logicRun !== null)) {
        scheduleLive();
        return;
      }
      const stamp = stampOf(state);
      const layout = layoutOf(state);
      if (!layout.valid) return;
      const request = countRequestOf(state, layout.regionOf, 2);
      const settled = await liveRunner.runInWorker({ kind: 'unique' }, (signal) =>
        solver.count(request, { signal }),
      );
      if (!settled) {
        // Stopped by another call on the worker (Play's Check, say), not by an edit (which
        // schedules its own check): this puzzle still needs its verdict.
        const now = get();
        if (
          liveTimer === null &&
          !liveRunner.busy() &&
          answers(stamp, now) &&
          !currentVerdict(now)
        ) {
          scheduleLive();
        }
        return;
      }
      settleVerdict(stamp, settled.ok ? outcomeOf(settled.value, 2) : settled.outcome);
    };

    /**
     * A run that came back stopped while its display still shows it was stopped by another
     * call on the worker (Play's Check, say; an edit or Cancel clear the display themselves):
     * say so, rather than leave it showing as running.
     */
    const stoppedElsewhere = (kind: RunKind, stamp: PuzzleStamp): void => {
      if (runner.busy() || get().run === null) return;
      set({ run: null, result: { kind, outcome: { status: 'cancelled' }, ...stamp } });
    };

    /** The puzzle changed (or the page loaded): check it once the edits pause. */
    const scheduleLive = (): void => {
      if (liveCheckMs === null) return;
      stopLive();
      // A layout that is not ready needs no worker: the page says so from the layout.
      if (!layoutOf(get()).valid) return;
      liveTimer = setTimeout(() => void checkLive(), liveCheckMs);
    };
    // After creation (and hydration): the verdict for the puzzle the page opens with.
    if (liveCheckMs !== null) queueMicrotask(scheduleLive);
    api.subscribe((state, previous) => {
      // Hydration writes while the store is being created (no previous state): the check
      // queued above covers the puzzle it brings.
      if (previous !== undefined && !samePuzzle(state, previous)) scheduleLive();
    });

    // Any edit of the puzzle stops the run in flight and retires the result it would replace.
    api.subscribe((state, previous) => {
      // Hydration writes while the store is being created, when there is no previous state.
      if (previous === undefined || samePuzzle(state, previous)) return;
      const stale = state.result && !answers(state.result, state);
      if (!runner.busy() && !state.run && !stale) return;
      // A new puzzle (generated, or a random layout) stopped by an edit says so: the one the
      // user asked for will not come.
      const making = state.run?.kind === 'generate' || state.run?.kind === 'layout';
      runner.stop();
      api.setState({
        run: null,
        result:
          making && state.run
            ? { kind: state.run.kind, outcome: { status: 'cancelled' }, ...stampOf(state) }
            : null,
      });
    });

    return {
      run: null,
      result: null,
      live: null,
      liveChecks: liveCheckMs !== null,

      solve: async (kind) => {
        stopLive();
        const state = get();
        const layout = layoutOf(state);
        const stamp = stampOf(state);
        if (!layout.valid) {
          runner.stop();
          const reasons = blockingProblems(layout).map((problem) => problem.message);
          set({ run: null, result: { kind, outcome: { status: 'invalid', reasons }, ...stamp } });
          return;
        }
        const request = countRequestOf(
          state,
          layout.regionOf,
          kind === 'count' ? state.countLimit : 2,
        );
        const settled = await runner.runInWorker({ kind }, (signal, onProgress) =>
          solver.count(request, { signal, onProgress }),
        );
        if (!settled) {
          stoppedElsewhere(kind, stamp);
          return;
        }
        const outcome = settled.ok ? outcomeOf(settled.value, request.limit) : settled.outcome;
        set({ run: null, result: { kind, outcome, ...stamp } });
        settleVerdict(stamp, outcome);
      },

      generatePuzzle: async (size) => {
        if (!isAppSize(size)) return;
        stopLive();
        const settled = await runner.runInWorker({ kind: 'generate', size }, (signal) =>
          solver.generatePuzzle(size, randomSeed(), { signal }),
        );
        if (!settled) {
          stoppedElsewhere('generate', stampOf(get()));
          return;
        }
        if (!settled.ok) {
          set({
            run: null,
            result: { kind: 'generate', outcome: settled.outcome, ...stampOf(get()) },
          });
          return;
        }
        const generated = settled.value;
        set({ run: null, result: null });
        get().loadPuzzle(size, generated.regions, generated.givens);
        // A ready-made puzzle is for playing: typed digits must not become clues. (A setter's
        // own generation, Puzzle with options, stays in the setting modes.)
        get().setMode('play');
        // Said in the status region, stamped with the new puzzle: the first edit retires it.
        const clues = generated.givens.filter((digit) => digit !== 0).length;
        set({
          result: { kind: 'generate', outcome: { status: 'generated', clues }, ...stampOf(get()) },
        });
      },

      newRandomJigsaw: async (size) => {
        if (!isAppSize(size)) return;
        stopLive();
        const settled = await runner.runInWorker({ kind: 'layout', size }, (signal) =>
          solver.randomLayout(size, randomSeed(), { signal }),
        );
        if (!settled) {
          stoppedElsewhere('layout', stampOf(get()));
          return;
        }
        if (!settled.ok) {
          set({
            run: null,
            result: { kind: 'layout', outcome: settled.outcome, ...stampOf(get()) },
          });
          return;
        }
        set({ run: null, result: null });
        get().loadPuzzle(size, settled.value, new Array<number>(size * size).fill(0));
      },

      cancelSolve: () => {
        const run = get().run;
        if (!runner.busy() || !run) return;
        runner.stop();
        // Said at once: the worker is gone, there is nothing to wait for.
        set({
          run: null,
          result: { kind: run.kind, outcome: { status: 'cancelled' }, ...stampOf(get()) },
        });
        // A verdict left pending by the cancelled run says it was not reached.
        const state = get();
        if (liveCheckMs !== null && !currentVerdict(state) && layoutOf(state).valid) {
          set({ live: { outcome: { status: 'cancelled' }, ...stampOf(state) } });
        }
      },
    };
  };
