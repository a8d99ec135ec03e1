/**
 * Constraints mode, through the page: the tool bar (ConstraintPanel.tsx) chooses what the
 * pointer draws (tools/constraintTool.ts), the grid draws it (ConstraintLayer.tsx), the
 * selected constraint's sum is typed in the panel, on the grid or on the Sum pad (not as
 * clues), global rules are checkboxes, and Delete removes the selected constraint, one undo
 * step each.
 */
import { screen, waitFor, within } from '@testing-library/react';
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

  it('digits typed on the grid after drawing a cage are its sum, not clues', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Constraints');
    await h.drag([0.5, 0.5], [1.5, 0.5]);
    // 1 alone is no sum of two different digits: the field shows it, the cage waits for the 7.
    await h.user.keyboard('1');
    const sum = within(panel()).getByRole('spinbutton', { name: 'Sum' });
    expect(sum).toHaveValue(1);
    expect(within(panel()).getByRole('status')).toHaveTextContent(/2 different digits sum to/);
    await h.user.keyboard('7');
    expect(h.store.getState().constraints).toEqual([{ kind: 'cage', cells: [0, 1], sum: 17 }]);
    expect(h.store.getState().givens.every((digit) => digit === 0)).toBe(true);
    expect(sum).toHaveValue(17);
    expect(within(panel()).queryByRole('status')).not.toBeInTheDocument();
    // Backspace takes the last digit off; a cage may go without a sum.
    await h.user.keyboard('{Backspace}{Backspace}');
    expect(h.store.getState().constraints).toEqual([{ kind: 'cage', cells: [0, 1] }]);
    // With no digit left, Backspace removes the cage, as before.
    await h.user.keyboard('{Backspace}');
    expect(h.store.getState().constraints).toEqual([]);
  });

  it('a cage selected again takes a new sum typed over its old one; undo restores it', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Constraints');
    await h.drag([0.5, 0.5], [1.5, 0.5], [2.5, 0.5]);
    await h.user.keyboard('15');
    await h.drag([0.5, 2.5], [1.5, 2.5]);
    await h.user.keyboard('8');
    expect(h.store.getState().selectedConstraint).toBe(1);
    await h.click(1.5, 0.5);
    expect(h.store.getState().selectedConstraint).toBe(0);
    await h.user.keyboard('23');
    const second = { kind: 'cage', cells: [18, 19], sum: 8 };
    expect(h.store.getState().constraints).toEqual([
      { kind: 'cage', cells: [0, 1, 2], sum: 23 },
      second,
    ]);
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().constraints).toEqual([
      { kind: 'cage', cells: [0, 1, 2], sum: 15 },
      second,
    ]);
    expect(within(panel()).getByRole('spinbutton', { name: 'Sum' })).toHaveValue(15);
  });

  it('with a cage selected the digit pad is its Sum pad: 0 to 9 and Back', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Constraints');
    expect(screen.getByRole('group', { name: 'Digit pad' })).toBeInTheDocument();
    await h.drag([0.5, 0.5], [1.5, 0.5], [2.5, 0.5], [3.5, 0.5]);
    const pad = screen.getByRole('group', { name: 'Sum pad' });
    for (const key of ['2', '0']) {
      await h.user.click(within(pad).getByRole('button', { name: key }));
    }
    expect(h.store.getState().constraints).toEqual([
      { kind: 'cage', cells: [0, 1, 2, 3], sum: 20 },
    ]);
    const back = within(pad).getByRole('button', { name: /^Back/ });
    await h.user.click(back);
    // 2 is no sum of four different digits: the cage keeps 20 until the last digit goes too.
    expect(h.store.getState().constraints[0]).toMatchObject({ sum: 20 });
    await h.user.click(back);
    expect(h.store.getState().constraints).toEqual([{ kind: 'cage', cells: [0, 1, 2, 3] }]);
    // Back with no digit left does nothing: the cage stays (Delete removes it).
    await h.user.click(within(pad).getByRole('button', { name: /^Back/ }));
    expect(h.store.getState().constraints).toHaveLength(1);
    expect(h.store.getState().givens.every((digit) => digit === 0)).toBe(true);
    // Without a sum to type, the pad enters clues again.
    await chooseMode(h.user, 'Enter digits');
    expect(screen.getByRole('group', { name: 'Digit pad' })).toBeInTheDocument();
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

  it('an arrow drawn through its pill takes a 2-cell pill from the panel, one undo step', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Constraints');
    await h.user.click(within(panel()).getByRole('radio', { name: 'Arrow' }));
    // r1c1 → r1c2 (the pill), then down r2c2, r3c2 (the shaft).
    await h.drag([0.5, 0.5], [1.5, 0.5], [1.5, 1.5], [1.5, 2.5]);
    expect(h.store.getState().constraints).toEqual([
      { kind: 'arrow', circle: [0], shaft: [1, 10, 19] },
    ]);
    const pill = (name: string) =>
      within(within(panel()).getByRole('group', { name: 'Circle' })).getByRole('radio', { name });
    expect(pill('1 cell')).toBeChecked();
    // A two-cell arrow (r5c1, r5c2) has no room for a pill.
    await h.drag([0.5, 4.5], [1.5, 4.5]);
    expect(pill('2-cell pill')).toBeDisabled();
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    await h.drag([0.5, 0.5]); // a click on the first arrow's cell selects it again
    await h.user.click(pill('2-cell pill'));
    expect(h.store.getState().constraints).toEqual([
      { kind: 'arrow', circle: [0, 1], shaft: [10, 19] },
    ]);
    expect(pill('2-cell pill')).toBeChecked();
    // Three cells of four: the shaft keeps its last; four would leave it none.
    await h.user.click(pill('3-cell pill'));
    expect(h.store.getState().constraints).toEqual([
      { kind: 'arrow', circle: [0, 1, 10], shaft: [19] },
    ]);
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().constraints).toEqual([
      { kind: 'arrow', circle: [0, 1], shaft: [10, 19] },
    ]);
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().constraints).toEqual([
      { kind: 'arrow', circle: [0], shaft: [1, 10, 19] },
    ]);
  });

  it('the constraints of a conflict core are drawn in the error tones', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    // A black dot (1-2 or 2-4) and a V (1-4 or 2-3) on one pair cannot both hold; a cage
    // elsewhere is not to blame.
    h.store.getState().addConstraint({ kind: 'cage', cells: [15, 14], sum: 7 });
    h.store.getState().addConstraint({ kind: 'kropki', cells: [0, 1], colour: 'black' });
    h.store.getState().addConstraint({ kind: 'xv', cells: [0, 1], sum: 5 });
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    const nextStep = await screen.findByRole('status', { name: 'Next step' });
    await waitFor(() => expect(nextStep).toHaveTextContent(/cannot both hold on this layout/));
    const tones = (selector: string) =>
      Array.from(document.querySelectorAll<SVGElement>(selector)).map(
        (element) => `${element.style.fill} ${element.style.stroke}`,
      );
    // The dot and the V: error; the cage's dashed outline: its own tone.
    expect(tones('.constraint-over circle').join()).toMatch(/--constraint-error/);
    expect(tones('.constraint-over text').some((tone) => tone.includes('error'))).toBe(true);
    expect(tones('.constraint-over path[style*="dasharray"]').join()).not.toMatch(/error/);
  });
});
