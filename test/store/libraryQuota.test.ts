/**
 * The library when the browser's storage is full (src/store/library/writeFailures.ts through
 * the library slice), and what a library file may claim (library/fileEntries.ts), over
 * fake-indexeddb: every failed write is kept and counted (those with no copy in localStorage
 * named as at risk), loadLibrary leaves the failure in place, Retry or a later successful
 * write puts every waiting puzzle in the library; an import that stops part way says why and
 * how many were written; one id twice in a file keeps the newest; a verdict from a file is
 * marked as such until the app's own arrives; a date in the future is set to now; and the
 * export, printed in slices, is the same text as the one-go printer, reports its progress,
 * includes the waiting puzzles, and stops on Cancel.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printLibraryFile, readLibraryFile } from '../../src/formats/library.ts';
import { fileEntryOf, printLibraryInSlices } from '../../src/store/library/exportSlices.ts';
import { FUTURE_TOLERANCE_MS } from '../../src/store/library/fileEntries.ts';
import { libraryOpener, type LibraryStorage } from '../../src/store/library/libraryDb.ts';
import { PENDING_LIMIT, pendingArea } from '../../src/store/library/pending.ts';
import { libraryErrorReason } from '../../src/store/library/writeFailures.ts';
import { memoryStorage, type KeyValueStorage } from '../../src/store/persistence.ts';
import { createSquigglyStore, visibleLibrary, type SquigglyStore } from '../../src/store/store.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

const clients: ChannelClient[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const client of clients.splice(0)) client.dispose();
});

const quotaError = () => new DOMException('', 'QuotaExceededError');

/**
 * The factory's library, whose writes throw QuotaExceededError while `full.on` (as Chromium's
 * IndexedDB does: an empty message), or after `full.after` more puts succeed.
 */
function fullLibrary(factory: InstanceType<typeof IDBFactory>) {
  const real = libraryOpener(factory);
  const full = {
    on: false,
    after: Infinity,
    puts: 0,
    /** Called at a refused write (the test frees space and clicks Retry just then). */
    onRefuse: null as (() => void) | null,
  };
  const refuse = (): boolean => {
    if (full.on) {
      const hook = full.onRefuse;
      full.onRefuse = null;
      hook?.();
      return true;
    }
    if (full.after <= 0) {
      full.on = true;
      return true;
    }
    full.after--;
    return false;
  };
  const open = async (): Promise<LibraryStorage> => {
    const db = await real();
    return {
      ...db,
      put: async (records) => {
        if (refuse()) throw quotaError();
        full.puts++;
        return db.put(records);
      },
      // The write a tab makes of its own puzzle (compared with the revision it is based on).
      putChecked: async (record, base) => {
        if (refuse()) throw quotaError();
        full.puts++;
        return db.putChecked(record, base);
      },
      putMeta: async (meta) => {
        if (full.on) throw quotaError();
        return db.putMeta(meta);
      },
    };
  };
  return { open, full, real };
}

function make(
  options: {
    factory?: InstanceType<typeof IDBFactory>;
    storage?: KeyValueStorage | null;
    live?: boolean;
  } = {},
) {
  const client = createChannelClient();
  clients.push(client);
  const factory = options.factory ?? new IDBFactory();
  const library = fullLibrary(factory);
  const store = createSquigglyStore({
    solver: client,
    storage: options.storage ?? null,
    library: library.open,
    liveCheckMs: options.live ? 0 : null,
  });
  return { store, factory, full: library.full, db: library.real };
}

/** A 4×4 with clue `digit` in cell `cell`, titled `title`, written (or failing) at once. */
async function makePuzzle(store: SquigglyStore, title: string, digit = 1, cell = 0) {
  await store.getState().newPuzzle(4, 'standard');
  store.getState().setGiven(cell, digit);
  store.getState().setPuzzleInfo({ title });
  await store.getState().keepCurrentPuzzle();
  return store.getState().libraryId;
}

const storedTitles = async (db: () => Promise<LibraryStorage>): Promise<string[]> =>
  (await (await db()).listMeta()).map((meta) => meta.title).sort();

