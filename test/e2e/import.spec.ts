/** Importing the HDU 4069 sample, solving each case in the page, and the autosave across reloads. */
import { expect, test } from '@playwright/test';
import {
  cells,
  hduAnswers,
  importText,
  openApp,
  readDigits,
  readRegions,
  readRepoFile,
  samePartition,
  setMode,
  status,
} from './helpers.ts';

const input = readRepoFile('examples/hdu4069.in');
const answers = hduAnswers(readRepoFile('examples/hdu4069.out'));

test('the HDU 4069 sample file holds the cases the tests expect', () => {
  expect(answers.length).toBe(Number(input.trim().split(/\s+/)[0]));
});

answers.forEach((answer, index) => {
  const title = Array.isArray(answer) ? 'its one solution' : `"${answer}"`;
  test(`HDU 4069 sample, case ${index + 1}: Solve gives ${title}`, async ({ page }) => {
    await openApp(page);
    await importText(page, input, index);
    await expect(page.getByRole('region', { name: 'Layout' })).toContainText(
      'Complete: 9 regions of 9 cells.',
    );
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    if (Array.isArray(answer)) {
      await expect(status(page)).toHaveText(/^Unique solution/);
      expect(await readDigits(page)).toEqual(answer);
    } else if (answer === 'No solution') {
      await expect(status(page)).toHaveText(/^No solution/);
    } else {
      await expect(status(page)).toHaveText(/^Multiple solutions/);
    }
  });
});

test('the puzzle survives a reload', async ({ page }) => {
  await openApp(page);
  await importText(page, input, 0);
  // One more edit after the import, so the autosave of edits is covered too.
  await setMode(page, 'Enter digits');
  const digits = await readDigits(page);
  const empty = digits.join('').indexOf('.');
  await cells(page).nth(empty).click();
  await page.keyboard.press('1');
  const before = { digits: await readDigits(page), regions: await readRegions(page) };
  expect(before.digits.join('').indexOf('.')).not.toBe(empty);

  await page.reload();
  await expect(cells(page)).toHaveCount(81);
  expect(await readDigits(page)).toEqual(before.digits);
  expect(samePartition(await readRegions(page), before.regions)).toBe(true);
  await expect(page.getByRole('radio', { name: 'Enter digits' })).toBeChecked();
  // Undo still works after the reload: the last edit is taken back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await readDigits(page)).join('')[empty]).toBe('.');
});

test('a bare layout line imports as that layout, and the layout check says whether it fills', async ({
  page,
}) => {
  const [fillable] = readRepoFile('test/data/layouts/fillable-9x9.txt').split('\n');
  const [unfillable] = readRepoFile('test/data/layouts/unfillable-9x9.txt').split('\n');
  const regionsOf = (line: string): number[] => {
    const ids = new Map<string, number>();
    return Array.from(line, (char) => {
      if (!ids.has(char)) ids.set(char, ids.size);
      return ids.get(char) as number;
    });
  };
  await openApp(page);
  await importText(page, `${fillable}\n`);
  expect(samePartition(await readRegions(page), regionsOf(fillable))).toBe(true);
  expect((await readDigits(page)).join('')).toBe('.'.repeat(81));
  await expect(page.getByRole('region', { name: 'Layout' })).toContainText(
    'Complete: 9 regions of 9 cells.',
  );
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(status(page)).toHaveText(/^Multiple solutions/);

  await importText(page, `${unfillable}\n`);
  expect(samePartition(await readRegions(page), regionsOf(unfillable))).toBe(true);
  await expect(page.getByRole('status', { name: 'Next step' })).toContainText(
    /this layout cannot be filled/i,
  );
});
