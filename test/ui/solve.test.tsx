import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abortError } from '../../src/worker/client.ts';
import type { SolverClient } from '../../src/worker/protocol.ts';
import { chooseMode, chooseSize, renderApp, typeClues } from './harness.tsx';

// A 4x4 with standard 2x2 boxes and one solution:
//   1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1
const UNIQUE_4 = ['12..', '3..2', '.14.', '4..1'];

describe('solving in the worker', () => {
  it('a unique solution fills the grid in the solved style', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    expect(await screen.findByText(/^Unique solution/)).toBe(h.status());
    // In the live verdict's words: propagation, not the logical solver's techniques.
    expect(h.status()).toHaveTextContent(
      'Unique solution (proved by propagation alone, with no guessing).',
    );
    expect(h.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 2, solved 3');
    expect(h.cell(1, 3)).toHaveClass('cell-solved');
    expect(h.cell(1, 1)).toHaveAccessibleName('Row 1, column 1, region 1, clue 1');
  });

  it('editing after a result clears it', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    await screen.findByText(/^Unique solution/);
    await h.user.click(h.cell(4, 4));
    await h.user.keyboard('{Backspace}');
    expect(h.status()).toHaveTextContent(/^$/);
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty$/);
  });

  it('Check uniqueness answers without revealing the grid', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    expect(await screen.findByText(/^Unique solution/)).toBe(h.status());
    expect(h.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 2, empty');
    // Several solutions: said, with how far apart two are, but neither is shown.
    await h.user.click(h.cell(4, 4));
    await h.user.keyboard('{Backspace}');
    await h.user.click(h.cell(3, 3));
    await h.user.keyboard('{Backspace}');
    await h.user.click(h.cell(3, 2));
    await h.user.keyboard('{Backspace}');
    await h.user.click(h.cell(2, 4));
    await h.user.keyboard('{Backspace}');
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    expect(
      await screen.findByText(
        /^Multiple solutions: at least 2\. Two of them differ in \d+ cells; Solve shows them\.$/,
      ),
    ).toBe(h.status());
    // Only the 4 clues left have digits: no solved cells.
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.textContent !== '')).toHaveLength(
      4,
    );
    expect(screen.queryByRole('table', { name: /Solution 2/ })).not.toBeInTheDocument();
    // Count does not reveal either.
    await h.user.click(screen.getByRole('button', { name: 'Count solutions' }));
    expect(await screen.findByText(/^Multiple solutions: exactly \d+\./)).toBe(h.status());
    expect(screen.queryByRole('table', { name: /Solution 2/ })).not.toBeInTheDocument();
  });

  it('multiple solutions: Solve shows two and marks the cells that differ', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, ['12..', '34..', '....', '....']);
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    const status = await screen.findByText(/^Multiple solutions: at least 2\./);
    expect(status).toBe(h.status());
    const differing = screen
      .getAllByRole('gridcell')
      .filter((cell) => /differs from solution 2/.test(cell.getAttribute('aria-label') ?? ''));
    expect(differing.length).toBeGreaterThan(1);
    expect(status).toHaveTextContent(`they differ in ${differing.length} cells`);
    const second = screen.getByRole('table', { name: /Solution 2/ });
    expect(within(second).getAllByRole('cell')).toHaveLength(16);
    // The clues are the same in both.
    expect(within(second).getAllByRole('cell')[0]).toHaveTextContent('1');
  });

  it('counts solutions exactly, or "at least N" when it stops at the limit', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await h.user.click(screen.getByRole('button', { name: 'Count solutions' }));
    // An empty 4x4 Sudoku has 288 solutions.
    expect(await screen.findByText(/^Multiple solutions: exactly 288\./)).toBe(h.status());
    const limit = screen.getByRole('spinbutton', { name: 'Solution limit' });
    expect(limit).toHaveValue(1000);
    await h.user.clear(limit);
    await h.user.type(limit, '50');
    await h.user.click(screen.getByRole('button', { name: 'Count solutions' }));
    expect(
      await screen.findByText(/^Multiple solutions: at least 50 \(counting stopped at the limit\)/),
    ).toBe(h.status());
  });

  it('no solution because clues clash directly', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, ['1..1']);
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    expect(
      await screen.findByText(
        'No solution: the clues clash directly: 1 twice in one row (r1c1 and r1c4).',
      ),
    ).toBe(h.status());
  });

  it('a pair of clues in one row and one region is one clash, not two', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, ['11..', '..2.', '..2.']);
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    expect(
      await screen.findByText(
        'No solution: the clues clash directly: 1 twice in one row and region (r1c1 and r1c2) and 1 more clash.',
      ),
    ).toBe(h.status());
  });

  it('no solution found only by the search', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    // Row 1 needs a 3 in c3 or c4, but the box already has its 3 at r2c3.
    await typeClues(h, ['12..', '..3.']);
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    expect(await screen.findByText(/^No solution: no clues clash directly/)).toBe(h.status());
  });

  it('an invalid layout is not solved, and the status says why', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    await h.drag([1, 0.1], [1, 2.9]);
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    expect(h.status()).toHaveTextContent(
      /^Layout not ready: the walls enclose 10 regions; a 9×9 grid needs 9/,
    );
  });

  it('a long run shows progress and Cancel, which stops it at once', async () => {
    let aborted = 0;
    let calls = 0;
    // A solver that never finishes on its own: only Cancel can end the run.
    const endless: SolverClient = {
      count: (_request, options) => {
        calls++;
        return new Promise((_resolve, reject) => {
          options?.onProgress?.({ nodes: 12345, solutions: 0 });
          options?.signal?.addEventListener('abort', () => {
            aborted++;
            reject(abortError());
          });
        });
      },
      randomLayout: () => Promise.reject(new Error('not used')),
      nextStep: () => Promise.reject(new Error('not used')),
      solveByLogic: () => Promise.reject(new Error('not used')),
      rate: () => Promise.reject(new Error('not used')),
      generateSetterPuzzle: () => Promise.reject(new Error('not used')),
      generatePuzzle: () => Promise.reject(new Error('not used')),
      dispose: () => {},
    };
    const h = renderApp({ solver: endless, slowAfterMs: 20 });
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    expect(h.status()).toHaveTextContent('Solving…');
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    expect(screen.getByText(/12,345 guesses, 0 solutions so far/)).toBeInTheDocument();
    await h.user.click(cancel);
    expect(aborted).toBe(1);
    expect(h.status()).toHaveTextContent(/^Cancelled/);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    // A new run can start right after.
    await h.user.click(screen.getByRole('button', { name: 'Count solutions' }));
    expect(calls).toBe(2);
  });
});
