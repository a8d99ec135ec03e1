/**
 * Unreadable saves are never lost silently: on a storage stub with a quota (as localStorage has),
 * a save that cannot be read is set aside when the copy fits, and otherwise kept in place with
 * autosave held off until the user downloads it or lets it go. Either way the user is told.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  HISTORY_KEY,
  keepAside,
  memoryStorage,
  readSaveEnvelope,
  setAsideKey,
  STORAGE_KEY,
  type KeyValueStorage,
} from '../../src/store/persistence.ts';
import { standardPuzzle } from '../../src/store/puzzle.ts';
import { createSquigglyStore, type SquigglyStore } from '../../src/store/store.ts';
import { quotaStorage } from '../fixtures/quotaStorage.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

let client: ChannelClient;
afterEach(() => client?.dispose());

function makeStore(storage: KeyValueStorage): SquigglyStore {
  client = createChannelClient();
  return createSquigglyStore({ solver: client, storage });
}

const QUOTA = 5_000_000;
/** A corrupt save of more than half the quota: a copy of it cannot fit beside it. */
const bigCorrupt = `{"state": {"size": 9, "walls": [${'1,'.repeat(1_400_000)}`;

describe('reading a save envelope', () => {
  it.each([
    ['null', /holds null/],
    ['[1,2,3]', /holds a list/],
    ['42', /holds a number/],
    ['"text"', /holds a string/],
    ['{"state": {}}', /not a Squiggly save/],
    ['{"version": 2}', /not a Squiggly save/],
    ['{"state": null, "version": 2}', /not a Squiggly save/],
    ['not json', /not valid JSON/],
  ])('%s is not a save', (raw, reason) => {
    expect(() => readSaveEnvelope(raw)).toThrow(reason);
  });

  it('a save is read', () => {
    expect(readSaveEnvelope('{"state": {"size": 4}, "version": 2}')).toEqual({
      state: { size: 4 },
      version: 2,
    });
  });
});

describe('keeping a save aside', () => {
  it('never writes over an earlier set-aside save', () => {
    const storage = memoryStorage({ a: 'new', [setAsideKey('a')]: 'old' });
    expect(keepAside(storage, 'a')).toBe(`${setAsideKey('a')}-2`);
    expect(storage.getItem(setAsideKey('a'))).toBe('old');
    expect(storage.getItem(`${setAsideKey('a')}-2`)).toBe('new');
    expect(storage.getItem('a')).toBeNull();
  });

  it('leaves the original in place when the copy does not fit', () => {
    const storage = quotaStorage(100, { a: 'x'.repeat(60) });
    expect(keepAside(storage, 'a')).toBeNull();
    expect(storage.getItem('a')).toBe('x'.repeat(60));
  });
});

describe('unreadable saves at start-up', () => {
  it('a good save is read back without a word', () => {
    const storage = quotaStorage(QUOTA);
    makeStore(storage).getState().setGiven(0, 3);
    const store = makeStore(storage);
    expect(store.getState().givens[0]).toBe(3);
    expect(store.getState().notice).toBeNull();
    expect([...storage.data.keys()].filter((key) => key.includes('set-aside'))).toEqual([]);
  });

  it.each(['null', '[1,2,3]', '{"state": {"size": 9}, "version": 2}', '{{{'])(
    'a save of %s is set aside and the user is told',
    (raw) => {
      const storage = quotaStorage(QUOTA, { [STORAGE_KEY]: raw });
      const store = makeStore(storage);
      expect(store.getState().notice).toMatch(/could not be restored \(.+\), so it was set aside/);
      expect(storage.getItem(setAsideKey(STORAGE_KEY))).toBe(raw);
      expect(store.getState().unreadableSaves).toEqual([]);
      // The fresh puzzle autosaves normally.
      store.getState().setGiven(0, 3);
      expect(readSaveEnvelope(storage.getItem(STORAGE_KEY) ?? '').state).toMatchObject({
        size: 9,
      });
    },
  );

  it('a big corrupt save that cannot be copied is kept in place, offered, and not overwritten', () => {
    const storage = quotaStorage(QUOTA, { [STORAGE_KEY]: bigCorrupt });
    const store = makeStore(storage);
    const [save] = store.getState().unreadableSaves;
    expect(save).toMatchObject({ key: STORAGE_KEY, what: 'puzzle', text: bigCorrupt });
    expect(save.reason).toMatch(/not valid JSON/);
    expect(storage.getItem(setAsideKey(STORAGE_KEY))).toBeNull();
    // Edits go on, but nothing writes over the save.
    store.getState().setGiven(0, 3);
    store.getState().setGiven(1, 4);
    expect(store.getState().givens[1]).toBe(4);
    expect(storage.getItem(STORAGE_KEY)).toBe(bigCorrupt);
    expect(storage.writes).not.toContain(STORAGE_KEY);
    // Downloaded (or dismissed): autosave resumes and saves the current puzzle at once.
    store.getState().releaseUnreadableSave(STORAGE_KEY);
    expect(store.getState().unreadableSaves).toEqual([]);
    const saved = readSaveEnvelope(storage.getItem(STORAGE_KEY) ?? '');
    expect((saved.state as { givens: number[] }).givens.slice(0, 2)).toEqual([3, 4]);
  });

  it('a big save of the wrong shape and an unreadable history are both kept', () => {
    const wrongShape = JSON.stringify({
      state: { ...standardPuzzle(9), walls: new Array(1_200_000).fill(1) },
      version: 2,
    });
    const storage = quotaStorage(2 * wrongShape.length + 1000, {
      [STORAGE_KEY]: wrongShape,
      [HISTORY_KEY]: 'x'.repeat(wrongShape.length),
    });
    const store = makeStore(storage);
    const saves = store.getState().unreadableSaves;
    expect(saves.map((s) => [s.key, s.what])).toEqual([
      [HISTORY_KEY, 'history'],
      [STORAGE_KEY, 'puzzle'],
    ]);
    expect(saves[1].reason).toMatch(/incomplete or damaged/);
    store.getState().setGiven(0, 3);
    expect(storage.getItem(STORAGE_KEY)).toBe(wrongShape);
    expect(storage.getItem(HISTORY_KEY)).toBe('x'.repeat(wrongShape.length));
    store.getState().releaseUnreadableSave(HISTORY_KEY);
    expect(storage.getItem(HISTORY_KEY)).not.toBe('x'.repeat(wrongShape.length));
    expect(storage.getItem(STORAGE_KEY)).toBe(wrongShape);
  });
});
