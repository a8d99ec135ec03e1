/**
 * The batch view, by role and name: opened from Import for a multi-case input, its table is
 * filled by solving every case in the (in-thread) import worker; the status filter; Open on a
 * case (asking first with unsaved work); Cancel, which stops between batches and lets "Solve the
 * rest" carry on; "Download all answers" holding the judge's exact output; Print puzzles
 * handing the print sheet several puzzles per page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  BatchCallOptions,
  BatchProgress,
  BatchResult,
  ImportClient,
} from '../../src/worker/protocol.ts';
import { ANSWER_STATUSES, type AnswerStatus } from '../../src/formats/index.ts';
import { createChannelClient } from '../worker/channelClient.ts';
import HDU4069 from './fixtures/hdu4069.in?raw';
import HDU4069_OUT from '../../examples/hdu4069.out?raw';
import JIGSAW from '../../examples/jigsaw.in?raw';
import JIGSAW_OUT from '../../examples/jigsaw.out?raw';
import { renderApp, type Harness } from './harness.tsx';

// jsdom lays nothing out: the table's scroll box is given a height, so the virtual list has
// rows to render (clientHeight is what @tanstack/react-virtual measures).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openBatchView(h: Harness, text: string) {
  await h.user.click(screen.getByRole('button', { name: 'Import' }));
  const importDialog = screen.getByRole('dialog', { name: 'Import a puzzle' });
  await h.user.click(within(importDialog).getByRole('textbox', { name: 'Puzzle text' }));
  await h.user.paste(text);
  await h.user.click(await within(importDialog).findByRole('button', { name: 'Open batch view' }));
  return screen.getByRole('dialog', { name: 'Batch view' });
}

/** The table's body rows, as the cells' text. */
function rowsOf(dialog: HTMLElement): string[][] {
  const table = within(dialog).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

const solved = (dialog: HTMLElement, total: number) =>
  waitFor(() =>
    expect(within(dialog).getByRole('status', { name: 'Solving progress' })).toHaveTextContent(
      `${total} of ${total} cases: done.`,
    ),
  );

describe('batch view', () => {
  it('solves every case, filters by status and downloads the judge output', async () => {
    const h = renderApp();
    const dialog = await openBatchView(h, HDU4069);
    // Cancel has the focus while solving; when it goes, the focus moves to the download.
    await solved(dialog, 3);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Download all answers' })).toHaveFocus(),
    );
    expect(rowsOf(dialog)).toEqual([
      ['1', '9×9', expect.stringMatching(/^\d+$/), 'unique', 'Open'],
      ['2', '9×9', expect.stringMatching(/^\d+$/), 'none', 'Open'],
      ['3', '9×9', expect.stringMatching(/^\d+$/), 'multiple', 'Open'],
    ]);

    const filter = within(dialog).getByRole('combobox', { name: 'Filter by status' });
    expect(within(filter).getByRole('option', { name: 'None (no solution) (1)' })).toBeTruthy();
    await h.user.selectOptions(filter, 'none');
    expect(rowsOf(dialog).map((row) => row[0])).toEqual(['2']);
    await h.user.selectOptions(filter, 'invalid');
    expect(rowsOf(dialog)).toEqual([]);
    expect(within(dialog).getByText('No case has this status.')).toBeInTheDocument();
    await h.user.selectOptions(filter, 'all');
    expect(rowsOf(dialog)).toHaveLength(3);

    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:answers';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await h.user.click(within(dialog).getByRole('button', { name: 'Download all answers' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await blobs[0].text()).toBe(HDU4069_OUT);
  });

  it('lists the one-line jigsaw format of every size, read through the same registry', async () => {
    const h = renderApp();
    const dialog = await openBatchView(h, JIGSAW);
    await solved(dialog, 6);
    expect(rowsOf(dialog).map((row) => row.slice(0, 2))).toEqual(
      JIGSAW.trim()
        .split('\n')
        .map((line, index) => {
          const size = Math.round(Math.sqrt(line.replace(' ', '').length / 2));
          return [String(index + 1), `${size}×${size}`];
        }),
    );
    const words = { unique: 'unique', 'No solution': 'none', 'Multiple solutions': 'multiple' };
    expect(rowsOf(dialog).map((row) => row[3])).toEqual(
      JIGSAW_OUT.trim()
        .split('\n')
        .map((line) => words[line as keyof typeof words] ?? 'unique'),
    );
  });

  it('opened again, the view shows what was solved without solving it again', async () => {
    const h = renderApp();
    let dialog = await openBatchView(h, HDU4069);
    await solved(dialog, 3);
    await h.user.click(within(dialog).getByRole('button', { name: 'Back to import' }));
    const importDialog = screen.getByRole('dialog', { name: 'Import a puzzle' });
    await h.user.click(within(importDialog).getByRole('button', { name: 'Open batch view' }));
    dialog = screen.getByRole('dialog', { name: 'Batch view' });
    await solved(dialog, 3);
    expect(rowsOf(dialog).map((row) => row[3])).toEqual(['unique', 'none', 'multiple']);
    expect(within(dialog).getByRole('button', { name: 'Download all answers' })).toBeEnabled();
  });

  it('shows invalid cases with their located error', async () => {
    const h = renderApp();
    const lines = [`7${'.'.repeat(80)}`, `x${'.'.repeat(80)}`, `8${'.'.repeat(80)}`];
    const dialog = await openBatchView(h, `${lines.join('\n')}\n`);
    await solved(dialog, 3);
    const rows = rowsOf(dialog);
    expect(rows[1].slice(0, 4)).toEqual([
      '2',
      '—',
      '—',
      expect.stringMatching(/^invalid: case 2, line 2, column 1: /),
    ]);
    expect(within(dialog).getByRole('button', { name: 'Open case 2' })).toBeDisabled();
    // Two clueless-but-one standard puzzles have many solutions.
    expect(rows[0][3]).toBe('multiple');
  });

  it('opens a case in the editor, asking first when there is unsaved work', async () => {
    const h = renderApp();
    // Unsaved work: a clue typed by hand.
    await h.user.click(screen.getByRole('radio', { name: 'Enter digits' }));
    await h.user.click(h.cell(5, 5));
    await h.user.keyboard('4');
    const dialog = await openBatchView(h, HDU4069);
    await solved(dialog, 3);
    await h.user.click(within(dialog).getByRole('button', { name: 'Open case 3' }));
    const confirm = screen.getByRole('dialog', { name: 'Open case 3?' });
    // Declined: nothing changes.
    await h.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Open case 3?' })).not.toBeInTheDocument();
    expect(h.cell(5, 5)).toHaveAccessibleName(/clue 4/);
    await h.user.click(within(dialog).getByRole('button', { name: 'Open case 3' }));
    await h.user.click(screen.getByRole('button', { name: 'Discard and open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Case 3 of the sample: its first row starts with a clue 1 in column 5.
    const expected = HDU4069.split('\n')[21].trim().split(/\s+/).map(Number);
    const firstClue = expected.findIndex((value) => (value & 15) !== 0);
    expect(h.cell(1, firstClue + 1)).toHaveAccessibleName(
      new RegExp(`clue ${expected[firstClue] & 15}$`),
    );
  });

  it('Cancel stops between batches, keeps what was solved, and Solve the rest carries on', async () => {
    const real = createChannelClient();
    type Call = {
      options: BatchCallOptions;
      answers: boolean[];
      end(result: BatchResult): void;
    };
    const calls: Call[] = [];
    // The real import worker, but batches sent by the test, one case at a time.
    const importer: ImportClient = {
      ...real,
      solveBatch: (_id, options) =>
        new Promise((resolve) => calls.push({ options, answers: [], end: resolve })),
    };
    let answered = 0;
    /** One case's status to the page, as the worker sends it; stops when the page says so. */
    const code = (status: AnswerStatus): number => ANSWER_STATUSES.indexOf(status);
    const send = async (status: number) => {
      const call = calls[calls.length - 1];
      const batch: BatchProgress = {
        from: answered++,
        statuses: Uint8Array.of(status),
        errors: [],
      };
      const goOn = await call.options.onBatch(batch);
      call.answers.push(goOn);
      if (!goOn) call.end({ done: false, answered, answers: null });
    };
    const h = renderApp({ importer });
    const dialog = await openBatchView(h, HDU4069);
    await waitFor(() => expect(calls).toHaveLength(1));
    await send(code('unique'));
    const progress = within(dialog).getByRole('status', { name: 'Solving progress' });
    await waitFor(() => expect(progress).toHaveTextContent('1 of 3 cases…'));
    expect(calls[0].answers).toEqual([true]);

    await h.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(progress).toHaveTextContent('stopping');
    // The next batch is told to stop; what was solved stays.
    await send(code('none'));
    expect(calls[0].answers).toEqual([true, false]);
    await waitFor(() => expect(progress).toHaveTextContent('2 of 3 cases: stopped.'));
    expect(rowsOf(dialog).map((row) => row[3])).toEqual(['unique', 'none', 'not solved yet']);
    expect(within(dialog).getByRole('button', { name: 'Download all answers' })).toBeDisabled();

    await h.user.click(within(dialog).getByRole('button', { name: 'Solve the rest' }));
    expect(calls).toHaveLength(2);
    await send(code('multiple'));
    calls[1].end({ done: true, answered: 3, answers: 'the answers' });
    await waitFor(() => expect(progress).toHaveTextContent('3 of 3 cases: done.'));
    expect(rowsOf(dialog).map((row) => row[3])).toEqual(['unique', 'none', 'multiple']);
    expect(within(dialog).getByRole('button', { name: 'Download all answers' })).toBeEnabled();
  });

  it('a failed solve says why, and Solve again reads the input anew before solving', async () => {
    const real = createChannelClient();
    const ids: number[] = [];
    let reads = 0;
    const importer: ImportClient = {
      ...real,
      parseImport: (...args) => {
        reads++;
        return real.parseImport(...args);
      },
      solveBatch: (id, options) => {
        ids.push(id);
        return ids.length === 1
          ? Promise.reject(new Error('the worker broke'))
          : real.solveBatch(id, options);
      },
    };
    const h = renderApp({ importer });
    const dialog = await openBatchView(h, HDU4069);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Solving failed: the worker broke',
    );
    const readsBefore = reads;
    await h.user.click(within(dialog).getByRole('button', { name: 'Solve again' }));
    await solved(dialog, 3);
    expect(reads).toBe(readsBefore + 1);
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(ids[0]);
    expect(rowsOf(dialog).map((row) => row[3])).toEqual(['unique', 'none', 'multiple']);
  });

  it('Print puzzles hands the print sheet the shown cases, several to a page', async () => {
    const h = renderApp();
    const print = vi.fn();
    window.print = print;
    const dialog = await openBatchView(h, HDU4069);
    await solved(dialog, 3);
    await h.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Filter by status' }),
      'unique',
    );
    await h.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Puzzles per page' }),
      '2',
    );
    await h.user.click(within(dialog).getByRole('button', { name: 'Print puzzles' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const sheet = screen.getByTestId('print-sheet');
    expect(sheet.querySelectorAll('.print-batch-page')).toHaveLength(1);
    expect(sheet.querySelector('.print-per-page-2')).not.toBeNull();
    expect(
      Array.from(sheet.querySelectorAll('figcaption'), (caption) => caption.textContent),
    ).toEqual(['Case 1']);
    expect(sheet.querySelectorAll('svg')).toHaveLength(1);

    await h.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Filter by status' }),
      'all',
    );
    await h.user.click(within(dialog).getByRole('button', { name: 'Print puzzles' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(sheet.querySelectorAll('.print-batch-page')).toHaveLength(2);
    // Closing the view gives the sheet back to the puzzle.
    await h.user.click(within(dialog).getByRole('button', { name: 'Back to import' }));
    await waitFor(() =>
      expect(screen.getByTestId('print-sheet').querySelector('.print-batch-page')).toBeNull(),
    );
  });
});
