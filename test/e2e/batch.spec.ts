/**
 * The batch view in the built app: a 2,500-case HDU 4069 file (made here by
 * test/fixtures/make-hdu4069.ts --mixed: about 1 case in 10 without a solution and 1 in 10 with
 * several, seeded, so always the same file) is imported, its batch view opened and cancelled
 * right away (the solve stops with cases left, and the download waits), carried on to the end,
 * and the downloaded answers compared byte for byte with `bin/squiggly solve` on the same file.
 * A 10,000-case file fills the table without a task over 50 ms on the page's thread (@quiet:
 * run alone, see run-e2e.mjs), while the table is scrolled.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp, PHONE, readRepoFile, REPO_ROOT } from './helpers.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

test.afterAll(removeTempDirs);

/** A mixed hdu4069 file of `cases` cases on disk (the generator is seeded). */
function mixedFile(cases: number): string {
  const made = spawnSync(
    join(REPO_ROOT, 'node_modules/.bin/tsx'),
    ['test/fixtures/make-hdu4069.ts', '--mixed', String(cases)],
    { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (made.status !== 0) throw new Error(`make-hdu4069 failed: ${made.stderr}`);
  const path = join(tempDir('batch'), `mixed-${cases}.txt`);
  writeFileSync(path, made.stdout);
  return path;
}

/** `bin/squiggly solve FILE`: its standard output as bytes. */
function cliSolve(path: string): Buffer {
  const run = spawnSync(process.execPath, ['bin/squiggly', 'solve', path], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`squiggly solve failed: ${run.stderr.toString()}`);
  return run.stdout;
}

/** A laid-out box on the page, as the phone test reads its widths. */
interface PageBox {
  textContent: string | null;
  clientWidth: number;
  scrollWidth: number;
  querySelectorAll(selector: string): ArrayLike<PageBox>;
}

/** The page's globals this file uses (the e2e code compiles without the DOM types). */
interface PageElement {
  textContent: string | null;
  scrollTop: number;
  scrollHeight: number;
  click(): void;
}
interface PageGlobals {
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  print(): void;
  printed?: number;
  longTasks: { start: number; duration: number }[];
  performance: { now(): number };
}

async function importFile(page: Page, path: string) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a puzzle' });
  await dialog.getByLabel('Open a file').setInputFiles(path);
  return dialog;
}

test('a 2,500-case file: solved in the batch view, Cancel stops it, answers match the CLI', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const path = mixedFile(2500);
  const expected = cliSolve(path);
  await openApp(page);
  const importDialog = await importFile(page, path);
  const open = importDialog.getByRole('button', { name: 'Open batch view' });
  await expect(open).toBeVisible({ timeout: 30_000 });

  // Open and Cancel in one script: a click by Playwright would come after a solve this fast
  // may have ended. Cancel stops the worker at its next batch (at most 256 cases).
  await page.evaluate(async () => {
    const { document } = globalThis as unknown as PageGlobals;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    Array.from(document.querySelectorAll('[role="dialog"] button'))
      .find((button) => button.textContent === 'Open batch view')
      ?.click();
    // The view renders in a transition; its solve starts once it is on the page.
    for (let waited = 0; waited < 5000; waited += 5) {
      const cancel = document.querySelector('[aria-label="Solving progress"] button');
      if (cancel?.textContent === 'Cancel') {
        await pause(20);
        cancel.click();
        return;
      }
      await pause(5);
    }
    throw new Error('no Cancel button in the batch view');
  });
  const view = page.getByRole('dialog', { name: 'Batch view' });
  const progress = view.getByRole('status', { name: 'Solving progress' });
  await expect(progress).toHaveText(/of 2,500 cases: stopped\./);
  const stoppedAt = Number((await progress.textContent())?.match(/^Solved([\d,]+) of/)?.[1]);
  expect(stoppedAt).toBeLessThan(2500);
  await expect(view.getByRole('button', { name: 'Download all answers' })).toBeDisabled();
  const filter = view.getByRole('combobox', { name: 'Filter by status' });
  await expect(filter.getByRole('option', { name: /^Not solved yet/ })).toHaveText(
    `Not solved yet (${(2500 - stoppedAt).toLocaleString('en')})`,
  );

  await view.getByRole('button', { name: 'Solve the rest' }).click();
  await expect(progress).toHaveText(/2,500 of 2,500 cases: done\./, { timeout: 60_000 });

  // Every status the command line printed, counted in the filter.
  const text = expected.toString('utf8');
  const none = text.match(/^No solution$/gm)?.length ?? 0;
  const multiple = text.match(/^Multiple Solutions$/gm)?.length ?? 0;
  expect(none).toBeGreaterThan(0);
  expect(multiple).toBeGreaterThan(0);
  await expect(filter.getByRole('option', { name: /^None/ })).toHaveText(
    `None (no solution) (${none})`,
  );
  await expect(filter.getByRole('option', { name: /^Multiple/ })).toHaveText(
    `Multiple solutions (${multiple})`,
  );
  await expect(filter.getByRole('option', { name: /^Unique/ })).toHaveText(
    `Unique (${(2500 - none - multiple).toLocaleString('en')})`,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    view.getByRole('button', { name: 'Download all answers' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('mixed-2500.out');
  const downloaded = readFileSync(await download.path());
  expect(downloaded.length).toBe(expected.length);
  expect(downloaded.equals(expected)).toBe(true);

  // The filter shows only the chosen status; a case opens in the editor.
  await filter.selectOption('multiple');
  const rows = view.getByRole('row');
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('multiple');
  const firstMultiple = Number(await rows.nth(1).getByRole('cell').first().textContent());
  await view.getByRole('button', { name: `Open case ${firstMultiple}`, exact: true }).click();
  await expect(view).toBeHidden();
});

test('the print sheet holds the shown cases, 6 to a page', async ({ page }) => {
  const path = mixedFile(40);
  await openApp(page);
  await page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    page.print = () => {
      page.printed = (page.printed ?? 0) + 1;
    };
  });
  const importDialog = await importFile(page, path);
  await importDialog.getByRole('button', { name: 'Open batch view' }).click();
  const view = page.getByRole('dialog', { name: 'Batch view' });
  await expect(view.getByRole('status', { name: 'Solving progress' })).toHaveText(/: done\./);
  await view.getByRole('combobox', { name: 'Puzzles per page' }).selectOption('6');
  await view.getByRole('button', { name: 'Print puzzles' }).click();
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).printed))
    .toBe(1);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet.locator('.print-batch-page')).toHaveCount(7);
  await expect(sheet.locator('figure')).toHaveCount(40);
  await expect(sheet.locator('figcaption').first()).toHaveText('Case 1');
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  expect((pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length).toBe(7);
});

