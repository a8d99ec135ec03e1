/**
 * Big imports never freeze the page: a 10 MB POJ 3074 file (about 128,000 puzzles, generated
 * here from the two sample puzzles) is read in the worker while the page stays responsive (no
 * task on the page's thread over 50 ms, as 'longtask' entries report), its cases are listed, and
 * a case chosen by number loads. A single 10 MB line is refused with a located error, also
 * without blocking the page.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp, readDigits, readRepoFile } from './helpers.ts';

const SAMPLES = readRepoFile('examples/poj3074.in')
  .split('\n')
  .filter((line) => line.length === 81);
const TEN_MB = 10 * 1024 * 1024;

/** Every 'longtask' entry (a task over 50 ms on the page's thread) from the page's start. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (globalThis as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask' as 'mark', buffered: true });
  });
}

/** Long tasks since `since` (page time), and the clock now. */
const longTasksSince = (page: Page, since: number) =>
  page.evaluate((from) => {
    const all = (globalThis as unknown as { longTasks: { start: number; duration: number }[] })
      .longTasks;
    return all.filter((task) => task.start >= from);
  }, since);

const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/**
 * The file on disk, as a person opens it: Playwright hands a path to the browser as is, while
 * a buffer would be decoded by script on the page's thread (seconds for 10 MB), which is the
 * test's own cost, not the app's.
 */
function tempFile(name: string, content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'squiggly-import-')), name);
  writeFileSync(path, content);
  return path;
}

test('a 10 MB POJ 3074 file is read without blocking the page, listed, and a case loads', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lines: string[] = [];
  let bytes = 0;
  while (bytes < TEN_MB) {
    const line = SAMPLES[lines.length % SAMPLES.length];
    lines.push(line);
    bytes += line.length + 1;
  }
  const file = tempFile('big.txt', `${lines.join('\n')}\n`);
  const caseCount = lines.length.toLocaleString('en');

  await watchLongTasks(page);
  await openApp(page);
  const start = await pageNow(page);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a puzzle' });
  await dialog.getByLabel('Open a file').setInputFiles(file);
  await expect(dialog.getByText(`big.txt: 10.5 MB file, ${caseCount} cases.`)).toBeVisible({
    timeout: 60_000,
  });
  await expect(dialog.getByText(/^Detected format: poj3074/)).toBeVisible();
  // The text never went into the text box.
  await expect(dialog.getByRole('textbox', { name: 'Puzzle text' })).toHaveCount(0);
  const caseNumber = dialog.getByRole('spinbutton', { name: /^Case/ });
  await expect(caseNumber).toHaveValue('1');
  await caseNumber.fill('100000');
  await expect(dialog.getByText('9×9, line 100,000')).toBeVisible();
  await dialog.getByRole('button', { name: /^(Load|Discard and load)$/ }).click();
  await expect(dialog).toBeHidden();

  // Line 100,000 is sample (100,000 - 1) mod 2 = the second one.
  const expected = SAMPLES[(100_000 - 1) % SAMPLES.length];
  expect((await readDigits(page)).join('')).toBe(expected);

  const blocked = await longTasksSince(page, start);
  expect(blocked, `tasks over 50 ms: ${JSON.stringify(blocked)}`).toEqual([]);
});

test('a single 10 MB line is refused with its location, without blocking the page', async ({
  page,
}) => {
  await watchLongTasks(page);
  await openApp(page);
  const start = await pageNow(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a puzzle' });
  await dialog
    .getByLabel('Open a file')
    .setInputFiles(tempFile('line.txt', `${SAMPLES[0]}${'7'.repeat(TEN_MB)}\n`));
  await expect(dialog.getByText(/line 1, column 82: the line goes on after 81 cells/)).toBeVisible({
    timeout: 60_000,
  });
  await dialog.getByRole('button', { name: /^(Load|Discard and load)$/ }).click();
  await expect(dialog.getByRole('alert')).toContainText('Nothing was loaded');
  const blocked = await longTasksSince(page, start);
  expect(blocked, `tasks over 50 ms: ${JSON.stringify(blocked)}`).toEqual([]);
});
