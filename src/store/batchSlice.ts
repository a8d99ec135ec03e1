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
 * shown) is one session in this slice's closure. Leaving hides the batch at once and asks the
 * run to stop; opening the same read again while that run is still going (React's StrictMode
 * mounts a view twice) carries on with it instead of starting a second call, which would end
 * the worker. A session left with no run is forgotten.
 */
import type { ImportedCase, ImportSummary } from '../worker/protocol.ts';
import { isAbortError } from '../worker/client.ts';
import { reasonOf } from './solveOutcome.ts';
import type { SliceCreator } from './state.ts';

/** A stop the worker has not obeyed after this long is forced by ending the worker. */
export const CANCEL_GRACE_MS = 2000;
/** Statuses are published at most this often while solving (each is a render of the view). */
export const SHOWN_EVERY_MS = 250;

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
interface Session {
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

const freshView = (summary: ImportSummary, invalidTexts: Map<number, string>): BatchState => ({
  summary,
  statuses: new Uint8Array(summary.caseCount),
  invalidTexts,
  answered: 0,
  phase: 'solving',
  problem: null,
  answers: null,
  busy: false,
});

/** What a batch shows before its first answer (the view's first render, before it opens one). */
export const openingBatch = (summary: ImportSummary): BatchState => freshView(summary, new Map());

export const createBatchSlice: SliceCreator<BatchSlice> = (set, get) => {
  let session: Session | null = null;

  const newSession = (summary: ImportSummary): Session => {
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
  const update = (s: Session, change: Partial<BatchState>): void => {
    if (session !== s) return;
    s.view = { ...s.view, ...change };
    if (s.open) set({ batch: s.view });
  };

  const clearShowTimer = (s: Session): void => {
    if (s.showTimer !== null) clearTimeout(s.showTimer);
    s.showTimer = null;
  };

  /** Publish what the batches brought: the progress and a copy of the statuses. */
  const show = (s: Session): void => {
    clearShowTimer(s);
    s.lastShown = performance.now();
    update(s, { statuses: s.received.slice(), answered: s.receivedUpTo });
  };

  /** The same, at most every SHOWN_EVERY_MS: a batch comes every 100 ms or sooner. */
  const showSoon = (s: Session): void => {
    if (s.showTimer !== null) return;
    const wait = Math.max(0, s.lastShown + SHOWN_EVERY_MS - performance.now());
    s.showTimer = setTimeout(() => show(s), wait);
  };

  /** Forget a session no view shows once its run is over. */
  const forgetIfLeft = (s: Session): void => {
    if (session !== s || s.open || s.run !== null) return;
    clearShowTimer(s);
    session = null;
  };

  const solve = (s: Session): void => {
    const controller = new AbortController();
    const run: BatchRun = { controller, over: Promise.resolve(), stopWanted: false, left: false };
    s.run = run;
    update(s, { phase: 'solving', problem: null });
    const mine = (): boolean => session === s && s.run === run;
    const total = s.view.summary.caseCount;
    run.over = get()
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
          showSoon(s);
          return !run.stopWanted && !run.left;
        },
      })
      .then(
        (result) => {
          if (!mine()) return;
          show(s);
          if (result.done) update(s, { answers: result.answers, phase: 'done' });
          else update(s, { phase: 'stopped' });
        },
        (error: unknown) => {
          if (!mine()) return;
          show(s);
          // The worker was ended (a forced stop) or failed: what it held is gone.
          if (isAbortError(error)) update(s, { phase: 'lost' });
          else update(s, { phase: 'failed', problem: `Solving failed: ${reasonOf(error)}` });
        },
      )
      .finally(() => {
        if (s.run === run) s.run = null;
        forgetIfLeft(s);
      });
  };

  /** Stop the solve of `s` and wait for it: at once between cases, by force after the grace. */
  const stop = async (s: Session): Promise<void> => {
    const run = s.run;
    if (!run) return;
    run.stopWanted = true;
    update(s, { phase: 'stopping' });
    const timer = setTimeout(() => run.controller.abort(), CANCEL_GRACE_MS);
    try {
      await run.over;
    } finally {
      clearTimeout(timer);
    }
  };

  /** Run a call on the import worker, which does one thing at a time: pause solving around it. */
  const paused = async <T>(
    s: Session,
    call: (summary: ImportSummary) => Promise<T>,
    resume: boolean,
  ): Promise<T> => {
    const wasSolving = s.view.phase === 'solving' && s.run !== null;
    const summary = s.view.summary;
    await stop(s);
    try {
      return await call(summary);
    } finally {
      if (resume && wasSolving && session === s && s.open && s.run === null) solve(s);
    }
  };

  /** The session a view shows, which the view's actions are about. */
  const shownSession = (): Session | null => (session?.open ? session : null);

  return {
    batch: null,

    solveBatch: (summary) => {
      const s = session;
      if (s?.run && s.view.summary.id === summary.id) {
        // Still solving this read: show it again and let it go on (unless Cancel stopped it).
        s.open = true;
        s.run.left = false;
        show(s);
        return;
      }
      // A run of another read is dropped: its batches are told to stop, its end is not written.
      if (s) clearShowTimer(s);
      const next = newSession(summary);
      session = next;
      set({ batch: next.view });
      solve(next);
    },

    stopBatch: async () => {
      const s = shownSession();
      if (s) await stop(s);
    },

    solveRest: async (reread) => {
      const s = shownSession();
      if (!s) return;
      // A failed worker, like an ended one, has lost what it read.
      if (s.view.phase !== 'lost' && s.view.phase !== 'failed') {
        solve(s);
        return;
      }
      update(s, { busy: true });
      let again: ImportSummary | null;
      try {
        again = await reread();
      } finally {
        update(s, { busy: false });
      }
      if (session !== s || !s.open) return;
      if (!again) {
        update(s, {
          problem: 'The input could not be read again; close the view and import it anew.',
        });
        return;
      }
      s.received = new Uint8Array(again.caseCount);
      s.invalidTexts = new Map();
      s.receivedUpTo = 0;
      update(s, freshView(again, s.invalidTexts));
      solve(s);
    },

    openBatchCase: async (open) => {
      const s = shownSession();
      if (!s) return;
      update(s, { busy: true });
      try {
        const trouble = await paused(s, open, false);
        if (trouble) update(s, { problem: trouble });
      } finally {
        update(s, { busy: false });
      }
    },

    printBatchCases: async (indices) => {
      const s = shownSession();
      if (!s) return null;
      if (indices.length === 0) {
        update(s, { problem: 'No readable case is shown to print.' });
        return null;
      }
      update(s, { busy: true, problem: null });
      try {
        const puzzles = await paused(
          s,
          (summary) => get().importedCases(summary.id, indices),
          true,
        );
        return session === s && s.open ? puzzles : null;
      } catch (error) {
        if (!isAbortError(error)) {
          update(s, { problem: `The puzzles could not be printed: ${reasonOf(error)}` });
        }
        return null;
      } finally {
        update(s, { busy: false });
      }
    },

    leaveBatch: () => {
      const s = session;
      if (!s) return;
      s.open = false;
      if (s.run) s.run.left = true;
      clearShowTimer(s);
      set({ batch: null });
      forgetIfLeft(s);
    },
  };
};
