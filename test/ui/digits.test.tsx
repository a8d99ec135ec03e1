import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseMode, chooseSize, renderApp } from './harness.tsx';

describe('entering digits', () => {
  it('a click selects a cell, a key enters a clue, Backspace, Delete and 0 clear it', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(3, 5));
    await h.user.keyboard('7');
    const cell = screen.getByRole('gridcell', { name: 'Row 3, column 5, region 2, clue 7' });
    expect(cell).toHaveTextContent(/^7$/);
    await h.user.keyboard('{Backspace}');
    expect(cell).toHaveAccessibleName('Row 3, column 5, region 2, empty');
    expect(cell).toHaveTextContent(/^$/);
    await h.user.keyboard('4');
    await h.user.keyboard('{Delete}');
    expect(cell).toHaveAccessibleName(/empty$/);
    await h.user.keyboard('4');
    await h.user.keyboard('0');
    expect(cell).toHaveAccessibleName(/empty$/);
  });

  it('arrow keys move the selection in reading order of the grid', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}3');
    expect(h.cell(3, 2)).toHaveAccessibleName('Row 3, column 2, region 1, clue 3');
    expect(h.cell(3, 2)).toHaveFocus();
  });

  it('letters enter 10 to 16 on a 16x16 grid; digits above the size are ignored', async () => {
    const h = renderApp();
    await chooseSize(h.user, 16);
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('g');
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue G$/);
    expect(h.store.getState().givens[0]).toBe(16);
    await chooseSize(h.user, 4);
    // Changing size with unsaved work asks first.
    await h.user.click(screen.getByRole('button', { name: 'Discard and change size' }));
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    expect(h.cell(1, 1)).toHaveAccessibleName(/empty$/);
  });

  it('clues that clash in a row, column or region are marked', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    await h.user.click(h.cell(1, 9));
    await h.user.keyboard('5');
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 5, clashes with another clue$/);
    expect(h.cell(1, 9)).toHaveAccessibleName(/clashes with another clue/);
    expect(h.cell(1, 9)).toHaveClass('cell-conflict');
    // Region clash: r2c2 is in r1c1's box.
    await h.user.click(h.cell(2, 2));
    await h.user.keyboard('5');
    expect(h.cell(2, 2)).toHaveAccessibleName(/clashes/);
    // Clearing the row clash leaves the region one.
    await h.user.click(h.cell(1, 9));
    await h.user.keyboard('{Backspace}');
    expect(h.cell(1, 9)).not.toHaveAccessibleName(/clashes/);
    expect(h.cell(1, 1)).toHaveAccessibleName(/clashes/);
  });

  it('each typed digit is one undo step', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('1{ArrowRight}2');
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(1, 2)).toHaveAccessibleName(/empty$/);
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 1$/);
  });
});
