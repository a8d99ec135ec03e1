/**
 * The library slice (src/store/librarySlice.ts) over fake-indexeddb with the real in-thread
 * solver: what is kept and when, the app's own verdict and rating carried along, open,
 * duplicate, rename, delete and its undo, undo past a load, export and import (merging, and
 * a damaged file changing nothing), what counts as unsaved work, and surviving a page that
 * closes before IndexedDB committed a write (writes that never complete or fail, replayed by
 * the next store from the pending copies in its storage).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  libraryOpener,
  openLibraryStorage,
  type LibraryStorage,
} from '../../src/store/library/libraryDb.ts';
import { PENDING_KEY, pendingArea } from '../../src/store/library/pending.ts';
import { puzzleKey } from '../../src/store/puzzle.ts';
import { memoryStorage, type KeyValueStorage } from '../../src/store/persistence.ts';
import {
  createSquigglyStore,
  hasUnsavedWork,
  visibleLibrary,
  type SquigglyStore,
} from '../../src/store/store.ts';
import { blockedStorage } from '../fixtures/quotaStorage.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

const clients: ChannelClient[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const client of clients.splice(0)) client.dispose();
});

interface Made {
  store: SquigglyStore;
  db: () => Promise<LibraryStorage>;
  factory: InstanceType<typeof IDBFactory>;
}

function make(
  options: {
    factory?: InstanceType<typeof IDBFactory>;
    storage?: KeyValueStorage | null;
    live?: boolean;
    /** The library the store writes through (default: the factory's, as it is). */
    library?: () => Promise<LibraryStorage>;
  } = {},
): Made {
  const client = createChannelClient();
  clients.push(client);
  const factory = options.factory ?? new IDBFactory();
  const db = libraryOpener(factory);
  const store = createSquigglyStore({
    solver: client,
    storage: options.storage ?? null,
    library: options.library ?? db,
    liveCheckMs: options.live ? 0 : null,
  });
  return { store, db, factory };
}

/** Four clues on a 4×4 standard layout: a small puzzle with something of the user's on it. */
function drawSomething(store: SquigglyStore, first = 1): void {
  store.getState().newPuzzle(4, 'standard');
  store.getState().setGiven(0, first);
}

const titles = (store: SquigglyStore): string[] =>
  visibleLibrary(store.getState()).map((meta) => meta.title);

