/**
 * Counting the cases of an input in order, on worker threads when the input is big. A judge
 * file holds up to thousands of independent puzzles. They are taken from the reader a
 * chunk at a time and answered chunk by chunk in input order, so the tool holds only the
 * chunks in flight, never the whole file's boards and answers (a 10,000-case file stays
 * near Node's own footprint). On a machine with several cores the chunks are shared out
 * between this thread and workers, and the answers come back in input order, exactly as
 * one thread would give them (each case is solved by the same engine with the same limit).
 *
 * A worker loads this same bundled file (build/cli.cjs) and calls its serveCountWorker
 * export. node:worker_threads is imported only when a worker starts or serves: loading it
 * costs about 1 ms and a small judge file never needs it (docs/history/cli-startup.md). Run from
 * source (the tests import main.ts in-process) there is no bundle to start, so cases run
 * on this thread.
 */
import { createRequire } from 'node:module';
import type * as Os from 'node:os';
import { fileURLToPath } from 'node:url';
import type * as WorkerThreads from 'node:worker_threads';
import {
  adoptBoard,
  countVariantSolutions,
  ENGINES,
  type Board,
  type Constraint,
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
/** A chunk running longer than this (ms) on this thread alone writes each answer at once. */
const PROMPT_AFTER_MS = 200;
/** Chunks sent to a worker ahead of its answers. */
const IN_FLIGHT_PER_WORKER = 2;
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

/**
 * Threads used by default, whatever the cores: each worker is a Node instance of its own
 * (about 14 MB), and a judge limits memory. A 10,000-case file peaks at 58 MB on one
 * thread, 72 MB on two, 89 MB on three, 102 MB on four; `--jobs` asks for more.
 */
const DEFAULT_MAX_JOBS = 3;

/** Threads to use by default: one per core the process may use, at most DEFAULT_MAX_JOBS. */
export function defaultJobs(): number {
  const os = createRequire(import.meta.url)('node:os') as typeof Os;
  return Math.max(1, Math.min(os.availableParallelism(), DEFAULT_MAX_JOBS));
}

/** Workers need the bundle; from TypeScript source this module cannot start itself. */
function runningBundled(): boolean {
  return import.meta.url.endsWith('.cjs');
}

/** node:worker_threads, loaded on first use (see the header). */
function workerThreads(): typeof WorkerThreads {
  return createRequire(import.meta.url)('node:worker_threads') as typeof WorkerThreads;
}

/**
 * What a worker runs: the bundle, loaded with `require` (a worker started with `eval` runs
 * CommonJS), then its serveCountWorker export.
 */
function workerSource(): string {
  return `require(${JSON.stringify(fileURLToPath(import.meta.url))}).serveCountWorker();`;
}

/** What one case counts: its board, and its variant constraints when it has any. */
export interface CountInput {
  board: Board;
  constraints?: readonly Constraint[];
}

/** The plain data of a case, as it crosses to a worker. */
interface BoardData {
  size: number;
  regions: Uint8Array;
  givens: Uint8Array;
  constraints?: readonly Constraint[];
}

/** A chunk for a worker: null where the case has no board (it could not be read). */
interface ChunkRequest {
  index: number;
  boards: (BoardData | null)[];
}

/** A worker's message: `index` -1 says it is ready for work, else it answers that chunk. */
interface WorkerMessage {
  index: number;
  results: (CountResult | null)[];
}

/** Cases in input order, pulled one at a time. */
export interface CaseSource<T> {
  /** The next case, or undefined at the end of the input. */
  next(): T | undefined;
  /** How far the reading is through the input, from 0 to 1: to guess the work left. */
  progress(): number;
}

/** Chunk results, one per case of the chunk; undefined where there was nothing to count. */
export type ChunkResults = readonly (CountResult | undefined)[];

/**
 * A case with variant constraints goes to the engine that knows them, whatever engine the
 * job names (the classic engines know only rows, columns and regions).
 */
function countOne({ board, constraints }: CountInput, job: CountJob): CountResult {
  const options = { keepSolutions: job.keepSolutions };
  return constraints && constraints.length > 0
    ? countVariantSolutions(board, constraints, job.limit, options)
    : ENGINES[job.engine](board, job.limit, options);
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Milliseconds from a fixed point, monotonic: process.hrtime, as the global `performance`
 * loads node:perf_hooks (eleven modules) on first use.
 */
const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/**
 * Take every case from `source`, count the boards (`inputOf`; undefined for a case with
 * none) with `job`, or nothing when `job` is null, and hand each chunk of cases with its
 * results to `deliver`, in input order. This thread counts chunk after chunk and
 * `jobs - 1` worker threads take chunks from the same source. With `jobs` undefined (the
 * default number, defaultJobs, looked up only then, as node:os costs a module load) the
 * workers start only when the input proves big (still busy after SPREAD_AFTER_MS, with
 * more than SPREAD_MIN_REMAINING_MS of work left at the pace since warm-up), so small files
 * never pay for a thread; otherwise (jobs asked for) after the first chunk, when there is
 * more to do. While this thread works alone, a chunk is handed over case by case when
 * `eager` (someone watches a terminal) or once it has run PROMPT_AFTER_MS: a run stopped
 * by hand keeps its answers.
 */
export async function countInOrder<T>(
  source: CaseSource<T>,
  inputOf: (item: T) => CountInput | undefined,
  job: CountJob | null,
  jobs: number | undefined,
  eager: boolean,
  deliver: (items: T[], results: ChunkResults) => void,
): Promise<void> {
  const adaptive = jobs === undefined;
  const canSpread = job !== null && (adaptive || jobs > 1) && runningBundled();
  /** Threads in all, this one included: `jobs`, or the default once helpers are due. */
  let threads: number | undefined;
  const workers: WorkerThreads.Worker[] = [];
  /** Chunks taken from the source so far; the next one gets this index. */
  let taken = 0;
  let casesTaken = 0;
  let sourceDone = false;
  /** Chunks handed to a worker and not yet answered, by index. */
  const inFlight = new Map<number, T[]>();
  /** Answered chunks waiting for an earlier one, by index. */
  const answered = new Map<number, { items: T[]; results: ChunkResults }>();
  let delivered = 0;
  let failure: unknown = null;
  let wake: (() => void) | null = null;

  const takeChunk = (): T[] | null => {
    if (sourceDone) return null;
    const items: T[] = [];
    while (items.length < CHUNK_CASES) {
      const item = source.next();
      if (item === undefined) {
        sourceDone = true;
        break;
      }
      items.push(item);
    }
    if (items.length === 0) return null;
    casesTaken += items.length;
    return items;
  };

  const settle = (index: number, items: T[], results: ChunkResults): void => {
    answered.set(index, { items, results });
    for (let ready = answered.get(delivered); ready; ready = answered.get(delivered)) {
      answered.delete(delivered);
      delivered++;
      deliver(ready.items, ready.results);
    }
  };

  const startWorker = (countJob: CountJob): void => {
    const worker = new (workerThreads().Worker)(workerSource(), {
      eval: true,
      workerData: countJob,
    });
    let busy = 0;
    const send = (): void => {
      const items = takeChunk();
      if (items === null) return;
      const index = taken++;
      inFlight.set(index, items);
      busy++;
      const boards = items.map((item): BoardData | null => {
        const input = inputOf(item);
        if (input === undefined) return null;
        const { board, constraints } = input;
        return { size: board.size, regions: board.regions, givens: board.givens, constraints };
      });
      worker.postMessage({ index, boards } satisfies ChunkRequest);
    };
    worker.on('message', ({ index, results }: WorkerMessage) => {
      if (index >= 0) {
        const items = inFlight.get(index);
        inFlight.delete(index);
        busy--;
        if (items !== undefined)
          settle(
            index,
            items,
            results.map((result) => result ?? undefined),
          );
        send();
      } else {
        // Ready: IN_FLIGHT_PER_WORKER chunks in flight, so it never waits for its next one.
        for (let chunk = 0; chunk < IN_FLIGHT_PER_WORKER; chunk++) send();
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

  const began = nowMs();
  // Where the pace is measured from: the first chunk boundary after WARM_UP_MS.
  let paceFrom = -1;
  let paceCases = 0;
  try {
    for (let items = takeChunk(); items !== null; items = takeChunk()) {
      const index = taken++;
      const results: (CountResult | undefined)[] = [];
      const chunkStart = nowMs();
      /** Answers of this chunk already written (a slow chunk, no helper threads). */
      let sent = 0;
      for (const item of items) {
        const input = job === null ? undefined : inputOf(item);
        results.push(input === undefined || job === null ? undefined : countOne(input, job));
        // Someone watching, or a slow chunk (a big board, a weak engine): each answer goes
        // out as it comes, so a run stopped by hand keeps what it found. With helper
        // threads the order waits anyway.
        if (workers.length === 0 && (eager || nowMs() - chunkStart > PROMPT_AFTER_MS)) {
          deliver(items.slice(sent, results.length), results.slice(sent));
          sent = results.length;
        }
      }
      if (sent === 0) settle(index, items, results);
      else if (sent < items.length) settle(index, items.slice(sent), results.slice(sent));
      else delivered++; // all written above, in order: no helper threads were running
      if (canSpread && workers.length === 0 && !sourceDone) {
        const now = nowMs();
        if (paceFrom < 0 && now - began > WARM_UP_MS) {
          paceFrom = now;
          paceCases = casesTaken;
        }
        const paced = paceFrom >= 0 && casesTaken > paceCases && now - began > SPREAD_AFTER_MS;
        const done = source.progress();
        const casesLeft = done > 0 ? (casesTaken * (1 - done)) / done : 0;
        const remaining = paced ? ((now - paceFrom) / (casesTaken - paceCases)) * casesLeft : 0;
        if (remaining > SPREAD_MIN_REMAINING_MS || !adaptive) {
          threads ??= jobs ?? defaultJobs();
          for (let helper = 1; helper < threads; helper++) startWorker(job);
        }
      }
      // Let the workers' answers and requests in between chunks.
      if (workers.length > 0) await nextTurn();
      // Chunks answered here wait for a slower worker's earlier chunk: wait for it too, or a
      // worker the system leaves unscheduled lets this thread fill memory with answers.
      while (taken - delivered >= workers.length * IN_FLIGHT_PER_WORKER + 2 && failure === null) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      if (failure !== null) throw failure;
    }
    while (inFlight.size > 0) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (failure !== null) throw failure;
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * The worker side, called by the code a worker starts with (workerSource): count each chunk
 * it is sent with the job in its workerData, and answer with the results.
 */
export function serveCountWorker(): void {
  const { parentPort, workerData } = workerThreads();
  if (parentPort === null) throw new Error('serveCountWorker runs only in a worker thread');
  const port = parentPort;
  const job = workerData as CountJob;
  port.on('message', ({ index, boards }: ChunkRequest) => {
    const results = boards.map((data) =>
      data === null
        ? null
        : countOne(
            {
              board: adoptBoard(data.size, data.regions, data.givens),
              constraints: data.constraints,
            },
            job,
          ),
    );
    port.postMessage({ index, results } satisfies WorkerMessage);
  });
  port.postMessage({ index: -1, results: [] } satisfies WorkerMessage);
}
