/**
 * Benchmark of the setter's tools, each against the plain approach in the same run:
 *   layout check   checkLayout (digit templates up to 9x9, else a cell search) against
 *                  the default engine asked for one filled grid of the empty layout, both
 *                  with a time box per layout; on the community layout lists.
 *   true cands     trueCandidates (tests only pairs no solution covered) against testing
 *                  every open (cell, digit) pair with one search each.
 *   fixing clues   fixingClues on boards of 2+ solutions (a unique puzzle less 1-3 clues).
 *   conflict core  conflictCore on boards without solution (a clue of a unique puzzle
 *                  changed), against the deletion filter over all clues without the
 *                  layout check first (the same filter: the reference for its cost).
 * Usage: npx tsx bench/setter.ts [--data-dir DIR] [--layouts N] [--puzzles N] [--box MS]
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
  createBoard,
  createRandom,
  fixingClues,
  randomInt,
  trueCandidates,
  type Board,
  type SearchOptions,
} from '../src/engine/index.ts';
import { parsePuzzle, REPO_ROOT } from './sets.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    layouts: { type: 'string' },
    puzzles: { type: 'string' },
    box: { type: 'string' },
  },
});
const DATA = path.resolve(values['data-dir'] ?? path.join(REPO_ROOT, 'bench/data'));
const LAYOUTS_PER_FILE = Number(values.layouts ?? 40);
const PUZZLES = Number(values.puzzles ?? 40);
const BOX_MS = Number(values.box ?? 1000);

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

function benchLayouts(): void {
  const dir = path.join(DATA, 'layouts');
  console.log(`## Layout check (first ${LAYOUTS_PER_FILE} of each list, box ${BOX_MS} ms)\n`);
  console.log(
    '| list | layouts | ours: settled | median ms | max ms | plain: settled | median ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()) {
    const layouts = readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, LAYOUTS_PER_FILE)
      .map((line) => Uint8Array.from([...line.trim()], (letter) => letter.charCodeAt(0) - 65));
    const ours: number[] = [];
    const plain: number[] = [];
    let oursSettled = 0;
    let plainSettled = 0;
    for (const regions of layouts) {
      const [answer, time] = timed(() => checkLayout(9, regions, timeBox(BOX_MS)));
      ours.push(time);
      if (answer.verdict !== null) oursSettled++;
      const [result, plainTime] = timed(() =>
        countSolutionsBest(createBoard(9, regions), 1, timeBox(BOX_MS)),
      );
      plain.push(plainTime);
      if (result.complete || result.count > 0) plainSettled++;
    }
    console.log(
      `| ${file} | ${layouts.length} | ${oursSettled} | ${ms(median(ours))} | ${ms(Math.max(...ours))} | ${plainSettled} | ${ms(median(plain))} |`,
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

/** The same puzzle with `count` clues taken away (seeded). */
function lessClues(board: Board, count: number, seed: number): Board {
  const random = createRandom(seed);
  const givens = Uint8Array.from(board.givens);
  const clues = [...givens.keys()].filter((cell) => givens[cell] !== 0);
  for (let k = 0; k < count; k++) givens[clues.splice(randomInt(random, clues.length), 1)[0]] = 0;
  return createBoard(board.size, board.regions, givens);
}

/** Every open pair tested with one search: the plain way to true candidates. */
function everyPair(board: Board): number {
  const { size, givens } = board;
  const trial = Uint8Array.from(givens);
  const probe = { size, regions: board.regions, givens: trial };
  let found = 0;
  for (let cell = 0; cell < size * size; cell++) {
    if (givens[cell] !== 0) continue;
    for (let digit = 1; digit <= size; digit++) {
      trial[cell] = digit;
      if (countSolutionsBest(probe, 1).count > 0) found++;
      trial[cell] = 0;
    }
  }
  return found;
}

function benchCandidates(unique: Board[]): void {
  const several = unique
    .map((board, index) => lessClues(board, 1 + (index % 3), index))
    .filter((board) => {
      const count = countSolutionsBest(board, 101).count;
      return count >= 2 && count <= 100;
    });
  console.log('## True candidates, fixing clues, conflict cores\n');
  console.log('| task | boards | ours median ms | plain median ms | note |');
  console.log('|---|---:|---:|---:|---|');
  for (const [name, boards] of [
    ['true candidates, unique 9x9', unique],
    ['true candidates, 2-100 solutions', several],
  ] as const) {
    const ours = boards.map((board) => timed(() => trueCandidates(board))[1]);
    const plain = boards.map((board) => timed(() => everyPair(board))[1]);
    console.log(
      `| ${name} | ${boards.length} | ${ms(median(ours))} | ${ms(median(plain))} | every open pair searched |`,
    );
  }
  const fixes = several.map((board) => timed(() => fixingClues(board)));
  const proven = fixes.filter(([fix]) => fix?.proven).length;
  console.log(
    `| fixing clues, 2-100 solutions | ${several.length} | ${ms(median(fixes.map(([, time]) => time)))} | - | ${proven} proven fewest |`,
  );
  const broken = unique
    .map((board, index) => breakPuzzle(board, index))
    .filter((board): board is Board => board !== null);
  const cores = broken.map((board) => timed(() => conflictCore(board)));
  const sizes = cores.map(([core]) => (core.kind === 'core' ? core.cells.length : 0));
  console.log(
    `| conflict core, no solution | ${broken.length} | ${ms(median(cores.map(([, time]) => time)))} | - | median core ${median(sizes)} clues |`,
  );
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
  `# Setter tools benchmark (${new Date().toISOString()}, load ${loadavg()[0].toFixed(1)})\n`,
);
benchLayouts();
benchCandidates(uniquePuzzles());