describe('keeping puzzles', () => {
  it('does not keep a blank start, keeps a puzzle once something is on it', async () => {
    const { store, db } = make();
    await store.getState().keepCurrentPuzzle();
    expect(await (await db()).listMeta()).toEqual([]);
    await store.getState().newPuzzle(4, 'standard');
    store.getState().setGiven(5, 2);
    await store.getState().keepCurrentPuzzle();
    const [meta] = await (await db()).listMeta();
    expect(meta).toMatchObject({ id: store.getState().libraryId, size: 4, clues: 1, title: '' });
    const stored = await (await db()).get(meta.id);
    expect(stored?.board.givens[5]).toBe(2);
  });

  it('writes after a pause on its own, and moves the modified date only for real changes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { store, db } = make();
      vi.setSystemTime(1_000_000);
      await store.getState().newPuzzle(4, 'standard');
      store.getState().setGiven(0, 1);
      await vi.advanceTimersByTimeAsync(2_000);
      // IndexedDB (fake-indexeddb) runs on real tasks: wait for the write that started.
      await store.getState().keepCurrentPuzzle();
      const [first] = await (await db()).listMeta();
      expect(first.modified).toBe(1_000_000 + 500);
      vi.setSystemTime(5_000_000);
      // Opening and re-keeping an unchanged puzzle does not touch its date.
      await store.getState().openFromLibrary(first.id);
      await store.getState().keepCurrentPuzzle();
      expect((await (await db()).listMeta())[0].modified).toBe(first.modified);
      store.getState().setGiven(1, 2);
      await store.getState().keepCurrentPuzzle();
      expect((await (await db()).listMeta())[0].modified).toBe(5_000_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('records the live verdict and the rating the app computed', async () => {
    const { store, db } = make({ live: true });
    await store.getState().newPuzzle(4, 'standard');
    // A unique 4x4 standard Sudoku: each row of 2x2 boxes.
    const solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    const clues = [0, 1, 6, 7, 8, 10, 13, 15];
    for (const cell of clues) store.getState().setGiven(cell, solution[cell]);
    await vi.waitFor(() => expect(store.getState().live?.outcome.status).toBe('unique'), {
      timeout: 10_000,
    });
    await vi.waitFor(
      async () => {
        await store.getState().keepCurrentPuzzle();
        const [meta] = await (await db()).listMeta();
        expect(meta.verdict).toBe('unique');
        expect(meta.rating).toBe(store.getState().logic?.rate?.rating?.level);
        expect(meta.rating).not.toBeNull();
      },
      { timeout: 10_000 },
    );
  });

  it('leaving a puzzle writes its last edit under its own id at once', async () => {
    const { store, db } = make();
    drawSomething(store);
    const firstId = store.getState().libraryId;
    store.getState().setGiven(3, 4);
    // No pause: a new puzzle is loaded straight away.
    store.getState().loadPuzzle(
      4,
      new Array(16).fill(0).map((_, i) => (i < 8 ? 0 : 1)),
      new Array(16).fill(0),
    );
    const secondId = store.getState().libraryId;
    expect(secondId).not.toBe(firstId);
    await store.getState().keepCurrentPuzzle();
    const first = await (await db()).get(firstId);
    expect(first?.board.givens[3]).toBe(4);
    expect((await (await db()).get(secondId))?.board.size).toBe(4);
  });

  it('undo past a load returns to the earlier puzzle and its entry', async () => {
    const { store, db } = make();
    drawSomething(store, 3);
    await store.getState().keepCurrentPuzzle();
    const firstId = store.getState().libraryId;
    store.getState().loadPuzzle(
      4,
      new Array(16).fill(0).map((_, i) => (i % 4 < 2 ? 0 : 1)),
      [2, ...new Array(15).fill(0)],
    );
    await store.getState().keepCurrentPuzzle();
    const secondId = store.getState().libraryId;
    store.getState().undo();
    expect(store.getState().libraryId).toBe(firstId);
    store.getState().setGiven(15, 4);
    await store.getState().keepCurrentPuzzle();
    // The loaded puzzle's entry still holds the loaded puzzle; the edit went to the first.
    expect((await (await db()).get(secondId))?.board.givens[0]).toBe(2);
    expect((await (await db()).get(secondId))?.board.givens[15]).toBe(0);
    expect((await (await db()).get(firstId))?.board.givens[15]).toBe(4);
  });

  it('keeps the entry id across a reload (autosave carries it)', async () => {
    const storage = memoryStorage();
    const factory = new IDBFactory();
    const first = make({ storage, factory });
    drawSomething(first.store);
    await first.store.getState().keepCurrentPuzzle();
    const id = first.store.getState().libraryId;
    const second = make({ storage, factory });
    expect(second.store.getState().libraryId).toBe(id);
    second.store.getState().setGiven(2, 3);
    await second.store.getState().keepCurrentPuzzle();
    expect((await (await second.db()).listMeta()).map((meta) => meta.id)).toEqual([id]);
  });
});

describe('library actions', () => {
  async function withThree(): Promise<Made> {
    // Distinct clock readings, so "newest first" has an answer.
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1000));
    const made = make();
    const { store } = made;
    for (const [title, author, size] of [
      ['Wiggles', 'Ann', 4],
      ['Alpha', 'Bob', 9],
      ['Zed', 'Ann', 6],
    ] as const) {
      await store.getState().newPuzzle(size, 'standard');
      store.getState().setGiven(0, 1);
      store.getState().setPuzzleInfo({ title, author });
      await store.getState().keepCurrentPuzzle();
    }
    await store.getState().loadLibrary();
    return made;
  }

  it('lists, sorts and searches by title and author', async () => {
    const { store } = await withThree();
    expect(store.getState().libraryStatus).toBe('ready');
    expect(titles(store)).toEqual(['Zed', 'Alpha', 'Wiggles']); // newest first
    store.getState().setLibrarySort('title');
    expect(titles(store)).toEqual(['Alpha', 'Wiggles', 'Zed']);
    store.getState().setLibrarySort('size');
    expect(titles(store)).toEqual(['Wiggles', 'Zed', 'Alpha']);
    store.getState().setLibraryQuery('ann');
    expect(titles(store)).toEqual(['Wiggles', 'Zed']);
    store.getState().setLibraryQuery('ZE ann');
    expect(titles(store)).toEqual(['Zed']);
    // The same inputs give the same list (the UI's selector needs a stable snapshot).
    expect(visibleLibrary(store.getState())).toBe(visibleLibrary(store.getState()));
  });

  it('opens an entry: the puzzle, its text, and its id', async () => {
    const { store } = await withThree();
    const alpha = visibleLibrary(store.getState()).find((meta) => meta.title === 'Alpha')!;
    expect(await store.getState().openFromLibrary(alpha.id)).toBe(true);
    expect(store.getState()).toMatchObject({ size: 9, libraryId: alpha.id });
    expect(store.getState().info.title).toBe('Alpha');
    expect(hasUnsavedWork(store.getState())).toBe(false);
    expect(await store.getState().openFromLibrary('no-such-id')).toBe(false);
    expect(store.getState().libraryError).toMatch(/no longer in the library/);
  });

  it('duplicates, renames another entry, renames the open one through the store', async () => {
    const { store, db } = await withThree();
    const alpha = visibleLibrary(store.getState()).find((meta) => meta.title === 'Alpha')!;
    const copy = await store.getState().duplicateInLibrary(alpha.id);
    expect(copy).toMatchObject({ title: 'Alpha (copy)', size: 9, author: 'Bob' });
    expect((await (await db()).get(copy!.id))?.board.info.title).toBe('Alpha (copy)');
    await store.getState().renameInLibrary(alpha.id, '  Beta ');
    expect(titles(store)).toContain('Beta');
    expect((await (await db()).get(alpha.id))?.board.info.title).toBe('Beta');
    // The open puzzle (Zed) is renamed where it lives: the store, as one undo step.
    await store.getState().renameInLibrary(store.getState().libraryId, 'Zeta');
    expect(store.getState().info.title).toBe('Zeta');
    expect(titles(store)).toContain('Zeta');
    store.getState().undo();
    expect(store.getState().info.title).toBe('Zed');
  });

  it('deletes, and Undo delete brings the entry back as it was', async () => {
    const { store, db } = await withThree();
    const alpha = visibleLibrary(store.getState()).find((meta) => meta.title === 'Alpha')!;
    const before = await (await db()).get(alpha.id);
    await store.getState().deleteFromLibrary(alpha.id);
    expect(titles(store)).not.toContain('Alpha');
    expect(store.getState().libraryDeleted?.title).toBe('Alpha');
    expect(await (await db()).get(alpha.id)).toBeUndefined();
    await store.getState().undoLibraryDelete();
    expect(store.getState().libraryDeleted).toBeNull();
    expect(await (await db()).get(alpha.id)).toEqual(before);
    expect(titles(store)).toContain('Alpha');
  });

  it('deleting the open puzzle stops keeping it until the delete is undone', async () => {
    const { store, db } = await withThree();
    const id = store.getState().libraryId;
    const before = await (await db()).get(id);
    await store.getState().deleteFromLibrary(id);
    await store.getState().keepCurrentPuzzle();
    expect(await (await db()).get(id)).toBeUndefined();
    await store.getState().undoLibraryDelete();
    expect(await (await db()).get(id)).toEqual(before);
  });

  it('an edit to the open puzzle after its delete is kept: the entry comes back', async () => {
    const { store, db } = await withThree();
    const id = store.getState().libraryId;
    await store.getState().deleteFromLibrary(id);
    expect(store.getState().libraryDeleted).not.toBeNull();
    store.getState().setGiven(1, 2);
    // Nothing left for Undo delete to bring back: the work goes on under the same entry.
    expect(store.getState().libraryDeleted).toBeNull();
    await store.getState().keepCurrentPuzzle();
    expect((await (await db()).get(id))?.board.givens[1]).toBe(2);
  });

  it('a constraint added after its delete is an edit too: the entry comes back with it', async () => {
    const { store, db } = await withThree();
    const id = store.getState().libraryId;
    await store.getState().deleteFromLibrary(id);
    store.getState().addConstraint({ kind: 'cage', cells: [0, 1], sum: 3 });
    expect(store.getState().libraryDeleted).toBeNull();
    await store.getState().keepCurrentPuzzle();
    expect((await (await db()).get(id))?.board.constraints).toEqual([
      { kind: 'cage', cells: [0, 1], sum: 3 },
    ]);
  });
});

