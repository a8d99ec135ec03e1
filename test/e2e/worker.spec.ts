/**
 * The solver runs in a Web Worker: during a long run the page keeps answering, and Cancel
 * stops the run at once.
 *
 * The long run: count the solutions of an empty 16x16 grid up to the largest limit the page
 * takes (1,000,000), several seconds of search here. If the engine ever gets so fast that this
 * finishes before the test presses Cancel, the test fails (it checks the run is still going),
 * and needs a longer run, not a retry.
 */
import { expect, test } from '@playwright/test';
import { cells, openApp, status } from './helpers.ts';

// @quiet: it times the page's answers (under 2 s a mode switch), which a second browser
// beside it on two cores can delay past any such bound; run-e2e.mjs runs it alone.
test('a long count leaves the page responsive, and Cancel stops it @quiet', async ({ page }) => {
  await openApp(page);
  await page.getByRole('combobox', { name: 'Size' }).selectOption('16');
  await expect(cells(page)).toHaveCount(256);
  const limit = page.getByRole('spinbutton', { name: 'Solution limit' });
  await limit.fill('1000000');
  await limit.blur();

  await page.getByRole('button', { name: 'Count solutions', exact: true }).click();
  await expect(status(page)).toHaveText('Counting solutions…');
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await expect(cancel).toBeVisible();

  // The main thread is free: the mode control answers at once, more than once.
  const quick = { timeout: 2_000 };
  for (const mode of ['Enter digits', 'Paint regions', 'Draw walls']) {
    const started = Date.now();
    await page.getByRole('radio', { name: mode }).check(quick);
    await expect(page.getByRole('radio', { name: mode })).toBeChecked(quick);
    expect(Date.now() - started).toBeLessThan(2_000);
  }
  // Progress reports arrive from the worker while it searches.
  await expect(page.getByText(/[\d,]+ guesses/)).toBeVisible();
  await expect(status(page), 'the count must still be running here').toHaveText(
    'Counting solutions…',
  );

  await cancel.click();
  await expect(status(page)).toHaveText(/^Cancelled/, quick);
  await expect(cancel).toBeHidden();

  // A fresh worker takes the next run.
  await page.getByRole('button', { name: 'Check uniqueness', exact: true }).click();
  await expect(status(page)).toHaveText(/^Multiple solutions/);
});