describe('a full library', () => {
  it('a Retry asked for while a retry is under way is not lost', async () => {
    const { store, full, db } = make();
    full.on = true;
    for (const title of ['One', 'Two', 'Three']) await makePuzzle(store, title);
    expect(store.getState().libraryWaiting?.puzzles).toHaveLength(3);
    // As a pass's first write is refused, space is freed and Retry clicked: the rest of the
    // pass goes through, and the refused one must be written too, not left waiting.
    full.onRefuse = () => {
      full.on = false;
      void store.getState().retryLibraryWrites();
    };
    await store.getState().retryLibraryWrites();
    await vi.waitFor(() => expect(store.getState().libraryWaiting).toBeNull());
    expect(await storedTitles(db)).toEqual(['One', 'Three', 'Two']);
  });

  it('keeps every failed write, says how many wait and names those at risk', async () => {
    const storage = memoryStorage();
    const { store, full, db } = make({ storage });
    await makePuzzle(store, 'Before');
    full.on = true;
    const made: string[] = [];
    for (let n = 1; n <= 20; n++) {
      const title = `Full ${String(n).padStart(2, '0')}`;
      made.push(title);
      await makePuzzle(store, title, (n % 4) + 1);
    }
    const waiting = store.getState().libraryWaiting!;
    expect(waiting.full).toBe(true);
    expect(waiting.reason).toBe("the browser's storage for My puzzles is full");
    expect(waiting.puzzles.map((puzzle) => puzzle.title).sort()).toEqual(made);
    // localStorage holds the newest PENDING_LIMIT copies; the four oldest are at risk.
    expect(pendingArea(storage)!.list()).toHaveLength(PENDING_LIMIT);
    expect(waiting.puzzles.filter((puzzle) => puzzle.atRisk).map((puzzle) => puzzle.title)).toEqual(
      made.slice(0, 20 - PENDING_LIMIT),
    );
    // Opening the list does not hide the failure.
    await store.getState().loadLibrary();
    expect(store.getState().libraryWaiting?.puzzles).toHaveLength(20);
    expect(await storedTitles(db)).toEqual(['Before']);

    full.on = false;
    await store.getState().retryLibraryWrites();
    expect(store.getState().libraryWaiting).toBeNull();
    expect(await storedTitles(db)).toEqual(['Before', ...made]);
    expect(
      visibleLibrary(store.getState())
        .map((meta) => meta.title)
        .sort(),
    ).toEqual(['Before', ...made]);
    expect(pendingArea(storage)!.list()).toEqual([]);
  });

  it('a later write that succeeds writes every waiting puzzle too', async () => {
    const { store, full, db } = make({ storage: memoryStorage() });
    full.on = true;
    await makePuzzle(store, 'One');
    await makePuzzle(store, 'Two', 2);
    expect(store.getState().libraryWaiting?.puzzles).toHaveLength(2);
    full.on = false;
    await makePuzzle(store, 'Three', 3);
    await vi.waitFor(() => expect(store.getState().libraryWaiting).toBeNull());
    expect(await storedTitles(db)).toEqual(['One', 'Three', 'Two']);
  });

  it('an export while full includes the waiting puzzles', async () => {
    const { store, full } = make();
    await makePuzzle(store, 'Stored');
    full.on = true;
    await makePuzzle(store, 'Waiting', 3);
    await store.getState().newPuzzle(4, 'empty');
    const text = (await store.getState().exportLibrary())!;
    const read = readLibraryFile(text);
    if ('error' in read) throw new Error(read.error.message);
    const titles = Array.from({ length: read.reader.count }, (_, index) => {
      const entry = read.reader.entry(index);
      return 'entry' in entry ? entry.entry.puzzle.info.title : '?';
    });
    expect(titles.sort()).toEqual(['Stored', 'Waiting']);
  });

  it('an import that stops part way says why and how many were written, and lists them', async () => {
    const source = make();
    for (let n = 0; n < 5; n++) await makePuzzle(source.store, `P${n}`, (n % 4) + 1, n);
    const one = (await source.store.getState().exportLibrary())!;
    // 250 puzzles: five, each under 50 ids.
    const lines = one.split('\n');
    const body = lines.slice(1, -2).map((line) => line.replace(/,$/, ''));
    const many: string[] = [];
    for (let n = 0; n < 250; n++) {
      many.push(body[n % body.length].replace(/"id":"[^"]+"/, `"id":"id-${n}"`));
    }
    const text = `${lines[0]}\n${many.join(',\n')}\n]}\n`;

    const target = make();
    await target.store.getState().loadLibrary();
    // Two transactions (of 100) go through, the third finds the storage full.
    target.full.after = 2;
    const outcome = await target.store.getState().importLibrary(text);
    expect(outcome).toEqual({
      ok: false,
      error: "the browser's storage for My puzzles is full",
      imported: 200,
      of: 250,
    });
    expect(await (await target.db()).listMeta()).toHaveLength(200);
    expect(target.store.getState().libraryEntries).toHaveLength(200);
  });

  it('no reason is ever empty', () => {
    expect(libraryErrorReason(new DOMException('', 'QuotaExceededError'))).toBe(
      "the browser's storage for My puzzles is full",
    );
    expect(libraryErrorReason(new DOMException('', 'AbortError'))).toBe(
      'the browser refused it (AbortError)',
    );
    expect(libraryErrorReason(new Error(''))).toBe('the browser refused it and gave no reason');
    expect(libraryErrorReason(null)).toBe('the browser refused it and gave no reason');
    expect(libraryErrorReason(new Error('disk gone'))).toBe('disk gone');
  });
});

/** A library file of `entries` (each a puzzle's link text). */
const fileOf = (entries: { id: string; modified: string; puzzle: string }[]): string =>
  `{"squigglyLibrary": 1, "exported": "2026-06-01T00:00:00.000Z", "puzzles": [\n${entries
    .map((entry) =>
      JSON.stringify({
        created: '2026-01-01T00:00:00.000Z',
        verdict: null,
        rating: null,
        ...entry,
      }),
    )
    .join(',\n')}\n]}\n`;

/** The link text of a 4×4 titled `title`. */
async function linkOf(title: string, digit = 1): Promise<string> {
  const { store } = make();
  await makePuzzle(store, title, digit);
  const text = (await store.getState().exportLibrary())!;
  return /"puzzle":"([^"]+)"/.exec(text)![1];
}

