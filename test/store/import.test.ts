/**
 * The Import dialog's read, headless: a vanilla store (no React) with the real import API over
 * a MessageChannel (or a client that holds its reads until told). A read goes from reading to
 * read with the worker's summary, passes its progress on a few times a second and shows it only
 * once it lasts; Stop ends it as stopped, a failure says why, a new read or an edit supersedes
 * the last one (a Load waiting for it moves to the new input, at its first case), and Load
 * loads the chosen case as one undo step, reading the input again when the worker lost it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHdu4069, shareFragment } from '../../src/formats/index.ts';
import type { ImportInput } from '../../src/store/importSlice.ts';
import { createSquigglyStore, type SquigglyStore } from '../../src/store/store.ts';
import type { ImportClient, ImportProgress, ImportSummary } from '../../src/worker/protocol.ts';
import { SAMPLES } from '../fixtures/paths.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

const HDU4069 = readFileSync(resolve(SAMPLES, 'hdu4069.in'), 'utf8');
/** Two one-line jigsaws: a 9x9 and a 4x4. */
const JIGSAWS =
  '........6.....2...61........7...5.1........3..5......7..26...........8.4...9.....' +
  'AAABBBCCCDABBBBCCCDABAEBCCCDAAAEEEEFDDGEEEFFFDDGEHFFIIDDGGHFFIIGGGGHFIIIGHHHHHHII\n' +
  '....2..41.3.....AABCAABCDDBCDDBC\n';

let clients: ChannelClient[] = [];
afterEach(() => {
  for (const client of clients) client.dispose();
  clients = [];
});

const real = (): ChannelClient => {
  const client = createChannelClient();
  clients.push(client);
  return client;
};

function makeStore(importer: ImportClient | null = real()): SquigglyStore {
  return createSquigglyStore({ solver: real(), importer, storage: null });
}

const inputOf = (source: string, format: ImportInput['format'] = null): ImportInput => ({
  source,
  format,
});
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real API, but each read waits until `release()` (or its abort), and `progress` reports
 * through the read in flight.
 */
function heldImporter() {
  const api = real();
  const held = {
    reads: 0,
    aborted: 0,
    disposed: 0,
    release: (): void => {},
    progress: (_progress: ImportProgress): void => {},
  };
  const importer: ImportClient = {
    ...api,
    parseImport: (source, format, options) => {
      held.reads++;
      held.progress = (progress) => options?.onProgress?.(progress);
      return new Promise<ImportSummary>((resolve, reject) => {
        options?.signal?.addEventListener('abort', () => {
          held.aborted++;
          reject(new DOMException('stopped', 'AbortError'));
        });
        held.release = () => resolve(api.parseImport(source, format));
      });
    },
    dispose: () => {
      held.disposed++;
      api.dispose();
    },
  };
  return { held, importer };
}

