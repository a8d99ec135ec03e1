/**
 * A large unreadable save is never lost silently: a 5 MB corrupt save (too big to copy aside
 * within the browser's storage quota) is reported, survives edits and reloads untouched, and is
 * offered as a download, after which autosave resumes.
 */
import { expect, test, type Page } from '@playwright/test';
import { cells, openApp, setMode } from './helpers.ts';

const KEY = 'squiggly';

/** The page's localStorage as the evaluated functions use it (this file compiles without DOM types). */
interface PageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** Writes the biggest corrupt save from the list that fits; returns its length. */
async function writeCorruptSave(page: Page): Promise<number> {
  return page.evaluate((key) => {
    (globalThis as unknown as { localStorage: PageStorage }).localStorage.clear();
    for (const size of [5_000_000, 4_500_000, 4_000_000, 3_000_000]) {
      try {
        (globalThis as unknown as { localStorage: PageStorage }).localStorage.setItem(
          key,
          `{"state": {"size": 9, "walls": [${'7'.repeat(size)}`,
        );
        return (
          (globalThis as unknown as { localStorage: PageStorage }).localStorage.getItem(key)
            ?.length ?? 0
        );
      } catch {
        // Too big for this browser's quota: try a smaller one.
      }
    }
    return 0;
  }, KEY);
}

/** Whether the stored save is still the corrupt one, unchanged. */
const corruptSaveKept = (page: Page, length: number) =>
  page.evaluate(
    ([key, size]) => {
      const raw = (globalThis as unknown as { localStorage: PageStorage }).localStorage.getItem(
        key as string,
      );
      return (
        raw !== null && raw.length === size && raw.startsWith('{"state": {"size": 9, "walls": [777')
      );
    },
    [KEY, length] as const,
  );

test('a 5 MB corrupt save is reported, kept through edits and reloads, and downloadable', async ({
  page,
}) => {
  await openApp(page);
  const length = await writeCorruptSave(page);
  expect(length).toBeGreaterThan(3_000_000);
  // A copy of it does not fit beside it: this is the case where setting aside fails.
  expect(
    await page.evaluate((size) => {
      try {
        (globalThis as unknown as { localStorage: PageStorage }).localStorage.setItem(
          'probe',
          'x'.repeat(size),
        );
        (globalThis as unknown as { localStorage: PageStorage }).localStorage.removeItem('probe');
        return true;
      } catch {
        return false;
      }
    }, length),
  ).toBe(false);

  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: 'Your saved puzzle' });
  await expect(notice).toContainText(/could not be restored \(it is not valid JSON/);
  await expect(notice).toContainText(/autosave is paused/);
  const download = notice.getByRole('button', { name: 'Download the unreadable save' });
  await expect(download).toBeVisible();

  // Edits go on, and do not touch the save.
  await setMode(page, 'Enter digits');
  await cells(page).nth(0).click();
  await page.keyboard.press('5');
  await expect(cells(page).nth(0)).toHaveText('5');
  expect(await corruptSaveKept(page, length)).toBe(true);

  // Still there, and still offered, after a reload.
  await page.reload();
  await expect(download).toBeVisible();
  expect(await corruptSaveKept(page, length)).toBe(true);

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.length).toBe(length);
  expect(text.startsWith('{"state": {"size": 9, "walls": [777')).toBe(true);
  await expect(notice).toBeHidden();

  // Autosave has resumed: the next edit is saved, and a reload brings it back.
  await setMode(page, 'Enter digits');
  await cells(page).nth(1).click();
  await page.keyboard.press('6');
  await expect
    .poll(() =>
      page.evaluate(
        (key) =>
          (globalThis as unknown as { localStorage: PageStorage }).localStorage.getItem(key)
            ?.length ?? 0,
        KEY,
      ),
    )
    .toBeLessThan(100_000);
  await page.reload();
  await expect(cells(page).nth(1)).toHaveText('6');
  await expect(page.getByRole('alert').filter({ hasText: 'Your saved puzzle' })).toHaveCount(0);
});
