/**
 * The setter's tools in the page (setterSlice.ts, SetterTools.tsx), through the real Comlink
 * seam and engine: the next step after a verdict (make it unique, with undo; the clues that
 * cannot all hold; the layout that cannot be filled; redundant clues, Minimise, another
 * order), the estimate after a Count that hit its limit, Check layout, the true candidates
 * toggle while typing, and Cancel of each kind of run (with clients that never finish).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clueGroups } from '../../src/engine/redundantClues.ts';
import { CANDIDATES_DEBOUNCE_MS, currentExplanation } from '../../src/store/setterSlice.ts';
import { nextStepWords } from '../../src/ui/SetterTools.tsx';
import { abortError, SolverFailedError } from '../../src/worker/client.ts';
import type { RedundantConstraint } from '../../src/engine/redundantConstraints.ts';
import type { Constraint } from '../../src/engine/variants/constraints.ts';
import type {
  CandidatesResponse,
  ExplainResponse,
  SetterToolsClient,
  ToolCallOptions,
} from '../../src/worker/protocol.ts';
import { createChannelClient } from '../worker/channelClient.ts';
import { chooseSize, renderApp, typeClues, type Harness } from './harness.tsx';

/** Standard 2x2 boxes; one solution: 1234 / 3412 / 2143 / 4321. */
const UNIQUE_4 = ['12..', '3..2', '.14.', '4..1'];
/** 12 solutions; the fewest fixing clues are r3c2 = 3 and r3c3 = 4 (proven). */
const SEVERAL_4 = ['12..', '3...', '....', '....'];
/** No solution though no clues clash: box 4 has no room for its 1. */
const NONE_4 = ['1...', '..1.', '.1..', '...2'];
/** A 4x4 jigsaw layout no grid fits (found by the layout check, confirmed by its tests). */
const UNFILLABLE_4 = '0111001203323322'.split('').map(Number);

const nextStep = (): HTMLElement => screen.getByRole('status', { name: 'Next step' });
const candidatesLine = (): HTMLElement =>
  screen.getByRole('status', { name: 'True candidates result' });

async function checkUniqueness(h: Harness): Promise<void> {
  await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
}

/** A tools client whose every call hangs until aborted; counts calls and aborts. */
function hangingTools(): SetterToolsClient & {
  calls: string[];
  aborts: number;
  abortedAt: number[];
} {
  const record = { calls: [] as string[], aborts: 0, abortedAt: [] as number[] };
  const hang =
    (name: string) =>
    (...args: unknown[]): Promise<never> => {
      record.calls.push(name);
      const options = args.find(
        (arg): arg is ToolCallOptions => typeof arg === 'object' && arg !== null && 'signal' in arg,
      );
      return new Promise((_resolve, reject) => {
        options?.onProgress?.({ done: 3, total: 8 });
        options?.signal?.addEventListener('abort', () => {
          record.aborts++;
          record.abortedAt.push(performance.now());
          reject(abortError());
        });
      });
    };
  return Object.assign(record, {
    trueCandidates: hang('trueCandidates'),
    explain: hang('explain'),
    minimise: hang('minimise'),
    checkLayout: hang('checkLayout'),
    estimate: hang('estimate'),
    dispose: () => {},
  });
}

