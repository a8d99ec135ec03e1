/**
 * A new version in the store (updateSlice.ts) and what the slices say when a worker could not
 * load because of one (issue 36): the version only moves forward, Reload goes to the page,
 * play's Check says to reload rather than "try again", and a failure without words still has
 * a reason.
 */
import { describe, expect, it, vi } from 'vitest';
import { errorOutcome } from '../../src/store/solveOutcome.ts';
import { createSquigglyStore } from '../../src/store/store.ts';
import { SolverFailedError } from '../../src/worker/client.ts';
import { createChannelClient } from '../worker/channelClient.ts';

describe('updateSlice', () => {
  it('moves forward only, and Reload asks the page', () => {
    const reload = vi.fn();
    const store = createSquigglyStore({
      solver: createChannelClient(),
      storage: null,
      library: null,
      app: { reload },
    });
    expect(store.getState().appVersion).toBe('current');
    store.getState().noteAppVersion('ready');
    expect(store.getState().appVersion).toBe('ready');
    store.getState().noteAppVersion('updated');
    store.getState().noteAppVersion('ready');
    expect(store.getState().appVersion).toBe('updated');
    store.getState().reloadApp();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('a worker gone with the old version', () => {
  it("play's Check says to reload, not to try again", async () => {
    const solver = {
      ...createChannelClient(),
      count: () =>
        Promise.reject(new SolverFailedError('its script could not be loaded', 1, 'solver', true)),
    };
    const store = createSquigglyStore({ solver, storage: null, library: null });
    store.getState().setMode('play');
    await store.getState().checkPlay();
    expect(store.getState().playCheck?.message).toBe(
      'Cannot check: Squiggly was updated — reload to continue.',
    );
  });

  it('an error without words still has a reason', () => {
    for (const error of [new Error(''), new Error('  '), '']) {
      const outcome = errorOutcome(error);
      expect(outcome.message).toBe('no reason was given');
    }
  });
});
