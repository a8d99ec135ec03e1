import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HDU4069 from './fixtures/hdu4069.in?raw';
import { chooseMode, renderApp } from './harness.tsx';

async function chooseModeDigits(h: ReturnType<typeof renderApp>) {
  await h.user.click(screen.getByRole('radio', { name: 'Enter digits' }));
  await h.user.click(h.cell(2, 2));
  await h.user.keyboard('4');
}

async function openImport(h: ReturnType<typeof renderApp>) {
  await h.user.click(screen.getByRole('button', { name: 'Import' }));
  return screen.getByRole('dialog', { name: 'Import a puzzle' });
}

describe('import', () => {
  it('an error names the line and column, and the puzzle does not change', async () => {
    const h = renderApp();
    const before = h.store.getState().walls;
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    const rows = new Array(9).fill('0 0 0 0 0 0 0 0 0');
    rows[1] = '6 0 0 x 9 5 0 0 0';
    await h.user.paste(`1\n${rows.join('\n')}\n`);
    expect(within(dialog).getByText(/^Detected format: hdu4069/)).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(/Nothing was loaded/);
    expect(alert).toHaveTextContent(/case 1, line 3, column 7/);
    expect(h.store.getState().walls).toBe(before);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('an unrecognised input says where, without loading', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste('hello there');
    expect(
      within(dialog).getByText('Format: not recognised; choose it in the "Format" list.'),
    ).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(/line 1, column 1: cannot tell/);
    // The formats layer speaks to the command line ("--format"); the app names its own control.
    expect(alert).toHaveTextContent(/choose the format in the "Format" list/);
    expect(alert).not.toHaveTextContent(/--format/);
  });

  it('a format can be chosen instead of detected', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    const picker = within(dialog).getByRole('combobox', { name: 'Format' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Auto-detect',
      'hdu4069',
      'poj3074',
      'poj2676',
      'hdu5547',
      'json',
      'Squiggly link',
      'f-puzzles',
    ]);
    expect(picker).toHaveValue('auto');
    // A short line: detection gives up ("the input ends after the number of cases").
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste('1234');
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /cannot tell the format.*choose the format in the "Format" list/,
    );
    // Read as poj3074, the same text gets that format's own located complaint.
    await h.user.selectOptions(picker, 'poj3074');
    expect(within(dialog).getByText(/^Format: poj3074 \(.*chosen in the list\)\.$/));
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/line 1, column \d+: /);
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent(/cannot tell the format/);
    // A whole poj3074 line loads.
    const textbox = within(dialog).getByRole('textbox', { name: 'Puzzle text' });
    await h.user.clear(textbox);
    await h.user.paste(`7${'.'.repeat(80)}`);
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(h.cell(1, 1)).toHaveAccessibleName('Row 1, column 1, region 1, clue 7');
  });

  it('a file of several cases lets the user pick one', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    const file = new File([HDU4069], 'squiggly.in', { type: 'text/plain' });
    await h.user.upload(within(dialog).getByLabelText('Open a file'), file);
    expect(await within(dialog).findByText(/^Detected format: hdu4069/)).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    const picker = within(dialog).getByRole('combobox', { name: 'Case' });
    expect(within(picker).getAllByRole('option')).toHaveLength(3);
    await h.user.selectOptions(picker, within(picker).getAllByRole('option')[1]);
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Case 2 of the sample, first row 144 48 144 81 81 16 53 144 48: digit = value mod 16,
    // so 0 0 0 1 1 0 5 0 0; its two 1s clash (the sample's "No solution" case).
    expect(h.cell(1, 4)).toHaveAccessibleName(/clue 1, clashes with another clue$/);
    expect(h.cell(1, 7)).toHaveAccessibleName(/clue 5$/);
    // The load is one undo step.
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(1, 4)).toHaveAccessibleName(/empty$/);
  });

  it('a dropped JSON file loads a 6x6 puzzle', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    const regions = Array.from({ length: 6 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => Math.floor(r / 2) * 2 + Math.floor(c / 3)),
    );
    const givens = Array.from({ length: 6 }, () => new Array(6).fill(0));
    givens[0][0] = 6;
    const file = new File([JSON.stringify({ size: 6, regions, givens })], 'p.json');
    const zone = within(dialog).getByRole('textbox', { name: 'Puzzle text' });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(await within(dialog).findByText(/^Detected format: json/)).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(screen.getAllByRole('gridcell')).toHaveLength(36);
    expect(h.cell(1, 1)).toHaveAccessibleName('Row 1, column 1, region 1, clue 6');
  });
});

describe('export', () => {
  it('offers hdu4069 and JSON for a 9x9 jigsaw, with copy buttons', async () => {
    const h = renderApp();
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    const hdu = within(dialog).getByRole('textbox', { name: /^hdu4069/ });
    expect((hdu as HTMLTextAreaElement).value.split('\n')[0]).toBe('1');
    expect(within(dialog).getByRole('textbox', { name: /^json/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy hdu4069' })).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Copy json' }));
    expect(await window.navigator.clipboard.readText()).toMatch(/"size": ?9/);
    expect(within(dialog).getByText(/Copied/)).toBeInTheDocument();
  });

  it('after an export, New no longer warns about unsaved work', async () => {
    const h = renderApp();
    await h.click(3, 0.5); // Erase one box wall: now there is unsaved work.
    await h.click(3, 0.5); // And draw it back: the puzzle is as it was, so nothing is unsaved.
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/not exported/);
    await h.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await chooseModeDigits(h);
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(/not exported/);
    await h.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    await h.user.click(screen.getByRole('button', { name: 'Copy json' }));
    await h.user.click(screen.getByRole('button', { name: 'Close' }));
    await h.user.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/not exported/);
  });

  it('explains why an incomplete layout cannot be exported', async () => {
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    await h.drag([1, 0.1], [1, 2.9]);
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(/Text formats need a complete layout/);
  });
});
