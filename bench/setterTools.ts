/**
 * Benchmark of the setter's tools, each against the plain approach in the same run:
 *   layout check   checkLayout on every layout of the community lists, beside the
 *                  browser solver's figures and the 9x9 jigsaw engine alone (no layout
 *                  check, no restarts: the default engine now runs the layout check on an
 *                  empty board itself) asked for one filled grid of the empty layout (the
 *                  first --layouts of each list), both with a time box per layout.
 *   true cands     trueCandidates (tests only pairs no solution covered) against testing
 *                  every open (cell, digit) pair with one search each.
 *   fixing clues   fixingClues on boards of 2+ solutions (a unique puzzle less 1-3 clues).
 *   conflict core  conflictCore on boards without solution (a clue of a unique puzzle
 *                  changed), against the deletion filter over all clues without the
 *                  layout check first (the same filter: the reference for its cost).
 * Usage: npm run bench:setter-tools -- [--parts layouts,candidates,...] [--layouts N]
 *        [--puzzles N] [--box MS] [--data-dir DIR] (more options in parseArgs below)
 * Times are wall-clock medians on this machine; say how busy it was when quoting them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  checkLayout,
  conflictCore,
  countSolutionsBest,
  countSolutionsJigsaw9,
  createBoard,
  createRandom,
  fixingClues,
  randomInt,
  shuffle,
  trueCandidates,
  type Board,
  type SearchOptions,
} from '../src/engine/index.ts';
import { formatErrorText, parseJson } from '../src/formats/index.ts';
import { machineLine } from './report.ts';
import { parsePuzzle, REPO_ROOT } from './sets.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    layouts: { type: 'string' },
    puzzles: { type: 'string' },
    box: { type: 'string' },
    parts: { type: 'string' },
    'plain-box-16': { type: 'string' },
    sparse: { type: 'string' },
    'sparse-box': { type: 'string' },
    'core-box': { type: 'string' },
  },
});
const DATA = path.resolve(values['data-dir'] ?? path.join(REPO_ROOT, 'bench/data'));
const LAYOUTS_PER_FILE = Number(values.layouts ?? 40);
const PUZZLES = Number(values.puzzles ?? 40);
const BOX_MS = Number(values.box ?? 1000);
const ALL_PARTS = ['layouts', 'candidates', 'candidates16', 'sparse16', 'fixing', 'core', 'core16'];
const PARTS = new Set((values.parts ?? ALL_PARTS.join(',')).split(','));
for (const part of PARTS) {
  if (!ALL_PARTS.includes(part)) throw new Error(`--parts: unknown part ${part} (${ALL_PARTS})`);
}
/** Time box of the plain way per 16x16 board (ms): it takes seconds to minutes there. */
const PLAIN_BOX_16 = Number(values['plain-box-16'] ?? 20_000);
const SPARSE_BOARDS = Number(values.sparse ?? 10);
const SPARSE_BOX = Number(values['sparse-box'] ?? 60_000);
/** Time box of the conflict core per board (ms): heavy-tailed on 16x16. */
const CORE_BOX = Number(values['core-box'] ?? 30_000);

/** Search options that stop a search after `ms` of wall-clock time. */
function timeBox(ms: number): SearchOptions {
  const signal = { aborted: false };
  const deadline = performance.now() + ms;
  return {
    signal,
    progressEvery: 256,
    onProgress: () => {
      signal.aborted = performance.now() > deadline;
    },
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};
const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(0));

function timed<T>(work: () => T): [T, number] {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
}

/**
 * The Interactive Sudoku Solver's figures on the same lists (bench/data/layouts/README.md:
 * run headless in Node from its own modules on this machine's kind, 2026-11-24).
 */
const BROWSER_SOLVER: Record<string, string> = {
  'fast-unfillable.txt': 'median 4, max 1,000',
  'hard-unfillable.txt': 'median ~35, max up to 17,000',
  'slow-unfillable.txt': 'over 300 s for the list',
  'forum-unfillable-1000.txt': '~1.3 a layout',
  'forum-fillable-1000.txt': '~1.3 a layout',
};

