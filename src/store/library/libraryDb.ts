/**
 * The library's storage: every puzzle the user makes or opens, kept in the browser's
 * IndexedDB through `idb` (a thin promise wrapper). This is the only module that touches
 * IndexedDB; the store's library slice talks to it through the LibraryStorage interface, so
 * tests hand it an IndexedDB of their own (fake-indexeddb) and a store without a library gets
 * null.
 *
 * Two object stores, both keyed by the entry's id:
 *   meta    the small facts the list shows and searches: title, author, size, clues, dates,
 *           verdict, rating (a few hundred bytes each)
 *   boards  the puzzle itself: walls, clues, region labels, title/author/rules
 * so that opening the list reads only `meta` (5,000 entries are a few hundred KB), and a board
 * is read when it is opened, duplicated or exported. Writes that touch both (save, rename,
 * delete, restore) happen in one transaction, so the two never disagree.
 *
 * Reading the whole list goes in pages of LIST_PAGE entries, one request each: each page's
 * structured-clone decoding is one short task, so a big library never blocks the page for
 * long while it loads. Export reads whole entries EXPORT_PAGE at a time (forEachPage), each
 * page handed on before the next is read, so 100,000 boards are never in memory at once.
 *
 * Several tabs share the database: putChecked compares the entry's revision inside its
 * transaction, so of two tabs writing one entry the later, based on an older version, is
 * refused and told what the entry now holds (revisions.ts decides what happens then).
 *
 * Errors (quota, a blocked or deleted database) reject the promise with the browser's error;
 * the slice turns them into words. Nothing here throws synchronously.
 */
import type { Constraint } from '../../engine/index.ts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PuzzleInfo } from '../../formats/link.ts';
import { newLibraryId } from './ids.ts';

/** What the list shows and searches, per puzzle. Dates are milliseconds since 1970 (UTC). */
export interface LibraryMeta {
  id: string;
  title: string;
  author: string;
  size: number;
  /** Clues given. */
  clues: number;
  created: number;
  modified: number;
  /** The live verdict last seen for this puzzle: unique, none, multiple, invalid; or unknown. */
  verdict: LibraryVerdict | null;
  /** The difficulty of a unique puzzle as the logic rating gave it (easy … needs search). */
  rating: string | null;
  /**
   * A stamp that changes with every write of the entry's content (revisions.ts); absent in
   * entries written before revisions existed (read as '').
   */
  revision?: string;
  /**
   * The verdict, or the rating, was read from a library file, not found by this app: shown as
   * such until the app's own replaces it (library/fileEntries.ts). Absent: the app's own.
   */
  verdictFromFile?: true;
  ratingFromFile?: true;
}

export type LibraryVerdict = 'unique' | 'none' | 'multiple' | 'invalid';

/** The puzzle itself, as the editor holds it (layout possibly half drawn). */
export interface LibraryBoard {
  id: string;
  size: number;
  walls: number[];
  givens: number[];
  regions: number[];
  info: PuzzleInfo;
  /** Variant constraints; absent in entries from before they existed (and for none). */
  constraints?: Constraint[];
}

/** One whole entry. */
export interface LibraryRecord {
  meta: LibraryMeta;
  board: LibraryBoard;
}

export interface LibraryStorage {
  /** Every entry's meta, read page by page (in id order). */
  listMeta(): Promise<LibraryMeta[]>;
  /** One whole entry, or undefined when there is none with that id. */
  get(id: string): Promise<LibraryRecord | undefined>;
  /** Write entries (new or replacing), all in one transaction. */
  put(records: readonly LibraryRecord[]): Promise<void>;
  /**
   * Write one entry only if it still holds revision `base` (null: only if there is none), in
   * one transaction: a write based on an older version never replaces a newer one.
   */
  putChecked(record: LibraryRecord, base: string | null): Promise<CheckedPut>;
  /**
   * Change only the meta of an entry (verdict, rating); nothing when it is gone or holds
   * another revision than `meta`'s (the verdict was of older content).
   */
  putMeta(meta: LibraryMeta): Promise<void>;
  /** Set the title (meta and board together); the new meta, or undefined when it is gone. */
  rename(id: string, title: string, modified: number): Promise<LibraryMeta | undefined>;
  /** Remove an entry; what was removed (to restore on undo), or undefined. */
  remove(id: string): Promise<LibraryRecord | undefined>;
  /** Every entry whole, page by page (for export). */
  all(): Promise<LibraryRecord[]>;
  /**
   * Every entry whole, EXPORT_PAGE at a time in id order, each page handed to `visit` (with the
   * number of entries) before the next is read, so a big library is never all in memory at
   * once; `visit` answers false to stop.
   */
  forEachPage(visit: (records: LibraryRecord[], total: number) => Promise<boolean>): Promise<void>;
}