describe('the next step after a verdict', () => {
  it('several solutions: says the fewest clues, adds them as one undo step', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, SEVERAL_4);
    await checkUniqueness(h);
    expect(await screen.findByText('Make it unique: add r3c2 = 3 and r3c3 = 4 (fewest: 2).')).toBe(
      nextStep(),
    );
    // On request, drawn on the grid where they would go, the cells still empty.
    expect(h.cell(3, 2)).toHaveAccessibleName(/empty$/);
    await h.user.click(screen.getByRole('checkbox', { name: 'Show them on the grid' }));
    expect(h.cell(3, 2)).toHaveAccessibleName(/empty, proposed clue 3$/);
    expect(h.cell(3, 3)).toHaveAccessibleName(/empty, proposed clue 4$/);
    expect(h.cell(3, 2)).toHaveTextContent(/^$/);
    expect(h.cell(3, 1)).toHaveAccessibleName(/empty$/);
    const before = h.store.getState().givens;
    await h.user.click(screen.getByRole('button', { name: 'Add these 2 clues' }));
    expect(h.cell(3, 2)).toHaveAccessibleName(/clue 3$/);
    expect(h.cell(3, 3)).toHaveAccessibleName(/clue 4$/);
    // The puzzle changed: the old advice is gone; checking again says unique.
    expect(screen.queryByRole('button', { name: /^Add these/ })).not.toBeInTheDocument();
    await checkUniqueness(h);
    expect(await screen.findByText(/^Unique solution/)).toBe(h.status());
    // One Undo takes both clues back, and only them.
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(3, 2)).toHaveAccessibleName(/empty$/);
    expect(h.cell(3, 3)).toHaveAccessibleName(/empty$/);
    expect(h.store.getState().givens).toEqual(before);
  });

  it('a grid without clues is not offered a puzzle: the next step waits for its button', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await checkUniqueness(h);
    const ask = await screen.findByRole('button', { name: 'Suggest what to change' });
    expect(screen.queryByRole('button', { name: /^Add these/ })).not.toBeInTheDocument();
    expect(nextStep()).toHaveTextContent(/^$/);
    // Asked by hand, it still answers; and after a first clue it is asked by itself.
    await h.user.click(ask);
    expect(
      await screen.findByRole('button', { name: /^Add these \d+ clues$/ }),
    ).toBeInTheDocument();
    await typeClues(h, ['1...', '....', '....', '....']);
    await checkUniqueness(h);
    expect(await screen.findByText(/^Make it unique: add /)).toBe(nextStep());
  });

  it('no solution: names the clues that cannot all hold and outlines them', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, NONE_4);
    await checkUniqueness(h);
    expect(
      await screen.findByText(/^These 3 clues cannot all hold: r2c3, r3c2 and r4c4 \(outlined/),
    ).toBe(nextStep());
    const outlined = screen
      .getAllByRole('gridcell')
      .filter((cell) => cell.classList.contains('cell-core'));
    expect(outlined).toEqual([h.cell(2, 3), h.cell(3, 2), h.cell(4, 4)]);
    expect(h.cell(2, 3)).toHaveAccessibleName(/clue 1, one of the clues that cannot all hold$/);
    // r1c1 is not needed for the clash: not outlined.
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 1$/);
  });

  it('constraints that cannot both hold, with no clue: the verdict and the next step name them', async () => {
    const h = renderApp({ liveCheckMs: 0 });
    await chooseSize(h.user, 4);
    // A black dot (1-2 or 2-4) and a V (sum 5: 1-4 or 2-3) on one pair; the even cell is
    // not to blame. The jigsaw alone has solutions.
    act(() => {
      h.store.getState().addConstraint({ kind: 'even', cell: 15 });
      h.store.getState().addConstraint({ kind: 'kropki', cells: [0, 1], colour: 'black' });
      h.store.getState().addConstraint({ kind: 'xv', cells: [0, 1], sum: 5 });
    });
    await waitFor(() =>
      expect(h.verdict()).toHaveTextContent(
        'No solution: this layout and its constraints cannot all hold, whatever the clues; the next step says which.',
      ),
    );
    await checkUniqueness(h);
    expect(
      await screen.findByText(
        'These 2 constraints cannot both hold on this layout, whatever the clues: the kropki dot between r1c1 and r1c2 and the XV sign between r1c1 and r1c2 (in red on the grid); removing any one of them leaves a puzzle with a solution.',
      ),
    ).toBe(nextStep());
    expect(h.status()).toHaveTextContent(
      /^No solution: this layout and its constraints cannot all hold, whatever the clues; the next step says which \(/,
    );
    // The answer is stamped with the constraints: one removed, and it no longer answers.
    act(() => h.store.getState().removeConstraint(2));
    expect(currentExplanation(h.store.getState())).toBeNull();
    expect(nextStep()).not.toHaveTextContent(/cannot both hold/);
  });

  it('a layout no grid fits is blamed before any clue; Check layout says so too', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    act(() => h.store.getState().loadPuzzle(4, UNFILLABLE_4, new Array(16).fill(0)));
    await checkUniqueness(h);
    expect(
      await screen.findByText(
        'This layout cannot be filled, whatever the clues: change the regions.',
      ),
    ).toBe(nextStep());
    await h.user.click(screen.getByRole('button', { name: 'Check layout' }));
    expect(await screen.findByText(/^Cannot be filled: no grid fits this layout/)).toBe(
      screen.getByRole('status', { name: 'Layout check' }),
    );
    expect(screen.queryByRole('button', { name: 'Show a filled grid' })).not.toBeInTheDocument();
    // With no clue on the grid the verdict and the run's answer blame the layout too, not
    // "no clues clash directly" (there are none).
    expect(h.status()).toHaveTextContent(
      /^No solution: this layout cannot be filled, whatever the clues: change the regions \(/,
    );
    expect(screen.queryByText(/clash directly/)).not.toBeInTheDocument();
  });

  it('the live verdict of an unfillable layout with no clues blames the layout', async () => {
    const h = renderApp({ liveCheckMs: 0 });
    await chooseSize(h.user, 4);
    act(() => h.store.getState().loadPuzzle(4, UNFILLABLE_4, new Array(16).fill(0)));
    await waitFor(() =>
      expect(h.verdict()).toHaveTextContent(
        'No solution: this layout cannot be filled, whatever the clues: change the regions.',
      ),
    );
    // One clue, and "no solution" may be the clues' doing: the verdict says what it knows.
    act(() => h.store.getState().setGiven(0, 1));
    await waitFor(() => expect(h.verdict()).toHaveTextContent(/no grid completes them/));
  });

  it('Check layout on a fillable layout shows one filled grid on request', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await h.user.click(screen.getByRole('button', { name: 'Check layout' }));
    expect(await screen.findByText(/^Fillable: at least one filled grid/)).toBe(
      screen.getByRole('status', { name: 'Layout check' }),
    );
    const show = screen.getByRole('button', { name: 'Show a filled grid' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await h.user.click(show);
    const table = screen.getByRole('table', { name: 'A filled grid for this layout' });
    const digits = within(table)
      .getAllByRole('cell')
      .map((cell) => Number(cell.textContent));
    // A real filled grid: every row holds 1..4.
    for (let row = 0; row < 4; row++) {
      expect([...digits.slice(row * 4, row * 4 + 4)].sort()).toEqual([1, 2, 3, 4]);
    }
    // A clue edit keeps the answer (it is about the layout alone).
    await typeClues(h, ['1...']);
    expect(screen.getByRole('status', { name: 'Layout check' })).toHaveTextContent(/^Fillable/);
  });

  it('unique with symmetric clues: tested and minimised in mirrored pairs', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    // UNIQUE_4's clues with their images under the half turn.
    await typeClues(h, ['12.4', '3412', '2143', '4.21']);
    await checkUniqueness(h);
    const said = await screen.findByText(
      /^\d+ clues are redundant, tested with their mirror images so that the clues keep their 180° rotation symmetry: each such pair can go/,
    );
    expect(said).toBe(nextStep());
    await h.user.click(screen.getByRole('button', { name: 'Minimise' }));
    expect(
      await screen.findByText(
        /^Minimised: \d+ clues removed \(in mirrored pairs: the clues keep their 180° rotation symmetry\), \d+ clues left/,
      ),
    ).toBe(nextStep());
    const givens = h.store.getState().givens;
    givens.forEach((digit, cell) => expect(digit !== 0).toBe(givens[15 - cell] !== 0));
  });

  it('unique: counts the redundant clues, marks them on request, Minimise is one undo step', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await checkUniqueness(h);
    expect(
      await screen.findByText(
        '7 clues are redundant: each one can go alone and the solution stays unique, but one gone can make another needed (Minimise removes as many as can go together).',
      ),
    ).toBe(nextStep());
    const mark = screen.getByRole('checkbox', { name: 'Mark redundant clues on the grid' });
    expect(h.cell(1, 1)).not.toHaveAccessibleName(/redundant/);
    await h.user.click(mark);
    const marked = screen
      .getAllByRole('gridcell')
      .filter((cell) => /redundant clue$/.test(cell.getAttribute('aria-label') ?? ''));
    expect(marked).toHaveLength(7);
    expect(h.cell(1, 1)).toHaveClass('cell-redundant');

    const original = h.store.getState().givens;
    await h.user.click(screen.getByRole('button', { name: 'Minimise' }));
    const said = await screen.findByText(/^Minimised: \d+ clues? removed, \d+ clues? left/);
    expect(said).toBe(nextStep());
    const [, removed, left] = /(\d+) clues? removed, (\d+) clues? left/.exec(
      said.textContent ?? '',
    ) as RegExpExecArray;
    const minimised = h.store.getState().givens;
    expect(minimised.filter((d) => d !== 0)).toHaveLength(Number(left));
    expect(Number(removed) + Number(left)).toBe(8);
    await checkUniqueness(h);
    expect(await screen.findByText(/^Unique solution/)).toBe(h.status());
    // The minimised puzzle has no redundant clue left (its next step, found by itself).
    // Minimise tries clues in a random order, so the clues left may happen to be symmetric
    // (a diagonal pair, say): the symmetry reported is the one the clues have.
    const { symmetry } = clueGroups({
      size: 4,
      regions: Uint8Array.from(h.store.getState().regions),
      givens: Uint8Array.from(minimised),
    });
    await waitFor(() =>
      expect(currentExplanation(h.store.getState())?.answer).toEqual({
        verdict: 'unique',
        redundant: [],
        symmetry,
        redundantConstraints: [],
        complete: true,
      }),
    );
    expect(nextStep()).toHaveTextContent(/^Minimised:/);
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().givens).toEqual(original);
  });

  it('Try another order replaces the last Minimise rather than adding a step', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    const original = h.store.getState().givens;
    await checkUniqueness(h);
    await h.user.click(await screen.findByRole('button', { name: 'Minimise' }));
    await screen.findByText(/^Minimised:/);
    const first = h.store.getState().givens;
    await h.user.click(screen.getByRole('button', { name: 'Try another order' }));
    // The second Minimise lands as a new puzzle (a new clue array).
    await waitFor(() => expect(h.store.getState().givens).not.toBe(first));
    expect(await screen.findByText(/^Minimised:/)).toBe(nextStep());
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().givens).toEqual(original);
  });

  it('a slow next step shows progress and its own Cancel; asking again is one click', async () => {
    const tools = hangingTools();
    const h = renderApp({ tools, slowAfterMs: 20 });
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await checkUniqueness(h);
    await screen.findByText(/^Unique solution/);
    expect(nextStep()).toHaveTextContent('Finding the next step…');
    const cancel = await screen.findByRole('button', { name: 'Cancel finding the next step' });
    expect(screen.getByText(/3 of 8 clues tested/)).toBeInTheDocument();
    await h.user.click(cancel);
    expect(tools.aborts).toBe(1);
    expect(nextStep()).toHaveTextContent('Finding the next step: cancelled.');
    expect(cancel).not.toBeInTheDocument();
    // Cancelled stays cancelled (no second run by itself) until asked.
    expect(tools.calls).toEqual(['explain']);
    await h.user.click(screen.getByRole('button', { name: 'Suggest what to change' }));
    expect(tools.calls).toEqual(['explain', 'explain']);
  });

  it('an edit stops a slow next step at once', async () => {
    const tools = hangingTools();
    const h = renderApp({ tools, slowAfterMs: 20 });
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await checkUniqueness(h);
    await screen.findByRole('button', { name: 'Cancel finding the next step' });
    await typeClues(h, ['...4']);
    expect(tools.aborts).toBe(1);
    expect(
      screen.queryByRole('button', { name: 'Cancel finding the next step' }),
    ).not.toBeInTheDocument();
    expect(nextStep()).toHaveTextContent(/^$/);
  });

  it('Check layout during a slow next step: the next step is asked again after it', async () => {
    const tools = hangingTools();
    const layoutAnswer = { verdict: 'fillable' as const, grid: null };
    const withLayout = {
      ...tools,
      checkLayout: () => {
        tools.calls.push('checkLayout');
        return Promise.resolve(layoutAnswer);
      },
    };
    const h = renderApp({ tools: withLayout, slowAfterMs: 20 });
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await checkUniqueness(h);
    await screen.findByRole('button', { name: 'Cancel finding the next step' });
    await h.user.click(screen.getByRole('button', { name: 'Check layout' }));
    await screen.findByText(/^Fillable/);
    await waitFor(() => expect(tools.calls).toEqual(['explain', 'checkLayout', 'explain']));
    expect(tools.aborts).toBe(1);
  });

  it('a tools worker that dies: said in the next-step line, and asking again is offered', async () => {
    const tools = {
      ...hangingTools(),
      explain: () => Promise.reject(new SolverFailedError('it threw: out of memory', 1)),
    };
    const h = renderApp({ tools });
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await checkUniqueness(h);
    expect(
      await screen.findByText(
        /^Finding the next step failed: The solver stopped unexpectedly \(it threw: out of memory\)/,
      ),
    ).toBe(nextStep());
    expect(screen.getByRole('button', { name: 'Suggest what to change' })).toBeEnabled();
  });

  it('a long fix names its first clues and counts the rest', () => {
    const fix = Array.from({ length: 11 }, (_, i) => ({ cell: i, digit: (i % 9) + 1 }));
    expect(nextStepWords({ verdict: 'multiple', fix, proven: false }, 9)).toBe(
      'Make it unique: add r1c1\u00a0=\u00a01, r1c2\u00a0=\u00a02, r1c3\u00a0=\u00a03, r1c4\u00a0=\u00a04, r1c5\u00a0=\u00a05, r1c6\u00a0=\u00a06, r1c7\u00a0=\u00a07, r1c8\u00a0=\u00a08 and 3 more (11 clues, not proven fewest).',
    );
  });
});

