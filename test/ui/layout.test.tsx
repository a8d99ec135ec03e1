import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseMode, chooseSize, renderApp } from './harness.tsx';

const regionOf = (cell: HTMLElement): number =>
  Number(/region (\d+)/.exec(cell.getAttribute('aria-label') ?? '')?.[1]);

describe('drawing walls', () => {
  it('a click on a line toggles that wall; an unclosed wall is reported, not refused', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    // The line between r1c1 and r1c2, clicked halfway down the row.
    await h.click(1, 0.5);
    const problems = screen.getByRole('list', { name: 'Layout problems' });
    expect(problems).toHaveTextContent('1 wall segment does not close a region yet');
    expect(screen.getByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
    // A second click takes it away again.
    await h.click(1.05, 0.4);
    expect(screen.queryByRole('list', { name: 'Layout problems' })).not.toBeInTheDocument();
  });

  it('a drag along a line draws walls that split a region, with live counts', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    expect(regionOf(h.cell(1, 1))).toBe(regionOf(h.cell(1, 2)));
    await h.drag([1, 0.1], [1, 1.5], [1, 2.9]);
    expect(regionOf(h.cell(1, 1))).not.toBe(regionOf(h.cell(1, 2)));
    expect(screen.getByText(/Layout not ready: 10 regions, 9 needed/)).toBeInTheDocument();
    const problems = screen.getByRole('list', { name: 'Layout problems' });
    expect(problems).toHaveTextContent('Region 1 has 3 cells; it needs 9 (r1c1, r2c1, r3c1).');
    expect(problems).toHaveTextContent('Region 2 has 6 cells; it needs 9');
    const regions = screen.getByRole('list', { name: 'Regions' });
    expect(within(regions).getByText(/Region 1: 3 cells \(too few\)/)).toBeInTheDocument();
  });

  it('a drag along a wall leaves it; with Erase chosen, it erases', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    // The wall between r1c3 and r1c4 (a box border) and on down to row 3.
    expect(regionOf(h.cell(1, 3))).not.toBe(regionOf(h.cell(1, 4)));
    await h.drag([3, 0.2], [3, 1.5], [3, 2.8]);
    expect(regionOf(h.cell(1, 3))).not.toBe(regionOf(h.cell(1, 4)));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    const erase = screen.getByRole('radio', { name: 'Erase' });
    expect(
      within(screen.getByRole('group', { name: 'A drag along the lines' })).getByRole('radio', {
        name: 'Draw',
      }),
    ).toBeChecked();
    await h.user.click(erase);
    expect(erase).toBeChecked();
    await h.drag([3, 0.2], [3, 1.5], [3, 2.8]);
    expect(regionOf(h.cell(1, 3))).toBe(regionOf(h.cell(1, 4)));
    expect(regionOf(h.cell(3, 3))).toBe(regionOf(h.cell(3, 4)));
    expect(screen.getByText(/8 regions, 9 needed/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Layout problems' })).toHaveTextContent(
      'Region 1 has 18 cells; it needs 9',
    );
  });

  it('a drag with the right button erases, without a context menu; Draw stays chosen', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    const at = (y: number) => ({ target: h.grid(), coords: h.at(3, y) });
    await h.user.pointer([
      { keys: '[MouseRight>]', ...at(0.2) },
      at(1.5),
      { keys: '[/MouseRight]', ...at(2.8) },
    ]);
    expect(regionOf(h.cell(1, 3))).toBe(regionOf(h.cell(1, 4)));
    expect(screen.getByRole('radio', { name: 'Draw' })).toBeChecked();
    // No context menu over the grid in Draw walls (the event is cancelled), and a right click
    // on a wall clears it.
    expect(fireEvent.contextMenu(h.grid())).toBe(false);
    await h.user.pointer({ keys: '[MouseRight]', ...at(5.5) });
    expect(regionOf(h.cell(6, 3))).toBe(regionOf(h.cell(6, 4)));
    await chooseMode(h.user, 'Enter digits');
    expect(fireEvent.contextMenu(h.grid())).toBe(true);
  });

  it('one stroke is one undo step; redo brings it back', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    await h.drag([1, 0.1], [1, 1.5], [1, 2.9]);
    expect(screen.getByText(/Layout not ready: 10 regions/)).toBeInTheDocument();
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await h.user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(screen.getByText(/Layout not ready: 10 regions/)).toBeInTheDocument();
  });

  it('Ctrl+Z and Ctrl+Shift+Z undo and redo', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    await h.drag([1, 0.1], [1, 2.9]);
    expect(screen.getByText(/Layout not ready: 10 regions/)).toBeInTheDocument();
    await h.user.keyboard('{Control>}z{/Control}');
    expect(screen.getByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
    await h.user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(screen.getByText(/Layout not ready: 10 regions/)).toBeInTheDocument();
  });

  it('an empty grid to draw on starts as one region, explained', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = screen.getByRole('dialog', { name: 'New 4×4 puzzle' });
    await h.user.click(within(dialog).getByRole('radio', { name: /Empty grid/ }));
    await h.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('list', { name: 'Layout problems' })).toHaveTextContent(
      'The walls enclose 1 region; a 4×4 grid needs 4',
    );
    expect(regionOf(h.cell(4, 4))).toBe(1);
  });
});