/** What a checked write found: written, or the entry as it now stands (undefined: gone). */
export type CheckedPut = { ok: true } | { ok: false; stored: LibraryRecord | undefined };

/** The revision an entry holds, as compared by putChecked. */
export const revisionOf = (meta: LibraryMeta): string => meta.revision ?? '';

interface LibrarySchema extends DBSchema {
  meta: { key: string; value: LibraryMeta };
  boards: { key: string; value: LibraryBoard };
}

export const LIBRARY_DB_NAME = 'squiggly-library';
const LIBRARY_DB_VERSION = 1;
/** Entries read per request when listing (each page is one short decoding task). */
export const LIST_PAGE = 500;
/** Whole entries read per page when exporting (a board decodes slower than a meta). */
export const EXPORT_PAGE = 200;

type Db = IDBPDatabase<LibrarySchema>;

/*
 * The browser types this module needs, named through idb or structurally rather than as the
 * DOM library's IDBFactory and IDBKeyRange, so that it also type-checks in the Node test
 * project (tsconfig.node.json has no DOM library; the store tests import this module).
 */
/** An IndexedDB factory: the browser's `indexedDB`, or a test's own (fake-indexeddb). */
export interface IndexedDbFactory {
  open(name: string, version?: number): unknown;
}
type KeyRange = Parameters<Db['getAll']>[1];
interface Browser {
  indexedDB?: IndexedDbFactory;
  IDBKeyRange: {
    lowerBound(key: string, open: boolean): KeyRange;
    bound(lower: string, upper: string): KeyRange;
  };
}
const browser = globalThis as unknown as Browser;

/** Read a whole store page by page: getAll with a count, from just past the last key. */
async function readPaged<Name extends 'meta' | 'boards'>(
  db: Db,
  store: Name,
): Promise<LibrarySchema[Name]['value'][]> {
  const out: LibrarySchema[Name]['value'][] = [];
  let after: string | null = null;
  for (;;) {
    const range = after === null ? null : browser.IDBKeyRange.lowerBound(after, true);
    const page: LibrarySchema[Name]['value'][] = await db.getAll(store, range, LIST_PAGE);
    for (const item of page) out.push(item);
    if (page.length < LIST_PAGE) return out;
    after = page[page.length - 1].id;
  }
}

