/**
 * `npm run bench:ui [-- --puzzles N] [--samples N] [--library N] [--only library|setter] [--port N]`:
 * the browser benchmark of the built app.
 *
 * Builds dist/ with `vite build`, serves it with `vite preview` on port 4327, and drives it in
 * a system Chromium ($CHROMIUM_PATH or /usr/bin/chromium; never a downloaded one) through
 * roles and names, as the e2e suite does. Prints a Markdown table and writes it to
 * bench/results/ui-latest.md. It measures only: no threshold makes it fail (the exit code is
 * non-zero only when the app cannot be built, served or driven).
 *
 * In-page timing is done by bench/ui/probe.js (added before the app's scripts); see there.
 *
 * Solve: --puzzles of forum-hardest-1106 on one page, each imported then solved; then the first
 * Solve after load on FIRST_SOLVE_PAGES fresh pages, against the later Solves' median (issue
 * 17 asks for within 2x: the first Solve meets a cold page, and one page is one sample).
 *
 * "My puzzles" with a big library: a library file of --library (default 5,000) puzzles is
 * written here with the app's own printer (src/formats/library.ts, boards from
 * jigsaw-gen-1000.txt), imported through the dialog's "Import library" file input (timed and
 * watched for long tasks, reported apart: seeding is not the target), then the page is
 * reloaded and the dialog opened cold, searched by typing, and sorted, each watched for long
 * tasks. `--only library` runs that scenario alone and writes bench/results/ui-library-latest.md.
 *
 * The setter's tools (issue 14), each watched for long tasks and timed to its answer: Check
 * layout on hard unfillable 9x9 layouts (hard-unfillable.txt, pasted as one-line jigsaw
 * puzzles with no clues) until "Cannot be filled"; True candidates switched on for a sparse
 * 16x16 jigsaw (jigsaw16-30.json's first, 10 clues of its solution) until they are drawn, then
 * typing digits of the solution with the toggle on; and the next step after "Several
 * solutions" (jigsaw-gen-1000.txt puzzles less 3 clues) until "Make it unique: add …", and
 * its Add button until the verdict is Unique. A row throws when its answer never shows (or
 * is not the expected one). `--only setter` runs these alone and writes
 * bench/results/ui-setter-latest.md. With BENCH_UI_TRACE=file, the typing row is recorded as
 * a Chromium trace in that file (bench/README.md).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir as osTmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  countSolutionsBest,
  createBoard,
  createRandom,
  digitChar,
  randomInt,
  shuffle,
  wallsFromRegions,
  type Board,
} from '../../src/engine/index.ts';
import { jigsawLineOf, parseJson } from '../../src/formats/index.ts';
import { printLibraryFile, type LibraryFileEntry } from '../../src/formats/library.ts';
import { clockLines, machineLine, median, startClock } from '../report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'dist');
const HARDEST = path.join(ROOT, 'bench/data/forum-hardest-1106.txt');
const JIGSAWS = path.join(ROOT, 'bench/data/jigsaw-gen-1000.txt');
const JIGSAWS16 = path.join(ROOT, 'bench/data/jigsaw16-30.json');
const HARD_LAYOUTS = path.join(ROOT, 'bench/data/layouts/hard-unfillable.txt');
const PROBE = path.join(ROOT, 'bench/ui/probe.js');
const RESULT_FILE = path.join(ROOT, 'bench/results/ui-latest.md');
const LIBRARY_RESULT_FILE = path.join(ROOT, 'bench/results/ui-library-latest.md');
const SETTER_RESULT_FILE = path.join(ROOT, 'bench/results/ui-setter-latest.md');
/** The preview server's port: 4327, or --port (so two checkouts can run side by side). */
let PORT = 4327;
let BASE_URL = `http://127.0.0.1:${PORT}/`;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const GRID = '[role="grid"][aria-label="Puzzle grid"]';
/** Limit for the Count solutions run (an empty 9x9 grid has far more solutions). */
const COUNT_LIMIT = 100_000;
/** Fresh pages, each timed on its first Solve (benchFirstSolves). */
const FIRST_SOLVE_PAGES = 7;

const say = (text: string): void => console.error(`[bench:ui] ${text}`);

// ---------------------------------------------------------------------------------------------
// Numbers

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

// ---------------------------------------------------------------------------------------------
// Bundle size

interface BundleSize {
  firstLoad: { file: string; gzip: number }[];
  worker: { file: string; gzip: number }[];
}

const gzipSize = (file: string): number =>
  gzipSync(readFileSync(path.join(DIST, file)), { level: zlibConstants.Z_BEST_COMPRESSION }).length;

/**
 * JS that index.html loads: its module scripts and modulepreload links, plus the chunks they
 * import statically (followed through `import"./x.js"` / `from"./x.js"`). Worker chunks
 * (file names with "worker") are counted apart: they load only when the first run starts.
 */
function bundleSize(): BundleSize {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((match) => path.posix.normalize(match[1].replace(/^\.?\//, '')));
  const seen = new Set<string>();
  const queue = [...refs];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || /worker/i.test(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(DIST, file), 'utf8');
    for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1]));
    }
  }
  const workers = readdirSync(path.join(DIST, 'assets'))
    .filter((name) => /worker.*\.js$/i.test(name))
    .map((name) => `assets/${name}`);
  return {
    firstLoad: [...seen].map((file) => ({ file, gzip: gzipSize(file) })),
    worker: workers.map((file) => ({ file, gzip: gzipSize(file) })),
  };
}

