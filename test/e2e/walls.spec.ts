/**
 * Walls without a mouse, in the built app: a whole 9x9 jigsaw layout (line 5 of the generated
 * jigsaw benchmark) drawn on an empty grid with the keyboard alone through the edge cursor
 * (W, arrows, Space), its clues typed the same way, until the verdict says the puzzle has one
 * solution; and, on a 360x740 touch screen, walls drawn and erased with a finger, sent as real
 * touch input so that the browser could scroll or zoom instead if the page let it.
 *
 * The keyboard walk is planned here from the documented moves (half a cell a step along the
 * lines; a step into a cell goes on over it; no step off the grid), and every Space is pressed
 * only after the focused edge cursor names the edge meant, so a wrong move fails at once.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  cells,
  expectNoSerious,
  fingerDrag,
  grid,
  gridGeometry,
  jigsawLine,
  newPuzzle,
  openApp,
  PHONE,
  readRegions,
  samePartition,
  scrollOffset,
  verdict,
} from './helpers.ts';

const SIZE = 9;
const LAST = 2 * SIZE - 2;

/** A place of the edge cursor in half cells: y = 2*row, x = 2*col is a cell. */
type Place = { y: number; x: number };
const MOVES: [string, number, number][] = [
  ['ArrowUp', -1, 0],
  ['ArrowDown', 1, 0],
  ['ArrowLeft', 0, -1],
  ['ArrowRight', 0, 1],
];
const odd = (n: number) => n % 2 === 1;
const onLines = (p: Place) =>
  p.y >= 0 && p.x >= 0 && p.y <= LAST && p.x <= LAST && (odd(p.y) || odd(p.x));

function step(p: Place, dy: number, dx: number): Place {
  let next = { y: p.y + dy, x: p.x + dx };
  if (!odd(next.y) && !odd(next.x)) next = { y: p.y + 2 * dy, x: p.x + 2 * dx };
  return onLines(next) ? next : p;
}

/** The fewest arrow keys from one place to another (breadth-first over the lines). */
function route(from: Place, to: Place): string[] {
  const id = (p: Place) => p.y * (LAST + 1) + p.x;
  const back = new Map<number, [number, string] | null>([[id(from), null]]);
  const queue = [from];
  while (queue.length > 0) {
    const p = queue.shift() as Place;
    if (p.y === to.y && p.x === to.x) break;
    for (const [key, dy, dx] of MOVES) {
      const next = step(p, dy, dx);
      if (back.has(id(next))) continue;
      back.set(id(next), [id(p), key]);
      queue.push(next);
    }
  }
  const keys: string[] = [];
  for (let at = back.get(id(to)); at; at = back.get(at[0])) keys.unshift(at[1]);
  return keys;
}

const name = (row: number, col: number) => `row ${row + 1}, column ${col + 1}`;

/** The wall edges of a region map, as edge-cursor places with the name the app gives each. */
function wallPlaces(regions: readonly number[]): { place: Place; label: string }[] {
  const out: { place: Place; label: string }[] = [];
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const cell = row * SIZE + col;
      if (col < SIZE - 1 && regions[cell] !== regions[cell + 1]) {
        out.push({
          place: { y: 2 * row, x: 2 * col + 1 },
          label: `Edge between ${name(row, col)} and ${name(row, col + 1)}`,
        });
      }
      if (row < SIZE - 1 && regions[cell] !== regions[cell + SIZE]) {
        out.push({
          place: { y: 2 * row + 1, x: 2 * col },
          label: `Edge between ${name(row, col)} and ${name(row + 1, col)}`,
        });
      }
    }
  }
  // In reading order of the half-cell places, so the walk sweeps the grid once.
  return out.sort((a, b) => a.place.y - b.place.y || a.place.x - b.place.x);
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    type Focused = { getAttribute(name: string): string | null } | null;
    const doc = (globalThis as unknown as { document: { activeElement: Focused } }).document;
    return doc.activeElement?.getAttribute('aria-label') ?? '';
  });

