/** New → Random puzzle: generated in the worker, shown in the status region, cancellable. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../src/engine/logic/techniques.ts';
import { abortError } from '../../src/worker/client.ts';
import type { GeneratedPuzzle, SolverClient } from '../../src/worker/protocol.ts';
import { createChannelClient } from '../worker/channelClient.ts';
import { chooseMode, chooseSize, renderApp, type Harness } from './harness.tsx';

async function createRandomPuzzle(h: Harness, size: number): Promise<void> {
  await h.user.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: `New ${size}×${size} puzzle` });
  await h.user.click(within(dialog).getByRole('radio', { name: /^Random puzzle/ }));
  await h.user.click(within(dialog).getByRole('button', { name: /Create$/ }));
}

/** A solver whose generation never ends on its own: only an abort ends it. */
function endlessGenerator(): SolverClient & { aborted: number; calls: number[] } {
  const real = createChannelClient();
  const fake = {
    aborted: 0,
    calls: [] as number[],
    count: real.count,
    randomLayout: real.randomLayout,
    nextStep: real.nextStep,
    solveByLogic: real.solveByLogic,
    rate: real.rate,
    generateSetterPuzzle: real.generateSetterPuzzle,
    generatePuzzle: (size: number, _seed: number, options?: { signal?: AbortSignal }) => {
      fake.calls.push(size);
      return new Promise<GeneratedPuzzle>((_resolve, reject) => {
        options?.signal?.addEventListener('abort', () => {
          fake.aborted++;
          reject(abortError());
        });
      });
    },
    dispose: real.dispose,
  };
  return fake;
}

describe('random puzzle', () => {
  it('is generated in the worker: a complete layout, clues with exactly one solution', async () => {
    const h = renderApp();
    await chooseSize(h.user, 6);
    await createRandomPuzzle(h, 6);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // It opens in Play, rated, so that typed digits are the player's and not new clues; the
    // rating waits for the end unless asked for.
    expect(await screen.findByRole('radio', { name: 'Play' })).toBeChecked();
    expect(await screen.findByText('Difficulty: shown when you finish.')).toBeVisible();
    await h.user.click(
      screen.getByRole('checkbox', { name: 'Show the difficulty before I finish' }),
    );
    // The puzzle is random, so any level of the scale can come (LEVELS, every one of them).
    const badge = new RegExp(
      `^(${LEVELS.filter((level) => level !== 'needs search')
        .map((level) => `Rated ${level}, \\d+\\.\\d`)
        .join('|')}|Needs search)$`,
    );
    expect(screen.getByText(badge)).toBeVisible();
    const givens = h.store.getState().givens;
    const open = screen.getAllByRole('gridcell', { name: /empty$/ })[0];
    await h.user.click(open);
    await h.user.keyboard('1');
    // A player's digit (it may clash: the puzzle is random, the digit is not its answer).
    expect(open).toHaveAccessibleName(/, digit 1(, clashes with another digit)?$/);
    expect(h.store.getState().givens).toBe(givens);
    await chooseMode(h.user, 'Enter digits');
    expect(await screen.findByText('Complete: 6 regions of 6 cells.')).toBeInTheDocument();
    await screen.findAllByRole('gridcell', { name: /clue/ });
    expect(h.status()).toHaveTextContent(
      /^New puzzle: a random 6×6 jigsaw with \d+ clues and exactly one solution\.$/,
    );
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    expect(await screen.findByText(/^Unique solution/)).toBe(h.status());
    // Loaded like an import: one undo step, and the new baseline (nothing unsaved).
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/not exported/);
  });

  it('shows "Generating…" in the status region, with Cancel, which keeps the grid', async () => {
    const solver = endlessGenerator();
    const h = renderApp({ solver, slowAfterMs: 20 });
    const before = h.store.getState().walls;
    await createRandomPuzzle(h, 9);
    expect(solver.calls).toEqual([9]);
    expect(h.status()).toHaveTextContent('Generating a random 9×9 puzzle…');
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    expect(screen.getByText(/Working for \d+ s/)).toBeInTheDocument();
    await h.user.click(cancel);
    expect(solver.aborted).toBe(1);
    expect(h.status()).toHaveTextContent(/^Generating cancelled: no new puzzle was made/);
    expect(h.store.getState().walls).toBe(before);
  });

  it('at 16x16 the dialog and the status say it takes a few seconds and can be cancelled', async () => {
    const solver = endlessGenerator();
    const h = renderApp({ solver, slowAfterMs: 20 });
    await chooseSize(h.user, 16);
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('radio', { name: /^Random puzzle/ })).toHaveAccessibleName(
      /at 16×16 this takes a few seconds, and Cancel in the Solve panel stops it/,
    );
    await h.user.click(screen.getByRole('radio', { name: /^Random puzzle/ }));
    await h.user.click(screen.getByRole('button', { name: 'Create' }));
    expect(h.status()).toHaveTextContent(
      'Generating a random 16×16 puzzle… A 16×16 puzzle takes a few seconds; Cancel stops it.',
    );
    await h.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(solver.aborted).toBe(1);
  });

  it('an edit while generating stops it, and says so', async () => {
    const solver = endlessGenerator();
    const h = renderApp({ solver });
    await createRandomPuzzle(h, 9);
    await chooseMode(h.user, 'Enter digits');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    expect(solver.aborted).toBe(1);
    expect(h.status()).toHaveTextContent(/^Generating cancelled/);
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 5$/);
  });

  it('a failure is told in the status region', async () => {
    const solver: SolverClient = {
      ...createChannelClient(),
      generatePuzzle: () => Promise.reject(new Error('no solvable layout turned up')),
    };
    const h = renderApp({ solver });
    await createRandomPuzzle(h, 9);
    expect(
      await screen.findByText('Could not generate a puzzle: no solvable layout turned up'),
    ).toBe(h.status());
  });
});
