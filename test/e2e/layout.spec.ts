/** Building a jigsaw layout with the mouse: by drawing its walls, and by painting its regions. */
import { expect, test, type Page } from '@playwright/test';
import {
  drawWalls,
  gridGeometry,
  jigsawLine,
  newPuzzle,
  openApp,
  paintRegions,
  readRegions,
  samePartition,
  setMode,
} from './helpers.ts';

const puzzle = jigsawLine(1);
const layoutSummary = (page: Page) => page.getByRole('region', { name: 'Layout' });

test('a 9x9 jigsaw layout drawn wall by wall on an empty grid', async ({ page }) => {
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await expect(layoutSummary(page)).toContainText('1 region, 9 needed');
  await setMode(page, 'Draw walls');

  const strokes = await drawWalls(page, 9, puzzle.regions);
  expect(strokes).toBeGreaterThan(9);

  await expect(layoutSummary(page)).toContainText('Complete: 9 regions of 9 cells.');
  expect(samePartition(await readRegions(page), puzzle.regions)).toBe(true);

  // Each drag was one undo step: one Undo takes back the last stroke only.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(layoutSummary(page)).toContainText('Layout not ready');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(layoutSummary(page)).toContainText('Complete: 9 regions of 9 cells.');
});

test('a 9x9 jigsaw layout painted region by region', async ({ page }) => {
  await openApp(page);
  await newPuzzle(page, 'Standard boxes');
  await setMode(page, 'Paint regions');

  await paintRegions(page, 9, puzzle.regions);

  await expect(layoutSummary(page)).toContainText('Complete: 9 regions of 9 cells.');
  expect(samePartition(await readRegions(page), puzzle.regions)).toBe(true);
});

test('a click on a grid line toggles that one wall', async ({ page }) => {
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await setMode(page, 'Draw walls');
  const { at } = await gridGeometry(page, 9);
  // Close off the top-left cell: the line right of it, and the line below it.
  for (const [x, y] of [
    [1, 0.5],
    [0.5, 1],
  ]) {
    const p = at(x, y);
    await page.mouse.click(p.x, p.y);
  }
  await expect(layoutSummary(page)).toContainText('2 regions');
  const regions = await readRegions(page);
  expect(regions.filter((r) => r === regions[0])).toHaveLength(1);
  // Clicking the same line again takes the wall away.
  const p = at(1, 0.5);
  await page.mouse.click(p.x, p.y);
  await expect(layoutSummary(page)).toContainText('1 region,');
});

// FINDINGS.md F1 (fixed): a drag straight along a grid line through its corners used to draw a
// short perpendicular wall at every corner it passed.
test('a drag along a line through corners draws only that line', async ({ page }) => {
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await setMode(page, 'Draw walls');
  const { at } = await gridGeometry(page, 9);
  // Straight along the horizontal line y=3, from the middle of its first segment to its last.
  const from = at(0.5, 3);
  const to = at(8.5, 3);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 16 });
  await page.mouse.up();
  await expect(layoutSummary(page)).toContainText('2 regions');
  const problems = page.getByRole('list', { name: 'Layout problems' });
  await expect(problems).not.toContainText(/not close a region/);

  // Down the vertical line x=5 with a hand's wobble (up to a tenth of a cell off the line).
  const wobble = [0, 0.08, -0.05, 0.1, -0.1, 0.04, -0.08, 0.06, 0];
  const start = at(5 + wobble[0], 0.5);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= 16; i++) {
    const p = at(5 + wobble[i % wobble.length], 0.5 + i * 0.5);
    await page.mouse.move(p.x, p.y);
  }
  await page.mouse.up();
  await expect(layoutSummary(page)).toContainText('4 regions');
  await expect(problems).not.toContainText(/not close a region/);
});
