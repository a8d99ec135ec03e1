/**
 * Variant constraints as a setter meets them in the built app, with a mouse at 1280x800 and a
 * finger on a 360x740 phone: a killer cage is drawn over a clue, its sum typed straight after
 * (keys on the grid, or the Sum pad a finger has), the live verdict follows the cage (a sum the
 * clue cannot make is "No solution"; a good one is not), Make it unique's clues make it unique
 * with the cage, whose next step then says which constraints could go; Copy link carries the
 * cage into a fresh browser, where it is drawn with its sum, and so does the f-puzzles string
 * of Export, pasted into Import there.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  cells,
  DESKTOP,
  fingerDrag,
  gridGeometry,
  importText,
  openApp,
  PHONE,
  readDigits,
  setMode,
  verdict,
} from './helpers.ts';

/** The sums drawn on the grid (ConstraintLayer's top layer). */
const drawnSums = (page: Page) => page.locator('.constraint-over text');

for (const [name, device] of [
  ['at 1280x800', DESKTOP],
  ['on a phone (360x740, touch)', PHONE],
] as const) {
  test.describe(name, () => {
    test.use(device);
    const finger = 'hasTouch' in device;

    test('a killer cage is drawn, its sum typed, checked live, and shared by link', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await openApp(page);
      await page.getByRole('combobox', { name: 'Size' }).selectOption('4');
      await expect(cells(page)).toHaveCount(16);
      await setMode(page, 'Enter digits');
      // A 3 in r1c1: the cage over r1c1 and r1c2 cannot then sum to 3.
      if (finger) {
        await cells(page).first().tap();
        await page
          .getByRole('group', { name: 'Digit pad' })
          .getByRole('button', { name: '3' })
          .tap();
      } else {
        await cells(page).first().click();
        await page.keyboard.press('3');
      }
      await expect(cells(page).first()).toHaveAccessibleName(/clue 3$/);

      await page.getByRole('radio', { name: 'Constraints' }).check();
      const { at } = await gridGeometry(page, 4);
      const sumPad = page.getByRole('group', { name: 'Sum pad' });
      const type = async (key: string): Promise<void> => {
        if (!finger) return page.keyboard.press(key);
        const button = key === 'Backspace' ? /^Back/ : key;
        await sumPad.getByRole('button', { name: button }).tap();
      };
      if (finger) {
        await fingerDrag(page, [at(0.5, 0.5), at(1.5, 0.5)], 4, 100);
      } else {
        const [from, to] = [at(0.5, 0.5), at(1.5, 0.5)];
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(to.x, to.y, { steps: 4 });
        await page.mouse.up();
      }
      await expect(page.getByRole('heading', { name: 'The killer cage at r1c1' })).toBeVisible();
      await type('3');
      await expect(drawnSums(page)).toHaveText(['3']);
      await expect(verdict(page)).toHaveText(/^No solution/);
      // The clue stayed a 3 and r1c2 got no clue: the digit went to the cage.
      await expect(cells(page).nth(1)).toHaveAccessibleName(/empty$/);

      await type('Backspace');
      await type('7');
      await expect(drawnSums(page)).toHaveText(['7']);
      await expect(verdict(page)).toHaveText(/^Several solutions/);

      // Make it unique: the fix counts with the cage, and the puzzle is then unique with it.
      const nextStep = page.getByRole('status', { name: 'Next step' });
      await expect(nextStep).toHaveText(/^Make it unique: add /);
      await page.getByRole('button', { name: /^Add (this clue|these \d+ clues)$/ }).click();
      await expect(verdict(page)).toHaveText(/^Unique: exactly one solution/);
      await expect(nextStep).toHaveText(/ (No constraint is|1 constraint is) redundant/);

      await page.getByRole('button', { name: 'Copy link', exact: true }).click();
      await expect(page.getByText(/^Link copied/)).toBeVisible();
      const url = await page.evaluate<string>('navigator.clipboard.readText()');
      expect(url).toMatch(/#puzzle=2\./);
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const exported = page.getByRole('dialog', { name: 'Export the puzzle' });
      const fpuzzles = await exported.getByRole('textbox', { name: /^f-puzzles/ }).inputValue();
      expect(fpuzzles.length).toBeGreaterThan(20);
      const clues = (await readDigits(page)).join('');

      const fresh = await browser.newContext(device);
      try {
        const other = await fresh.newPage();
        await other.goto(url);
        await expect(cells(other)).toHaveCount(16);
        await expect(drawnSums(other)).toHaveText(['7']);
        await expect(cells(other).first()).toHaveAccessibleName(/3/);
      } finally {
        await fresh.close();
      }

      // The f-puzzles string, in a browser of its own, brings back the grid, clues and cage.
      const another = await browser.newContext(device);
      try {
        const imported = await another.newPage();
        await openApp(imported);
        await importText(imported, fpuzzles);
        await expect(cells(imported)).toHaveCount(16);
        await expect(drawnSums(imported)).toHaveText(['7']);
        expect((await readDigits(imported)).join('')).toBe(clues);
        await expect(imported.getByText(/Opened without/)).toHaveCount(0);
        // It may open in Play (it has clues), whose phone toolbar is behind Menu; the
        // setter's verdict is one mode away.
        const menu = imported.getByRole('button', { name: 'Menu' });
        if (await menu.isVisible()) await menu.click();
        await setMode(imported, 'Enter digits');
        await expect(verdict(imported)).toHaveText(/^Unique: exactly one solution/);
      } finally {
        await another.close();
      }
    });
  });
}
