/**
 * Live true candidates: while the toggle is on, the digits each empty cell can still hold in
 * some solution, asked CANDIDATES_DEBOUNCE_MS after the last edit, in a worker of their own
 * (StoreContext.candidates), on a runner of their own. The setter's other tools are in
 * tools.ts and never wait behind this.
 *
 * An edit stops the search in flight at once (the stale run is cancelled, its worker
 * dropped), so typing never waits for it. A stopped search may hold its core for up to
 * STOPPED_SEARCH_GRACE_MS (Chromium lets a busy worker run that long after terminate()), so
 * the next search after a stop waits that long: while the user types, at most one stopped
 * search holds a core beside the page.
 *
 * The answer is stamped with the puzzle it answers (selectors.ts); the grid keeps drawing the
 * last one, dimmed, across a clue edit until the new one comes (setter/selectors.ts,
 * shownCandidates).
 */
import type { StoreApi } from 'zustand/vanilla';
import { createRunner, type Runner } from '../runner.ts';
import { stampOf } from '../selectors.ts';
import type { SliceScope, SquigglyState } from '../state.ts';
import { requestOf } from './selectors.ts';

/** How long the puzzle must stay unchanged before true candidates are asked again (ms). */
export const CANDIDATES_DEBOUNCE_MS = 150;

/**
 * How long a worker stopped in the middle of a search may keep its core: Chromium's
 * terminate() lets a busy worker thread run up to 2 s before it forces it to stop
 * (measured in bench:ui: a worker stopped at 0.3 s ran until 2.3 s). Each edit stops a
 * running true-candidates search, so the next one waits this long after a stop: while the
 * user types, at most one stopped search holds a core, never two or three beside the page.
 */
export const STOPPED_SEARCH_GRACE_MS = 2000;

/** The true candidates' scope: the store, and the search's own runner and timer. */
export interface CandidatesScope extends SliceScope {
  api: StoreApi<SquigglyState>;
  runner: Runner;
  timer: ReturnType<typeof setTimeout> | null;
  /** When a true-candidates search was last stopped while it ran (performance.now()). */
  stoppedAt: number;
}

export function createCandidatesScope(
  { set, get, ctx }: SliceScope,
  api: StoreApi<SquigglyState>,
): CandidatesScope {
  const runner = createRunner(
    {
      shown: () => {
        const run = get().candidatesRun;
        return run && { kind: 'solve', progress: null, slow: run.slow, startedAt: 0 };
      },
      begin: () => set({ candidatesRun: { task: 'explain', slow: false, progress: null } }),
      update: (run) => {
        const shown = get().candidatesRun;
        if (shown) set({ candidatesRun: { ...shown, slow: run.slow } });
      },
    },
    ctx.slowAfterMs,
  );
  return { set, get, ctx, api, runner, timer: null, stoppedAt: -Infinity };
}

async function runCandidates(scope: CandidatesScope): Promise<void> {
  const { set, get, runner } = scope;
  const candidatesClient = scope.ctx.candidates;
  scope.timer = null;
  const state = get();
  if (!state.candidatesOn || !candidatesClient) return;
  const request = requestOf(state);
  const stamp = stampOf(state);
  if (!request) {
    runner.stop();
    set({
      candidatesRun: null,
      candidatesMessage: {
        task: 'candidates',
        text: `True candidates need a complete layout: ${state.size} regions of ${state.size} cells.`,
        ...stamp,
      },
    });
    return;
  }
  const settled = await runner.runInWorker({ kind: 'solve' }, (signal) =>
    candidatesClient.trueCandidates(request, {
      signal,
      onProgress: (progress) => {
        const shown = get().candidatesRun;
        if (!signal.aborted && shown) set({ candidatesRun: { ...shown, progress } });
      },
    }),
  );
  if (!settled) return;
  if (settled.ok) {
    set({ candidatesRun: null, candidates: { answer: settled.value, ...stamp } });
    return;
  }
  const outcome = settled.outcome;
  set({
    candidatesRun: null,
    candidatesMessage: {
      task: 'candidates',
      text: `True candidates failed: ${outcome.status === 'error' ? outcome.message : outcome.status}`,
      ...stamp,
    },
  });
}

const scheduleCandidates = (scope: CandidatesScope, delay: number): void => {
  if (scope.timer !== null) clearTimeout(scope.timer);
  scope.timer = setTimeout(() => void runCandidates(scope), delay);
};

/** The puzzle was edited: stop the stale search, and ask again once the edits pause. */
export function candidatesAfterEdit(scope: CandidatesScope, state: SquigglyState): void {
  if (!state.candidatesOn) return;
  const { runner, api } = scope;
  if (runner.busy()) scope.stoppedAt = performance.now();
  runner.stop();
  if (state.candidatesRun) api.setState({ candidatesRun: null });
  const graceLeft = scope.stoppedAt + scope.ctx.stoppedSearchGraceMs - performance.now();
  scheduleCandidates(scope, Math.max(CANDIDATES_DEBOUNCE_MS, graceLeft));
}

export function setTrueCandidates(scope: CandidatesScope, on: boolean): void {
  if (scope.timer !== null) clearTimeout(scope.timer);
  scope.timer = null;
  scope.runner.stop();
  scope.set({ candidatesOn: on, candidatesRun: null });
  if (on) void runCandidates(scope);
}

export function cancelCandidates(scope: CandidatesScope): void {
  const { set, get, runner } = scope;
  if (!get().candidatesRun || !runner.busy()) return;
  runner.stop();
  set({
    candidatesRun: null,
    candidatesMessage: {
      task: 'candidates',
      text: 'True candidates: cancelled; they come back after the next edit.',
      ...stampOf(get()),
    },
  });
}