test('after Print puzzles the focus stays in the view: Escape still closes it', async ({
  page,
}) => {
  await openApp(page);
  await page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    page.print = () => {
      page.printed = (page.printed ?? 0) + 1;
    };
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import a puzzle' });
  await importDialog
    .getByRole('textbox', { name: 'Puzzle text' })
    .fill(readRepoFile('examples/hdu4069.in'));
  await importDialog.getByRole('button', { name: 'Open batch view' }).click();
  const view = page.getByRole('dialog', { name: 'Batch view' });
  await expect(view.getByRole('status', { name: 'Solving progress' })).toHaveText(/: done\./);
  const print = view.getByRole('button', { name: 'Print puzzles' });
  await print.click();
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).printed))
    .toBe(1);
  // The button is disabled while the cases are fetched; Chromium dropped the focus to the page.
  await expect(print).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
});

test.describe('on a phone (360x740, touch)', () => {
  test.use(PHONE);

  test('every column of the table shows, the status whole, without sideways scrolling', async ({
    page,
  }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Import', exact: true }).tap();
    const importDialog = page.getByRole('dialog', { name: 'Import a puzzle' });
    await importDialog
      .getByRole('textbox', { name: 'Puzzle text' })
      .fill(readRepoFile('examples/jigsaw.in'));
    await importDialog.getByRole('button', { name: 'Open batch view' }).tap();
    const view = page.getByRole('dialog', { name: 'Batch view' });
    await expect(view.getByRole('status', { name: 'Solving progress' })).toHaveText(/: done\./);
    const table = view.getByRole('table', { name: 'Cases' });
    // The status column had shrunk to its padding, hidden behind the fixed columns.
    const widths = await table.evaluate((box) => ({
      client: box.clientWidth,
      all: box.scrollWidth,
    }));
    expect(widths.all).toBeLessThanOrEqual(widths.client);
    // Case 5 of examples/jigsaw.in has several solutions ("multiple", the longest word of a
    // solved case); 6 is the 16x16 ("16×16", the widest size). No cell cuts its text short.
    const row = (n: number) => table.getByRole('row').nth(n);
    await expect(row(5).getByRole('cell').nth(3)).toHaveText('multiple');
    await expect(row(6).getByRole('cell').nth(1)).toHaveText('16×16');
    const cut = await table.evaluate((box) =>
      Array.from(
        (box as unknown as PageBox).querySelectorAll('[role="cell"], [role="columnheader"]'),
      )
        .filter((cell) => cell.scrollWidth > cell.clientWidth)
        .map((cell) => cell.textContent),
    );
    expect(cut).toEqual([]);
    const open = view.getByRole('button', { name: 'Open case 6', exact: true });
    const [tableBox, openBox] = [await table.boundingBox(), await open.boundingBox()];
    expect(openBox!.x + openBox!.width).toBeLessThanOrEqual(tableBox!.x + tableBox!.width);
    await open.tap();
    await expect(view).toBeHidden();
    await expect(page.getByRole('grid', { name: 'Puzzle grid' }).getByRole('row')).toHaveCount(16);
  });
});

