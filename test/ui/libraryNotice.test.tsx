/**
 * The main screen's notice from "My puzzles" (LibraryNotice.tsx through App), by role and
 * name: it appears with the first library write that fails (the storage full), counts the
 * puzzles waiting and names those with no copy in localStorage, stays while they wait
 * (opening the list does not clear it), and goes once Retry has written them all; Delete
 * some puzzles opens the list; a failed action's message is shown until dismissed.
 * IndexedDB is fake-indexeddb; its writes throw QuotaExceededError while `full` is set.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { libraryOpener, type LibraryStorage } from '../../src/store/library/libraryDb.ts';
import { memoryStorage } from '../../src/store/persistence.ts';
import { renderApp } from './harness.tsx';

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
});
afterEach(() => vi.restoreAllMocks());

function fullLibrary() {
  const real = libraryOpener(new IDBFactory());
  const state = { full: false, listFails: false };
  const open = async (): Promise<LibraryStorage> => {
    const db = await real();
    return {
      ...db,
      listMeta: async () => {
        if (state.listFails) throw new Error('the disk went away');
        return db.listMeta();
      },
      put: async (records) => {
        if (state.full) throw new DOMException('', 'QuotaExceededError');
        return db.put(records);
      },
      putChecked: async (record, base) => {
        if (state.full) throw new DOMException('', 'QuotaExceededError');
        return db.putChecked(record, base);
      },
    };
  };
  return { open, state, real };
}

describe('the notice from My puzzles', () => {
  it('says at once that puzzles wait, stays, and goes after Retry writes them', async () => {
    const library = fullLibrary();
    const app = renderApp({ library: library.open, storage: memoryStorage() });
    const notice = () => screen.queryByRole('alert', { name: 'Saving to My puzzles' });
    library.state.full = true;
    for (const title of ['One', 'Two']) {
      await app.store.getState().newPuzzle(4, 'standard');
      app.store.getState().setGiven(0, 1);
      app.store.getState().setPuzzleInfo({ title });
      await app.store.getState().keepCurrentPuzzle();
    }
    await waitFor(() =>
      expect(notice()).toHaveTextContent(
        'My puzzles is full: 2 puzzles are waiting to be saved. A copy of each is kept in this browser until there is room.',
      ),
    );
    // Opening the list does not clear it, and it offers a way to delete.
    await app.user.click(within(notice()!).getByRole('button', { name: 'Delete some puzzles' }));
    const dialog = screen.getByRole('dialog', { name: 'My puzzles' });
    await within(dialog).findByText(/puzzles?\.$/);
    expect(notice()).toBeInTheDocument();

    library.state.full = false;
    await app.user.click(within(notice()!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(notice()).toBeNull());
    const titles = (await (await library.real()).listMeta()).map((meta) => meta.title).sort();
    expect(titles).toEqual(['One', 'Two']);
  });

  it('names the puzzles that have no copy outside the tab', async () => {
    const library = fullLibrary();
    // No localStorage at all: nothing but this tab holds the waiting puzzles.
    const refusing = memoryStorage();
    refusing.setItem = () => {
      throw new DOMException('', 'QuotaExceededError');
    };
    const app = renderApp({ library: library.open, storage: refusing });
    library.state.full = true;
    await app.store.getState().newPuzzle(4, 'standard');
    app.store.getState().setGiven(0, 1);
    app.store.getState().setPuzzleInfo({ title: 'Lonely' });
    await app.store.getState().keepCurrentPuzzle();
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'Saving to My puzzles' })).toHaveTextContent(
        'My puzzles is full: 1 puzzle is waiting to be saved. It has no copy outside this tab: closing it would lose it ("Lonely").',
      ),
    );
  });

  it("shows a failed action's message until it is dismissed", async () => {
    const library = fullLibrary();
    const app = renderApp({ library: library.open });
    library.state.listFails = true;
    await app.store.getState().loadLibrary();
    const notice = await screen.findByRole('alert', { name: 'Saving to My puzzles' });
    expect(notice).toHaveTextContent('The library could not be used: the disk went away.');
    // A later list that works does not hide it.
    library.state.listFails = false;
    await app.store.getState().loadLibrary();
    expect(app.store.getState().libraryStatus).toBe('ready');
    expect(notice).toHaveTextContent('the disk went away');
    await app.user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Saving to My puzzles' })).toBeNull(),
    );
  });
});
