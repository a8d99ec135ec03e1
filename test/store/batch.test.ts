/**
 * The batch run, headless (batchSlice.ts): a vanilla store, no React. A read of the judge sample
 * is solved through the real import API over a MessageChannel; where the test must decide when
 * batches come, the worker's solveBatch is replaced by one the test drives, case by case.
 * Covered: a whole solve with the command line's bytes; statuses published at most every
 * SHOWN_EVERY_MS; Cancel stopping between batches and "Solve the rest" carrying on; the forced
 * stop after CANCEL_GRACE_MS (fake timers); a failed and a lost worker, and "Solve again"
 * reading anew; pausing the solve to print (and going on) or to open a case; leaving the view.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_STATUSES, type AnswerStatus } from '../../src/formats/index.ts';
import { CANCEL_GRACE_MS, SHOWN_EVERY_MS, type BatchState } from '../../src/store/batchSlice.ts';
import { createSquigglyStore, type SquigglyStore } from '../../src/store/store.ts';
import { abortError } from '../../src/worker/client.ts';
import type {
  BatchCallOptions,
  BatchResult,
  ImportClient,
  ImportSummary,
} from '../../src/worker/protocol.ts';
import { SAMPLES } from '../fixtures/paths.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

const HDU4069 = readFileSync(join(SAMPLES, 'hdu4069.in'), 'utf8');
const HDU4069_OUT = readFileSync(join(SAMPLES, 'hdu4069.out'), 'utf8');

let client: ChannelClient;
afterEach(() => {
  vi.useRealTimers();
  client?.dispose();
});

const code = (status: AnswerStatus): number => ANSWER_STATUSES.indexOf(status);
const words = (batch: BatchState | null): AnswerStatus[] =>
  Array.from(batch?.statuses ?? [], (status) => ANSWER_STATUSES[status]);

/** A solve call the test drives: it sends batches one case at a time and ends the call. */
interface DrivenCall {
  id: number;
  options: BatchCallOptions;
  /** What the page answered to each batch (false: stop). */
  answers: boolean[];
  end(result: BatchResult): void;
  fail(error: unknown): void;
}

interface Driven {
  store: SquigglyStore;
  calls: DrivenCall[];
  /** One case's status to the page, as the worker sends it; the call ends when told to stop. */
  send(status: AnswerStatus): Promise<boolean>;
  read(): Promise<ImportSummary>;
}

/** A store on the real import API, but with solveBatch driven by the test. */
function drivenStore(): Driven {
  client = createChannelClient();
  const calls: DrivenCall[] = [];
  let answered = 0;
  const importer: ImportClient = {
    ...client,
    solveBatch: (id, options) =>
      new Promise((resolve, reject) => {
        // As the real client does: an abort ends the call (and the worker) at once.
        options.signal?.addEventListener('abort', () => reject(abortError()));
        calls.push({ id, options, answers: [], end: resolve, fail: reject });
      }),
  };
  const store = createSquigglyStore({ solver: client, importer, storage: null });
  const send = async (status: AnswerStatus): Promise<boolean> => {
    const call = calls[calls.length - 1];
    const from = answered++;
    const goOn = await call.options.onBatch({
      from,
      statuses: Uint8Array.of(code(status)),
      errors: [],
    });
    call.answers.push(goOn);
    if (!goOn) call.end({ done: false, answered, answers: null });
    return goOn;
  };
  return {
    store,
    calls,
    send,
    read: () => readAll(store),
  };
}

/** The whole HDU4069 sample read by the import worker, as the Import dialog reads it. */
async function readAll(store: SquigglyStore): Promise<ImportSummary> {
  const summary = await store.getState().readImport({ source: HDU4069, format: null });
  if (summary === null) throw new Error('the read was stopped');
  return summary;
}

/** Let the store's promise chains and the show timer run (real timers). */
const settle = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, SHOWN_EVERY_MS + 20));

