/**
 * Play on a phone, with matchMedia answering as a phone's screen does (one column, narrow):
 * Undo, Redo, Hint and Check in one row beside the pad, each once on the page; the toolbar
 * folded behind Menu in Play, and folded again for a link opened; on a wide screen (jsdom's
 * own: no matchMedia) the panel keeps Hint and Check and the toolbar Undo and Redo. And the
 * difficulty in Play, which waits for the end unless the player asks for it, a choice kept
 * across a reload.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standardRegions, wallsFromRegions } from '../../src/engine/index.ts';
import { shareFragment, type LinkPuzzle } from '../../src/formats/index.ts';
import { ONE_COLUMN, PHONE } from '../../src/ui/mediaQuery.ts';
import { memoryStorage } from '../../src/store/persistence.ts';
import { chooseMode, renderApp, type Harness } from './harness.tsx';

// A classic puzzle with one solution (standard boxes).
const CLUES = '530070000600195000098000060800060003400803001700020006060000280000419005000080079';
const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const digitsOf = (text: string): number[] => Array.from(text, Number);
const regions = Array.from(standardRegions(9));

function loadClassic(h: Harness): void {
  act(() =>
    h.store.getState().loadPuzzle(9, regions, digitsOf(CLUES), {
      info: { title: 'Morning warm-up', author: 'A. Setter', rules: '' },
    }),
  );
}

/** matchMedia as on a phone: the one-column and phone queries match, nothing else. */
function onAPhone(): void {
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
    matches: query === ONE_COLUMN || query === PHONE,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const row = () => screen.getByRole('group', { name: 'Moves and help' });
const pad = () => screen.getByRole('group', { name: 'Digit pad' });
const panel = () => screen.getByRole('region', { name: 'Morning warm-up' });
const playResult = () => screen.getByRole('status', { name: 'Play result' });

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('Play on a phone', () => {
  it('Undo, Redo, Hint and Check are one row beside the pad, and nowhere else', async () => {
    onAPhone();
    const h = renderApp();
    loadClassic(h);
    await chooseMode(h.user, 'Play');
    const buttons = within(row()).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Undo', 'Redo', 'Hint', 'Check']);
    // Between the grid and the pad, in the page's order as on screen.
    expect(h.grid().compareDocumentPosition(row()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(row().compareDocumentPosition(pad()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const name of ['Undo', 'Redo', 'Hint', 'Check']) {
      expect(screen.getAllByRole('button', { name })).toHaveLength(1);
    }
    // The panel keeps the rest of the player's tools.
    expect(within(panel()).getByRole('button', { name: 'Auto-candidates' })).toBeVisible();

    // Undo and Redo take back the player's moves, and say when there is none.
    const undo = within(row()).getByRole('button', { name: 'Undo' });
    const redo = within(row()).getByRole('button', { name: 'Redo' });
    expect(undo).toBeDisabled();
    await h.user.click(h.cell(1, 3));
    await h.user.click(within(pad()).getByRole('button', { name: '1' }));
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 1$/);
    await h.user.click(undo);
    expect(h.cell(1, 3)).toHaveAccessibleName(/empty$/);
    expect(undo).toBeDisabled();
    await h.user.click(redo);
    expect(h.cell(1, 3)).toHaveAccessibleName(/digit 1$/);

    // Check marks the wrong 1 (the answer there is 4); Hint names it first.
    await h.user.click(within(row()).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(playResult()).toHaveTextContent(/^1 wrong digit/));
    expect(h.cell(1, 3)).toHaveAccessibleName(/wrong$/);
    await h.user.click(within(row()).getByRole('button', { name: 'Hint' }));
    await waitFor(() => expect(playResult()).toHaveTextContent(/^Hint: the 1 in r1c3 is wrong/));
    // Said under the grid as well, where the panel's line is out of sight.
    expect(document.querySelector('.play-caption')).toHaveTextContent(/^Hint: the 1 in r1c3/);
  });

  it('in Play the toolbar folds behind Menu, and Menu opens it', async () => {
    onAPhone();
    const h = renderApp();
    loadClassic(h);
    expect(screen.getByRole('toolbar', { name: 'Puzzle tools' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    await chooseMode(h.user, 'Play');
    expect(screen.queryByRole('toolbar', { name: 'Puzzle tools' })).toBeNull();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const toolbar = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(toolbar).toHaveAttribute('role', 'toolbar');
    await h.user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('toolbar', { name: 'Puzzle tools' })).toBeVisible();
    // Open, it has the file actions and the modes; Undo and Redo stay beside the pad.
    const tools = screen.getByRole('toolbar', { name: 'Puzzle tools' });
    expect(within(tools).getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(within(tools).queryByRole('button', { name: 'Undo' })).toBeNull();
    await h.user.click(within(tools).getByRole('radio', { name: 'Enter digits' }));
    // Out of Play, the toolbar is always there, with the puzzle's Undo and Redo.
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(within(tools).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Moves and help' })).toBeNull();
    // Back in Play it stays as the player left it; Menu folds it.
    await h.user.click(within(tools).getByRole('radio', { name: 'Play' }));
    expect(screen.getByRole('toolbar', { name: 'Puzzle tools' })).toBeVisible();
    await h.user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.queryByRole('toolbar', { name: 'Puzzle tools' })).toBeNull();
  });

  it('a solver opening a link gets the grid and the pad, the toolbar folded', () => {
    onAPhone();
    const jigsaw = Array.from(regions);
    const linked: LinkPuzzle = {
      size: 9,
      regions: jigsaw,
      givens: digitsOf(CLUES),
      walls: Array.from(wallsFromRegions(9, jigsaw)),
      info: { title: 'Shared', author: 'Bea', rules: '' },
    };
    window.history.replaceState(null, '', `/#${shareFragment(linked)}`);
    renderApp();
    expect(screen.getByRole('radio', { name: 'Play', hidden: true })).toBeChecked();
    expect(screen.queryByRole('toolbar', { name: 'Puzzle tools' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(row()).toBeVisible();
    // The note says where the setter's tools went.
    const note = screen.getByText(/^Opened from the link, in Play\./);
    expect(note).toHaveTextContent(/open Menu and choose Digits\.$/);
  });

  it('on a wide screen the panel keeps Hint and Check, the toolbar Undo and Redo', async () => {
    const h = renderApp();
    loadClassic(h);
    await chooseMode(h.user, 'Play');
    expect(screen.queryByRole('group', { name: 'Moves and help' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Hint' })).toBeVisible();
    expect(within(panel()).getByRole('button', { name: 'Check' })).toBeVisible();
    const tools = screen.getByRole('toolbar', { name: 'Puzzle tools' });
    expect(within(tools).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });
});

describe('the difficulty in Play', () => {
  it('waits until the puzzle is solved, unless the player asks; the choice is kept', async () => {
    const storage = memoryStorage();
    const h = renderApp({ storage, liveCheckMs: 0 });
    loadClassic(h);
    await chooseMode(h.user, 'Play');
    expect(await within(panel()).findByText('Difficulty: shown when you finish.')).toBeVisible();
    expect(within(panel()).queryByText(/^Rated /)).toBeNull();
    // Solved: the rating comes.
    act(() =>
      h.store.setState({
        playBoard: {
          ...h.store.getState().playBoard,
          digits: digitsOf(CLUES).map((clue, cell) => (clue ? 0 : Number(SOLUTION[cell]))),
        },
      }),
    );
    await h.user.click(within(panel()).getByRole('button', { name: 'Check' }));
    expect(await within(panel()).findByText(/^Rated easy, 1\.[025]$/)).toBeVisible();
    expect(within(panel()).queryByText('Difficulty: shown when you finish.')).toBeNull();

    // Asked for before the end: another puzzle shows it at once, and after a reload too.
    const early = within(panel()).getByRole('checkbox', {
      name: 'Show the difficulty before I finish',
    });
    expect(early).not.toBeChecked();
    await h.user.click(early);
    cleanup();
    const again = renderApp({ storage, liveCheckMs: 0 });
    await act(() => again.store.getState().newPuzzle(9, 'standard'));
    loadClassic(again);
    await chooseMode(again.user, 'Play');
    expect(
      within(panel()).getByRole('checkbox', { name: 'Show the difficulty before I finish' }),
    ).toBeChecked();
    // The progress of this puzzle was kept (solved), so play a fresh copy: the board cleared.
    act(() =>
      again.store.setState({
        playBoard: { ...again.store.getState().playBoard, digits: new Array(81).fill(0) },
        playCheck: null,
      }),
    );
    expect(await within(panel()).findByText(/^Rated easy, 1\.[025]$/)).toBeVisible();
  });
});
