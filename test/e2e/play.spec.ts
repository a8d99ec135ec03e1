/**
 * Play mode in the built app: a real jigsaw puzzle (case 1 of examples/hdu4069.in, whose
 * answer is in hdu4069.out) played by keyboard with pencil marks by modifier keys, then
 * Check, which marks the wrong digit and shows nothing of the solution; and on a phone-sized
 * touch screen, cells selected by dragging a finger and centre marks entered with the pad.
 * Centre and corner marks stay apart at both sizes. axe-core finds no serious or critical
 * violations in Play (see a11y.spec.ts for the rule).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  cells,
  expectNoSerious,
  fingerDrag,
  grid,
  hduAnswers,
  importText,
  openApp,
  PHONE,
  readRepoFile,
  scrollOffset,
} from './helpers.ts';

/** Play's own status line (Check's result), apart from the setting modes' run result. */
const playResult = (page: Page): Locator => page.getByRole('status', { name: 'Play result' });

const ANSWER = (hduAnswers(readRepoFile('examples/hdu4069.out'))[0] as string[]).join('');

const cell = (page: Page, row: number, col: number) => cells(page).nth((row - 1) * 9 + (col - 1));

async function playCase1(page: Page): Promise<string> {
  await openApp(page);
  await importText(page, readRepoFile('examples/hdu4069.in'), 0);
  const clues = (await cells(page).allTextContents()).map((t) => t.trim() || '.').join('');
  await page.getByRole('radio', { name: 'Play' }).check();
  // On a phone the toolbar, and the mode's radio with it, folds behind Menu in Play.
  await expect(page.getByRole('radio', { name: 'Play', includeHidden: true })).toBeChecked();
  return clues;
}

