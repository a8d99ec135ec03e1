/**
 * The batch view's actions over the slice's session (session.ts): open a batch and solve it
 * (or, for the read still solving, show it again and let it go on), Cancel, "Solve the rest"
 * (after a lost or failed worker, read the input again first and solve anew), open a case and
 * print cases with the solve paused around them, and leave the view.
 */
import type { ImportedCase, ImportSummary } from '../../worker/protocol.ts';
import { isAbortError } from '../../worker/client.ts';
import { reasonOf } from '../solveOutcome.ts';
import {
  clearShowTimer,
  forgetIfLeft,
  freshView,
  newSession,
  paused,
  show,
  shownSession,
  solve,
  stop,
  update,
  type BatchScope,
} from './session.ts';

/** Open a batch and solve it (the worker sends what it answered already first). */
export function solveBatch(scope: BatchScope, summary: ImportSummary): void {
  const s = scope.session;
  if (s?.run && s.view.summary.id === summary.id) {
    // Still solving this read: show it again and let it go on (unless Cancel stopped it).
    s.open = true;
    s.run.left = false;
    show(scope, s);
    return;
  }
  // A run of another read is dropped: its batches are told to stop, its end is not written.
  if (s) clearShowTimer(s);
  const next = newSession(summary);
  scope.session = next;
  scope.set({ batch: next.view });
  solve(scope, next);
}

export async function stopBatch(scope: BatchScope): Promise<void> {
  const s = shownSession(scope);
  if (s) await stop(scope, s);
}

/** Carry on after a stop; after a lost or failed worker, `reread` the input and solve anew. */
export async function solveRest(
  scope: BatchScope,
  reread: () => Promise<ImportSummary | null>,
): Promise<void> {
  const s = shownSession(scope);
  if (!s) return;
  // A failed worker, like an ended one, has lost what it read.
  if (s.view.phase !== 'lost' && s.view.phase !== 'failed') {
    solve(scope, s);
    return;
  }
  update(scope, s, { busy: true });
  let again: ImportSummary | null;
  try {
    again = await reread();
  } finally {
    update(scope, s, { busy: false });
  }
  if (scope.session !== s || !s.open) return;
  if (!again) {
    update(scope, s, {
      problem: 'The input could not be read again; close the view and import it anew.',
    });
    return;
  }
  s.received = new Uint8Array(again.caseCount);
  s.invalidTexts = new Map();
  s.receivedUpTo = 0;
  update(scope, s, freshView(again, s.invalidTexts));
  solve(scope, s);
}

/** Load a case (the caller's `open`, resolving to a problem or null), pausing the solve. */
export async function openBatchCase(
  scope: BatchScope,
  open: (summary: ImportSummary) => Promise<string | null>,
): Promise<void> {
  const s = shownSession(scope);
  if (!s) return;
  update(scope, s, { busy: true });
  try {
    const trouble = await paused(scope, s, open, false);
    if (trouble) update(scope, s, { problem: trouble });
  } finally {
    update(scope, s, { busy: false });
  }
}

/** The good cases by index, to print; the solve pauses and goes on. Null: not printed. */
export async function printBatchCases(
  scope: BatchScope,
  indices: number[],
): Promise<ImportedCase[] | null> {
  const s = shownSession(scope);
  if (!s) return null;
  if (indices.length === 0) {
    update(scope, s, { problem: 'No readable case is shown to print.' });
    return null;
  }
  update(scope, s, { busy: true, problem: null });
  try {
    const puzzles = await paused(
      scope,
      s,
      (summary) => scope.get().importedCases(summary.id, indices),
      true,
    );
    return scope.session === s && s.open ? puzzles : null;
  } catch (error) {
    if (!isAbortError(error)) {
      update(scope, s, { problem: `The puzzles could not be printed: ${reasonOf(error)}` });
    }
    return null;
  } finally {
    update(scope, s, { busy: false });
  }
}

/** The view closed: hide the batch and let its run stop. */
export function leaveBatch(scope: BatchScope): void {
  const s = scope.session;
  if (!s) return;
  s.open = false;
  if (s.run) s.run.left = true;
  clearShowTimer(s);
  scope.set({ batch: null });
  forgetIfLeft(scope, s);
}
