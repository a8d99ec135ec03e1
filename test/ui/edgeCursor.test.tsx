/**
 * Drawing walls by keyboard alone: in Draw walls, W turns the cell cursor into the edge cursor,
 * a focusable button named by the edge under it and whether it is a wall. Arrows walk the
 * lines (edge, corner, edge; over a cell to the next parallel line), Space and Enter toggle the
 * wall through the same store action as a click (one undo step each), W or Escape go back to
 * the cells. The model (edgeCursor.ts) is also checked on its own: every inner edge of a grid
 * is reachable, and each place names the edge the store draws.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WALL_DOWN, WALL_RIGHT } from '../../src/engine/index.ts';
import { hasWall } from '../../src/store/puzzle.ts';
import type { LinePlace } from '../../src/store/store.ts';
import {
  cellOfLinePlace,
  edgeAtPlace,
  edgeCursorFromCell,
  isLinePlace,
  linePlaceLabel,
  moveEdgeCursor,
} from '../../src/ui/edgeCursor.ts';
import { edgeOnSide, SPACE_ON_A_CELL } from '../../src/ui/gridKeys.ts';
import { chooseMode, renderApp, type Harness } from './harness.tsx';

/** The edge cursor, found as a person (or a screen reader) finds it. */
const edgeCursor = (name: string | RegExp) => screen.getByRole('button', { name });
const announcer = () => screen.getByTestId('grid-announcer');

/** Draw walls, select r3c4 with a click, then W. */
async function startAtRow3Col4(h: Harness): Promise<void> {
  await chooseMode(h.user, 'Draw walls');
  await h.click(3.5, 2.5);
  expect(h.cell(3, 4)).toHaveFocus();
  await h.user.keyboard('w');
}

