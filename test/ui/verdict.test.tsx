/**
 * The live verdict under the grid: it follows each edit without a click (debounced, on fake
 * timers here), says "layout not ready" at once, never stops an explicit run the user started,
 * and comes back after a reload. The solver is the real engine behind a gate: each count waits
 * until the test releases it, so the test decides when answers arrive and sees every abort.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../src/store/persistence.ts';
import { abortError } from '../../src/worker/client.ts';
import type { CountRequest, CountResponse, SolverClient } from '../../src/worker/protocol.ts';
import { createSolverApi } from '../../src/worker/solverApi.ts';
import { chooseMode, chooseSize, renderApp, typeClues } from './harness.tsx';

interface GatedCall {
  request: CountRequest;
  signal: AbortSignal | undefined;
  /** Let the engine answer now. */
  release(): Promise<void>;
}

function gatedSolver(): SolverClient & { calls: GatedCall[] } {
  const api = createSolverApi();
  const calls: GatedCall[] = [];
  return {
    calls,
    count: (request, options) =>
      new Promise<CountResponse>((resolve, reject) => {
        const signal = options?.signal;
        signal?.addEventListener('abort', () => reject(abortError()));
        calls.push({
          request,
          signal,
          release: async () => {
            const response = await api.count(request);
            await act(async () => resolve(response));
          },
        });
      }),
    randomLayout: (size, seed) => api.randomLayout(size, seed),
    generatePuzzle: () => Promise.reject(new Error('not used')),
    // The logic calls answer from the real API: a unique verdict starts a rating.
    nextStep: (request) => api.nextStep(request),
    solveByLogic: (request) => api.solveByLogic(request),
    rate: (request) => api.rate(request),
    generateSetterPuzzle: () => Promise.reject(new Error('not used')),
    dispose: () => {},
  };
}

// A 4x4 with standard 2x2 boxes and one solution.
const UNIQUE_4 = ['12..', '3..2', '.14.', '4..1'];

/** Let pending microtasks run (the store schedules its first check in one), then `ms` pass. */
const advance = (ms: number) =>
  act(async () => {
    await Promise.resolve();
    vi.advanceTimersByTime(ms);
  });

