/**
 * The library's IndexedDB module (src/store/library/libraryDb.ts) on fake-indexeddb: each test
 * opens a database of its own (a fresh factory), so none sees another's entries.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  browserLibrary,
  LIST_PAGE,
  openLibraryStorage,
  type LibraryRecord,
} from '../../src/store/library/libraryDb.ts';

function record(id: string, title = `Puzzle ${id}`): LibraryRecord {
  return {
    meta: {
      id,
      title,
      author: 'Ann',
      size: 4,
      clues: 1,
      created: 1000,
      modified: 2000,
      verdict: 'unique',
      rating: 'easy',
    },
    board: {
      id,
      size: 4,
      walls: new Array<number>(16).fill(0),
      givens: [1, ...new Array<number>(15).fill(0)],
      regions: new Array<number>(16).fill(0),
      info: { title, author: 'Ann', rules: '' },
    },
  };
}

describe('library storage', () => {
  it('writes, reads back, and keeps entries across a reopen', async () => {
    const factory = new IDBFactory();
    const db = await openLibraryStorage(factory);
    await db.put([record('a'), record('b')]);
    expect(await db.get('a')).toEqual(record('a'));
    expect(await db.get('missing')).toBeUndefined();
    const again = await openLibraryStorage(factory);
    expect((await again.listMeta()).map((meta) => meta.id)).toEqual(['a', 'b']);
  });

  it('lists more entries than one page holds, each once', async () => {
    const db = await openLibraryStorage(new IDBFactory());
    const count = LIST_PAGE * 2 + 3;
    const ids = Array.from({ length: count }, (_, n) => `id-${String(n).padStart(5, '0')}`);
    await db.put(ids.map((id) => record(id)));
    const listed = await db.listMeta();
    expect(listed.map((meta) => meta.id)).toEqual(ids);
    const all = await db.all();
    expect(all).toHaveLength(count);
    expect(all[count - 1]).toEqual(record(ids[count - 1]));
  });

  it('renames meta and board together', async () => {
    const db = await openLibraryStorage(new IDBFactory());
    await db.put([record('a')]);
    const renamed = await db.rename('a', 'Better', 5000);
    expect(renamed).toMatchObject({ id: 'a', title: 'Better', modified: 5000, author: 'Ann' });
    const stored = await db.get('a');
    expect(stored?.meta.title).toBe('Better');
    expect(stored?.board.info).toEqual({ title: 'Better', author: 'Ann', rules: '' });
    expect(await db.rename('gone', 'x', 1)).toBeUndefined();
  });

  it('removes an entry and returns it whole, for undo', async () => {
    const db = await openLibraryStorage(new IDBFactory());
    await db.put([record('a'), record('b')]);
    expect(await db.remove('a')).toEqual(record('a'));
    expect(await db.get('a')).toBeUndefined();
    expect((await db.listMeta()).map((meta) => meta.id)).toEqual(['b']);
    expect(await db.remove('a')).toBeUndefined();
  });

  it('updates meta only for an entry that exists', async () => {
    const db = await openLibraryStorage(new IDBFactory());
    await db.put([record('a')]);
    await db.putMeta({ ...record('a').meta, verdict: 'multiple' });
    await db.putMeta({ ...record('gone').meta });
    expect((await db.get('a'))?.meta.verdict).toBe('multiple');
    expect((await db.listMeta()).map((meta) => meta.id)).toEqual(['a']);
  });

  it('writes a checked entry only over the revision it is based on', async () => {
    const db = await openLibraryStorage(new IDBFactory());
    const first = { ...record('a'), meta: { ...record('a').meta, revision: 'r1' } };
    expect(await db.putChecked(first, null)).toEqual({ ok: true });
    // Based on none, or on an older revision: refused, and told what is stored.
    const again = structuredClone(first);
    again.meta.revision = 'r2';
    again.board.givens[1] = 2;
    expect(await db.putChecked(again, null)).toEqual({ ok: false, stored: first });
    expect(await db.putChecked(again, 'r0')).toEqual({ ok: false, stored: first });
    expect(await db.get('a')).toEqual(first);
    expect(await db.putChecked(again, 'r1')).toEqual({ ok: true });
    expect(await db.get('a')).toEqual(again);
    // Gone: a write based on any revision is refused.
    await db.remove('a');
    expect(await db.putChecked(again, 'r2')).toEqual({ ok: false, stored: undefined });
    expect(await db.listMeta()).toEqual([]);
  });

  it('a rename is a new revision; a verdict of an older revision is not written', async () => {
    const db = await openLibraryStorage(new IDBFactory());
    await db.put([{ ...record('a'), meta: { ...record('a').meta, revision: 'r1' } }]);
    const renamed = await db.rename('a', 'Better', 5000);
    expect(renamed?.revision).not.toBe('r1');
    await db.putMeta({ ...record('a').meta, revision: 'r1', verdict: 'none' });
    expect((await db.get('a'))?.meta).toMatchObject({ title: 'Better', verdict: 'unique' });
  });

  it('is absent where the browser offers no IndexedDB', async () => {
    const global = globalThis as { indexedDB?: unknown };
    const saved = global.indexedDB;
    delete global.indexedDB;
    try {
      expect(browserLibrary()).toBeNull();
      await expect(openLibraryStorage()).rejects.toThrow(/no IndexedDB/);
    } finally {
      global.indexedDB = saved;
    }
    expect(browserLibrary()).toBeTypeOf('function');
  });
});
