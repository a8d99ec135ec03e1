/**
 * Sharing in the page: Copy link, opening a link (asking first over unsaved work, never
 * replacing it silently), a damaged link, the f-puzzles entry in Export read back by
 * Import, and the title, author and rules fields.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standardRegions, wallsFromRegions } from '../../src/engine/index.ts';
import { parseShareLink, shareFragment, type LinkPuzzle } from '../../src/formats/index.ts';
import { lzBomb } from '../fixtures/lzBomb.ts';
import { renderApp } from './harness.tsx';

const regions4 = Array.from(standardRegions(4));
// A 4×4 jigsaw: the standard boxes with r2c2 and r3c1 traded between two of them.
const jigsaw4 = [0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3];
const linked: LinkPuzzle = {
  size: 4,
  regions: jigsaw4,
  givens: [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0],
  walls: Array.from(wallsFromRegions(4, jigsaw4)),
  info: { title: 'Shared', author: 'Bea', rules: 'Jigsaw rules.' },
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('share links in the page', () => {
  it('Copy link copies the address with the whole puzzle in its fragment', async () => {
    const h = renderApp();
    act(() => h.store.getState().setPuzzleInfo({ title: 'Mine' }));
    await h.user.click(screen.getByRole('radio', { name: 'Enter digits' }));
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('5');
    await h.user.click(screen.getByRole('button', { name: 'Copy link' }));
    const url = await navigator.clipboard.readText();
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/#puzzle=1\./);
    const read = parseShareLink(url);
    if (!('puzzle' in read)) throw new Error(read.error.message);
    const state = h.store.getState();
    expect(read.puzzle).toEqual({
      size: 9,
      regions: state.regions,
      givens: state.givens,
      walls: state.walls,
      info: { title: 'Mine', author: '', rules: '' },
    });
    expect(screen.getByText(/^Link copied/)).toBeInTheDocument();
  });

  it('"Link copied" goes after a few seconds, so the grid moves back up', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    try {
      const h = renderApp({ fakeTimers: true });
      await h.user.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(await screen.findByText(/^Link copied/)).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(5000);
      });
      expect(screen.getByText(/^Link copied/)).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.queryByText(/^Link copied/)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('"Link copied" goes at once when the puzzle on screen is another one', async () => {
    const h = renderApp();
    await h.user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/^Link copied/)).toBeInTheDocument();
    act(() => h.store.getState().loadPuzzle(4, regions4, new Array(16).fill(1)));
    expect(screen.queryByText(/^Link copied/)).toBeNull();
  });

  it('opening the app with a link loads it and clears the fragment', () => {
    window.history.replaceState(null, '', `/#${shareFragment(linked)}`);
    const h = renderApp();
    const state = h.store.getState();
    expect(state.size).toBe(4);
    expect(state.givens).toEqual(linked.givens);
    expect(state.regions).toEqual(linked.regions);
    expect(state.info).toEqual(linked.info);
    expect(window.location.hash).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Sent to be solved: it opens in Play, and says how to change it instead.
    expect(screen.getByRole('radio', { name: 'Play' })).toBeChecked();
    const note = screen.getByText(/^Opened from the link, in Play\./);
    expect(note).toBeVisible();
    expect(note).toHaveTextContent(
      /^Opened from the link, in Play\. To change the puzzle, choose Digits\.$/,
    );
  });

  it('asks before a link replaces unsaved work; Cancel keeps the work', async () => {
    const h = renderApp();
    await h.user.click(screen.getByRole('radio', { name: 'Enter digits' }));
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('7');
    const before = h.store.getState().givens;
    act(() => {
      window.location.hash = shareFragment(linked);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Open the puzzle from the link?' });
    expect(dialog).toHaveTextContent(/"Shared", 4×4 puzzle/);
    expect(h.store.getState().givens).toBe(before);
    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(h.store.getState().givens).toBe(before);
    expect(h.store.getState().size).toBe(9);
    // Declined, the link stays in the address, to open later.
    expect(window.location.hash).toBe(`#${shareFragment(linked)}`);
  });

  it('Discard and open loads the link; Undo brings the work back', async () => {
    const h = renderApp();
    await h.user.click(screen.getByRole('radio', { name: 'Enter digits' }));
    await h.user.click(h.cell(1, 1));
    await h.user.keyboard('7');
    act(() => {
      window.location.hash = shareFragment(linked);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Open the puzzle from the link?' });
    await h.user.click(within(dialog).getByRole('button', { name: 'Discard and open' }));
    expect(h.store.getState().size).toBe(4);
    expect(window.location.hash).toBe('');
    expect(h.store.getState().info.title).toBe('Shared');
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().size).toBe(9);
    expect(h.store.getState().givens[0]).toBe(7);
  });

  it('a damaged link says so and changes nothing', () => {
    const fragment = shareFragment(linked);
    window.history.replaceState(null, '', `/#${fragment.slice(0, fragment.length - 12)}`);
    const h = renderApp();
    expect(h.store.getState().size).toBe(9);
    expect(screen.getByRole('alert')).toHaveTextContent(
      /The puzzle link could not be opened \(line 1, column \d+: the puzzle data is damaged/,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/Your current puzzle is unchanged/);
  });

  it('a bomb link in the address is removed and refused as too large', () => {
    window.history.replaceState(null, '', `/#puzzle=1.${lzBomb(32_000)}`);
    const h = renderApp();
    expect(window.location.hash).toBe('');
    expect(h.store.getState().size).toBe(9);
    expect(screen.getByRole('alert')).toHaveTextContent(
      /The puzzle link could not be opened \(line 1, column 11: this link is damaged or too large: its puzzle data unpacks to more than 1,000,000 characters/,
    );
  });

  it('Import reads a share link pasted too big for the box as a link, and refuses it', async () => {
    const h = renderApp();
    await h.user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import a puzzle' });
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`https://example.org/#puzzle=1.${lzBomb(60_000)}`);
    expect(within(dialog).getByText(/^Pasted text: 0\.1 MB/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Detected format: Squiggly link/)).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /this link is damaged or too large: its puzzle data is 1\d\d,\d{3} characters long, and no puzzle's is over 100,000/,
    );
    expect(h.store.getState().size).toBe(9);
  });

  it('Import reads a pasted share link', async () => {
    const h = renderApp();
    await h.user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import a puzzle' });
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`https://example.org/squiggly/#${shareFragment(linked)}`);
    expect(within(dialog).getByText(/^Detected format: Squiggly link/)).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(h.store.getState().regions).toEqual(linked.regions);
    expect(h.store.getState().info).toEqual(linked.info);
  });
});

describe('f-puzzles and puzzle details in Export and Import', () => {
  it('the header names the puzzle and opens its details: one undo step a field', async () => {
    const h = renderApp();
    act(() => h.store.getState().loadPuzzle(4, jigsaw4, linked.givens));
    h.store.temporal.getState().clear();
    const details = screen.getByRole('button', { name: 'Puzzle details: Untitled puzzle' });
    await h.user.click(details);
    const dialog = screen.getByRole('dialog', { name: 'Puzzle details' });
    await h.user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Wig');
    await h.user.type(within(dialog).getByRole('textbox', { name: 'Author' }), 'Cy');
    await h.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(h.store.getState().info).toEqual({ title: 'Wig', author: 'Cy', rules: '' });
    expect(screen.getByRole('button', { name: 'Puzzle details: Wig by Cy' })).toBeVisible();
    expect(h.store.temporal.getState().pastStates).toHaveLength(2);
    // Export shows what was typed here.
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const exportDialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    expect(within(exportDialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Wig');
    await h.user.click(within(exportDialog).getByRole('button', { name: 'Close' }));
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('button', { name: 'Puzzle details: Wig' })).toBeVisible();
  });

  it('Export lists what setters share first, then images and print, then the text formats', async () => {
    const h = renderApp();
    act(() => h.store.getState().loadPuzzle(4, jigsaw4, linked.givens));
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    const order = [
      within(dialog).getByRole('textbox', { name: 'Title' }),
      within(dialog).getByRole('textbox', { name: /^f-puzzles\b/ }),
      within(dialog).getByRole('button', { name: 'Copy SudokuPad link' }),
      within(dialog).getByRole('button', { name: 'Download PNG' }),
      within(dialog).getByRole('button', { name: 'Print…' }),
      within(dialog).getByRole('group', { name: /^Text formats/ }),
      within(dialog).getByRole('textbox', { name: /^json\b/ }),
    ];
    for (let i = 1; i < order.length; i++) {
      // DOCUMENT_POSITION_FOLLOWING: each comes after the one before it in the page's order.
      expect(order[i - 1].compareDocumentPosition(order[i]) & 4).toBe(4);
    }
  });

  it('title, author and rules typed in Export travel through f-puzzles and back', async () => {
    const h = renderApp();
    act(() => h.store.getState().loadPuzzle(4, jigsaw4, linked.givens));
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const exportDialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    await h.user.type(within(exportDialog).getByRole('textbox', { name: 'Title' }), 'Wig');
    await h.user.type(within(exportDialog).getByRole('textbox', { name: 'Author' }), 'Cy');
    await h.user.type(within(exportDialog).getByRole('textbox', { name: 'Rules' }), 'Usual.');
    const fpuzzles = within(exportDialog).getByRole('textbox', { name: /^f-puzzles\b/ });
    const text = (fpuzzles as HTMLTextAreaElement).value;
    const sudokuPad = within(exportDialog).getByRole('link', { name: 'Open in SudokuPad' });
    expect(sudokuPad.getAttribute('href')).toBe(
      `https://sudokupad.app/fpuzzles${encodeURIComponent(text)}`,
    );
    await h.user.click(within(exportDialog).getByRole('button', { name: 'Close' }));
    // Closing wrote the text to the puzzle: one field at a time, each one undo step.
    expect(h.store.getState().info).toEqual({ title: 'Wig', author: 'Cy', rules: 'Usual.' });

    await h.user.click(screen.getByRole('button', { name: 'New' }));
    await h.user.click(screen.getByRole('button', { name: /^(Create|Discard and create)$/ }));
    expect(h.store.getState().info.title).toBe('');
    await h.user.click(screen.getByRole('button', { name: 'Import' }));
    const importDialog = screen.getByRole('dialog', { name: 'Import a puzzle' });
    await h.user.click(within(importDialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(text);
    expect(within(importDialog).getByText(/^Detected format: f-puzzles/)).toBeInTheDocument();
    await h.user.click(within(importDialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const state = h.store.getState();
    expect(state.size).toBe(4);
    expect(state.givens).toEqual(linked.givens);
    expect(state.regions).toEqual(jigsaw4);
    expect(state.info).toEqual({ title: 'Wig', author: 'Cy', rules: 'Usual.' });
  });

  it('a damaged f-puzzles string gives a located error and loads nothing', async () => {
    const h = renderApp();
    const before = h.store.getState().givens;
    await h.user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import a puzzle' });
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste('https://sudokupad.app/fpuzzlesN4IgzglgXpBcIBYBMBGAtDlBWAbLB');
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /line 1, column 31: not an f-puzzles puzzle string/,
    );
    expect(h.store.getState().givens).toBe(before);
  });

  it('offers images and print; the solution only once it is known', async () => {
    const h = renderApp();
    act(() => h.store.getState().loadPuzzle(4, regions4, new Array(16).fill(0)));
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    expect(within(dialog).getByRole('button', { name: 'Download SVG' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Download PNG' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Print…' })).toBeEnabled();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Print the answer on a second page' }),
    ).toBeDisabled();
  });

  it('the solution is offered once the live check has found it unique, without a Solve', async () => {
    const h = renderApp({ liveCheckMs: 0 });
    act(() =>
      h.store.getState().loadPuzzle(4, regions4, [1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]),
    );
    await waitFor(() => expect(h.verdict()).toHaveTextContent(/^Unique/));
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    expect(
      within(dialog).getByRole('checkbox', { name: 'Show the solution in the image' }),
    ).toBeEnabled();
    expect(within(dialog).queryByText(/The solution can be shown once/)).toBeNull();
  });

  it('the print sheet holds the puzzle, and the answer only when known and asked', async () => {
    const h = renderApp();
    act(() =>
      h.store.getState().loadPuzzle(4, regions4, [1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2], {
        info: { title: 'On paper', author: 'Dee', rules: 'Fill it.' },
      }),
    );
    const sheet = screen.getByTestId('print-sheet');
    expect(sheet).toHaveTextContent('On paper');
    expect(sheet).toHaveTextContent('by Dee');
    expect(sheet).toHaveTextContent('Fill it.');
    expect(sheet.querySelectorAll('.print-page')).toHaveLength(1);

    await h.user.click(screen.getByRole('button', { name: 'Solve' }));
    await waitFor(() => expect(h.status()).toHaveTextContent(/^Unique solution/));
    expect(sheet.querySelectorAll('.print-page')).toHaveLength(1);
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    await h.user.click(screen.getByRole('checkbox', { name: 'Print the answer on a second page' }));
    await h.user.click(screen.getByRole('button', { name: 'Close' }));
    const answer = screen.getByTestId('print-sheet').querySelector('.print-answer');
    expect(answer).not.toBeNull();
    expect(answer?.querySelectorAll('svg text')).toHaveLength(16);
  });
});
