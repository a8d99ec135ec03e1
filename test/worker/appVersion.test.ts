/**
 * After a deploy, and with five workers (issue 36): each client names its own worker when it
 * fails, no message has an empty reason, and a worker whose script did not load because a new
 * version replaced the page says at once that only a reload helps (appVersion.ts decides).
 * The endpoints are stand-ins for a Worker, as in liveness.test.ts.
 */
import type * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { standardRegions } from '../../src/engine/board.ts';
import {
  createSolverClient,
  FAILURES_BEFORE_UNAVAILABLE,
  isAppUpdated,
  SolverFailedError,
  type SolverEndpoint,
  type WorkerRole,
} from '../../src/worker/client.ts';
import {
  watchAppVersion,
  type ControllerSource,
  type FetchVersion,
} from '../../src/worker/appVersion.ts';
import { HEARTBEAT } from '../../src/worker/liveness.ts';

const EMPTY_4 = { size: 4, regions: standardRegions(4), givens: new Array(16).fill(0), limit: 2 };

/** A worker whose script does not load: its `error` event fires soon after it is started. */
function unloadable(): SolverEndpoint {
  const target = new EventTarget();
  queueMicrotask(() => target.dispatchEvent(new Event('error')));
  return {
    endpoint: {
      postMessage: () => {},
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
    } as unknown as Comlink.Endpoint,
    terminate: () => {},
  };
}

/** A worker that loads (it beats) and then throws during the run. */
function loadsThenThrows(): SolverEndpoint {
  const target = new EventTarget();
  queueMicrotask(() => {
    target.dispatchEvent(new MessageEvent('message', { data: HEARTBEAT }));
    setTimeout(() => {
      target.dispatchEvent(Object.assign(new Event('error'), { message: 'Uncaught Error: boom' }));
    }, 0);
  });
  return {
    endpoint: {
      postMessage: () => {},
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
    } as unknown as Comlink.Endpoint,
    terminate: () => {},
  };
}

const messageOf = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SolverFailedError);
  return (error as Error).message;
};

const LOAD = '(its script could not be loaded or failed to start)';

describe('failure messages name the worker', () => {
  const cases: [WorkerRole, string, string][] = [
    ['solver', 'The solver', 'Solving is unavailable: the solver'],
    [
      'logic',
      "The logic solver's worker",
      "The logic solver is unavailable: the logic solver's worker",
    ],
    ['importer', 'The import worker', 'Importing is unavailable: the import worker'],
    [
      'tools',
      "The setter's tools' worker",
      "The setter's tools are unavailable: the setter's tools' worker",
    ],
    [
      'candidates',
      "The true candidates' worker",
      "True candidates are unavailable: the true candidates' worker",
    ],
  ];
  it.each(cases)('the %s client says whose worker stopped', async (role, first, unavailable) => {
    const client = createSolverClient(unloadable, { role });
    const messages: string[] = [];
    for (let i = 0; i < FAILURES_BEFORE_UNAVAILABLE; i++) {
      messages.push(await messageOf(client.count(EMPTY_4)));
    }
    expect(messages[0]).toBe(`${first} stopped unexpectedly ${LOAD}; nothing was lost. Try again.`);
    expect(messages.at(-1)).toBe(
      `${unavailable} failed ${FAILURES_BEFORE_UNAVAILABLE} times in a row ${LOAD}. Nothing was lost; reload the page to try again.`,
    );
    client.dispose();
  });

  it('never has an empty reason', () => {
    for (const failures of [1, FAILURES_BEFORE_UNAVAILABLE]) {
      const { message } = new SolverFailedError('  ', failures, 'importer');
      expect(message).not.toMatch(/\(\s*\)|: \.|:\s*$/);
      expect(message).toContain('(no reason was given)');
    }
  });
});

