/**
 * A phone that plays one-handed, and the small things users notice, in the built app at
 * 1280x800 and on a 360x740 touch screen:
 * - a solver opening a shared link sees the grid, with Undo, Redo, Hint and Check in one row
 *   beside the pad on a phone (the setter's toolbar folded behind Menu), all without
 *   scrolling; after Check and Hint the grid is still wholly in view with the cells they
 *   mark, the top row too, and a grid scrolled away comes back whole; turned sideways, the
 *   grid takes the screen's height with the row and the pad beside it;
 * - region colours are the layout's own: the same after a reload, after a Hint, in another
 *   browser opening the same link, and in the setter's grid;
 * - the notes "Opened from the link" and "Link copied" cover neither the header nor a
 *   dialog's title;
 * - digits and candidates are drawn above the hatching of an open layout and of the cells
 *   where Solve by logic got stuck: their pixels, and a pixel round them, are the same with
 *   the hatching and without it.
 */
import {
  expect,
  test,
  type Browser,
  type Locator,
  type Page,
  type ViewportSize,
} from '@playwright/test';
import {
  cells,
  DESKTOP,
  grid,
  hduAnswers,
  importText,
  openApp,
  PHONE,
  readRegions,
  readRepoFile,
  scrollOffset,
} from './helpers.ts';

const HDU = readRepoFile('examples/hdu4069.in');
const ANSWER = (hduAnswers(readRepoFile('examples/hdu4069.out'))[0] as string[]).join('');

const playResult = (page: Page): Locator => page.getByRole('status', { name: 'Play result' });

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
};
const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (box: Box, view: ViewportSize): boolean =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;

/** A share link to case 1 of hdu4069.in, titled, made and copied on a desktop page. */
async function sharedLink(browser: Browser, baseURL: string | undefined): Promise<string> {
  const context = await browser.newContext({ ...DESKTOP, serviceWorkers: 'block' });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const page = await context.newPage();
    await openApp(page);
    await importText(page, HDU, 0);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Title' }).fill('Thumb test');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(page.getByText(/^Link copied/)).toBeVisible();
    return await page.evaluate<string>('navigator.clipboard.readText()');
  } finally {
    await context.close();
  }
}

/** The clues of case 1, reading order ('.' for empty), and an empty cell of its top row. */
async function topRowEmpty(page: Page): Promise<number> {
  const texts = await cells(page).allTextContents();
  const empty = texts.findIndex((text, cell) => cell < 9 && text.trim() === '');
  expect(empty).toBeGreaterThanOrEqual(0);
  return empty;
}

/**
 * Every cell's region hue, reading order: the colour the region gives the cell (what Play
 * draws over it, a selection or a highlight, is not the region's).
 */
const cellColours = (page: Page): Promise<string[]> =>
  cells(page).evaluateAll((elements) =>
    elements.map((element) =>
      (element as unknown as { style: { getPropertyValue(name: string): string } }).style
        .getPropertyValue('--hue')
        .trim(),
    ),
  );

