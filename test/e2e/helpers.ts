/**
 * Shared steps for the end-to-end tests: the app is driven as a person would, through roles and
 * accessible names, and read back the same way (a cell's text is its digit; its accessible name
 * names its region).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A file the repository carries (examples/, bench/data/), read from the repository's root. */
export const readRepoFile = (path: string): string =>
  readFileSync(resolve(REPO_ROOT, path), 'utf8');

export const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// ---------------------------------------------------------------------------------------------
// Accessibility (axe-core run inside the page) and long tasks

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

async function axeViolations(page: Page, screen: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) {
    // Evaluated, not added as a script tag: the app's Content-Security-Policy refuses inline
    // scripts (and should), and the DevTools protocol's evaluation is not the page's script.
    await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  }
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } })
      .axe;
    const results = await axe.run();
    return results.violations;
  });
  const list = violations as AxeViolation[];
  for (const v of list) {
    console.log(
      `[axe] ${screen}: ${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\n/g, ' ')}`)
          .join('\n'),
    );
  }
  return list.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** No serious or critical violations on the screen as it is, in both colour schemes. */
export const expectNoSerious = async (page: Page, screen: string) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const serious = await axeViolations(page, `${screen} (${colorScheme})`);
    expect(
      serious.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes)`),
      `serious or critical axe violations on ${screen}, ${colorScheme} colour scheme`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
};

/**
 * Record every long task (over 50 ms on the page's thread) from the first script on, as
 * durations in `window.longTasks` (a script text: the e2e tests are typed without the DOM
 * library). Call before the page loads.
 */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript({
    content: `
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    `,
  });
}

/** The long tasks recorded so far (ms each); `clear` empties the record. */
export const longTasks = (page: Page, clear = false): Promise<number[]> =>
  page.evaluate(
    `(() => { const seen = window.longTasks.slice(); if (${clear}) window.longTasks = []; return seen; })()`,
  );

/** 20 digits of a valid 9x9 grid (rows shifted by 3), typed from the first cell on. */
export const TYPED_DIGITS = ['123456789', '456789123', '789123456'].join('').slice(0, 20);

/**
 * Type TYPED_DIGITS into `all` (the cells, the first one selected) with the long-task record
 * cleared first (watchLongTasks must have run). Each digit is read back at once, with no
 * waiting: it must already be there. After every fourth a pause of `pauseMs`, just past a
 * debounce, so the page's check starts in its worker and the next digit cuts it off;
 * `midway` runs after the tenth. The caller waits for the page to settle, then reads
 * longTasks.
 */
export async function typeWatchingLongTasks(
  page: Page,
  all: Locator,
  pauseMs: number,
  midway?: () => Promise<void>,
): Promise<void> {
  // The observer must be able to see long tasks, or the caller's check could not fail.
  expect(await page.evaluate('PerformanceObserver.supportedEntryTypes.includes("longtask")')).toBe(
    true,
  );
  await longTasks(page, true);
  for (let i = 0; i < TYPED_DIGITS.length; i++) {
    await page.keyboard.press(TYPED_DIGITS[i]);
    expect(await all.nth(i).textContent()).toBe(TYPED_DIGITS[i]);
    if (i % 4 === 3) await page.waitForTimeout(pauseMs);
    if (i === 9) await midway?.();
  }
}

// ---------------------------------------------------------------------------------------------
// Puzzle data

export interface JigsawPuzzle {
  size: number;
  /** Clue per cell, reading order, 0 = empty. */
  givens: number[];
  /** Region id per cell, reading order, 0..size-1. */
  regions: number[];
}

/** Line `n` (1-based) of the generated jigsaw benchmark: `<81 givens> <81 region ids 1-9>`. */
export function jigsawLine(n: number): JigsawPuzzle {
  const line = readRepoFile('bench/data/jigsaw-gen-1000.txt').split('\n')[n - 1].trim();
  const [givens, regions] = line.split(/\s+/);
  if (givens?.length !== 81 || regions?.length !== 81) {
    throw new Error(`jigsaw-gen-1000.txt line ${n} is not <81 givens> <81 region ids>`);
  }
  return {
    size: 9,
    givens: Array.from(givens, (c) => (c === '.' ? 0 : Number(c))),
    regions: Array.from(regions, (c) => Number(c) - 1),
  };
}

/** The cases of an hdu4069 answer file: 9 digit lines, or "No solution" / "Multiple Solutions". */
export function hduAnswers(text: string): (string[] | 'No solution' | 'Multiple Solutions')[] {
  const answers: (string[] | 'No solution' | 'Multiple Solutions')[] = [];
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  for (let i = 0; i < lines.length; i++) {
    if (!/^Case \d+:$/.test(lines[i])) continue;
    const next = lines[i + 1];
    if (next === 'No solution' || next === 'Multiple Solutions') answers.push(next);
    else answers.push(lines.slice(i + 1, i + 10));
  }
  return answers;
}

/** Whether two region maps cut the grid the same way (region numbers may differ). */
export function samePartition(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const ab = new Map<number, number>();
  const ba = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    if ((ab.get(a[i]) ?? b[i]) !== b[i] || (ba.get(b[i]) ?? a[i]) !== a[i]) return false;
    ab.set(a[i], b[i]);
    ba.set(b[i], a[i]);
  }
  return true;
}

export const neighbours = (cell: number, size: number): number[] => {
  const row = Math.floor(cell / size);
  const col = cell % size;
  const out: number[] = [];
  if (row > 0) out.push(cell - size);
  if (col < size - 1) out.push(cell + 1);
  if (row < size - 1) out.push(cell + size);
  if (col > 0) out.push(cell - 1);
  return out;
};

// ---------------------------------------------------------------------------------------------
// The page

/** The two devices every screen is tried on: a laptop with a mouse, and a touch phone. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

export const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Puzzle grid' });
export const cells = (page: Page): Locator => grid(page).getByRole('gridcell');
/** The result of the last explicit run (Solve, Check uniqueness, Count, generate). */
export const status = (page: Page): Locator => page.getByRole('status', { name: 'Run result' });
/** The live verdict under the grid. */
export const verdict = (page: Page): Locator => page.getByRole('status', { name: 'Verdict' });

/** A fresh page (each test has its own browser context, so its own empty storage). */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(grid(page).getByRole('row').first()).toBeVisible();
}

/** Size → N. A size without boxes asks the worker for a random layout, and right after the page
 * opens the worker may still be warming up (seconds on a loaded machine). */
export async function chooseSize(page: Page, size: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Size' }).selectOption(String(size));
  await expect(cells(page)).toHaveCount(size * size, { timeout: 30_000 });
}

export type StartLayout = 'Standard boxes' | 'Empty grid' | 'Random jigsaw';

/** New → a start layout → Create (or "Discard and create" when there is unsaved work). */
export async function newPuzzle(page: Page, start: StartLayout): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: start }).check();
  await dialog.getByRole('button', { name: /^(Create|Discard and create)$/ }).click();
  await expect(dialog).toBeHidden();
}

export type ModeName = 'Draw walls' | 'Paint regions' | 'Enter digits';

export async function setMode(page: Page, mode: ModeName): Promise<void> {
  const radio = page.getByRole('radio', { name: mode });
  await radio.check();
  await expect(radio).toBeChecked();
}

/** Make a puzzle: clue `digit` in cell `cell`, titled `title` (through Export's Title). */
export async function makePuzzle(
  page: Page,
  title: string,
  digit: string,
  cell = 0,
): Promise<void> {
  await setMode(page, 'Enter digits');
  await cells(page).nth(cell).click();
  await page.keyboard.press(digit);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Title' }).fill(title);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** The grid's digits, row by row, from the cells' text ('.' for an empty cell). */
export async function readDigits(page: Page): Promise<string[]> {
  const size = await grid(page).getByRole('row').count();
  const texts = (await cells(page).allTextContents()).map((t) => t.trim() || '.');
  if (texts.length !== size * size) {
    throw new Error(`${size} rows but ${texts.length} cells in the grid`);
  }
  return Array.from({ length: size }, (_, row) =>
    texts.slice(row * size, (row + 1) * size).join(''),
  );
}

/** The region number of every cell, reading order, from the cells' accessible names. */
export async function readRegions(page: Page): Promise<number[]> {
  const labels = await cells(page).evaluateAll((elements) =>
    elements.map((cell) => cell.getAttribute('aria-label') ?? ''),
  );
  return labels.map((label, i) => {
    const match = /\bregion (\d+)\b/i.exec(label);
    if (!match) throw new Error(`cell ${i} has no region in its name: "${label}"`);
    return Number(match[1]);
  });
}

/** Grid units (0,0 top-left corner .. size,size bottom-right) to page pixels. */
export async function gridGeometry(page: Page, size: number) {
  const box = await grid(page).boundingBox();
  if (!box) throw new Error('the grid has no box');
  return {
    box,
    at: (x: number, y: number) => ({
      x: box.x + (x / size) * box.width,
      y: box.y + (y / size) * box.height,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Gestures

/** A mouse drag through grid points (in grid units), one move per point. */
async function drag(
  page: Page,
  at: (x: number, y: number) => { x: number; y: number },
  points: [number, number][],
): Promise<void> {
  const [first, ...rest] = points;
  const start = at(...first);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const point of rest) {
    const p = at(...point);
    await page.mouse.move(p.x, p.y, { steps: 2 });
  }
  await page.mouse.up();
}

/**
 * Draws the walls of a region map on a grid without inner walls, in "Draw walls" mode, with the
 * mouse: each run of wall along one grid line is one drag along that line. Drags start and end
 * inside a segment and stay on the line, and every move is one cell long, so the app's samples
 * (every quarter cell) pass no closer than a tenth of a cell to a corner.
 */
export async function drawWalls(page: Page, size: number, regions: readonly number[]) {
  const { at } = await gridGeometry(page, size);
  const runs: [number, number][][] = [];
  // Horizontal lines y = 1..size-1: a wall below cell (y-1, col) where regions differ.
  for (let y = 1; y < size; y++) {
    let col = 0;
    while (col < size) {
      const wall = (c: number) => regions[(y - 1) * size + c] !== regions[y * size + c];
      if (!wall(col)) {
        col++;
        continue;
      }
      let end = col;
      while (end + 1 < size && wall(end + 1)) end++;
      const path: [number, number][] = [];
      for (let c = col; c <= end; c++) path.push([c + 0.4, y]);
      if (path.length === 1) path.push([col + 0.6, y]);
      runs.push(path);
      col = end + 1;
    }
  }
  // Vertical lines x = 1..size-1: a wall right of cell (row, x-1) where regions differ.
  for (let x = 1; x < size; x++) {
    let row = 0;
    while (row < size) {
      const wall = (r: number) => regions[r * size + x - 1] !== regions[r * size + x];
      if (!wall(row)) {
        row++;
        continue;
      }
      let end = row;
      while (end + 1 < size && wall(end + 1)) end++;
      const path: [number, number][] = [];
      for (let r = row; r <= end; r++) path.push([x, r + 0.4]);
      if (path.length === 1) path.push([x, row + 0.6]);
      runs.push(path);
      row = end + 1;
    }
  }
  for (const path of runs) await drag(page, at, path);
  return runs.length;
}

/**
 * Paints a region map onto the grid in "Paint regions" mode, starting from the standard boxes.
 * A paint drag makes the cells it crosses join the region of the cell where it started, so each
 * target region is painted by one drag that starts on one of its cells and walks through all of
 * them (cell centre to neighbouring cell centre, backtracking where needed). The order and start
 * cells are planned on a model of that rule so that a region never starts inside an area that
 * already holds a finished region.
 */
export async function paintRegions(page: Page, size: number, regions: readonly number[]) {
  const { at } = await gridGeometry(page, size);
  for (const { origin, cells: regionCells } of planPaint(size, regions)) {
    const walk = walkThrough(origin, new Set(regionCells), size);
    const points = walk.map((cell): [number, number] => [
      (cell % size) + 0.5,
      Math.floor(cell / size) + 0.5,
    ]);
    await drag(page, at, points);
  }
}

/** A walk over adjacent cells from `start` that visits every cell of `area` (DFS, backtracking). */
function walkThrough(start: number, area: ReadonlySet<number>, size: number): number[] {
  const walk = [start];
  const seen = new Set([start]);
  const visit = (cell: number): void => {
    for (const next of neighbours(cell, size)) {
      if (!area.has(next) || seen.has(next)) continue;
      seen.add(next);
      walk.push(next);
      visit(next);
      walk.push(cell);
    }
  };
  visit(start);
  return walk;
}

/** The app's paint rule on a label model: areas are connected components of the walls. */
function planPaint(size: number, target: readonly number[]) {
  const count = size * size;
  const key = (a: number, b: number) => Math.min(a, b) * count + Math.max(a, b);
  const components = (walls: Set<number>): number[] => {
    const label = new Array<number>(count).fill(-1);
    let next = 0;
    for (let start = 0; start < count; start++) {
      if (label[start] >= 0) continue;
      const stack = [start];
      label[start] = next;
      while (stack.length > 0) {
        const cell = stack.pop() as number;
        for (const other of neighbours(cell, size)) {
          if (label[other] < 0 && !walls.has(key(cell, other))) {
            label[other] = next;
            stack.push(other);
          }
        }
      }
      next++;
    }
    return label;
  };
  // Standard boxes (the "Standard boxes" start layout), for the sizes the tests use.
  const [bh, bw] = size === 9 ? [3, 3] : size === 16 ? [4, 4] : size === 4 ? [2, 2] : [0, 0];
  if (!bh) throw new Error(`paintRegions supports sizes 4, 9 and 16, not ${size}`);
  const box = (c: number) =>
    Math.floor(Math.floor(c / size) / bh) * (size / bw) + Math.floor((c % size) / bw);
  let walls = new Set<number>();
  for (let c = 0; c < count; c++) {
    for (const o of neighbours(c, size)) if (box(c) !== box(o)) walls.add(key(c, o));
  }
  const ids = [...new Set(target)];
  const cellsOf = (id: number) => target.flatMap((t, i) => (t === id ? [i] : []));
  const done = new Set<number>();
  const steps: { origin: number; cells: number[] }[] = [];
  while (done.size < ids.length) {
    const label = components(walls);
    const taken = new Set(label.filter((_, cell) => done.has(target[cell])));
    let best: { id: number; origin: number; leftover: number } | null = null;
    for (const id of ids) {
      if (done.has(id)) continue;
      for (const origin of cellsOf(id)) {
        if (taken.has(label[origin])) continue;
        const leftover = label.filter(
          (l, cell) => l === label[origin] && target[cell] !== id,
        ).length;
        if (!best || leftover < best.leftover) best = { id, origin, leftover };
      }
    }
    if (!best) throw new Error('no paint plan found for this layout');
    const painted = cellsOf(best.id);
    const next = label.slice();
    for (const cell of painted) next[cell] = label[best.origin];
    walls = new Set(walls);
    for (const cell of painted) {
      for (const other of neighbours(cell, size)) {
        if (next[cell] !== next[other]) walls.add(key(cell, other));
        else walls.delete(key(cell, other));
      }
    }
    done.add(best.id);
    steps.push({ origin: best.origin, cells: painted });
  }
  return steps;
}

/** In "Enter digits" mode: click each clue's cell and type its digit. */
export async function enterClues(page: Page, givens: readonly number[]) {
  const all = cells(page);
  for (let cell = 0; cell < givens.length; cell++) {
    if (!givens[cell]) continue;
    await all.nth(cell).click();
    await page.keyboard.press(givens[cell].toString(36).toUpperCase());
  }
}

/** Import → paste into "Puzzle text" → (with several cases, choose one) → Load: one press. */
export async function importText(page: Page, text: string, caseIndex?: number) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Puzzle text' }).fill(text);
  if (caseIndex !== undefined) {
    // The case list shows as soon as the input is read.
    await dialog.getByRole('combobox', { name: 'Case' }).selectOption({ index: caseIndex });
  }
  await dialog.getByRole('button', { name: /^(Load|Discard and load)$/ }).click();
  await expect(dialog).toBeHidden();
}

/** Rows, columns and regions each hold every digit once, and the clues are kept. */
export function checkSolution(
  rows: readonly string[],
  regions: readonly number[],
  givens: readonly number[],
): string[] {
  const size = rows.length;
  const digits = rows.join('');
  const problems: string[] = [];
  const units = new Map<string, number[]>();
  for (let cell = 0; cell < size * size; cell++) {
    const keys = [
      `row ${Math.floor(cell / size)}`,
      `col ${cell % size}`,
      `region ${regions[cell]}`,
    ];
    for (const k of keys) units.set(k, [...(units.get(k) ?? []), cell]);
    if (givens[cell] && parseInt(digits[cell], 36) !== givens[cell]) {
      problems.push(`clue at cell ${cell} changed`);
    }
  }
  for (const [name, unit] of units) {
    const seen = new Set(unit.map((cell) => digits[cell]));
    if (seen.size !== size || seen.has('.')) problems.push(`${name} does not hold every digit`);
  }
  return problems;
}

/**
 * A finger drag through page points, sent as real touch input (Chrome DevTools Protocol
 * Input.dispatchTouchEvent), not as synthetic pointer events: the browser does its own hit
 * testing, applies touch-action, turns the touches into pointer events and would start a
 * scroll or a zoom (and send pointercancel) where the page lets it. `steps` moves between
 * points, so the finger travels as a finger does. By default it lifts while still moving (a
 * flick, the harder case: Chromium then swallowed the next tap anywhere on the page until the
 * grid cancelled its touchmoves, FINDINGS.md F4); `holdMs` rests it on the last point first.
 * Needs a context with hasTouch.
 */
export async function fingerDrag(
  page: Page,
  points: { x: number; y: number }[],
  steps = 4,
  holdMs = 0,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove', p: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: [{ x: Math.round(p.x), y: Math.round(p.y), id: 1, radiusX: 4, radiusY: 4 }],
    });
  const [first, ...rest] = points;
  await touch('touchStart', first);
  let from = first;
  for (const to of rest) {
    for (let i = 1; i <= steps; i++) {
      await touch('touchMove', {
        x: from.x + ((to.x - from.x) * i) / steps,
        y: from.y + ((to.y - from.y) * i) / steps,
      });
    }
    from = to;
  }
  if (holdMs > 0) {
    await page.waitForTimeout(holdMs);
    await touch('touchMove', from);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** How far the page has scrolled (a finger on the grid must draw, never scroll). */
export const scrollOffset = (page: Page): Promise<{ x: number; y: number }> =>
  page.evaluate(() => {
    const view = globalThis as unknown as { scrollX: number; scrollY: number };
    return { x: view.scrollX, y: view.scrollY };
  });
