/**
 * Play mode through the page: pencil marks by modifier keys and by the pad's switch,
 * auto-candidates (keeping the player's own marks), Check (wrong digits marked, the solution
 * never shown, and at once when the last cell is filled), Hint (a wrong digit first, then the
 * technique, then where), Reveal cell and Reveal all (after asking), undo of
 * moves apart from the puzzle's history, the puzzle untouched by play, and progress kept
 * across a reload (a new store over the same storage).
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  applyStep,
  createBoard,
  findStep,
  initialState,
  standardRegions,
  TECHNIQUES_ASSUMING_UNIQUENESS,
} from '../../src/engine/index.ts';
import { memoryStorage } from '../../src/store/persistence.ts';
import { puzzleOf } from '../../src/store/puzzle.ts';
import { currentVerdict } from '../../src/store/selectors.ts';
import { abortError } from '../../src/worker/client.ts';
import type { SolverClient } from '../../src/worker/protocol.ts';
import { createChannelClient } from '../worker/channelClient.ts';
import { chooseMode, renderApp, type Harness } from './harness.tsx';

// A classic puzzle with one solution (standard boxes).
const CLUES = '530070000600195000098000060800060003400803001700020006060000280000419005000080079';
const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const digitsOf = (text: string): number[] => Array.from(text, Number);

function loadClassic(h: Harness): void {
  act(() =>
    h.store.getState().loadPuzzle(9, Array.from(standardRegions(9)), digitsOf(CLUES), {
      info: { title: 'Morning warm-up', author: 'A. Setter', rules: 'Normal sudoku rules.' },
    }),
  );
}

/**
 * The player's digits put on the board at once: the solution in every empty cell, but for
 * the cells of `except` (cell -> digit, 0 for none).
 */
function fillBoard(h: Harness, except: Record<number, number> = {}): void {
  act(() =>
    h.store.setState({
      playBoard: {
        ...h.store.getState().playBoard,
        digits: digitsOf(CLUES).map((clue, cell) =>
          clue ? 0 : (except[cell] ?? Number(SOLUTION[cell])),
        ),
      },
    }),
  );
}

async function startPlay(h: Harness): Promise<void> {
  loadClassic(h);
  await chooseMode(h.user, 'Play');
}

const pad = () => screen.getByRole('group', { name: 'Digit pad' });