test.describe('on a phone', () => {
  test.use(PHONE);

  test('Hint and Check reachable without scrolling and their cells in view', async ({
    page,
    browser,
    baseURL,
  }) => {
    const view = PHONE.viewport;
    await page.goto(await sharedLink(browser, baseURL));
    await expect(page.getByRole('radio', { name: 'Play', includeHidden: true })).toBeChecked();
    // The grid first: the setter's toolbar is folded behind Menu.
    await expect(page.getByRole('toolbar', { name: 'Puzzle tools' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(grid(page)).toBeInViewport({ ratio: 1 });

    // One row of four, under the grid, in the lower half of the screen, the pad below it.
    const controls = page.getByRole('group', { name: 'Moves and help' });
    const names = ['Undo', 'Redo', 'Hint', 'Check'];
    const boxes = await Promise.all(
      names.map((name) => boxOf(controls.getByRole('button', { name, exact: true }))),
    );
    const gridBox = await boxOf(grid(page));
    for (const [i, box] of boxes.entries()) {
      expect(inside(box, view), `${names[i]} on screen`).toBe(true);
      expect(box.y).toBe(boxes[0].y);
      expect(box.y).toBeGreaterThan(view.height / 2);
      expect(box.y).toBeGreaterThanOrEqual(gridBox.y + gridBox.height);
      expect(box.height).toBeGreaterThanOrEqual(44);
      if (i > 0) expect(box.x).toBeGreaterThan(boxes[i - 1].x + boxes[i - 1].width);
    }
    const pad = page.getByRole('group', { name: 'Digit pad' });
    expect(inside(await boxOf(pad), view)).toBe(true);
    expect(await scrollOffset(page)).toEqual({ x: 0, y: 0 });

    // A wrong digit in the top row; Check marks it, and nothing scrolls.
    const at = await topRowEmpty(page);
    const right = Number(ANSWER[at]);
    const wrong = (right % 9) + 1;
    await cells(page).nth(at).tap();
    await pad.getByRole('button', { name: String(wrong), exact: true }).tap();
    await controls.getByRole('button', { name: 'Check' }).tap();
    await expect(playResult(page)).toContainText('1 wrong digit');
    await expect(page.locator('.play-caption')).toContainText('1 wrong digit');
    await expect(cells(page).nth(at)).toHaveAccessibleName(/wrong$/);
    await page.waitForTimeout(400);
    expect(await scrollOffset(page)).toEqual({ x: 0, y: 0 });
    await expect(cells(page).nth(at)).toBeInViewport({ ratio: 1 });
    await expect(grid(page)).toBeInViewport({ ratio: 1 });
    // The row has not moved under the thumb.
    expect((await boxOf(controls)).y).toBe(boxes[0].y);

    // Hint: the wrong digit first, selected; then, with it cleared, a step and where it is.
    const hint = controls.getByRole('button', { name: 'Hint' });
    await hint.tap();
    await expect(playResult(page)).toContainText(/^Hint: the \d in r1c\d is wrong/);
    await expect(cells(page).nth(at)).toHaveAttribute('aria-selected', 'true');
    await expect(cells(page).nth(at)).toBeInViewport({ ratio: 1 });
    await pad.getByRole('button', { name: 'Clear' }).tap();
    await hint.tap();
    await expect(playResult(page)).toContainText(/^Hint: use .* next/);
    await hint.tap();
    await expect(playResult(page)).toContainText(/^Hint: (?!use )/);
    const marked = grid(page).locator('[role="gridcell"][aria-selected="true"]');
    expect(await marked.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await marked.count()); i++) {
      await expect(marked.nth(i)).toBeInViewport({ ratio: 1 });
    }
    await page.waitForTimeout(400);
    expect(await scrollOffset(page)).toEqual({ x: 0, y: 0 });
    expect((await boxOf(controls)).y).toBe(boxes[0].y);

    // Scrolled down until the top rows are off screen, Check brings the whole grid back.
    await page.evaluate('window.scrollTo(0, 200)');
    await expect(cells(page).first()).not.toBeInViewport();
    await controls.getByRole('button', { name: 'Check' }).tap();
    await expect(grid(page)).toBeInViewport({ ratio: 1 });
    await expect(cells(page).first()).toBeInViewport({ ratio: 1 });

    // Menu opens the setter's tools; the row and the pad stay as they were.
    await page.getByRole('button', { name: 'Menu' }).tap();
    await expect(page.getByRole('toolbar', { name: 'Puzzle tools' })).toBeVisible();
    await expect(controls.getByRole('button', { name: 'Undo' })).toBeVisible();
  });
});

test.describe('on a phone turned sideways (740x360)', () => {
  const SIDEWAYS = { ...PHONE, viewport: { width: 740, height: 360 } };
  test.use(SIDEWAYS);

  test('the grid fills the height, with the row and the pad beside it in one screen', async ({
    page,
    browser,
    baseURL,
  }) => {
    const view = SIDEWAYS.viewport;
    await page.goto(await sharedLink(browser, baseURL));
    await expect(page.getByRole('radio', { name: 'Play', includeHidden: true })).toBeChecked();
    await grid(page).scrollIntoViewIfNeeded();
    await expect(grid(page)).toBeInViewport({ ratio: 1 });
    const gridBox = await boxOf(grid(page));
    // Most of the screen's height: not the 320 px column of the upright phone, cut off.
    expect(gridBox.height).toBeGreaterThan(view.height * 0.85);
    const controls = page.getByRole('group', { name: 'Moves and help' });
    const pad = page.getByRole('group', { name: 'Digit pad' });
    for (const target of [
      controls.getByRole('button', { name: 'Hint' }),
      controls.getByRole('button', { name: 'Check' }),
      pad.getByRole('button', { name: '9', exact: true }),
      pad.getByRole('button', { name: 'Clear' }),
    ]) {
      const box = await boxOf(target);
      expect(inside(box, view)).toBe(true);
      expect(box.x).toBeGreaterThanOrEqual(gridBox.x + gridBox.width);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    // A wrong digit, Check: said beside the grid, which stays wholly in view.
    const at = await topRowEmpty(page);
    const wrong = (Number(ANSWER[at]) % 9) + 1;
    await cells(page).nth(at).tap();
    await pad.getByRole('button', { name: String(wrong), exact: true }).tap();
    await controls.getByRole('button', { name: 'Check' }).tap();
    await expect(page.locator('.play-caption')).toContainText('1 wrong digit');
    await expect(page.locator('.play-caption')).toBeInViewport();
    await expect(grid(page)).toBeInViewport({ ratio: 1 });
  });
});

test.describe('at 1280x800', () => {
  test.use(DESKTOP);

  test('Hint and Check in view beside the grid, and the cell Check marks', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto(await sharedLink(browser, baseURL));
    await expect(page.getByRole('radio', { name: 'Play' })).toBeChecked();
    await expect(page.getByRole('toolbar', { name: 'Puzzle tools' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Moves and help' })).toHaveCount(0);
    await expect(grid(page)).toBeInViewport({ ratio: 1 });
    for (const name of ['Hint', 'Check', 'Undo', 'Redo']) {
      const button = page.getByRole('button', { name, exact: true });
      expect(inside(await boxOf(button), DESKTOP.viewport), name).toBe(true);
    }
    const at = await topRowEmpty(page);
    await cells(page).nth(at).click();
    await page.keyboard.press(String((Number(ANSWER[at]) % 9) + 1));
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(playResult(page)).toContainText('1 wrong digit');
    await expect(cells(page).nth(at)).toBeInViewport({ ratio: 1 });
    expect(await scrollOffset(page)).toEqual({ x: 0, y: 0 });
  });
});

for (const [name, device] of [
  ['at 1280x800', DESKTOP],
  ['on a phone', PHONE],
] as const) {
  test.describe(name, () => {
    test.use(device);

    test('a reload keeps the region colours, and so do a Hint and another browser', async ({
      page,
      browser,
      baseURL,
    }) => {
      const url = await sharedLink(browser, baseURL);
      await page.goto(url);
      await expect(page.getByRole('radio', { name: 'Play', includeHidden: true })).toBeChecked();
      const colours = await cellColours(page);
      // Neighbours differ (the page's own colours, not only the function's).
      expect(colours.every((hue) => hue !== '')).toBe(true);
      const regions = await readRegions(page);
      for (let cell = 0; cell < 81; cell++) {
        if (cell % 9 < 8 && regions[cell] !== regions[cell + 1]) {
          expect(colours[cell]).not.toBe(colours[cell + 1]);
        }
      }
      expect(new Set(colours).size).toBeGreaterThanOrEqual(3);

      await page.getByRole('button', { name: 'Hint', exact: true }).click();
      await expect(playResult(page)).toContainText(/^Hint/);
      await page.getByRole('button', { name: 'Hint', exact: true }).click();
      expect(await cellColours(page)).toEqual(colours);

      await page.reload();
      await expect(cells(page)).toHaveCount(81);
      expect(await cellColours(page)).toEqual(colours);

      // The setter's grid, and the same link in a browser of its own.
      if (device === PHONE) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('radio', { name: 'Enter digits' }).click();
      await expect(page.getByRole('radio', { name: 'Enter digits' })).toBeChecked();
      expect(await cellColours(page)).toEqual(colours);
      const other = await browser.newContext({ ...device, serviceWorkers: 'block' });
      try {
        const elsewhere = await other.newPage();
        await elsewhere.goto(url);
        await expect(cells(elsewhere)).toHaveCount(81);
        expect(await cellColours(elsewhere)).toEqual(colours);
      } finally {
        await other.close();
      }
    });

    test('the link notes cover neither the header nor a dialog title', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const view = device.viewport;
      await page.goto(await sharedLink(browser, baseURL));
      const note = page.locator('.link-status');
      await expect(note).toHaveText(/^Opened from the link, in Play\./);
      const header = page.getByRole('banner');
      const noteBox = await boxOf(note);
      expect(overlap(noteBox, await boxOf(header))).toBe(false);
      expect(inside(noteBox, view)).toBe(true);
      // Above the grid, not over it.
      expect(noteBox.y + noteBox.height).toBeLessThanOrEqual((await boxOf(grid(page))).y);

      // A dialog opened while the note shows: its title is on top at every point. (The note
      // lets presses through; for the test it takes them, so elementFromPoint finds it.)
      await note.evaluate((element) => {
        (element as unknown as { style: { pointerEvents: string } }).style.pointerEvents = 'auto';
      });
      await page.getByRole('button', { name: /^Puzzle details/ }).click();
      const dialog = page.getByRole('dialog');
      const title = dialog.getByRole('heading').first();
      await expect(title).toBeVisible();
      await expect(note).toHaveText(/^Opened/);
      const expectOnTop = async (target: Locator): Promise<void> => {
        const box = await boxOf(target);
        const points = [
          [box.x + 2, box.y + 2],
          [box.x + box.width / 2, box.y + box.height / 2],
          [box.x + box.width - 2, box.y + box.height - 2],
        ];
        for (const [x, y] of points) {
          const hit = await target.evaluate(
            (element, [px, py]) => {
              const doc = (
                element as unknown as {
                  ownerDocument: { elementFromPoint(x: number, y: number): unknown };
                  contains(other: unknown): boolean;
                }
              ).ownerDocument;
              return (element as unknown as { contains(o: unknown): boolean }).contains(
                doc.elementFromPoint(px, py),
              );
            },
            [x, y],
          );
          expect(hit, `the title is on top at ${Math.round(x)},${Math.round(y)}`).toBe(true);
        }
      };
      await expectOnTop(title);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Link copied, from the toolbar (behind Menu on a phone).
      if (device === PHONE) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Copy link', exact: true }).click();
      await expect(note).toHaveText(/^Link copied\./);
      expect(overlap(await boxOf(note), await boxOf(header))).toBe(false);
      expect(inside(await boxOf(note), view)).toBe(true);
      await note.evaluate((element) => {
        (element as unknown as { style: { pointerEvents: string } }).style.pointerEvents = 'auto';
      });
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await expect(note).toHaveText(/^Link copied/);
      await expectOnTop(page.getByRole('dialog').getByRole('heading').first());
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Hatching under digits

interface Pixels {
  width: number;
  height: number;
  data: number[];
}

/** A screenshot's RGBA pixels, decoded by the page (the tests have no PNG decoder). */
const decode = (page: Page, png: Buffer): Promise<Pixels> =>
  page.evaluate(`(async () => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(png.toString('base64'))}), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: bitmap.width, height: bitmap.height, data: Array.from(data) };
  })()`);

/**
 * `target` drawn with the hatching and without it (`hide` takes it away, `show` puts it
 * back): the ink of its digits (the dark pixels without hatching, clear of the cell's edges
 * and their walls) and one pixel round it look the same in both, while the hatching does show
 * elsewhere in the cell. Measured: a clue drawn under the hatching, as before, had a third
 * of its ink and rim changed (34%), and above it without a halo 9%; the candidates of a cell
 * where logic got stuck, always above their hatching but with no halo, 29%; with the halo,
 * none of either.
 */
async function expectInkClear(
  page: Page,
  target: Locator,
  hide: () => Promise<void>,
  show: () => Promise<void>,
  inkBelow = 110,
): Promise<void> {
  const hatched = await decode(page, await target.screenshot());
  await hide();
  const plain = await decode(page, await target.screenshot());
  await show();
  expect(plain.width).toBe(hatched.width);
  const { width, height } = plain;
  const luma = (p: Pixels, i: number): number =>
    0.3 * p.data[i * 4] + 0.59 * p.data[i * 4 + 1] + 0.11 * p.data[i * 4 + 2];
  // Ink inside the cell, clear of its edges, where the walls are (dark too, and drawn on top).
  const edge = Math.ceil(width * 0.08);
  const ink = new Uint8Array(width * height);
  for (let y = edge; y < height - edge; y++) {
    for (let x = edge; x < width - edge; x++) {
      if (luma(plain, y * width + x) < inkBelow) ink[y * width + x] = 1;
    }
  }
  let inkPixels = 0;
  let differ = 0;
  let hatchShows = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const channels = [0, 1, 2].map((c) =>
        Math.abs(plain.data[i * 4 + c] - hatched.data[i * 4 + c]),
      );
      const changed = Math.max(...channels) > 24;
      let nearInk = false;
      for (let dy = -1; dy <= 1 && !nearInk; dy++) {
        for (let dx = -1; dx <= 1 && !nearInk; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx >= 0 && ny >= 0 && nx < width && ny < height && ink[ny * width + nx]) {
            nearInk = true;
          }
        }
      }
      if (nearInk) {
        inkPixels++;
        if (changed) differ++;
      } else if (changed) {
        hatchShows++;
      }
    }
  }
  expect(inkPixels, 'the cell has digits').toBeGreaterThan(20);
  expect(hatchShows, 'the hatching shows in the cell').toBeGreaterThan(20);
  expect(differ / inkPixels, 'share of the ink and its rim the hatching changes').toBeLessThan(
    0.02,
  );
}

test.describe('hatching', () => {
  test.use(DESKTOP);

  test('the digits of an open layout are drawn above its red hatching', async ({ page }) => {
    await openApp(page);
    await importText(page, HDU, 0);
    const regions = await readRegions(page);
    const texts = await cells(page).allTextContents();
    // A clue with a neighbour of another region on its right: the wall between goes.
    const clue = texts.findIndex(
      (text, cell) => text.trim() !== '' && cell % 9 < 8 && regions[cell] !== regions[cell + 1],
    );
    expect(clue).toBeGreaterThanOrEqual(0);
    await page.getByRole('radio', { name: 'Draw walls' }).check();
    const box = await boxOf(grid(page));
    const unit = box.width / 9;
    await page.mouse.click(
      box.x + ((clue % 9) + 1) * unit,
      box.y + (Math.floor(clue / 9) + 0.5) * unit,
    );
    const over = page.locator('svg.layout-hatching [data-mark="over"]');
    await expect(over).toHaveAttribute('data-cells', '18');
    const hatching = page.locator('svg.layout-hatching');
    const setVisibility = (value: string) => () =>
      hatching.evaluate((element, v) => {
        (element as unknown as { style: { visibility: string } }).style.visibility = v;
      }, value);
    await expectInkClear(page, cells(page).nth(clue), setVisibility('hidden'), setVisibility(''));
  });

  test('the candidates where Solve by logic got stuck are drawn above the hatching', async ({
    page,
  }) => {
    await openApp(page);
    await importText(page, HDU, 2);
    await page.getByRole('button', { name: 'Solve by logic' }).click();
    await expect(page.getByText(/^Logic gets stuck after \d+ steps/)).toBeVisible();
    const stuck = page.locator('.logic-stuck');
    expect(await stuck.count()).toBeGreaterThan(0);
    const setHatch = (value: string) => () =>
      stuck.evaluateAll((elements, v) => {
        for (const element of elements) {
          (element as unknown as { style: { backgroundImage: string } }).style.backgroundImage = v;
        }
      }, value);
    // The stuck cell with the most candidates.
    const counts = await stuck.evaluateAll((elements) =>
      elements.map((element) => (element as unknown as { textContent: string }).textContent.length),
    );
    const most = stuck.nth(counts.indexOf(Math.max(...counts)));
    await expectInkClear(page, most, setHatch('none'), setHatch(''), 140);
  });
});
