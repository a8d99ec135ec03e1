/**
 * Sharing, images and print in the built app: Copy link opened in a fresh browser context
 * gives the same puzzle with its title; image export downloads a real SVG and PNG; print
 * preview shows the puzzle alone, and the answer on a second page when asked.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  importText,
  openApp,
  readDigits,
  readRegions,
  REPO_ROOT,
  samePartition,
  status,
} from './helpers.ts';

const HDU4069 = readFileSync(resolve(REPO_ROOT, 'test/ui/fixtures/hdu4069.in'), 'utf8');

async function setDetails(page: Page, title: string, author: string): Promise<void> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the puzzle' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Author' }).fill(author);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('Copy link → open in a fresh context gives the same puzzle', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openApp(page);
  await importText(page, HDU4069, 0);
  await setDetails(page, 'Shared jigsaw', 'Setter');
  const before = { digits: await readDigits(page), regions: await readRegions(page) };

  // The note comes over the page: the grid does not move under a stroke.
  const gridTop = async () => (await page.getByRole('grid').first().boundingBox())!.y;
  const top = await gridTop();
  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect(page.getByText(/^Link copied/)).toBeVisible();
  expect(await gridTop()).toBe(top);
  const url = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(url).toMatch(/#puzzle=1\./);
  expect(url.length).toBeLessThan(400);

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(url);
    await expect.poll(async () => readDigits(other)).toEqual(before.digits);
    expect(samePartition(await readRegions(other), before.regions)).toBe(true);
    // The fragment is gone once loaded, and the title came along.
    await expect.poll(() => other.evaluate<string>('location.hash')).toBe('');
    await other.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(other.getByRole('textbox', { name: 'Title' })).toHaveValue('Shared jigsaw');
  } finally {
    await fresh.close();
  }
});

test('a damaged link says so and leaves the puzzle alone', async ({ page }) => {
  await page.goto('/#puzzle=1.N4IgdghgtgpiBc');
  await expect(page.getByRole('alert')).toContainText('The puzzle link could not be opened');
  expect((await readDigits(page)).join('')).toBe('.'.repeat(81));
});

test('image export downloads an SVG and a PNG of the puzzle and of its solution', async ({
  page,
}) => {
  await openApp(page);
  await importText(page, HDU4069, 0);
  // Counted before Solve, which fills the grid on screen.
  const clues = (await readDigits(page)).join('').replace(/\./g, '').length;
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(status(page)).toHaveText(/^Unique solution/);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the puzzle' });

  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download SVG' }).click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe('squiggly-9x9.svg');
  const svg = readFileSync(await svgDownload.path(), 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg.match(/<text /g)).toHaveLength(clues);

  await dialog.getByRole('checkbox', { name: 'Show the solution in the image' }).check();
  const [solvedSvg] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download SVG' }).click(),
  ]);
  expect(solvedSvg.suggestedFilename()).toBe('squiggly-9x9-solution.svg');
  expect(readFileSync(await solvedSvg.path(), 'utf8').match(/<text /g)).toHaveLength(81);

  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toBe('squiggly-9x9-solution.png');
  const png = readFileSync(await pngDownload.path());
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  // IHDR: width and height, big-endian, at bytes 16 and 20: the SVG's size times 2.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
    2 * (9 * 48 + 32),
    2 * (9 * 48 + 32),
  ]);
});

test('print preview shows the puzzle alone, and the answer on a second page when asked', async ({
  page,
}) => {
  await openApp(page);
  await importText(page, HDU4069, 0);
  await setDetails(page, 'Print me', 'Printer');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(status(page)).toHaveText(/^Unique solution/);

  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Puzzle tools' })).toBeHidden();
  await expect(page.locator('.board-column')).toBeHidden();
  await expect(sheet.locator('.print-title').first()).toHaveText('Print me');
  await expect(sheet.locator('.print-author')).toHaveText('by Printer');
  await expect(sheet.locator('.print-answer')).toHaveCount(0);
  const shot = await page.screenshot({ fullPage: true });
  expect(shot.length).toBeGreaterThan(5000);
  expect(await countPdfPages(page)).toBe(1);

  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the puzzle' });
  await dialog.getByRole('checkbox', { name: 'Print the answer on a second page' }).check();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(sheet.locator('.print-answer')).toBeVisible();
  await expect(sheet.locator('.print-answer svg text')).toHaveCount(81);
  expect(await countPdfPages(page)).toBe(2);
});

/** Pages of the page printed to PDF by Chromium (page objects in the PDF). */
async function countPdfPages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  return (pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
}
