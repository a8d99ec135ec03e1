import { afterEach, describe, expect, it, vi } from 'vitest';
import { standardRegions } from '../../src/engine/board.ts';
import { WALL_DOWN, WALL_RIGHT } from '../../src/engine/layout.ts';
import { layoutOf } from '../../src/store/derived.ts';
import {
  memoryStorage,
  setAsideKey,
  STORAGE_KEY,
  HISTORY_KEY,
} from '../../src/store/persistence.ts';
import {
  edgeId,
  emptyGridPuzzle,
  hasWall,
  puzzleFromRegions,
  regionsAfterWalls,
  standardPuzzle,
  withWall,
  type Puzzle,
} from '../../src/store/puzzle.ts';
import {
  createSquigglyStore,
  currentResult,
  hasUnsavedWork,
  type SquigglyStore,
} from '../../src/store/store.ts';
import type { KeyValueStorage } from '../../src/store/persistence.ts';
import { abortError } from '../../src/worker/client.ts';
import type { SolverClient } from '../../src/worker/protocol.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

const SOLVED_4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

let client: ChannelClient;
afterEach(() => client?.dispose());

function makeStore(storage: KeyValueStorage | null = null): SquigglyStore {
  client = createChannelClient();
  return createSquigglyStore({ solver: client, storage });
}

describe('walls and strokes', () => {
  it('a drag of several edges is one undo step', () => {
    const store = makeStore();
    const { beginStroke, strokeSetWall, endStroke } = store.getState();
    const before = store.getState().walls;
    const e1 = edgeId(0, WALL_RIGHT);
    const e2 = edgeId(9, WALL_RIGHT);
    beginStroke();
    strokeSetWall(e1, true);
    strokeSetWall(e2, true);
    endStroke();
    expect(hasWall(store.getState().walls, e1, 9)).toBe(true);
    expect(hasWall(store.getState().walls, e2, 9)).toBe(true);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().walls).toEqual(before);
    store.getState().redo();
    expect(hasWall(store.getState().walls, e2, 9)).toBe(true);
  });

  it('a cancelled stroke leaves no trace', () => {
    const store = makeStore();
    const before = store.getState().walls;
    store.getState().beginStroke();
    store.getState().strokeSetWall(edgeId(0, WALL_DOWN), true);
    store.getState().cancelStroke();
    expect(store.getState().walls).toBe(before);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('a paint stroke is painted as it goes and is one undo step', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'standard');
    store.temporal.getState().clear();
    const before = store.getState().regions;
    const { beginStroke, strokePaint, endStroke } = store.getState();
    beginStroke();
    // From r1c2 (box 1) over r1c3 and r1c4 (box 2): they join box 1.
    expect(strokePaint(1, [1, 2])).toBe('joined');
    expect(store.getState().regions[2]).toBe(before[1]);
    expect(strokePaint(1, [1, 2, 3])).toBe('joined');
    endStroke();
    expect(store.getState().regions.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().regions).toEqual(before);
  });

  it('undo waits while a stroke is in progress', () => {
    const store = makeStore();
    store.getState().setGiven(0, 1);
    store.getState().beginStroke();
    store.getState().strokeSetWall(edgeId(0, WALL_DOWN), true);
    store.getState().undo();
    expect(store.getState().givens[0]).toBe(1);
    store.getState().cancelStroke();
    store.getState().undo();
    expect(store.getState().givens[0]).toBe(0);
  });

  it('selection and mode changes do not enter history', () => {
    const store = makeStore();
    store.getState().setMode('digits');
    store.getState().setCursor(5);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });
});

describe('painting', () => {
  it('moves cells into the origin region, walls following, sizes changing', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'standard');
    // Cell 2 (r1c3, region 2) joins region 1 (cell 1's).
    store.getState().paint(1, [1, 2]);
    const layout = layoutOf(store.getState());
    expect(layout.regionOf[2]).toBe(layout.regionOf[1]);
    expect(layout.areas.map((a) => a.length)).toEqual([5, 3, 4, 4]);
    expect(layout.valid).toBe(false);
  });

  it('assigns picked cells to a region by number', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'empty');
    store.getState().assignRegion([0, 1, 4, 5], 2);
    const layout = layoutOf(store.getState());
    expect(layout.areas).toHaveLength(2);
    expect(layout.areas[0]).toEqual([0, 1, 4, 5]);
  });
});

