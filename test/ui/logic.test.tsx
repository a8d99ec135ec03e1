/**
 * The logic panel and the New puzzle options, as a person uses them: Hint, Apply step and its
 * undo, Solve by logic, the rating, and a generated puzzle with options (with Cancel), through
 * the real worker API on an in-thread channel.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { standardRegions } from '../../src/engine/board.ts';
import type { Step } from '../../src/engine/index.ts';
import { hasClueSymmetry } from '../../src/engine/generator.ts';
import { createBoard } from '../../src/engine/board.ts';
import { abortError } from '../../src/worker/client.ts';
import type { SetterPuzzle, SolverClient } from '../../src/worker/protocol.ts';
import { createChannelClient } from '../worker/channelClient.ts';
import { describeRating, describeTechniques, shownStepWords } from '../../src/ui/LogicPanel.tsx';
import { renderApp, type Harness } from './harness.tsx';

const EASY = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
const EASY_SOLUTION =
  '527389416819426735436751829375692184194538267268174593643217958951843672782965341';
const digitsOf = (text: string): number[] => Array.from(text, (c) => (c === '.' ? 0 : Number(c)));

function loadEasy(h: Harness): void {
  h.store.getState().loadPuzzle(9, Array.from(standardRegions(9)), digitsOf(EASY));
}

const panel = () => screen.getByRole('region', { name: 'Logic' });
const button = (name: string) => within(panel()).getByRole('button', { name });
const explanation = () => panel().querySelector('#logic-explanation') as HTMLElement;

describe('Hint and Apply step', () => {
  it('a hint explains the next step and shows it on the grid; Apply places a deduced digit', async () => {
    const h = renderApp();
    loadEasy(h);
    expect(button('Apply step')).toBeDisabled();
    await h.user.click(button('Hint'));
    await screen.findByText(/^Next step \(hidden single\): /);
    const overlay = screen.getByTestId('logic-overlay');
    expect(overlay.querySelectorAll('.logic-placed')).toHaveLength(1);
    expect(overlay.querySelectorAll('.logic-pattern').length).toBeGreaterThan(0);
    // The cell the step places in, from its explanation's first rXcY after "so".
    const placed = h.store.getState().logic!.shown!.step.placements[0];
    const row = Math.floor(placed.cell / 9) + 1;
    const col = (placed.cell % 9) + 1;
    expect(explanation()).toHaveTextContent(`r${row}c${col}`);
    expect(h.cell(row, col)).toHaveAccessibleName(/empty$/);

    await h.user.click(button('Apply step'));
    expect(h.cell(row, col)).toHaveAccessibleName(
      new RegExp(`deduced ${EASY_SOLUTION[placed.cell]}$`),
    );
    expect(h.cell(row, col)).toHaveTextContent(EASY_SOLUTION[placed.cell]);
    // Not a clue: the puzzle is unchanged (nothing unsaved), the step is solving progress.
    expect(h.store.getState().givens).toEqual(digitsOf(EASY));
    expect(within(panel()).getByText('1 step applied (Undo takes back the last).')).toBeVisible();

    // Undo takes the step back (one step), and shows it again; Redo re-applies it.
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(row, col)).toHaveAccessibleName(/empty$/);
    expect(explanation()).toHaveTextContent(/^Next step \(hidden single\)/);
    await h.user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(h.cell(row, col)).toHaveAccessibleName(/deduced \d$/);
    // Ctrl+Z works the same way.
    await h.user.keyboard('{Control>}z{/Control}');
    expect(h.cell(row, col)).toHaveAccessibleName(/empty$/);
  });

  it('the next hint starts from the steps applied, and an edit of the puzzle starts over', async () => {
    const h = renderApp();
    loadEasy(h);
    await h.user.click(button('Hint'));
    await screen.findByText(/^Next step/);
    const first = h.store.getState().logic!.shown!.step;
    await h.user.click(button('Apply step'));
    await h.user.click(button('Hint'));
    await screen.findByText(/^Next step/);
    expect(h.store.getState().logic!.shown!.step).not.toEqual(first);
    // A clue typed into an empty cell: the progress is retired.
    const empty = digitsOf(EASY).findIndex(
      (digit, cell) => digit === 0 && cell !== first.placements[0].cell,
    );
    await h.user.click(h.cell(Math.floor(empty / 9) + 1, (empty % 9) + 1));
    await h.user.keyboard(EASY_SOLUTION[empty]);
    expect(screen.queryAllByRole('gridcell', { name: /deduced/ })).toHaveLength(0);
    expect(screen.queryByTestId('logic-overlay')).not.toBeInTheDocument();
  });

  it('says when logic is stuck', async () => {
    const h = renderApp();
    const givens = new Array<number>(81).fill(0);
    givens[0] = 1;
    h.store.getState().loadPuzzle(9, Array.from(standardRegions(9)), givens);
    await h.user.click(button('Hint'));
    expect(
      await within(panel()).findByText(
        /^No step: logic alone gets stuck here, with 80 empty cells/,
      ),
    ).toBeVisible();
    expect(button('Apply step')).toBeDisabled();
  });
});

describe('Solve by logic and the rating', () => {
  it('lists every step to the end of an easy puzzle; choosing one shows it', async () => {
    const h = renderApp();
    loadEasy(h);
    await h.user.click(button('Solve by logic'));
    expect(await within(panel()).findByText(/^Solved by logic in \d+ steps\.$/)).toBeVisible();
    const list = within(panel()).getByRole('list', { name: 'Logic steps' });
    const items = within(list).getAllByRole('button');
    expect(items.length).toBeGreaterThan(40);
    // The grid shows where logic got to: here every empty cell, deduced.
    const deduced = () => screen.queryAllByRole('gridcell', { name: /deduced \d$/ }).length;
    expect(screen.queryAllByRole('gridcell', { name: /empty$/ })).toHaveLength(0);
    const clues = screen.getAllByRole('gridcell', { name: /clue \d$/ }).length;
    expect(deduced()).toBe(81 - clues);
    await h.user.click(items[2]);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    // A chosen step is drawn on the position before it: two steps in, two digits at most.
    expect(deduced()).toBeLessThanOrEqual(2);
    expect(deduced()).toBeGreaterThan(0);
    expect(explanation()).toHaveTextContent(/^Step 3 \(/);
    expect(
      screen.getByTestId('logic-overlay').querySelectorAll('.logic-cell').length,
    ).toBeGreaterThan(0);
  });

  it('says its results in live regions that were there before them', async () => {
    const h = renderApp();
    loadEasy(h);
    const live = (text: RegExp): HTMLElement | null =>
      within(panel()).getByText(text).closest('[aria-live="polite"]');
    const regions = [...panel().querySelectorAll('[aria-live="polite"]')];
    await h.user.click(button('Hint'));
    await h.user.click(button('Apply step'));
    expect(regions).toContain(live(/^1 step applied/));
    await h.user.click(button('Solve by logic'));
    await within(panel()).findByText(/solved by logic in \d+ more steps\.$/);
    expect(regions).toContain(live(/solved by logic in \d+ more steps\.$/));
    await h.user.click(button('Rate difficulty'));
    await within(panel()).findByText(/^Rated /);
    expect(regions).toContain(live(/^Rated /));
  });

  it('a list made after a step was applied says it starts there', async () => {
    const h = renderApp();
    loadEasy(h);
    await h.user.click(button('Hint'));
    await h.user.click(button('Apply step'));
    expect(within(panel()).getByText('1 step applied (Undo takes back the last).')).toBeVisible();
    await h.user.click(button('Solve by logic'));
    expect(
      await within(panel()).findByText(
        /^From the 1 step applied, solved by logic in \d+ more steps\.$/,
      ),
    ).toBeVisible();
  });

  it('marks where logic gets stuck', async () => {
    const h = renderApp();
    const givens = new Array<number>(81).fill(0);
    givens[0] = 1;
    h.store.getState().loadPuzzle(9, Array.from(standardRegions(9)), givens);
    await h.user.click(button('Solve by logic'));
    expect(
      await within(panel()).findByText(/^Logic gets stuck after 0 steps, with 80 empty cells left/),
    ).toBeVisible();
    const stuck = screen.getByTestId('logic-overlay').querySelectorAll('.logic-stuck');
    expect(stuck).toHaveLength(80);
    // Each shows the candidates left: r1c2 sees the 1 of r1c1, r2c1 too, r9c9 does not.
    expect(stuck[0]).toHaveTextContent(/^23456789$/);
    expect(stuck[8]).toHaveTextContent(/^23456789$/);
    expect(stuck[79]).toHaveTextContent(/^123456789$/);
    // Solve fills those cells with a solution: the hatching, which no longer means anything, goes.
    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    await waitFor(() => expect(h.cell(1, 2)).not.toHaveAccessibleName(/empty/));
    expect(
      screen.queryByTestId('logic-overlay')?.querySelectorAll('.logic-stuck') ?? [],
    ).toHaveLength(0);
  });

  it('Rate difficulty rates a unique puzzle, and says why another is not rated', async () => {
    const h = renderApp();
    loadEasy(h);
    await h.user.click(button('Rate difficulty'));
    expect(
      await within(panel()).findByText(
        /^Rated easy \(\d\.\d on the Sudoku Explainer scale\): hardest technique hidden single, \d+ steps\.$/,
      ),
    ).toBeVisible();
    // Rated already: the button has nothing left to do for this puzzle.
    expect(button('Rate difficulty')).toBeDisabled();
    h.store.getState().loadPuzzle(9, Array.from(standardRegions(9)), new Array(81).fill(0));
    await h.user.click(button('Rate difficulty'));
    expect(
      await within(panel()).findByText('Not rated: the puzzle has more than one solution.'),
    ).toBeVisible();
  });

  it('a unique verdict from Check uniqueness brings the rating', async () => {
    const h = renderApp();
    loadEasy(h);
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    expect(await within(panel()).findByText(/^Rated easy/)).toBeVisible();
  });

  it('says the rating once: the level under the grid, the sentence and steps in the panel', async () => {
    const h = renderApp({ liveCheckMs: 0 });
    loadEasy(h);
    await h.user.click(screen.getByRole('button', { name: 'Check uniqueness' }));
    await within(panel()).findByText(
      /^Rated easy \(1\.[025] on the Sudoku Explainer scale\): hardest technique hidden single/,
    );
    const status = document.querySelector('.status-line');
    await waitFor(() => expect(status).toHaveTextContent(/^Unique: .*Rated easy/));
    expect(status).not.toHaveTextContent(/hardest technique/);
    // Hidden singles alone: no list of one technique under the sentence.
    expect(within(panel()).queryByText(/^Steps by technique/)).toBeNull();
    expect(screen.getAllByText(/hardest technique/)).toHaveLength(1);
  });
});

async function openOptions(h: Harness) {
  await h.user.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog');
  await h.user.click(within(dialog).getByRole('radio', { name: /^Puzzle with options/ }));
  return dialog;
}

describe('New puzzle with options', () => {
  it('makes a rated puzzle with the layout and clue symmetry asked for', async () => {
    const h = renderApp();
    const dialog = await openOptions(h);
    await h.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Puzzle size' }), '6');
    // Keep my layout is for the size on screen only.
    expect(within(dialog).getByRole('radio', { name: 'Keep my layout' })).toBeDisabled();
    await h.user.click(
      within(dialog).getByRole('radio', { name: 'Random symmetric jigsaw (180°)' }),
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Minimal (no clue can be removed)' }),
    ).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('radio', { name: '180° rotation' }));
    // With a symmetry, minimal is about mirrored pairs: a single clue may still go.
    await h.user.click(within(dialog).getByRole('checkbox', { name: /^Minimal for the symmetry/ }));
    await h.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Difficulty' }),
      'easy',
    );
    await h.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText(/^Rated easy \(/, {}, { timeout: 20_000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { size, givens, regions } = h.store.getState();
    expect(size).toBe(6);
    expect(hasClueSymmetry(createBoard(6, regions, givens), '180')).toBe(true);
    // Loaded like an import: nothing unsaved.
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/not exported/);
  });

  it('keeps my layout when asked', async () => {
    const h = renderApp();
    const before = h.store.getState().regions;
    const dialog = await openOptions(h);
    await h.user.click(within(dialog).getByRole('radio', { name: 'Keep my layout' }));
    await h.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // Rated at some level, or beyond logic: the generated puzzle's level is not chosen here.
    await screen.findByText(/^(Rated \w+( \([^)]*\))?|Needs search): /, {}, { timeout: 20_000 });
    expect(h.store.getState().regions).toEqual(before);
    expect(h.store.getState().givens.some(Boolean)).toBe(true);
  });

  it('shows the attempts while generating, and Cancel stops it and keeps the puzzle', async () => {
    const real = createChannelClient();
    let aborted = 0;
    const solver: SolverClient = {
      ...real,
      generateSetterPuzzle: (_request, options) =>
        new Promise<SetterPuzzle>((_resolve, reject) => {
          options?.onProgress?.({
            attempt: 3,
            maxAttempts: 200,
            phase: 'removing',
            done: 40,
            total: 81,
            missed: {},
            elapsedMs: 2500,
            estimatedMsLeft: 3200,
          });
          options?.signal?.addEventListener('abort', () => {
            aborted++;
            reject(abortError());
          });
        }),
    };
    const h = renderApp({ solver, slowAfterMs: 20 });
    const before = h.store.getState().givens;
    const dialog = await openOptions(h);
    await h.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Difficulty' }),
      'hard',
    );
    await h.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(
        'Attempt 3 of 200: removing clues, 40 of 81 cells; about 3 s left',
      ),
    ).toBeVisible();
    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(aborted).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(h.store.getState().givens).toBe(before);
  });

  it('a live check that comes due while generating waits, and stops nothing', async () => {
    // The worker runs one call at a time: a new call stops the one in flight.
    const real = createChannelClient();
    let stopInFlight: (() => void) | null = null;
    const oneAtATime = <T,>(work: () => Promise<T>, delayMs: number): Promise<T> => {
      stopInFlight?.();
      return new Promise<T>((resolve, reject) => {
        const stop = (): void =>
          reject(Object.assign(new Error('stopped'), { name: 'AbortError' }));
        stopInFlight = stop;
        setTimeout(() => {
          if (stopInFlight !== stop) return;
          stopInFlight = null;
          void work().then(resolve, reject);
        }, delayMs);
      });
    };
    const solver: SolverClient = {
      ...real,
      count: (request) => oneAtATime(() => real.count(request), 50),
      generateSetterPuzzle: (request, options) =>
        oneAtATime(() => real.generateSetterPuzzle(request, options), 400),
    };
    // The live check of the first edit is in flight when Create is pressed; stopped by it,
    // it asks for another, which must wait for the puzzle rather than stop it.
    const h = renderApp({ solver, liveCheckMs: 1 });
    h.store.getState().setGiven(0, 1);
    const outcome = await h.store.getState().generateWith({
      size: 4,
      layout: 'random',
      clueSymmetry: 'none',
      minimal: false,
    });
    expect(outcome.status).toBe('done');
  });

  it('says when the generator gave up', async () => {
    const solver: SolverClient = {
      ...createChannelClient(),
      generateSetterPuzzle: () =>
        Promise.reject(new Error('gave up: no 9×9 puzzle rated expert turned up in 200 attempts')),
    };
    const h = renderApp({ solver });
    const dialog = await openOptions(h);
    await h.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not create the puzzle: gave up: no 9×9 puzzle rated expert turned up in 200 attempts',
    );
  });
});

describe('the rating in words', () => {
  it('names the level first, the last level by its own name', () => {
    const base = { techniques: {}, hardest: null, explainer: null };
    expect(describeRating({ ...base, level: 'hard', hardest: 'x-wing', steps: 41 })).toBe(
      'Rated hard: hardest technique x-wing, 41 steps',
    );
    const onTheScale = { er: 4.0, pearl: 3.2, diamond: 1.2, technique: 'skyscraper' as const };
    expect(
      describeRating({
        ...base,
        level: 'hard',
        hardest: 'skyscraper',
        steps: 41,
        explainer: onTheScale,
      }),
    ).toBe(
      'Rated hard (4.0 on the Sudoku Explainer scale): hardest technique skyscraper, 41 steps',
    );
    // The number set by another technique than the level: both are named.
    expect(
      describeRating({
        ...base,
        level: 'expert',
        hardest: 'swordfish',
        steps: 50,
        explainer: { ...onTheScale, er: 5.4, technique: 'hidden quad' },
      }),
    ).toBe(
      'Rated expert (5.4 on the Sudoku Explainer scale): hardest technique swordfish, 50 steps; its 5.4 is a hidden quad',
    );
    // A uniqueness step on Sudoku Explainer's path: its number beside ours, said why.
    const alternating = { ...onTheScale, er: 7.2, technique: 'alternating chain' as const };
    expect(
      describeRating({
        ...base,
        level: 'expert',
        hardest: 'xyz-wing',
        steps: 72,
        explainer: alternating,
        asExplainer: { ...onTheScale, er: 5.6, technique: 'bivalue universal grave' },
      }),
    ).toBe(
      'Rated expert (7.2 on the Sudoku Explainer scale): hardest technique xyz-wing, 72 steps; ' +
        'its 7.2 is an alternating chain. Sudoku Explainer, which assumes one solution, rates ' +
        'it 5.6 (bivalue universal grave)',
    );
    // The same number either way: said once.
    expect(
      describeRating({
        ...base,
        level: 'hard',
        hardest: 'skyscraper',
        steps: 41,
        explainer: onTheScale,
        asExplainer: onTheScale,
      }),
    ).toBe(
      'Rated hard (4.0 on the Sudoku Explainer scale): hardest technique skyscraper, 41 steps',
    );
    expect(
      describeRating({
        ...base,
        level: 'needs search',
        steps: 46,
        stuckCells: Array.from({ length: 56 }, (_, cell) => cell),
      }),
    ).toBe('Needs search: logic alone gets stuck after 46 steps, with 56 empty cells left');
  });

  it("names a step's technique once, not before words that already start with it", () => {
    const step = (technique: string, explanation: string) =>
      ({ technique, explanation }) as unknown as Step;
    expect(
      shownStepWords({
        step: step('law of leftovers', 'Law of leftovers on columns 1-3: r1c1 is 4'),
        listIndex: null,
      }),
    ).toBe('Next step: Law of leftovers on columns 1-3: r1c1 is 4');
    expect(
      shownStepWords({
        step: step('hidden single', 'r1c6 is the only place for 8 in region 2'),
        listIndex: 3,
      }),
    ).toBe('Step 4 (hidden single): r1c6 is the only place for 8 in region 2');
  });

  it('lists the steps per technique, easiest first', () => {
    const techniques = { 'x-wing': 1, 'naked single': 12, 'hidden single': 30 };
    expect(
      describeTechniques({
        level: 'hard',
        hardest: 'x-wing',
        steps: 43,
        techniques,
        explainer: null,
      }),
    ).toBe('Steps by technique: hidden single 30, naked single 12, x-wing 1.');
    // One technique: the rating's own sentence says it all.
    const single = { 'hidden single': 51 };
    expect(
      describeTechniques({
        level: 'easy',
        hardest: 'hidden single',
        steps: 51,
        techniques: single,
        explainer: null,
      }),
    ).toBe('');
  });
});
