/**
 * "My puzzles" in the page (LibraryDialog.tsx through App), found by role and accessible
 * name: puzzles made are listed; open (asking first over unsaved work), rename, delete and
 * Undo delete, search, sort, and the library file exported and imported back into another
 * browser's library, and a damaged file refused with its place named and nothing changed.
 * IndexedDB is fake-indexeddb, a fresh one per test.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { libraryOpener } from '../../src/store/library/libraryDb.ts';
import { renderApp, type Harness } from './harness.tsx';
import * as download from '../../src/ui/download.ts';

beforeEach(() => {
  // jsdom lays nothing out: the list's scroll box gets a height, so the virtualiser shows rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
});
afterEach(() => vi.restoreAllMocks());

/** An app with a library holding the puzzles named (each a 4×4 with one clue). */
async function appWith(
  puzzles: { title: string; author?: string; size?: number }[],
  factory = new IDBFactory(),
): Promise<Harness> {
  let clock = 1_700_000_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => (clock += 60_000));
  const app = renderApp({ library: libraryOpener(factory) });
  for (const { title, author = '', size = 4 } of puzzles) {
    await app.store.getState().newPuzzle(size, 'standard');
    app.store.getState().setGiven(0, 1);
    app.store.getState().setPuzzleInfo({ title, author });
    await app.store.getState().keepCurrentPuzzle();
  }
  // The last one made is on screen and, as far as Import and New know, saved.
  app.store.getState().markSaved();
  return app;
}

async function openLibrary(app: Harness): Promise<HTMLElement> {
  await app.user.click(screen.getByRole('button', { name: 'My puzzles' }));
  const dialog = screen.getByRole('dialog', { name: 'My puzzles' });
  await within(dialog).findByRole('list', { name: 'Puzzles' });
  return dialog;
}

const rowTitles = (dialog: HTMLElement): string[] =>
  within(dialog)
    .queryAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label') ?? '');