describe('Play mode', () => {
  it('shows the title, author, rules and a named timer; clues are locked', async () => {
    const h = renderApp();
    await startPlay(h);
    const panel = screen.getByRole('region', { name: 'Morning warm-up' });
    expect(within(panel).getByText('by A. Setter')).toBeInTheDocument();
    expect(within(panel).getByText('Normal sudoku rules.')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time' })).toHaveTextContent('00:00');
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('9');
    expect(h.cell(1, 1)).toHaveAccessibleName('Row 1, column 1, region 1, clue 5');
  });

  it('Ctrl+digit toggles a centre mark, Shift+digit a corner mark, a digit a digit', async () => {
    const h = renderApp();
    await startPlay(h);
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('{Control>}1{/Control}{Control>}2{/Control}{Shift>}4{/Shift}');
    expect(h.cell(1, 3)).toHaveAccessibleName(
      'Row 1, column 3, region 1, empty, centre marks 1 2, corner marks 4',
    );
    await h.user.keyboard('{Control>}1{/Control}');
    expect(h.cell(1, 3)).toHaveAccessibleName(/centre marks 2, corner marks 4$/);
    await h.user.keyboard('4');
    expect(h.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 1, digit 4');
    // The live region says what the key did.
    expect(screen.getByTestId('grid-announcer')).toHaveTextContent('digit 4');
    await h.user.keyboard('{Backspace}');
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, centre marks 2, corner marks 4$/);
    await h.user.keyboard('{Backspace}');
    expect(h.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 1, empty');
  });

  it("the pad's Centre and Corner switch mark every selected cell", async () => {
    const h = renderApp();
    await startPlay(h);
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await h.user.click(screen.getByRole('radio', { name: 'Centre' }));
    await h.user.click(within(pad()).getByRole('button', { name: '6' }));
    await h.user.click(screen.getByRole('radio', { name: 'Corner' }));
    await h.user.click(within(pad()).getByRole('button', { name: '2' }));
    for (const col of [3, 4]) {
      expect(h.cell(1, col)).toHaveAccessibleName(/empty, centre marks 6, corner marks 2$/);
    }
    await h.user.click(screen.getByRole('radio', { name: 'Digit' }));
    await h.user.click(within(pad()).getByRole('button', { name: '8' }));
    // Both selected cells take the 8, and the clash is marked (conflict marking is on).
    expect(h.cell(1, 4)).toHaveAccessibleName(/digit 8, clashes with another digit$/);
    await h.user.click(screen.getByRole('checkbox', { name: 'Mark conflicts' }));
    expect(h.cell(1, 4)).toHaveAccessibleName(/digit 8$/);
  });

  it('sixteen corner marks of a 16x16 cell each get a slot of their own', async () => {
    const h = renderApp();
    await h.user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '16');
    await chooseMode(h.user, 'Play');
    await h.user.click(h.cell(1, 1));
    for (const key of '123456789ABCDEFG') await h.user.keyboard(`{Shift>}${key}{/Shift}`);
    expect(h.cell(1, 1)).toHaveAccessibleName(/corner marks 1 2 3 4 5 6 7 8 9 A B C D E F G$/);
    const slots = [...h.cell(1, 1).querySelectorAll<HTMLElement>('.marks-corner > span')].map(
      (mark) => `${mark.style.gridRow}/${mark.style.gridColumn}`,
    );
    expect(slots).toHaveLength(16);
    expect(new Set(slots).size).toBe(16);
  });

  it('a drag selects the cells it crosses; Ctrl+digit marks them all', async () => {
    const h = renderApp();
    await startPlay(h);
    // Row 1, columns 3 to 6 (cell centres at x = 2.5 ... 5.5), through the cells' middles.
    await h.drag([2.5, 0.5], [3.5, 0.5], [4.5, 0.5], [5.5, 0.5]);
    const selected = screen
      .getAllByRole('gridcell', { selected: true })
      .map((cell) => cell.getAttribute('data-cell'));
    expect(selected).toEqual(['2', '3', '4', '5']);
    await h.user.keyboard('{Control>}2{/Control}');
    // Column 5 holds the clue 7: marks go only into the three open cells.
    for (const col of [3, 4, 6]) {
      expect(h.cell(1, col)).toHaveAccessibleName(/empty, centre marks 2$/);
    }
    expect(h.cell(1, 5)).toHaveAccessibleName('Row 1, column 5, region 2, clue 7');
  });

  it('Auto-candidates fills centre marks from the clues and the digits placed', async () => {
    const h = renderApp();
    await startPlay(h);
    await h.user.click(h.cell(1, 4));
    await h.user.keyboard('6');
    await h.user.click(screen.getByRole('button', { name: 'Auto-candidates' }));
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, centre marks 1 2 4$/);
    // r1c6: row 5 3 7 6, column 5 3 9, box 7 1 9 5 6 → 2 4 8.
    expect(h.cell(1, 6)).toHaveAccessibleName(/empty, centre marks 2 4 8$/);
    expect(h.cell(1, 4)).toHaveAccessibleName(/digit 6$/);
  });

  it('Check marks wrong digits and reveals nothing; Reveal shows the solution', async () => {
    const h = renderApp();
    await startPlay(h);
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('1'); // wrong: 4
    await h.user.click(h.cell(1, 4));
    await h.user.keyboard('6'); // right
    await h.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/1 wrong digit, marked on the grid/)).toBeInTheDocument();
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 1, wrong$/);
    expect(h.cell(1, 4)).toHaveAccessibleName(/digit 6$/);
    // No empty cell shows anything: the solution stays hidden.
    expect(h.cell(1, 6)).toHaveAccessibleName('Row 1, column 6, region 2, empty');
    expect(h.cell(1, 6)).toHaveTextContent(/^$/);
    const shown = screen.getAllByRole('gridcell').map((cell) => cell.textContent ?? '');
    expect(shown.filter((text) => text !== '').length).toBe(CLUES.replace(/0/g, '').length + 2);
    // Correcting the digit removes its mark.
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('4');
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    await h.user.click(screen.getByRole('button', { name: 'Reveal all…' }));
    const ask = screen.getByRole('dialog', { name: 'Show the whole solution?' });
    await h.user.click(within(ask).getByRole('button', { name: 'Reveal all' }));
    expect(await screen.findByText(/Solution revealed/)).toBeInTheDocument();
    screen.getAllByRole('gridcell').forEach((cell, index) => {
      expect(cell).toHaveTextContent(SOLUTION[index]);
    });
    // The player's own right digits stay theirs; the rest is marked as revealed.
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    expect(h.cell(1, 6)).toHaveAccessibleName(/digit 8, revealed$/);
    await h.user.click(screen.getByRole('button', { name: 'Check' }));
    // Solved, but with the solution revealed: no credit for it.
    expect(
      await screen.findByText('Every digit is right, with help from Reveal.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/\(stopped: solved\)/)).toBeInTheDocument();
    // Undo takes the revealed solution back: the puzzle is not solved, the timer runs again.
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(1, 6)).toHaveAccessibleName('Row 1, column 6, region 2, empty');
    expect(screen.queryByText(/\(stopped: solved\)/)).toBeNull();
  });

  it('Reveal all ends the game: the clock stops, as when the last cell is filled', async () => {
    const h = renderApp();
    await startPlay(h);
    expect(screen.queryByText(/\(stopped: solved\)/)).toBeNull();
    await h.user.click(screen.getByRole('button', { name: 'Reveal all…' }));
    const ask = screen.getByRole('dialog', { name: 'Show the whole solution?' });
    await h.user.click(within(ask).getByRole('button', { name: 'Reveal all' }));
    expect(await screen.findByText('Solution revealed (Undo takes it back).')).toBeInTheDocument();
    expect(screen.getByText(/\(stopped: solved\)/)).toBeInTheDocument();
    expect(h.store.getState().playCheck?.solved).toBe(true);
    // Taking a digit out leaves the grid unsolved: the clock runs again, as after Undo.
    await h.user.click(h.cell(1, 6));
    await h.user.keyboard('{Backspace}');
    expect(h.cell(1, 6)).toHaveAccessibleName('Row 1, column 6, region 2, empty');
    expect(screen.queryByText(/\(stopped: solved\)/)).toBeNull();
    // Putting it back ends the game again.
    await h.user.keyboard('8');
    expect(await screen.findByText(/\(stopped: solved\)/)).toBeInTheDocument();
  });

  it('Reveal cell shows only the selected cells; Reveal all asks first; Undo clears the word', async () => {
    const h = renderApp();
    await startPlay(h);
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await h.user.click(screen.getByRole('button', { name: 'Reveal cell' }));
    expect(
      await screen.findByText('2 digits revealed (Undo takes them back).'),
    ).toBeInTheDocument();
    // Revealed digits are told apart from the player's own, by name and by look.
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 4, revealed$/);
    expect(h.cell(1, 3)).toHaveClass('cell-revealed');
    expect(h.cell(1, 4)).toHaveAccessibleName(/digit 6, revealed$/);
    expect(h.cell(1, 6)).toHaveAccessibleName('Row 1, column 6, region 2, empty');
    // A digit typed over a revealed one is the player's; Undo brings the revealed one back.
    await h.user.click(h.cell(1, 4));
    await h.user.keyboard('8');
    expect(h.cell(1, 4)).toHaveAccessibleName(/digit 8, clashes with another digit$/);
    expect(h.cell(1, 4)).not.toHaveClass('cell-revealed');
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(1, 4)).toHaveAccessibleName(/digit 6, revealed$/);
    // Reveal all, declined: nothing changes.
    await h.user.click(screen.getByRole('button', { name: 'Reveal all…' }));
    const ask = screen.getByRole('dialog', { name: 'Show the whole solution?' });
    await h.user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(h.cell(1, 6)).toHaveAccessibleName('Row 1, column 6, region 2, empty');
    // Undo takes the revealed digits back, and the message that spoke of them goes.
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 1, empty');
    expect(screen.getByRole('status', { name: 'Play result' })).toHaveTextContent(/^$/);
  });

  it("Auto-candidates keeps the player's own centre marks that are still possible", async () => {
    const h = renderApp();
    await startPlay(h);
    // r1c3 can be 1 2 4; the player has ruled 1 out already, and wrongly thinks of 9.
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('{Control>}2{/Control}{Control>}4{/Control}{Control>}9{/Control}');
    await h.user.click(screen.getByRole('button', { name: 'Auto-candidates' }));
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty, centre marks 2 4$/);
    // An unmarked cell gets every candidate left.
    expect(h.cell(1, 6)).toHaveAccessibleName(/empty, centre marks 2 4 6 8$/);
    expect(
      screen.getByText(/your own marks kept in 1 cell \(impossible ones removed\)/),
    ).toBeInTheDocument();
  });

  it('Check credits a grid filled by the player, and stops the timer', async () => {
    const h = renderApp();
    // The classic puzzle with every empty cell but one already filled in by the player.
    loadClassic(h);
    act(() => h.store.getState().openPlay());
    const last = [...CLUES].lastIndexOf('0');
    fillBoard(h, { [last]: 0 });
    await chooseMode(h.user, 'Play');
    await h.user.click(h.cell(Math.floor(last / 9) + 1, (last % 9) + 1));
    await h.user.keyboard(SOLUTION[last]);
    await h.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Solved: every digit is right.')).toBeInTheDocument();
    expect(screen.getByText(/\(stopped: solved\)/)).toBeInTheDocument();
  });

  it("Check's marks and words, and a solved puzzle's stopped timer, outlast a reload", async () => {
    const storage = memoryStorage();
    const first = renderApp({ storage });
    await startPlay(first);
    await first.user.click(first.cell(1, 3));
    await first.user.keyboard('1'); // wrong: 4
    await first.user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText(/1 wrong digit, marked on the grid/);
    cleanup();
    const second = renderApp({ storage });
    expect(second.cell(1, 3)).toHaveAccessibleName(/digit 1, wrong$/);
    expect(screen.getByText(/1 wrong digit, marked on the grid/)).toBeInTheDocument();
    // Solved, then reloaded: the timer stays stopped.
    fillBoard(second);
    await second.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Solved: every digit is right.')).toBeInTheDocument();
    cleanup();
    const third = renderApp({ storage });
    expect(third.store.getState().playCheck?.solved).toBe(true);
    expect(screen.getByText('Solved: every digit is right.')).toBeInTheDocument();
    expect(screen.getByText(/\(stopped: solved\)/)).toBeInTheDocument();
  });

  it('Hint names a wrong digit first, then the technique, then where on a second press', async () => {
    const h = renderApp();
    await startPlay(h);
    const result = screen.getByRole('status', { name: 'Play result' });
    const hint = screen.getByRole('button', { name: 'Hint' });
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('1'); // wrong: 4
    await h.user.click(h.cell(9, 9));
    await h.user.click(hint);
    await waitFor(() =>
      expect(result).toHaveTextContent(
        'Hint: the 1 in r1c3 is wrong; no step is sound until it goes.',
      ),
    );
    expect(h.cell(1, 3)).toHaveAttribute('aria-selected', 'true');
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('4');
    // The next step from the player's digits, as the logical solver finds it.
    const digits = digitsOf(CLUES);
    digits[2] = 4;
    const step = findStep(initialState(createBoard(9, standardRegions(9), digits)));
    if (step === null) throw new Error('the classic puzzle has a next step');
    await h.user.click(hint);
    await waitFor(() =>
      expect(result).toHaveTextContent(
        `Hint: use ${step.technique} next. Press Hint again to see where.`,
      ),
    );
    await h.user.click(hint);
    expect(result).toHaveTextContent(`Hint: ${step.explanation}.`);
    const [target] = step.placements.map(({ cell }) => cell);
    expect(h.cell(Math.floor(target / 9) + 1, (target % 9) + 1)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // A move: the next press looks again, technique first.
    await h.user.click(h.cell(Math.floor(target / 9) + 1, (target % 9) + 1));
    await h.user.keyboard(String(step.placements[0].digit));
    await h.user.click(hint);
    await waitFor(() => expect(result).toHaveTextContent(/^Hint: use .+ next\./));
  });

  it('Hint may give a uniqueness step, and says it assumes the one solution there is', async () => {
    // Sudoku Exchange sample 00035f2db993, at the position where a unique rectangle is next.
    const clues =
      '006000200900000004243000896000591000002080300400203001300000007000907000010408020';
    const state = initialState(createBoard(9, standardRegions(9), digitsOf(clues)));
    let next = findStep(state, TECHNIQUES_ASSUMING_UNIQUENESS);
    while (next !== null && next.technique !== 'unique rectangle') {
      applyStep(state, next);
      next = findStep(state, TECHNIQUES_ASSUMING_UNIQUENESS);
    }
    if (next === null) throw new Error('a unique rectangle on the way');
    const h = renderApp();
    act(() => h.store.getState().loadPuzzle(9, Array.from(standardRegions(9)), digitsOf(clues)));
    await chooseMode(h.user, 'Play');
    act(() =>
      h.store.setState({
        playBoard: {
          ...h.store.getState().playBoard,
          digits: Array.from(state.grid, (digit, cell) => (clues[cell] === '0' ? digit : 0)),
          centre: Array.from(state.candidates, (marks, cell) => (state.grid[cell] ? 0 : marks)),
        },
      }),
    );
    const result = screen.getByRole('status', { name: 'Play result' });
    await h.user.click(screen.getByRole('button', { name: 'Hint' }));
    await waitFor(() =>
      expect(result).toHaveTextContent(
        'Hint: use unique rectangle next (it assumes the puzzle has one solution, as this one ' +
          'has). Press Hint again to see where.',
      ),
    );
    await h.user.click(screen.getByRole('button', { name: 'Hint' }));
    expect(result).toHaveTextContent(`Hint: ${next.explanation}.`);
    expect(next.explanation).toContain('this step assumes the puzzle has one solution');
  });

  it('Hint goes on past an elimination, from the centre marks or the hint before', async () => {
    // A 17-clue puzzle at the point where logic needs its first pointing (no placement).
    const clues =
      '000000000000000001000002030000003020001040000005000060030000004074080009620407000';
    const reached =
      '003000002002000001007002036006003020001040000005000060030000004074080009620407000';
    const solution =
      '953168742862734951417952836746893125281645397395271468138529674574386219629417583';
    const h = renderApp();
    act(() => h.store.getState().loadPuzzle(9, Array.from(standardRegions(9)), digitsOf(clues)));
    await chooseMode(h.user, 'Play');
    act(() =>
      h.store.setState({
        playBoard: {
          ...h.store.getState().playBoard,
          digits: digitsOf(reached).map((digit, cell) => (clues[cell] === '0' ? digit : 0)),
        },
      }),
    );
    const state = initialState(createBoard(9, standardRegions(9), digitsOf(reached)));
    const first = findStep(state);
    if (first === null || first.placements.length > 0) throw new Error('an elimination first');
    applyStep(state, first);
    const second = findStep(state);
    if (second === null) throw new Error('a step after it');
    expect(second.explanation).not.toBe(first.explanation);
    const result = screen.getByRole('status', { name: 'Play result' });
    const hint = screen.getByRole('button', { name: 'Hint' });
    await h.user.click(hint);
    await waitFor(() => expect(result).toHaveTextContent(`Hint: use ${first.technique} next.`));
    await h.user.click(hint);
    expect(result).toHaveTextContent(`Hint: ${first.explanation}.`);
    // Selected: the cells to take the mark out of.
    const eliminated = [...new Set(first.eliminations.map(({ cell }) => cell))];
    expect(h.store.getState().playSelection).toEqual(eliminated);
    // Pressed again with no move: the elimination counts as made, and the next step comes.
    await h.user.click(hint);
    await waitFor(() => expect(result).toHaveTextContent(`Hint: use ${second.technique} next.`));
    await h.user.click(hint);
    expect(result).toHaveTextContent(`Hint: ${second.explanation}.`);
    // Centre marks that leave out a cell's digit come first, as a wrong digit does.
    const empty = [...reached].findIndex((digit) => digit === '0');
    const marks = [...h.store.getState().playBoard.centre];
    marks[empty] = 0b1111111110 & ~(1 << Number(solution[empty]));
    act(() => h.store.setState({ playBoard: { ...h.store.getState().playBoard, centre: marks } }));
    await h.user.click(hint);
    await waitFor(() =>
      expect(result).toHaveTextContent(
        `the centre marks in r${Math.floor(empty / 9) + 1}c${(empty % 9) + 1} leave out its digit`,
      ),
    );
  });

  it('filling the last cell checks at once, without saying where a digit is wrong', async () => {
    const h = renderApp();
    loadClassic(h);
    act(() => h.store.getState().openPlay());
    const last = [...CLUES].lastIndexOf('0');
    const wrongCell = CLUES.indexOf('0');
    fillBoard(h, { [last]: 0, [wrongCell]: 9 });
    await chooseMode(h.user, 'Play');
    const result = screen.getByRole('status', { name: 'Play result' });
    await h.user.click(h.cell(Math.floor(last / 9) + 1, (last % 9) + 1));
    await h.user.keyboard(SOLUTION[last]);
    await waitFor(() =>
      expect(result).toHaveTextContent(
        'Every cell is filled, but not every digit is right: Check shows which.',
      ),
    );
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 9, clashes with another digit$/);
    expect(screen.queryByText(/\(stopped: solved\)/)).toBeNull();
    // Put right: solved at once, the clock stops.
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard(SOLUTION[wrongCell]);
    await waitFor(() => expect(result).toHaveTextContent('Solved: every digit is right.'));
    expect(screen.getByText(/\(stopped: solved\)/)).toBeInTheDocument();
  });

  it('a puzzle with several solutions says so in Play before Check is pressed', async () => {
    const h = renderApp({ liveCheckMs: 0 });
    act(() =>
      h.store
        .getState()
        .loadPuzzle(9, Array.from(standardRegions(9)), digitsOf('5'.padEnd(81, '0'))),
    );
    await chooseMode(h.user, 'Play');
    expect(
      await screen.findByText(/^This puzzle has more than one solution: Check and Reveal/),
    ).toBeInTheDocument();
    // The classic puzzle (one solution): no such line.
    loadClassic(h);
    await waitFor(() =>
      expect(screen.queryByText(/^This puzzle has more than one solution/)).toBeNull(),
    );
  });

  it('Undo and Redo take back moves; playing never changes the puzzle or its history', async () => {
    const h = renderApp();
    await startPlay(h);
    const before = puzzleOf(h.store.getState());
    const historyBefore = h.store.temporal.getState().pastStates.length;
    await h.user.click(h.cell(1, 3));
    await h.user.keyboard('4{Control>}{ArrowRight}{/Control}');
    await h.user.click(h.cell(2, 2));
    await h.user.keyboard('{Shift>}7{/Shift}');
    await h.user.click(screen.getByRole('button', { name: 'Auto-candidates' }));
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(2, 2)).toHaveAccessibleName('Row 2, column 2, region 1, empty');
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    await h.user.keyboard('{Control>}z{/Control}');
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty$/);
    await h.user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    const after = h.store.getState();
    expect(after.givens).toBe(before.givens);
    expect(after.walls).toBe(before.walls);
    expect(after.regions).toBe(before.regions);
    expect(after.info).toBe(before.info);
    expect(h.store.temporal.getState().pastStates.length).toBe(historyBefore);
    // Back in a setting mode, the grid shows the clues alone.
    await chooseMode(h.user, 'Enter digits');
    expect(h.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 1, empty');
  });

  it('progress is restored after a reload, for the same puzzle only', async () => {
    const storage = memoryStorage();
    const first = renderApp({ storage });
    await startPlay(first);
    await first.user.click(first.cell(1, 3));
    await first.user.keyboard('4{Control>}{ArrowRight}{/Control}');
    await first.user.click(first.cell(1, 6));
    await first.user.keyboard('{Control>}2{/Control}{Control>}8{/Control}');
    await first.user.click(screen.getByRole('radio', { name: 'Centre' }));
    cleanup();

    const second = renderApp({ storage });
    expect(second.store.getState().mode).toBe('play');
    expect(second.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    // The pad's Digit / Centre / Corner choice is as it was left.
    expect(screen.getByRole('radio', { name: 'Centre' })).toBeChecked();
    expect(second.cell(1, 6)).toHaveAccessibleName(/empty, centre marks 2 8$/);
    // Another puzzle starts fresh; the first one's progress comes back with it.
    await act(() => second.store.getState().newPuzzle(9, 'standard'));
    expect(second.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 1, empty');
    loadClassic(second);
    expect(second.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
  });

  it('Undo and Redo still work after a reload, and a Reveal still counts', async () => {
    const storage = memoryStorage();
    const first = renderApp({ storage });
    await startPlay(first);
    await first.user.click(first.cell(1, 3));
    await first.user.keyboard('4');
    await first.user.click(first.cell(1, 4));
    await first.user.keyboard('6');
    await first.user.click(first.cell(1, 6));
    await first.user.keyboard('{Control>}2{/Control}');
    await first.user.click(screen.getByRole('button', { name: 'Undo' }));
    await first.user.click(first.cell(2, 2));
    await first.user.click(screen.getByRole('button', { name: 'Reveal cell' }));
    await screen.findByText('Digit revealed (Undo takes it back).');
    await first.user.click(screen.getByRole('button', { name: 'Undo' }));
    cleanup();

    const second = renderApp({ storage });
    // The board as left, with one redo (the revealed digit) and two undo steps.
    expect(second.cell(1, 4)).toHaveAccessibleName(/digit 6$/);
    expect(second.cell(2, 2)).toHaveAccessibleName(/empty$/);
    await second.user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(second.cell(2, 2)).toHaveAccessibleName(/digit 7, revealed$/);
    await second.user.click(screen.getByRole('button', { name: 'Undo' }));
    await second.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(second.cell(1, 4)).toHaveAccessibleName('Row 1, column 4, region 2, empty');
    expect(second.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    await second.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(second.cell(1, 3)).toHaveAccessibleName('Row 1, column 3, region 1, empty');
    // Filled to the end after the reload, the grid is not credited to the player alone.
    fillBoard(second);
    await second.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('Every digit is right, with help from Reveal.'),
    ).toBeInTheDocument();
  });

  it('damaged undo steps in storage lose the steps, not the board', async () => {
    const storage = memoryStorage();
    const first = renderApp({ storage });
    await startPlay(first);
    await first.user.click(first.cell(1, 3));
    await first.user.keyboard('4');
    cleanup();
    const [key] = [...storage.data.keys()].filter((name) => name.startsWith('squiggly-play:'));
    const saved = JSON.parse(storage.getItem(key) as string) as { pastCells: number[][] };
    saved.pastCells[0].push(999, 1, 0, 0, 0);
    storage.setItem(key, JSON.stringify(saved));

    const second = renderApp({ storage });
    expect(second.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('revealed cells are kept across a reload; damaged ones only lose their look', async () => {
    const storage = memoryStorage();
    const first = renderApp({ storage });
    await startPlay(first);
    await first.user.click(first.cell(1, 3));
    await first.user.click(screen.getByRole('button', { name: 'Reveal cell' }));
    await screen.findByText('Digit revealed (Undo takes it back).');
    cleanup();
    const second = renderApp({ storage });
    expect(second.cell(1, 3)).toHaveAccessibleName(/digit 4, revealed$/);
    cleanup();

    const [key] = [...storage.data.keys()].filter((name) => name.startsWith('squiggly-play:'));
    const saved = JSON.parse(storage.getItem(key) as string) as { revealedCells: number[] };
    expect(saved.revealedCells).toEqual([2, 4]);
    saved.revealedCells.push(81, 5);
    storage.setItem(key, JSON.stringify(saved));
    const third = renderApp({ storage });
    expect(third.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
  });

  it('a storage too full for the undo steps still keeps the board', async () => {
    const storage = memoryStorage();
    const roomy = storage.setItem;
    // Room for the board (1.1 KB with its marks), not for the steps as well (1.5 KB).
    storage.setItem = (name, value) => {
      if (value.length > 1_300) throw new DOMException('full', 'QuotaExceededError');
      roomy(name, value);
    };
    const first = renderApp({ storage });
    await startPlay(first);
    await first.user.click(screen.getByRole('button', { name: 'Auto-candidates' }));
    await first.user.click(first.cell(1, 3));
    await first.user.keyboard('4');
    cleanup();

    const second = renderApp({ storage });
    expect(second.cell(1, 3)).toHaveAccessibleName(/digit 4$/);
    expect(second.cell(1, 4)).toHaveAccessibleName(/centre marks/);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('the timer counts while the tab is visible and pauses while it is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let hidden = false;
    const spy = vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    try {
      const h = renderApp();
      loadClassic(h);
      act(() => h.store.getState().setMode('play'));
      const timer = screen.getByRole('timer', { name: 'Time' });
      act(() => vi.advanceTimersByTime(65_000));
      expect(timer).toHaveTextContent('01:05');
      hidden = true;
      act(() => document.dispatchEvent(new Event('visibilitychange')));
      act(() => vi.advanceTimersByTime(30_000));
      expect(timer).toHaveTextContent('01:05');
      hidden = false;
      act(() => document.dispatchEvent(new Event('visibilitychange')));
      act(() => vi.advanceTimersByTime(2_000));
      expect(timer).toHaveTextContent('01:07');
    } finally {
      spy.mockRestore();
      vi.useRealTimers();
    }
  });

  describe('Check and the live verdict share one worker', () => {
    /**
     * The solver client's contract (src/worker/client.ts): one run at a time, a new call
     * stops the one in flight. Counts here answer after `delayMs`, so a live check that
     * comes due while Play's Check waits would stop it.
     */
    function oneAtATime(delayMs: number): { solver: SolverClient; counts: () => number } {
      const real = createChannelClient();
      let stopInFlight: ((error: Error) => void) | null = null;
      let counts = 0;
      const count: SolverClient['count'] = (request) => {
        counts++;
        // As the browser's DOMException is (jsdom's is no Error): an Error named AbortError.
        stopInFlight?.(Object.assign(new Error(abortError().message), { name: 'AbortError' }));
        return new Promise((resolve, reject) => {
          const stop = (error: Error): void => reject(error);
          stopInFlight = stop;
          setTimeout(() => {
            if (stopInFlight !== stop) return;
            stopInFlight = null;
            void real.count(request).then(resolve, reject);
          }, delayMs);
        });
      };
      return { solver: { ...real, count }, counts: () => counts };
    }

    // Play shows no verdict line: read it from the store.
    const verdictOf = (h: Harness) => currentVerdict(h.store.getState())?.outcome.status;

    it('a live check that comes due during Check waits for it', async () => {
      const { solver } = oneAtATime(400);
      const h = renderApp({ solver, liveCheckMs: 100 });
      await startPlay(h); // the live check of the loaded puzzle is due in 100 ms
      await h.user.click(screen.getByRole('button', { name: 'Check' }));
      expect(await screen.findByText(/No mistakes so far/, {}, { timeout: 3000 })).toBeVisible();
      // And the verdict still comes, after Check.
      await vi.waitFor(() => expect(verdictOf(h)).toBe('unique'), { timeout: 3000 });
    });

    it('Check stops a live check in flight, and the verdict comes after it', async () => {
      const { solver } = oneAtATime(400);
      const h = renderApp({ solver, liveCheckMs: 1 });
      await startPlay(h);
      await vi.waitFor(() => expect(h.store.getState().run).toBeNull());
      await h.user.click(screen.getByRole('button', { name: 'Check' }));
      expect(await screen.findByText(/No mistakes so far/, {}, { timeout: 3000 })).toBeVisible();
      await vi.waitFor(() => expect(verdictOf(h)).toBe('unique'), { timeout: 3000 });
    });

    it('a Solve stopped by Check says it was cancelled, not running forever', async () => {
      const { solver } = oneAtATime(400);
      const h = renderApp({ solver });
      await startPlay(h);
      const solving = h.store.getState().solve('solve');
      expect(h.store.getState().run).not.toBeNull();
      await h.user.click(screen.getByRole('button', { name: 'Check' }));
      expect(await screen.findByText(/No mistakes so far/, {}, { timeout: 3000 })).toBeVisible();
      await solving;
      expect(h.store.getState().run).toBeNull();
      expect(h.store.getState().result?.outcome.status).toBe('cancelled');
    });

    it('Check takes the solution from the live verdict without a second search', async () => {
      const { solver, counts } = oneAtATime(0);
      const h = renderApp({ solver, liveCheckMs: 10 });
      await startPlay(h);
      await vi.waitFor(() => expect(verdictOf(h)).toBe('unique'));
      const before = counts();
      await h.user.click(screen.getByRole('button', { name: 'Check' }));
      expect(await screen.findByText(/No mistakes so far/)).toBeVisible();
      expect(counts()).toBe(before);
    });
  });
});
