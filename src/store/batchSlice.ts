/**
 * The batch run of a multi-case import: every case of a read solved in the import worker (which
 * holds the parsed cases: importer.ts solveBatch), as `squiggly solve` does, for the batch view.
 * The view opens a batch (`solveBatch`) and leaves it (`leaveBatch`); everything in between is
 * here: the statuses as they come, Cancel (`stopBatch`), "Solve the rest", and pausing the
 * solve while the same worker opens or prints cases (it runs one call at a time).
 *
 * Smooth on 10,000 cases: statuses come as bytes in batches about every 100 ms and are copied
 * into one Uint8Array; at most every SHOWN_EVERY_MS a copy of it is published with the count
 * answered, so the view renders the progress and the rows in view that often, and counting for
 * its filter is one pass over the bytes. Nothing per case is an object but the error text of
 * an invalid case (an append-only map: a case's text is there before its status says invalid).
 *
 * Cancel asks the worker to stop after its current batch (the answer to the batch says so),
 * which keeps the parse and the answers so far: "Solve the rest" carries on. A case that takes
 * longer than CANCEL_GRACE_MS to let go is stopped the hard way, by aborting the call, which
 * ends the worker ('lost'); a worker that fails is 'failed'. Either way what it held is gone,
 * and "Solve again" reads the input again (the caller's `reread`) before solving anew.
 *
 * What lives outside the published `batch` (the AbortController, the timers, the bytes not yet
 * shown) is one session in this slice's scope (batch/session.ts, with the solve call and its
 * pauses; the view's actions are in batch/actions.ts). Leaving hides the batch at once and asks the
 * run to stop; opening the same read again while that run is still going (React's StrictMode
 * mounts a view twice) carries on with it instead of starting a second call, which would end
 * the worker. A session left with no run is forgotten.
 */
import type { ImportedCase, ImportSummary } from '../worker/protocol.ts';
import * as actions from './batch/actions.ts';
import { freshView, type BatchScope } from './batch/session.ts';
import type { SliceCreator } from './state.ts';

export { CANCEL_GRACE_MS, SHOWN_EVERY_MS } from './batch/session.ts';

export type BatchPhase = 'solving' | 'stopping' | 'stopped' | 'done' | 'lost' | 'failed';

/** What the batch view shows; replaced, never changed in place. */
export interface BatchState {
  /** The read being solved (a new one after "Solve again" read the input anew). */
  summary: ImportSummary;
  /** Status code per case (index = case number - 1), codes of ANSWER_STATUSES. */
  statuses: Uint8Array;
  /** Why each invalid case is invalid, by case number, in the formats' words. */
  invalidTexts: ReadonlyMap<number, string>;
  /** Cases answered, as shown in `statuses`. */
  answered: number;
  phase: BatchPhase;
  /** What went wrong last (the solve, a read again, opening or printing a case). */
  problem: string | null;
  /** The whole output, the bytes of `squiggly solve`; null until every case is answered. */
  answers: string | null;
  /** A read again, an open or a print is using the worker: their buttons wait. */
  busy: boolean;
}

export interface BatchSlice {
  /** The batch the view shows; null when no view is open. */
  batch: BatchState | null;
  /** Open a batch and solve it (the worker sends what it answered already first). */
  solveBatch(summary: ImportSummary): void;
  /** Cancel: stop after the current batch, by force after CANCEL_GRACE_MS; resolves when over. */
  stopBatch(): Promise<void>;
  /** Carry on after a stop; after a lost or failed worker, `reread` the input and solve anew. */
  solveRest(reread: () => Promise<ImportSummary | null>): Promise<void>;
  /** Load a case (the caller's `open`, resolving to a problem or null), pausing the solve. */
  openBatchCase(open: (summary: ImportSummary) => Promise<string | null>): Promise<void>;
  /** The good cases by index, to print; the solve pauses and goes on. Null: not printed. */
  printBatchCases(indices: number[]): Promise<ImportedCase[] | null>;
  /** The view closed: hide the batch and let its run stop. */
  leaveBatch(): void;
}

/** What a batch shows before its first answer (the view's first render, before it opens one). */
export const openingBatch = (summary: ImportSummary): BatchState => freshView(summary, new Map());

export const createBatchSlice: SliceCreator<BatchSlice> = (set, get) => {
  const scope: BatchScope = { set, get, session: null };
  return {
    batch: null,
    solveBatch: (summary) => actions.solveBatch(scope, summary),
    stopBatch: () => actions.stopBatch(scope),
    solveRest: (reread) => actions.solveRest(scope, reread),
    openBatchCase: (open) => actions.openBatchCase(scope, open),
    printBatchCases: (indices) => actions.printBatchCases(scope, indices),
    leaveBatch: () => actions.leaveBatch(scope),
  };
};