describe('region labels', () => {
  it('a stroke inside an oversized region carves it; one that reaches out joins', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'empty');
    expect(store.getState().paint(0, [1, 5])).toBe('carved');
    expect(store.getState().regions).toEqual([0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(layoutOf(store.getState()).areas).toHaveLength(2);
    // Region 1 (3 cells) is not oversized: a stroke inside it does nothing.
    expect(store.getState().paint(0, [1])).toBeNull();
    // From the big area over r1c2: r1c2 joins it.
    expect(store.getState().paint(2, [1])).toBe('joined');
    expect(store.getState().regions.slice(0, 4)).toEqual([0, 1, 1, 1]);
    // A carve that would take the whole region changes nothing.
    await store.getState().newPuzzle(4, 'empty');
    expect(
      store.getState().paint(
        0,
        Array.from({ length: 16 }, (_, c) => c),
      ),
    ).toBeNull();
  });

  it('a region left in pieces stays one region, and the layout names its pieces', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'standard');
    // Cells r1c2 and r2c1 of box 1 go to region 2 and 3: box 1 keeps r1c1 and r2c2, apart.
    store.getState().assignRegion([1], 2);
    store.getState().assignRegion([4], 3);
    const layout = layoutOf(store.getState());
    expect(layout.regions[0]).toEqual([0, 5]);
    expect(layout.pieces[0]).toEqual([[0], [5]]);
    expect(layout.valid).toBe(false);
    expect(layout.problems.map((p) => p.message)).toContain(
      'region 1 is in 2 pieces: {r1c1} and {r2c2}',
    );
  });

  it('walls carry the labels: a cut makes a region, an erased wall joins, pieces stay', () => {
    const size = 4;
    const empty = emptyGridPuzzle(size);
    // A wall right across between rows 2 and 3: the lower half becomes region 2.
    let walls = empty.walls;
    for (let col = 0; col < size; col++) walls = withWall(walls, edgeId(4 + col, 4), size, true);
    const cut = regionsAfterWalls(size, empty.walls, empty.regions, walls);
    expect(cut).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    // Erasing one segment joins them again.
    const joined = regionsAfterWalls(size, walls, cut, withWall(walls, edgeId(4, 4), size, false));
    expect(new Set(joined)).toEqual(new Set([0]));
    // Region 0 in two pieces (cells 0 and 15): a wall drawn elsewhere keeps them one region.
    const labels = [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0];
    const before = puzzleFromRegions(size, labels, new Array(16).fill(0)).walls;
    const after = withWall(before, edgeId(5, 2), size, true);
    expect(regionsAfterWalls(size, before, labels, after)).toEqual(labels);
  });
});

describe('solving', () => {
  it('reports a unique solution and clears it after an edit', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'standard');
    SOLVED_4.forEach((d, cell) => cell % 3 && store.getState().setGiven(cell, d));
    await store.getState().solve('solve');
    const result = currentResult(store.getState());
    expect(result?.outcome).toMatchObject({ status: 'unique', solution: SOLVED_4 });
    store.getState().setGiven(1, 0);
    expect(currentResult(store.getState())).toBeNull();
    expect(store.getState().result).toBeNull();
  });

  it('refuses an invalid layout with the reason', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'empty');
    await store.getState().solve('unique');
    const outcome = store.getState().result?.outcome;
    expect(outcome?.status).toBe('invalid');
    expect(outcome && 'reasons' in outcome && outcome.reasons[0]).toMatch(/needs 4/);
    expect(client.starts).toBe(0);
  });

  it('counts up to the limit', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'standard');
    store.getState().setCountLimit(50);
    await store.getState().solve('count');
    expect(store.getState().result?.outcome).toMatchObject({
      status: 'multiple',
      count: 50,
      complete: false,
    });
  });

  it('an edit during a run drops the run without a result', async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'standard');
    const pending = store.getState().solve('count');
    store.getState().setGiven(0, 1);
    await pending;
    expect(store.getState().run).toBeNull();
    expect(store.getState().result).toBeNull();
  });
});

