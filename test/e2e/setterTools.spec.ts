/**
 * The setter's tools in the built app, as a setter meets them: after the live verdict says
 * "several solutions", the Solve panel offers the fewest clues that make the puzzle unique,
 * adds them in one click and one Undo takes them back; the true candidates toggle draws small
 * digits in the empty cells, highlights the singles and follows typing (which never waits: no
 * main-thread task over 50 ms, @quiet); Check layout answers beside the layout panel; and at
 * 360x740 on a touch screen the new lines fit the width.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  cells,
  DESKTOP,
  importText,
  longTasks,
  openApp,
  PHONE,
  readDigits,
  setMode,
  typeWatchingLongTasks,
  verdict,
  watchLongTasks,
} from './helpers.ts';

/**
 * POJ 3074's first case with clues r1c5 and r5c9 taken out: 6 solutions, and the fewest
 * clues that make it unique are r1c1 = 8 and r5c2 = 6 (proven by the engine's exact cover).
 */
const SEVERAL = '.273...1..1...6735.......293.5692.8.............1745.364.......9518...7..8..6534.';

const nextStep = (page: Page) => page.getByRole('status', { name: 'Next step' });
const candidatesLine = (page: Page) => page.getByRole('status', { name: 'True candidates result' });
const cell = (page: Page, row: number, col: number) => cells(page).nth((row - 1) * 9 + (col - 1));