// ---------------------------------------------------------------------------------------------
// The server

function run(command: string, args: string[]): void {
  say(`$ ${[command, ...args].join(' ')}`);
  // The build's own output goes to stderr, so stdout holds the report only.
  const result = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function startPreview(): Promise<ChildProcess> {
  const args = ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'];
  say(`$ npx ${args.join(' ')}`);
  // Its own process group, so that npx and vite stop together.
  const server = spawn('npx', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 2], detached: true });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited (${server.exitCode})`);
    try {
      if ((await fetch(BASE_URL)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stopPreview(server);
  throw new Error(`vite preview did not answer at ${BASE_URL} within 30 s`);
}

function stopPreview(server: ChildProcess): void {
  if (server.pid === undefined || server.exitCode !== null) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------------------------------------
// The page

interface LongTaskSummary {
  supported: boolean;
  longest: number;
  over50: number;
  count: number;
}
interface LongTasks {
  longtask: LongTaskSummary;
  loaf: LongTaskSummary;
}
interface Timing {
  start: number;
  /** When the DOM first showed the result (just after React's commit). */
  committed: number;
  end: number;
  late: boolean;
}

const probe = (call: string): string => `window.__squigglyBench.${call}`;

async function openApp(browser: Browser, size = 9): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ path: PROBE });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(BASE_URL);
  await page.getByRole('grid', { name: 'Puzzle grid' }).getByRole('row').first().waitFor();
  if (size !== 9) {
    await page.getByRole('combobox', { name: 'Size' }).selectOption(String(size));
    await page
      .locator(`${GRID} [role="gridcell"]`)
      .nth(size * size - 1)
      .waitFor();
  }
  return page;
}

/** Long tasks and long animation frames while `action` runs (and shortly after it). */
async function withLongTasks(page: Page, action: () => Promise<void>): Promise<LongTasks> {
  const since = await page.evaluate<number>(probe('observe()'));
  await action();
  // Entries are reported after their task or frame ends: give them a moment to arrive.
  await page.waitForTimeout(300);
  return page.evaluate<LongTasks>(probe(`longTasks(${since})`));
}

const status = (page: Page) => page.getByRole('status', { name: 'Run result' });

async function importPuzzle(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Puzzle text' }).fill(text);
  await dialog.getByRole('button', { name: 'Load', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

interface ActionResult {
  label: string;
  runs: number;
  tasks: LongTasks[];
  /** Click to verdict shown, per run (ms, from Node; includes Playwright's round trips). */
  wall: number[];
  /** What `wall` runs to (default: the verdict). */
  until?: string;
  detail: string;
}

/** A deliberate 100 ms task in an idle page: the observers must report it. */
async function benchProbeCheck(browser: Browser): Promise<LongTasks> {
  const page = await openApp(browser);
  const tasks = await withLongTasks(page, async () => {
    await page.evaluate(probe('busy(100)'));
  });
  await page.context().close();
  return tasks;
}

/** Import a puzzle and Solve it: click to solution painted (ms), and the long tasks. */
async function timeSolve(page: Page, puzzle: string, name: string) {
  await importPuzzle(page, puzzle);
  await page.evaluate(probe(`armSolve(${JSON.stringify(GRID)})`));
  let time = 0;
  const tasks = await withLongTasks(page, async () => {
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const timing = await page.evaluate<Timing>(probe('result()'));
    if (timing.late) throw new Error(`${name}: the grid was full before Solve`);
    time = timing.end - timing.start;
  });
  const verdict = (await status(page).textContent()) ?? '';
  if (/^(No solution|Invalid|Cancelled|Could not)/.test(verdict)) {
    throw new Error(`${name}: unexpected status after Solve: "${verdict}"`);
  }
  return { time, tasks };
}

/** Solve on the hardest 9x9 puzzles: click to solution painted, and long tasks. */
async function benchSolve(browser: Browser, puzzles: readonly string[]) {
  const page = await openApp(browser);
  const times: number[] = [];
  const tasks: LongTasks[] = [];
  for (const [i, puzzle] of puzzles.entries()) {
    const solved = await timeSolve(page, puzzle, `puzzle ${i + 1}`);
    times.push(solved.time);
    tasks.push(solved.tasks);
  }
  await page.context().close();
  return { times, tasks };
}

/**
 * The first Solve after load, on FIRST_SOLVE_PAGES fresh pages (issue 17: within 2x of a
 * later Solve): one page gives one such figure, which moves with the machine.
 */
async function benchFirstSolves(browser: Browser, puzzles: readonly string[]) {
  const times: number[] = [];
  for (let i = 0; i < FIRST_SOLVE_PAGES; i++) {
    const page = await openApp(browser);
    // From the end of the list: puzzles the one-page run met last, or not at all.
    const puzzle = puzzles[puzzles.length - 1 - (i % puzzles.length)];
    times.push((await timeSolve(page, puzzle, `fresh page ${i + 1}`)).time);
    await page.context().close();
  }
  return times;
}

/** Count solutions of an empty 9x9 grid (standard boxes) up to COUNT_LIMIT. */
async function benchCount(browser: Browser): Promise<ActionResult> {
  const page = await openApp(browser);
  const limit = page.getByRole('spinbutton', { name: 'Solution limit' });
  await limit.fill(String(COUNT_LIMIT));
  await limit.blur();
  let wall = 0;
  const tasks = await withLongTasks(page, async () => {
    const started = performance.now();
    await page.getByRole('button', { name: 'Count solutions', exact: true }).click();
    await status(page)
      .filter({ hasText: /^(Multiple solutions|Unique solution|No solution)/ })
      .waitFor({ timeout: 120_000 });
    wall = performance.now() - started;
  });
  const verdict = ((await status(page).textContent()) ?? '').replace(/\..*$/, '');
  await page.context().close();
  return {
    label: `Count solutions (empty 9×9, limit ${COUNT_LIMIT.toLocaleString('en-US')})`,
    runs: 1,
    tasks: [tasks],
    wall: [wall],
    detail: verdict,
  };
}

/** New → Random puzzle → Create, `runs` times at one size. */
async function benchGenerate(browser: Browser, size: number, runs: number): Promise<ActionResult> {
  const page = await openApp(browser, size);
  const tasks: LongTasks[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    tasks.push(
      await withLongTasks(page, async () => {
        await page.getByRole('button', { name: 'New', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('radio', { name: 'Random puzzle' }).check();
        const started = performance.now();
        await dialog.getByRole('button', { name: /^(Create|Discard and create)$/ }).click();
        // A made puzzle opens in Play; a failure is said in the status line, in Enter digits.
        const playing = page.getByRole('radio', { name: 'Play', checked: true });
        await playing
          .or(status(page).filter({ hasText: /^Could not generate/ }))
          .waitFor({ timeout: 180_000 });
        wall.push(performance.now() - started);
        if (!(await playing.isVisible())) {
          throw new Error(`generate: "${(await status(page).textContent()) ?? ''}"`);
        }
      }),
    );
    // Back to Enter digits (not timed), so the next run waits for Play anew.
    await page.getByRole('radio', { name: 'Enter digits' }).check();
  }
  await page.context().close();
  return {
    label: `New → Random puzzle (${size}×${size})`,
    runs,
    tasks,
    wall,
    until: 'the puzzle open in Play',
    detail: '',
  };
}

/** 16x16, Enter digits: click a cell, press its digit; keydown to the frame after the text. */
async function benchTyping(browser: Browser, samples: number) {
  const size = 16;
  const page = await openApp(browser, size);
  await page.getByRole('radio', { name: 'Enter digits' }).check();
  const times: number[] = [];
  const commits: number[] = [];
  const tasks = await withLongTasks(page, async () => {
    for (let i = 0; i < samples; i++) {
      // Distinct cells along a diagonal-ish walk, each given the digit of a valid 16x16 grid
      // (standard 4x4 boxes), so no entry clashes with another.
      const row = i % size;
      const col = (i * 7 + Math.floor(i / size) * 3) % size;
      const cell = row * size + col;
      const digit = ((row * 4 + Math.floor(row / 4) + col) % size) + 1;
      const key = digit.toString(36).toUpperCase();
      const selector = `${GRID} [data-cell="${cell}"]`;
      await page.locator(selector).click();
      await page.evaluate(probe(`armKey(${JSON.stringify(selector)}, ${JSON.stringify(key)})`));
      await page.keyboard.press(key);
      const timing = await page.evaluate<Timing>(probe('result()'));
      if (timing.late) throw new Error(`cell ${cell} already showed ${key}`);
      times.push(timing.end - timing.start);
      commits.push(timing.committed - timing.start);
    }
  });
  await page.context().close();
  return { times, commits, tasks };
}

// ---------------------------------------------------------------------------------------------
// The setter's tools (issue 14): Check layout, True candidates, the next step's "Make it unique"

/** How long a setter's tool may take to show its answer before the row fails. */
const TOOL_TIMEOUT_MS = 180_000;
/** Layouts of hard-unfillable.txt checked, digits typed with True candidates on, puzzles fixed. */
const SETTER_LAYOUTS = 5;
const SETTER_TYPED = 12;
const SETTER_UNIQUE_RUNS = 3;

const nonEmptyLines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

const verdictLine = (page: Page) => page.getByRole('status', { name: 'Verdict' });

/** Import → paste → Load, with the Load click and what follows it inside `during`. */
async function importTimed(
  page: Page,
  text: string,
  during: (load: () => Promise<void>) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Puzzle text' }).fill(text);
  await during(async () => {
    await dialog.getByRole('button', { name: /^(Load|Discard and load)$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
}

/**
 * Check layout on hard unfillable 9x9 layouts (empty grids, one Import each): click until the
 * line says "Cannot be filled"; anything else, or nothing within the timeout, throws.
 */
async function benchCheckLayout(
  browser: Browser,
  layouts: readonly string[],
): Promise<ActionResult> {
  const page = await openApp(browser);
  const button = page.getByRole('button', { name: 'Check layout', exact: true });
  const line = page.getByRole('status', { name: 'Layout check' });
  const tasks: LongTasks[] = [];
  const wall: number[] = [];
  for (const [i, layout] of layouts.entries()) {
    if (!/^[A-I]{81}$/.test(layout)) throw new Error(`layout ${i + 1}: not 81 letters A-I`);
    await importTimed(page, `${'.'.repeat(81)} ${layout}`, (load) => load());
    // The layout is complete: the button is enabled and the line asks nothing yet.
    await line.filter({ hasText: /^Whether any filled grid fits/ }).waitFor();
    tasks.push(
      await withLongTasks(page, async () => {
        const started = performance.now();
        await button.click();
        await line
          .filter({ hasText: /^(Cannot be filled|Fillable|Check layout)/ })
          .waitFor({ timeout: TOOL_TIMEOUT_MS });
        wall.push(performance.now() - started);
        const words = (await line.textContent()) ?? '';
        if (!words.startsWith('Cannot be filled')) {
          throw new Error(`Check layout, layout ${i + 1}: "${words}"`);
        }
      }),
    );
  }
  await page.context().close();
  return {
    label: `Check layout (hard-unfillable.txt, 9×9 empty grid, first ${layouts.length})`,
    runs: layouts.length,
    tasks,
    wall,
    until: '"Cannot be filled"',
    detail: '',
  };
}

/** A sparse 16x16 board: jigsaw16-30.json's first layout, 10 cells of its solution as clues. */
function sparse16(): { board: Board; solution: Uint8Array } {
  const parsed = parseJson(readFileSync(JIGSAWS16, 'utf8'));
  if (parsed.errors.length > 0 || parsed.cases.length === 0) {
    throw new Error(`${JIGSAWS16}: ${parsed.errors[0]?.message ?? 'no puzzle'}`);
  }
  const puzzle = parsed.cases[0].board;
  const solved = countSolutionsBest(puzzle, 2);
  if (solved.count !== 1 || !solved.complete) throw new Error('jigsaw16-30.json #1: not unique');
  const solution = solved.solutions[0];
  // The cells of bench:setter-tools' sparse row for this board (seed 1701).
  const cells = shuffle(
    Array.from({ length: 256 }, (_, cell) => cell),
    createRandom(1701),
  );
  const givens = new Uint8Array(256);
  for (const cell of cells.slice(0, 10)) givens[cell] = solution[cell];
  return { board: createBoard(16, puzzle.regions, givens), solution };
}

const CANDIDATES_SHOWN =
  /^([\d,]+ of the [\d,]+ empty cells? (has|have) a single|Unique: each|No solution, so)/;

interface CandidatesBench {
  on: ActionResult;
  typing: ActionResult;
  commits: number[];
}

/**
 * True candidates on a sparse 16x16 jigsaw (10 clues): switch the toggle on until the line
 * and the grid show them; then, with it on, type `samples` digits of the solution (Enter
 * digits), pausing past the debounce after every other one so runs start and are cut off,
 * each keydown timed to the DOM showing the digit; then wait for the candidates of the final
 * grid.
 */
async function benchTrueCandidates(browser: Browser, samples: number): Promise<CandidatesBench> {
  const { board, solution } = sparse16();
  const page = await openApp(browser);
  await importTimed(page, jigsawLineOf(board), (load) => load());
  await page.locator(`${GRID} [role="gridcell"]`).nth(255).waitFor();
  await verdictLine(page)
    .filter({ hasText: /^Several solutions/ })
    .waitFor({ timeout: TOOL_TIMEOUT_MS });
  const toggle = page.getByRole('checkbox', { name: /^True candidates/ });
  const line = page.getByRole('status', { name: 'True candidates result' });
  // One text block per cell (data-marks: its digits, spaces where one is missing).
  const marks = page.locator(`${GRID} .true-candidates[data-marks]`);
  const digitsDrawn = (): Promise<number> =>
    marks.evaluateAll((blocks) =>
      blocks.reduce(
        (sum, block) => sum + (block.getAttribute('data-marks') ?? '').replace(/\s/g, '').length,
        0,
      ),
    );
  let onWall = 0;
  const onTasks = await withLongTasks(page, async () => {
    const started = performance.now();
    await toggle.check();
    await line.filter({ hasText: CANDIDATES_SHOWN }).waitFor({ timeout: TOOL_TIMEOUT_MS });
    onWall = performance.now() - started;
  });
  const onWords = ((await line.textContent()) ?? '').trim();
  const marksShown = await digitsDrawn();
  if (marksShown === 0) throw new Error(`true candidates: "${onWords}" but no small digit drawn`);

  await page.getByRole('radio', { name: 'Enter digits' }).check();
  const empty = [...board.givens.keys()].filter((cell) => board.givens[cell] === 0);
  const order = shuffle(empty, createRandom(1414)).slice(0, samples);
  const commits: number[] = [];
  let lastWall = 0;
  const tracePath = process.env.BENCH_UI_TRACE;
  if (tracePath) {
    await browser.startTracing(page, {
      path: tracePath,
      categories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'disabled-by-default-devtools.timeline.invalidationTracking',
        'disabled-by-default-devtools.timeline.stack',
      ],
    });
  }
  const typingTasks = await withLongTasks(page, async () => {
    for (const [i, cell] of order.entries()) {
      const key = digitChar(solution[cell]);
      const selector = `${GRID} [data-cell="${cell}"]`;
      await page.locator(selector).click();
      await page.evaluate(probe(`armKey(${JSON.stringify(selector)}, ${JSON.stringify(key)})`));
      const pressed = performance.now();
      await page.keyboard.press(key);
      const timing = await page.evaluate<Timing>(probe('result()'));
      if (timing.late) throw new Error(`cell ${cell} already showed ${key}`);
      commits.push(timing.committed - timing.start);
      if (i === order.length - 1) {
        // The candidates of the final grid: the line names its empty cells.
        const left = (empty.length - order.length).toLocaleString('en-US');
        await line
          .filter({ hasText: CANDIDATES_SHOWN })
          .filter({ hasText: new RegExp(`(of the|each of the) ${left} empty cells`) })
          .waitFor({ timeout: TOOL_TIMEOUT_MS });
        lastWall = performance.now() - pressed;
      } else if (i % 2 === 1) {
        await page.waitForTimeout(200);
      }
    }
  });
  if (tracePath) await browser.stopTracing();
  const typedWords = ((await line.textContent()) ?? '').trim();
  if ((await digitsDrawn()) === 0) throw new Error('true candidates after typing: none drawn');
  await page.context().close();
  return {
    on: {
      label: 'True candidates switched on (sparse 16×16: jigsaw16-30 #1, 10 clues)',
      runs: 1,
      tasks: [onTasks],
      wall: [onWall],
      until: 'the candidates shown',
      detail: `"${onWords}"; ${marksShown.toLocaleString('en-US')} small digits drawn`,
    },
    typing: {
      label: `Typing ${order.length} digits with True candidates on (the same 16×16)`,
      runs: 1,
      tasks: [typingTasks],
      wall: [lastWall],
      until: 'the final candidates shown, from the last key,',
      detail: `keydown → digit in the DOM median ${ms(median(commits))}, max ${ms(Math.max(...commits))}; a 200 ms pause after every other digit (debounce 150 ms); then "${typedWords}"`,
    },
    commits,
  };
}

/**
 * `count` unique puzzles of jigsaw-gen-1000.txt with 3 clues taken out (seeded), kept when
 * they have several solutions.
 */
function severalSolutions9(count: number): Board[] {
  const boards: Board[] = [];
  for (const [index, line] of nonEmptyLines(JIGSAWS).entries()) {
    if (boards.length === count) break;
    const [givenText, regionText] = line.split(/\s+/);
    const givens = Uint8Array.from(givenText, (c) => (c === '.' ? 0 : Number(c)));
    const clues = [...givens.keys()].filter((cell) => givens[cell] !== 0);
    const random = createRandom(1400 + index);
    for (let k = 0; k < 3; k++) givens[clues.splice(randomInt(random, clues.length), 1)[0]] = 0;
    const board = createBoard(
      9,
      Array.from(regionText, (c) => Number(c) - 1),
      givens,
    );
    if (countSolutionsBest(board, 2).count === 2) boards.push(board);
  }
  if (boards.length < count)
    throw new Error(`only ${boards.length} puzzles with several solutions`);
  return boards;
}

/**
 * The next step after "Several solutions" on 9x9 jigsaws less 3 clues: Load until the line
 * says "Make it unique: add …" (the verdict and the next step come by themselves), then its
 * button until the verdict says Unique and the next step has moved on.
 */
async function benchMakeUnique(browser: Browser, runs: number): Promise<ActionResult[]> {
  const boards = severalSolutions9(runs);
  const page = await openApp(browser);
  const nextStep = page.getByRole('status', { name: 'Next step' });
  const suggest: LongTasks[] = [];
  const suggestWall: number[] = [];
  const apply: LongTasks[] = [];
  const applyWall: number[] = [];
  const added: number[] = [];
  for (const [i, board] of boards.entries()) {
    await importTimed(page, jigsawLineOf(board), async (load) => {
      suggest.push(
        await withLongTasks(page, async () => {
          const started = performance.now();
          await load();
          // Not the words left by the previous puzzle (about redundant clues): a new answer.
          await nextStep
            .filter({
              hasText:
                /^(Make it unique|These \d+ clues|This layout|The next step|Finding the next step failed)/,
            })
            .waitFor({ timeout: TOOL_TIMEOUT_MS });
          suggestWall.push(performance.now() - started);
        }),
      );
    });
    const words = ((await nextStep.textContent()) ?? '').trim();
    if (!words.startsWith('Make it unique: add ')) {
      throw new Error(`puzzle ${i + 1}: next step "${words}"`);
    }
    const verdict = ((await verdictLine(page).textContent()) ?? '').trim();
    if (!verdict.startsWith('Several solutions')) {
      throw new Error(`puzzle ${i + 1}: verdict "${verdict}" beside "${words}"`);
    }
    const button = page.getByRole('button', { name: /^Add (this clue|these \d+ clues)$/ });
    const name = (await button.textContent()) ?? '';
    added.push(Number(/these (\d+)/.exec(name)?.[1] ?? 1));
    apply.push(
      await withLongTasks(page, async () => {
        const started = performance.now();
        await button.click();
        await verdictLine(page)
          .filter({ hasText: /^Unique/ })
          .waitFor({ timeout: TOOL_TIMEOUT_MS });
        await nextStep.filter({ hasText: /redundant/ }).waitFor({ timeout: TOOL_TIMEOUT_MS });
        applyWall.push(performance.now() - started);
      }),
    );
  }
  await page.context().close();
  const source = `jigsaw-gen-1000.txt less 3 clues, several solutions`;
  return [
    {
      label: `Next step "Make it unique" shown (9×9, ${source})`,
      runs,
      tasks: suggest,
      wall: suggestWall,
      until: '"Make it unique: add …"',
      detail:
        "timed from the Import dialog's Load: the verdict and the next step come by themselves",
    },
    {
      label: `"Add these clues" pressed (the same puzzles)`,
      runs,
      tasks: apply,
      wall: applyWall,
      until: 'verdict Unique and the next step on redundant clues',
      detail: `clues added: ${added.join(', ')}`,
    },
  ];
}

/**
 * A library file of `count` puzzles: the boards of jigsaw-gen-1000.txt in turn, each with its
 * own title and one of a few authors, dates a minute apart, as the app's export writes them.
 */
function libraryFile(count: number): string {
  const lines = readFileSync(JIGSAWS, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const authors = ['Ann Setter', 'Bo Grid', 'Cy Wiggle', 'Di Region', 'Ed Clue'];
  const base = Date.UTC(2026, 0, 1);
  const entries: LibraryFileEntry[] = [];
  for (let n = 0; n < count; n++) {
    const [givenText, regionText] = lines[n % lines.length].split(/\s+/);
    const regions = Array.from(regionText, (c) => Number(c) - 1);
    entries.push({
      id: `bench-${String(n).padStart(6, '0')}`,
      created: base + n * 60_000,
      modified: base + n * 60_000,
      verdict: n % 7 === 0 ? null : 'unique',
      rating: null,
      puzzle: {
        size: 9,
        regions,
        givens: Array.from(givenText, (c) => (c === '.' ? 0 : Number(c))),
        walls: Array.from(wallsFromRegions(9, regions)),
        info: { title: `Squiggle ${n + 1}`, author: authors[n % authors.length], rules: '' },
      },
    });
  }
  return printLibraryFile(entries, base);
}

interface LibraryBench {
  count: number;
  fileBytes: number;
  importWall: number;
  importTasks: LongTasks;
  openWall: number;
  openTasks: LongTasks;
  searchWall: number;
  searchTasks: LongTasks;
  searchText: string;
  searchShown: string;
  sortTasks: LongTasks;
}

/** Seed `count` puzzles through Import library, reload, then open, search and sort. */
async function benchLibrary(browser: Browser, count: number): Promise<LibraryBench> {
  const text = libraryFile(count);
  // Handed over as a path: a buffer would travel through the DevTools protocol and cost the
  // page a long task of its own (hundreds of ms for 1.6 MB) that is not the app's.
  const folder = mkdtempSync(path.join(osTmpdir(), 'squiggly-bench-'));
  const file = path.join(folder, 'bench.json');
  writeFileSync(file, text);
  const page = await openApp(browser);
  const dialogOf = () => page.getByRole('dialog', { name: 'My puzzles' });
  const countLine = () => dialogOf().locator('.library-count');
  await page.getByRole('button', { name: 'My puzzles' }).click();
  await countLine()
    .filter({ hasText: /puzzles?\./ })
    .waitFor();
  let importWall = 0;
  const importTasks = await withLongTasks(page, async () => {
    const started = performance.now();
    await dialogOf().getByLabel('Import library').setInputFiles(file);
    await dialogOf()
      .getByText(/^Imported "bench\.json"/)
      .waitFor({ timeout: 300_000 });
    importWall = performance.now() - started;
  });
  rmSync(folder, { recursive: true, force: true });
  const imported =
    (await dialogOf()
      .getByText(/^Imported "bench\.json"/)
      .textContent()) ?? '';
  if (!imported.includes(`${count} new`)) throw new Error(`library import: "${imported}"`);

  // Cold: a fresh page, the library read from IndexedDB when the dialog opens.
  await page.reload();
  await page.getByRole('grid', { name: 'Puzzle grid' }).getByRole('row').first().waitFor();
  let openWall = 0;
  const all = `${count.toLocaleString('en-US')} puzzles.`;
  const openTasks = await withLongTasks(page, async () => {
    const started = performance.now();
    await page.getByRole('button', { name: 'My puzzles' }).click();
    await countLine().filter({ hasText: all }).waitFor({ timeout: 120_000 });
    await dialogOf().getByRole('listitem').first().waitFor();
    openWall = performance.now() - started;
  });

  // Typing a search, key by key, as a person does; then clearing it.
  const searchText = 'squiggle 12';
  let searchWall = 0;
  const search = dialogOf().getByRole('searchbox', { name: 'Search by title or author' });
  await search.focus();
  const searchTasks = await withLongTasks(page, async () => {
    const started = performance.now();
    await page.keyboard.type(searchText, { delay: 30 });
    await countLine()
      .filter({ hasText: /of [\d,]+ puzzles match/ })
      .waitFor();
    searchWall = performance.now() - started;
    await page.waitForTimeout(200);
  });
  const searchShown = ((await countLine().textContent()) ?? '').trim();
  await search.fill('');
  await countLine().filter({ hasText: all }).waitFor();

  const sortTasks = await withLongTasks(page, async () => {
    const sort = dialogOf().getByRole('combobox', { name: 'Sort by' });
    for (const label of ['Title', 'Size', 'Last modified']) {
      await sort.selectOption({ label });
      await page.waitForTimeout(100);
    }
  });
  await page.context().close();
  return {
    count,
    fileBytes: Buffer.byteLength(text),
    importWall,
    importTasks,
    openWall,
    openTasks,
    searchWall,
    searchTasks,
    searchText,
    searchShown,
    sortTasks,
  };
}

function libraryRows(library: LibraryBench): string[][] {
  const n = library.count.toLocaleString('en-US');
  return [
    [
      `No main-thread task > 50 ms: open My puzzles with ${n} puzzles (cold, after a reload)`,
      '0 tasks > 50 ms',
      taskCell([library.openTasks]),
      `click → "${n} puzzles." and the first row shown ${ms(library.openWall)}`,
    ],
    [
      `No main-thread task > 50 ms: search ${n} puzzles, typing "${library.searchText}"`,
      '0 tasks > 50 ms',
      taskCell([library.searchTasks]),
      `typed at 30 ms a key; first key → "${library.searchShown}" ${ms(library.searchWall)}`,
    ],
    [
      `No main-thread task > 50 ms: sort ${n} puzzles (Title, Size, Last modified)`,
      '0 tasks > 50 ms',
      taskCell([library.sortTasks]),
      '',
    ],
    [
      `Seeding: Import library of ${n} puzzles (${kb(library.fileBytes)} file)`,
      '—',
      taskCell([library.importTasks]),
      `file chosen → "Imported" ${(library.importWall / 1000).toFixed(2)} s (not a target: how the library was filled)`,
    ],
  ];
}

/** Check layout, True candidates (on, then typing) and the next step, in that order. */
async function benchSetterTools(browser: Browser): Promise<ActionResult[]> {
  const layouts = nonEmptyLines(HARD_LAYOUTS).slice(0, SETTER_LAYOUTS);
  say(`Check layout: ${layouts.length} layouts of hard-unfillable.txt`);
  const layout = await benchCheckLayout(browser, layouts);
  say(`True candidates on a sparse 16×16, then typing ${SETTER_TYPED} digits`);
  const candidates = await benchTrueCandidates(browser, SETTER_TYPED);
  say(`Make it unique: ${SETTER_UNIQUE_RUNS} puzzles`);
  const unique = await benchMakeUnique(browser, SETTER_UNIQUE_RUNS);
  return [layout, candidates.on, candidates.typing, ...unique];
}

// ---------------------------------------------------------------------------------------------
// Report

const worst = (tasks: readonly LongTasks[], kind: keyof LongTasks) => ({
  supported: tasks.every((t) => t[kind].supported),
  longest: Math.max(0, ...tasks.map((t) => t[kind].longest)),
  over50: tasks.reduce((sum, t) => sum + t[kind].over50, 0),
});

function taskCell(tasks: readonly LongTasks[]): string {
  const lt = worst(tasks, 'longtask');
  const loaf = worst(tasks, 'loaf');
  const part = (name: string, s: ReturnType<typeof worst>) =>
    s.supported
      ? `${name}: longest ${s.longest ? ms(s.longest) : 'none'}, ${s.over50} > 50 ms`
      : `${name}: not supported`;
  return `${part('longtask', lt)}; ${part('LoAF', loaf)}`;
}

function actionRow(a: ActionResult): string[] {
  return [
    `No main-thread task > 50 ms: ${a.label}`,
    '0 tasks > 50 ms',
    taskCell(a.tasks),
    [
      `${a.runs} run${a.runs === 1 ? '' : 's'}`,
      a.wall.length
        ? `click → ${a.until ?? 'verdict'} ${a.wall.map((w) => (w / 1000).toFixed(2)).join(', ')} s`
        : '',
      a.detail,
    ]
      .filter(Boolean)
      .join('; '),
  ];
}

function gitCommit(): string {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT });
  return result.status === 0 ? result.stdout.toString().trim() : 'unknown';
}

/** The table, with how it was measured, to stdout and to `file`. */
function writeReport(
  rows: string[][],
  file: string,
  version: string,
  clock: ReturnType<typeof startClock>,
): void {
  const header = ['target', 'goal', 'measured', 'notes'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const table = [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
  const report = [
    '# UI benchmark (`npm run bench:ui`)',
    '',
    `- commit: \`${gitCommit()}\``,
    `- machine: ${machineLine()}, Chromium ${version} (${CHROMIUM_PATH}, headless)`,
    ...clockLines(clock),
    '- times are performance.now() in the page: Solve from the click event (capture phase) and typing from the keydown event, to the first frame painted after the grid shows the result (requestAnimationFrame, then a MessageChannel message); typing also to the moment the DOM first shows the digit (a MutationObserver callback, right after the React commit)',
    '- long tasks: PerformanceObserver `longtask` and `long-animation-frame` (LoAF), buffered, started before each action; counted from that moment to 300 ms after the result shows',
    '- My puzzles: a library file written with src/formats/library.ts (boards of jigsaw-gen-1000.txt), imported through "Import library", then the page reloaded; open = click on "My puzzles" until the count line shows every puzzle and a row is shown; search = typing into the search box at 30 ms a key, watched until 200 ms after the count line shows the matches',
    "- setter's tools: Check layout on hard-unfillable.txt layouts pasted with no clues; True candidates on a sparse 16×16 jigsaw (jigsaw16-30.json #1, 10 clues), then typing digits of its solution with them on; the next step after Several solutions (jigsaw-gen-1000.txt less 3 clues), timed from Import's Load, and its Add button until the verdict is Unique; times from Node (Playwright round trips included)",
    '- gzip: node:zlib level 9 of the files in dist/ after `vite build`',
    '',
    table,
    '',
  ].join('\n');
  console.log(report);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, report);
  say(`written to ${path.relative(ROOT, file)}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      puzzles: { type: 'string', default: '20' },
      samples: { type: 'string', default: '30' },
      library: { type: 'string', default: '5000' },
      only: { type: 'string' },
      port: { type: 'string', default: '4327' },
    },
  });
  const puzzleCount = Number(values.puzzles);
  const sampleCount = Number(values.samples);
  const libraryCount = Number(values.library);
  const libraryOnly = values.only === 'library';
  const setterOnly = values.only === 'setter';
  PORT = Number(values.port);
  BASE_URL = `http://127.0.0.1:${PORT}/`;
  if (
    !(puzzleCount >= 1) ||
    !(sampleCount >= 1) ||
    !(libraryCount >= 1) ||
    !(PORT > 0) ||
    (values.only !== undefined && !libraryOnly && !setterOnly)
  ) {
    throw new Error(
      'usage: npm run bench:ui [-- --puzzles N] [--samples N] [--library N] [--only library|setter] [--port N]',
    );
  }
  const puzzles = readFileSync(HARDEST, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .slice(0, puzzleCount);

  const clock = startClock();
  run('npx', ['vite', 'build']);
  const bundle = bundleSize();
  const server = await startPreview();
  const stop = (): void => stopPreview(server);
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  let browser: Browser | null = null;
  try {
    say(`Chromium: ${CHROMIUM_PATH}`);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    });
    const version = browser.version();

    const probeCheck = await benchProbeCheck(browser);
    const probeRow = [
      'Probe check: a deliberate 100 ms task in the idle page',
      'seen (≈ 100 ms)',
      taskCell([probeCheck]),
      'shows that the observers report long tasks in this browser',
    ];
    if (libraryOnly) {
      say(`My puzzles: ${libraryCount} puzzles`);
      const library = await benchLibrary(browser, libraryCount);
      writeReport([...libraryRows(library), probeRow], LIBRARY_RESULT_FILE, version, clock);
      return;
    }
    if (setterOnly) {
      const setter = await benchSetterTools(browser);
      writeReport([...setter.map(actionRow), probeRow], SETTER_RESULT_FILE, version, clock);
      return;
    }
    say(`Solve: ${puzzles.length} puzzles of forum-hardest-1106`);
    const solve = await benchSolve(browser, puzzles);
    say(`First Solve after load: ${FIRST_SOLVE_PAGES} fresh pages`);
    const firstSolves = await benchFirstSolves(browser, puzzles);
    say('Count solutions');
    const count = await benchCount(browser);
    say('New → Random puzzle, 9×9 (3 runs) and 16×16 (1 run)');
    const generate9 = await benchGenerate(browser, 9, 3);
    const generate16 = await benchGenerate(browser, 16, 1);
    say(`Typing on 16×16: ${sampleCount} samples`);
    const typing = await benchTyping(browser, sampleCount);
    const setter = await benchSetterTools(browser);
    say(`My puzzles: ${libraryCount} puzzles`);
    const library = await benchLibrary(browser, libraryCount);

    const firstLoad = bundle.firstLoad.reduce((sum, f) => sum + f.gzip, 0);
    const workerGzip = bundle.worker.reduce((sum, f) => sum + f.gzip, 0);
    const solveWarm = solve.times.slice(1);
    const actions: ActionResult[] = [
      {
        label: `Solve (forum-hardest-1106, first ${puzzles.length})`,
        runs: puzzles.length,
        tasks: solve.tasks,
        wall: [],
        detail: '',
      },
      count,
      generate9,
      generate16,
      ...setter,
    ];
    const rows: string[][] = [
      ...actions.map(actionRow),
      ...libraryRows(library),
      probeRow,
      [
        'Solve click → solution painted (hardest 9×9)',
        '—',
        `median ${ms(median(solve.times))}, max ${ms(Math.max(...solve.times))}`,
        `n = ${solve.times.length}; first (cold worker) ${ms(solve.times[0])}` +
          (solveWarm.length
            ? `; without it: median ${ms(median(solveWarm))}, max ${ms(Math.max(...solveWarm))}`
            : ''),
      ],
      [
        'First Solve after load (a fresh page each, hardest 9×9)',
        'within 2× of a later Solve (issue 17)',
        `median ${ms(median(firstSolves))}` +
          (solveWarm.length
            ? `, ${(median(firstSolves) / median(solveWarm)).toFixed(2)}× the later Solves' median`
            : ''),
        `n = ${firstSolves.length} pages: ${firstSolves.map((time) => ms(time)).join(', ')}; the page opened, the puzzle imported, Solve clicked`,
      ],
      [
        'Typing a digit on 16×16 commits (keydown → the cell shows the digit in the DOM)',
        '< 16 ms',
        `median ${ms(median(typing.commits))}, max ${ms(Math.max(...typing.commits))}`,
        `n = ${typing.commits.length}; ${taskCell([typing.tasks])}`,
      ],
      [
        'Typing a digit on 16×16: keydown → next frame painted after the digit',
        '—',
        `median ${ms(median(typing.times))}, max ${ms(Math.max(...typing.times))}`,
        'the same keystrokes; includes the wait for the next vsync (up to one 16.7 ms frame)',
      ],
      [
        'First-load JavaScript, gzipped',
        '—',
        kb(firstLoad),
        bundle.firstLoad.map((f) => `${f.file} ${kb(f.gzip)}`).join(', '),
      ],
      [
        'Worker chunk, gzipped (loaded on the first run)',
        '—',
        kb(workerGzip),
        bundle.worker.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ') || 'none found',
      ],
    ];

    writeReport(rows, RESULT_FILE, version, clock);
  } finally {
    await browser?.close();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