describe('one undo for the page', () => {
  it("in play the player's moves, else the puzzle's history", async () => {
    const store = makeStore();
    await store.getState().newPuzzle(4, 'standard');
    store.getState().setGiven(0, 1);
    store.getState().setMode('play');
    store.getState().openPlay();
    store.getState().setPlaySelection([5]);
    store.getState().enterPlay(3);
    expect(store.getState().playBoard.digits[5]).toBe(3);
    store.getState().undo();
    expect(store.getState().playBoard.digits[5]).toBe(0);
    // The clue, the puzzle's own step, is still there; redo brings the move back.
    expect(store.getState().givens[0]).toBe(1);
    store.getState().redo();
    expect(store.getState().playBoard.digits[5]).toBe(3);
    store.getState().setMode('digits');
    store.getState().undo();
    expect(store.getState().givens[0]).toBe(0);
  });
});

describe('a new random jigsaw', () => {
  it('is not dropped by the live check that comes while the worker makes it', async () => {
    // The worker takes a while (a cold start), and the first check is due before it is done.
    client = createChannelClient({ layoutDelayMs: 30 });
    const store = createSquigglyStore({ solver: client, storage: null, liveCheckMs: 0 });
    const making = store.getState().newPuzzle(7, 'random');
    expect(store.getState().run).toMatchObject({ kind: 'layout', size: 7 });
    await making;
    expect(store.getState().size).toBe(7);
    expect(layoutOf(store.getState()).valid).toBe(true);
    expect(store.getState().run).toBeNull();
  });

  it('stopped by an edit says so, and the grid is as it was', async () => {
    const store = makeStore();
    const making = store.getState().newPuzzle(7, 'random');
    store.getState().setGiven(0, 5);
    await making;
    expect(store.getState().size).toBe(9);
    expect(store.getState().givens[0]).toBe(5);
    expect(currentResult(store.getState())).toMatchObject({
      kind: 'layout',
      outcome: { status: 'cancelled' },
    });
  });

  it('a worker that fails is reported, not swallowed', async () => {
    client = createChannelClient();
    const failing: SolverClient = {
      ...client,
      randomLayout: () => Promise.reject(new Error('The solver stopped responding.')),
    };
    const store = createSquigglyStore({ solver: failing, storage: null });
    await store.getState().newPuzzle(7, 'random');
    expect(store.getState().size).toBe(9);
    expect(currentResult(store.getState())).toMatchObject({
      kind: 'layout',
      outcome: { status: 'error', message: 'The solver stopped responding.' },
    });
  });
});

