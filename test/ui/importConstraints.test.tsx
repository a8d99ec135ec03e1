/**
 * Variant constraints through the app's Import and Export: an f-puzzles string's or a
 * Squiggly JSON puzzle's constraints are loaded with its grid (one undo step, kept by My
 * puzzles), the notice names only what Squiggly has no constraint for, Export's f-puzzles
 * string and SudokuPad link carry them (and say what f-puzzles cannot hold), the judge
 * formats say they leave them out, and an ISS string is read on Import and offered by
 * Export, both ways the same constraints.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, waitFor, within } from '@testing-library/react';
import { compressToBase64 } from 'lz-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standardRegions, type Constraint } from '../../src/engine/index.ts';
import { libraryOpener } from '../../src/store/library/libraryDb.ts';
import { boxes4Json } from '../fixtures/boxes4Json.ts';
import { renderApp, type Harness } from './harness.tsx';

afterEach(() => vi.restoreAllMocks());

const emptyGrid = () => Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ({})));
/** A 4x4 f-puzzles string on the boxes with these fields beside its grid. */
const fpuzzles = (fields: Record<string, unknown>): string =>
  compressToBase64(JSON.stringify({ size: 4, grid: emptyGrid(), ...fields }));

const CAGE: Constraint = { kind: 'cage', cells: [0, 1], sum: 3 };
const KILLER = fpuzzles({ killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }] });

