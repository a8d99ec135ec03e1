/**
 * Two tabs of one browser (src/store/library/tabs.ts, revisions.ts): two stores sharing one
 * localStorage and one IndexedDB (fake-indexeddb), each with its own sessionStorage, talking
 * over an in-memory channel (test/fixtures/tabs.ts). Each scenario of issue 36's item 2: both
 * tabs edit one puzzle and reload; a second tab reloads while the first goes on; a rename in
 * one, a delete in one and its Undo delete, with the other tab's next digit; and a tab that
 * opens a puzzle the other is editing (Take over here, Open a copy).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryOpener, type LibraryRecord } from '../../src/store/library/libraryDb.ts';
import { memoryStorage } from '../../src/store/persistence.ts';
import { LAST_TAB_KEY, tabAutosave } from '../../src/store/library/tabs.ts';
import { createSquigglyStore, type SquigglyStore } from '../../src/store/store.ts';
import { browserOfTabs, TEST_ANSWER_WAIT_MS, type TestTab } from '../fixtures/tabs.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

const clients: ChannelClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

/** One browser: its localStorage, IndexedDB and tabs. */
function browser() {
  const local = memoryStorage();
  const factory = new IDBFactory();
  const tabs = browserOfTabs();
  const db = libraryOpener(factory);
  /** A page of the app in `tab`. */
  const page = (tab: TestTab): SquigglyStore => {
    const client = createChannelClient();
    clients.push(client);
    return createSquigglyStore({
      solver: client,
      storage: local,
      library: libraryOpener(factory),
      tabs: tab,
    });
  };
  const entries = async (): Promise<LibraryRecord[]> => (await db()).all();
  return { tabs, page, db, entries };
}

/** Let messages between the tabs arrive and questions be answered. */
const settle = () => new Promise((resolve) => setTimeout(resolve, TEST_ANSWER_WAIT_MS * 3));

/** A 4×4 puzzle titled `title` with clue 1 in the first cell, kept in the library. */
async function makeShared(store: SquigglyStore, title = 'Shared'): Promise<string> {
  await store.getState().newPuzzle(4, 'standard');
  store.getState().setPuzzleInfo({ title });
  store.getState().setGiven(0, 1);
  await store.getState().keepCurrentPuzzle();
  return store.getState().libraryId;
}

const byTitle = (records: LibraryRecord[], title: string) =>
  records.filter((record) => record.meta.title === title);

