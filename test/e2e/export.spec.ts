/** Export: the puzzle as text in the formats that hold it, copied back in by Import. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  importText,
  newPuzzle,
  openApp,
  readDigits,
  readRegions,
  readRepoFile,
  samePartition,
} from './helpers.ts';

test('Export → JSON → New → Import gives the same puzzle back; Download saves it', async ({
  page,
}) => {
  await openApp(page);
  await importText(page, readRepoFile('examples/hdu4069.in'), 0);
  const before = { digits: await readDigits(page), regions: await readRegions(page) };

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const json = await dialog.getByRole('textbox', { name: /^json\b/ }).inputValue();
  const parsed = JSON.parse(json) as { size: number; regions: number[][]; givens: number[][] };
  expect(parsed.size).toBe(9);
  expect(parsed.givens.map((row) => row.map((d) => d || '.').join(''))).toEqual(before.digits);
  // The hdu4069 form is offered too, for a 9x9 jigsaw.
  await expect(dialog.getByRole('textbox', { name: /^hdu4069\b/ })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download json' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  expect(readFileSync(await download.path(), 'utf8')).toBe(json);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();

  await newPuzzle(page, 'Empty grid');
  expect((await readDigits(page)).join('')).toBe('.'.repeat(81));
  await importText(page, json);
  expect(await readDigits(page)).toEqual(before.digits);
  expect(samePartition(await readRegions(page), before.regions)).toBe(true);
});

test('keyboard only: arrows move, digits enter clues, Backspace clears, Shift+arrow draws', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('radio', { name: 'Enter digits' }).check();
  await page.getByRole('gridcell', { selected: true }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('7');
  expect((await readDigits(page))[1]).toBe('.7.......');
  await page.keyboard.press('Backspace');
  expect((await readDigits(page))[1]).toBe('.........');

  // Undo from the keyboard brings the clue back.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await readDigits(page))[1]).toBe('.7.......');

  await page.getByRole('radio', { name: 'Draw walls' }).check();
  const layout = page.getByRole('region', { name: 'Layout' });
  await expect(layout).toContainText('Complete: 9 regions of 9 cells.');
  // Back into the grid: focus lands on the cursor cell (r2c2), the one cell in the tab order.
  await page.getByRole('gridcell', { selected: true }).focus();
  await expect(page.getByRole('gridcell', { selected: true })).toHaveAccessibleName(
    /^Row 2, column 2\b/,
  );
  await page.keyboard.press('Shift+ArrowRight');
  const problems = layout.getByRole('list', { name: 'Layout problems' });
  await expect(problems).toContainText('between r2c2 and r2c3');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(problems).toBeHidden();
});