describe('the edge cursor in the app', () => {
  it('W starts it on the right side of the selected cell, named and focused', async () => {
    const h = renderApp();
    await startAtRow3Col4(h);
    const cursor = edgeCursor('Edge between row 3, column 4 and row 3, column 5: open');
    expect(cursor).toHaveFocus();
    expect(announcer()).toHaveTextContent('Edge between row 3, column 4 and row 3, column 5: open');
    // The help under the grid, which describes it, says how to use it.
    expect(cursor).toHaveAccessibleDescription(/W switches to the edge cursor/);
  });

  it('Space draws the wall under it, Enter takes it away, Ctrl+Z undoes each', async () => {
    const h = renderApp();
    await startAtRow3Col4(h);
    const edge = edgeOnSide(2 * 9 + 3, WALL_RIGHT, 9) as NonNullable<ReturnType<typeof edgeOnSide>>;
    const before = h.store.temporal.getState().pastStates.length;
    await h.user.keyboard(' ');
    expect(hasWall(h.store.getState().walls, edge, 9)).toBe(true);
    expect(edgeCursor('Edge between row 3, column 4 and row 3, column 5: wall')).toHaveFocus();
    expect(announcer()).toHaveTextContent(/: wall$/);
    expect(h.store.temporal.getState().pastStates.length).toBe(before + 1);
    // The wall is drawn like a clicked one: the layout panel reports the unclosed segment.
    expect(screen.getByRole('list', { name: 'Layout problems' })).toHaveTextContent(
      '1 wall segment does not close a region yet',
    );
    await h.user.keyboard('{Enter}');
    expect(hasWall(h.store.getState().walls, edge, 9)).toBe(false);
    expect(edgeCursor(/: open$/)).toHaveFocus();
    await h.user.keyboard(' ');
    await h.user.keyboard('{Control>}z{/Control}');
    expect(hasWall(h.store.getState().walls, edge, 9)).toBe(false);
    expect(edgeCursor('Edge between row 3, column 4 and row 3, column 5: open')).toBeVisible();
    await h.user.keyboard('{Control>}z{/Control}');
    expect(hasWall(h.store.getState().walls, edge, 9)).toBe(true);
    await h.user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(hasWall(h.store.getState().walls, edge, 9)).toBe(false);
  });

  it('Space on a cell after Escape stays in the grid and says how to draw', async () => {
    const h = renderApp();
    await startAtRow3Col4(h);
    await h.user.keyboard('{Escape}');
    expect(h.cell(3, 4)).toHaveFocus();
    const walls = h.store.getState().walls;
    // Not cancelled, the browser scrolled the page a screen down, away from the grid.
    const kept = !fireEvent.keyDown(h.cell(3, 4), { key: ' ', code: 'Space' });
    expect(kept).toBe(true);
    expect(h.store.getState().walls).toBe(walls);
    expect(h.cell(3, 4)).toHaveFocus();
    expect(announcer()).toHaveTextContent(SPACE_ON_A_CELL);
  });

  it('Space on a cell in Enter digits does not scroll the page away from the grid', async () => {
    const h = renderApp();
    await h.user.click(screen.getByRole('radio', { name: 'Enter digits' }));
    await h.user.click(h.cell(2, 2));
    const givens = h.store.getState().givens;
    expect(!fireEvent.keyDown(h.cell(2, 2), { key: ' ', code: 'Space' })).toBe(true);
    expect(h.store.getState().givens).toBe(givens);
    expect(h.cell(2, 2)).toHaveFocus();
  });

  it('arrows walk the lines: along to a corner, turning there, over a cell to the next line', async () => {
    const h = renderApp();
    await startAtRow3Col4(h);
    await h.user.keyboard('{ArrowDown}');
    expect(edgeCursor(/^Corner where rows 3 and 4 meet columns 4 and 5: no edge/)).toHaveFocus();
    expect(announcer()).toHaveTextContent(/^Corner where rows 3 and 4 meet columns 4 and 5/);
    // Space on a corner draws nothing.
    const walls = h.store.getState().walls;
    await h.user.keyboard(' ');
    expect(h.store.getState().walls).toBe(walls);
    await h.user.keyboard('{ArrowDown}');
    expect(edgeCursor('Edge between row 4, column 4 and row 4, column 5: open')).toHaveFocus();
    await h.user.keyboard('{ArrowUp}{ArrowRight}');
    expect(edgeCursor('Edge between row 3, column 5 and row 4, column 5: wall')).toHaveFocus();
    // From a flat edge, Down goes over the cell below to the next flat edge.
    await h.user.keyboard('{ArrowDown}');
    expect(edgeCursor('Edge between row 4, column 5 and row 5, column 5: open')).toHaveFocus();
    // ... and from an upright edge, Left over the cell to the next upright edge.
    await h.user.keyboard('{ArrowUp}{ArrowLeft}{ArrowUp}');
    expect(edgeCursor(/^Edge between row 3, column 4 and row 3, column 5/)).toHaveFocus();
    await h.user.keyboard('{ArrowLeft}');
    expect(edgeCursor('Edge between row 3, column 3 and row 3, column 4: wall')).toHaveFocus();
  });

  it('stays put at the border, where there is no inner line', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    await h.click(0.5, 0.5);
    await h.user.keyboard('w{ArrowUp}{ArrowLeft}{ArrowLeft}');
    // Up from row 1 is the border; Left from the first upright line goes over r1c1 to the border.
    expect(edgeCursor('Edge between row 1, column 1 and row 1, column 2: open')).toHaveFocus();
  });

  it('W or Escape go back to the cell beside it, and digits wait for the cells', async () => {
    const h = renderApp();
    await startAtRow3Col4(h);
    await h.user.keyboard('5');
    expect(h.cell(3, 4)).toHaveAccessibleName(/empty$/);
    await h.user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}w');
    // The edge between r4c5 and r4c6: back on its left cell, r4c5.
    expect(h.cell(4, 5)).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^Edge between/ })).not.toBeInTheDocument();
    await h.user.keyboard('7');
    expect(h.cell(4, 5)).toHaveAccessibleName(/clue 7$/);
    // The digit moved the cursor on to r4c6 (the default); from there W, then Escape.
    await h.user.keyboard('w{Escape}');
    expect(h.cell(4, 6)).toHaveFocus();
  });

  it('a press on the grid or another mode turns it off', async () => {
    const h = renderApp();
    await startAtRow3Col4(h);
    await h.click(6.5, 6.5);
    expect(screen.queryByRole('button', { name: /^Edge between/ })).not.toBeInTheDocument();
    expect(h.cell(7, 7)).toHaveFocus();
    await h.user.keyboard('w');
    expect(edgeCursor(/^Edge between row 7, column 7 and row 7, column 8/)).toHaveFocus();
    await chooseMode(h.user, 'Paint regions');
    expect(screen.queryByRole('button', { name: /^Edge between/ })).not.toBeInTheDocument();
    // W means nothing outside Draw walls.
    await h.click(0.5, 0.5);
    await h.user.keyboard('w');
    expect(screen.queryByRole('button', { name: /^Edge between/ })).not.toBeInTheDocument();
  });

  it('a new puzzle of another size takes it off rather than leaving it off the grid', async () => {
    const h = renderApp();
    await startAtRow3Col4(h);
    await act(() => h.store.getState().newPuzzle(4, 'standard'));
    expect(h.store.getState().edgeCursor).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edge between/ })).not.toBeInTheDocument();
  });
});