describe('two tabs on one puzzle', () => {
  it('both edit it and both reload: nothing either typed is lost', async () => {
    const { tabs, page, entries } = browser();
    const tab1 = tabs.tab();
    const one = page(tab1);
    const id = await makeShared(one);
    // A new tab restores the last work: the same puzzle, the same entry.
    const tab2 = tabs.tab();
    const two = page(tab2);
    expect(two.getState().libraryId).toBe(id);
    await settle();
    one.getState().setGiven(1, 3);
    await one.getState().keepCurrentPuzzle();
    two.getState().setGiven(15, 4);
    await two.getState().keepCurrentPuzzle();
    expect(two.getState().notice).toBe(
      'Another tab changed “Shared”; your version was kept as a copy: “Shared (copy)”.',
    );

    const oneAgain = page(tabs.reload(tab1));
    const twoAgain = page(tabs.reload(tab2));
    expect(oneAgain.getState().givens.slice(0, 2)).toEqual([1, 3]);
    expect(oneAgain.getState().givens[15]).toBe(0);
    expect(twoAgain.getState().givens[15]).toBe(4);
    expect(twoAgain.getState().givens[1]).toBe(0);
    expect(twoAgain.getState().info.title).toBe('Shared (copy)');
    const records = await entries();
    expect(records).toHaveLength(2);
    const [kept] = byTitle(records, 'Shared');
    const [copy] = byTitle(records, 'Shared (copy)');
    expect(kept.meta.id).toBe(id);
    expect(kept.board.givens[1]).toBe(3);
    expect(copy.board.givens[15]).toBe(4);
    expect(twoAgain.getState().libraryId).toBe(copy.meta.id);
  });

  it('a second tab that reloads shows its own puzzle and undo history', async () => {
    const { tabs, page } = browser();
    const tab1 = tabs.tab();
    const one = page(tab1);
    await makeShared(one, 'First');
    const tab2 = tabs.tab();
    const two = page(tab2);
    await two.getState().newPuzzle(4, 'standard');
    two.getState().setPuzzleInfo({ title: 'Second' });
    two.getState().setGiven(3, 2);
    // The first tab goes on after it: the shared autosave is the first tab's again.
    one.getState().setGiven(2, 4);

    const twoAgain = page(tabs.reload(tab2));
    expect(twoAgain.getState().info.title).toBe('Second');
    expect(twoAgain.getState().givens[3]).toBe(2);
    expect(twoAgain.getState().givens[2]).toBe(0);
    twoAgain.getState().undo();
    expect(twoAgain.getState().info.title).toBe('Second');
    expect(twoAgain.getState().givens[3]).toBe(0);
    // And the first tab, reloaded, shows its own.
    const oneAgain = page(tabs.reload(tab1));
    expect(oneAgain.getState().info.title).toBe('First');
    expect(oneAgain.getState().givens[2]).toBe(4);
    // A brand new tab restores the last work (the second tab's undo), as a single tab did.
    expect(page(tabs.tab()).getState().info.title).toBe('Second');
  });

  it('a rename in one tab is not reverted by the other tab’s next digit', async () => {
    const { tabs, page, entries } = browser();
    const one = page(tabs.tab());
    const id = await makeShared(one);
    const two = page(tabs.tab());
    await settle();
    await one.getState().renameInLibrary(id, 'Renamed');
    await settle();
    expect(two.getState().info.title).toBe('Renamed');
    two.getState().setGiven(5, 2);
    await two.getState().keepCurrentPuzzle();
    const records = await entries();
    expect(records).toHaveLength(1);
    expect(records[0].meta).toMatchObject({ id, title: 'Renamed' });
    expect(records[0].board.givens[5]).toBe(2);
    expect(two.getState().notice).toBeNull();
  });

  it('a tab that reloads after the other wrote its puzzle makes no copy of its older version', async () => {
    const { tabs, page, entries } = browser();
    const tab1 = tabs.tab();
    const one = page(tab1);
    const id = await makeShared(one);
    const two = page(tabs.tab());
    await settle();
    two.getState().setGiven(5, 2);
    await two.getState().keepCurrentPuzzle();
    const oneAgain = page(tabs.reload(tab1));
    await oneAgain.getState().keepCurrentPuzzle();
    await oneAgain.getState().loadLibrary();
    const records = await entries();
    expect(records.map((record) => record.meta.id)).toEqual([id]);
    expect(records[0].board.givens[5]).toBe(2);
    expect(oneAgain.getState().notice).toMatch(/^“Shared” was changed in another tab since/);
    // Its next edit is its own version, kept as a copy beside the newer one.
    oneAgain.getState().setGiven(6, 3);
    await oneAgain.getState().keepCurrentPuzzle();
    expect(await entries()).toHaveLength(2);
  });

  it('a rename from the list of a tab on another puzzle reaches the tab editing it', async () => {
    const { tabs, page, entries } = browser();
    const one = page(tabs.tab());
    const id = await makeShared(one);
    const two = page(tabs.tab());
    await settle();
    await one.getState().newPuzzle(4, 'empty');
    await one.getState().loadLibrary();
    await one.getState().renameInLibrary(id, 'Renamed');
    await settle();
    expect(two.getState().info.title).toBe('Renamed');
    two.getState().setGiven(5, 2);
    await two.getState().keepCurrentPuzzle();
    const records = await entries();
    expect(records.map((record) => record.meta.title)).toEqual(['Renamed']);
    expect(records[0].board.givens[5]).toBe(2);
  });

  it('a delete in one tab is not undone by the other tab’s next digit', async () => {
    const { tabs, page, entries } = browser();
    const one = page(tabs.tab());
    const id = await makeShared(one);
    const two = page(tabs.tab());
    await settle();
    await one.getState().loadLibrary();
    await one.getState().deleteFromLibrary(id);
    await settle();
    expect(two.getState().notice).toBe(
      '“Shared” was deleted in another tab. If you go on editing it here, your version is kept as a copy.',
    );
    two.getState().setGiven(5, 2);
    await two.getState().keepCurrentPuzzle();
    const records = await entries();
    expect(records.map((record) => record.meta.title)).toEqual(['Shared (copy)']);
    expect(records[0].board.givens[5]).toBe(2);
    expect(two.getState().libraryId).toBe(records[0].meta.id);
    await settle();
    // The first tab's list shows the copy, not the deleted entry.
    expect(one.getState().libraryEntries.map((meta) => meta.title)).toEqual(['Shared (copy)']);

    // Undo delete brings back the deleted version beside the newer one, over nothing.
    await one.getState().undoLibraryDelete();
    const after = await entries();
    expect(after).toHaveLength(2);
    expect(byTitle(after, 'Shared')[0].board.givens[5]).toBe(0);
    expect(byTitle(after, 'Shared (copy)')[0].board.givens[5]).toBe(2);
  });

  it('Undo delete never writes the deleted version over one made again since', async () => {
    const { tabs, page, db, entries } = browser();
    const one = page(tabs.tab());
    const id = await makeShared(one);
    await one.getState().loadLibrary();
    const deleted = await (await db()).get(id);
    await one.getState().deleteFromLibrary(id);
    // Another writer (an import, a tab of an older version) makes the entry again, newer.
    const newer = structuredClone(deleted!);
    newer.board.givens[9] = 3;
    newer.meta.revision = 'elsewhere';
    await (await db()).put([newer]);
    await one.getState().undoLibraryDelete();
    const records = await entries();
    expect(records).toHaveLength(2);
    expect(records.find((record) => record.meta.id === id)?.board.givens[9]).toBe(3);
    expect(byTitle(records, 'Shared (copy)')[0].board.givens[9]).toBe(0);
    expect(one.getState().notice).toMatch(/the deleted one came back as a copy: “Shared \(copy\)”/);
  });
});

