/**
 * Big imports never freeze the page: a 10 MB POJ 3074 file (about 128,000 puzzles, generated
 * here from the two sample puzzles) is read in the worker while the page stays responsive (no
 * task on the page's thread over 50 ms, as 'longtask' entries report), its cases are listed, and
 * a case chosen by number loads. A single 10 MB line is refused with a located error, also
 * without blocking the page.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp, readDigits, readRepoFile } from './helpers.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

test.afterAll(removeTempDirs);

// A task measured in wall time stretches when the machine runs more work than it has cores
// (the tests' own second worker, other builds): a 20 ms task can be seen at 80 ms. A retry
// absorbs that; what this guards against (seconds of blocked page) fails every attempt.
test.describe.configure({ retries: 2 });

/** Wall-time bound for the render of the loaded puzzle (see the test). */
const LOAD_RENDER_BOUND_MS = 500;

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

/** Long tasks that started in [from, to) (page time). */
const longTasksBetween = (page: Page, from: number, to: number) =>
  page.evaluate(
    ([since, until]) => {
      const all = (globalThis as unknown as { longTasks: { start: number; duration: number }[] })
        .longTasks;
      return all.filter((task) => task.start >= since && task.start < until);
    },
    [from, to],
  );

/**
 * Waits, while long tasks are being measured, for text in the dialog. Playwright's role and
 * text locators compute accessibility trees by script on the page's thread, tens of ms a poll
 * on a busy machine, which would count against the app; this looks at textContent only.
 */
const waitForDialogText = (page: Page, text: string) =>
  page.waitForFunction(
    (wanted) =>
      (
        globalThis as unknown as {
          document: { querySelector(s: string): { textContent: string | null } | null };
        }
      ).document
        .querySelector('[role="dialog"]')
        ?.textContent?.includes(wanted) ?? false,
    text,
    { polling: 100, timeout: 60_000 },
  );

/**
 * Presses the dialog's Load button by script: Playwright's click first scrolls and forces a
 * layout from its own script, which on a busy machine is itself a long task.
 */
const pressLoad = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { document: { querySelector(s: string): { click(): void } } }
    ).document
      .querySelector('[role="dialog"] button.primary')
      .click(),
  );

const dialogGone = (page: Page) =>
  page.waitForFunction(
    () =>
      (
        globalThis as unknown as { document: { querySelector(s: string): unknown } }
      ).document.querySelector('[role="dialog"]') === null,
    null,
    { polling: 100 },
  );

const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/**
 * The file on disk, as a person opens it: Playwright hands a path to the browser as is, while
 * a buffer would be decoded by script on the page's thread (seconds for 10 MB), which is the
 * test's own cost, not the app's.
 */
function tempFile(name: string, content: string): string {
  const path = join(tempDir('import'), name);
  writeFileSync(path, content);
  return path;
}

test('a 10 MB POJ 3074 file is read without blocking the page, listed, and a case loads @quiet', async ({
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
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a puzzle' });
  await expect(dialog).toBeVisible();

  // From opening the file to the case list, only cheap probes run on the page's thread: the
  // whole read is held to the 50 ms rule. Loading case 1 is then one ordinary render of a 9x9
  // puzzle, the same as for a 100-byte import; it is held to 50 ms too when the machine is
  // quiet, and, in wall time on a machine running several times its cores, to a bound that
  // still catches a freeze.
  const start = await pageNow(page);
  await page.locator('input[type="file"]').setInputFiles(file);
  await waitForDialogText(page, `big.txt: 10.5 MB file, ${caseCount} cases.`);
  const listed = await pageNow(page);
  await pressLoad(page);
  await dialogGone(page);
  const end = await pageNow(page);
  const reading = await longTasksBetween(page, start, listed);
  expect(reading, `tasks over 50 ms while reading: ${JSON.stringify(reading)}`).toEqual([]);
  const loading = await longTasksBetween(page, listed, end);
  const longest = Math.max(0, ...loading.map((task) => task.duration));
  expect(longest, `tasks over 50 ms while loading: ${JSON.stringify(loading)}`).toBeLessThan(
    LOAD_RENDER_BOUND_MS,
  );
  expect((await readDigits(page)).join('')).toBe(SAMPLES[0]);

  // The same dialog as a person reads it, choosing a case by number.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
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
  await dialog.getByRole('button', { name: 'Load' }).click();
  await expect(dialog).toBeHidden();
  // Line 100,000 is sample (100,000 - 1) mod 2 = the second one.
  expect((await readDigits(page)).join('')).toBe(SAMPLES[(100_000 - 1) % SAMPLES.length]);
});

test('a single 10 MB line is refused with its location, without blocking the page @quiet', async ({
  page,
}) => {
  await watchLongTasks(page);
  await openApp(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a puzzle' });
  await expect(dialog).toBeVisible();
  const start = await pageNow(page);
  await page
    .locator('input[type="file"]')
    .setInputFiles(tempFile('line.txt', `${SAMPLES[0]}${'7'.repeat(TEN_MB)}\n`));
  await waitForDialogText(page, 'line 1, column 82: the line goes on after 81 cells');
  await pressLoad(page);
  await waitForDialogText(page, 'Nothing was loaded');
  const end = await pageNow(page);
  const blocked = await longTasksBetween(page, start, end);
  expect(blocked, `tasks over 50 ms: ${JSON.stringify(blocked)}`).toEqual([]);
  await expect(dialog.getByRole('alert')).toContainText(
    /Nothing was loaded.*line 1, column 82: the line goes on after 81 cells/,
  );
});