describe('a read', () => {
  it('goes from reading to read, with the summary of every case', async () => {
    const store = makeStore();
    const input = inputOf(HDU4069);
    const reading = store.getState().readImport(input);
    expect(store.getState().importRead).toMatchObject({ input, phase: 'reading', slow: false });
    const summary = await reading;
    expect(summary?.caseCount).toBe(3);
    const read = store.getState().importRead;
    expect(read?.phase).toBe('read');
    expect(read?.summary).toBe(summary);
    expect(Array.from(read?.summary?.caseNumbers ?? [])).toEqual([1, 2, 3]);
    expect(store.getState().importLoad).toBeNull();
  });

  it('passes progress on a few times a second, and is slow only once it lasts', async () => {
    const { held, importer } = heldImporter();
    const store = makeStore(importer);
    const reading = store.getState().readImport(inputOf(HDU4069));
    held.progress({ fraction: 0.1, cases: 1 });
    // A second step at once is not shown: each shown step is a render on the page.
    held.progress({ fraction: 0.2, cases: 2 });
    expect(store.getState().importRead?.progress).toEqual({ fraction: 0.1, cases: 1 });
    expect(store.getState().importRead?.slow).toBe(false);
    await wait(400);
    expect(store.getState().importRead?.slow).toBe(true);
    held.progress({ fraction: 0.5, cases: 5 });
    expect(store.getState().importRead?.progress).toEqual({ fraction: 0.5, cases: 5 });
    held.release();
    expect((await reading)?.caseCount).toBe(3);
    expect(store.getState().importRead?.phase).toBe('read');
  });

  it('can be stopped: it ends as stopped, and a Load waiting for it with it', async () => {
    const { held, importer } = heldImporter();
    const store = makeStore(importer);
    const before = store.getState().givens;
    const input = inputOf(HDU4069);
    const reading = store.getState().readImport(input);
    const loading = store.getState().loadChosen(input, null);
    expect(store.getState().importLoad).toBe('pending');
    // The read in flight is waited for, never started again (that would stop it).
    expect(held.reads).toBe(1);
    store.getState().stopRead();
    expect(held.aborted).toBe(1);
    expect(await reading).toBeNull();
    expect(await loading).toBe(false);
    expect(store.getState().importRead?.phase).toBe('stopped');
    expect(store.getState().importLoad).toBeNull();
    expect(store.getState().givens).toBe(before);
  });

  it('that fails says why, in the worker words', async () => {
    const api = real();
    const store = makeStore({
      ...api,
      parseImport: () => Promise.reject(new Error('the disk is on fire')),
    });
    expect(await store.getState().readImport(inputOf(HDU4069))).toBeNull();
    expect(store.getState().importRead).toMatchObject({
      phase: 'failed',
      error: 'the disk is on fire',
    });
    // Without an import client, reading says so.
    const alone = makeStore(null);
    await alone.getState().readImport(inputOf(HDU4069));
    expect(alone.getState().importRead?.error).toMatch(/importing is not available here/);
  });

  it('is superseded by a new one: the old is stopped without a word', async () => {
    const { held, importer } = heldImporter();
    const store = makeStore(importer);
    const first = store.getState().readImport(inputOf(HDU4069));
    const second = store.getState().readImport(inputOf(JIGSAWS));
    expect(held.aborted).toBe(1);
    expect(await first).toBeNull();
    expect(store.getState().importRead).toMatchObject({ phase: 'reading' });
    held.release();
    expect((await second)?.caseCount).toBe(2);
    expect(store.getState().importRead?.input.source).toBe(JIGSAWS);
  });

  it('after a typing pause is superseded by an edit before it starts', async () => {
    const { held, importer } = heldImporter();
    const store = makeStore(importer);
    const typed = store.getState().readImport(inputOf('1'), { afterMs: 50 });
    expect(store.getState().importRead?.phase).toBe('waiting');
    const edited = store.getState().readImport(inputOf(HDU4069), { afterMs: 50 });
    expect(await typed).toBeNull();
    await wait(100);
    expect(held.reads).toBe(1);
    held.release();
    expect((await edited)?.caseCount).toBe(3);
  });

  it('is forgotten when there is nothing to read, or the import ends', async () => {
    const { held, importer } = heldImporter();
    const store = makeStore(importer);
    const input = inputOf(HDU4069);
    void store.getState().readImport(input);
    const loading = store.getState().loadChosen(input, null);
    store.getState().dropImportRead();
    expect(held.aborted).toBe(1);
    expect(await loading).toBe(false);
    expect(store.getState().importRead).toBeNull();
    expect(store.getState().importLoad).toBeNull();
    void store.getState().readImport(input);
    store.getState().setImportProblems(['something']);
    store.getState().endImport();
    expect(held.aborted).toBe(2);
    expect(held.disposed).toBe(1);
    expect(store.getState()).toMatchObject({
      importRead: null,
      importLoad: null,
      importProblems: [],
    });
  });
});