describe('what a library file may claim', () => {
  it('one id twice in a file: the newest copy wins, and the counts say so', async () => {
    const older = await linkOf('Older');
    const newer = await linkOf('Newer', 2);
    const text = fileOf([
      { id: 'same', modified: '2026-03-01T00:00:00.000Z', puzzle: newer },
      { id: 'same', modified: '2026-02-01T00:00:00.000Z', puzzle: older },
      { id: 'other', modified: '2026-02-01T00:00:00.000Z', puzzle: older },
      { id: 'other', modified: '2026-04-01T00:00:00.000Z', puzzle: newer },
    ]);
    const { store, db } = make();
    await store.getState().loadLibrary();
    expect(await store.getState().importLibrary(text)).toEqual({
      ok: true,
      added: 2,
      updated: 0,
      unchanged: 0,
      repeated: 2,
      clamped: 0,
    });
    const stored = await db();
    expect((await stored.get('same'))?.meta.title).toBe('Newer');
    expect((await stored.get('other'))?.meta.title).toBe('Newer');
    expect((await stored.get('other'))?.meta.modified).toBe(Date.parse('2026-04-01T00:00:00.000Z'));
  });

  it('a date in the future is set to now, so a later update still goes in', async () => {
    const link = await linkOf('Far');
    const later = await linkOf('Later', 3);
    const { store, db } = make();
    await store.getState().loadLibrary();
    const before = Date.now();
    const far = fileOf([{ id: 'far', modified: '2999-01-01T00:00:00.000Z', puzzle: link }]);
    expect(await store.getState().importLibrary(far)).toMatchObject({ added: 1, clamped: 1 });
    const meta = (await (await db()).get('far'))!.meta;
    expect(meta.modified).toBeGreaterThanOrEqual(before);
    expect(meta.modified).toBeLessThanOrEqual(Date.now());
    // A copy made after now (a minute on, within the tolerance) replaces it.
    const next = new Date(Date.now() + 60_000).toISOString();
    const update = fileOf([{ id: 'far', modified: next, puzzle: later }]);
    expect(await store.getState().importLibrary(update)).toMatchObject({ updated: 1, clamped: 0 });
    expect((await (await db()).get('far'))!.meta.title).toBe('Later');
    expect(FUTURE_TOLERANCE_MS).toBeGreaterThan(60_000);
  });

  it("a file's verdict and rating are marked as from the file until the app's own arrives", async () => {
    // A unique 4×4 standard Sudoku.
    const solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    const clues = [0, 1, 6, 7, 8, 10, 13, 15];
    const source = make();
    await source.store.getState().newPuzzle(4, 'standard');
    for (const cell of clues) source.store.getState().setGiven(cell, solution[cell]);
    source.store.getState().setPuzzleInfo({ title: 'Claimed' });
    await source.store.getState().keepCurrentPuzzle();
    const link = /"puzzle":"([^"]+)"/.exec((await source.store.getState().exportLibrary())!)![1];
    // The file claims the puzzle has several solutions, and is hard.
    const text = `{"squigglyLibrary": 1, "exported": "2026-06-01T00:00:00.000Z", "puzzles": [\n${JSON.stringify(
      {
        id: 'claimed',
        created: '2026-01-01T00:00:00.000Z',
        modified: '2026-01-01T00:00:00.000Z',
        verdict: 'multiple',
        rating: 'hard',
        puzzle: link,
      },
    )}\n]}\n`;
    const { store, db } = make({ live: true });
    await store.getState().loadLibrary();
    await store.getState().importLibrary(text);
    expect((await (await db()).get('claimed'))!.meta).toMatchObject({
      verdict: 'multiple',
      verdictFromFile: true,
      rating: 'hard',
      ratingFromFile: true,
    });
    // Opened: the app's own verdict replaces the file's, and its mark goes.
    await store.getState().openFromLibrary('claimed');
    await vi.waitFor(() => expect(store.getState().live?.outcome.status).toBe('unique'), {
      timeout: 10_000,
    });
    await store.getState().keepCurrentPuzzle();
    const meta = (await (await db()).get('claimed'))!.meta;
    expect(meta.verdict).toBe('unique');
    expect(meta.verdictFromFile).toBeUndefined();
  });
});