describe('export and import', () => {
  it('round-trips a library into another browser, and merging twice adds nothing', async () => {
    const { store } = make();
    drawSomething(store);
    store.getState().setPuzzleInfo({ title: 'One', author: 'Ann', rules: 'Usual.' });
    await store.getState().newPuzzle(6, 'standard');
    store.getState().setGiven(7, 5);
    const text = (await store.getState().exportLibrary())!;

    const other = make();
    await other.store.getState().loadLibrary();
    expect(await other.store.getState().importLibrary(text)).toEqual({
      ok: true,
      added: 2,
      updated: 0,
      unchanged: 0,
      repeated: 0,
      clamped: 0,
    });
    expect(titles(other.store).sort()).toEqual(['', 'One']);
    const one = visibleLibrary(other.store.getState()).find((meta) => meta.title === 'One')!;
    await other.store.getState().openFromLibrary(one.id);
    expect(other.store.getState().info).toEqual({ title: 'One', author: 'Ann', rules: 'Usual.' });
    expect(other.store.getState().givens[0]).toBe(1);
    expect(await other.store.getState().importLibrary(text)).toEqual({
      ok: true,
      added: 0,
      updated: 0,
      unchanged: 2,
      repeated: 0,
      clamped: 0,
    });
    // A later copy in the file replaces an older one here.
    const later = text.replace(/"modified":"[^"]+"/, '"modified":"2999-01-01T00:00:00.000Z"');
    expect(await other.store.getState().importLibrary(later)).toMatchObject({ updated: 1 });
  });

  it('carries a puzzle’s constraints into the file and back', async () => {
    const { store } = make();
    drawSomething(store);
    store.getState().setPuzzleInfo({ title: 'Caged', author: '', rules: '' });
    store.getState().addConstraint({ kind: 'cage', cells: [0, 1], sum: 3 });
    store.getState().setGlobalRule({ kind: 'antiKing' }, true);
    const text = (await store.getState().exportLibrary())!;

    const other = make();
    await other.store.getState().loadLibrary();
    await other.store.getState().importLibrary(text);
    const caged = visibleLibrary(other.store.getState()).find((meta) => meta.title === 'Caged')!;
    expect(await other.store.getState().openFromLibrary(caged.id)).toBe(true);
    expect(other.store.getState().constraints).toEqual([
      { kind: 'cage', cells: [0, 1], sum: 3 },
      { kind: 'antiKing' },
    ]);
  });

  it('a damaged file changes nothing and says where it is damaged', async () => {
    const { store, db } = make();
    drawSomething(store);
    await store.getState().newPuzzle(4, 'standard');
    store.getState().setGiven(2, 2);
    const text = (await store.getState().exportLibrary())!;
    const target = make();
    const lines = text.split('\n');
    // The first puzzle is fine, the second is cut short.
    lines[2] = lines[2].replace(/"puzzle":"puzzle=1\.([^"]{6})[^"]*"/, '"puzzle":"puzzle=1.$1"');
    const outcome = await target.store.getState().importLibrary(lines.join('\n'));
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(
      /^puzzle 2, line 3, column \d+: the puzzle cannot be read/,
    );
    expect(await (await target.db()).listMeta()).toEqual([]);
    expect(await (await db()).listMeta()).toHaveLength(2);
    const notJson = await target.store
      .getState()
      .importLibrary('{"squigglyLibrary": 1, "puzzles": [');
    expect(!notJson.ok && notJson.error).toMatch(
      /^line 1, column \d+: not a Squiggly library file/,
    );
  });
});

