import { createElement, memo, type ComponentProps } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as CellModule from '../../src/ui/Cell.tsx';
import { chooseMode, renderApp } from './harness.tsx';

// Count renders of the memoised cell: the real Cell inside a memo wrapper with the same
// (default, shallow) comparison, so the count is what the grid's props let through.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/ui/Cell.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof CellModule>();
  type Props = ComponentProps<typeof original.Cell>;
  const Counted = memo(function Counted(props: Props) {
    renders.count++;
    return createElement(original.Cell, props);
  });
  return { ...original, Cell: Counted };
});

describe('rendering', () => {
  it('typing a digit re-renders only the cell that changed', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(
      screen.getByRole('checkbox', { name: 'Move to the next cell after a digit' }),
    );
    await h.user.click(h.cell(4, 4));
    renders.count = 0;
    await h.user.keyboard('6');
    expect(h.cell(4, 4)).toHaveAccessibleName(/clue 6$/);
    expect(renders.count).toBe(1);
  });

  it('moving on after a digit re-renders only the typed cell and the next one', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(4, 4));
    renders.count = 0;
    await h.user.keyboard('6');
    expect(h.cell(4, 4)).toHaveAccessibleName(/clue 6$/);
    expect(h.cell(4, 5)).toHaveFocus();
    expect(renders.count).toBe(2);
  });
});
