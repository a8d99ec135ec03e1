/**
 * Counting many cases at once, on worker threads when a file is big. A judge file holds up
 * to thousands of independent puzzles; on a machine with several cores they are shared out
 * in chunks between this thread and workers, and the answers come back in input order,
 * exactly as one thread would give them (each case is solved by the same engine with the
 * same limit).
 *
 * A worker runs this same bundled file (build/cli.cjs): at load it sees the worker role in
 * its workerData and serves chunks instead of doing nothing. Run from source (the tests
 * import main.ts in-process) there is no bundle to start, so cases run on this thread.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  createBoard,
  ENGINES,
  type Board,
  type CountResult,
  type EngineName,
} from '../../src/engine/index.ts';

/** What to compute for every case. */
export interface CountJob {
  engine: EngineName;
  /** Stop counting a case at this many solutions. */
  limit: number;
  /** Solutions to keep per case (0 for a bare count). */
  keepSolutions: number;
}

/** Cases per chunk: large enough to amortise a message, small enough to balance load. */
const CHUNK_CASES = 32;
/**
 * This thread works alone for this long before it considers helpers: most files are done
 * by then. The pace is taken after WARM_UP_MS, once the engine's code is compiled: the
 * first cases run several times slower and would make every file look big.
 */
const WARM_UP_MS = 30;
const SPREAD_AFTER_MS = 80;
/**
 * Helpers start only when the work left, at that pace, would take longer than this: a
 * worker needs 50-100 ms to load the bundle and warm up before it pays.
 */
const SPREAD_MIN_REMAINING_MS = 300;
/** Upper bound on threads, whatever the machine: past this, memory grows for little gain. */
export const MAX_JOBS = 8;
const WORKER_ROLE = 'squiggly-count-worker';

/** Threads to use by default: one per core the process may use, at most MAX_JOBS. */
export function defaultJobs(): number {
  return Math.max(1, Math.min(os.availableParallelism(), MAX_JOBS));
}

/** Workers need the bundle; from TypeScript source this module cannot start itself. */
function runningBundled(): boolean {
  return import.meta.url.endsWith('.cjs');
}

/** The plain data of a board, as it crosses to a worker. */
interface BoardData {
  size: number;
  regions: Uint8Array;
  givens: Uint8Array;
}

interface ChunkRequest {
  start: number;
  boards: BoardData[];
}

/** A worker's message: `start` -1 says it is ready for work, else it answers that chunk. */
interface WorkerMessage {
  start: number;
  results: CountResult[];
}

function countOne(board: Board, job: CountJob): CountResult {
  return ENGINES[job.engine](board, job.limit, { keepSolutions: job.keepSolutions });
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Count every board, results in the order of `boards`. This thread counts chunk after
 * chunk and `jobs - 1` worker threads take chunks from the same queue. With `adaptive` (the
 * default number of jobs) the workers start only when the file proves big (still busy
 * after SPREAD_AFTER_MS, with more than SPREAD_MIN_REMAINING_MS of work left at the pace
 * since warm-up), so small files never pay for a thread; otherwise (jobs asked for) after
 * the first chunk, when there is more to do.
 */
export async function countBoards(
  boards: readonly Board[],
  job: CountJob,
  jobs: number,
  adaptive: boolean,
): Promise<CountResult[]> {
  const results = new Array<CountResult>(boards.length);
  const canSpread = jobs > 1 && runningBundled();
  const workers: Worker[] = [];
  let next = 0;
  let pending = 0;
  let failure: unknown = null;
  let wake: (() => void) | null = null;

  const startWorker = (): void => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { role: WORKER_ROLE, job },
    });
    let busy = 0;
    const send = (): void => {
      if (next >= boards.length) return;
      const start = next;
      next = Math.min(next + CHUNK_CASES, boards.length);
      const chunk = boards.slice(start, next).map(({ size, regions, givens }) => ({
        size,
        regions,
        givens,
      }));
      busy++;
      pending++;
      worker.postMessage({ start, boards: chunk } satisfies ChunkRequest);
    };
    worker.on('message', ({ start, results: answers }: WorkerMessage) => {
      if (start >= 0) {
        for (let k = 0; k < answers.length; k++) results[start + k] = answers[k];
        busy--;
        pending--;
        send();
      } else {
        // Ready: two chunks in flight, so it never waits for its next one.
        send();
        send();
      }
      wake?.();
    });
    const fail = (error: unknown): void => {
      failure = error;
      wake?.();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (busy > 0) fail(new Error(`a counting worker stopped (exit code ${code})`));
    });
    workers.push(worker);
  };

  const began = performance.now();
  // Where the pace is measured from: the first chunk boundary after WARM_UP_MS.
  let paceFrom = -1;
  let paceCases = 0;
  try {
    while (next < boards.length) {
      const start = next;
      next = Math.min(next + CHUNK_CASES, boards.length);
      for (let index = start; index < next; index++) results[index] = countOne(boards[index], job);
      if (canSpread && workers.length === 0) {
        const now = performance.now();
        if (paceFrom < 0 && now - began > WARM_UP_MS) {
          paceFrom = now;
          paceCases = next;
        }
        const paced = paceFrom >= 0 && next > paceCases && now - began > SPREAD_AFTER_MS;
        const remaining = paced
          ? ((now - paceFrom) / (next - paceCases)) * (boards.length - next)
          : 0;
        const big = remaining > SPREAD_MIN_REMAINING_MS;
        if ((big || !adaptive) && next < boards.length) {
          for (let helper = 1; helper < jobs; helper++) startWorker();
        }
      }
      // Let the workers' answers and requests in between chunks.
      if (workers.length > 0) await nextTurn();
      if (failure !== null) throw failure;
    }
    while (pending > 0) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (failure !== null) throw failure;
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}

/** The worker side: count each chunk it is sent and answer with the results. */
function serveChunks(port: NonNullable<typeof parentPort>, job: CountJob): void {
  port.on('message', ({ start, boards }: ChunkRequest) => {
    const results = boards.map(({ size, regions, givens }) =>
      countOne(createBoard(size, regions, givens), job),
    );
    port.postMessage({ start, results } satisfies WorkerMessage);
  });
  port.postMessage({ start: -1, results: [] } satisfies WorkerMessage);
}

const role = isMainThread ? undefined : (workerData as { role?: string; job?: CountJob } | null);
if (role?.role === WORKER_ROLE && role.job !== undefined && parentPort !== null) {
  serveChunks(parentPort, role.job);
}
