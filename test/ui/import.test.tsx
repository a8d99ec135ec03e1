import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseHdu4069 } from '../../src/formats/index.ts';
import { SHOW_LIMIT } from '../../src/ui/ImportDialog.tsx';
import type { ImportClient } from '../../src/worker/protocol.ts';
import HDU4069 from './fixtures/hdu4069.in?raw';
import { createChannelClient } from '../worker/channelClient.ts';
import { chooseMode, renderApp } from './harness.tsx';

/** One-line jigsaw puzzles: 81 givens and 81 region letters; 16 givens and 16 letters. */
const JIGSAW_9 =
  '........6.....2...61........7...5.1........3..5......7..26...........8.4...9.....' +
  'AAABBBCCCDABBBBCCCDABAEBCCCDAAAEEEEFDDGEEEFFFDDGEHFFIIDDGGHFFIIGGGGHFIIIGHHHHHHII';
const JIGSAW_4 = '....2..41.3.....AABCAABCDDBCDDBC';

/** An import client whose reads never end until aborted (as a huge file would take). */
function stalledImporter(): ImportClient & { started: number; aborted: number; disposed: number } {
  const client = {
    started: 0,
    aborted: 0,
    disposed: 0,
    parseImport: (_source: unknown, _format: unknown, options?: { signal?: AbortSignal }) =>
      new Promise<never>((_resolve, reject) => {
        client.started++;
        options?.signal?.addEventListener('abort', () => {
          client.aborted++;
          reject(new DOMException('stopped', 'AbortError'));
        });
      }),
    importCase: () => Promise.reject(new Error('nothing read')),
    importCases: () => Promise.reject(new Error('nothing read')),
    solveBatch: () => Promise.reject(new Error('nothing read')),
    dispose: () => {
      client.disposed++;
    },
  };
  return client;
}

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
  it('Load pressed during the typing pause reads the text once, then loads it', async () => {
    // A read that takes longer than the typing pause, as a big file's does: a second read
    // would stop the first, and with it the import worker.
    const real = createChannelClient();
    let reads = 0;
    let stopped = 0;
    const importer: ImportClient = {
      ...real,
      parseImport: async (source, format, options) => {
        reads++;
        options?.signal?.addEventListener('abort', () => stopped++);
        await new Promise((resolve) => setTimeout(resolve, 400));
        return real.parseImport(source, format, options);
      },
    };
    const h = renderApp({ importer });
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.keyboard(JIGSAW_4);
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(h.store.getState().size).toBe(4);
    expect(reads).toBe(1);
    expect(stopped).toBe(0);
  });

  it('Load pressed as a read starts, before it shows, reads once and loads', async () => {
    // The read's "reading" state is a transition: it renders after the read has started. A
    // Load pressed in between must wait for that read, not start a second one (which would
    // stop the first, and with it the import worker).
    const real = createChannelClient();
    let reads = 0;
    let stopped = 0;
    let pressLoad = (): void => {};
    const importer: ImportClient = {
      ...real,
      parseImport: (source, format, options) => {
        reads++;
        options?.signal?.addEventListener('abort', () => stopped++);
        // A microtask runs before React renders the transition.
        if (reads === 1) queueMicrotask(() => pressLoad());
        return real.parseImport(source, format, options);
      },
    };
    const h = renderApp({ importer });
    const dialog = await openImport(h);
    pressLoad = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Puzzle text' }), {
      target: { value: JIGSAW_4 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(h.store.getState().size).toBe(4);
    expect(reads).toBe(1);
    expect(stopped).toBe(0);
  });

  it('an error names the line and column, and the puzzle does not change', async () => {
    const h = renderApp();
    const before = h.store.getState().walls;
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    // The first case of the HDU 4069 sample, with a number of its second row spoilt.
    const rows = [
      '144 18 112 208 80 25 54 144 48',
      '135 38 147 x 121 128 97 130 32',
      '137 32 160 144 114 167 208 0 32',
      '192 100 160 160 208 96 183 192 101',
      '209 80 39 192 86 48 136 80 114',
      '152 48 226 144 112 160 160 149 48',
      '128 0 112 166 215 96 160 128 41',
      '128 39 153 32 209 80 101 136 35',
      '192 96 200 67 80 112 208 68 96',
    ];
    await h.user.paste(`1\n${rows.join('\n')}\n`);
    // The format once, and the evidence only because a line disagrees.
    expect(
      within(dialog).getByText(
        'Detected format: hdu4069, jigsaw 9x9, numbers with wall bits (HDU 4069). ' +
          'Only 8 of the 9 lines looked at (2-10) hold 9 numbers.',
      ),
    ).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/Nothing was loaded/);
    expect(alert).toHaveTextContent(/case 1, line 3, column 12/);
    expect(alert.textContent?.match(/case 1, line 3, column 12/g)).toHaveLength(1);
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
    const alert = await within(dialog).findByRole('alert');
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
      'jigsaw',
      'layout',
      'json',
      'Squiggly link',
      'f-puzzles',
      'ISS',
    ]);
    expect(picker).toHaveValue('auto');
    // A short line: detection gives up ("the input ends after the number of cases").
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste('1234');
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        /cannot tell the format.*choose the format in the "Format" list/,
      ),
    );
    // Read as poj3074, the same text gets that format's own located complaint.
    await h.user.selectOptions(picker, 'poj3074');
    expect(
      within(dialog).getByText(
        'Format: poj3074, standard 9x9, one puzzle per line (POJ 3074); chosen in the list.',
      ),
    ).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/line 1, column \d+: /);
      expect(within(dialog).getByRole('alert')).not.toHaveTextContent(/cannot tell the format/);
    });
    // A whole poj3074 line loads.
    const textbox = within(dialog).getByRole('textbox', { name: 'Puzzle text' });
    await h.user.clear(textbox);
    await h.user.paste(`7${'.'.repeat(80)}`);
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(h.cell(1, 1)).toHaveAccessibleName('Row 1, column 1, region 1, clue 7');
  });

  it('a file of several cases lists them at once, and Load loads case 1 in one press', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    const file = new File([HDU4069], 'squiggly.in', { type: 'text/plain' });
    await h.user.upload(within(dialog).getByLabelText('Open a file'), file);
    // The case list is there before any Load press.
    const picker = await within(dialog).findByRole('combobox', { name: 'Case' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Case 1 (9×9, line 2)', 'Case 2 (9×9, line 12)', 'Case 3 (9×9, line 22)']);
    expect(picker).toHaveValue('1');
    expect(within(dialog).getByText(/This input holds 3 cases/)).toBeInTheDocument();
    // Every line agrees: the summary alone, not the same words twice.
    expect(
      within(dialog).getByText(
        'Detected format: hdu4069, jigsaw 9x9, numbers with wall bits (HDU 4069).',
      ),
    ).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Case 1, exactly as the formats layer reads it.
    const case1 = parseHdu4069(HDU4069).cases[0].board;
    expect(h.store.getState().givens).toEqual(Array.from(case1.givens));
    expect(h.cell(1, 4)).not.toHaveAccessibleName(/clue 1, clashes/);
  });

  it('a chosen case loads in one press, as one undo step', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(HDU4069);
    const picker = await within(dialog).findByRole('combobox', { name: 'Case' });
    await h.user.selectOptions(picker, 'Case 2 (9×9, line 12)');
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Case 2 of the sample, first row 144 48 144 81 81 16 53 144 48: digit = value mod 16,
    // so 0 0 0 1 1 0 5 0 0; its two 1s clash (the sample's "No solution" case).
    expect(h.cell(1, 4)).toHaveAccessibleName(/clue 1, clashes with another clue$/);
    expect(h.cell(1, 7)).toHaveAccessibleName(/clue 5$/);
    await h.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.cell(1, 4)).toHaveAccessibleName(/empty$/);
  });

  it('a Load pressed before the input is read loads once it is', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    await h.user.type(within(dialog).getByRole('textbox', { name: 'Puzzle text' }), '1'.repeat(81));
    // No pause: Load comes while the typing pause still holds the read back.
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(h.cell(9, 9)).toHaveAccessibleName(/clue 1/);
  });

  it('Import warns before replacing unsaved work, as New does', async () => {
    const h = renderApp();
    let dialog = await openImport(h);
    expect(within(dialog).queryByText(/not exported/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Load' })).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await chooseModeDigits(h); // a 4 in row 2, column 2: unsaved work
    dialog = await openImport(h);
    expect(within(dialog).getByText(/changes you have not exported/)).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`7${'.'.repeat(80)}`);
    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Cancel keeps the work.
    expect(h.cell(2, 2)).toHaveAccessibleName(/clue 4$/);
    dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`7${'.'.repeat(80)}`);
    await h.user.click(within(dialog).getByRole('button', { name: 'Discard and load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 7$/);
    expect(h.cell(2, 2)).toHaveAccessibleName(/empty$/);
  });

  it('a big paste stays out of the text box, and its cases are chosen by number', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    const lines = Array.from({ length: 1500 }, (_, i) => `${(i % 9) + 1}${'.'.repeat(80)}`);
    lines[3] = 'x'.repeat(81);
    const text = `${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(SHOW_LIMIT);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(text);
    expect(within(dialog).queryByRole('textbox', { name: 'Puzzle text' })).not.toBeInTheDocument();
    expect(
      await within(dialog).findByText('Pasted text: 0.1 MB, 1,500 cases (1 error).'),
    ).toBeInTheDocument();
    const number = within(dialog).getByRole('spinbutton', { name: /^Case/ });
    expect(number).toHaveValue(1);
    expect(within(dialog).getByText(/case 4, line 4, column 1/)).toBeInTheDocument();
    await h.user.clear(number);
    await h.user.type(number, '4');
    expect(within(dialog).getByText('case 4 could not be read')).toBeInTheDocument();
    await h.user.clear(number);
    await h.user.type(number, '1202');
    expect(within(dialog).getByText('9×9, line 1,202')).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Line 1202 starts with (1201 mod 9) + 1 = 5.
    expect(h.cell(1, 1)).toHaveAccessibleName(/clue 5$/);
  });

  it('a read can be stopped, and a stopped read changes nothing', async () => {
    const endless = stalledImporter();
    const h = renderApp({ importer: endless });
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`7${'.'.repeat(80)}`);
    const reading = await within(dialog).findByRole('status');
    expect(reading).toHaveTextContent(/Reading/);
    expect(within(reading).getByRole('progressbar', { name: 'Reading the input' })).toBeVisible();
    await h.user.click(within(reading).getByRole('button', { name: 'Stop reading' }));
    expect(endless.aborted).toBe(1);
    expect(within(dialog).getByText(/Reading stopped/)).toBeInTheDocument();
    expect(h.cell(1, 1)).toHaveAccessibleName(/empty$/);
    // Closing the dialog stops the import worker.
    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(endless.disposed).toBe(1);
  });

  it('a read shows its progress only once it lasts: a quick one never moves Load', async () => {
    const endless = stalledImporter();
    const h = renderApp({ importer: endless });
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`7${'.'.repeat(80)}`);
    // The worker has the input, and no block appears above Load (nor a Stop button where Load
    // was) for what is, most of the time, a read of a few ms.
    await waitFor(() => expect(endless.started).toBe(1));
    expect(within(dialog).queryByRole('button', { name: 'Stop reading' })).toBeNull();
    // A read that lasts shows its progress and can be stopped.
    expect(await within(dialog).findByRole('button', { name: 'Stop reading' })).toBeVisible();
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
    await waitFor(() => expect(screen.getAllByRole('gridcell')).toHaveLength(36));
    expect(h.cell(1, 1)).toHaveAccessibleName('Row 1, column 1, region 1, clue 6');
  });
});

describe('the one-line jigsaw format', () => {
  it('a file of jigsaw lines is detected, listed, and the chosen case loads', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`${JIGSAW_9}\n${JIGSAW_4.slice(0, 16)} ${JIGSAW_4.slice(16)}\n`);
    expect(await within(dialog).findByText(/^Detected format: jigsaw/)).toBeInTheDocument();
    const picker = await within(dialog).findByRole('combobox', { name: 'Case' });
    await h.user.selectOptions(picker, 'Case 2 (4×4, line 2)');
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.getAllByRole('gridcell')).toHaveLength(16));
    // ....2..41.3..... with regions AABC AABC DDBC DDBC: r2c1 holds 2 in region 1.
    expect(h.cell(2, 1)).toHaveAccessibleName('Row 2, column 1, region 1, clue 2');
    expect(h.cell(1, 3)).toHaveAccessibleName(/region 2, empty$/);
  });

  it('a bad jigsaw line names the line, the column and the fault', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`${JIGSAW_9}\n${JIGSAW_9.slice(0, 90)}Z${JIGSAW_9.slice(91)}\n`);
    const picker = await within(dialog).findByRole('combobox', { name: 'Case' });
    expect(within(picker).getAllByRole('option')).toHaveLength(1);
    expect(
      await within(dialog).findByText(
        /case 2, line 2, column 134: "I" is a 10th region character; a 9x9 layout has 9 regions \(ABCZDEFGH so far\)/,
      ),
    ).toBeInTheDocument();
  });

  it('Export writes the puzzle as one jigsaw line that reads back the same', async () => {
    const h = renderApp();
    await chooseModeDigits(h);
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    const line = (within(dialog).getByRole('textbox', { name: /^jigsaw/ }) as HTMLTextAreaElement)
      .value;
    expect(line).toBe(
      `..........4${'.'.repeat(70)}AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII\n`,
    );
  });
});

describe('the bare layout line', () => {
  const LAYOUT_9 = JIGSAW_9.slice(81);

  it('a layout line is detected and loads as that layout with no clues', async () => {
    const h = renderApp();
    const dialog = await openImport(h);
    await h.user.click(within(dialog).getByRole('textbox', { name: 'Puzzle text' }));
    await h.user.paste(`${LAYOUT_9}\n`);
    expect(await within(dialog).findByText(/^Detected format: layout/)).toBeInTheDocument();
    await h.user.click(within(dialog).getByRole('button', { name: 'Load' }));
    // AAABBBCCC / DABBBBCCC: r2c1 is in the fourth region, r2c2 in the first.
    await waitFor(() =>
      expect(h.cell(2, 1)).toHaveAccessibleName('Row 2, column 1, region 4, empty'),
    );
    expect(h.cell(2, 2)).toHaveAccessibleName('Row 2, column 2, region 1, empty');
    expect(
      screen
        .getAllByRole('gridcell')
        .filter((cell) => /clue/.test(cell.getAttribute('aria-label') ?? '')),
    ).toHaveLength(0);
  });

  it('Export writes the layout alone, and says the clues are left out', async () => {
    const h = renderApp();
    await chooseModeDigits(h);
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    const layout = within(dialog).getByRole('textbox', { name: /^layout/ });
    expect((layout as HTMLTextAreaElement).value).toBe(
      'AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII\n',
    );
    expect(layout).toHaveAccessibleName(/the 1 clue is left out/);
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