test.describe('at 1280x800', () => {
  test.use(DESKTOP);

  test('make it unique in one click, and one Undo takes it back', async ({ page }) => {
    await openApp(page);
    await importText(page, SEVERAL);
    await expect(verdict(page)).toHaveText(/^Several solutions/);
    // The next step comes by itself after the live verdict: no button pressed.
    await expect(nextStep(page)).toHaveText(
      'Make it unique: add r1c1 = 8 and r5c2 = 6 (fewest: 2).',
    );
    await page.getByRole('button', { name: 'Add these 2 clues' }).click();
    await expect(cell(page, 1, 1)).toHaveText('8');
    await expect(cell(page, 5, 2)).toHaveText('6');
    await expect(verdict(page)).toHaveText(/^Unique: exactly one solution/);
    // Unique now: the next step turns to the redundant clues.
    await expect(nextStep(page)).toHaveText(/clues? (is|are) redundant|No clue is redundant/);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    expect((await readDigits(page)).join('')).toBe(SEVERAL);
    await expect(verdict(page)).toHaveText(/^Several solutions/);
    await expect(nextStep(page)).toHaveText(/^Make it unique: add r1c1\s=\s8 and r5c2\s=\s6/);
  });

  test('true candidates: small digits, singles highlighted, following each edit', async ({
    page,
  }) => {
    await openApp(page);
    await importText(page, SEVERAL);
    await page.getByRole('checkbox', { name: /^True candidates/ }).check();
    await expect(candidatesLine(page)).toHaveText(
      /^\d+ of the 47 empty cells (has|have) a single true candidate \(highlighted\)\.$/,
    );
    // r1c1 holds 8 in some solutions and something else in others.
    await expect(cell(page, 1, 1)).toHaveAccessibleName(/empty, true candidates( \d)+$/);
    await expect(cell(page, 1, 1)).toHaveText('');
    const singles = page.locator('.cell-single');
    expect(await singles.count()).toBeGreaterThan(0);
    // The small digits are drawn: a candidate digit's place is visible in the cell.
    const marks = cell(page, 1, 1).locator('.true-candidates');
    await expect(marks).toBeVisible();
    await expect(marks).toHaveAttribute('data-marks', /8/);

    // Typing the fix by hand: the grid takes each digit at once, the candidates follow.
    await setMode(page, 'Enter digits');
    await cell(page, 1, 1).click();
    await page.keyboard.press('8');
    await expect(cell(page, 1, 1)).toHaveText('8');
    await cell(page, 5, 2).click();
    await page.keyboard.press('6');
    await expect(cell(page, 5, 2)).toHaveText('6');
    // Unique now: every empty cell has one true candidate, its digit in the solution.
    await expect(candidatesLine(page)).toHaveText(
      'Unique: each of the 45 empty cells has one true candidate, its digit in the solution.',
    );
    await expect(singles).toHaveCount(45);

    await page.getByRole('checkbox', { name: /^True candidates/ }).uncheck();
    await expect(singles).toHaveCount(0);
    await expect(cell(page, 1, 2)).toHaveAccessibleName(/clue 2$/);
  });

  test('by keyboard, pressing a tool keeps the place: the focus never drops to the page', async ({
    page,
  }) => {
    await openApp(page);
    await importText(page, SEVERAL);
    const add = page.getByRole('button', { name: 'Add these 2 clues' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(verdict(page)).toHaveText(/^Unique/);
    // The button went with the words; the focus is on the next step's box, not the body, so
    // Tab goes on to the new controls there.
    await expect(nextStep(page)).toHaveText(/redundant/);
    await expect(page.locator('.next-step')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('checkbox', { name: 'Mark redundant clues on the grid' }),
    ).toBeFocused();
    // Check layout is disabled while it runs; the focus comes back to it.
    const check = page.getByRole('button', { name: 'Check layout' });
    await check.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status', { name: 'Layout check' })).toHaveText(/^Fillable/);
    await expect(check).toBeFocused();
  });

  test('Check layout beside the layout panel, with a filled grid on request', async ({ page }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Check layout' }).click();
    const line = page.getByRole('status', { name: 'Layout check' });
    await expect(line).toHaveText(/^Fillable: at least one filled grid fits this layout\.$/);
    await page.getByRole('button', { name: 'Show a filled grid' }).click();
    const table = page.getByRole('table', { name: 'A filled grid for this layout' });
    await expect(table.getByRole('cell')).toHaveCount(81);
  });

  test('typing with true candidates on never waits: no long task @quiet', async ({ page }) => {
    await watchLongTasks(page);
    await openApp(page);
    await page.getByRole('checkbox', { name: /^True candidates/ }).check();
    await expect(candidatesLine(page)).toHaveText(/single true candidate/);
    await setMode(page, 'Enter digits');
    const all = cells(page);
    await all.nth(0).click();
    // Pauses past the true candidates' debounce (150 ms).
    await typeWatchingLongTasks(page, all, 200);
    await expect(candidatesLine(page)).toHaveText(/of the 61 empty cells/);
    expect((await longTasks(page)).filter((duration) => duration > 50)).toEqual([]);
  });
});

test.describe('on a phone (360x740, touch)', () => {
  test.use(PHONE);

  test('the new lines fit the width', async ({ page }) => {
    await openApp(page);
    await importText(page, SEVERAL);
    await expect(nextStep(page)).toHaveText(/^Make it unique/);
    await page.getByRole('checkbox', { name: /^True candidates/ }).tap();
    await expect(candidatesLine(page)).toHaveText(/single true candidate/);
    await page.getByRole('button', { name: 'Check layout' }).tap();
    await expect(page.getByRole('status', { name: 'Layout check' })).toHaveText(/^Fillable/);
    const parts = [
      nextStep(page),
      page.getByRole('button', { name: 'Add these 2 clues' }),
      candidatesLine(page),
      page.getByRole('checkbox', { name: /^True candidates/ }),
      page.getByRole('status', { name: 'Layout check' }),
      page.getByRole('button', { name: 'Check layout' }),
    ];
    for (const part of parts) {
      await part.scrollIntoViewIfNeeded();
      const box = await part.boundingBox();
      expect(box, 'shown').not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    // Nothing widens the page: no sideways scrolling.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    // And the fix can be tapped.
    await page.getByRole('button', { name: 'Add these 2 clues' }).tap();
    await expect(verdict(page)).toHaveText(/^Unique/);
  });
});