describe('a tab that opens a puzzle another tab is editing', () => {
  it('says so, and Take over here goes on from the other tab’s last change', async () => {
    const { tabs, page, db } = browser();
    const one = page(tabs.tab());
    const id = await makeShared(one);
    const two = page(tabs.tab());
    await settle();
    expect(two.getState().tabConflict).toEqual({ id, title: 'Shared' });
    // The first tab's last change still waits for the pause.
    one.getState().setGiven(6, 3);
    await two.getState().takeOverHere();
    expect(two.getState().tabConflict).toBeNull();
    expect(two.getState().givens[6]).toBe(3);
    expect(one.getState().notice).toBe(
      '“Shared” is now edited in another tab. Changes you make here are kept as a copy.',
    );
    two.getState().setGiven(8, 2);
    await two.getState().keepCurrentPuzzle();
    // The first tab let it go: its next change is a copy, the second tab's work stays.
    one.getState().setGiven(7, 1);
    await one.getState().keepCurrentPuzzle();
    expect(one.getState().libraryId).not.toBe(id);
    const entry = await (await db()).get(id);
    expect(entry?.board.givens.slice(6, 9)).toEqual([3, 0, 2]);
    expect((await (await db()).get(one.getState().libraryId))?.board.givens[7]).toBe(1);
  });

  it('Open a copy goes on with a copy of its own, the other tab keeps the entry', async () => {
    const { tabs, page, entries } = browser();
    const one = page(tabs.tab());
    const id = await makeShared(one);
    await one.getState().newPuzzle(4, 'empty');
    // Opened from the library while another tab edits it.
    const two = page(tabs.tab());
    await settle();
    const three = page(tabs.tab());
    await three.getState().openFromLibrary(id);
    await settle();
    expect(three.getState().tabConflict).toBeNull(); // The first tab left it.
    await two.getState().openFromLibrary(id);
    await settle();
    expect(two.getState().tabConflict).toEqual({ id, title: 'Shared' });
    await two.getState().openCopyHere();
    expect(two.getState().libraryId).not.toBe(id);
    expect(two.getState().info.title).toBe('Shared (copy)');
    two.getState().setGiven(4, 2);
    await two.getState().keepCurrentPuzzle();
    three.getState().setGiven(5, 3);
    await three.getState().keepCurrentPuzzle();
    const records = await entries();
    expect(records).toHaveLength(2);
    expect(byTitle(records, 'Shared')[0].board.givens.slice(4, 6)).toEqual([0, 3]);
    expect(byTitle(records, 'Shared (copy)')[0].board.givens.slice(4, 6)).toEqual([2, 0]);
  });
});

describe('the autosave of each tab', () => {
  it('is kept in the tab and in the shared storage, which says who wrote it last', () => {
    const local = memoryStorage();
    const mine = memoryStorage();
    const other = memoryStorage();
    const here = tabAutosave(local, mine, 'here');
    here.setItem('squiggly', 'mine');
    expect([local.getItem('squiggly'), mine.getItem('squiggly')]).toEqual(['mine', 'mine']);
    expect(local.getItem(LAST_TAB_KEY)).toBe('here');
    tabAutosave(local, other, 'there').setItem('squiggly', 'theirs');
    // Started again: this tab's own, since another wrote the shared one last.
    const again = tabAutosave(local, mine, 'here');
    expect(again.getItem('squiggly')).toBe('mine');
    // Removing its own never removes the other tab's.
    again.removeItem('squiggly');
    expect(local.getItem('squiggly')).toBe('theirs');
    // A tab that wrote last, or has nothing of its own, reads the shared one.
    expect(tabAutosave(local, other, 'there').getItem('squiggly')).toBe('theirs');
    expect(tabAutosave(local, memoryStorage(), 'new').getItem('squiggly')).toBe('theirs');
    // Other keys are the shared storage's alone.
    again.setItem('squiggly-play', 'x');
    expect(mine.getItem('squiggly-play')).toBeNull();
  });

  it('a tab whose own storage refuses a write keeps no stale copy', () => {
    const local = memoryStorage();
    const full = {
      ...memoryStorage({ squiggly: 'old' }),
      setItem: () => {
        throw new Error('full');
      },
    };
    tabAutosave(local, full, 'here').setItem('squiggly', 'new');
    expect(full.getItem('squiggly')).toBeNull();
    expect(local.getItem('squiggly')).toBe('new');
  });
});