describe('the edge cursor model', () => {
  /** Every place reachable from the start by arrows (a breadth-first walk). */
  const reachable = (size: number): LinePlace[] => {
    const start = edgeCursorFromCell(0, size);
    const seen = new Map([[`${start.y},${start.x}`, start]]);
    const queue = [start];
    while (queue.length > 0) {
      const place = queue.shift() as LinePlace;
      for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
        const next = moveEdgeCursor(place, key, size) as LinePlace;
        expect(isLinePlace(next, size)).toBe(true);
        const id = `${next.y},${next.x}`;
        if (!seen.has(id)) {
          seen.set(id, next);
          queue.push(next);
        }
      }
    }
    return [...seen.values()];
  };

  it.each([4, 6, 9, 16])('reaches every inner edge and corner of a grid of size %d', (size) => {
    const places = reachable(size);
    const edges = places.map((p) => edgeAtPlace(p, size)).filter((e) => e !== null);
    // Inner edges: (size - 1) per row upright, (size - 1) per column flat; corners (size - 1)².
    expect(new Set(edges).size).toBe(2 * size * (size - 1));
    expect(places.length - edges.length).toBe((size - 1) ** 2);
  });

  it('names the edge the store draws, on the side of the cell it goes back to', () => {
    const size = 9;
    for (let cell = 0; cell < size * size; cell++) {
      const place = edgeCursorFromCell(cell, size);
      const col = cell % size;
      // The right side of the cell; in the last column, the left side (the border is no edge).
      const expected =
        col < size - 1
          ? edgeOnSide(cell, WALL_RIGHT, size)
          : edgeOnSide(cell - 1, WALL_RIGHT, size);
      expect(edgeAtPlace(place, size)).toBe(expected);
      expect(cellOfLinePlace(place, size)).toBe(col < size - 1 ? cell : cell - 1);
    }
    // A flat edge is the bottom of the cell above it.
    expect(edgeAtPlace({ y: 3, x: 4 }, size)).toBe(edgeOnSide(1 * size + 2, WALL_DOWN, size));
    expect(linePlaceLabel({ y: 3, x: 4 }, true)).toBe(
      'Edge between row 2, column 3 and row 3, column 3: wall',
    );
  });

  it('has no place on a cell, off the grid, or for other keys', () => {
    expect(isLinePlace({ y: 2, x: 2 }, 9)).toBe(false);
    expect(isLinePlace({ y: -1, x: 1 }, 9)).toBe(false);
    expect(isLinePlace({ y: 0, x: 17 }, 9)).toBe(false);
    expect(isLinePlace({ y: 15, x: 15 }, 9)).toBe(true);
    expect(moveEdgeCursor({ y: 0, x: 1 }, 'Enter', 9)).toBeNull();
  });
});