describe('My puzzles', () => {
  it('a question before leaving unsaved work says the puzzle stays in My puzzles', async () => {
    const app = await appWith([{ title: 'Wiggles' }]);
    app.store.getState().setGiven(1, 2);
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '6');
    const ask = screen.getByRole('dialog', { name: 'Change to 6×6?' });
    expect(ask).toHaveTextContent(
      'The puzzle on screen stays in My puzzles, with its latest changes. A new size starts a new puzzle and replaces it on screen, and Undo can bring it back too.',
    );
    expect(ask).not.toHaveTextContent(/discards|not exported/);
    // Nor does its button say Discard.
    expect(within(ask).getByRole('button', { name: 'Change size' })).toBeEnabled();
    expect(within(ask).queryByRole('button', { name: /Discard/ })).toBeNull();
  });

  it('tells untitled puzzles apart by size and the time they were made', async () => {
    const app = await appWith([{ title: '' }, { title: '', size: 9 }]);
    const dialog = await openLibrary(app);
    const titles = rowTitles(dialog);
    expect(titles).toHaveLength(2);
    expect(titles[0]).toMatch(/^Untitled 9×9, \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}$/);
    expect(titles[1]).toMatch(/^Untitled 4×4, /);
    expect(new Set(titles).size).toBe(2);
    // Their buttons have names of their own.
    expect(within(dialog).getByRole('button', { name: `Open ${titles[1]}` })).toBeEnabled();
  });

  it('lists the puzzles made, newest first, with what the app knows of each', async () => {
    const app = await appWith([
      { title: 'Wiggles', author: 'Ann' },
      { title: 'Alpha', author: 'Bob', size: 9 },
    ]);
    const dialog = await openLibrary(app);
    expect(rowTitles(dialog)).toEqual(['Alpha', 'Wiggles']);
    const wiggles = within(dialog).getByRole('listitem', { name: 'Wiggles' });
    expect(wiggles).toHaveTextContent(/by Ann · 4×4 · 1 clue · Not checked/);
    expect(within(dialog).getByText('2 puzzles.')).toBeInTheDocument();
    // The puzzle on screen is marked, and cannot be opened again.
    expect(within(dialog).getByRole('button', { name: 'Open Alpha' })).toBeDisabled();
  });

  it('the same puzzle opened again (its link, its file) stays one entry', async () => {
    const app = await appWith([{ title: 'Wiggles', author: 'Ann' }]);
    const kept = app.store.getState();
    const keptId = kept.libraryId;
    // Loaded afresh, as a link or an import does: a new id at first.
    app.store
      .getState()
      .loadPuzzle(4, kept.regions, kept.givens, { info: kept.info, walls: kept.walls });
    expect(app.store.getState().libraryId).not.toBe(keptId);
    await app.store.getState().keepCurrentPuzzle();
    expect(app.store.getState().libraryId).toBe(keptId);
    // A puzzle that differs is an entry of its own.
    app.store.getState().loadPuzzle(
      4,
      kept.regions,
      kept.givens.map((digit, cell) => (cell === 5 ? 3 : digit)),
      {
        info: kept.info,
      },
    );
    await app.store.getState().keepCurrentPuzzle();
    const dialog = await openLibrary(app);
    expect(rowTitles(dialog)).toEqual(['Wiggles', 'Wiggles']);
    expect(within(dialog).getByText('2 puzzles.')).toBeInTheDocument();
  });

  it('opens a puzzle, asking first when the one on screen has unsaved work', async () => {
    const app = await appWith([{ title: 'Wiggles' }, { title: 'Alpha', size: 9 }]);
    app.store.getState().setGiven(5, 3); // unsaved work on Alpha
    let dialog = await openLibrary(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Open Wiggles' }));
    const ask = screen.getByRole('dialog', { name: 'Open "Wiggles"?' });
    await app.user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(app.store.getState().size).toBe(9);
    dialog = await openLibrary(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Open Wiggles' }));
    await app.user.click(
      within(screen.getByRole('dialog', { name: 'Open "Wiggles"?' })).getByRole('button', {
        name: 'Open it',
      }),
    );
    await waitFor(() => expect(app.store.getState().size).toBe(4));
    expect(app.store.getState().info.title).toBe('Wiggles');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Alpha's unsaved clue was kept in the library before it was replaced.
    dialog = await openLibrary(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Open Alpha' }));
    await waitFor(() => expect(app.store.getState().size).toBe(9));
    expect(app.store.getState().givens[5]).toBe(3);
  });

  it('renames a puzzle', async () => {
    const app = await appWith([{ title: 'Wiggles' }, { title: 'Alpha' }]);
    const dialog = await openLibrary(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Rename Wiggles' }));
    const field = within(dialog).getByRole('textbox', { name: 'New title for Wiggles' });
    await app.user.clear(field);
    await app.user.type(field, 'Squiggles{Enter}');
    await within(dialog).findByRole('listitem', { name: 'Squiggles' });
    expect(within(dialog).getByText('Renamed to "Squiggles".')).toBeInTheDocument();
  });

  it('deletes a puzzle and brings it back with Undo delete', async () => {
    const app = await appWith([{ title: 'Wiggles' }, { title: 'Alpha' }]);
    const dialog = await openLibrary(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete Wiggles' }));
    await waitFor(() => expect(rowTitles(dialog)).toEqual(['Alpha']));
    expect(within(dialog).getByText('Deleted "Wiggles".')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Undo delete' }));
    await waitFor(() => expect(rowTitles(dialog)).toEqual(['Alpha', 'Wiggles']));
    // The message comes once the restore has finished, which lists the puzzle first.
    expect(await within(dialog).findByText('Restored "Wiggles".')).toBeInTheDocument();
  });

  it('searches by title or author and sorts by title and size', async () => {
    const app = await appWith([
      { title: 'Wiggles', author: 'Ann', size: 6 },
      { title: 'Alpha', author: 'Bob', size: 9 },
      { title: 'Zed', author: 'Ann' },
    ]);
    const dialog = await openLibrary(app);
    const search = within(dialog).getByRole('searchbox', { name: 'Search by title or author' });
    await app.user.type(search, 'ann');
    await waitFor(() => expect(rowTitles(dialog)).toEqual(['Zed', 'Wiggles']));
    expect(within(dialog).getByText('2 of 3 puzzles match.')).toBeInTheDocument();
    await app.user.clear(search);
    await app.user.type(search, 'nobody');
    await within(dialog).findByText('No puzzle matches the search.');
    await app.user.clear(search);
    const sort = within(dialog).getByRole('combobox', { name: 'Sort by' });
    await app.user.selectOptions(sort, 'Title');
    await waitFor(() => expect(rowTitles(dialog)).toEqual(['Alpha', 'Wiggles', 'Zed']));
    await app.user.selectOptions(sort, 'Size');
    expect(rowTitles(dialog)).toEqual(['Zed', 'Wiggles', 'Alpha']);
  });

  it('exports the library as one file and imports it into another library', async () => {
    const downloaded = vi.spyOn(download, 'downloadLargeText').mockResolvedValue();
    const app = await appWith([{ title: 'Wiggles', author: 'Ann' }, { title: 'Alpha' }]);
    let dialog = await openLibrary(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Export library' }));
    await within(dialog).findByText('Exported 2 puzzles as one file.');
    expect(downloaded).toHaveBeenCalledTimes(1);
    const [text, fileName] = downloaded.mock.calls[0];
    expect(fileName).toMatch(/^squiggly-library-\d{4}-\d\d-\d\d\.json$/);
    app.store.getState().dismissNotice();

    // Another browser: an empty library, then the file.
    document.body.innerHTML = '';
    const other = renderApp({ library: libraryOpener(new IDBFactory()) });
    dialog = await (async () => {
      await other.user.click(screen.getByRole('button', { name: 'My puzzles' }));
      return screen.getByRole('dialog', { name: 'My puzzles' });
    })();
    await within(dialog).findByText('No puzzles yet: every puzzle you make or open is kept here.');
    const input = within(dialog).getByLabelText('Import library');
    await other.user.upload(input, new File([text], 'backup.json', { type: 'application/json' }));
    await within(dialog).findByText('Imported "backup.json": 2 new, 0 updated, 0 already here.');
    await waitFor(() => expect(rowTitles(dialog).sort()).toEqual(['Alpha', 'Wiggles']));
    expect(within(dialog).getByRole('listitem', { name: 'Wiggles' })).toHaveTextContent('by Ann');
  });

  it('refuses a damaged library file, naming the place, and changes nothing', async () => {
    const app = await appWith([{ title: 'Wiggles' }]);
    const dialog = await openLibrary(app);
    const damaged = '{"squigglyLibrary": 1, "puzzles": [\n{"id": "x", "created": "soon"}]}';
    await app.user.upload(
      within(dialog).getByLabelText('Import library'),
      new File([damaged], 'broken.json', { type: 'application/json' }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'The library file "broken.json" could not be imported (puzzle 1, line 2, column 24: "created" must be a date',
    );
    expect(alert).toHaveTextContent('Nothing was changed.');
    expect(rowTitles(dialog)).toEqual(['Wiggles']);
  });
});

describe('a puzzle another tab is editing', () => {
  it('says so with Take over here and Open a copy; Open a copy goes on with a copy', async () => {
    const app = await appWith([{ title: 'Shared' }]);
    const id = app.store.getState().libraryId;
    // As the store finds it when another tab answers that it is editing this puzzle.
    app.store.setState({ tabConflict: { id, title: 'Shared' } });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('“Shared” is open in another tab, which may still change it.');
    expect(within(notice).getByRole('button', { name: 'Take over here' })).toBeVisible();
    await app.user.click(within(notice).getByRole('button', { name: 'Open a copy' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(app.store.getState().libraryId).not.toBe(id);
    const dialog = await openLibrary(app);
    expect(rowTitles(dialog).sort()).toEqual(['Shared', 'Shared (copy)']);
  });
});
