/**
 * Layout problems marked on the grid (LayoutMarks) and linked from the Layout panel: hatching
 * for regions with too many or too few cells, dashed outlines for the pieces of a split region,
 * rings on loose wall ends, and the cells of a list item highlighted while it is hovered or
 * focused. The marks are decorative (aria-hidden), so they are read from the overlay's data.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { looseWallEnds, outlinePath } from '../../src/ui/LayoutMarks.tsx';
import { chooseMode, renderApp } from './harness.tsx';

/** The marks' two layers: the hatching (under the cells' digits) and the outlines. */
const marks = (): SVGSVGElement[] => {
  const layers = [...document.querySelectorAll<SVGSVGElement>('svg.layout-marks')];
  if (layers.length !== 2) throw new Error('no layout marks overlay');
  return layers;
};
const mark = (name: string) =>
  marks().flatMap((layer) => [...layer.querySelectorAll(`[data-mark="${name}"]`)]);
const markedCells = (name: string): number => Number(mark(name)[0]?.getAttribute('data-cells'));

describe('layout problems on the grid', () => {
  it('a complete layout has no marks', () => {
    renderApp();
    expect(marks().flatMap((layer) => [...layer.querySelectorAll('[data-mark]')])).toHaveLength(0);
  });

  it('a region too big and regions too small are hatched, each its own way', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    // A wall down the first box, from the top border to the box's bottom: 3 cells and 6.
    await h.drag([1, 0.1], [1, 2.9]);
    expect(markedCells('under')).toBe(9);
    expect(mark('over')).toHaveLength(0);
    await act(() => h.store.getState().newPuzzle(9, 'empty'));
    expect(markedCells('over')).toBe(81);
    expect(mark('under')).toHaveLength(0);
  });

  it('the hatching is a layer under what the cells hold: their digits get a halo there', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    await h.user.click(h.cell(5, 5));
    await h.user.keyboard('7');
    await chooseMode(h.user, 'Draw walls');
    // The first box cut in two (3 cells and 6): both parts too small, hatched.
    await h.drag([1, 0.1], [1, 2.9]);
    const [hatching, outlines] = marks();
    expect(hatching).toHaveClass('layout-hatching');
    expect(hatching.querySelector('[data-mark="under"]')).not.toBeNull();
    expect(outlines).toHaveClass('layout-outlines');
    expect(outlines.querySelector('[data-mark="under"]')).toBeNull();
    // Before the grid's other layers, after the cells (app.css stacks what a cell holds
    // above it, and the walls and outlines above that).
    const frame = h.grid().parentElement as HTMLElement;
    const layers = [...frame.children].map((child) => child.getAttribute('class') ?? '');
    expect(layers.indexOf('wall-layer')).toBeLessThan(
      layers.findIndex((name) => name.includes('layout-outlines')),
    );
    // A clue in a hatched cell is drawn in a layer of its own, with the cell's halo; a cell
    // of a sound region has none.
    expect(h.cell(1, 1)).toHaveClass('cell-hatched');
    expect(h.cell(1, 1).querySelector('.cell-digit')).toHaveTextContent(/^5$/);
    expect(h.cell(1, 1)).toHaveTextContent(/^5$/);
    expect(h.cell(5, 5)).not.toHaveClass('cell-hatched');
    expect(h.cell(5, 5).querySelector('.cell-digit')).toHaveTextContent(/^7$/);
  });

  it('each piece of a split region is outlined', () => {
    const h = renderApp();
    // 4x4: region 1 is r1c1, r1c2, r2c1 and, apart from them, r4c4.
    act(() =>
      h.store
        .getState()
        .loadPuzzle(4, [0, 0, 1, 1, 0, 3, 1, 1, 2, 2, 3, 3, 2, 2, 3, 0], new Array(16).fill(0)),
    );
    const pieces = mark('pieces');
    expect(pieces).toHaveLength(1);
    const path = pieces[0].getAttribute('d') ?? '';
    // r4c4's own square is outlined (its four sides), apart from the rest of region 1.
    for (const side of ['M3 3h1', 'M3 4h1', 'M3 3v1', 'M4 3v1']) expect(path).toContain(side);
    expect(
      within(screen.getByRole('list', { name: 'Regions' })).getByText(
        /^Region 1: 4 cells in 2 pieces$/,
        { selector: 'li' },
      ),
    ).toBeTruthy();
  });

  it('a loose wall end gets a ring; a wall from the border has one loose end', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    // A wall segment between r2c1 and r2c2 touches no other wall: two loose ends.
    await h.click(1, 1.5);
    let rings = mark('loose-end');
    expect(rings).toHaveLength(2);
    expect([...rings].map((ring) => [ring.getAttribute('cx'), ring.getAttribute('cy')])).toEqual(
      expect.arrayContaining([
        ['1', '1'],
        ['1', '2'],
      ]),
    );
    // Undo, then a segment from the top border: only its lower end is loose.
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    await h.click(1, 0.5);
    rings = mark('loose-end');
    expect(rings).toHaveLength(1);
    expect(rings[0].getAttribute('cy')).toBe('1');
  });

  it('hovering or focusing a region or problem in the list highlights its cells', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    await h.drag([1, 0.1], [1, 2.9]);
    const regions = screen.getByRole('list', { name: 'Regions' });
    const small = within(regions).getByText(/^Region 1: 3 cells \(too few\)$/, { selector: 'li' });
    expect(mark('highlight')).toHaveLength(0);
    await h.user.hover(small);
    expect(markedCells('highlight')).toBe(3);
    await h.user.unhover(small);
    expect(mark('highlight')).toHaveLength(0);
    // By keyboard: the items that need work are in the tab order, a sound region is not;
    // focus highlights, leaving clears.
    const [sound] = within(regions).getAllByText(/^Region \d+: 9 cells$/, { selector: 'li' });
    expect(small).toHaveAttribute('tabindex', '0');
    expect(sound).not.toHaveAttribute('tabindex');
    const problems = screen.getByRole('list', { name: 'Layout problems' });
    const problem = within(problems).getByText(/^Region 2 has 6 cells/, { selector: 'li' });
    act(() => problem.focus());
    expect(problem).toHaveFocus();
    expect(markedCells('highlight')).toBe(6);
    await h.user.tab();
    expect(problem).not.toHaveFocus();
    expect(markedCells('highlight') || 0).not.toBe(6);
  });

  it('outlines a set of cells along its border only; loose ends need open walls', () => {
    // A 2x1 block in a 3x3 grid: 6 outer sides, the shared side not drawn.
    const path = outlinePath([0, 1], 3);
    expect(path.match(/M/g)).toHaveLength(6);
    expect(path).not.toContain('M1 0v1');
    expect(looseWallEnds(3, new Array(9).fill(0), new Set())).toEqual([]);
  });
});

describe('the status line under the grid', () => {
  it('says where the layout stands, in sight while drawing', async () => {
    const h = renderApp();
    const line = screen.getByText(/^Layout complete: 9 regions of 9 cells\.$/);
    await chooseMode(h.user, 'Draw walls');
    await h.click(1, 1.5);
    expect(line).toHaveTextContent(
      /^Layout complete: 9 regions of 9 cells\. 1 loose wall segment\.$/,
    );
    await h.drag([4, 0.1], [4, 2.9]);
    expect(line).toHaveTextContent(
      /^Layout: 10 regions where 9 are needed, \d+ problems? \(marked on the grid\)\./,
    );
  });
});
