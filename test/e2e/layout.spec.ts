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
  await expect(layoutSummary(page)).toContainText('Not ready to solve yet');
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

// FINDINGS.md F1: a drag straight along a grid line through its corners also draws a short
// perpendicular wall at every corner it passes (the press and the drag pick the nearest edge,
// and at a corner both lines are at distance 0, where the vertical one wins).
test.fixme('a straight drag along a line through corners draws only that line', async ({
  page,
}) => {
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await setMode(page, 'Draw walls');
  const { at } = await gridGeometry(page, 9);
  const from = at(0.5, 3);
  const to = at(8.5, 3);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 16 });
  await page.mouse.up();
  await expect(layoutSummary(page)).toContainText('2 regions');
  await expect(page.getByRole('list', { name: 'Layout problems' })).not.toContainText(
    'do not close a region',
  );
});
