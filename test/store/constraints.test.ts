/**
 * The puzzle's variant constraints in the store: added, replaced and removed as undo steps,
 * checked by the worker with the variant engine (a verdict about the jigsaw alone never
 * answers a puzzle with a cage), kept through autosave and refused when a save is damaged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { standardRegions } from '../../src/engine/board.ts';
import { memoryStorage, STORAGE_KEY } from '../../src/store/persistence.ts';
import { puzzleKey } from '../../src/store/puzzle.ts';
import {
  createSquigglyStore,
  currentResult,
  hasUnsavedWork,
  selectConstraints,
  type SquigglyStore,
} from '../../src/store/store.ts';
import type { KeyValueStorage } from '../../src/store/persistence.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

/** 4x4 boxes, solution 1234 / 3412 / 2143 / 4321. */
const SOLVED_4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/**
 * The solution with r1c1, r1c2, r3c1 and r3c2 open: a deadly pattern, two solutions (those
 * four cells read 1 2 / 2 1 or 2 1 / 1 2). An even r1c1 leaves the second alone.
 */
const TWO_WAYS = SOLVED_4.map((digit, cell) => ([0, 1, 8, 9].includes(cell) ? 0 : digit));
const SECOND = [2, 1, ...SOLVED_4.slice(2, 8), 1, 2, ...SOLVED_4.slice(10)];

let client: ChannelClient;
afterEach(() => client?.dispose());

function makeStore(storage: KeyValueStorage | null = null): SquigglyStore {
  client = createChannelClient();
  return createSquigglyStore({ solver: client, storage });
}

async function twoWays(store: SquigglyStore): Promise<void> {
  await store.getState().newPuzzle(4, 'standard');
  store.getState().loadPuzzle(4, standardRegions(4), TWO_WAYS);
}

