/**
 * The batch slice's scope and its session: what lives outside the published `batch` (the
 * AbortController, the timers, the bytes not yet shown) for the one opened batch, and the
 * solve call on the import worker that fills it. Statuses come as bytes in batches and are
 * copied into `received`; at most every SHOWN_EVERY_MS a copy is published with the count
 * answered (`show`). A stop asks the worker to stop after its current batch and forces it,
 * by aborting the call (which ends the worker), after CANCEL_GRACE_MS. A call that needs the
 * same worker (open or print a case) pauses the solve around it (`paused`). A session no view
 * shows is forgotten once its run is over. The actions are in actions.ts.
 */
import { isAbortError } from '../../worker/client.ts';
import type { ImportSummary } from '../../worker/protocol.ts';
import type { BatchState } from '../batchSlice.ts';
import { reasonOf } from '../solveOutcome.ts';
import type { SetState, SquigglyState } from '../state.ts';

/** A stop the worker has not obeyed after this long is forced by ending the worker. */
export const CANCEL_GRACE_MS = 2000;
/** Statuses are published at most this often while solving (each is a render of the view). */
export const SHOWN_EVERY_MS = 250;

/** One solve call on the worker. */
interface BatchRun {
  controller: AbortController;
  /** Settles (never rejects) once the call is over and written down. */
  over: Promise<void>;
  /** Cancel was pressed: the next batch is told to stop. */
  stopWanted: boolean;
  /** The view was left: likewise, unless it opens again while the run goes on. */
  left: boolean;
}

/** One opened batch: what is shown, and what is behind it. */
export interface Session {
  view: BatchState;
  /** Whether a view shows it (published as `batch`). */
  open: boolean;
  /** Statuses received, ahead of `view.statuses` until the next show. */
  received: Uint8Array;
  invalidTexts: Map<number, string>;
  /** Cases answered by the batches received. */
  receivedUpTo: number;
  run: BatchRun | null;
  showTimer: ReturnType<typeof setTimeout> | null;
  lastShown: number;
}

/** The batch slice's scope: the store, and the one session (null: none open or running). */
export interface BatchScope {
  set: SetState;
  get: () => SquigglyState;
  session: Session | null;
}

export const freshView = (
  summary: ImportSummary,
  invalidTexts: Map<number, string>,
): BatchState => ({
  summary,
  statuses: new Uint8Array(summary.caseCount),
  invalidTexts,
  answered: 0,
  phase: 'solving',
  problem: null,
  answers: null,
  busy: false,
});

export const newSession = (summary: ImportSummary): Session => {
  const invalidTexts = new Map<number, string>();
  return {
    view: freshView(summary, invalidTexts),
    open: true,
    received: new Uint8Array(summary.caseCount),
    invalidTexts,
    receivedUpTo: 0,
    run: null,
    showTimer: null,
    lastShown: -Infinity,
  };
};

/** Change what `s` shows; nothing once another session took its place. */
export function update(scope: BatchScope, s: Session, change: Partial<BatchState>): void {
  if (scope.session !== s) return;
  s.view = { ...s.view, ...change };
  if (s.open) scope.set({ batch: s.view });
}

export function clearShowTimer(s: Session): void {
  if (s.showTimer !== null) clearTimeout(s.showTimer);
  s.showTimer = null;
}

/** Publish what the batches brought: the progress and a copy of the statuses. */
export function show(scope: BatchScope, s: Session): void {
  clearShowTimer(s);
  s.lastShown = performance.now();
  update(scope, s, { statuses: s.received.slice(), answered: s.receivedUpTo });
}

/** The same, at most every SHOWN_EVERY_MS: a batch comes every 100 ms or sooner. */
function showSoon(scope: BatchScope, s: Session): void {
  if (s.showTimer !== null) return;
  const wait = Math.max(0, s.lastShown + SHOWN_EVERY_MS - performance.now());
  s.showTimer = setTimeout(() => show(scope, s), wait);
}

/** Forget a session no view shows once its run is over. */
export function forgetIfLeft(scope: BatchScope, s: Session): void {
  if (scope.session !== s || s.open || s.run !== null) return;
  clearShowTimer(s);
  scope.session = null;
}

export function solve(scope: BatchScope, s: Session): void {
  const controller = new AbortController();
  const run: BatchRun = { controller, over: Promise.resolve(), stopWanted: false, left: false };
  s.run = run;
  update(scope, s, { phase: 'solving', problem: null });
  const mine = (): boolean => scope.session === s && s.run === run;
  const total = s.view.summary.caseCount;
  run.over = scope
    .get()
    .solveImportBatch(s.view.summary.id, {
      signal: controller.signal,
      onBatch: (batch) => {
        if (!mine()) return false;
        const end = Math.min(total, batch.from + batch.statuses.length);
        s.received.set(batch.statuses.subarray(0, end - batch.from), batch.from);
        for (const { case: caseNumber, text } of batch.errors) {
          s.invalidTexts.set(caseNumber, text);
        }
        s.receivedUpTo = end;
        showSoon(scope, s);
        return !run.stopWanted && !run.left;
      },
    })
    .then(
      (result) => {
        if (!mine()) return;
        show(scope, s);
        if (result.done) update(scope, s, { answers: result.answers, phase: 'done' });
        else update(scope, s, { phase: 'stopped' });
      },
      (error: unknown) => {
        if (!mine()) return;
        show(scope, s);
        // The worker was ended (a forced stop) or failed: what it held is gone.
        if (isAbortError(error)) update(scope, s, { phase: 'lost' });
        else update(scope, s, { phase: 'failed', problem: `Solving failed: ${reasonOf(error)}` });
      },
    )
    .finally(() => {
      if (s.run === run) s.run = null;
      forgetIfLeft(scope, s);
    });
}

/** Stop the solve of `s` and wait for it: at once between cases, by force after the grace. */
export async function stop(scope: BatchScope, s: Session): Promise<void> {
  const run = s.run;
  if (!run) return;
  run.stopWanted = true;
  update(scope, s, { phase: 'stopping' });
  const timer = setTimeout(() => run.controller.abort(), CANCEL_GRACE_MS);
  try {
    await run.over;
  } finally {
    clearTimeout(timer);
  }
}

/** Run a call on the import worker, which does one thing at a time: pause solving around it. */
export async function paused<T>(
  scope: BatchScope,
  s: Session,
  call: (summary: ImportSummary) => Promise<T>,
  resume: boolean,
): Promise<T> {
  const wasSolving = s.view.phase === 'solving' && s.run !== null;
  const summary = s.view.summary;
  await stop(scope, s);
  try {
    return await call(summary);
  } finally {
    if (resume && wasSolving && scope.session === s && s.open && s.run === null) solve(scope, s);
  }
}

/** The session a view shows, which the view's actions are about. */
export const shownSession = (scope: BatchScope): Session | null =>
  scope.session?.open ? scope.session : null;
