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
 *
 * The parts: run/live.ts (the scope with both runners, the live check, the subscriptions that
 * follow edits) and run/actions.ts (Solve, Count, generate, a random jigsaw, Cancel). This
 * file holds the state's shape and wires each action to its function.
 */
import type { SolveRun } from './runner.ts';
import * as actions from './run/actions.ts';
import { createRunScope } from './run/live.ts';
import type { SolveKind, RunKind, SolveOutcome } from './solveOutcome.ts';
import type { PuzzleStamp } from './selectors.ts';
import type { SliceCreator, StoreContext } from './state.ts';

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

export const createRunSlice =
  (ctx: StoreContext): SliceCreator<RunSlice> =>
  (set, get, api) => {
    const scope = createRunScope({ set, get, ctx }, api);
    return {
      run: null,
      result: null,
      live: null,
      liveChecks: ctx.liveCheckMs !== null,

      solve: (kind) => actions.solve(scope, kind),
      generatePuzzle: (size) => actions.generatePuzzle(scope, size),
      newRandomJigsaw: (size) => actions.newRandomJigsaw(scope, size),
      cancelSolve: () => actions.cancelSolve(scope),
    };
  };
