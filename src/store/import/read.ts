/**
 * The import slice's scope and its read: the Import dialog's input read in the import worker,
 * one at a time, as runner.ts holds a run. A read goes through its phases (waiting out a
 * typing pause, reading, read, failed, stopped); its progress is shown at most every
 * PROGRESS_SHOWN_EVERY_MS and only once the read has lasted PROGRESS_SHOWN_AFTER_MS. A new
 * read supersedes the one before it, waiting or in flight, and aborting one terminates the
 * import worker, so a second read of the same input is never started while one runs.
 *
 * A Load waiting for the read (`pending`, load.ts) is settled here when the read ends: loaded
 * from the read (through the scope's `loadFrom`, so this file needs nothing of load.ts), or
 * ended by a stop or a failure.
 */
import { isAbortError } from '../../worker/client.ts';
import type { ImportSummary } from '../../worker/protocol.ts';
import type { ImportInput, ImportPhase, ImportRead } from '../importSlice.ts';
import { reasonOf } from '../solveOutcome.ts';
import type { SliceScope } from '../state.ts';

/** The reading progress is shown at most this often (each shown step is a render). */
export const PROGRESS_SHOWN_EVERY_MS = 250;
/**
 * A read shows its progress (and its Stop button) only once it has taken this long. A puzzle or
 * a small file is read in a few ms: its progress block would flash in and out above Load and
 * push Load down while the user presses it, so the press could land on "Stop reading".
 */
export const PROGRESS_SHOWN_AFTER_MS = 300;

/** Load the chosen case of a finished read (load.ts), as the scope is given it. */
export type LoadFrom = (
  input: ImportInput,
  summary: ImportSummary,
  caseNumber: number | null,
) => Promise<boolean>;

/** The import slice's scope: the store, and the read's own state (one per store). */
export interface ImportScope extends SliceScope {
  /** The read in flight (its controller) and the typing pause before one. */
  controller: AbortController | null;
  slowTimer: ReturnType<typeof setTimeout> | undefined;
  waiting: { timer: ReturnType<typeof setTimeout>; settle(): void } | null;
  /** A Load waiting for the read: the case it loads, and how its promise settles. */
  pending: { caseNumber: number | null; settle(loaded: boolean): void } | null;
  loadFrom: LoadFrom;
}

export const createImportScope = (scope: SliceScope, loadFrom: LoadFrom): ImportScope => ({
  ...scope,
  controller: null,
  slowTimer: undefined,
  waiting: null,
  pending: null,
  loadFrom,
});

/** Whether a read is of this input. */
export const isReadOf = (read: ImportRead | null, input: ImportInput | null): boolean =>
  read !== null &&
  input !== null &&
  read.input.source === input.source &&
  read.input.format === input.format;

export const unavailable = (): Promise<never> =>
  Promise.reject(new Error('importing is not available here (no import worker)'));

/** The read in flight or waiting stops without a word (whoever stops it says why). */
export function supersede(scope: ImportScope): void {
  if (scope.waiting) {
    clearTimeout(scope.waiting.timer);
    scope.waiting.settle();
    scope.waiting = null;
  }
  clearTimeout(scope.slowTimer);
  scope.controller?.abort();
  scope.controller = null;
}

export function endPending(scope: ImportScope, loaded: boolean): void {
  const ended = scope.pending;
  scope.pending = null;
  if (scope.get().importLoad === 'pending') scope.set({ importLoad: null });
  ended?.settle(loaded);
}

function updateRead({ set, get }: ImportScope, change: Partial<ImportRead>): void {
  const read = get().importRead;
  if (read) set({ importRead: { ...read, ...change } });
}

function newRead(scope: ImportScope, input: ImportInput, phase: ImportPhase): void {
  // An edit moves a waiting load to the new input, which starts at its first case.
  if (scope.pending && !isReadOf(scope.get().importRead, input)) scope.pending.caseNumber = null;
  scope.set({
    importRead: { input, phase, progress: null, slow: false, summary: null, error: null },
  });
}

export function startRead(scope: ImportScope, input: ImportInput): Promise<ImportSummary | null> {
  const { importer } = scope.ctx;
  supersede(scope);
  const abort = new AbortController();
  scope.controller = abort;
  newRead(scope, input, 'reading');
  scope.slowTimer = setTimeout(() => {
    if (scope.controller === abort) updateRead(scope, { slow: true });
  }, PROGRESS_SHOWN_AFTER_MS);
  let lastShown = -Infinity;
  const reading = importer
    ? importer.parseImport(input.source, input.format, {
        signal: abort.signal,
        onProgress: (progress) => {
          const time = performance.now();
          if (scope.controller === abort && time - lastShown >= PROGRESS_SHOWN_EVERY_MS) {
            lastShown = time;
            updateRead(scope, { progress });
          }
        },
      })
    : unavailable();
  return reading.then(
    (summary) => {
      if (scope.controller !== abort) return null;
      scope.controller = null;
      clearTimeout(scope.slowTimer);
      updateRead(scope, { phase: 'read', summary });
      if (scope.pending) {
        const { caseNumber, settle } = scope.pending;
        scope.pending = null;
        scope.set({ importLoad: null });
        void scope.loadFrom(input, summary, caseNumber).then(settle);
      }
      return summary;
    },
    (error: unknown) => {
      if (scope.controller !== abort) return null;
      scope.controller = null;
      clearTimeout(scope.slowTimer);
      const stopped = isAbortError(error);
      updateRead(scope, {
        phase: stopped ? 'stopped' : 'failed',
        error: stopped ? null : reasonOf(error),
      });
      endPending(scope, false);
      return null;
    },
  );
}

/** Read an input after `afterMs` (a typing pause) or at once; supersedes the read before it. */
export function readImport(
  scope: ImportScope,
  input: ImportInput,
  options?: { afterMs?: number },
): Promise<ImportSummary | null> {
  const afterMs = options?.afterMs ?? 0;
  if (afterMs <= 0) return startRead(scope, input);
  supersede(scope);
  newRead(scope, input, 'waiting');
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      scope.waiting = null;
      resolve(startRead(scope, input));
    }, afterMs);
    scope.waiting = { timer, settle: () => resolve(null) };
  });
}

/** Stop reading (the user's Stop): the read's own rejection (an AbortError) ends it as stopped. */
export function stopRead(scope: ImportScope): void {
  if (!scope.controller) return;
  clearTimeout(scope.slowTimer);
  scope.controller.abort();
}

/** There is nothing for the worker to read: forget the read. */
export function dropImportRead(scope: ImportScope): void {
  supersede(scope);
  endPending(scope, false);
  if (scope.get().importRead) scope.set({ importRead: null });
}

/** The import is over: stop reading and the import worker, freeing what it read. */
export function endImport(scope: ImportScope): void {
  supersede(scope);
  endPending(scope, false);
  scope.set({ importRead: null, importLoad: null, importProblems: [] });
  scope.ctx.importer?.dispose();
}
