/**
 * Colouring, highlighting and multi-select in Play, in the built app, on a real jigsaw (case 1
 * of examples/hdu4069.in): at 1280x800 with the mouse and keys (Ctrl+click), and on a 360x740
 * touch screen with finger drags and the pad. Also what a solver needs in sight: the timer at
 * both sizes, corner and centre marks of at least 10 px on the phone, and the replay of the
 * moves with their times, which leaves the board as it was. axe-core finds nothing serious
 * with colours on the grid or with the replay open.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  cells,
  DESKTOP,
  expectNoSerious,
  fingerDrag,
  importText,
  openApp,
  PHONE,
  readRepoFile,
} from './helpers.ts';

/** Opens case 1 in Play; its clues in reading order ('.' for an empty cell). */
async function playCase1(page: Page): Promise<string> {
  await openApp(page);
  await importText(page, readRepoFile('examples/hdu4069.in'), 0);
  const clues = (await cells(page).allTextContents()).map((t) => t.trim() || '.').join('');
  await page.getByRole('radio', { name: 'Play' }).check();
  return clues;
}

/** Each cell's region, from its accessible name ("Row 1, column 2, region 3, ..."). */
async function regionsOf(page: Page): Promise<number[]> {
  const names = await cells(page).evaluateAll((all) =>
    all.map((cell) => cell.getAttribute('aria-label') ?? ''),
  );
  return names.map((name) => Number(/region (\d+)/.exec(name)?.[1]));
}

/** The cells a cell sees: its row, its column and its region, itself left out. */
function seenBy(cell: number, regions: number[]): number[] {
  return regions.flatMap((region, other) =>
    other !== cell &&
    (Math.floor(other / 9) === Math.floor(cell / 9) ||
      other % 9 === cell % 9 ||
      region === regions[cell])
      ? [other]
      : [],
  );
}

/** The indices of the cells with a class. */
const withClass = (page: Page, name: string): Promise<number[]> =>
  cells(page).evaluateAll(
    (all, wanted) => all.flatMap((cell, at) => (cell.classList.contains(wanted) ? [at] : [])),
    name,
  );

/** Whether the whole of an element is inside the viewport. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= view.height &&
    box.x + box.width <= view.width
  );
}

/** A computed style of an element (the specs are typed without the DOM library). */
const computed = (locator: Locator, property: 'fontSize' | 'backgroundImage'): Promise<string> =>
  locator.evaluate((element, name) => {
    type Styles = { getComputedStyle(target: unknown): Record<string, string> };
    return (globalThis as unknown as Styles).getComputedStyle(element)[name];
  }, property);

const fontPx = async (locator: Locator): Promise<number> =>
  parseFloat(await computed(locator, 'fontSize'));