test('a 9x9 jigsaw layout and its clues entered by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const puzzle = jigsawLine(5);
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await expect(verdict(page)).toHaveText(/^Layout not ready/);

  // Into the grid by keyboard: the mode switch, then Tab to the grid's cell.
  const drawWalls = page.getByRole('radio', { name: 'Draw walls' });
  await drawWalls.focus();
  await page.keyboard.press('Space');
  await expect(drawWalls).toBeChecked();
  const first = cells(page).first();
  for (let tab = 0; tab < 20; tab++) {
    if (await first.evaluate((el) => el === el.ownerDocument.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();

  await page.keyboard.press('w');
  const edgeCursor = page.getByRole('button', { name: /^Edge between/ });
  await expect(edgeCursor).toBeFocused();
  let at: Place = { y: 0, x: 1 };
  const walls = wallPlaces(puzzle.regions);
  for (const { place, label } of walls) {
    for (const key of route(at, place)) await page.keyboard.press(key);
    at = place;
    expect(await focusedName(page)).toBe(`${label}: open`);
    await page.keyboard.press('Space');
    expect(await focusedName(page)).toBe(`${label}: wall`);
  }
  await expect(page.getByTestId('grid-announcer')).toHaveText(/: wall$/);
  expect(samePartition(await readRegions(page), puzzle.regions)).toBe(true);
  await expect(page.getByText('Layout complete: 9 regions of 9 cells.')).toBeVisible();
  await expect(verdict(page)).not.toHaveText(/not ready/i);

  // Back to the cells (Escape), then the clues: arrows to each one, then its digit.
  await page.keyboard.press('Escape');
  await expect(edgeCursor).toBeHidden();
  let cursor = (await cells(page).evaluateAll((els) =>
    els.findIndex((el) => el === el.ownerDocument.activeElement),
  )) as number;
  expect(cursor).toBeGreaterThanOrEqual(0);
  for (let cell = 0; cell < SIZE * SIZE; cell++) {
    const digit = puzzle.givens[cell];
    if (!digit) continue;
    const dRow = Math.floor(cell / SIZE) - Math.floor(cursor / SIZE);
    const dCol = (cell % SIZE) - (cursor % SIZE);
    for (let i = 0; i < Math.abs(dRow); i++) {
      await page.keyboard.press(dRow > 0 ? 'ArrowDown' : 'ArrowUp');
    }
    for (let i = 0; i < Math.abs(dCol); i++) {
      await page.keyboard.press(dCol > 0 ? 'ArrowRight' : 'ArrowLeft');
    }
    await page.keyboard.press(String(digit));
    // A digit moves the cursor on (the default), except in the last cell.
    cursor = Math.min(cell + 1, SIZE * SIZE - 1);
  }
  const typed = (await cells(page).allTextContents()).map((t) => Number(t.trim() || 0));
  expect(typed).toEqual(puzzle.givens);
  await expect(verdict(page)).toHaveText(/^Unique: exactly one solution/, { timeout: 20_000 });

  // Each wall was one undo step, as with the mouse: Ctrl+Z from the clues back past the last wall.
  const clues = puzzle.givens.filter((d) => d > 0).length;
  for (let i = 0; i <= clues; i++) await page.keyboard.press('Control+z');
  await expect(page.getByText('Layout complete: 9 regions of 9 cells.')).toBeHidden();
});

test('axe: no serious or critical violations with the edge cursor on, light and dark', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('radio', { name: 'Draw walls' }).check();
  await cells(page).nth(40).click();
  await page.keyboard.press('w');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Edge between .*: wall$/ })).toBeFocused();
  await expectNoSerious(page, 'the edge cursor on');
});

test.describe('on a phone (360x740, touch)', () => {
  test.use(PHONE);

  test('a finger draws a wall along a line, and a tap on it takes it away', async ({ page }) => {
    await openApp(page);
    // Draw walls, as a first-time user reaches it: a tap on the mode.
    await page.getByRole('radio', { name: 'Draw walls' }).tap();
    await expect(page.getByRole('radio', { name: 'Draw walls' })).toBeChecked();
    // Scrolled a little, as a page is on a phone: a finger on the grid must not scroll it.
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 40),
    );
    const before = await scrollOffset(page);
    expect(before.y).toBeGreaterThan(0);
    const { at, box } = await gridGeometry(page, SIZE);
    expect(box.width).toBeLessThanOrEqual(360);

    // Down the line between columns 1 and 2, from inside row 1 to inside row 3: it cuts the
    // first box (3 cells and 6 cells).
    const regionsBefore = await readRegions(page);
    expect(regionsBefore[0]).toBe(regionsBefore[1]);
    await fingerDrag(page, [at(1, 0.3), at(1, 1.5), at(1, 2.7)]);
    const after = await readRegions(page);
    expect(after[0]).not.toBe(after[1]);
    expect(after[SIZE]).not.toBe(after[SIZE + 1]);
    expect(after[2 * SIZE]).not.toBe(after[2 * SIZE + 1]);
    expect(await scrollOffset(page)).toEqual(before);
    await expect(
      page.getByText(/^\d+ layout problems? in all, marked on the grid\./),
    ).toBeVisible();

    // A sideways finger along the line under row 1 (columns 4 to 6) adds its three walls.
    await fingerDrag(page, [at(3.3, 1), at(4.5, 1), at(5.7, 1)]);
    const split = await readRegions(page);
    expect(split[3]).not.toBe(split[SIZE + 3]);
    expect(split[5]).not.toBe(split[SIZE + 5]);
    expect(await scrollOffset(page)).toEqual(before);

    // A tap right on a line toggles that one wall: r2c1|r2c2 goes, and through that gap the
    // first box is one region again (its other two walls stay, loose).
    const tap = at(1, 1.5);
    await page.touchscreen.tap(tap.x, tap.y);
    const tapped = await readRegions(page);
    expect(tapped[SIZE]).toBe(tapped[SIZE + 1]);
    expect(tapped[0]).toBe(tapped[1]);
    // A tap inside a cell selects it, and draws nothing.
    const inside = at(7.5, 7.5);
    await page.touchscreen.tap(inside.x, inside.y);
    await expect(cells(page).nth(7 * SIZE + 7)).toHaveAttribute('aria-selected', 'true');
    await expect(cells(page).nth(7 * SIZE + 7)).toBeFocused();
    expect(await readRegions(page)).toEqual(tapped);
    // A stroke leaves the selection where it was (it starts on a line, between two cells).
    await fingerDrag(page, [at(6, 3.3), at(6, 4.5), at(6, 5.7)]);
    await expect(cells(page).nth(7 * SIZE + 7)).toHaveAttribute('aria-selected', 'true');
    await expect(grid(page)).toBeVisible();
  });
});
