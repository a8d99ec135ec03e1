/**
 * Drawing walls as a hand does, in the built app: strokes that start on the outer border or
 * a little outside it, with a wobble of about 2 px across the line, at 1280x800 with a mouse
 * and at 360x740 with a finger (real touch input). The grid takes presses on its frame and in
 * a margin around it (GridSurface.tsx), so no stroke is lost: eight such strokes, two per
 * line from opposite borders, draw the standard 3x3 boxes exactly on an empty 9x9 grid. Then
 * a gap is opened in a line and the whole line re-traced from outside the border: the gap is
 * mended and nothing else changes (a drag never erases unless Erase is chosen), and with
 * Erase chosen the same stroke takes the line off.
 * Before these changes, a press on the border's outer half never reached the grid, and a
 * re-trace that began on a wall erased the line it meant to mend.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  fingerDrag,
  gridGeometry,
  newPuzzle,
  openApp,
  PHONE,
  readRegions,
  samePartition,
  scrollOffset,
  setMode,
} from './helpers.ts';

const SIZE = 9;
const BOXES = Array.from(
  { length: SIZE * SIZE },
  (_, cell) => 3 * Math.floor(cell / SIZE / 3) + Math.floor((cell % SIZE) / 3),
);
/** Across-the-line offsets (px) of a stroke's points in turn: an unsteady hand. */
const WOBBLE = [2, -2, 1, -1.5, 2, -1, 1.5, -2];

type Point = { x: number; y: number };
type Stroke = (page: Page, points: Point[]) => Promise<void>;

const mouseStroke: Stroke = async (page, points) => {
  const [first, ...rest] = points;
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 3 });
  await page.mouse.up();
};
const fingerStroke: Stroke = (page, points) => fingerDrag(page, points, 3);

/**
 * A stroke along grid line `line` (horizontal: y = line; vertical: x = line) from outside
 * the border at `from` ('start': left or top; 'end': right or bottom) `outside` px beyond
 * the grid's box, to grid unit `to` along the line, with the wobble across it.
 */
async function lineStroke(
  page: Page,
  stroke: Stroke,
  direction: 'horizontal' | 'vertical',
  line: number,
  from: 'start' | 'end',
  outside: number,
  to: number,
): Promise<void> {
  const { box } = await gridGeometry(page, SIZE);
  const cell = box.width / SIZE;
  const along = (units: number) => (direction === 'horizontal' ? box.x : box.y) + units * cell;
  const across = (direction === 'horizontal' ? box.y : box.x) + line * cell;
  const begin = from === 'start' ? along(0) - outside : along(SIZE) + outside;
  const end = along(to);
  const points: Point[] = [];
  const count = 8;
  for (let i = 0; i <= count; i++) {
    const position = begin + ((end - begin) * i) / count;
    const offset = across + WOBBLE[i % WOBBLE.length];
    points.push(
      direction === 'horizontal' ? { x: position, y: offset } : { x: offset, y: position },
    );
  }
  await stroke(page, points);
}

/** How far outside the box a press can be on this screen: `wanted`, within the window. */
async function room(page: Page, wanted: number): Promise<{ start: number; end: number }> {
  const { box } = await gridGeometry(page, SIZE);
  const width = page.viewportSize()?.width ?? 0;
  return {
    start: Math.min(wanted, box.x - 1),
    end: Math.min(wanted, width - (box.x + box.width) - 1),
  };
}

async function drawBoxesAndMend(page: Page, stroke: Stroke): Promise<void> {
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await setMode(page, 'Draw walls');
  const { box } = await gridGeometry(page, SIZE);
  // A quarter of a cell, at most 12 px: inside the grid's press margin (a third of a cell, at
  // most 16 px) on every screen.
  const quarter = Math.min(box.width / SIZE / 4, 12);
  const near = await room(page, 2);
  const far = await room(page, quarter);
  // Two strokes per line, from opposite borders, each to just past the middle: on the border's
  // outer half (2 px out) and a quarter of a cell out (less where the window ends first; on a
  // phone the grid lies 8 px from each side of the screen).
  await lineStroke(page, stroke, 'horizontal', 3, 'start', near.start, 4.6);
  await lineStroke(page, stroke, 'horizontal', 3, 'end', far.end, 4.4);
  await lineStroke(page, stroke, 'horizontal', 6, 'start', far.start, 4.6);
  await lineStroke(page, stroke, 'horizontal', 6, 'end', near.end, 4.4);
  // Above the grid, x = 3 lies under the tip's text, which lets presses through to the grid;
  // x = 6 lies under the Draw / Erase switch on a phone, which keeps them (so 2 px there).
  await lineStroke(page, stroke, 'vertical', 3, 'start', quarter, 4.6);
  await lineStroke(page, stroke, 'vertical', 3, 'end', 2, 4.4);
  await lineStroke(page, stroke, 'vertical', 6, 'start', 2, 4.6);
  await lineStroke(page, stroke, 'vertical', 6, 'end', quarter, 4.4);
  expect(samePartition(await readRegions(page), BOXES)).toBe(true);
  await expect(page.getByText('Complete: 9 regions of 9 cells.', { exact: true })).toBeVisible();

  // A gap in the line y = 3 (under r3c2): boxes 1 and 4 meet through it.
  const { at } = await gridGeometry(page, SIZE);
  const gap = at(1.5, 3);
  if (stroke === mouseStroke) await page.mouse.click(gap.x, gap.y);
  else await page.touchscreen.tap(gap.x, gap.y);
  const opened = await readRegions(page);
  expect(opened[2 * SIZE + 1]).toBe(opened[3 * SIZE + 1]);
  // Re-traced whole from outside the left border: mended, and nothing else changed.
  await lineStroke(page, stroke, 'horizontal', 3, 'start', near.start, 8.6);
  expect(samePartition(await readRegions(page), BOXES)).toBe(true);

  // With Erase chosen, the same stroke takes the line off (boxes 1-3 meet 4-6).
  const erase = page.getByRole('radio', { name: 'Erase', exact: true });
  if (stroke === mouseStroke) await erase.check();
  else await erase.tap();
  await expect(erase).toBeChecked();
  await lineStroke(page, stroke, 'horizontal', 3, 'start', far.start, 8.6);
  const erased = await readRegions(page);
  for (let col = 0; col < SIZE; col++) expect(erased[2 * SIZE + col]).toBe(erased[3 * SIZE + col]);
  expect(erased[5 * SIZE]).not.toBe(erased[6 * SIZE]);
}

test('with a mouse: strokes from on and outside each border draw the exact layout', async ({
  page,
}) => {
  await drawBoxesAndMend(page, mouseStroke);
});

test.describe('on a phone (360x740, touch)', () => {
  test.use(PHONE);

  test('a finger from on and outside each border draws the exact layout', async ({ page }) => {
    await drawBoxesAndMend(page, fingerStroke);
    // The press margin never widens the page: nothing to scroll sideways.
    expect((await scrollOffset(page)).x).toBe(0);
    const wide = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
          .document.documentElement.scrollWidth,
    );
    expect(wide).toBeLessThanOrEqual(360);
  });
});