describe('redundant constraints in the next step', () => {
  const unique = (redundantConstraints: RedundantConstraint[]): ExplainResponse => ({
    verdict: 'unique',
    redundant: [],
    symmetry: 'none',
    redundantConstraints,
    complete: true,
  });
  const cage: Constraint = { kind: 'cage', cells: [0, 4], sum: 4 };
  const thermo: Constraint = { kind: 'thermometer', cells: [1, 2, 3] };

  it('names each, a cage by its sum when only the sum can go', () => {
    expect(nextStepWords(unique([{ index: 0, part: 'sum' }]), 4, [cage, thermo])).toBe(
      'No clue is redundant: the puzzle is minimal. 1 constraint is redundant: the sum of the killer cage at r1c1 (4) can go and the solution stays unique.',
    );
    expect(
      nextStepWords(
        unique([
          { index: 0, part: 'whole' },
          { index: 1, part: 'whole' },
        ]),
        4,
        [cage, thermo],
      ),
    ).toBe(
      'No clue is redundant: the puzzle is minimal. 2 constraints are redundant, each alone: the killer cage at r1c1 (4) and the thermometer from r1c2.',
    );
  });

  it('says none is, and nothing of constraints on a puzzle without them', () => {
    expect(nextStepWords(unique([]), 4, [cage])).toBe(
      'No clue is redundant: the puzzle is minimal. No constraint is redundant.',
    );
    expect(nextStepWords(unique([]), 4, [])).toBe('No clue is redundant: the puzzle is minimal.');
  });
});

