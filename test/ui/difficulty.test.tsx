/**
 * New → Puzzle with options, the difficulty part: the dialog says plainly what a choice of
 * difficulty and minimal means, shows the generator's phase and the time it has left, and
 * a puzzle that is not all that was asked (the closest to an unreachable difficulty) says
 * so in the Logic panel. A rating range (Sudoku Explainer) is typed as a lowest and a
 * highest ER: a wrong range is said and refused, a right one reaches the generator.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abortError } from '../../src/worker/client.ts';
import type { SetterPuzzle, SolverClient } from '../../src/worker/protocol.ts';
import {
  createBoard,
  ratePuzzle,
  type Difficulty,
  type SetterProgress,
} from '../../src/engine/index.ts';
import { createChannelClient } from '../worker/channelClient.ts';
import { renderApp, type Harness } from './harness.tsx';

async function openOptions(h: Harness) {
  await h.user.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog');
  await h.user.click(within(dialog).getByRole('radio', { name: /^Puzzle with options/ }));
  return dialog;
}

const difficulty = (dialog: HTMLElement) =>
  within(dialog).getByRole('combobox', { name: 'Difficulty' });

describe('what a difficulty means, in the dialog', () => {
  it('at 16x16 says minimal puzzles are rarely solvable by logic, with and without a level', async () => {
    const h = renderApp();
    const dialog = await openOptions(h);
    await h.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Puzzle size' }), '16');
    // Minimal is the default: with any difficulty the puzzle is nearly always beyond logic.
    expect(difficulty(dialog)).toHaveAccessibleDescription(
      /Minimal 16×16 puzzles are rarely solvable without forcing chains: they nearly always come out “extreme” or “needs search”/,
    );
    await h.user.selectOptions(difficulty(dialog), 'medium');
    expect(difficulty(dialog)).toHaveAccessibleDescription(
      /^Medium: a puzzle a person can solve by logic, needing no technique harder than medium\./,
    );
    expect(dialog).toHaveTextContent(
      'With Minimal: minimal 16×16 puzzles are rarely solvable without forcing chains, so you will almost always get the medium puzzle with the fewest clues found instead',
    );
    expect(dialog).toHaveTextContent('At 16×16 this takes a few seconds;');
    await h.user.click(within(dialog).getByRole('checkbox', { name: /^Minimal/ }));
    expect(dialog).not.toHaveTextContent(/With Minimal/);
    expect(dialog).not.toHaveTextContent(/rarely solvable/);
    // Extreme is offered, and says what it asks of a solver.
    await h.user.selectOptions(difficulty(dialog), 'extreme');
    expect(dialog).toHaveTextContent(
      'Extreme puzzles need forcing chains: each step can be followed, but its chain of placements is long.',
    );
  });

  it('at 4x4 says no puzzle is harder than medium; at 9x9 says neither', async () => {
    const h = renderApp();
    const dialog = await openOptions(h);
    await h.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Puzzle size' }), '4');
    await h.user.selectOptions(difficulty(dialog), 'hard');
    expect(dialog).toHaveTextContent(
      'No 4×4 puzzle needs a technique harder than medium, and medium ones are rare: you may get the closest puzzle made',
    );
    await h.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Puzzle size' }), '9');
    expect(dialog).not.toHaveTextContent(/harder than medium, and medium ones are rare/);
    expect(dialog).not.toHaveTextContent(/rarely solvable/);
    expect(dialog).toHaveTextContent(
      'With Minimal: a hard puzzle from which no clue can be removed is kept if one turns up within a few tries',
    );
  });
});

describe('the progress of a difficulty', () => {
  it('shows the phase and the time left as the generator reports them', async () => {
    let report: ((progress: SetterProgress) => void) | undefined;
    const solver: SolverClient = {
      ...createChannelClient(),
      generateSetterPuzzle: (_request, options) =>
        new Promise<SetterPuzzle>((_resolve, reject) => {
          report = options?.onProgress;
          options?.signal?.addEventListener('abort', () => reject(abortError()));
        }),
    };
    const h = renderApp({ solver, slowAfterMs: 20 });
    const dialog = await openOptions(h);
    await h.user.selectOptions(difficulty(dialog), 'hard');
    await h.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const base = { attempt: 1, maxAttempts: 200, missed: {}, elapsedMs: 40 };
    report?.({ ...base, phase: 'removing', done: 9, total: 81, estimatedMsLeft: null });
    expect(
      await within(dialog).findByText(
        'Attempt 1 of 200: removing clues, 9 of 81 cells; estimating the time left',
      ),
    ).toBeVisible();
    // The store passes each report on as it comes: a later one replaces the line.
    report?.({ ...base, phase: 'repairing', done: 4, total: 12, estimatedMsLeft: 400 });
    expect(
      await within(dialog).findByText(
        'Attempt 1 of 200: trading clues to reach hard, 4 of 12 tries; less than a second left',
      ),
    ).toBeVisible();
    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('a puzzle that is only the closest to the difficulty says so in the Logic panel', async () => {
    const h = renderApp();
    const dialog = await openOptions(h);
    await h.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Puzzle size' }), '4');
    await h.user.selectOptions(difficulty(dialog), 'expert');
    await h.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const panel = await screen.findByRole('region', { name: 'Logic' });
    // The real generator in the worker: no 4x4 puzzle is expert.
    expect(
      await within(panel).findByText(
        /^No 4×4 puzzle rated expert turned up in \d+ attempts on 3 random layouts; this one, rated (easy|medium), is the closest made\.$/,
        {},
        { timeout: 20_000 },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await within(panel).findByText(
        /^Rated (easy|medium) \(\d\.\d on the Sudoku Explainer scale\): /,
      ),
    ).toBeVisible();
  }, 30_000);
});

describe('a rating range (Sudoku Explainer)', () => {
  const lowest = (dialog: HTMLElement) =>
    within(dialog).getByRole('spinbutton', { name: 'Lowest ER' });
  const highest = (dialog: HTMLElement) =>
    within(dialog).getByRole('spinbutton', { name: 'Highest ER' });
  const create = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Create' });

  it('is two labelled numbers; the dialog says what the range means, and refuses a wrong one', async () => {
    const h = renderApp();
    const dialog = await openOptions(h);
    expect(within(dialog).queryByRole('spinbutton', { name: 'Lowest ER' })).toBeNull();
    await h.user.selectOptions(difficulty(dialog), 'Rating range (Sudoku Explainer)');
    expect(lowest(dialog)).toHaveValue(4);
    expect(highest(dialog)).toHaveValue(5);
    expect(lowest(dialog)).toHaveAccessibleDescription(
      /ER 4\.0–5\.0: a puzzle a person can solve by logic whose hardest step is rated 4\.0 to 5\.0 on the Sudoku Explainer scale/,
    );
    expect(dialog).toHaveTextContent('Singles rate 1.0–2.3, pointing and claiming 2.6–2.9');
    expect(dialog).toHaveTextContent('With Minimal: an ER 4.0–5.0 puzzle from which no clue');
    expect(create(dialog)).toBeEnabled();
    await h.user.clear(lowest(dialog));
    await h.user.type(lowest(dialog), '5.5');
    expect(lowest(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(lowest(dialog)).toHaveAccessibleDescription(
      /^The lowest ER, 5\.5, is above the highest, 5\.0\./,
    );
    expect(create(dialog)).toBeDisabled();
    // An empty highest ER is no upper end.
    await h.user.clear(highest(dialog));
    expect(lowest(dialog)).toHaveAttribute('aria-invalid', 'false');
    expect(dialog).toHaveTextContent(/ER 5\.5 or more: a puzzle a person can solve by logic/);
    expect(create(dialog)).toBeEnabled();
    await h.user.type(highest(dialog), '12.5');
    expect(within(dialog).getByText('ER numbers run from 1.0 to 12.0, got 12.5.')).toBeVisible();
    expect(create(dialog)).toBeDisabled();
  });

  it('reaches the generator as a range, and its progress names the range', async () => {
    let asked: Difficulty | undefined;
    let report: ((progress: SetterProgress) => void) | undefined;
    const solver: SolverClient = {
      ...createChannelClient(),
      generateSetterPuzzle: (request, options) =>
        new Promise<SetterPuzzle>((_resolve, reject) => {
          asked = request.difficulty;
          report = options?.onProgress;
          options?.signal?.addEventListener('abort', () => reject(abortError()));
        }),
    };
    const h = renderApp({ solver, slowAfterMs: 20 });
    const dialog = await openOptions(h);
    await h.user.selectOptions(difficulty(dialog), 'Rating range (Sudoku Explainer)');
    await h.user.clear(lowest(dialog));
    await h.user.type(lowest(dialog), '3.2');
    await h.user.click(create(dialog));
    expect(asked).toEqual({ er: [3.2, 5] });
    report?.({
      attempt: 2,
      maxAttempts: 200,
      missed: {},
      elapsedMs: 40,
      phase: 'repairing',
      done: 4,
      total: 12,
      estimatedMsLeft: 400,
    });
    expect(
      await within(dialog).findByText(
        'Attempt 2 of 200: trading clues to reach ER 3.2–5.0, 4 of 12 tries; less than a second left',
      ),
    ).toBeVisible();
    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('makes a puzzle rated within the range, in the real worker', async () => {
    const h = renderApp();
    const dialog = await openOptions(h);
    await h.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Puzzle size' }), '6');
    await h.user.selectOptions(difficulty(dialog), 'Rating range (Sudoku Explainer)');
    await h.user.clear(lowest(dialog));
    await h.user.type(lowest(dialog), '2');
    await h.user.clear(highest(dialog));
    await h.user.type(highest(dialog), '3');
    await h.user.click(create(dialog));
    const panel = await screen.findByRole('region', { name: 'Logic' });
    const badge = await within(panel).findByText(
      /^Rated \w+ \(\d\.\d on the Sudoku Explainer scale\): /,
      {},
      { timeout: 20_000 },
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { size, regions, givens } = h.store.getState();
    const er = ratePuzzle(createBoard(size, regions, givens)).explainer?.er ?? NaN;
    expect(er).toBeGreaterThanOrEqual(2.0);
    expect(er).toBeLessThanOrEqual(3.0);
    expect(badge).toHaveTextContent(`(${er.toFixed(1)} on the Sudoku Explainer scale)`);
  }, 30_000);
});
