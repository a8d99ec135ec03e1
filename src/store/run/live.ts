/**
 * The run slice's scope and the live verdict: the two runners (runner.ts), one for the runs
 * the page shows (Solve, Count, generate, a random layout) and one for the live check, which
 * shows no run (no progress, no Cancel), only its verdict; the debounce timer of the live
 * check; and the subscriptions that follow edits.
 *
 * An edit writes nothing to the verdict (the last one is stamped with its puzzle, so it no
 * longer answers): it schedules a check `liveCheckMs` later, which runs only when no explicit
 * run is in flight and the worker is not busy with something the user waits for (Play's Check
 * or Hint, a logic run on the same worker). A check stopped by another call on the worker
 * (not by an edit, which schedules its own) is scheduled again. Any edit also stops the
 * explicit run in flight and retires the result it would replace (actions.ts has the runs).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { CountRequest } from '../../worker/protocol.ts';
import { layoutOf } from '../derived.ts';
import { samePuzzle } from '../puzzle.ts';
import { createRunner, type Runner } from '../runner.ts';
import { answers, currentVerdict, stampOf, type PuzzleStamp } from '../selectors.ts';
import { outcomeOf, type SolveOutcome } from '../solveOutcome.ts';
import type { SliceScope, SquigglyState } from '../state.ts';

/** The run slice's scope: the store, its two runners and the live check's timer. */
export interface RunScope extends SliceScope {
  /** The runs the page shows (progress, Cancel). */
  runner: Runner;
  /** The live check's runs, which show nothing but their verdict. */
  liveRunner: Runner;
  liveTimer: ReturnType<typeof setTimeout> | null;
}

/**
 * What the worker is asked to count: the puzzle on screen with its complete layout, and its
 * constraints when it has any (the worker then counts with the variant engine).
 */
export function countRequestOf(
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

/** Outcomes that answer "how many solutions": they double as the live verdict. */
const VERDICT_STATUSES = new Set<SolveOutcome['status']>([
  'unique',
  'none',
  'multiple',
  'invalid',
  'error',
]);

export function stopLive(scope: RunScope): void {
  if (scope.liveTimer !== null) clearTimeout(scope.liveTimer);
  scope.liveTimer = null;
  scope.liveRunner.stop();
}

/** A run on this puzzle answered: its outcome is the verdict too. */
export function settleVerdict(
  { set, get, ctx }: RunScope,
  stamp: PuzzleStamp,
  outcome: SolveOutcome,
): void {
  if (ctx.liveCheckMs === null || !VERDICT_STATUSES.has(outcome.status)) return;
  if (answers(stamp, get())) set({ live: { outcome, ...stamp } });
}

async function checkLive(scope: RunScope): Promise<void> {
  const { get, ctx, runner, liveRunner } = scope;
  scope.liveTimer = null;
  // An explicit run started after the last edit: its answer becomes the verdict.
  if (runner.busy()) return;
  const state = get();
  // The worker runs one call at a time, and a new one stops the call in flight: Play's
  // Check or Hint, or a logic run on this worker (a generated puzzle, which may take
  // minutes), which the user is waiting for, goes first, and the verdict comes after it.
  if (state.playChecking || (ctx.logic === ctx.solver && state.logicRun !== null)) {
    scheduleLive(scope);
    return;
  }
  const stamp = stampOf(state);
  const layout = layoutOf(state);
  if (!layout.valid) return;
  const request = countRequestOf(state, layout.regionOf, 2);
  const settled = await liveRunner.runInWorker({ kind: 'unique' }, (signal) =>
    ctx.solver.count(request, { signal }),
  );
  if (!settled) {
    // Stopped by another call on the worker (Play's Check, say), not by an edit (which
    // schedules its own check): this puzzle still needs its verdict.
    const now = get();
    if (
      scope.liveTimer === null &&
      !liveRunner.busy() &&
      answers(stamp, now) &&
      !currentVerdict(now)
    ) {
      scheduleLive(scope);
    }
    return;
  }
  settleVerdict(scope, stamp, settled.ok ? outcomeOf(settled.value, 2) : settled.outcome);
}

/** The puzzle changed (or the page loaded): check it once the edits pause. */
function scheduleLive(scope: RunScope): void {
  const { liveCheckMs } = scope.ctx;
  if (liveCheckMs === null) return;
  stopLive(scope);
  // A layout that is not ready needs no worker: the page says so from the layout.
  if (!layoutOf(scope.get()).valid) return;
  scope.liveTimer = setTimeout(() => void checkLive(scope), liveCheckMs);
}

/** The scope of one store's run slice, and the subscriptions that follow its edits. */
export function createRunScope(
  { set, get, ctx }: SliceScope,
  api: StoreApi<SquigglyState>,
): RunScope {
  const runner = createRunner(
    {
      shown: () => get().run,
      begin: (run) => set({ run, result: null }),
      update: (run) => set({ run }),
    },
    ctx.slowAfterMs,
  );
  // The live check shows no run (no progress, no Cancel): only its verdict.
  const liveRunner = createRunner(
    { shown: () => null, begin: () => {}, update: () => {} },
    ctx.slowAfterMs,
  );
  const scope: RunScope = { set, get, ctx, runner, liveRunner, liveTimer: null };

  // After creation (and hydration): the verdict for the puzzle the page opens with.
  if (ctx.liveCheckMs !== null) queueMicrotask(() => scheduleLive(scope));
  api.subscribe((state, previous) => {
    // Hydration writes while the store is being created (no previous state): the check
    // queued above covers the puzzle it brings.
    if (previous !== undefined && !samePuzzle(state, previous)) scheduleLive(scope);
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
  return scope;
}