/** A LibraryStorage over an open database. */
function storageOver(db: Db): LibraryStorage {
  return {
    listMeta: () => readPaged(db, 'meta'),
    async get(id) {
      const tx = db.transaction(['meta', 'boards'], 'readonly');
      const [meta, board] = await Promise.all([
        tx.objectStore('meta').get(id),
        tx.objectStore('boards').get(id),
      ]);
      await tx.done;
      return meta && board ? { meta, board } : undefined;
    },
    async put(records) {
      const tx = db.transaction(['meta', 'boards'], 'readwrite');
      const meta = tx.objectStore('meta');
      const boards = tx.objectStore('boards');
      for (const record of records) {
        void meta.put(record.meta);
        void boards.put(record.board);
      }
      await tx.done;
    },
    async putChecked(record, base) {
      const tx = db.transaction(['meta', 'boards'], 'readwrite');
      const metaStore = tx.objectStore('meta');
      const boardStore = tx.objectStore('boards');
      const [meta, board] = await Promise.all([
        metaStore.get(record.meta.id),
        boardStore.get(record.meta.id),
      ]);
      const stored = meta && board ? { meta, board } : undefined;
      if ((stored ? revisionOf(stored.meta) : null) !== base) {
        await tx.done;
        return { ok: false, stored };
      }
      void metaStore.put(record.meta);
      void boardStore.put(record.board);
      await tx.done;
      return { ok: true };
    },
    async putMeta(next) {
      const tx = db.transaction('meta', 'readwrite');
      const stored = await tx.store.get(next.id);
      if (stored && revisionOf(stored) === revisionOf(next)) await tx.store.put(next);
      await tx.done;
    },
    async rename(id, title, modified) {
      const tx = db.transaction(['meta', 'boards'], 'readwrite');
      const metaStore = tx.objectStore('meta');
      const boardStore = tx.objectStore('boards');
      const [meta, board] = await Promise.all([metaStore.get(id), boardStore.get(id)]);
      if (!meta || !board) {
        await tx.done;
        return undefined;
      }
      // A rename is a new version: a tab based on the old one is refused (putChecked).
      const renamed = { ...meta, title, modified, revision: newLibraryId() };
      void metaStore.put(renamed);
      void boardStore.put({ ...board, info: { ...board.info, title } });
      await tx.done;
      return renamed;
    },
    async remove(id) {
      const tx = db.transaction(['meta', 'boards'], 'readwrite');
      const metaStore = tx.objectStore('meta');
      const boardStore = tx.objectStore('boards');
      const [meta, board] = await Promise.all([metaStore.get(id), boardStore.get(id)]);
      void metaStore.delete(id);
      void boardStore.delete(id);
      await tx.done;
      return meta && board ? { meta, board } : undefined;
    },
    async all() {
      const [metas, boards] = await Promise.all([readPaged(db, 'meta'), readPaged(db, 'boards')]);
      const byId = new Map(boards.map((board) => [board.id, board]));
      const records: LibraryRecord[] = [];
      for (const meta of metas) {
        const board = byId.get(meta.id);
        if (board) records.push({ meta, board });
      }
      return records;
    },
    async forEachPage(visit) {
      let after: string | null = null;
      let total = -1;
      for (;;) {
        const range = after === null ? null : browser.IDBKeyRange.lowerBound(after, true);
        const tx = db.transaction(['meta', 'boards'], 'readonly');
        if (total < 0) total = await tx.objectStore('meta').count();
        const metas = await tx.objectStore('meta').getAll(range, EXPORT_PAGE);
        const boards =
          metas.length === 0
            ? []
            : await tx
                .objectStore('boards')
                .getAll(browser.IDBKeyRange.bound(metas[0].id, metas[metas.length - 1].id));
        await tx.done;
        const byId = new Map(boards.map((board) => [board.id, board]));
        const records: LibraryRecord[] = [];
        for (const meta of metas) {
          const board = byId.get(meta.id);
          if (board) records.push({ meta, board });
        }
        if (!(await visit(records, total)) || metas.length < EXPORT_PAGE) return;
        after = metas[metas.length - 1].id;
      }
    },
  };
}

/**
 * Open (creating on first use) the library in `factory` (the browser's indexedDB by
 * default). Rejects when IndexedDB is missing or refuses (private modes, a blocked upgrade).
 */
export async function openLibraryStorage(
  factory: IndexedDbFactory | undefined = browser.indexedDB,
  name: string = LIBRARY_DB_NAME,
): Promise<LibraryStorage> {
  if (!factory) throw new Error('this browser offers no IndexedDB');
  // idb opens through the global indexedDB, synchronously inside openDB: a test's own
  // factory is put there for that call only. (The browser's own global cannot be assigned,
  // and needs no swap.)
  const previous = browser.indexedDB;
  const swap = factory !== previous;
  if (swap) browser.indexedDB = factory;
  let opening: Promise<Db>;
  try {
    opening = openDB<LibrarySchema>(name, LIBRARY_DB_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains('meta')) {
          database.createObjectStore('meta', { keyPath: 'id' });
        }
        if (!database.objectStoreNames.contains('boards')) {
          database.createObjectStore('boards', { keyPath: 'id' });
        }
      },
      blocking() {
        // A newer version of the app wants to upgrade the database in another tab: let it.
        void opening.then((db) => db.close());
      },
    });
  } finally {
    if (swap) browser.indexedDB = previous;
  }
  return storageOver(await opening);
}

/**
 * A library opened on first use (and again after a failed try): the store calls it when it
 * needs the library, so the page's first paint never waits on IndexedDB.
 */
export function libraryOpener(
  factory: IndexedDbFactory,
  name?: string,
): () => Promise<LibraryStorage> {
  let opening: Promise<LibraryStorage> | null = null;
  return () => {
    opening ??= openLibraryStorage(factory, name).catch((error: unknown) => {
      opening = null; // A later try may succeed (the user freed space, closed a blocking tab).
      throw error;
    });
    return opening;
  };
}

/** The browser's library (see libraryOpener), or null when the browser has no IndexedDB. */
export function browserLibrary(): (() => Promise<LibraryStorage>) | null {
  let factory: IndexedDbFactory | undefined;
  try {
    factory = browser.indexedDB;
  } catch {
    factory = undefined;
  }
  return factory ? libraryOpener(factory) : null;
}
