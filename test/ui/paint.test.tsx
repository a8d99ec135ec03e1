/**
 * Painting regions: strokes that join cells to the start region, strokes that carve a new
 * region out of an oversized one (FINDINGS F3: an empty grid), and regions left in pieces.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../src/store/persistence.ts';
import { chooseMode, chooseSize, renderApp, type Harness } from './harness.tsx';

const regionOf = (cell: HTMLElement): number =>
  Number(/region (\d+)/.exec(cell.getAttribute('aria-label') ?? '')?.[1]);

const regionList = () => screen.getByRole('list', { name: 'Regions' });
const problems = () => screen.getByRole('list', { name: 'Layout problems' });
const undo = (h: Harness) => h.user.click(screen.getByRole('button', { name: 'Undo' }));

async function newPuzzle(h: Harness, start: 'Empty grid' | 'Standard boxes'): Promise<void> {
  await h.user.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog');
  await h.user.click(within(dialog).getByRole('radio', { name: new RegExp(`^${start}`) }));
  await h.user.click(within(dialog).getByRole('button', { name: /Create$/ }));
}

describe('painting on an empty grid (F3)', () => {
  it('a drag carves the crossed cells out as a new region, as one undo step', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await newPuzzle(h, 'Empty grid');
    await chooseMode(h.user, 'Paint regions');
    const steps = h.store.temporal.getState().pastStates.length;
    // r1c1 → r1c2 → r2c2 → r2c1: a 2x2 block in the corner.
    await h.drag([0.5, 0.5], [1.5, 0.5], [1.5, 1.5], [0.5, 1.5]);
    expect(screen.getByText(/Layout not ready: 2 regions, 4 needed/)).toBeInTheDocument();
    expect(within(regionList()).getByText(/Region 1: 4 cells$/)).toBeInTheDocument();
    expect(within(regionList()).getByText(/Region 2: 12 cells \(too many\)$/)).toBeInTheDocument();
    expect(regionOf(h.cell(2, 2))).toBe(1);
    expect(regionOf(h.cell(1, 3))).toBe(2);
    expect(h.store.temporal.getState().pastStates).toHaveLength(steps + 1);
    await undo(h);
    expect(screen.getByText(/Layout not ready: 1 region, 4 needed/)).toBeInTheDocument();
  });

  it('carving region after region completes the layout', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await newPuzzle(h, 'Empty grid');
    await chooseMode(h.user, 'Paint regions');
    // Rows 1, 2 and 3, each dragged from left to right; row 4 is what is left.
    for (const y of [0.5, 1.5, 2.5]) await h.drag([0.5, y], [1.5, y], [2.5, y], [3.5, y]);
    expect(screen.getByText('Complete: 4 regions of 4 cells.')).toBeInTheDocument();
    expect(regionOf(h.cell(4, 1))).toBe(4);
  });

  it('a stroke that cuts the rest of the grid in two leaves two regions, not pieces', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await newPuzzle(h, 'Empty grid');
    await chooseMode(h.user, 'Paint regions');
    // Column 2, top to bottom: column 1 and columns 3-4 are cut apart.
    await h.drag([1.5, 0.5], [1.5, 1.5], [1.5, 2.5], [1.5, 3.5]);
    expect(screen.getByText(/Layout not ready: 3 regions, 4 needed/)).toBeInTheDocument();
    expect(within(regionList()).getByText(/Region 1: 4 cells$/)).toBeInTheDocument();
    expect(within(regionList()).getByText(/Region 2: 4 cells$/)).toBeInTheDocument();
    expect(within(regionList()).getByText(/Region 3: 8 cells \(too many\)$/)).toBeInTheDocument();
    expect(problems()).not.toHaveTextContent(/pieces/);
    // Column 3 from the 8 cells: the layout is complete.
    await h.drag([2.5, 0.5], [2.5, 1.5], [2.5, 2.5], [2.5, 3.5]);
    expect(screen.getByText('Complete: 4 regions of 4 cells.')).toBeInTheDocument();
  });

  it('a click alone, or a drag inside a region of the right size, changes nothing', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await newPuzzle(h, 'Empty grid');
    await chooseMode(h.user, 'Paint regions');
    const steps = h.store.temporal.getState().pastStates.length;
    await h.click(0.5, 0.5);
    expect(screen.getByText(/1 region, 4 needed/)).toBeInTheDocument();
    await newPuzzle(h, 'Standard boxes');
    await chooseMode(h.user, 'Paint regions');
    await h.drag([0.5, 0.5], [1.5, 0.5], [1.5, 1.5]);
    expect(screen.getByText('Complete: 4 regions of 4 cells.')).toBeInTheDocument();
    // One step for the second New; none for the click or the drag.
    expect(h.store.temporal.getState().pastStates).toHaveLength(steps + 1);
  });

  it('a drag that reaches other regions still joins them to the start region', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await newPuzzle(h, 'Empty grid');
    await chooseMode(h.user, 'Paint regions');
    await h.drag([0.5, 0.5], [1.5, 0.5]); // Carve {r1c1, r1c2}.
    // From the big area over r1c2: r1c2 joins the big area again, nothing is carved.
    await h.drag([1.5, 1.5], [1.5, 0.5]);
    expect(regionOf(h.cell(1, 2))).toBe(regionOf(h.cell(2, 2)));
    expect(within(regionList()).getByText(/Region 1: 1 cell \(too few\)$/)).toBeInTheDocument();
  });
});

describe('regions in pieces', () => {
  it('a stroke that cuts a region in two reports it in pieces, not as a new region', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Paint regions');
    // From r2c4 (region 2) left across the middle row of box 1.
    await h.drag([3.5, 1.5], [2.5, 1.5], [1.5, 1.5], [0.5, 1.5]);
    expect(regionOf(h.cell(1, 1))).toBe(1);
    expect(regionOf(h.cell(3, 1))).toBe(1);
    expect(regionOf(h.cell(2, 1))).toBe(2);
    expect(problems()).toHaveTextContent(
      'Region 1 is in 2 pieces: {r1c1, r1c2, r1c3} and {r3c1, r3c2, r3c3}.',
    );
    expect(within(regionList()).getByText(/Region 1: 6 cells \(too few\) in 2 pieces/));
    // The right count of regions: the line says which are not right, not "each of 9 cells".
    expect(
      screen.getByText(
        'Layout not ready: 9 regions, 9 needed; 2 of them are not 9 cells, and 1 of them is in pieces.',
      ),
    ).toBeInTheDocument();
    // The solve panel gives the same reason.
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    expect(h.status()).toHaveTextContent(/^Layout not ready: region 1 is in 2 pieces/);

    // Painting one cell back joins the pieces again: region 1 is whole.
    await h.drag([0.5, 0.5], [0.5, 1.5]);
    expect(problems()).not.toHaveTextContent(/pieces/);
    expect(within(regionList()).getByText(/Region 1: 7 cells \(too few\)$/));
    await undo(h);
    expect(problems()).toHaveTextContent('Region 1 is in 2 pieces');
    await undo(h);
    expect(screen.getByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
  });

  it('by keyboard: a cell given to a region it does not touch is a piece of that region', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Paint regions');
    await h.click(8.5, 8.5); // A click moves the cursor (and paints nothing).
    expect(h.cell(9, 9)).toHaveFocus();
    // Space picks the cell; a number then assigns the picked cells to that region.
    await h.user.keyboard(' 1');
    expect(regionOf(h.cell(9, 9))).toBe(1);
    expect(problems()).toHaveTextContent(
      'Region 1 is in 2 pieces: {r1c1, r1c2, r1c3, r2c1, …} and {r9c9}.',
    );
    expect(problems()).toHaveTextContent('Region 9 has 8 cells; it needs 9');
  });

  it('drawing a wall elsewhere keeps a region in pieces; a wall that cuts makes a region', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Paint regions');
    await h.drag([3.5, 1.5], [2.5, 1.5], [1.5, 1.5], [0.5, 1.5]);
    await chooseMode(h.user, 'Draw walls');
    // Cut box 9 off from its top row: a wall under r7c7..r7c9.
    await h.drag([6.1, 7], [7.5, 7], [8.9, 7]);
    expect(problems()).toHaveTextContent('Region 1 is in 2 pieces');
    expect(screen.getByText(/Layout not ready: 10 regions/)).toBeInTheDocument();
  });

  it('a region in pieces survives a reload', async () => {
    const storage = memoryStorage();
    const first = renderApp({ storage });
    await chooseMode(first.user, 'Paint regions');
    await first.drag([3.5, 1.5], [2.5, 1.5], [1.5, 1.5], [0.5, 1.5]);
    cleanup();
    const second = renderApp({ storage });
    expect(problems()).toHaveTextContent('Region 1 is in 2 pieces');
    await undo(second);
    expect(screen.getByText('Complete: 9 regions of 9 cells.')).toBeInTheDocument();
  });
});

describe('help', () => {
  it('the paint help states the rules, with the size', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Paint regions');
    const grid = screen.getByRole('grid', { name: 'Puzzle grid' });
    expect(grid).toHaveAccessibleDescription(/join the region where the drag began/);
    expect(grid).toHaveAccessibleDescription(
      /already in that region and it has more than 9 cells .* become a new region/,
    );
    expect(grid).toHaveAccessibleDescription(
      /cuts a region of more than 9 cells apart, each part becomes a region of its own/,
    );
    expect(grid).toHaveAccessibleDescription(/smaller region .* in pieces stays one region/);
  });
});