describe('Load', () => {
  it('loads the chosen case of a finished read as one undo step', async () => {
    const store = makeStore();
    store.temporal.getState().clear();
    const input = inputOf(HDU4069);
    await store.getState().readImport(input);
    expect(await store.getState().loadChosen(input, 2)).toBe(true);
    const case2 = parseHdu4069(HDU4069).cases[1].board;
    expect(store.getState().givens).toEqual(Array.from(case2.givens));
    expect(store.getState().importLoad).toBe('loaded');
    expect(store.temporal.getState().pastStates).toHaveLength(1);
  });

  it('says which case cannot be loaded, with its line and column', async () => {
    const store = makeStore();
    const input = inputOf(HDU4069);
    await store.getState().readImport(input);
    expect(await store.getState().loadChosen(input, 7)).toBe(false);
    expect(store.getState().importProblems).toEqual(['Choose a case from 1 to 3.']);
    // The first case with a number of its second row spoilt: the others can still be loaded.
    const lines = HDU4069.split('\n');
    lines[2] = lines[2].replace(/^(\S+ \S+ \S+) \S+/, '$1 x');
    const spoilt = inputOf(lines.join('\n'));
    await store.getState().readImport(spoilt);
    expect(await store.getState().loadChosen(spoilt, 1)).toBe(false);
    expect(store.getState().importProblems).toEqual(['Case 1 could not be read; choose another.']);
    expect(await store.getState().loadChosen(spoilt, null)).toBe(true);
    const case2 = parseHdu4069(HDU4069).cases[1].board;
    expect(store.getState().givens).toEqual(Array.from(case2.givens));
    // That case alone: nothing is left to load, and the error says where.
    const alone = inputOf(`1\n${lines.slice(1, 11).join('\n')}\n`);
    await store.getState().readImport(alone);
    expect(await store.getState().loadChosen(alone, null)).toBe(false);
    expect(store.getState().importProblems).toHaveLength(1);
    expect(store.getState().importProblems[0]).toMatch(/^case 1, line 3, column 12: /);
  });

  it('during a typing pause reads at once, reads once, and loads', async () => {
    const api = real();
    let reads = 0;
    const store = makeStore({
      ...api,
      parseImport: (...args) => {
        reads++;
        return api.parseImport(...args);
      },
    });
    const input = inputOf(JIGSAWS);
    void store.getState().readImport(input, { afterMs: 100 });
    const loading = store.getState().loadChosen(input, null);
    expect(reads).toBe(1);
    expect(await loading).toBe(true);
    expect(store.getState().size).toBe(9);
    await wait(200);
    expect(reads).toBe(1);
  });

  it('waiting for a read moves to an edited input, at its first case', async () => {
    const { held, importer } = heldImporter();
    const store = makeStore(importer);
    const hdu = inputOf(HDU4069);
    void store.getState().readImport(hdu);
    const loading = store.getState().loadChosen(hdu, 3);
    void store.getState().readImport(inputOf(JIGSAWS));
    expect(held.aborted).toBe(1);
    expect(store.getState().importLoad).toBe('pending');
    held.release();
    expect(await loading).toBe(true);
    // Case 1 of the new input (a 9x9), not case 3 of the old one.
    expect(store.getState().size).toBe(9);
    expect(store.getState().givens[8]).toBe(6);
  });

  it('reads the input again when the worker no longer holds the read', async () => {
    const api = real();
    let reads = 0;
    let fetches = 0;
    const store = makeStore({
      ...api,
      parseImport: (...args) => {
        reads++;
        return api.parseImport(...args);
      },
      importCase: (...args) =>
        ++fetches === 1 ? Promise.reject(new Error('no such parse')) : api.importCase(...args),
    });
    const input = inputOf(JIGSAWS);
    await store.getState().readImport(input);
    expect(await store.getState().loadChosen(input, 2)).toBe(true);
    expect(reads).toBe(2);
    expect(store.getState().size).toBe(4);
  });

  it('of a case by number (the batch view) loads it, or says why not', async () => {
    const store = makeStore();
    const input = inputOf(JIGSAWS);
    const summary = await store.getState().readImport(input);
    if (!summary) throw new Error('not read');
    expect(await store.getState().loadImportedCase(input, summary, 5)).toEqual({
      loaded: false,
      problem: 'Case 5 could not be read; choose another.',
    });
    expect(await store.getState().loadImportedCase(input, summary, 2)).toEqual({ loaded: true });
    expect(store.getState().size).toBe(4);
  });

  it('reads a share link on the page, walls and all; a damaged one says why', async () => {
    const from = makeStore();
    await from.getState().newPuzzle(6, 'standard');
    const { size, regions, givens, walls, info } = from.getState();
    const link = `https://example.org/#${shareFragment({ size, regions, givens, walls, info })}`;
    const store = makeStore();
    const before = store.getState().walls;
    expect(store.getState().loadInterchange(`${link.slice(0, -6)}!!`, 'link')).toBe(false);
    expect(store.getState().importProblems).toHaveLength(1);
    expect(store.getState().walls).toBe(before);
    expect(store.getState().loadInterchange(link, 'link')).toBe(true);
    expect(store.getState().importProblems).toEqual([]);
    expect(store.getState().walls).toEqual(walls);
  });
});