test.describe('long tasks', () => {
  // Retried twice in the @quiet pass (test/e2e/run-e2e.mjs): a task measured in wall time
  // stretches on a busy machine, while a real freeze fails every attempt.
  test('a 10,000-case file fills the table without a task over 50 ms @quiet', async ({ page }) => {
    test.setTimeout(180_000);
    const path = mixedFile(10_000);
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (globalThis as unknown as PageGlobals).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          tasks.push({ start: entry.startTime, duration: entry.duration });
        }
      }).observe({ type: 'longtask' as 'mark', buffered: true });
    });
    await openApp(page);
    const importDialog = await importFile(page, path);
    await expect(importDialog.getByRole('button', { name: 'Open batch view' })).toBeVisible({
      timeout: 60_000,
    });
    // From here only scripts that read textContent or click run on the page's thread: Playwright's
    // role locators compute accessibility trees there, which would count against the app.
    const now = () => page.evaluate(() => (globalThis as unknown as PageGlobals).performance.now());
    // Playwright puts its helper script into the page at the first waitForFunction: a task of
    // its own, tens of ms, which must not be counted against the app.
    await page.waitForFunction(() => true);
    const start = await now();
    await page.evaluate(() =>
      Array.from(
        (globalThis as unknown as PageGlobals).document.querySelectorAll('[role="dialog"] button'),
      )
        .find((button) => button.textContent === 'Open batch view')
        ?.click(),
    );
    // Scroll the table while it fills: to the middle, then to the end.
    for (const to of [0.5, 1]) {
      await page.waitForTimeout(300);
      await page.evaluate((fraction) => {
        const box = (globalThis as unknown as PageGlobals).document.querySelector(
          '.batch-table-scroll',
        );
        if (box) box.scrollTop = fraction * box.scrollHeight;
      }, to);
    }
    await page.waitForFunction(
      () =>
        (globalThis as unknown as PageGlobals).document
          .querySelector('[aria-label="Solving progress"]')
          ?.textContent?.includes('10,000 of 10,000 cases: done.') ?? false,
      null,
      { polling: 100, timeout: 120_000 },
    );
    const end = await now();
    const long = await page.evaluate(
      ([from, to]) =>
        (globalThis as unknown as PageGlobals).longTasks.filter(
          (task) => task.start >= from && task.start < to,
        ),
      [start, end],
    );
    expect(long, `tasks over 50 ms while the table filled: ${JSON.stringify(long)}`).toEqual([]);
    // The last rows are there after the scroll.
    await expect(
      page
        .getByRole('dialog', { name: 'Batch view' })
        .getByRole('cell', { name: '10,000', exact: true }),
    ).toBeVisible();
  });
});
