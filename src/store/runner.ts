/**
 * The one lifecycle of a run in the worker (solve, count, generate), shared by every kind:
 * stop the last run, show the new one, mark it slow after a moment (the page then shows
 * progress and Cancel), pass progress on, and settle with the worker's answer or its error.
 * A run that was stopped (by Cancel, an edit or a newer run) settles as null: whoever stopped
 * it has already said so, and nothing more must be written. One run at a time; aborting its
 * signal terminates the worker.
 */
import type { SearchProgress } from '../engine/index.ts';
import { isAbortError } from '../worker/client.ts';
import { errorOutcome, type RunKind, type SolveOutcome } from './solveOutcome.ts';

export interface SolveRun {
  kind: RunKind;
  /** Work done so far, from the worker's progress reports. */
  progress: SearchProgress | null;
  /** Set once the run has lasted longer than a moment: the page shows progress and Cancel. */
  slow: boolean;
  /** When the run started (Date.now()), for the time shown while generating. */
  startedAt: number;
  /** The size of the puzzle being generated (kind 'generate'). */
  size?: number;
}

/** How a run settled: the worker's answer or its error; null when it was stopped. */
export type Settled<T> = { ok: true; value: T } | { ok: false; outcome: SolveOutcome } | null;

export type RunWork<T> = (
  signal: AbortSignal,
  onProgress: (progress: SearchProgress) => void,
) => Promise<T>;

export interface Runner {
  runInWorker<T>(run: Pick<SolveRun, 'kind' | 'size'>, work: RunWork<T>): Promise<Settled<T>>;
  /** Stop the run in flight, if any (its promise then settles as null). */
  stop(): void;
  /** Whether a run is in flight. */
  busy(): boolean;
}

/** Where a runner shows its run (the store's `run` field). */
export interface RunDisplay {
  shown(): SolveRun | null;
  /** A new run starts: show it (and retire the last result). */
  begin(run: SolveRun): void;
  /** The run in flight made progress or became slow. */
  update(run: SolveRun): void;
}

export function createRunner(display: RunDisplay, slowAfterMs: number): Runner {
  let running: { controller: AbortController; timer: ReturnType<typeof setTimeout> } | null = null;
  const stop = (): void => {
    if (!running) return;
    clearTimeout(running.timer);
    running.controller.abort();
    running = null;
  };

  async function runInWorker<T>(
    run: Pick<SolveRun, 'kind' | 'size'>,
    work: RunWork<T>,
  ): Promise<Settled<T>> {
    stop();
    const controller = new AbortController();
    const current = (): boolean => running?.controller === controller;
    const update = (change: Partial<SolveRun>): void => {
      const shown = display.shown();
      if (current() && shown) display.update({ ...shown, ...change });
    };
    const timer = setTimeout(() => update({ slow: true }), slowAfterMs);
    running = { controller, timer };
    display.begin({ ...run, progress: null, slow: false, startedAt: Date.now() });
    let settled: Settled<T>;
    try {
      settled = {
        ok: true,
        value: await work(controller.signal, (progress) => update({ progress })),
      };
    } catch (error) {
      if (isAbortError(error)) {
        // Stopped here (stop() let it go already), or by another call on the worker: then
        // this runner is idle again.
        if (current()) {
          clearTimeout(timer);
          running = null;
        }
        return null;
      }
      settled = { ok: false, outcome: errorOutcome(error) };
    }
    if (!current()) return null;
    clearTimeout(timer);
    running = null;
    return settled;
  }

  return { runInWorker, stop, busy: () => running !== null };
}