describe('a worker that fails to load after a new version', () => {
  it('says at once, on the first failure, that the page must be reloaded', async () => {
    const versionChanged = vi.fn(async () => true);
    const client = createSolverClient(unloadable, { role: 'logic', versionChanged });
    const error = await client.count(EMPTY_4).catch((reason: unknown) => reason);
    expect(isAppUpdated(error)).toBe(true);
    expect((error as Error).message).toBe('Squiggly was updated — reload to continue.');
    expect(versionChanged).toHaveBeenCalledTimes(1);
    client.dispose();
  });

  it('keeps the usual message when the version is the same, or cannot be told', async () => {
    for (const versionChanged of [async () => false, () => Promise.reject(new Error('offline'))]) {
      const client = createSolverClient(unloadable, { role: 'importer', versionChanged });
      expect(await messageOf(client.count(EMPTY_4))).toBe(
        `The import worker stopped unexpectedly ${LOAD}; nothing was lost. Try again.`,
      );
      client.dispose();
    }
  });

  it('does not ask about the version when the worker had loaded (a crash is no deploy)', async () => {
    const versionChanged = vi.fn(async () => true);
    const client = createSolverClient(loadsThenThrows, { versionChanged });
    expect(await messageOf(client.count(EMPTY_4))).toBe(
      'The solver stopped unexpectedly (it threw: Uncaught Error: boom); nothing was lost. Try again.',
    );
    expect(versionChanged).not.toHaveBeenCalled();
    client.dispose();
  });

  it('a cancel while the version is asked ends the run as cancelled', async () => {
    let answer: (changed: boolean) => void = () => {};
    const versionChanged = () => new Promise<boolean>((resolve) => (answer = resolve));
    const client = createSolverClient(unloadable, { versionChanged });
    const controller = new AbortController();
    const pending = client.count(EMPTY_4, { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    answer(true);
    expect((await pending) as Error).toMatchObject({ name: 'AbortError' });
    client.dispose();
  });
});

/** A stand-in for navigator.serviceWorker: its controller, and controllerchange. */
function serviceWorkerOf(controller: object | null) {
  const target = new EventTarget();
  const container = Object.assign(target, { controller });
  return {
    container: container as unknown as ControllerSource,
    switchTo(next: object | null) {
      container.controller = next;
      target.dispatchEvent(new Event('controllerchange'));
    },
  };
}

const deployed = (buildId: string): FetchVersion =>
  vi.fn(async () => new Response(JSON.stringify({ buildId }), { status: 200 }));

describe('watchAppVersion', () => {
  it('learns of a new version when the service worker is replaced, not when it first claims', async () => {
    const serviceWorker = serviceWorkerOf(null);
    const onChanged = vi.fn();
    const watch = watchAppVersion({
      buildId: 'a',
      versionUrl: './version.json',
      serviceWorker: serviceWorker.container,
      fetch: deployed('a'),
    });
    watch.onChanged(onChanged);
    serviceWorker.switchTo({ version: 'a' }); // the first visit's claim
    expect(onChanged).not.toHaveBeenCalled();
    expect(await watch.changed()).toBe(false);
    serviceWorker.switchTo({ version: 'b' }); // another tab chose Reload
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(await watch.changed()).toBe(true);
    serviceWorker.switchTo({ version: 'c' });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('compares the deployed build id, read past the caches', async () => {
    const fetchB = deployed('b');
    const watch = watchAppVersion({
      buildId: 'a',
      versionUrl: './version.json',
      serviceWorker: null,
      fetch: fetchB,
    });
    const onChanged = vi.fn();
    watch.onChanged(onChanged);
    expect(await watch.changed()).toBe(true);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(fetchB).toHaveBeenCalledWith(
      './version.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('says no change for the same build, a missing file or no network', async () => {
    const fetches: FetchVersion[] = [
      deployed('a'),
      vi.fn(async () => new Response('not found', { status: 404 })),
      vi.fn(async () => new Response('<!doctype html>', { status: 200 })),
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    ];
    for (const fetch of fetches) {
      const watch = watchAppVersion({ buildId: 'a', versionUrl: 'v', serviceWorker: null, fetch });
      expect(await watch.changed()).toBe(false);
    }
  });
});
