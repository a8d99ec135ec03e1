/**
 * The workbench as a setter uses it (issue 12, items 1 to 5), each as a person does it: a first
 * click and key on a fresh page; a layout drawn in strokes started on grid corners; the standard
 * boxes reshaped into a jigsaw by painting; a whole puzzle entered by touch on a phone with the
 * digit pad; Shift+arrow after a mouse click on the grid.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  CORNER_LAYOUT,
  CORNER_STROKES,
  JIGSAW_LAYOUTS,
  planRowPainting,
  standardBoxes,
} from '../fixtures/gestures.ts';
import {
  cells,
  gridGeometry,
  newPuzzle,
  openApp,
  PHONE,
  readDigits,
  readRegions,
  samePartition,
  setMode,
  status,
} from './helpers.ts';

const layoutSummary = (page: Page) => page.getByRole('region', { name: 'Layout' });
const layoutProblems = (page: Page) => page.getByRole('list', { name: 'Layout problems' });
const cell = (page: Page, row: number, col: number) => cells(page).nth((row - 1) * 9 + (col - 1));

test('item 1: on a fresh page, the first click in a cell and a key enter a digit', async ({
  page,
}) => {
  await openApp(page);
  await cell(page, 3, 5).click();
  await page.keyboard.press('5');
  await expect(cell(page, 3, 5)).toHaveText('5');
  await expect(cell(page, 3, 5)).toHaveAccessibleName('Row 3, column 5, region 2, clue 5');
  await expect(layoutSummary(page)).toContainText('Complete: 9 regions of 9 cells.');

  // In Draw walls too: a click inside a cell selects it, and a digit enters a clue.
  await setMode(page, 'Draw walls');
  const { at } = await gridGeometry(page, 9);
  const inside = at(2.7, 6.5); // r7c3, a third of a cell from its right-hand line.
  await page.mouse.click(inside.x, inside.y);
  await page.keyboard.press('8');
  await expect(cell(page, 7, 3)).toHaveText('8');
  await expect(layoutProblems(page)).toHaveCount(0);
  // The page says how to reach each action.
  await expect(page.getByRole('list', { name: 'How to' })).toContainText(
    'Enter a clue: select a cell, then type its digit or use the digit pad (in any mode).',
  );
});

test('item 2: 8 strokes started on grid corners draw a full 9x9 layout exactly', async ({
  page,
}) => {
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await setMode(page, 'Draw walls');
  const { at } = await gridGeometry(page, 9);
  for (const stroke of CORNER_STROKES) {
    const [first, ...rest] = stroke.map(([x, y]) => at(x, y));
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 8 });
    await page.mouse.up();
  }
  await expect(layoutSummary(page)).toContainText('Complete: 9 regions of 9 cells.');
  await expect(layoutProblems(page)).toHaveCount(0);
  expect(samePartition(await readRegions(page), CORNER_LAYOUT)).toBe(true);
});

for (const [index, target] of JIGSAW_LAYOUTS.entries()) {
  test(`item 4: the standard boxes reshaped into jigsaw ${index + 1} by painting`, async ({
    page,
  }) => {
    await openApp(page);
    await setMode(page, 'Paint regions');
    const { at } = await gridGeometry(page, 9);
    const centre = (c: number) => at((c % 9) + 0.5, Math.floor(c / 9) + 0.5);
    for (const drag of planRowPainting(9, standardBoxes(9, 3, 3), target)) {
      const [first, ...rest] = drag.map(centre);
      await page.mouse.move(first.x, first.y);
      await page.mouse.down();
      for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 2 });
      await page.mouse.up();
    }
    await expect(layoutSummary(page)).toContainText('Complete: 9 regions of 9 cells.');
    expect(samePartition(await readRegions(page), target)).toBe(true);
  });
}

test('item 5: Shift+arrow draws a wall after a mouse click on the grid', async ({ page }) => {
  await openApp(page);
  await setMode(page, 'Draw walls');
  await expect(page.getByRole('radio', { name: 'Draw walls' })).toBeFocused();
  await cell(page, 5, 5).click();
  await expect(cell(page, 5, 5)).toBeFocused();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByRole('radio', { name: 'Draw walls' })).toBeChecked();
  await expect(layoutProblems(page)).toContainText('1 wall segment does not close a region yet');
  // And in Paint regions, Shift+arrow picks cells.
  await setMode(page, 'Paint regions');
  await cell(page, 1, 1).click();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('radio', { name: 'Paint regions' })).toBeChecked();
  await expect(cell(page, 2, 1)).toHaveAccessibleName(/picked$/);
});

test('item 3: the digit pad is hidden on a wide screen, and works with a mouse on a narrow one', async ({
  page,
}) => {
  await openApp(page);
  const pad = page.getByRole('group', { name: 'Digit pad' });
  await expect(pad).toBeHidden();
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(pad).toBeVisible();
  await cell(page, 9, 9).click();
  await pad.getByRole('button', { name: '6', exact: true }).click();
  await expect(cell(page, 9, 9)).toHaveText('6');
  // The mouse press left the focus on the grid: the keyboard still works there.
  await page.keyboard.press('Backspace');
  await expect(cell(page, 9, 9)).toHaveText('');
});

test.describe('item 3: on a phone', () => {
  test.use(PHONE);

  // A classic 9x9 with one solution (30 clues), row by row, '.' for an empty cell.
  const PUZZLE = [
    '53..7....',
    '6..195...',
    '.98....6.',
    '8...6...3',
    '4..8.3..1',
    '7...2...6',
    '.6....28.',
    '...419..5',
    '....8..79',
  ];

  test('a whole puzzle entered by touch with the digit pad', async ({ page }) => {
    await openApp(page);
    const pad = page.getByRole('group', { name: 'Digit pad' });
    await expect(pad).toBeVisible();
    for (let row = 0; row < 9; row++) {
      for (let col = 0; col < 9; col++) {
        const digit = PUZZLE[row][col];
        if (digit === '.') continue;
        await cell(page, row + 1, col + 1).tap();
        await pad.getByRole('button', { name: digit, exact: true }).tap();
      }
    }
    // A wrong tap is cleared with Clear, on its cell: the pad moved on after the digit.
    await cell(page, 1, 3).tap();
    await pad.getByRole('button', { name: '4', exact: true }).tap();
    await expect(cell(page, 1, 3)).toHaveText('4');
    await cell(page, 1, 3).tap();
    await pad.getByRole('button', { name: 'Clear' }).tap();
    expect(await readDigits(page)).toEqual(PUZZLE);
    await page.getByRole('button', { name: 'Check uniqueness' }).tap();
    await expect(status(page)).toContainText('Unique solution');
  });
});
