/**
 * The run slice's actions, each one run through the runner (runner.ts) of the slice's scope
 * (live.ts): Solve, Check uniqueness and Count ask the worker to count; generate asks it for a
 * puzzle and loads it (for playing); a random jigsaw asks for a layout and loads it empty.
 * Each first stops the live check, and its answer, when it says how many solutions there are,
 * is the live verdict too. A run that came back stopped by another call on the worker says
 * it was stopped; Cancel says so at once (the worker is gone, there is nothing to wait for).
 */
import { blockingProblems, layoutOf } from '../derived.ts';
import { isAppSize } from '../puzzle.ts';
import { currentVerdict, stampOf, type PuzzleStamp } from '../selectors.ts';
import { outcomeOf, type RunKind, type SolveKind } from '../solveOutcome.ts';
import { countRequestOf, settleVerdict, stopLive, type RunScope } from './live.ts';

/**
 * A run that came back stopped while its display still shows it was stopped by another
 * call on the worker (Play's Check, say; an edit or Cancel clear the display themselves):
 * say so, rather than leave it showing as running.
 */
function stoppedElsewhere({ set, get, runner }: RunScope, kind: RunKind, stamp: PuzzleStamp) {
  if (runner.busy() || get().run === null) return;
  set({ run: null, result: { kind, outcome: { status: 'cancelled' }, ...stamp } });
}

export async function solve(scope: RunScope, kind: SolveKind): Promise<void> {
  const { set, get, ctx, runner } = scope;
  stopLive(scope);
  const state = get();
  const layout = layoutOf(state);
  const stamp = stampOf(state);
  if (!layout.valid) {
    runner.stop();
    const reasons = blockingProblems(layout).map((problem) => problem.message);
    set({ run: null, result: { kind, outcome: { status: 'invalid', reasons }, ...stamp } });
    return;
  }
  const request = countRequestOf(state, layout.regionOf, kind === 'count' ? state.countLimit : 2);
  const settled = await runner.runInWorker({ kind }, (signal, onProgress) =>
    ctx.solver.count(request, { signal, onProgress }),
  );
  if (!settled) {
    stoppedElsewhere(scope, kind, stamp);
    return;
  }
  const outcome = settled.ok ? outcomeOf(settled.value, request.limit) : settled.outcome;
  set({ run: null, result: { kind, outcome, ...stamp } });
  settleVerdict(scope, stamp, outcome);
}

export async function generatePuzzle(scope: RunScope, size: number): Promise<void> {
  const { set, get, ctx, runner } = scope;
  if (!isAppSize(size)) return;
  stopLive(scope);
  const settled = await runner.runInWorker({ kind: 'generate', size }, (signal) =>
    ctx.solver.generatePuzzle(size, ctx.randomSeed(), { signal }),
  );
  if (!settled) {
    stoppedElsewhere(scope, 'generate', stampOf(get()));
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
}

export async function newRandomJigsaw(scope: RunScope, size: number): Promise<void> {
  const { set, get, ctx, runner } = scope;
  if (!isAppSize(size)) return;
  stopLive(scope);
  const settled = await runner.runInWorker({ kind: 'layout', size }, (signal) =>
    ctx.solver.randomLayout(size, ctx.randomSeed(), { signal }),
  );
  if (!settled) {
    stoppedElsewhere(scope, 'layout', stampOf(get()));
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
}

export function cancelSolve({ set, get, ctx, runner }: RunScope): void {
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
  if (ctx.liveCheckMs !== null && !currentVerdict(state) && layoutOf(state).valid) {
    set({ live: { outcome: { status: 'cancelled' }, ...stampOf(state) } });
  }
}
