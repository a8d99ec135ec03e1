/**
 * Counting many cases at once on worker threads. A judge file holds up to thousands of
 * independent puzzles; on a machine with several cores they are shared out in chunks
 * among workers, and the answers come back in input order, exactly as one thread would
 * give them (each case is solved by the same engine with the same limit).
 *
 * A worker runs this same bundled file (build/cli.mjs): at load it sees the worker role in
 * its workerData and serves chunks instead of doing nothing. Run from source (the tests
 * import main.ts in-process) there is no bundle to start, so cases run on this thread.
 */
import os from 'node:os';
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

/** Cases per message: large enough to amortise a message, small enough to balance load. */
const CHUNK_CASES = 32;
/**
 * Below this many cases one thread answers: starting a worker (loading the bundle) costs
 * ~30-50 ms, more than a few hundred typical cases take.
 */
export const PARALLEL_MIN_CASES = 256;
/** Upper bound on workers, whatever the machine: past this, memory grows for little gain. */
export const MAX_JOBS = 8;
const WORKER_ROLE = 'squiggly-count-worker';

/** Threads to use by default: one per core the process may use, at most MAX_JOBS. */
export function defaultJobs(): number {
  return Math.max(1, Math.min(os.availableParallelism(), MAX_JOBS));
}

/** Workers need the bundle; from TypeScript source this module cannot start itself. */
function runningBundled(): boolean {
  return import.meta.url.endsWith('.mjs');
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

interface ChunkAnswer {
  start: number;
  results: CountResult[];
}

function countOne(board: Board, job: CountJob): CountResult {
  return ENGINES[job.engine](board, job.limit, { keepSolutions: job.keepSolutions });
}

/**
 * Count every board, on up to `jobs` worker threads when there are enough boards (and this
 * is the bundled tool), else on this thread. Results are in the order of `boards`.
 */
export async function countBoards(
  boards: readonly Board[],
  job: CountJob,
  jobs: number,
): Promise<CountResult[]> {
  const workers = Math.min(jobs, Math.ceil(boards.length / CHUNK_CASES));
  if (workers <= 1 || boards.length < PARALLEL_MIN_CASES || !runningBundled()) {
    return boards.map((board) => countOne(board, job));
  }
  const results: CountResult[] = new Array<CountResult>(boards.length);
  let next = 0;
  const runWorker = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { role: WORKER_ROLE, job },
      });
      let pending = 0;
      const send = (): void => {
        if (next >= boards.length) return;
        const start = next;
        next = Math.min(next + CHUNK_CASES, boards.length);
        const chunk = boards.slice(start, next).map(({ size, regions, givens }) => ({
          size,
          regions,
          givens,
        }));
        pending++;
        worker.postMessage({ start, boards: chunk } satisfies ChunkRequest);
      };
      worker.on('message', ({ start, results: answers }: ChunkAnswer) => {
        for (let k = 0; k < answers.length; k++) results[start + k] = answers[k];
        pending--;
        send();
        if (pending === 0) {
          void worker.terminate();
          resolve();
        }
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (pending > 0) reject(new Error(`a counting worker stopped (exit code ${code})`));
      });
      // Two chunks in flight, so a worker never waits for its next one.
      send();
      send();
      if (pending === 0) {
        void worker.terminate();
        resolve();
      }
    });
  await Promise.all(Array.from({ length: workers }, runWorker));
  return results;
}

/** The worker side: count each chunk it is sent and answer with the results. */
function serveChunks(port: NonNullable<typeof parentPort>, job: CountJob): void {
  port.on('message', ({ start, boards }: ChunkRequest) => {
    const results = boards.map(({ size, regions, givens }) =>
      countOne(createBoard(size, regions, givens), job),
    );
    port.postMessage({ start, results } satisfies ChunkAnswer);
  });
}

const role = isMainThread ? undefined : (workerData as { role?: string; job?: CountJob } | null);
if (role?.role === WORKER_ROLE && role.job !== undefined && parentPort !== null) {
  serveChunks(parentPort, role.job);
}