test('a jigsaw played by keyboard: marks by modifiers, digits, Check', async ({ page }) => {
  const clues = await playCase1(page);
  const empties = [...clues].flatMap((c, i) => (c === '.' ? [i] : []));
  const [first, second, third] = empties;
  const rc = (i: number): [number, number] => [Math.floor(i / 9) + 1, (i % 9) + 1];

  // Focus the grid by keyboard: Tab until the grid's cell has focus, then arrows to the cell.
  await cell(page, 1, 1).focus();
  const [r1, c1] = rc(first);
  for (let r = 1; r < r1; r++) await page.keyboard.press('ArrowDown');
  for (let c = 1; c < c1; c++) await page.keyboard.press('ArrowRight');
  await expect(cell(page, r1, c1)).toBeFocused();

  await page.keyboard.press('Control+1');
  await page.keyboard.press('Control+2');
  await page.keyboard.press('Shift+3');
  await expect(cell(page, r1, c1)).toHaveAccessibleName(/empty, centre marks 1 2, corner marks 3$/);
  await expect(page.getByTestId('grid-announcer')).toHaveText(/centre marks 1 2, corner marks 3/);

  // A wrong digit here, the right ones in the next two empty cells.
  const right = Number(ANSWER[first]);
  const wrong = (right % 9) + 1;
  await page.keyboard.press(String(wrong));
  await expect(cell(page, r1, c1)).toHaveText(String(wrong));
  for (const index of [second, third]) {
    const [r, c] = rc(index);
    await cell(page, r, c).click();
    await page.keyboard.press(ANSWER[index]);
    await expect(cell(page, r, c)).toHaveText(ANSWER[index]);
  }
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(playResult(page)).toContainText('1 wrong digit');
  await expect(cell(page, r1, c1)).toHaveAccessibleName(new RegExp(`digit ${wrong}, .*wrong$`));
  // The solution is not shown: the other empty cells are still empty.
  const shown = (await cells(page).allTextContents()).filter((t) => t.trim() !== '').length;
  expect(shown).toBe(81 - empties.length + 3);

  // Undo takes back the last move only; the puzzle in the setting modes is unchanged.
  await page.keyboard.press('Control+z');
  const [r3, c3] = rc(third);
  await expect(cell(page, r3, c3)).toHaveText('');
  await page.getByRole('radio', { name: 'Enter digits' }).check();
  expect((await cells(page).allTextContents()).map((t) => t.trim() || '.').join('')).toBe(clues);

  // Back to Play after a reload: the progress is there.
  await page.reload();
  await expect(grid(page).getByRole('row').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Play' }).check();
  await expect(cell(page, r1, c1)).toHaveText(String(wrong));
  const [r2, c2] = rc(second);
  await expect(cell(page, r2, c2)).toHaveText(ANSWER[second]);
});

test('axe: no serious or critical violations in Play, light and dark', async ({ page }) => {
  await playCase1(page);
  await cell(page, 1, 1).click();
  await page.getByRole('button', { name: 'Auto-candidates' }).click();
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(playResult(page)).toContainText(/cells still empty/);
  await expectNoSerious(page, 'Play');
});

/** Cells to mark: the cell's index, its centre marks and its corner marks, as typed. */
type MarkCase = [number, string, string];

/**
 * 9x9: nine centre marks alone, five beside six corner marks (the four corners, then the top
 * and bottom middles), nine beside four (they used to wrap onto the corners' rows), and three
 * beside eight (four to a row, top and bottom).
 */
const MARKS_9: MarkCase[] = [
  [0, '123456789', ''],
  [1, '13579', '123456'],
  [2, '123456789', '1234'],
  [3, '123', '12345678'],
];
/**
 * 16x16: eight centre marks beside eight corner marks (they used to share the middle row) and
 * six beside twelve (two lines in the middle of a 4x4).
 */
const MARKS_16: MarkCase[] = [
  [0, '9ABCDEFG', '12345678'],
  [1, '9ABCDE', '123456789ABC'],
];

const markKey = (mark: string): string => (/[0-9]/.test(mark) ? `Digit${mark}` : `Key${mark}`);

/**
 * Centre and corner marks of each cell drawn apart, inside the cell: boxes of the drawn marks
 * (the centre marks' box; each corner mark's slot).
 */
async function expectMarksApart(page: Page, size: '9' | '16', cases: MarkCase[]): Promise<void> {
  await openApp(page);
  if (size !== '9') await page.getByRole('combobox', { name: 'Size' }).selectOption(size);
  await page.getByRole('radio', { name: 'Play' }).check();
  for (const [index, centre, corner] of cases) {
    await cells(page).nth(index).click();
    for (const mark of centre) await page.keyboard.press(`Control+${markKey(mark)}`);
    for (const mark of corner) await page.keyboard.press(`Shift+${markKey(mark)}`);
  }
  for (const [index, , corner] of cases) {
    const at = cells(page).nth(index);
    const box = (await at.boundingBox())!;
    const middle = (await at.locator('.marks-centre').boundingBox())!;
    // Inside the cell.
    expect(middle.y).toBeGreaterThanOrEqual(box.y);
    expect(middle.y + middle.height).toBeLessThanOrEqual(box.y + box.height);
    expect(middle.x).toBeGreaterThanOrEqual(box.x);
    expect(middle.x + middle.width).toBeLessThanOrEqual(box.x + box.width);
    const slots = at.locator('.marks-corner > span');
    await expect(slots).toHaveCount(corner.length);
    for (let slot = 0; slot < corner.length; slot++) {
      const mark = (await slots.nth(slot).boundingBox())!;
      const apart =
        mark.y + mark.height <= middle.y ||
        middle.y + middle.height <= mark.y ||
        mark.x + mark.width <= middle.x ||
        middle.x + middle.width <= mark.x;
      expect(apart, `cell ${index}: corner mark ${corner[slot]} clear of the centre marks`).toBe(
        true,
      );
    }
  }
}

test('centre and corner marks stay apart, inside their cells', async ({ page }) => {
  await expectMarksApart(page, '9', MARKS_9);
});

test('on 16x16 too, with eight or twelve corner marks', async ({ page }) => {
  await expectMarksApart(page, '16', MARKS_16);
});

test('after a click on Check or the pad switch, typed digits still go to the grid', async ({
  page,
}) => {
  const clues = await playCase1(page);
  const empty = [...clues].indexOf('.');
  await cells(page).nth(empty).click();
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(playResult(page)).toContainText(/empty/);
  await page.keyboard.press('Shift+Digit7');
  await expect(cells(page).nth(empty)).toHaveAccessibleName(/corner marks 7$/);
  // The switch's label, as a mouse user clicks it (the radio itself is drawn as a button).
  await page
    .locator('label')
    .filter({ hasText: /^Centre$/ })
    .click();
  await page.keyboard.press('Digit3');
  await expect(cells(page).nth(empty)).toHaveAccessibleName(/centre marks 3, corner marks 7$/);
});

test('Hint and Check keep the focus while the worker answers', async ({ page }) => {
  await playCase1(page);
  for (const name of ['Hint', 'Check']) {
    const button = page.getByRole('button', { name, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    // Disabled meanwhile: Chromium drops a disabled button's focus to the page body.
    await expect(playResult(page)).toContainText(name === 'Hint' ? /^Hint: / : /empty/);
    await expect(button).toBeFocused();
  }
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('centre and corner marks stay apart, inside their cells', async ({ page }) => {
    await expectMarksApart(page, '9', MARKS_9);
  });

  test('on 16x16 too, with eight or twelve corner marks', async ({ page }) => {
    await expectMarksApart(page, '16', MARKS_16);
  });

  test('cells selected by dragging a finger take centre marks from the pad', async ({ page }) => {
    const clues = await playCase1(page);
    // A row with three empty cells side by side.
    let start = -1;
    for (let i = 0; i < 81 && start < 0; i++) {
      if (i % 9 <= 6 && clues[i] === '.' && clues[i + 1] === '.' && clues[i + 2] === '.') start = i;
    }
    expect(start).toBeGreaterThanOrEqual(0);
    const row = Math.floor(start / 9) + 1;
    const col = (start % 9) + 1;
    const boxes = await Promise.all(
      [0, 1, 2].map(async (k) => (await cell(page, row, col + k).boundingBox())!),
    );
    const centre = (b: { x: number; y: number; width: number; height: number }) => ({
      x: b.x + b.width / 2,
      y: b.y + b.height / 2,
    });
    // A finger drag, as touch pointer events (what a touch screen sends the page).
    const grid = cells(page).first().locator('xpath=ancestor::*[@role="grid"]');
    const points = [centre(boxes[0]), centre(boxes[1]), centre(boxes[2])];
    const fire = (type: string, p: { x: number; y: number }) =>
      grid.dispatchEvent(type, {
        pointerId: 7,
        pointerType: 'touch',
        isPrimary: true,
        clientX: p.x,
        clientY: p.y,
        bubbles: true,
        button: 0,
      });
    await fire('pointerdown', points[0]);
    await fire('pointermove', { x: (points[0].x + points[1].x) / 2, y: points[0].y });
    await fire('pointermove', points[1]);
    await fire('pointermove', points[2]);
    await fire('pointerup', points[2]);
    for (let k = 0; k < 3; k++) {
      await expect(cell(page, row, col + k)).toHaveAttribute('aria-selected', 'true');
    }

    const pad = page.getByRole('group', { name: 'Digit pad' });
    await expect(pad).toBeVisible();
    await page.getByRole('radio', { name: 'Centre' }).tap();
    await pad.getByRole('button', { name: '1', exact: true }).tap();
    await pad.getByRole('button', { name: '5', exact: true }).tap();
    for (let k = 0; k < 3; k++) {
      await expect(cell(page, row, col + k)).toHaveAccessibleName(/empty, centre marks 1 5$/);
    }
    // Nothing sticks out of a 360 px screen.
    const overflow = await page.evaluate(() => {
      type Root = { scrollWidth: number; clientWidth: number };
      const root = (globalThis as unknown as { document: { documentElement: Root } }).document
        .documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBe(0);
  });

  test('pencil marks and digits by touch alone: finger drags, the pad and its modes', async ({
    page,
  }) => {
    const clues = await playCase1(page);
    // Two rows with three empty cells side by side each.
    const runs: number[] = [];
    for (let i = 0; i < 81 && runs.length < 2; i++) {
      const free = i % 9 <= 6 && [0, 1, 2].every((k) => clues[i + k] === '.');
      if (free && !runs.some((r) => Math.floor(r / 9) === Math.floor(i / 9))) runs.push(i);
    }
    expect(runs).toHaveLength(2);
    const centreOf = async (index: number) => {
      const box = (await cells(page).nth(index).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const pad = page.getByRole('group', { name: 'Digit pad' });
    const before = await scrollOffset(page);

    // A real finger drag (touch input, not synthetic pointer events) along the first run.
    const [a, b] = runs;
    await fingerDrag(page, [await centreOf(a), await centreOf(a + 2)]);
    for (let k = 0; k < 3; k++) {
      await expect(cells(page).nth(a + k)).toHaveAttribute('aria-selected', 'true');
    }
    expect(await scrollOffset(page)).toEqual(before);
    await page.getByRole('radio', { name: 'Corner' }).tap();
    await pad.getByRole('button', { name: '2', exact: true }).tap();
    await pad.getByRole('button', { name: '7', exact: true }).tap();
    for (let k = 0; k < 3; k++) {
      await expect(cells(page).nth(a + k)).toHaveAccessibleName(/empty, corner marks 2 7$/);
    }

    // The second run: a new drag replaces the selection; centre marks there. (Taps may have
    // scrolled the pad into view: the finger on the grid must not scroll further.)
    const beforeSecond = await scrollOffset(page);
    await fingerDrag(page, [await centreOf(b), await centreOf(b + 2)]);
    expect(await scrollOffset(page)).toEqual(beforeSecond);
    await expect(cells(page).nth(a)).toHaveAttribute('aria-selected', 'false');
    await page.getByRole('radio', { name: 'Centre' }).tap();
    await pad.getByRole('button', { name: '4', exact: true }).tap();
    for (let k = 0; k < 3; k++) {
      await expect(cells(page).nth(b + k)).toHaveAccessibleName(/empty, centre marks 4$/);
    }
    // A tap takes one cell; Digit enters a digit, which hides the marks; Clear takes it back.
    const tapAt = await centreOf(b + 1);
    await page.touchscreen.tap(tapAt.x, tapAt.y);
    await expect(cells(page).nth(b)).toHaveAttribute('aria-selected', 'false');
    await page.getByRole('radio', { name: 'Digit', exact: true }).tap();
    await pad.getByRole('button', { name: '9', exact: true }).tap();
    await expect(cells(page).nth(b + 1)).toHaveText('9');
    await pad.getByRole('button', { name: 'Clear' }).tap();
    await expect(cells(page).nth(b + 1)).toHaveAccessibleName(/empty, centre marks 4$/);
  });

  test('the pad stays put when a message under the grid goes', async ({ page }) => {
    await playCase1(page);
    const pad = page.getByRole('group', { name: 'Digit pad' });
    const one = pad.getByRole('button', { name: '1', exact: true });
    await page.getByRole('button', { name: 'Check' }).tap();
    await expect(playResult(page)).toContainText(/cells still empty/);
    const empty = (await cells(page).allTextContents()).findIndex((text) => text.trim() === '');
    await cells(page).nth(empty).tap();
    await page.getByRole('radio', { name: 'Centre' }).tap();
    const before = (await one.boundingBox())!.y;
    // A move clears the message; the next tap must land where the first one did.
    await one.tap();
    await expect(playResult(page)).toHaveText('');
    expect((await one.boundingBox())!.y).toBe(before);
  });
});