describe('the live verdict', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library's async wrapper drains with a setTimeout(0), and advances fake timers
    // for it only when it sees Jest's: this names Vitest's clock the way it looks for.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('follows each edit without a click, checking once the typing pauses', async () => {
    const solver = gatedSolver();
    const h = renderApp({ solver, liveCheckMs: 300, fakeTimers: true });
    // On load: pending, then one check 300 ms later.
    await advance(0);
    expect(h.verdict()).toHaveTextContent(/^Checking…/);
    await advance(299);
    expect(solver.calls).toHaveLength(0);
    await advance(1);
    expect(solver.calls).toHaveLength(1);
    expect(solver.calls[0].request.limit).toBe(2);
    await solver.calls[0].release();
    // The empty standard 9x9: several solutions, and what to do first.
    expect(h.verdict()).toHaveTextContent(
      'Several solutions: no clues yet. Enter some, or choose New for a puzzle.',
    );
    // The explicit run status says nothing: no button was pressed.
    expect(h.status()).toHaveTextContent(/^$/);

    await chooseSize(h.user, 4);
    await advance(300);
    await solver.calls.at(-1)!.release();
    const before = solver.calls.length;
    // Clues typed with pauses shorter than the debounce: no check until the last one.
    await chooseMode(h.user, 'Enter digits');
    for (const [row, digits] of UNIQUE_4.entries()) {
      for (const [col, digit] of [...digits].entries()) {
        if (digit === '.') continue;
        await h.user.click(h.cell(row + 1, col + 1));
        await h.user.keyboard(digit);
        expect(h.verdict()).toHaveTextContent(/^Checking…/);
        await advance(200);
      }
    }
    expect(solver.calls).toHaveLength(before);
    await advance(100);
    expect(solver.calls).toHaveLength(before + 1);
    await solver.calls.at(-1)!.release();
    expect(h.verdict()).toHaveTextContent(/^Unique: exactly one solution; /);
    expect(h.verdict()).toHaveTextContent(
      /(with no guessing|the solver's search needed (a little|some|heavy) guessing)/,
    );
    // The live check reveals nothing.
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty$/);
  });

  it('an edit during a check stops it; only the newest puzzle is checked', async () => {
    const solver = gatedSolver();
    const h = renderApp({ solver, liveCheckMs: 300, fakeTimers: true });
    await advance(300);
    expect(solver.calls).toHaveLength(1);
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    expect(solver.calls[0].signal?.aborted).toBe(true);
    expect(h.verdict()).toHaveTextContent(/^Checking…/);
    await advance(300);
    expect(solver.calls).toHaveLength(2);
    expect(solver.calls[1].request.givens[0]).toBe(5);
  });

  it('says "Layout not ready" at once, without the worker', async () => {
    const solver = gatedSolver();
    const h = renderApp({ solver, liveCheckMs: 300, fakeTimers: true });
    await advance(0);
    await chooseMode(h.user, 'Draw walls');
    // A wall inside the first box cuts it in two: 10 regions.
    await h.drag([1, 0.1], [1, 2.9]);
    expect(h.verdict()).toHaveTextContent(
      /^Layout not ready: the walls enclose 10 regions; a 9×9 grid needs 9\.$/,
    );
    // The line under it counts the problems without naming the first one again.
    expect(screen.getByText(/^\d+ layout problems? in all, marked on the grid\./)).toBeVisible();
    expect(screen.queryByText(/regions where 9 are needed/)).toBeNull();
    await advance(1000);
    expect(solver.calls).toHaveLength(0);
  });

  it('never stops an explicit run: the run stops the live check, and its answer is the verdict', async () => {
    const solver = gatedSolver();
    const h = renderApp({ solver, liveCheckMs: 300, fakeTimers: true });
    await advance(300);
    const live = solver.calls[0];
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    expect(live.signal?.aborted).toBe(true);
    const explicit = solver.calls[1];
    // Time passes, the live check does not come back to take the worker.
    await advance(5000);
    expect(solver.calls).toHaveLength(2);
    expect(explicit.signal?.aborted).toBe(false);
    await explicit.release();
    expect(h.status()).toHaveTextContent(/^Multiple solutions: at least 2\. Two are shown/);
    expect(h.verdict()).toHaveTextContent(/^Several solutions/);
    // A pending check (edit, then Check uniqueness before the debounce ends) does not start.
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    await advance(5000);
    expect(solver.calls).toHaveLength(3);
    expect(solver.calls[2].signal?.aborted).toBe(false);
    await solver.calls[2].release();
    expect(h.verdict()).toHaveTextContent(/^Several solutions/);
  });

  it('Cancel on an explicit run leaves the verdict "Not checked", not pending forever', async () => {
    const solver = gatedSolver();
    const h = renderApp({ solver, liveCheckMs: 300, slowAfterMs: 20, fakeTimers: true });
    await advance(0);
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    await advance(50);
    await h.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(h.verdict()).toHaveTextContent(/^Not checked: the run was cancelled/);
  });

  it('comes back after a reload, for the same puzzle', async () => {
    const storage = memoryStorage();
    const solver = gatedSolver();
    const first = renderApp({ solver, storage, liveCheckMs: 300, fakeTimers: true });
    await chooseSize(first.user, 4);
    await typeClues(first, UNIQUE_4);
    await advance(300);
    await solver.calls.at(-1)!.release();
    expect(first.verdict()).toHaveTextContent(/^Unique/);
    cleanup();

    const again = gatedSolver();
    const second = renderApp({ solver: again, storage, liveCheckMs: 300, fakeTimers: true });
    await advance(300);
    expect(again.calls).toHaveLength(1);
    expect(Array.from(again.calls[0].request.givens)).toEqual(
      Array.from(first.store.getState().givens),
    );
    await again.calls[0].release();
    expect(second.verdict()).toHaveTextContent(/^Unique: exactly one solution/);
  });
});
