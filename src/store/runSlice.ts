/**
 * Runs in the worker: solve, check uniqueness, count, generate. One run at a time; a new run,
 * Cancel or any edit of the puzzle stops the one in flight. Every run goes through the one
 * lifecycle in runner.ts (`runInWorker`); this slice says what each kind asks the worker and
 * what its answer means for the page.
 *
 * A result is stamped with the puzzle it answers (by array identity: any edit makes new
 * arrays), so the page never shows an answer to a puzzle that is no longer on screen.
 */
import { blockingProblems, layoutOf } from './derived.ts';
import { isAppSize, samePuzzle, type Puzzle } from './puzzle.ts';
import { createRunner, type SolveRun } from './runner.ts';
import { outcomeOf, type RunKind, type SolveKind, type SolveOutcome } from './solveOutcome.ts';
import type { SliceCreator, SquigglyState, StoreContext } from './state.ts';

/** The last run's outcome, stamped with the puzzle it answers. */
export interface RunResult {
  kind: RunKind;
  outcome: SolveOutcome;
  /** The puzzle this answers (by identity: any edit makes new arrays, so it goes stale). */
  walls: readonly number[];
  givens: readonly number[];
  regions: readonly number[];
}

export interface RunSlice {
  run: SolveRun | null;
  result: RunResult | null;

  solve(kind: SolveKind): Promise<void>;
  /**
   * Have the worker generate a puzzle (a unique, minimal puzzle on a random jigsaw layout) and
   * load it. A run like the solve runs: progress after a moment, Cancel, stopped by an edit.
   */
  generatePuzzle(size: number): Promise<void>;
  cancelSolve(): void;
}

type Stamp = Pick<RunResult, 'walls' | 'givens' | 'regions'>;
const stampOf = (puzzle: Puzzle): Stamp => ({
  walls: puzzle.walls,
  givens: puzzle.givens,
  regions: puzzle.regions,
});

/** Whether a result answers this puzzle. */
const answers = (result: RunResult, puzzle: Puzzle): boolean =>
  result.walls === puzzle.walls &&
  result.givens === puzzle.givens &&
  result.regions === puzzle.regions;

/** The result, if it still answers the puzzle on screen. */
export const currentResult = (state: SquigglyState): RunResult | null =>
  state.result && answers(state.result, state) ? state.result : null;

export const createRunSlice =
  ({ solver, slowAfterMs, randomSeed }: StoreContext): SliceCreator<RunSlice> =>
  (set, get, api) => {
    const runner = createRunner(
      {
        shown: () => get().run,
        begin: (run) => set({ run, result: null }),
        update: (run) => set({ run }),
      },
      slowAfterMs,
    );

    // Any edit of the puzzle stops the run in flight and retires the result it would replace.
    // A generation stopped by an edit says so: the new puzzle the user asked for will not come.
    api.subscribe((state, previous) => {
      if (samePuzzle(state, previous)) return;
      const stale = state.result && !answers(state.result, state);
      if (!runner.busy() && !state.run && !stale) return;
      const generating = state.run?.kind === 'generate';
      runner.stop();
      api.setState({
        run: null,
        result: generating
          ? { kind: 'generate', outcome: { status: 'cancelled' }, ...stampOf(state) }
          : null,
      });
    });

    return {
      run: null,
      result: null,

      solve: async (kind) => {
        const state = get();
        const layout = layoutOf(state);
        const stamp = stampOf(state);
        if (!layout.valid) {
          runner.stop();
          const reasons = blockingProblems(layout).map((problem) => problem.message);
          set({ run: null, result: { kind, outcome: { status: 'invalid', reasons }, ...stamp } });
          return;
        }
        const request = {
          size: state.size,
          regions: Array.from(layout.regionOf),
          givens: state.givens,
          limit: kind === 'count' ? state.countLimit : 2,
          keepSolutions: 2,
        };
        const settled = await runner.runInWorker({ kind }, (signal, onProgress) =>
          solver.count(request, { signal, onProgress }),
        );
        if (!settled) return;
        const outcome = settled.ok ? outcomeOf(settled.value, request.limit) : settled.outcome;
        set({ run: null, result: { kind, outcome, ...stamp } });
      },

      generatePuzzle: async (size) => {
        if (!isAppSize(size)) return;
        const settled = await runner.runInWorker({ kind: 'generate', size }, (signal) =>
          solver.generatePuzzle(size, randomSeed(), { signal }),
        );
        if (!settled) return;
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
        // Said in the status region, stamped with the new puzzle: the first edit retires it.
        const clues = generated.givens.filter((digit) => digit !== 0).length;
        set({
          result: { kind: 'generate', outcome: { status: 'generated', clues }, ...stampOf(get()) },
        });
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
      },
    };
  };
