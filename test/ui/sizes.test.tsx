/**
 * Every size from 4 to 16 in the page: the size picker offers them all; a size without boxes
 * (5, 7, 11, 13) starts on a random jigsaw layout, and New explains why "Standard boxes" is
 * not there; 10x10 and the other new sizes with boxes get their boxes; Import reads an
 * f-puzzles 7x7, and digits above 9 follow the letters (A for 10).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  APP_SIZES,
  createBoard,
  createRandom,
  randomJigsawLayout,
  standardRegions,
  validateLayout,
} from '../../src/engine/index.ts';
import { sudokuPadUrl } from '../../src/formats/index.ts';
import { modeHelp } from '../../src/ui/App.tsx';
import { chooseMode, chooseSize, renderApp, type Harness } from './harness.tsx';

async function openNew(h: Harness, size: number): Promise<HTMLElement> {
  await h.user.click(screen.getByRole('button', { name: 'New' }));
  return screen.getByRole('dialog', { name: `New ${size}×${size} puzzle` });
}

const layoutIsValid = (h: Harness): boolean => {
  const { size, regions } = h.store.getState();
  return validateLayout(size, regions).length === 0;
};

describe('sizes 4 to 16', () => {
  it('the size picker offers every size from 4 to 16', () => {
    renderApp();
    const picker = screen.getByRole('combobox', { name: 'Size' });
    const options = within(picker).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      APP_SIZES.map((size) => `${size}×${size}`),
    );
  });

  it('a size without boxes starts on a random jigsaw layout', async () => {
    const h = renderApp();
    await chooseSize(h.user, 7);
    await waitFor(() => expect(h.store.getState().size).toBe(7));
    expect(screen.getAllByRole('gridcell')).toHaveLength(49);
    expect(await screen.findByText('Complete: 7 regions of 7 cells.')).toBeInTheDocument();
    expect(layoutIsValid(h)).toBe(true);
  });

  it('a new size with boxes starts on them: 10×10 has boxes of 2 rows by 5 columns', async () => {
    const h = renderApp();
    await chooseSize(h.user, 10);
    await waitFor(() => expect(h.store.getState().size).toBe(10));
    expect(h.store.getState().regions).toEqual(Array.from(standardRegions(10)));
    expect(screen.getByText('Complete: 10 regions of 10 cells.')).toBeInTheDocument();
  });

  it('New at 13×13 offers no standard boxes, says why, and starts on a random jigsaw', async () => {
    const h = renderApp();
    await chooseSize(h.user, 13);
    await waitFor(() => expect(h.store.getState().size).toBe(13));
    const dialog = await openNew(h, 13);
    const standard = within(dialog).getByRole('radio', { name: /^Standard boxes/ });
    expect(standard).toBeDisabled();
    expect(standard.closest('label')).toHaveTextContent(
      'a 13×13 grid has no standard boxes (13 is prime), only jigsaw regions',
    );
    expect(within(dialog).getByRole('radio', { name: /^Random jigsaw/ })).toBeChecked();
    const before = h.store.getState().regions;
    await h.user.click(within(dialog).getByRole('button', { name: /Create$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(h.store.getState().regions).not.toEqual(before);
    expect(layoutIsValid(h)).toBe(true);
    // The empty grid stays on offer, to draw every region by hand.
    const again = await openNew(h, 13);
    await h.user.click(within(again).getByRole('radio', { name: /^Empty grid/ }));
    await h.user.click(within(again).getByRole('button', { name: /Create$/ }));
    await waitFor(() => expect(h.store.getState().regions.every((id) => id === 0)).toBe(true));
  });

  it('New at 15×15 offers its 3×5 boxes, checked', async () => {
    const h = renderApp();
    await chooseSize(h.user, 15);
    await waitFor(() => expect(h.store.getState().size).toBe(15));
    const dialog = await openNew(h, 15);
    const standard = within(dialog).getByRole('radio', { name: /^Standard boxes/ });
    expect(standard).toBeEnabled();
    expect(standard).toBeChecked();
  });

  it('changing size over unsaved work says a size without boxes starts on a jigsaw', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    await h.user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '11');
    const dialog = screen.getByRole('dialog', { name: 'Change to 11×11?' });
    expect(dialog).toHaveTextContent(
      /A 11×11 grid has no standard boxes, so it starts with a random jigsaw layout\. /,
    );
    await h.user.click(within(dialog).getByRole('button', { name: /change size$/i }));
    await waitFor(() => expect(h.store.getState().size).toBe(11));
    expect(layoutIsValid(h)).toBe(true);
    // A size with boxes says nothing of the sort.
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    await h.user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '14');
    expect(screen.getByRole('dialog', { name: 'Change to 14×14?' })).not.toHaveTextContent(
      /no standard boxes/,
    );
  });

  it('Puzzle with options makes a 5×5 puzzle', async () => {
    const h = renderApp();
    const dialog = await openNew(h, 9);
    await h.user.click(within(dialog).getByRole('radio', { name: /^Puzzle with options/ }));
    const picker = within(dialog).getByRole('combobox', { name: 'Puzzle size' });
    expect(within(picker).getAllByRole('option')).toHaveLength(APP_SIZES.length);
    await h.user.selectOptions(picker, '5');
    await h.user.click(within(dialog).getByRole('button', { name: /Create$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(h.store.getState().size).toBe(5);
    expect(layoutIsValid(h)).toBe(true);
    expect(h.store.getState().givens.some((digit) => digit !== 0)).toBe(true);
  });

  it('Import reads a 7×7 jigsaw from a SudokuPad link', async () => {
    const h = renderApp();
    const regions = randomJigsawLayout(7, createRandom(7));
    const givens = new Uint8Array(49);
    givens[0] = 3;
    givens[48] = 7;
    const link = sudokuPadUrl(createBoard(7, regions, givens));
    await h.user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import a puzzle' });
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(link);
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const state = h.store.getState();
    expect(state.size).toBe(7);
    expect(state.givens[0]).toBe(3);
    expect(state.givens[48]).toBe(7);
    expect(validateLayout(7, state.regions)).toEqual([]);
  });

  it('types A for 10 on a 10×10, and no letter beyond it', async () => {
    const h = renderApp();
    await chooseSize(h.user, 10);
    await waitFor(() => expect(h.store.getState().size).toBe(10));
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('a');
    expect(h.store.getState().givens[0]).toBe(10);
    await h.user.click(h.cell(1, 2));
    await h.user.keyboard('b');
    expect(h.store.getState().givens[1]).toBe(0);
    expect(modeHelp('play', 10)).toMatch(/type a digit \(A for 10\);/);
    expect(modeHelp('play', 13)).toMatch(/type a digit \(A–D for 10–13\);/);
    expect(modeHelp('play', 9)).toMatch(/type a digit;/);
  });
});