describe('constraints in the store', () => {
  it('reach Hint, Solve by logic and the rating, which reason with them', async () => {
    const store = makeStore();
    await twoWays(store);
    store.getState().addConstraint({ kind: 'even', cell: 0 });
    await store.getState().hint();
    const shown = store.getState().logic?.shown?.step;
    expect(shown?.technique).toBe('even or odd cell');
    expect(shown?.eliminations).toEqual([{ cell: 0, digit: 1 }]);
    expect(shown?.cells).toEqual([0]);
    await store.getState().solveLogically();
    const list = store.getState().logic?.list;
    expect(list?.status).toBe('solved');
    await store.getState().rateLogically();
    const rate = store.getState().logic?.rate;
    expect(rate?.solutions).toBe('unique');
    expect(rate?.rating?.techniques['even or odd cell']).toBe(1);
  });

  it('are checked by the worker: an even cell makes a puzzle of two solutions unique', async () => {
    const store = makeStore();
    await twoWays(store);
    await store.getState().solve('unique');
    expect(currentResult(store.getState())?.outcome.status).toBe('multiple');

    expect(store.getState().addConstraint({ kind: 'even', cell: 0 })).toBeNull();
    // The answer about the jigsaw alone no longer answers the puzzle on screen.
    expect(currentResult(store.getState())).toBeNull();
    await store.getState().solve('solve');
    expect(currentResult(store.getState())?.outcome).toMatchObject({
      status: 'unique',
      solution: SECOND,
    });

    // A cage the solution cannot keep: no solution.
    store.getState().addConstraint({ kind: 'cage', cells: [2, 3], sum: 3 });
    await store.getState().solve('unique');
    expect(currentResult(store.getState())?.outcome.status).toBe('none');
  });

  it('are undo steps, and a bad shape is refused in words', async () => {
    const store = makeStore();
    await twoWays(store);
    const before = store.temporal.getState().pastStates.length;
    expect(store.getState().addConstraint({ kind: 'thermometer', cells: [0, 5, 15] })).toMatch(
      /thermometer/,
    );
    expect(selectConstraints(store.getState())).toEqual([]);
    store.getState().addConstraint({ kind: 'kropki', cells: [0, 1], colour: 'white' });
    store.getState().replaceConstraint(0, { kind: 'kropki', cells: [0, 1], colour: 'black' });
    store.getState().setGlobalRule({ kind: 'antiKing' }, true);
    store.getState().setGlobalRule({ kind: 'antiKing' }, true); // already on: no step
    expect(selectConstraints(store.getState())).toEqual([
      { kind: 'kropki', cells: [0, 1], colour: 'black' },
      { kind: 'antiKing' },
    ]);
    expect(store.temporal.getState().pastStates.length).toBe(before + 3);
    store.getState().selectConstraint(1);
    store.getState().removeConstraint(0);
    expect(store.getState().selectedConstraint).toBe(0);
    store.getState().undo();
    expect(selectConstraints(store.getState())).toHaveLength(2);
    store.getState().setGlobalRule({ kind: 'antiKing' }, false);
    expect(selectConstraints(store.getState())).toEqual([
      { kind: 'kropki', cells: [0, 1], colour: 'black' },
    ]);
  });

  it('count as unsaved work, and a new puzzle starts without them', async () => {
    const store = makeStore();
    await twoWays(store);
    expect(hasUnsavedWork(store.getState())).toBe(false);
    store.getState().setGlobalRule({ kind: 'diagonal', direction: 'down' }, true);
    expect(hasUnsavedWork(store.getState())).toBe(true);
    await store.getState().newPuzzle(4, 'standard');
    expect(selectConstraints(store.getState())).toEqual([]);
    store.getState().loadPuzzle(4, standardRegions(4), TWO_WAYS, {
      constraints: [{ kind: 'odd', cell: 0 }],
    });
    expect(selectConstraints(store.getState())).toEqual([{ kind: 'odd', cell: 0 }]);
    expect(hasUnsavedWork(store.getState())).toBe(false);
  });

  it('are kept by autosave, and a damaged one is never trusted', async () => {
    const storage = memoryStorage();
    const first = makeStore(storage);
    await twoWays(first);
    first.getState().addConstraint({ kind: 'cage', cells: [0, 1], sum: 3 });
    client.dispose();
    const second = makeStore(storage);
    expect(selectConstraints(second.getState())).toEqual([{ kind: 'cage', cells: [0, 1], sum: 3 }]);
    client.dispose();

    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as {
      state: { constraints: unknown[] };
    };
    saved.state.constraints = [{ kind: 'cage', cells: [0, 99] }];
    storage.setItem(STORAGE_KEY, JSON.stringify(saved));
    const third = makeStore(storage);
    expect(selectConstraints(third.getState())).toEqual([]);
    expect(third.getState().unreadableSaves.length + (third.getState().notice ? 1 : 0)).toBe(1);
  });
});

describe('the puzzle key with constraints', () => {
  const base = {
    size: 4,
    walls: new Array<number>(16).fill(0),
    givens: new Array<number>(16).fill(0),
    regions: Array.from(standardRegions(4)),
  };
  it('is the same for the same constraints, whatever the order of their fields', () => {
    // What an import builds and what the panel builds: the same cage, keys in another order,
    // and a thermometer with slow: false, which means no more than no slow at all.
    const built = puzzleKey({
      ...base,
      constraints: [
        { kind: 'cage', cells: [0, 1], sum: 3 },
        { kind: 'thermometer', cells: [4, 5] },
      ],
    });
    const imported = puzzleKey({
      ...base,
      givens: [...base.givens],
      constraints: [
        { sum: 3, cells: [0, 1], kind: 'cage' },
        { kind: 'thermometer', cells: [4, 5], slow: false },
      ],
    });
    expect(imported).toBe(built);
    // Other constraints, another key.
    const other = puzzleKey({
      ...base,
      givens: [...base.givens],
      constraints: [{ kind: 'cage', cells: [0, 1], sum: 4 }],
    });
    expect(other).not.toBe(built);
  });
});
