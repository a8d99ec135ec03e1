/**
 * Constraints mode, through the page: the tool bar (ConstraintPanel.tsx) chooses what the
 * pointer draws (tools/constraintTool.ts), the grid draws it (ConstraintLayer.tsx), the
 * selected constraint's sum is typed in the panel, global rules are checkboxes, and Delete
 * removes the selected constraint, one undo step each.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseMode, chooseSize, renderApp } from './harness.tsx';

const panel = () => screen.getByRole('region', { name: 'Constraints' });

describe('Constraints mode', () => {
  it('draws a killer cage by dragging, and takes its sum from the panel', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Constraints');
    await h.user.click(within(panel()).getByRole('radio', { name: 'Killer cage' }));
    // r1c1 → r1c2 → r2c2 of the 9x9 the page opens on.
    await h.drag([0.5, 0.5], [1.5, 0.5], [1.5, 1.5]);
    expect(h.store.getState().constraints).toEqual([{ kind: 'cage', cells: [0, 1, 10] }]);
    await h.user.type(within(panel()).getByRole('spinbutton', { name: 'Sum' }), '15');
    expect(h.store.getState().constraints).toEqual([{ kind: 'cage', cells: [0, 1, 10], sum: 15 }]);
    const sums = document.querySelectorAll('.constraint-over text');
    expect(Array.from(sums).map((text) => text.textContent)).toEqual(['15']);
  });

  it('a kropki click adds a dot and a second click removes it', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await chooseMode(h.user, 'Constraints');
    await h.user.click(within(panel()).getByRole('radio', { name: 'White kropki dot' }));
    await h.click(1.95, 0.5);
    expect(h.store.getState().constraints).toEqual([
      { kind: 'kropki', cells: [1, 2], colour: 'white' },
    ]);
    expect(document.querySelectorAll('.constraint-over circle')).toHaveLength(1);
    await h.click(2.05, 0.5);
    expect(h.store.getState().constraints).toEqual([]);
  });

  it('toggles Anti-knight as a global rule', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Constraints');
    const box = within(panel()).getByRole('checkbox', { name: 'Anti-knight' });
    await h.user.click(box);
    expect(h.store.getState().constraints).toEqual([{ kind: 'antiKnight' }]);
    expect(box).toBeChecked();
    await h.user.click(box);
    expect(h.store.getState().constraints).toEqual([]);
  });

  it('Delete removes the selected constraint, and undo brings it back', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await chooseMode(h.user, 'Constraints');
    await h.user.click(within(panel()).getByRole('radio', { name: 'Thermometer' }));
    await h.drag([0.5, 0.5], [1.5, 0.5], [2.5, 0.5]);
    const thermometer = { kind: 'thermometer', cells: [0, 1, 2] };
    expect(h.store.getState().constraints).toEqual([thermometer]);
    expect(
      within(panel()).getByRole('heading', { name: 'The thermometer from r1c1' }),
    ).toBeVisible();
    await h.user.click(within(panel()).getByRole('button', { name: 'Delete' }));
    expect(h.store.getState().constraints).toEqual([]);
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().constraints).toEqual([thermometer]);
  });
});