describe('export in slices', () => {
  it('prints the same text as the one-go printer, reporting progress, and stops on Cancel', async () => {
    const { store, db } = make();
    for (let n = 0; n < 40; n++) await makePuzzle(store, `E${n}`, (n % 4) + 1, n % 16);
    const records = await (await db()).all();
    const entries = records.map(fileEntryOf);
    const progress: number[] = [];
    // Every look at the clock past the budget: one slice per 8 puzzles.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1000));
    const text = await printLibraryInSlices(entries, 1_000, {
      onProgress: (done, total) => {
        expect(total).toBe(40);
        progress.push(done);
      },
    });
    expect(text).toBe(printLibraryFile(entries, 1_000));
    expect(progress).toEqual([8, 16, 24, 32, 40]);
    expect(printLibraryFile([], 5)).toBe(await printLibraryInSlices([], 5));
    let asked = 0;
    const cancelled = await printLibraryInSlices(entries, 1_000, {
      cancelled: () => ++asked > 1,
    });
    expect(cancelled).toBeNull();
  });

  it('the store reports the export under way and Cancel gives no file', async () => {
    const { store } = make();
    for (let n = 0; n < 3; n++) await makePuzzle(store, `C${n}`, n + 1);
    const seen: ({ done: number; total: number } | null)[] = [];
    const stop = store.subscribe((state) => seen.push(state.libraryExporting));
    const exporting = store.getState().exportLibrary();
    store.getState().cancelLibraryExport();
    expect(await exporting).toBeNull();
    expect(store.getState().libraryExporting).toBeNull();
    const text = await store.getState().exportLibrary();
    stop();
    expect(text).toContain('"squigglyLibrary": 1');
    expect(seen.some((progress) => progress?.total === 3)).toBe(true);
  });
});