function benchLayouts(): void {
  const dir = path.join(DATA, 'layouts');
  console.log(
    `## Layout check (every layout; plain: the 9x9 jigsaw engine alone on the first ${LAYOUTS_PER_FILE} of each list, box ${BOX_MS} ms)\n`,
  );
  console.log(
    '| list | layouts | ours: settled | median ms | p90 ms | max ms | browser solver ms | plain: settled | median ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---|---:|---:|');
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()) {
    const layouts = readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => Uint8Array.from([...line.trim()], (letter) => letter.charCodeAt(0) - 65));
    const ours: number[] = [];
    const plain: number[] = [];
    let oursSettled = 0;
    let plainSettled = 0;
    for (const regions of layouts) {
      const [answer, time] = timed(() => checkLayout(9, regions, timeBox(BOX_MS)));
      ours.push(time);
      if (answer.verdict !== null) oursSettled++;
    }
    for (const regions of layouts.slice(0, LAYOUTS_PER_FILE)) {
      const [result, plainTime] = timed(() =>
        countSolutionsJigsaw9(createBoard(9, regions), 1, timeBox(BOX_MS)),
      );
      plain.push(plainTime);
      if (result.complete || result.count > 0) plainSettled++;
    }
    const p90 = [...ours].sort((x, y) => x - y)[Math.floor(ours.length * 0.9)];
    console.log(
      `| ${file} | ${layouts.length} | ${oursSettled} | ${ms(median(ours))} | ${ms(p90)} | ${ms(Math.max(...ours))} | ${BROWSER_SOLVER[file] ?? '-'} | ${plainSettled} of ${plain.length} | ${ms(median(plain))} |`,
    );
  }
  console.log();
}