test.describe('at 1280x800', () => {
  test.use(DESKTOP);

  test('colouring, highlighting and multi-select by Ctrl+click; the replay', async ({ page }) => {
    const clues = await playCase1(page);
    const empties = [...clues].flatMap((c, i) => (c === '.' ? [i] : []));
    const clue = [...clues].findIndex((c) => c !== '.');
    const [a, b] = empties;
    const timer = page.getByRole('timer');
    await expect(timer).toBeVisible();
    expect(await inViewport(page, timer)).toBe(true);

    // Three cells, the second and third by Ctrl+click: a clue may be coloured too.
    await cells(page).nth(a).click();
    await cells(page)
      .nth(b)
      .click({ modifiers: ['Control'] });
    await cells(page)
      .nth(clue)
      .click({ modifiers: ['Control'] });
    for (const cell of [a, b, clue]) {
      await expect(cells(page).nth(cell)).toHaveAttribute('aria-selected', 'true');
    }
    await page
      .locator('label')
      .filter({ hasText: /^Colour$/ })
      .click();
    await page.keyboard.press('1');
    await page.getByRole('button', { name: 'Colour 6: blue' }).click();
    for (const cell of [a, b]) {
      await expect(cells(page).nth(cell)).toHaveAccessibleName(/empty, colours red and blue$/);
    }
    await expect(cells(page).nth(clue)).toHaveAccessibleName(
      new RegExp(`clue ${clues[clue]}, colours red and blue$`),
    );
    // Drawn as two wedges; the clue's digit is still its text, on top.
    const fill = await computed(cells(page).nth(clue), 'backgroundImage');
    expect(fill).toContain('conic-gradient');
    await expect(cells(page).nth(clue)).toHaveText(clues[clue]);
    // axe: nothing serious with colours on the grid and the colour pad, light and dark.
    await expectNoSerious(page, 'Play, colours');

    // Highlighting: the clue's digit everywhere, and the cells it sees.
    await page
      .locator('label')
      .filter({ hasText: /^Digit$/ })
      .click();
    await cells(page).nth(clue).click();
    const same = [...clues].flatMap((c, i) => (c === clues[clue] ? [i] : []));
    await expect.poll(() => withClass(page, 'cell-same')).toEqual(same);
    expect(await withClass(page, 'cell-seen')).toEqual(seenBy(clue, await regionsOf(page)));
    // A candidate of that digit is drawn bold in a cell that has it.
    await cells(page).nth(a).click();
    await page.keyboard.press(`Shift+Digit${clues[clue]}`);
    await cells(page).nth(clue).click();
    await expect(cells(page).nth(a).locator('.mark-same')).toHaveCount(1);

    // The replay: the moves, on the grid one by one, and back to the board by Escape.
    await page.getByRole('button', { name: 'Replay' }).click();
    const replay = page.getByRole('region', { name: 'Replay' });
    const line = replay.getByRole('status', { name: 'Replay move' });
    await expect(line).toHaveText(/^Start, at \d\d:\d\d$/);
    await expect(cells(page).nth(a)).toHaveAccessibleName(/empty$/);
    await replay.getByRole('button', { name: 'Next' }).click();
    await expect(line).toHaveText(/^Move 1 of 3, at \d\d:\d\d: red in 3 cells$/);
    await expect(cells(page).nth(a)).toHaveAccessibleName(/empty, colour red$/);
    await page.keyboard.press('ArrowRight');
    await expect(line).toHaveText(/^Move 2 of 3, .*: red and blue in 3 cells$/);
    await expectNoSerious(page, 'Play, replay');
    await replay.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Escape');
    await expect(replay).toHaveCount(0);
    await expect(cells(page).nth(a)).toHaveAccessibleName(
      new RegExp(`corner marks ${clues[clue]}, colours red and blue$`),
    );
    await expect(page.getByRole('group', { name: 'Digit pad' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('colours by finger drag and the pad; highlighting by a tap; the timer in sight', async ({
    page,
  }) => {
    const clues = await playCase1(page);
    let start = -1;
    for (let i = 0; i < 81 && start < 0; i++) {
      if (i % 9 <= 6 && [0, 1, 2].every((k) => clues[i + k] === '.')) start = i;
    }
    expect(start).toBeGreaterThanOrEqual(0);
    const centreOf = async (index: number) => {
      const box = (await cells(page).nth(index).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    await fingerDrag(page, [await centreOf(start), await centreOf(start + 2)]);
    for (let k = 0; k < 3; k++) {
      await expect(cells(page).nth(start + k)).toHaveAttribute('aria-selected', 'true');
    }
    const pad = page.getByRole('group', { name: 'Digit pad' });
    await page.getByRole('radio', { name: 'Colour' }).tap();
    await pad.getByRole('button', { name: 'Colour 1: red' }).tap();
    await pad.getByRole('button', { name: 'Colour 4: green' }).tap();
    for (let k = 0; k < 3; k++) {
      await expect(cells(page).nth(start + k)).toHaveAccessibleName(
        /empty, colours red and green$/,
      );
    }
    // Corner and centre marks of 10 px or more, inside the cell, on a coloured cell too.
    await page.getByRole('radio', { name: 'Corner' }).tap();
    await cells(page).nth(start).tap();
    await pad.getByRole('button', { name: '1', exact: true }).tap();
    await pad.getByRole('button', { name: '2', exact: true }).tap();
    await page.getByRole('radio', { name: 'Centre' }).tap();
    await pad.getByRole('button', { name: '3', exact: true }).tap();
    await pad.getByRole('button', { name: '4', exact: true }).tap();
    const marked = cells(page).nth(start);
    await expect(marked).toHaveAccessibleName(/centre marks 3 4, corner marks 1 2, colours/);
    const cellBox = (await marked.boundingBox())!;
    for (const mark of [
      marked.locator('.marks-corner > span').first(),
      marked.locator('.marks-corner > span').last(),
      marked.locator('.marks-centre'),
    ]) {
      expect(await fontPx(mark)).toBeGreaterThanOrEqual(10);
      const box = (await mark.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(cellBox.x);
      expect(box.y).toBeGreaterThanOrEqual(cellBox.y);
      expect(box.x + box.width).toBeLessThanOrEqual(cellBox.x + cellBox.width);
      expect(box.y + box.height).toBeLessThanOrEqual(cellBox.y + cellBox.height);
    }

    // A tap on a clue: its digit shaded everywhere, and the cells it sees.
    const clue = [...clues].findIndex((c) => c !== '.');
    await cells(page).nth(clue).tap();
    const same = [...clues].flatMap((c, i) => (c === clues[clue] ? [i] : []));
    await expect.poll(() => withClass(page, 'cell-same')).toEqual(same);
    expect(await withClass(page, 'cell-seen')).toEqual(seenBy(clue, await regionsOf(page)));

    // The time is in sight while playing (the panel's timer is below the pad here) and
    // says what the panel's says.
    const clock = page.getByTestId('play-tip-clock');
    await expect(clock).toBeVisible();
    expect(await inViewport(page, clock)).toBe(true);
    await expect(clock).toHaveText(/^\d\d:\d\d$/);
    await expect
      .poll(
        async () => (await clock.textContent()) === (await page.getByRole('timer').textContent()),
      )
      .toBe(true);

    // The replay by touch, from the panel below: the grid comes into view with it.
    await page.getByRole('button', { name: 'Replay' }).tap();
    const replay = page.getByRole('region', { name: 'Replay' });
    await replay.getByRole('button', { name: 'Next' }).tap();
    await expect(replay.getByRole('status')).toHaveText(/^Move 1 of 6, .*: red in 3 cells$/);
    expect(await inViewport(page, cells(page).nth(start))).toBe(true);
    await expect(cells(page).nth(start)).toHaveAccessibleName(/empty, colour red$/);
    await replay.getByRole('button', { name: 'Close' }).tap();
    await expect(cells(page).nth(start)).toHaveAccessibleName(
      /centre marks 3 4, corner marks 1 2, colours red and green$/,
    );
  });
});
