/**
 * What a first-time user meets (issue 12): a click in a cell selects it in every mode and a
 * digit then enters a clue; the digit pad; the grid takes focus on a click in every mode, so
 * Shift+arrow draws or picks instead of changing the mode; how to reach each action is said.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseMode, renderApp } from './harness.tsx';

const layoutProblems = () => screen.queryByRole('list', { name: 'Layout problems' });

describe('first click and key', () => {
  it('on a fresh page, a click in a cell and a digit enter a clue', async () => {
    const h = renderApp();
    expect(screen.getByRole('radio', { name: 'Enter digits' })).toBeChecked();
    await h.click(4.5, 2.5);
    await h.user.keyboard('5');
    expect(h.cell(3, 5)).toHaveAccessibleName('Row 3, column 5, region 2, clue 5');
    expect(layoutProblems()).not.toBeInTheDocument();
  });

  it.each(['Draw walls', 'Paint regions'] as const)(
    'in %s, a click inside a cell selects it and a digit enters a clue',
    async (mode) => {
      const h = renderApp();
      await chooseMode(h.user, mode);
      // A quarter cell from the cell's right-hand line, which is a box border.
      await h.click(2.75, 1.5);
      expect(h.cell(2, 3)).toHaveFocus();
      await h.user.keyboard('7');
      expect(h.cell(2, 3)).toHaveAccessibleName('Row 2, column 3, region 1, clue 7');
      // The digit moved the cursor on (the option is on by default): back to clear it.
      await h.user.keyboard('{ArrowLeft}{Backspace}');
      expect(h.cell(2, 3)).toHaveAccessibleName(/empty$/);
      expect(screen.getByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
      expect(h.store.temporal.getState().pastStates).toHaveLength(2);
    },
  );

  it('in Draw walls, a click right on a line still toggles that wall', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    await h.click(1.1, 0.5);
    expect(layoutProblems()).toHaveTextContent('1 wall segment does not close a region yet');
  });
});

describe('the grid takes focus on a click', () => {
  it('in Draw walls, Shift+arrow after a click draws a wall, and the mode stays', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    expect(screen.getByRole('radio', { name: 'Draw walls' })).toHaveFocus();
    await h.click(0.5, 0.5);
    expect(h.cell(1, 1)).toHaveFocus();
    await h.user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(screen.getByRole('radio', { name: 'Draw walls' })).toBeChecked();
    expect(layoutProblems()).toHaveTextContent('1 wall segment does not close a region yet');
  });

  it('in Paint regions, Shift+arrow after a click picks cells', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Paint regions');
    await h.click(0.5, 0.5);
    await h.user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(screen.getByRole('radio', { name: 'Paint regions' })).toBeChecked();
    expect(h.cell(1, 1)).toHaveAccessibleName(/picked$/);
    expect(h.cell(1, 2)).toHaveAccessibleName(/picked$/);
  });
});

describe('digit pad', () => {
  it('has a button per digit, named by its digit, and Clear; it enters in any mode', async () => {
    const h = renderApp();
    const pad = screen.getByRole('group', { name: 'Digit pad' });
    const names = within(pad)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Clear']);
    await h.click(8.5, 8.5);
    await h.user.click(within(pad).getByRole('button', { name: '9' }));
    expect(h.cell(9, 9)).toHaveAccessibleName(/clue 9$/);
    await chooseMode(h.user, 'Draw walls');
    await h.click(0.5, 8.5);
    await h.user.click(within(pad).getByRole('button', { name: '4' }));
    expect(h.cell(9, 1)).toHaveAccessibleName(/clue 4$/);
    // It moved on (the option is on by default); Clear does not.
    await h.click(0.5, 8.5);
    await h.user.click(within(pad).getByRole('button', { name: 'Clear' }));
    expect(h.cell(9, 1)).toHaveAccessibleName(/empty$/);
    expect(h.store.getState().cursor).toBe(72);
  });

  it('moves on after a digit as typing does, and only when asked', async () => {
    const h = renderApp();
    const pad = screen.getByRole('group', { name: 'Digit pad' });
    await h.click(7.5, 0.5);
    for (const digit of ['1', '2', '3']) {
      await h.user.click(within(pad).getByRole('button', { name: digit }));
    }
    expect(h.cell(1, 8)).toHaveAccessibleName(/clue 1$/);
    expect(h.cell(1, 9)).toHaveAccessibleName(/clue 2$/);
    expect(h.cell(2, 1)).toHaveAccessibleName(/clue 3$/);
    await h.user.click(
      screen.getByRole('checkbox', { name: 'Move to the next cell after a digit' }),
    );
    await h.click(4.5, 4.5);
    await h.user.click(within(pad).getByRole('button', { name: '5' }));
    await h.user.click(within(pad).getByRole('button', { name: '6' }));
    expect(h.cell(5, 5)).toHaveAccessibleName(/clue 6$/);
    expect(h.cell(5, 6)).toHaveAccessibleName(/empty$/);
  });

  it('a mouse press on the pad leaves the focus on the grid, on the cursor', async () => {
    const h = renderApp();
    await h.click(0.5, 0.5);
    await h.user.click(screen.getByRole('button', { name: '3' }));
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 3$/);
    expect(h.cell(1, 2)).toHaveFocus();
    await h.user.keyboard('6');
    expect(h.cell(1, 2)).toHaveAccessibleName(/clue 6$/);
  });

  it('follows the size: 16x16 has 1-9 and A-G', async () => {
    const h = renderApp();
    await h.user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '16');
    const pad = screen.getByRole('group', { name: 'Digit pad' });
    expect(within(pad).getAllByRole('button')).toHaveLength(17);
    await h.click(0.5, 0.5);
    await h.user.click(within(pad).getByRole('button', { name: 'G' }));
    expect(h.store.getState().givens[0]).toBe(16);
  });
});

describe('the mode bar', () => {
  it('shows one word per mode, and that word is part of its name (label in name)', () => {
    renderApp();
    const modes = screen.getByRole('group', { name: 'Mode' });
    const radios = within(modes).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Draw walls',
      'Paint regions',
      'Enter digits',
      'Constraints',
      'Play',
    ]);
    for (const radio of radios) {
      const shown = radio.closest('label')!.textContent!;
      expect(shown).toMatch(/^\S+$/);
      // Matched as speech input matches it: without regard to case.
      expect(radio.getAttribute('aria-label')!.toLowerCase()).toContain(shown.toLowerCase());
    }
  });
});

describe('on-screen help', () => {
  it('says how to reach each action', () => {
    renderApp();
    const howTo = screen.getByRole('list', { name: 'How to' });
    for (const action of [
      /Enter a clue: select a cell, then type its digit or use the digit pad \(in any mode\)/,
      /Draw walls: choose Walls/,
      /Paint regions: choose Paint/,
      /Add variant constraints: choose Constraints/,
      /Undo, Redo/,
      /Solve, check, count/,
    ]) {
      expect(howTo).toHaveTextContent(action);
    }
  });
});
