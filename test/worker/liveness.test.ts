/**
 * A dead worker is reported, never a hang: the watchdog's limits, and the client's answer to a
 * worker that fails to start, throws, or goes silent in the middle of a run (issue 13). The
 * endpoints here are stand-ins for a Worker: an EventTarget that swallows every request (a dead
 * worker) or the real solver API on a MessageChannel (a live one).
 */
import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { standardRegions } from '../../src/engine/board.ts';
import {
  createSolverClient,
  FAILURES_BEFORE_UNAVAILABLE,
  SolverFailedError,
  type SolverEndpoint,
} from '../../src/worker/client.ts';
import {
  createWatchdog,
  HEARTBEAT,
  FIRST_BEAT_LIMIT_MS,
  SILENCE_LIMIT_MS,
  STARTUP_LIMIT_MS,
} from '../../src/worker/liveness.ts';
import type { SolverApi } from '../../src/worker/protocol.ts';
import { createSolverApi } from '../../src/worker/solverApi.ts';

const EMPTY_4 = { size: 4, regions: standardRegions(4), givens: new Array(16).fill(0), limit: 2 };

/** A worker that never answers: requests vanish; the test fires its events. */
function deadEndpoint(): SolverEndpoint & { target: EventTarget; terminated: boolean } {
  const target = new EventTarget();
  const endpoint = {
    postMessage: () => {},
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  } as unknown as Comlink.Endpoint;
  const result = {
    endpoint,
    target,
    terminated: false,
    terminate: () => {
      result.terminated = true;
    },
  };
  return result;
}

/** A live worker: the given API on a MessageChannel, which beats once loaded. */
function liveEndpoint(api: SolverApi = createSolverApi()): SolverEndpoint {
  const channel = new MessageChannel();
  Comlink.expose(api, channel.port1 as unknown as Comlink.Endpoint);
  channel.port1.postMessage(HEARTBEAT);
  return {
    endpoint: channel.port2 as unknown as Comlink.Endpoint,
    terminate: () => {
      channel.port1.close();
      channel.port2.close();
    },
  };
}

const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('watchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a worker that never says it started, once, after the start-up limit', () => {
    const onSilence = vi.fn();
    const watchdog = createWatchdog(onSilence);
    watchdog.watch();
    vi.advanceTimersByTime(STARTUP_LIMIT_MS - 500);
    expect(onSilence).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onSilence).toHaveBeenCalledTimes(1);
    expect(onSilence.mock.calls[0]![0]).toMatch(/did not start/);
    vi.advanceTimersByTime(STARTUP_LIMIT_MS * 2);
    expect(onSilence).toHaveBeenCalledTimes(1);
  });

  it('holds a started worker to the silence limit, and each sign of life resets it', () => {
    const onSilence = vi.fn();
    const watchdog = createWatchdog(onSilence);
    watchdog.heard();
    watchdog.watch();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(SILENCE_LIMIT_MS - 250);
      watchdog.heard();
    }
    expect(onSilence).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SILENCE_LIMIT_MS + 300);
    expect(onSilence).toHaveBeenCalledTimes(1);
    expect(onSilence.mock.calls[0]![0]).toMatch(/stopped answering/);
  });

  it('gives a run longer for its first beat (tables, JIT) than between beats', () => {
    const onSilence = vi.fn();
    const watchdog = createWatchdog(onSilence);
    watchdog.heard(); // loaded
    watchdog.watch();
    vi.advanceTimersByTime(FIRST_BEAT_LIMIT_MS - 500);
    expect(onSilence).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onSilence).toHaveBeenCalledTimes(1);
  });

  it('does not blame the worker for time the page itself was blocked', () => {
    const onSilence = vi.fn();
    let clock = 0;
    const watchdog = createWatchdog(onSilence, () => clock);
    watchdog.heard();
    watchdog.watch();
    watchdog.heard(); // the run has beaten
    // The page's thread is blocked for 5 s: no tick runs, then one runs late.
    clock += 5000;
    vi.advanceTimersByTime(250);
    expect(onSilence).not.toHaveBeenCalled();
    // From then on the worker's silence counts again.
    for (let t = 0; t < SILENCE_LIMIT_MS + 500; t += 250) {
      clock += 250;
      vi.advanceTimersByTime(250);
    }
    expect(onSilence).toHaveBeenCalledTimes(1);
  });

  it('rests between runs', () => {
    const onSilence = vi.fn();
    const watchdog = createWatchdog(onSilence);
    watchdog.heard();
    watchdog.watch();
    watchdog.rest();
    vi.advanceTimersByTime(SILENCE_LIMIT_MS * 10);
    expect(onSilence).not.toHaveBeenCalled();
  });
});

