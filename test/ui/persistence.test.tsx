import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage, STORAGE_KEY } from '../../src/store/persistence.ts';
import { quotaStorage } from '../fixtures/quotaStorage.ts';
import { chooseMode, renderApp } from './harness.tsx';

describe('autosave and New', () => {
  it('puzzle, layout and history survive a reload', async () => {
    const storage = memoryStorage();
    const first = renderApp({ storage });
    await chooseMode(first.user, 'Draw walls');
    await first.drag([1, 0.1], [1, 2.9]);
    await chooseMode(first.user, 'Enter digits');
    await first.user.click(first.cell(5, 5));
    await first.user.keyboard('8');
    cleanup();
    const second = renderApp({ storage });
    expect(second.cell(5, 5)).toHaveAccessibleName(/clue 8$/);
    expect(screen.getByText(/Layout not ready: 10 regions/)).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(second.cell(5, 5)).toHaveAccessibleName(/empty$/);
    await second.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
  });

  it('a corrupt save is set aside and the user is told', async () => {
    const storage = memoryStorage({ [STORAGE_KEY]: 'not json at all' });
    const h = renderApp({ storage });
    expect(screen.getByRole('alert')).toHaveTextContent(/could not be restored.*set aside/);
    expect(screen.getAllByRole('gridcell')).toHaveLength(81);
    await h.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a save too big to set aside is offered as a download, and kept until then', async () => {
    const corrupt = `{"state": ${'9'.repeat(3_000_000)}`;
    const storage = quotaStorage(5_000_000, { [STORAGE_KEY]: corrupt });
    const h = renderApp({ storage });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/Your saved puzzle \(3 MB\) could not be restored/);
    expect(alert).toHaveTextContent(/autosave is paused/);
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('3');
    expect(storage.getItem(STORAGE_KEY)).toBe(corrupt);
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:unreadable-save';
    });
    // jsdom has no object URLs: the download's blob is caught where the browser would make one.
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await h.user.click(within(alert).getByRole('button', { name: 'Download the unreadable save' }));
    expect(clicked).toHaveBeenCalledOnce();
    expect(await blobs[0].text()).toBe(corrupt);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Autosave has resumed: the puzzle with its new clue is saved.
    expect(storage.getItem(STORAGE_KEY)).toMatch(/"givens":\[3,/);
  });

  it('New asks before discarding unsaved work', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('3');
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = screen.getByRole('dialog', { name: 'New 9×9 puzzle' });
    expect(dialog).toHaveTextContent(/changes you have not exported/);
    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 3$/);
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    await h.user.click(screen.getByRole('button', { name: 'Discard and create' }));
    expect(h.cell(1, 1)).toHaveAccessibleName(/empty$/);
  });

  it('a random jigsaw comes from the worker and is a valid layout', async () => {
    const h = renderApp();
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    await h.user.click(screen.getByRole('radio', { name: /Random jigsaw/ }));
    await h.user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