describe('unsaved work', () => {
  it('a change of title or author alone is not unsaved work (the library keeps it)', async () => {
    const { store, db } = make();
    store
      .getState()
      .loadPuzzle(4, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], new Array(16).fill(0));
    expect(hasUnsavedWork(store.getState())).toBe(false);
    store.getState().setPuzzleInfo({ title: 'Renamed', author: 'Someone' });
    expect(hasUnsavedWork(store.getState())).toBe(false);
    await store.getState().keepCurrentPuzzle();
    expect((await (await db()).get(store.getState().libraryId))?.meta).toMatchObject({
      title: 'Renamed',
      author: 'Someone',
    });
    // A clue is unsaved work, and so is a wall.
    store.getState().setGiven(0, 1);
    expect(hasUnsavedWork(store.getState())).toBe(true);
  });

  it('follows every edit, its undo and its redo (keys are kept per puzzle arrays)', () => {
    const { store } = make();
    store
      .getState()
      .loadPuzzle(4, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], new Array(16).fill(0));
    const loaded = puzzleKey(store.getState());
    store.getState().setGiven(5, 3);
    const edited = puzzleKey(store.getState());
    expect(edited).not.toBe(loaded);
    expect(hasUnsavedWork(store.getState())).toBe(true);
    store.getState().undo();
    expect(puzzleKey(store.getState())).toBe(loaded);
    expect(hasUnsavedWork(store.getState())).toBe(false);
    store.getState().redo();
    expect(puzzleKey(store.getState())).toBe(edited);
    // The same clues with other walls: another key.
    const { size, walls, givens, regions } = store.getState();
    expect(puzzleKey({ size, walls: walls.map((w) => w ^ 0), givens, regions })).toBe(edited);
    expect(puzzleKey({ size, walls: walls.map(() => 0), givens, regions })).not.toBe(edited);
  });
});