describe('autosave', () => {
  it('restores puzzle and undo history after a reload', async () => {
    const storage = memoryStorage();
    const first = makeStore(storage);
    first.getState().setGiven(0, 5);
    first.getState().toggleWall(edgeId(0, WALL_RIGHT));
    const second = createSquigglyStore({ solver: client, storage });
    expect(second.getState().givens[0]).toBe(5);
    expect(second.getState().walls).toEqual(first.getState().walls);
    expect(second.temporal.getState().pastStates).toHaveLength(2);
    second.getState().undo();
    second.getState().undo();
    expect(second.getState().givens[0]).toBe(0);
    expect(second.getState().walls).toEqual(standardPuzzle(9).walls);
  });

  it('sets a corrupt save aside and tells the user', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: '{"state": {"size": 9, "walls": [1,' });
    const store = makeStore(storage);
    expect(store.getState().notice).toMatch(/set aside/);
    expect(store.getState().size).toBe(9);
    expect(storage.getItem(setAsideKey(STORAGE_KEY))).toBe('{"state": {"size": 9, "walls": [1,');
  });

  it('sets aside a save of the right JSON but the wrong shape', () => {
    const bad = JSON.stringify({ state: { size: 9, walls: [1, 2], givens: [] }, version: 1 });
    const storage = memoryStorage({ [STORAGE_KEY]: bad, [HISTORY_KEY]: '[[[' });
    const store = makeStore(storage);
    expect(store.getState().notice).toMatch(/incomplete or damaged/);
    expect(store.getState().notice).toMatch(/undo history/);
    expect(storage.getItem(setAsideKey(STORAGE_KEY))).toBe(bad);
  });

  it('upgrades a version 0 save (a flat region map) and keeps the original', () => {
    const givens = new Array(16).fill(0);
    givens[5] = 3;
    const old = JSON.stringify({
      state: { size: 4, regions: Array.from(standardRegions(4)), givens },
      version: 0,
    });
    const storage = memoryStorage({ [STORAGE_KEY]: old });
    const store = makeStore(storage);
    expect(store.getState().size).toBe(4);
    expect(store.getState().givens[5]).toBe(3);
    expect(store.getState().walls).toEqual(standardPuzzle(4).walls);
    expect(store.getState().notice).toMatch(/older version/);
    expect(storage.getItem(setAsideKey(STORAGE_KEY))).toBe(old);
  });

  it('upgrades a version 1 save (walls only) and its undo history', () => {
    // Version 1 kept size, walls and givens only.
    const v1 = ({ size, walls, givens }: Puzzle) => ({ size, walls, givens });
    const puzzle = standardPuzzle(4);
    puzzle.givens[0] = 1;
    const pastV1 = v1(emptyGridPuzzle(4));
    const storage = memoryStorage({
      [STORAGE_KEY]: JSON.stringify({ state: v1(puzzle), version: 1 }),
      [HISTORY_KEY]: JSON.stringify({
        state: { pastStates: [pastV1], futureStates: [] },
        version: 1,
      }),
    });
    const store = makeStore(storage);
    expect(store.getState().size).toBe(4);
    expect(store.getState().givens[0]).toBe(1);
    expect(store.getState().regions).toEqual(Array.from(standardRegions(4)));
    expect(store.getState().notice).toMatch(/older version/);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().regions).toEqual(new Array(16).fill(0));
    expect(layoutOf(store.getState()).areas).toHaveLength(1);
  });

  it('writes the save when it changes, not on every change of the store', async () => {
    const storage = memoryStorage();
    const writes: string[] = [];
    const write = storage.setItem.bind(storage);
    storage.setItem = (name, value) => {
      writes.push(name);
      write(name, value);
    };
    const store = makeStore(storage);
    await store.getState().newPuzzle(4, 'standard');
    SOLVED_4.forEach((d, cell) => cell % 3 && store.getState().setGiven(cell, d));
    const puzzleWrites = () => writes.filter((name) => name === STORAGE_KEY).length;
    const before = puzzleWrites();
    // A Solve writes its run and its result to the store several times; the save is the same.
    await store.getState().solve('solve');
    expect(currentResult(store.getState())?.outcome.status).toBe('unique');
    expect(puzzleWrites()).toBe(before);
    store.getState().setGiven(1, 0);
    expect(puzzleWrites()).toBe(before + 1);
    expect(JSON.parse(storage.getItem(STORAGE_KEY) ?? '').state.givens[1]).toBe(0);
  });

  it('sets aside a save from a newer version', () => {
    const newer = JSON.stringify({ state: standardPuzzle(4), version: 99 });
    const storage = memoryStorage({ [STORAGE_KEY]: newer });
    const store = makeStore(storage);
    expect(store.getState().size).toBe(9);
    expect(store.getState().notice).toMatch(/newer version/);
  });

  it('tracks unsaved work against the last load or export', async () => {
    const store = makeStore();
    expect(hasUnsavedWork(store.getState())).toBe(false);
    store.getState().setGiven(3, 4);
    expect(hasUnsavedWork(store.getState())).toBe(true);
    store.getState().markSaved();
    expect(hasUnsavedWork(store.getState())).toBe(false);
  });
});

describe('autosave failures', () => {
  it('a full storage does not stop editing, and the user is told', async () => {
    const storage = memoryStorage();
    const store = makeStore(storage);
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    store.getState().setGiven(0, 5);
    expect(store.getState().givens[0]).toBe(5);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    await Promise.resolve();
    expect(store.getState().notice).toMatch(/Autosave failed/);
  });
});

