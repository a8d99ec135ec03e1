import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBoard, standardRegions } from '../../src/engine/board.ts';
import { countSolutionsBitset } from '../../src/engine/bitset.ts';
import { validateLayout } from '../../src/engine/layout.ts';
import { isAbortError } from '../../src/worker/client.ts';
import { createChannelClient, type ChannelClient } from './channelClient.ts';

// A solved 4x4 grid (standard 2x2 boxes); blanking cells gives puzzles with known counts.
const SOLVED_4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

let client: ChannelClient;
afterEach(() => client?.dispose());

describe('solver client over Comlink', () => {
  it('counts a unique puzzle and returns its solution', async () => {
    client = createChannelClient();
    const givens = SOLVED_4.map((d, cell) => (cell % 3 === 0 ? 0 : d));
    const result = await client.count({
      size: 4,
      regions: standardRegions(4),
      givens,
      limit: 2,
    });
    expect(result.count).toBe(1);
    expect(result.complete).toBe(true);
    expect(result.solutions).toEqual([SOLVED_4]);
  });

  it('releases the progress callback when the run ends, so its port does not stay open', async () => {
    client = createChannelClient();
    const released = vi.fn();
    const onProgress = Object.assign(() => {}, { [Comlink.finalizer]: released });
    await client.count(
      { size: 9, regions: standardRegions(9), givens: new Array(81).fill(0), limit: 50 },
      { onProgress },
    );
    await vi.waitFor(() => expect(released).toHaveBeenCalledTimes(1));
  });

  it('stops at the limit and keeps two solutions when there are many', async () => {
    client = createChannelClient();
    const result = await client.count({
      size: 4,
      regions: standardRegions(4),
      givens: new Array(16).fill(0),
      limit: 10,
      keepSolutions: 2,
    });
    // An empty 4x4 has 288 solutions.
    expect(result.count).toBe(10);
    expect(result.complete).toBe(false);
    expect(result.solutions).toHaveLength(2);
    expect(result.solutions[0]).not.toEqual(result.solutions[1]);
  });

  it('reports direct clue clashes without searching', async () => {
    client = createChannelClient();
    const givens = new Array(16).fill(0);
    givens[0] = 1;
    givens[3] = 1;
    const result = await client.count({ size: 4, regions: standardRegions(4), givens, limit: 2 });
    expect(result.count).toBe(0);
    expect(result.clueConflicts).toEqual([{ cells: [0, 3], digit: 1, unit: 'row' }]);
  });

  it('terminates the worker on abort and starts a fresh one for the next call', async () => {
    client = createChannelClient();
    const controller = new AbortController();
    const pending = client.count(
      { size: 4, regions: standardRegions(4), givens: new Array(16).fill(0), limit: 2 },
      { signal: controller.signal },
    );
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(client.terminations).toBe(1);
    const next = await client.count({
      size: 4,
      regions: standardRegions(4),
      givens: SOLVED_4,
      limit: 2,
    });
    expect(next.count).toBe(1);
    expect(client.starts).toBe(2);
  });

  it('asks each worker to warm up after its first run only when told to; counts as before', async () => {
    client = createChannelClient();
    await client.count({ size: 4, regions: standardRegions(4), givens: SOLVED_4, limit: 2 });
    expect(client.warmUps).toBe(0);
    client.dispose();

    client = createChannelClient({ warmUp: true });
    const puzzle = { size: 4, regions: standardRegions(4), givens: new Array(16).fill(0) };
    expect((await client.count({ ...puzzle, limit: 1000 })).count).toBe(288);
    // Asked after the first run, once per worker.
    await vi.waitFor(() => expect(client.warmUps).toBe(1));
    const controller = new AbortController();
    const pending = client.count({ ...puzzle, limit: 2 }, { signal: controller.signal });
    controller.abort();
    await pending.catch(() => {});
    // The fresh worker after a cancel warms up too; the answer is the engine's, unchanged.
    const result = await client.count({ ...puzzle, limit: 1000 });
    expect(result.count).toBe(288);
    expect(result.complete).toBe(true);
    expect(client.starts).toBe(2);
    await vi.waitFor(() => expect(client.warmUps).toBe(2));
    await client.count({ ...puzzle, limit: 2 });
    expect(client.warmUps).toBe(2);
  });

  it('gives a random layout of N regions of N cells', async () => {
    client = createChannelClient();
    const regions = await client.randomLayout(6, 7);
    expect(regions).toHaveLength(36);
    for (let region = 0; region < 6; region++) {
      expect(regions.filter((r) => r === region)).toHaveLength(6);
    }
  });

  it('generates a unique, minimal puzzle on a valid jigsaw layout', async () => {
    client = createChannelClient();
    const puzzle = await client.generatePuzzle(6, 11);
    expect(puzzle.size).toBe(6);
    expect(validateLayout(6, puzzle.regions)).toEqual([]);
    const count = (givens: number[]) =>
      countSolutionsBitset(createBoard(6, puzzle.regions, givens), 2).count;
    expect(count(puzzle.givens)).toBe(1);
    // Minimal: without any one of its clues, the puzzle has a second solution.
    puzzle.givens.forEach((digit, cell) => {
      if (!digit) return;
      const fewer = puzzle.givens.slice();
      fewer[cell] = 0;
      expect(count(fewer)).toBe(2);
    });
    // The same seed gives the same puzzle.
    expect(await client.generatePuzzle(6, 11)).toEqual(puzzle);
  });

  it('cancels a generation by terminating the worker', async () => {
    client = createChannelClient();
    const controller = new AbortController();
    const pending = client.generatePuzzle(9, 3, { signal: controller.signal });
    controller.abort();
    expect(isAbortError(await pending.catch((e: unknown) => e))).toBe(true);
    expect(client.terminations).toBe(1);
  });
});

describe('isAbortError', () => {
  it('knows a cancelled call by its name, a DOMException or not an Error subclass', () => {
    expect(isAbortError(new DOMException('stopped', 'AbortError'))).toBe(true);
    // What a DOMException looks like where it does not extend Error (older engines).
    expect(isAbortError({ name: 'AbortError', message: 'stopped' })).toBe(true);
    expect(isAbortError(new Error('failed'))).toBe(false);
    expect(isAbortError(new DOMException('gone', 'NotFoundError'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});