describe('the estimate after a Count that hit its limit', () => {
  it('says about how many, labelled an estimate with its error bar', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    const limit = screen.getByRole('spinbutton', { name: 'Solution limit' });
    await h.user.clear(limit);
    await h.user.type(limit, '10');
    await h.user.click(screen.getByRole('button', { name: 'Count solutions' }));
    await screen.findByText(/at least 10 \(counting stopped at the limit\)/);
    // The empty 4x4 has 288 solutions; the estimate's bar should hold it.
    const line = await screen.findByRole('status', { name: 'Estimate' });
    await screen.findByText(/^About \d+ solutions/);
    const [, about, low, high] =
      /^About (\d+) solutions \(an estimate from 4,000 random paths; likely between (\d+) and (\d+)\)\.$/.exec(
        line.textContent ?? '',
      ) as RegExpExecArray;
    expect(Number(low)).toBeLessThanOrEqual(Number(about));
    expect(Number(about)).toBeLessThanOrEqual(Number(high));
    expect(Number(low)).toBeLessThanOrEqual(288);
    expect(Number(high)).toBeGreaterThanOrEqual(288);
  });

  it('with constraints: no estimate of the jigsaw alone, and the line says why', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    act(() => void h.store.getState().addConstraint({ kind: 'even', cell: 0 }));
    const limit = screen.getByRole('spinbutton', { name: 'Solution limit' });
    await h.user.clear(limit);
    await h.user.type(limit, '10');
    await h.user.click(screen.getByRole('button', { name: 'Count solutions' }));
    await screen.findByText(/at least 10 \(counting stopped at the limit\)/);
    expect(
      await screen.findByText(
        'The estimate does not use variant constraints yet: the count above is a lower bound.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^About \d+ solutions/)).not.toBeInTheDocument();
  });

  it('no estimate when the count was exact', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, SEVERAL_4);
    await h.user.click(screen.getByRole('button', { name: 'Count solutions' }));
    await screen.findByText(/exactly 12/);
    await screen.findByText(/^Make it unique/);
    expect(screen.queryByRole('status', { name: 'Estimate' })).not.toBeInTheDocument();
  });
});