/**
 * The library as a page about to be closed sees it: reads work, but writes never complete
 * (the page is gone before IndexedDB commits them), or fail with `error` when one is given.
 */
function closingLibrary(factory: InstanceType<typeof IDBFactory>, error?: Error) {
  const real = libraryOpener(factory);
  const attempt = (): Promise<never> =>
    error ? Promise.reject(error) : new Promise<never>(() => undefined);
  return async (): Promise<LibraryStorage> => ({
    ...(await real()),
    put: attempt,
    putChecked: attempt,
    putMeta: attempt,
    rename: attempt,
    remove: attempt,
  });
}

/** Let the store's queued library work start (a closing library's writes then hang). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('surviving a page closed before IndexedDB committed', () => {
  it('a puzzle left by New is in the library after a reload, its write never done', async () => {
    const storage = memoryStorage();
    const factory = new IDBFactory();
    const closing = make({ storage, factory, library: closingLibrary(factory) });
    drawSomething(closing.store, 3);
    closing.store.getState().setPuzzleInfo({ title: 'Left behind' });
    const leftId = closing.store.getState().libraryId;
    // New at once: the write of the puzzle left starts, and never completes.
    await closing.store.getState().newPuzzle(4, 'empty');
    await settle();
    expect(await (await closing.db()).get(leftId)).toBeUndefined();

    const reloaded = make({ storage, factory });
    await reloaded.store.getState().loadLibrary();
    expect(titles(reloaded.store)).toEqual(['Left behind']);
    const entry = await (await reloaded.db()).get(leftId);
    expect(entry?.board.givens[0]).toBe(3);
    expect(entry?.meta).toMatchObject({ id: leftId, size: 4, clues: 1 });
    // Confirmed by IndexedDB now: nothing waits any more.
    expect(pendingArea(storage)!.list()).toEqual([]);
  });

  it('a waiting copy never replaces an entry changed after it', async () => {
    const storage = memoryStorage();
    const factory = new IDBFactory();
    const closing = make({ storage, factory, library: closingLibrary(factory) });
    drawSomething(closing.store, 1);
    const olderId = closing.store.getState().libraryId;
    drawSomething(closing.store, 2);
    const otherId = closing.store.getState().libraryId;
    await closing.store.getState().newPuzzle(4, 'empty');
    await settle();
    const copies = pendingArea(storage)!.list();
    expect(copies.map((copy) => copy.board.id)).toEqual([olderId, otherId]);
    // Meanwhile another tab changed the first puzzle, later than the copy here.
    const later = structuredClone(copies[0]);
    later.board.givens[0] = 4;
    const modified = copies[0].changed + 60_000;
    const otherTab = await openLibraryStorage(factory);
    await otherTab.put([
      {
        meta: {
          id: olderId,
          title: 'Newer',
          author: '',
          size: 4,
          clues: 1,
          created: 0,
          modified,
          verdict: null,
          rating: null,
        },
        board: { ...later.board, info: { ...later.board.info, title: 'Newer' } },
      },
    ]);

    const reloaded = make({ storage, factory });
    await reloaded.store.getState().loadLibrary();
    const db = await reloaded.db();
    expect((await db.get(olderId))?.board.givens[0]).toBe(4);
    expect((await db.get(olderId))?.meta.modified).toBe(modified);
    expect((await db.get(otherId))?.board.givens[0]).toBe(2);
    expect(titles(reloaded.store).sort()).toEqual(['', 'Newer']);
    expect(pendingArea(storage)!.list()).toEqual([]);
  });

  it('keeps a copy while the write is on its way and lets it go once it is confirmed', async () => {
    const storage = memoryStorage();
    const { store, db } = make({ storage });
    drawSomething(store, 2);
    const id = store.getState().libraryId;
    const keeping = store.getState().keepCurrentPuzzle();
    const [copy] = pendingArea(storage)!.list();
    expect(copy.board).toMatchObject({ id, size: 4 });
    expect(copy.board.givens[0]).toBe(2);
    await keeping;
    expect((await (await db()).get(id))?.board.givens[0]).toBe(2);
    expect(storage.getItem(PENDING_KEY)).toBeNull();
  });

  it('a failed write keeps its copy for the next start; deleting the entry lets it go', async () => {
    const storage = memoryStorage();
    const factory = new IDBFactory();
    const failing = make({
      storage,
      factory,
      library: closingLibrary(factory, new Error('the disk is full')),
    });
    drawSomething(failing.store, 4);
    const keptId = failing.store.getState().libraryId;
    await failing.store.getState().keepCurrentPuzzle();
    expect(failing.store.getState().libraryWaiting?.reason).toMatch(/the disk is full/);
    drawSomething(failing.store, 1);
    const deletedId = failing.store.getState().libraryId;
    await failing.store.getState().keepCurrentPuzzle();
    // Neither is on screen any more, so only the copies can bring them back.
    await failing.store.getState().newPuzzle(4, 'empty');
    expect(pendingArea(storage)!.list()).toHaveLength(2);
    await failing.store.getState().deleteFromLibrary(deletedId);
    expect(
      pendingArea(storage)!
        .list()
        .map((copy) => copy.board.id),
    ).toEqual([keptId]);

    const reloaded = make({ storage, factory });
    await reloaded.store.getState().loadLibrary();
    const ids = reloaded.store.getState().libraryEntries.map((meta) => meta.id);
    expect(ids).toContain(keptId);
    expect(ids).not.toContain(deletedId);
  });

  it('an edit still waiting for the pause is covered as the page hides', async () => {
    const storage = memoryStorage();
    const factory = new IDBFactory();
    const closing = make({ storage, factory, library: closingLibrary(factory) });
    drawSomething(closing.store, 3);
    const id = closing.store.getState().libraryId;
    closing.store.getState().keepBeforeLeaving();
    // Only the pending copy survives (the autosave held off, say): it alone carries the edit.
    const survivor = memoryStorage({ [PENDING_KEY]: storage.getItem(PENDING_KEY)! });
    const reloaded = make({ storage: survivor, factory });
    await reloaded.store.getState().loadLibrary();
    expect((await (await reloaded.db()).get(id))?.board.givens[0]).toBe(3);
    // Nothing waiting (just written): nothing to cover.
    const quietStorage = memoryStorage();
    const quiet = make({ storage: quietStorage, factory });
    await settle(); // past the start-up's own keep of the puzzle it opened with
    drawSomething(quiet.store, 1);
    await quiet.store.getState().keepCurrentPuzzle();
    quiet.store.getState().keepBeforeLeaving();
    expect(pendingArea(quietStorage)!.list()).toEqual([]);
  });

  it('storage that refuses the copies changes nothing the user sees', async () => {
    const refusing = blockedStorage();
    const { store, db } = make({ storage: refusing });
    drawSomething(store, 2);
    await store.getState().keepCurrentPuzzle();
    expect((await (await db()).get(store.getState().libraryId))?.board.givens[0]).toBe(2);
    expect(store.getState().libraryError).toBeNull();
  });
});