/** Unique 9x9 jigsaw puzzles from the generated set. */
function uniquePuzzles(): Board[] {
  const text = readFileSync(path.join(DATA, 'jigsaw-gen-1000.txt'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, PUZZLES)
    .map((line) => parsePuzzle(line).board);
}

/** The 30 unique 16x16 jigsaw puzzles of bench:big (bench/data/jigsaw16-30.json). */
function unique16(): Board[] {
  const file = path.join(DATA, 'jigsaw16-30.json');
  const parsed = parseJson(readFileSync(file, 'utf8'));
  if (parsed.errors.length > 0) throw new Error(`${file}: ${formatErrorText(parsed.errors[0])}`);
  return parsed.cases.map((puzzle) => puzzle.board);
}

/** The same puzzle with `count` clues taken away (seeded). */
function lessClues(board: Board, count: number, seed: number): Board {
  const random = createRandom(seed);
  const givens = Uint8Array.from(board.givens);
  const clues = [...givens.keys()].filter((cell) => givens[cell] !== 0);
  for (let k = 0; k < count; k++) givens[clues.splice(randomInt(random, clues.length), 1)[0]] = 0;
  return createBoard(board.size, board.regions, givens);
}

/**
 * Puzzle k less `1 + k % spread` clues (seed k), kept when it has `low`..`high` solutions
 * (the default engine counts up to high + 1).
 */
function severalSolutions(unique: Board[], spread: number, low: number, high: number): Board[] {
  return unique
    .map((board, index) => lessClues(board, 1 + (index % spread), index))
    .filter((board) => {
      const count = countSolutionsBest(board, high + 1).count;
      return count >= low && count <= high;
    });
}

/**
 * Every open pair tested with one search: the plain way to true candidates. Stops when
 * `box` runs out (null then: not finished).
 */
function everyPair(board: Board, box: SearchOptions): number | null {
  const { size, givens } = board;
  const trial = Uint8Array.from(givens);
  const probe = { size, regions: board.regions, givens: trial };
  let found = 0;
  for (let cell = 0; cell < size * size; cell++) {
    if (givens[cell] !== 0) continue;
    for (let digit = 1; digit <= size; digit++) {
      trial[cell] = digit;
      const result = countSolutionsBest(probe, 1, box);
      trial[cell] = 0;
      if (box.signal?.aborted) return null;
      if (result.count > 0) found++;
    }
  }
  return found;
}

const TABLE_HEAD =
  '| task | boards | ours median ms | ours max ms | searches (median) | guesses (median / max) | plain median ms | note |\n|---|---:|---:|---:|---:|---:|---:|---|';

/** One true-candidates row: ours on every board, the plain way within `plainBox` ms each. */
function candidatesRow(name: string, boards: Board[], plainBox: number): void {
  if (boards.length === 0) {
    console.log(`| ${name} | 0 | - | - | - | - | - | no board |`);
    return;
  }
  trueCandidates(boards[0]); // warm-up: JIT and the per-size tables
  const runs = boards.map((board) => timed(() => trueCandidates(board)));
  for (const [answer] of runs) if (!answer.complete) throw new Error(`${name}: incomplete`);
  const times = runs.map(([, time]) => time);
  const tests = runs.map(([answer]) => answer.tests);
  const guesses = runs.map(([answer]) => answer.nodes);
  const plain = boards.map((board) => {
    const [found, time] = timed(() => everyPair(board, timeBox(plainBox)));
    return { finished: found !== null, time };
  });
  const stopped = plain.filter((run) => !run.finished).length;
  const plainMedian = median(plain.map((run) => run.time));
  const note =
    stopped === 0
      ? 'plain: every open pair searched'
      : `plain: every open pair searched, boxed at ${plainBox} ms per board: ${stopped} of ${boards.length} stopped at the box${stopped > boards.length / 2 ? ' (its median is then a lower bound)' : ''}`;
  console.log(
    `| ${name} | ${boards.length} | ${ms(median(times))} | ${ms(Math.max(...times))} | ${median(tests)} | ${median(guesses)} / ${Math.max(...guesses)} | ${stopped > boards.length / 2 ? '>= ' : ''}${ms(plainMedian)} | ${note} |`,
  );
}

/**
 * Sparse 16x16: 10 cells of each puzzle's solution as the only clues (seeds 1700 + k, as
 * in bench:big), ours within `box` ms each: the known weak case, reported, not a target.
 */
function sparseRow(unique: Board[], count: number, box: number): void {
  const boards = unique.slice(0, count).map((puzzle, index) => {
    const solution = countSolutionsBest(puzzle, 1).solutions[0];
    const cells = shuffle(
      Array.from({ length: 256 }, (_, cell) => cell),
      createRandom(1700 + index + 1),
    );
    const givens = new Uint8Array(256);
    for (const cell of cells.slice(0, 10)) givens[cell] = solution[cell];
    return createBoard(16, puzzle.regions, givens);
  });
  const runs = boards.map((board) => timed(() => trueCandidates(board, deadline(box))));
  const done = runs.filter(([answer]) => answer.complete).length;
  const times = runs.map(([, time]) => time);
  console.log(
    `| true candidates, sparse 16x16 (10 clues) | ${boards.length} | ${ms(median(times))} | ${ms(Math.max(...times))} | ${median(runs.map(([answer]) => answer.tests))} | ${median(runs.map(([answer]) => answer.nodes))} / ${Math.max(...runs.map(([answer]) => answer.nodes))} | - | ours boxed at ${box} ms: ${done} of ${boards.length} complete |`,
  );
}

function fixingRow(name: string, boards: Board[]): void {
  const counts = boards.map((board) => countSolutionsBest(board, 1001).count);
  const fixes = boards.map((board) => timed(() => fixingClues(board)));
  const times = fixes.map(([, time]) => time);
  const proven = fixes.filter(([fix]) => fix?.proven).length;
  const clues = fixes.map(([fix]) => fix?.clues.length ?? 0);
  console.log(
    `| ${name} | ${boards.length} | ${ms(median(times))} | ${ms(Math.max(...times))} | - | - | - | ${proven} proven fewest; solutions ${Math.min(...counts)}-${Math.max(...counts)} (median ${median(counts)}); clues added median ${median(clues)}, max ${Math.max(...clues)} |`,
  );
}

/** Options that stop a tool (its signal, read at each heartbeat) after `box` ms. */
function deadline(box: number): { signal: { aborted: boolean }; beat: () => void } {
  const signal = { aborted: false };
  const end = performance.now() + box;
  return {
    signal,
    beat: () => {
      signal.aborted = performance.now() > end;
    },
  };
}

function coreRow(name: string, unique: Board[], box: number): void {
  const broken = unique
    .map((board, index) => breakPuzzle(board, index))
    .filter((board): board is Board => board !== null);
  if (broken.length === 0) {
    console.log(`| ${name} | 0 | - | - | - | - | - | no board |`);
    return;
  }
  conflictCore(broken[0], deadline(box)); // warm-up
  const cores = broken.map((board) => timed(() => conflictCore(board, deadline(box))));
  const finished = cores.filter(([core]) => core.kind !== 'core' || core.complete);
  const times = cores.map(([, time]) => time);
  const sizes = finished.map(([core]) => (core.kind === 'core' ? core.cells.length : 0));
  const clues = broken.map((board) => board.givens.filter((digit) => digit !== 0).length);
  const stopped = broken.length - finished.length;
  console.log(
    `| ${name} | ${broken.length} | ${stopped > broken.length / 2 ? '>= ' : ''}${ms(median(times))} | ${ms(Math.max(...times))} | ${median(clues) + 1} | - | - | median core ${median(sizes)} clues of ${median(clues)}; one search per clue and the first${stopped === 0 ? '' : `; boxed at ${box} ms per board: ${stopped} of ${broken.length} stopped`} |`,
  );
}

function benchCandidates(): void {
  const unique = uniquePuzzles();
  const puzzles16 = unique16();
  console.log('## True candidates, fixing clues, conflict cores\n');
  console.log(
    `Plain = every open (cell, digit) pair searched once (limit 1), in the same run. Searches and guesses (the engines' nodes) are ours and do not depend on the load.\n`,
  );
  console.log(TABLE_HEAD);
  if (PARTS.has('candidates')) {
    candidatesRow('true candidates, unique 9x9', unique, BOX_MS * 60);
    candidatesRow(
      'true candidates, 9x9 2-100 solutions',
      severalSolutions(unique, 3, 2, 100),
      BOX_MS * 60,
    );
  }
  if (PARTS.has('candidates16')) {
    candidatesRow('true candidates, unique 16x16', puzzles16, PLAIN_BOX_16);
    candidatesRow(
      'true candidates, 16x16 2-100 solutions',
      severalSolutions(puzzles16, 3, 2, 100),
      PLAIN_BOX_16,
    );
  }
  if (PARTS.has('sparse16')) sparseRow(puzzles16, SPARSE_BOARDS, SPARSE_BOX);
  if (PARTS.has('fixing')) {
    fixingRow('fixing clues, 9x9 2-100 solutions', severalSolutions(unique, 3, 2, 100));
    fixingRow('fixing clues, 9x9 2-1,000 solutions', severalSolutions(unique, 5, 2, 1000));
  }
  if (PARTS.has('core')) coreRow('conflict core, 9x9 no solution', unique, CORE_BOX);
  if (PARTS.has('core16')) coreRow('conflict core, 16x16 no solution', puzzles16, CORE_BOX);
  console.log();
}

/** A unique puzzle with one clue changed to a digit that clashes with no clue, if unsolvable. */
function breakPuzzle(board: Board, seed: number): Board | null {
  const random = createRandom(seed + 99);
  const { size, givens, regions } = board;
  for (let attempt = 0; attempt < 50; attempt++) {
    const cell = randomInt(random, size * size);
    if (givens[cell] === 0) continue;
    const changed = Uint8Array.from(givens);
    changed[cell] = 1 + ((givens[cell] + randomInt(random, size - 1)) % size);
    const trial = createBoard(size, regions, changed);
    const result = countSolutionsBest(trial, 1);
    if (result.clueConflicts.length === 0 && result.count === 0) return trial;
  }
  return null;
}

console.log(
  `# Setter tools benchmark (${new Date().toISOString()}, load ${loadavg()[0].toFixed(1)})\n\n` +
    // The processor, as every other report names it: figures differ between machines.
    `- machine: ${machineLine()}\n`,
);
if (PARTS.has('layouts')) benchLayouts();
benchCandidates();