async function importText(h: Harness, text: string): Promise<void> {
  await h.user.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = screen.getByRole('dialog', { name: 'Import a puzzle' });
  await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
  await h.user.paste(text);
  await h.user.click(within(dialog).getByRole('button', { name: /^(Load|Discard and load)$/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

async function openExport(h: Harness): Promise<HTMLElement> {
  await h.user.click(screen.getByRole('button', { name: 'Export' }));
  return screen.getByRole('dialog', { name: 'Export the puzzle' });
}

const textOf = (dialog: HTMLElement, name: RegExp): string =>
  (within(dialog).getByRole('textbox', { name }) as HTMLTextAreaElement).value;

/** Constraints that f-puzzles, ISS and JSON all hold, on the 4x4 boxes. */
const HELD: Constraint[] = [
  CAGE,
  { kind: 'thermometer', cells: [4, 5, 6] },
  { kind: 'kropki', cells: [8, 9], colour: 'black' },
  { kind: 'diagonal', direction: 'up' },
  { kind: 'arrow', circle: [15], shaft: [14, 13] },
];

/** Constraints in one order, to compare lists that hold the same ones. */
const sorted = (constraints: readonly Constraint[]): string[] =>
  constraints.map((constraint) => JSON.stringify(constraint)).sort();

describe('constraints through Import', () => {
  it("loads an f-puzzles string's killer cage with the grid, in one undo step, no notice", async () => {
    const h = renderApp();
    h.store.temporal.getState().clear();
    await importText(h, KILLER);
    const state = h.store.getState();
    expect(state.size).toBe(4);
    expect(state.constraints).toEqual([CAGE]);
    expect(screen.queryByText(/Opened without/)).toBeNull();
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().size).toBe(9);
    expect(h.store.getState().constraints).toEqual([]);
  });

  it('names in the notice only the f-puzzles fields Squiggly does not know', async () => {
    const h = renderApp();
    await importText(
      h,
      fpuzzles({
        killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }],
        clone: [{ cells: ['R1C1'], cloneCells: ['R4C4'] }],
      }),
    );
    expect(h.store.getState().constraints).toEqual([CAGE]);
    const notice = screen.getByText(/^Opened without/);
    expect(notice).toHaveTextContent(/^Opened without its clones:/);
    expect(notice).not.toHaveTextContent(/killer/);
  });

  it("loads a Squiggly JSON puzzle's constraints, no notice", async () => {
    const h = renderApp();
    await importText(h, boxes4Json([{ kind: 'thermometer', cells: ['r1c1', 'r1c2'] }]));
    expect(h.store.getState().constraints).toEqual([{ kind: 'thermometer', cells: [0, 1] }]);
    expect(screen.queryByText(/Opened without/)).toBeNull();
  });

  it('My puzzles keeps the constraints of an imported puzzle', async () => {
    const h = renderApp({ library: libraryOpener(new IDBFactory()) });
    await importText(h, KILLER);
    const id = h.store.getState().libraryId;
    await h.store.getState().keepCurrentPuzzle();
    await act(() => h.store.getState().newPuzzle(9, 'standard'));
    expect(h.store.getState().constraints).toEqual([]);
    await act(() => h.store.getState().openFromLibrary(id));
    expect(h.store.getState().constraints).toEqual([CAGE]);
  });

  it('reads a pasted ISS string with its constraints', async () => {
    const h = renderApp();
    await importText(h, '.Shape~4x4.Cage~3~R1C1~R1C2.~R4C4_1');
    const state = h.store.getState();
    expect(state.size).toBe(4);
    expect(state.givens[15]).toBe(1);
    expect(state.constraints).toEqual([CAGE]);
    expect(screen.queryByText(/Opened without/)).toBeNull();
  });

  it('names in the notice what an ISS string holds that Squiggly does not', async () => {
    const h = renderApp();
    await importText(h, '.Shape~4x4.Quad~R1C1~1~2.Cage~3~R1C1~R1C2');
    expect(h.store.getState().constraints).toEqual([CAGE]);
    expect(screen.getByText(/^Opened without/)).toHaveTextContent(
      /^Opened without its Quad: Squiggly has no constraint for it/,
    );
  });
});

describe('constraints through Export', () => {
  it('the f-puzzles string and SudokuPad link carry them; imported back, the same', async () => {
    const h = renderApp();
    act(() =>
      h.store.getState().loadPuzzle(4, standardRegions(4), new Array(16).fill(0), {
        constraints: HELD,
      }),
    );
    const dialog = await openExport(h);
    const text = textOf(dialog, /^f-puzzles\b/);
    expect(within(dialog).getByRole('link', { name: 'Open in SudokuPad' })).toHaveAttribute(
      'href',
      `https://sudokupad.app/fpuzzles${encodeURIComponent(text)}`,
    );
    await h.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await act(() => h.store.getState().newPuzzle(9, 'standard'));
    await importText(h, text);
    // f-puzzles keeps its constraints by field, so they come back in the fields' order.
    expect(sorted(h.store.getState().constraints)).toEqual(sorted(HELD));
  });

  it('the ISS string carries them; imported back, the same', async () => {
    const h = renderApp();
    act(() =>
      h.store.getState().loadPuzzle(4, standardRegions(4), new Array(16).fill(0), {
        constraints: HELD,
      }),
    );
    const dialog = await openExport(h);
    const text = textOf(dialog, /^ISS\b/);
    await h.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await act(() => h.store.getState().newPuzzle(9, 'standard'));
    await importText(h, text);
    expect(h.store.getState().size).toBe(4);
    expect(h.store.getState().constraints).toEqual(HELD);
  });

  it('says what f-puzzles cannot hold, and which formats leave them out; JSON and ISS hold them', async () => {
    const h = renderApp();
    act(() =>
      h.store.getState().loadPuzzle(4, standardRegions(4), new Array(16).fill(0), {
        constraints: [CAGE, { kind: 'greaterThan', cells: [4, 5] }],
      }),
    );
    const dialog = await openExport(h);
    expect(within(dialog).queryByRole('textbox', { name: /^f-puzzles\b/ })).toBeNull();
    expect(
      within(dialog).getByText(/f-puzzles cannot hold .*f-puzzles has no greater-than signs/),
    ).toBeInTheDocument();
    // A judge format holds the grid alone, and says so beside it.
    const judge = within(dialog).getByRole('textbox', { name: /^hdu5547\b/ });
    expect(judge.closest('label')).toHaveTextContent(
      /without its killer cage, greater-than sign: hdu5547 cannot hold them/,
    );
    // JSON holds everything.
    expect(textOf(dialog, /^json\b/)).toMatch(/"kind": ?"greaterThan"/);
    expect(textOf(dialog, /^ISS\b/)).toMatch(/\.Cage~3~R1C1~R1C2.*\.GreaterThan~R2C1~R2C2/);
  });

  it('offers no ISS string for a slow thermometer, which ISS would read as a plain one', async () => {
    const h = renderApp();
    act(() =>
      h.store.getState().loadPuzzle(4, standardRegions(4), new Array(16).fill(0), {
        constraints: [CAGE, { kind: 'thermometer', cells: [4, 5, 6], slow: true }],
      }),
    );
    const dialog = await openExport(h);
    // Written as near as ISS has it, the string would be another puzzle, solved without a word.
    expect(within(dialog).queryByRole('textbox', { name: /^ISS\b/ })).toBeNull();
    expect(
      within(dialog).getByText(/^No ISS string: .*ISS has no slow thermometer\.$/),
    ).toBeVisible();
  });
});
