/**
 * Play's SudokuPad controls through the page, by role and accessible name: the Colour entry
 * and its nine named colours (by pad and keys, several per cell, clues too, into every
 * selected cell), highlighting of the selected digit and of the cells it sees (and its
 * switch), and the replay of the moves with their times, which leaves the board as it was.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { standardRegions } from '../../src/engine/index.ts';
import { memoryStorage } from '../../src/store/persistence.ts';
import { chooseMode, renderApp, type Harness } from './harness.tsx';

// A classic puzzle (standard boxes): row 1 is 5 3 . . 7 . . . .
const CLUES = '530070000600195000098000060800060003400803001700020006060000280000419005000080079';

async function startPlay(h: Harness): Promise<void> {
  act(() =>
    h.store.getState().loadPuzzle(9, Array.from(standardRegions(9)), Array.from(CLUES, Number)),
  );
  await chooseMode(h.user, 'Play');
}

const pad = () => screen.getByRole('group', { name: 'Digit pad' });

describe('colours in Play', () => {
  it('the Colour entry offers nine named colours and puts them into every selected cell', async () => {
    const h = renderApp();
    await startPlay(h);
    await h.user.click(screen.getByRole('radio', { name: 'Colour' }));
    const names = within(pad())
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual([
      'Colour 1: red',
      'Colour 2: orange',
      'Colour 3: yellow',
      'Colour 4: green',
      'Colour 5: teal',
      'Colour 6: blue',
      'Colour 7: purple',
      'Colour 8: pink',
      'Colour 9: grey',
      'Clear',
    ]);
    // A clue and an empty cell, Ctrl+click for the second.
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('{Control>}');
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('{/Control}');
    await h.user.click(screen.getByRole('button', { name: 'Colour 1: red' }));
    await h.user.click(screen.getByRole('button', { name: 'Colour 6: blue' }));
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 5, colours red and blue$/);
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, colours red and blue$/);
    // Keys 1-9 are colours in this entry: 1 again takes red out of both.
    await h.user.keyboard('1');
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, colour blue$/);
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 5, colour blue$/);
    // A digit still goes in with Shift/Ctrl as marks, never as a colour.
    await h.user.keyboard('{Control>}4{/Control}');
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, centre marks 4, colour blue$/);
    // Clear in Colour clears colours, and the marks stay.
    await h.user.click(within(pad()).getByRole('button', { name: 'Clear' }));
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, centre marks 4$/);
    // Undo brings the colour back.
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, centre marks 4, colour blue$/);
  });

  it('a cell of two colours is split in two wedges; its digit stays its text', async () => {
    const h = renderApp();
    await startPlay(h);
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('4');
    await h.user.click(screen.getByRole('radio', { name: 'Colour' }));
    await h.user.keyboard('23');
    const cell = h.cell(1, 3);
    expect(cell).toHaveTextContent(/^4$/);
    expect(cell.style.getPropertyValue('--colours')).toBe(
      'conic-gradient(from 45deg, var(--colour-2) 0.00% 50.00%, var(--colour-3) 50.00% 100.00%)',
    );
  });
});

describe('highlighting in Play', () => {
  it('a selected digit is shaded wherever it is; one selected cell shades what it sees', async () => {
    const storage = memoryStorage();
    const h = renderApp({ storage });
    await startPlay(h);
    // Candidates of the digit are drawn apart too: a 5 among a cell's corner marks.
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('{Shift>}5{/Shift}');
    await h.user.click(h.cell(1, 1)); // the clue 5
    const shaded = (name: string) =>
      screen
        .getAllByRole('gridcell')
        .filter((cell) => cell.classList.contains(name))
        .map((cell) => cell.getAttribute('aria-label')?.replace(/, region.*/, ''));
    // The 5s of the clues: r1c1 (the selected one), r2c6, r8c9.
    expect(shaded('cell-same')).toEqual(['Row 1, column 1', 'Row 2, column 6', 'Row 8, column 9']);
    // Its row, column and box: 8 + 8 + 4 cells.
    expect(shaded('cell-seen')).toHaveLength(20);
    expect(h.cell(1, 3).querySelector('.mark-same')).not.toBeNull();
    // Two cells selected: the digit of the cursor's still shaded, no cells seen.
    await h.user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(shaded('cell-seen')).toEqual([]);
    // Off by the panel's switch.
    await h.user.click(h.cell(1, 1));
    await h.user.click(
      screen.getByRole('checkbox', { name: 'Highlight the selected digit and the cells it sees' }),
    );
    expect(shaded('cell-same')).toEqual([]);
    expect(shaded('cell-seen')).toEqual([]);
    // The switch is kept, as the pad's entry is.
    cleanup();
    const again = renderApp({ storage });
    expect(
      screen.getByRole('checkbox', { name: 'Highlight the selected digit and the cells it sees' }),
    ).not.toBeChecked();
    await again.user.click(again.cell(1, 1));
    expect(shaded('cell-same')).toEqual([]);
  });
});

describe('the replay in Play', () => {
  it('steps through the moves with their times, leaving the board as it was', async () => {
    const h = renderApp();
    await startPlay(h);
    const tick = (ms: number) => act(() => h.store.getState().tickPlay(ms));
    await h.user.click(h.cell(1, 3));
    tick(65_000);
    await h.user.keyboard('4');
    tick(10_000);
    await h.user.click(h.cell(1, 4));
    await h.user.keyboard('{Control>}6{/Control}');
    const board = h.store.getState().playBoard;

    // The time, in the panel's timer and again above the grid (for a phone; hidden from
    // assistive technology, as the panel's is the named one).
    expect(screen.getByRole('timer')).toHaveTextContent('01:15');
    expect(screen.getByTestId('play-tip-clock')).toHaveTextContent('01:15');
    expect(screen.getByTestId('play-tip-clock')).toHaveAttribute('aria-hidden', 'true');

    await h.user.click(screen.getByRole('button', { name: 'Replay' }));
    const replay = screen.getByRole('region', { name: 'Replay' });
    const line = within(replay).getByRole('status', { name: 'Replay move' });
    expect(line).toHaveTextContent('Start, at 00:00');
    // The grid shows the start: no digit yet; the pad is gone meanwhile.
    expect(h.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 1, empty');
    expect(screen.queryByRole('group', { name: 'Digit pad' })).toBeNull();
    expect(within(replay).getByRole('button', { name: 'Play' })).toHaveFocus();
    await h.user.click(within(replay).getByRole('button', { name: 'Next' }));
    expect(line).toHaveTextContent('Move 1 of 2, at 01:05: digit 4 in r1c3');
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    expect(h.cell(1, 4)).toHaveAccessibleName(/empty$/);
    await h.user.click(within(replay).getByRole('button', { name: 'End' }));
    expect(line).toHaveTextContent('Move 2 of 2, at 01:15: centre marks 6 in r1c4');
    expect(within(replay).getByRole('slider', { name: 'Move' })).toHaveValue('2');
    // Typing meanwhile changes nothing; Escape closes, and the board is as it was.
    await h.user.keyboard('{ArrowLeft}');
    expect(line).toHaveTextContent('Move 1 of 2');
    h.cell(1, 3).focus();
    await h.user.keyboard('9{Escape}');
    expect(screen.queryByRole('region', { name: 'Replay' })).toBeNull();
    expect(h.store.getState().playBoard).toBe(board);
    expect(h.cell(1, 4)).toHaveAccessibleName(/empty, centre marks 6$/);
    expect(screen.getByRole('group', { name: 'Digit pad' })).toBeInTheDocument();
  });
});