describe('logic runs beside the solver', () => {
  /** A logic client whose ratings wait for the test, each with its signal. */
  function heldRatings(real: ChannelClient) {
    const ratings: { signal: AbortSignal | undefined; answer(): Promise<void> }[] = [];
    const logic: SolverClient = {
      ...real,
      rate: (request, options) =>
        new Promise((resolve, reject) => {
          options?.signal?.addEventListener('abort', () => reject(abortError()));
          ratings.push({
            signal: options?.signal,
            answer: () => real.rate(request).then(resolve),
          });
        }),
    };
    return { logic, ratings };
  }

  /** The 4x4 of SOLVED_4 with every third cell empty: one solution. */
  async function uniquePuzzle(store: SquigglyStore): Promise<void> {
    await store.getState().newPuzzle(4, 'standard');
    SOLVED_4.forEach((d, cell) => cell % 3 && store.getState().setGiven(cell, d));
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** A unique puzzle whose live verdict brought a rating, held in flight (logic's own worker). */
  async function ratingInFlight() {
    client = createChannelClient();
    const { logic, ratings } = heldRatings(createChannelClient());
    const store = createSquigglyStore({ solver: client, logic, storage: null, liveCheckMs: 1 });
    await uniquePuzzle(store);
    await vi.waitFor(() => expect(ratings).toHaveLength(1));
    return { store, ratings };
  }

  it('with a worker of their own, a Solve leaves the rating in flight alone', async () => {
    // The live verdict (unique) brings a rating, which is still running when Solve is pressed.
    const { store, ratings } = await ratingInFlight();
    await store.getState().solve('solve');
    expect(currentResult(store.getState())?.outcome.status).toBe('unique');
    await settle();
    expect(ratings).toHaveLength(1);
    expect(ratings[0].signal?.aborted).toBe(false);
    await ratings[0].answer();
    await vi.waitFor(() => expect(store.getState().logic?.rate).toBeTruthy());
  });

  it('on the shared worker, a unique Solve (its result, then its verdict) asks for one rating', async () => {
    const { logic, ratings } = heldRatings(createChannelClient());
    client = createChannelClient();
    // One client for both: the slices take turns. The live check is far off: the verdict
    // comes from the Solve.
    const shared: SolverClient = { ...client, rate: logic.rate };
    const store = createSquigglyStore({ solver: shared, storage: null, liveCheckMs: 60_000 });
    await uniquePuzzle(store);
    await store.getState().solve('solve');
    await settle();
    expect(ratings).toHaveLength(1);
    expect(ratings[0].signal?.aborted).toBe(false);
  });

  it('a Hint asked while the rating runs waits for it, then runs', async () => {
    const { store, ratings } = await ratingInFlight();
    const hint = store.getState().hint();
    await settle();
    // Neither stopped (that would end the worker) nor dropped.
    expect(ratings[0].signal?.aborted).toBe(false);
    expect(store.getState().logic?.shown ?? null).toBeNull();
    await ratings[0].answer();
    await hint;
    expect(store.getState().logic?.rate).toBeTruthy();
    expect(store.getState().logic?.shown?.step).toBeTruthy();
  });

  it("the setter's next step waits for followUp", async () => {
    client = createChannelClient();
    const tools = createChannelClient();
    const explained: number[][] = [];
    const followUps: (() => void)[] = [];
    const store = createSquigglyStore({
      solver: client,
      tools: {
        ...tools,
        explain: (request, options) => {
          explained.push(Array.from(request.givens));
          return tools.explain(request, options);
        },
      },
      storage: null,
      liveCheckMs: 60_000,
      followUp: (task) => void followUps.push(task),
    });
    await uniquePuzzle(store);
    await store.getState().solve('solve');
    await settle();
    // The unique verdict asked for the next step through followUp, not at once.
    expect(followUps.length).toBeGreaterThan(0);
    expect(explained).toHaveLength(0);
    followUps.splice(0).forEach((task) => task());
    await settle();
    expect(explained).toEqual([store.getState().givens]);
    tools.dispose();
  });
});