describe('client with a dying worker', () => {
  afterEach(() => vi.useRealTimers());

  it('reports a worker whose script fails to load, and starts a fresh one next time', async () => {
    const dead = deadEndpoint();
    const starts: SolverEndpoint[] = [dead];
    const client = createSolverClient(() => starts.shift() ?? liveEndpoint());
    const pending = failureOf(client.count(EMPTY_4));
    dead.target.dispatchEvent(new Event('error'));
    const error = await pending;
    expect(error).toBeInstanceOf(SolverFailedError);
    expect((error as Error).message).toBe(
      'The solver stopped unexpectedly (its script could not be loaded or failed to start); nothing was lost. Try again.',
    );
    expect(dead.terminated).toBe(true);
    // The block is lifted: the next call gets a working worker.
    const result = await client.count(EMPTY_4);
    expect(result.count).toBe(2);
    client.dispose();
  });

  it('names what a throwing worker said', async () => {
    const dead = deadEndpoint();
    const client = createSolverClient(() => dead);
    const pending = failureOf(client.count(EMPTY_4));
    const thrown = Object.assign(new Event('error'), { message: 'Uncaught RangeError: boom' });
    dead.target.dispatchEvent(thrown);
    expect(((await pending) as Error).message).toContain('it threw: Uncaught RangeError: boom');
    client.dispose();
  });

  it('says solving is unavailable after repeated failures, and heals on a success', async () => {
    let healthy = false;
    const client = createSolverClient(() => {
      if (healthy) return liveEndpoint();
      const dead = deadEndpoint();
      queueMicrotask(() => dead.target.dispatchEvent(new Event('messageerror')));
      return dead;
    });
    const messages: string[] = [];
    for (let i = 0; i < FAILURES_BEFORE_UNAVAILABLE; i++) {
      messages.push(((await failureOf(client.count(EMPTY_4))) as Error).message);
    }
    expect(messages[0]).toMatch(/^The solver stopped unexpectedly \(a message from it/);
    expect(messages.at(-1)).toBe(
      `Solving is unavailable: the solver failed ${FAILURES_BEFORE_UNAVAILABLE} times in a row (a message from it could not be read). Nothing was lost; reload the page to try again.`,
    );
    healthy = true;
    expect((await client.count(EMPTY_4)).count).toBe(2);
    healthy = false;
    client.dispose(); // drops the healthy worker; the client starts another on the next call
    // The count of failures in a row starts again after a success.
    expect(((await failureOf(client.count(EMPTY_4))) as Error).message).toMatch(
      /^The solver stopped unexpectedly/,
    );
    client.dispose();
  });

  it('reports a worker that never beats in a run', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const silentApi: SolverApi = {
      ...createSolverApi(),
      // Started, then killed mid-search: never answers, never beats again.
      count: () => new Promise(() => {}),
    };
    const client = createSolverClient(() => liveEndpoint(silentApi));
    const pending = failureOf(client.count(EMPTY_4));
    // Let the start-up heartbeat arrive (a real macrotask), then let time pass.
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.advanceTimersByTime(FIRST_BEAT_LIMIT_MS + 500);
    const error = await pending;
    expect((error as Error).message).toMatch(/stopped answering/);
    client.dispose();
  });

  it('keeps a long run alive while the worker beats', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let port: { postMessage(message: unknown): void } | null = null;
    let answer: (() => void) | null = null;
    const slowApi: SolverApi = {
      ...createSolverApi(),
      count: () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ count: 7, solutions: [], nodes: 1, complete: true, clueConflicts: [] });
        }),
    };
    const client = createSolverClient(() => {
      const channel = new MessageChannel();
      port = channel.port1;
      Comlink.expose(slowApi, channel.port1 as unknown as Comlink.Endpoint);
      channel.port1.postMessage(HEARTBEAT);
      return { endpoint: channel.port2 as unknown as Comlink.Endpoint, terminate: () => {} };
    });
    let settled = false;
    const pending = client.count(EMPTY_4).finally(() => (settled = true));
    for (let i = 0; i < 20; i++) {
      port!.postMessage(HEARTBEAT);
      await new Promise((resolve) => setTimeout(resolve, 5));
      vi.advanceTimersByTime(SILENCE_LIMIT_MS / 2);
    }
    expect(settled).toBe(false);
    answer!();
    expect((await pending).count).toBe(7);
    client.dispose();
  });
});