describe('painting regions', () => {
  it('cells dragged over join the region where the drag began', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Paint regions');
    // From r1c4 (region 2) back over r1c3 and r1c2 (region 1).
    await h.drag([3.5, 0.5], [2.5, 0.5], [1.5, 0.5]);
    expect(regionOf(h.cell(1, 3))).toBe(regionOf(h.cell(1, 4)));
    expect(regionOf(h.cell(1, 2))).toBe(regionOf(h.cell(1, 4)));
    expect(regionOf(h.cell(1, 1))).not.toBe(regionOf(h.cell(1, 4)));
    const regions = screen.getByRole('list', { name: 'Regions' });
    expect(within(regions).getByText(/Region 1: 7 cells \(too few\)/)).toBeInTheDocument();
    expect(within(regions).getByText(/Region 2: 11 cells \(too many\)/)).toBeInTheDocument();
    // The whole stroke is one step.
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
  });

  it('by keyboard: pick cells, then press a region number', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Paint regions');
    h.cell(1, 1).focus();
    await h.user.keyboard('{ArrowRight}{ArrowRight} ');
    expect(h.cell(1, 3)).toHaveAccessibleName(/picked/);
    await h.user.keyboard('{ArrowDown} 2');
    expect(regionOf(h.cell(1, 3))).toBe(2);
    expect(regionOf(h.cell(2, 3))).toBe(2);
    expect(regionOf(h.cell(1, 2))).toBe(1);
    expect(screen.getByRole('list', { name: 'Regions' })).toHaveTextContent(
      'Region 2: 11 cells (too many)',
    );
  });
});

describe('keyboard history', () => {
  it('Ctrl+Z works while the mode control has focus', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    await h.click(1, 0.5);
    await chooseMode(h.user, 'Enter digits');
    expect(screen.getByRole('radio', { name: 'Enter digits' })).toHaveFocus();
    await h.user.keyboard('{Control>}z{/Control}');
    expect(screen.queryByRole('list', { name: 'Layout problems' })).not.toBeInTheDocument();
  });
});

describe('drawing through corners', () => {
  it('a straight drag along a line through corners draws only that line', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    await h.user.click(screen.getByRole('radio', { name: /Empty grid/ }));
    await h.user.click(screen.getByRole('button', { name: 'Create' }));
    await chooseMode(h.user, 'Draw walls');
    // Along the line between rows 2 and 3, across the corners at x = 1, 2, 3, with a wobble.
    await h.drag([0.5, 2], [1.0, 2.05], [2.0, 1.95], [3.0, 2.1], [3.5, 2]);
    expect(screen.getByText(/Layout not ready: 2 regions/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Layout problems' })).not.toHaveTextContent(
      /does not close|do not close/,
    );
  });
});