describe('batch run', () => {
  it('solves every case through the import worker and keeps the command line bytes', async () => {
    client = createChannelClient();
    const store = createSquigglyStore({ solver: client, importer: client, storage: null });
    const summary = await readAll(store);
    expect(store.getState().batch).toBeNull();
    store.getState().solveBatch(summary);
    expect(store.getState().batch).toMatchObject({ phase: 'solving', answered: 0, answers: null });
    await vi.waitFor(() => expect(store.getState().batch?.phase).toBe('done'));
    const batch = store.getState().batch!;
    expect(batch.answered).toBe(3);
    expect(words(batch)).toEqual(['unique', 'none', 'multiple']);
    expect(batch.answers).toBe(HDU4069_OUT);
    expect(batch.problem).toBeNull();
  });

  it('publishes the statuses at most every SHOWN_EVERY_MS, each time a new copy', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { store, calls, send, read } = drivenStore();
    store.getState().solveBatch(await read());
    const first = store.getState().batch!.statuses;
    await send('unique');
    // The first batch is shown at once (in a timer of 0), the next one waits its turn.
    await vi.advanceTimersByTimeAsync(0);
    const shown = store.getState().batch!;
    expect(shown.answered).toBe(1);
    expect(shown.statuses).not.toBe(first);
    expect(words(shown)).toEqual(['unique', 'waiting', 'waiting']);
    await vi.advanceTimersByTimeAsync(10);
    await send('none');
    await vi.advanceTimersByTimeAsync(SHOWN_EVERY_MS - 20);
    expect(store.getState().batch!.answered).toBe(1);
    expect(words(store.getState().batch)).toEqual(['unique', 'waiting', 'waiting']);
    await vi.advanceTimersByTimeAsync(10);
    expect(store.getState().batch!.answered).toBe(2);
    expect(words(store.getState().batch)).toEqual(['unique', 'none', 'waiting']);
    expect(calls[0].answers).toEqual([true, true]);
  });

  it('Cancel stops after the batch in flight, keeps what was solved; Solve the rest carries on', async () => {
    const { store, calls, send, read } = drivenStore();
    const summary = await read();
    store.getState().solveBatch(summary);
    expect(calls).toHaveLength(1);
    expect(calls[0].id).toBe(summary.id);
    await send('unique');

    const stopped = store.getState().stopBatch();
    expect(store.getState().batch!.phase).toBe('stopping');
    // The next batch is told to stop; the call ends with cases left.
    expect(await send('none')).toBe(false);
    await stopped;
    expect(store.getState().batch).toMatchObject({ phase: 'stopped', answered: 2, answers: null });
    expect(words(store.getState().batch)).toEqual(['unique', 'none', 'waiting']);

    void store.getState().solveRest(() => Promise.reject(new Error('no read again needed')));
    expect(calls).toHaveLength(2);
    expect(calls[1].id).toBe(summary.id);
    expect(store.getState().batch!.phase).toBe('solving');
    expect(await send('multiple')).toBe(true);
    calls[1].end({ done: true, answered: 3, answers: 'the answers' });
    await settle();
    expect(store.getState().batch).toMatchObject({
      phase: 'done',
      answered: 3,
      answers: 'the answers',
    });
    expect(words(store.getState().batch)).toEqual(['unique', 'none', 'multiple']);
  });

  it('a stop the worker does not obey is forced after CANCEL_GRACE_MS: the worker is lost', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, calls, send, read } = drivenStore();
    store.getState().solveBatch(await read());
    await send('unique');
    const aborted = vi.fn();
    calls[0].options.signal!.addEventListener('abort', aborted);

    let over = false;
    void store
      .getState()
      .stopBatch()
      .then(() => (over = true));
    // A case that takes long: no batch comes, so nothing can say stop.
    await vi.advanceTimersByTimeAsync(CANCEL_GRACE_MS - 1);
    expect(aborted).not.toHaveBeenCalled();
    expect(store.getState().batch!.phase).toBe('stopping');
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted).toHaveBeenCalledTimes(1);
    expect(over).toBe(true);
    expect(store.getState().batch).toMatchObject({ phase: 'lost', answered: 1, problem: null });
  });

  it('a stop obeyed in time clears the grace timer: nothing is forced later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, calls, send, read } = drivenStore();
    store.getState().solveBatch(await read());
    const aborted = vi.fn();
    calls[0].options.signal!.addEventListener('abort', aborted);
    const stopped = store.getState().stopBatch();
    await send('unique');
    await stopped;
    await vi.advanceTimersByTimeAsync(2 * CANCEL_GRACE_MS);
    expect(aborted).not.toHaveBeenCalled();
    expect(store.getState().batch!.phase).toBe('stopped');
  });

  it('a failed worker says why; Solve again reads the input anew and solves the new read', async () => {
    const { store, calls, send, read } = drivenStore();
    const summary = await read();
    store.getState().solveBatch(summary);
    await send('unique');
    calls[0].fail(new Error('the worker broke'));
    await settle();
    expect(store.getState().batch).toMatchObject({
      phase: 'failed',
      problem: 'Solving failed: the worker broke',
      answered: 1,
    });

    let again: ImportSummary | null = null;
    const reread = vi.fn(async () => (again = await read()));
    const rest = store.getState().solveRest(reread);
    expect(store.getState().batch!.busy).toBe(true);
    await rest;
    expect(reread).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(calls[1].id).toBe(again!.id);
    expect(calls[1].id).not.toBe(summary.id);
    expect(store.getState().batch).toMatchObject({
      summary: again,
      phase: 'solving',
      problem: null,
      busy: false,
      answered: 0,
    });
    expect(words(store.getState().batch)).toEqual(['waiting', 'waiting', 'waiting']);
  });

  it('a read again that fails says so and solves nothing', async () => {
    const { store, calls, read } = drivenStore();
    store.getState().solveBatch(await read());
    calls[0].fail(new Error('the worker broke'));
    await settle();
    await store.getState().solveRest(async () => null);
    expect(calls).toHaveLength(1);
    expect(store.getState().batch).toMatchObject({
      phase: 'failed',
      busy: false,
      problem: 'The input could not be read again; close the view and import it anew.',
    });
  });

  it('an import worker ended under the solve is lost; Solve again reads anew and finishes', async () => {
    client = createChannelClient();
    const store = createSquigglyStore({ solver: client, importer: client, storage: null });
    const read = () => readAll(store);
    store.getState().solveBatch(await read());
    // The Import dialog closing ends its worker (endImport): what it held is gone.
    store.getState().endImport();
    await vi.waitFor(() => expect(store.getState().batch?.phase).toBe('lost'));
    expect(store.getState().batch!.problem).toBeNull();
    await store.getState().solveRest(read);
    await vi.waitFor(() => expect(store.getState().batch?.phase).toBe('done'));
    expect(store.getState().batch!.answers).toBe(HDU4069_OUT);
  });

  it('printing pauses the solve for the worker, then goes on with it', async () => {
    const { store, calls, send, read } = drivenStore();
    store.getState().solveBatch(await read());
    await send('unique');
    const printing = store.getState().printBatchCases([0, 2]);
    expect(store.getState().batch).toMatchObject({ phase: 'stopping', busy: true });
    expect(await send('none')).toBe(false);
    const puzzles = await printing;
    expect(puzzles?.map((puzzle) => puzzle.case)).toEqual([1, 3]);
    expect(calls).toHaveLength(2);
    expect(store.getState().batch).toMatchObject({ phase: 'solving', busy: false });
    expect(await send('multiple')).toBe(true);
  });

  it('printing nothing says so without asking the worker', async () => {
    const { store, calls, read } = drivenStore();
    store.getState().solveBatch(await read());
    expect(await store.getState().printBatchCases([])).toBeNull();
    expect(store.getState().batch).toMatchObject({
      phase: 'solving',
      busy: false,
      problem: 'No readable case is shown to print.',
    });
    expect(calls[0].answers).toEqual([]);
  });

  it('opening a case stops the solve and does not resume it; its problem is shown', async () => {
    const { store, calls, send, read } = drivenStore();
    const summary = await read();
    store.getState().solveBatch(summary);
    const open = vi.fn(async (of: ImportSummary) =>
      of === summary ? 'That case is broken.' : null,
    );
    const opening = store.getState().openBatchCase(open);
    expect(store.getState().batch).toMatchObject({ phase: 'stopping', busy: true });
    expect(await send('unique')).toBe(false);
    await opening;
    expect(open).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(store.getState().batch).toMatchObject({
      phase: 'stopped',
      busy: false,
      problem: 'That case is broken.',
    });
  });

  it('leaving hides the batch and stops its run; opened again while it runs, it goes on', async () => {
    const { store, calls, send, read } = drivenStore();
    const summary = await read();
    store.getState().solveBatch(summary);
    await send('unique');
    await settle();
    // React's StrictMode: the view unmounts and mounts again at once.
    store.getState().leaveBatch();
    expect(store.getState().batch).toBeNull();
    store.getState().solveBatch(summary);
    expect(calls).toHaveLength(1);
    expect(store.getState().batch).toMatchObject({ phase: 'solving', answered: 1 });
    expect(await send('none')).toBe(true);

    // Left for good: the next batch is told to stop, and the batch is forgotten.
    store.getState().leaveBatch();
    expect(await send('multiple')).toBe(false);
    await settle();
    expect(store.getState().batch).toBeNull();
    // Opened again, it is a new solve (the worker sends what it has first).
    store.getState().solveBatch(summary);
    expect(calls).toHaveLength(2);
    expect(store.getState().batch).toMatchObject({ phase: 'solving', answered: 0 });
  });
});
