/**
 * The setter's tools but true candidates: the next step after a verdict (the fewest clues that
 * make the puzzle unique, the clues that cannot all hold, or the redundant clues), Make it
 * unique's fix, Minimise and "another order", Check layout, and the estimate after a Count
 * that hit its limit. They share the tools' worker (StoreContext.tools), one run at a time on
 * one runner; the true candidates have a worker of their own (candidates.ts).
 *
 * When: the next step is asked as soon as a verdict (live or explicit) answers the puzzle on
 * screen, once per puzzle (several solutions without any clue: only by its button); the
 * estimate after a Count that stopped at its limit (`followVerdict`, which the slice runs
 * after each verdict and edit). A run the page asked for itself, stopped by one the user
 * asked for, is asked again once the worker is free. Any edit stops the run in flight.
 *
 * Applying a fix or a Minimise is one `set` of the clues, so one undo step; "another order"
 * minimises the clues from before the last Minimise again and replaces that step rather than
 * adding one. The layout check is stamped with the layout only, so it outlives clue edits.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ToolProgress } from '../../worker/protocol.ts';
import { layoutOf } from '../derived.ts';
import { historyOf } from '../history.ts';
import { createRunner, type Runner, type Settled } from '../runner.ts';
import { answers, stampOf, type PuzzleStamp } from '../selectors.ts';
import type { ToolTask } from '../setterSlice.ts';
import type { SolveOutcome } from '../solveOutcome.ts';
import type { SliceScope, SquigglyState } from '../state.ts';
import {
  countHitLimit,
  currentExplanation,
  currentMinimised,
  requestOf,
  verdictOnScreen,
} from './selectors.ts';

const EXPLAINED = new Set<SolveOutcome['status']>(['unique', 'multiple', 'none']);

const TASK_WORDS: Record<ToolTask | 'candidates', string> = {
  explain: 'Finding the next step',
  minimise: 'Minimise',
  layout: 'Check layout',
  estimate: 'The estimate',
  candidates: 'True candidates',
};

/** The tools' scope: the store, and the tools' runner and what it was last asked. */
export interface ToolsScope extends SliceScope {
  api: StoreApi<SquigglyState>;
  runner: Runner;
  /** The task of the run in flight (what `toolRun` says it is). */
  task: ToolTask;
  /** The puzzles the next step and the estimate were last asked for (asked once each). */
  explainAsked: PuzzleStamp | null;
  estimateAsked: PuzzleStamp | null;
}

export function createToolsScope(
  { set, get, ctx }: SliceScope,
  api: StoreApi<SquigglyState>,
): ToolsScope {
  const scope: ToolsScope = {
    set,
    get,
    ctx,
    api,
    task: 'explain',
    explainAsked: null,
    estimateAsked: null,
    runner: createRunner(
      {
        shown: () => {
          const run = get().toolRun;
          return run && { kind: 'solve', progress: null, slow: run.slow, startedAt: 0 };
        },
        begin: () => set({ toolRun: { task: scope.task, slow: false, progress: null } }),
        update: (run) => {
          const shown = get().toolRun;
          if (shown) set({ toolRun: { ...shown, slow: run.slow } });
        },
      },
      ctx.slowAfterMs,
    ),
  };
  return scope;
}

/** Run a tool on the tools' worker; null when it was stopped or failed (then said). */
async function runTool<T>(
  scope: ToolsScope,
  task: ToolTask,
  work: (signal: AbortSignal, onProgress: (progress: ToolProgress) => void) => Promise<T>,
): Promise<T | null> {
  const { set, get, runner } = scope;
  // A run asked by the page itself, stopped by one the user asked for, is asked again
  // once the tools' worker is free (followVerdict).
  const superseded = runner.busy() ? get().toolRun?.task : undefined;
  if (superseded === 'explain') scope.explainAsked = null;
  if (superseded === 'estimate') scope.estimateAsked = null;
  scope.task = task;
  const stamp = stampOf(get());
  const settled: Settled<T> = await runner.runInWorker({ kind: 'solve' }, (signal) =>
    work(signal, (progress) => {
      const shown = get().toolRun;
      if (!signal.aborted && shown) set({ toolRun: { ...shown, progress } });
    }),
  );
  if (!settled) return null;
  set({ toolRun: null });
  if (!settled.ok) {
    const outcome = settled.outcome;
    const reason = outcome.status === 'error' ? outcome.message : outcome.status;
    set({ toolMessage: { task, text: `${TASK_WORDS[task]} failed: ${reason}`, ...stamp } });
    return null;
  }
  return settled.value;
}

/** What the tools' worker should do next for the puzzle on screen, if anything. */
export function followVerdict(scope: ToolsScope): void {
  const state = scope.get();
  if (!scope.ctx.tools || scope.runner.busy()) return;
  const verdict = verdictOnScreen(state);
  if (!verdict || !EXPLAINED.has(verdict.status)) return;
  if (countHitLimit(state) && !(scope.estimateAsked && answers(scope.estimateAsked, state))) {
    void runEstimate(scope);
    return;
  }
  // Not for several solutions on a grid without clues (the first screen): "add these 36
  // clues" is no next step there, just a puzzle made for the user; its button still asks.
  // A layout that cannot be filled is still said at once.
  if (verdict.status === 'multiple' && !state.givens.some((digit) => digit !== 0)) return;
  if (!(scope.explainAsked && answers(scope.explainAsked, state))) void scope.get().explain();
}

