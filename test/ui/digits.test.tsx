import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseMode, chooseSize, renderApp } from './harness.tsx';

describe('entering digits', () => {
  it('a click selects a cell, a key enters a clue, Backspace, Delete and 0 clear it', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    // The cursor stays on the cell, so the keys after the digit act on it.
    await h.user.click(
      screen.getByRole('checkbox', { name: 'Move to the next cell after a digit' }),
    );
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

  it('0 is an empty cell and moves on: a row of puzzle text types straight through', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('530070000');
    expect(h.store.getState().givens.slice(0, 10)).toEqual([5, 3, 0, 0, 7, 0, 0, 0, 0, 0]);
    expect(h.cell(2, 1)).toHaveFocus();
    // Backspace right after a digit still takes it back.
    await h.user.keyboard('6{Backspace}');
    expect(h.cell(2, 1)).toHaveAccessibleName(/empty$/);
    expect(h.cell(2, 1)).toHaveFocus();
  });

  it('arrow keys move the selection in reading order of the grid', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}3');
    expect(h.cell(3, 2)).toHaveAccessibleName('Row 3, column 2, region 1, clue 3');
    // The digit moved the cursor on to the next cell (the option is on by default).
    expect(h.cell(3, 3)).toHaveFocus();
    await h.user.keyboard('{ArrowLeft}');
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
    // The cursor moves on after each digit: 1 lands in r1c1, 2 in r1c2.
    await h.user.keyboard('12');
    expect(h.cell(1, 2)).toHaveAccessibleName(/clue 2$/);
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(1, 2)).toHaveAccessibleName(/empty$/);
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 1$/);
  });

  it('"Move to the next cell after a digit": on by default, a row of clues types straight through', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    const option = screen.getByRole('checkbox', { name: 'Move to the next cell after a digit' });
    expect(option).toBeChecked();
    await h.user.click(h.cell(1, 8));
    // Nine digits from r1c8: two fill row 1, the rest run on into row 2.
    await h.user.keyboard('123456789');
    expect(h.cell(1, 8)).toHaveAccessibleName(/clue 1$/);
    expect(h.cell(1, 9)).toHaveAccessibleName(/clue 2$/);
    expect(h.cell(2, 1)).toHaveAccessibleName(/clue 3$/);
    expect(h.cell(2, 7)).toHaveAccessibleName(/clue 9$/);
    expect(h.cell(2, 8)).toHaveFocus();
    // Backspace right after a digit moved on takes that digit back, as in a crossword app.
    await h.user.keyboard('{Backspace}');
    expect(h.cell(2, 7)).toHaveAccessibleName(/empty$/);
    expect(h.cell(2, 7)).toHaveFocus();
    // Once the cursor has moved otherwise, Backspace clears the cell under it, and stays.
    await h.user.keyboard('{ArrowLeft}{Backspace}');
    expect(h.cell(2, 6)).toHaveAccessibleName(/empty$/);
    expect(h.cell(2, 6)).toHaveFocus();
    expect(h.cell(2, 5)).toHaveAccessibleName(/clue 7$/);
    // The pad's Clear does the same after a digit from the pad.
    const pad = screen.getByRole('group', { name: 'Digit pad' });
    await h.user.click(within(pad).getByRole('button', { name: '8' }));
    expect(h.cell(2, 6)).toHaveAccessibleName(/clue 8$/);
    await h.user.click(within(pad).getByRole('button', { name: 'Clear' }));
    expect(h.cell(2, 6)).toHaveAccessibleName(/empty$/);
    expect(h.store.getState().cursor).toBe(9 + 5);
    // Off: the cursor stays on the cell a digit went into.
    await h.user.click(option);
    expect(option).not.toBeChecked();
    await h.user.click(h.cell(5, 5));
    await h.user.keyboard('4');
    expect(h.cell(5, 5)).toHaveAccessibleName(/clue 4$/);
    expect(h.cell(5, 5)).toHaveFocus();
    expect(h.cell(5, 6)).toHaveAccessibleName(/empty$/);
    // The last cell keeps the cursor: there is no next cell.
    await h.user.click(option);
    await h.user.click(h.cell(9, 9));
    await h.user.keyboard('7');
    expect(h.cell(9, 9)).toHaveFocus();
  });

  it('the option is kept across a reload', async () => {
    const first = renderApp();
    await first.user.click(
      screen.getByRole('checkbox', { name: 'Move to the next cell after a digit' }),
    );
    cleanup();
    renderApp({ storage: first.storage });
    expect(
      screen.getByRole('checkbox', { name: 'Move to the next cell after a digit' }),
    ).not.toBeChecked();
  });
});