describe('the true candidates toggle', () => {
  it('shows small digits in empty cells, highlights singles, follows typing', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, SEVERAL_4);
    await h.user.click(screen.getByRole('checkbox', { name: /^True candidates/ }));
    // 12 solutions: r2c2 is 4 in every one (r1 has 1 2, r2 has 3 in its box).
    await screen.findByText('1 of the 13 empty cells has a single true candidate (highlighted).');
    expect(h.cell(2, 2)).toHaveAccessibleName(/empty, single true candidate 4$/);
    expect(h.cell(2, 2)).toHaveClass('cell-single');
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, true candidates 3 4$/);
    // Typing goes on at once; the candidates follow the new clue.
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('3');
    expect(h.cell(1, 3)).toHaveAccessibleName(/clue 3$/);
    await screen.findByText('2 of the 12 empty cells have a single true candidate (highlighted).');
    expect(h.cell(1, 4)).toHaveAccessibleName(/empty, single true candidate 4$/);
    // Off: no digits, no words.
    await h.user.click(screen.getByRole('checkbox', { name: /^True candidates/ }));
    expect(h.cell(1, 4)).toHaveAccessibleName(/empty$/);
    expect(candidatesLine()).toHaveTextContent(/^$/);
  });

  it('a killer cage counts: its sum rules out digits the jigsaw alone allows', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, SEVERAL_4);
    await h.user.click(screen.getByRole('checkbox', { name: /^True candidates/ }));
    await screen.findByText('1 of the 13 empty cells has a single true candidate (highlighted).');
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, true candidates 3 4$/);
    // A cage r1c3 + r2c3 = 6 of different digits: r1c3 = 3 would need a second 3, so it is 4,
    // and r2c3 is 2 (then r1c4 = 3 and r2c4 = 1).
    act(() => void h.store.getState().addConstraint({ kind: 'cage', cells: [2, 6], sum: 6 }));
    await screen.findByText('5 of the 13 empty cells have a single true candidate (highlighted).');
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, single true candidate 4$/);
    expect(h.cell(2, 3)).toHaveAccessibleName(/empty, single true candidate 2$/);
    // Removed again: the jigsaw alone's answer comes back.
    act(() => h.store.getState().removeConstraint(0));
    await screen.findByText('1 of the 13 empty cells has a single true candidate (highlighted).');
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, true candidates 3 4$/);
  });

  it('a unique puzzle: every empty cell has its one candidate', async () => {
    const h = renderApp();
    await chooseSize(h.user, 4);
    await typeClues(h, UNIQUE_4);
    await h.user.click(screen.getByRole('checkbox', { name: /^True candidates/ }));
    expect(
      await screen.findByText(
        'Unique: each of the 8 empty cells has one true candidate, its digit in the solution.',
      ),
    ).toBe(candidatesLine());
    expect(h.cell(1, 3)).toHaveAccessibleName(/single true candidate 3$/);
  });

  it('typing stops the stale run at once and asks again; Cancel stops a slow one', async () => {
    const candidates = hangingTools();
    // A grace well past the debounce, so that a slow machine's typing cannot blur the two.
    const h = renderApp({ candidates, slowAfterMs: 20, stoppedSearchGraceMs: 1500 });
    await chooseSize(h.user, 4);
    await h.user.click(screen.getByRole('checkbox', { name: /^True candidates/ }));
    expect(candidates.calls).toEqual(['trueCandidates']);
    expect(candidatesLine()).toHaveTextContent('Finding true candidates…');
    await screen.findByRole('button', { name: 'Cancel true candidates' });
    // Typing is never held up: the clue lands, the stale run is stopped at once.
    await typeClues(h, ['1...']);
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 1$/);
    expect(candidates.aborts).toBe(1);
    // And asked again once the typing pauses and the stopped search's grace is over (a
    // stopped worker may hold its core that long): not after the debounce alone.
    await new Promise((resolve) => setTimeout(resolve, CANDIDATES_DEBOUNCE_MS + 100));
    expect(candidates.calls).toEqual(['trueCandidates']);
    await screen.findByRole('button', { name: 'Cancel true candidates' }, { timeout: 3000 });
    expect(performance.now() - candidates.abortedAt[0]).toBeGreaterThanOrEqual(1490);
    expect(candidates.calls).toEqual(['trueCandidates', 'trueCandidates']);
    await h.user.click(screen.getByRole('button', { name: 'Cancel true candidates' }));
    expect(candidates.aborts).toBe(2);
    expect(candidatesLine()).toHaveTextContent(/cancelled/);
  });

  it('while new candidates are on their way, the last ones stay, dimmed', async () => {
    const real = createChannelClient();
    const hanging = hangingTools();
    let calls = 0;
    const candidates = {
      ...hanging,
      trueCandidates: (...args: Parameters<SetterToolsClient['trueCandidates']>) =>
        ++calls === 1 ? real.trueCandidates(...args) : hanging.trueCandidates(...args),
    };
    const h = renderApp({ candidates });
    await chooseSize(h.user, 4);
    await typeClues(h, SEVERAL_4);
    await h.user.click(screen.getByRole('checkbox', { name: /^True candidates/ }));
    await screen.findByText('1 of the 13 empty cells has a single true candidate (highlighted).');
    await typeClues(h, ['..3.']);
    // The new clue shows at once; the other cells keep their last candidates, dimmed.
    expect(h.cell(1, 3)).toHaveAccessibleName(/clue 3$/);
    expect(h.cell(1, 4)).toHaveAccessibleName(/empty, true candidates 3 4$/);
    expect(h.grid().parentElement).toHaveClass('candidates-stale');
    expect(candidatesLine()).toHaveTextContent('Updating the true candidates for the last edit…');
    // A layout edit drops them.
    act(() => h.store.getState().loadPuzzle(4, UNFILLABLE_4, new Array(16).fill(0)));
    expect(h.cell(1, 4)).toHaveAccessibleName(/empty$/);
  });

  it('says when the test limit stopped it early', async () => {
    const partial: CandidatesResponse = {
      status: 'multiple',
      masks: new Array(16).fill(0).map((_, cell) => (cell === 0 ? 0b10 : 0)),
      singles: [],
      complete: false,
      tests: 20000,
    };
    const candidates = { ...hangingTools(), trueCandidates: () => Promise.resolve(partial) };
    const h = renderApp({ candidates });
    await chooseSize(h.user, 4);
    await h.user.click(screen.getByRole('checkbox', { name: /^True candidates/ }));
    expect(
      await screen.findByText(/Stopped early at the limit \(20,000 tests\): each digit shown/),
    ).toBe(candidatesLine());
  });
});