async function runEstimate(scope: ToolsScope): Promise<void> {
  const { tools } = scope.ctx;
  const state = scope.get();
  const request = requestOf(state);
  if (!tools || !request) return;
  const stamp = stampOf(state);
  scope.estimateAsked = stamp;
  if (request.constraints) {
    // Knuth's random paths know the jigsaw alone: said, rather than an estimate of it.
    scope.set({
      toolMessage: {
        task: 'estimate',
        text: 'The estimate does not use variant constraints yet: the count above is a lower bound.',
        ...stamp,
      },
    });
    followVerdict(scope);
    return;
  }
  const answer = await runTool(scope, 'estimate', (signal, onProgress) =>
    tools.estimate(request, { signal, onProgress }),
  );
  if (answer) scope.set({ estimate: { answer, ...stamp } });
  followVerdict(scope);
}

/** The puzzle was edited: the stale run stops at once; typing never waits for it. */
export function toolsAfterEdit({ runner, api }: ToolsScope): void {
  if (runner.busy()) {
    runner.stop();
    api.setState({ toolRun: null });
  }
}

export async function explain(scope: ToolsScope): Promise<void> {
  const { tools } = scope.ctx;
  const state = scope.get();
  const request = requestOf(state);
  if (!tools || !request) return;
  const stamp = stampOf(state);
  scope.explainAsked = stamp;
  const answer = await runTool(scope, 'explain', (signal, onProgress) =>
    tools.explain(request, { signal, onProgress }),
  );
  if (answer) scope.set({ explanation: { answer, ...stamp } });
  followVerdict(scope);
}

/** One write of the clues: one undo step. */
const applyGivens = (scope: ToolsScope, givens: number[]): void => {
  scope.set({ givens });
};

export function applyFix(scope: ToolsScope): void {
  const state = scope.get();
  const explanation = currentExplanation(state);
  if (explanation?.answer.verdict !== 'multiple') return;
  const givens = state.givens.slice();
  for (const { cell, digit } of explanation.answer.fix) givens[cell] = digit;
  applyGivens(scope, givens);
}

export async function minimise(scope: ToolsScope): Promise<void> {
  const { set, get, ctx } = scope;
  const { tools } = ctx;
  const state = get();
  const request = requestOf(state);
  if (!tools || !request) return;
  const stamp = stampOf(state);
  const answer = await runTool(scope, 'minimise', (signal, onProgress) =>
    tools.minimise(request, ctx.randomSeed(), { signal, onProgress }),
  );
  if (!answer || !answers(stamp, get())) return;
  applyGivens(scope, answer.givens);
  set({
    minimised: {
      before: stamp.givens,
      removed: answer.removed.length,
      left: answer.givens.filter((digit) => digit !== 0).length,
      symmetry: answer.symmetry,
      ...stampOf(get()),
    },
  });
}

export async function minimiseAnotherOrder(scope: ToolsScope): Promise<void> {
  const { set, get, ctx } = scope;
  const { tools } = ctx;
  const state = get();
  const last = currentMinimised(state);
  const layout = requestOf(state);
  if (!tools || !last || !layout) return;
  const stamp = stampOf(state);
  const request = { ...layout, givens: last.before };
  const answer = await runTool(scope, 'minimise', (signal, onProgress) =>
    tools.minimise(request, ctx.randomSeed(), { signal, onProgress }),
  );
  if (!answer || !answers(stamp, get())) return;
  // Replace the last Minimise's undo step: back to the clues before it, unrecorded by
  // the step about to be made (zundo drops the redo entry when the new one lands).
  historyOf(scope.api).getState().undo();
  applyGivens(scope, answer.givens);
  set({
    minimised: {
      before: last.before,
      removed: answer.removed.length,
      left: answer.givens.filter((digit) => digit !== 0).length,
      symmetry: answer.symmetry,
      ...stampOf(get()),
    },
  });
}

export async function checkLayout(scope: ToolsScope): Promise<void> {
  const { set, get } = scope;
  const { tools } = scope.ctx;
  const state = get();
  const layout = layoutOf(state);
  if (!tools) return;
  const stamp = { walls: state.walls, regions: state.regions };
  if (!layout.valid) {
    set({
      toolMessage: {
        task: 'layout',
        text: `Check layout needs a complete layout: ${state.size} regions of ${state.size} cells.`,
        ...stampOf(state),
      },
    });
    return;
  }
  const regions = Array.from(layout.regionOf);
  const answer = await runTool(scope, 'layout', (signal) =>
    tools.checkLayout(state.size, regions, { signal }),
  );
  if (answer) set({ layoutCheck: { answer, ...stamp } });
  followVerdict(scope);
}

export function cancelTool(scope: ToolsScope): void {
  const { set, get, runner } = scope;
  const run = get().toolRun;
  if (!run || !runner.busy()) return;
  runner.stop();
  set({
    toolRun: null,
    toolMessage: {
      task: run.task,
      text: `${TASK_WORDS[run.task]}: cancelled.`,
      ...stampOf(get()),
    },
  });
}
