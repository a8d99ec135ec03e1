/**
 * `npm run bench:big`: uniqueness checks (count up to 2) on big grids.
 *
 * - 16x16 jigsaw: the 30 puzzles of bench/data/jigsaw16-30.json (made by bench/make-jigsaw16.ts:
 *   `generatePuzzle(16, randomJigsawLayout(16, random), random)` with `createRandom(1600 + i)`,
 *   each checked unique). A file, not made here: the generator's removal budget is in
 *   guesses of the default engine, so a set made at bench time would change with the engine
 *   it measures.
 * - 25x25 standard (5x5 boxes): 10 puzzles, unique by construction. Each starts from a random
 *   solution (`randomSolution`, `createRandom(2500 + i)`) with 50% of the cells kept as clues,
 *   chosen at random; then, while `countSolutionsBitset(board, 2, { keepSolutions: 2 })` finds two
 *   solutions, one cell where those two differ (picked with the same seeded random) gets its
 *   digit from the known solution as a clue. That digit rules out at least one of the two, so
 *   the loop ends; it ends on a count of 1, which is the uniqueness proof. Deterministic for a
 *   given engine (which two solutions the fast engine finds decides the clues added). Below 50%
 *   a single count can take seconds (at 48%, 35 s for the 10; at 45% one step took 22 s), so
 *   50% keeps generation near a second. The clue counts (min/median/max) go with the table.
 *
 * Engines: squiggly best (countSolutionsBest, the default engine of the app and the command
 * line: grid16.ts at 16x16, bitset.ts at 25x25), the generic bitset.ts at 16x16 for comparison,
 * DLX, and dancing-links through bench/engines/dancingLinks.ts. Each engine is warmed up on
 * the first puzzle of the size, then every puzzle is timed once (ours but DLX: best of 3) with
 * performance.now(); a row stops after the puzzle that takes it past its time box. All
 * engines must agree on the count; our grids must pass isSolution. Guesses (nodes) per check
 * are reported for our engines.
 * The table goes to stdout and bench/results/big-latest.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  countSolutionsDlx,
  countSolutionsBest,
  countSolutionsBitset,
  createBoard,
  createRandom,
  isSolution,
  randomSolution,
  shuffle,
  standardRegions,
  type Board,
  type CountResult,
} from '../src/engine/index.ts';
import { formatErrorText, parseJson } from '../src/formats/index.ts';
import { dancingLinks } from './engines/dancingLinks.ts';
import { clockLines, machineLine, startClock } from './report.ts';
import { REPO_ROOT } from './sets.ts';

const JIGSAW_16_FILE = path.join(REPO_ROOT, 'bench', 'data', 'jigsaw16-30.json');
const STANDARD_25 = 10;
/** Fraction of the 25x25 cells kept as clues before clues are added until unique. */
const KEEP_25 = 0.5;
/** Wall seconds per engine and size after which the rest of the puzzles are skipped. */
const TIME_BOX_S = 45;

interface Check {
  count: number;
  grid: ArrayLike<number> | null;
  /** Guesses (search nodes), when the engine reports them. */
  nodes?: number;
}

interface Engine {
  name: string;
  /** The sizes it is timed on (all when absent). */
  sizes?: number[];
  /** Whether its grid is checked: the dancing-links adapter packs `cell * 16 + digit`, so digits of 16 and up do not survive. */
  gridChecked: boolean;
  rounds: number;
  check(board: Board): Check;
}

const KEEP_ONE = { keepSolutions: 1 };
const checkOf = (result: CountResult): Check => ({
  count: result.count,
  grid: result.solutions[0] ?? null,
  nodes: result.nodes,
});
const ENGINES: Engine[] = [
  {
    name: 'squiggly best',
    gridChecked: true,
    rounds: 3,
    check: (board) => checkOf(countSolutionsBest(board, 2, KEEP_ONE)),
  },
  {
    name: 'squiggly generic (bitset.ts)',
    sizes: [16],
    gridChecked: true,
    rounds: 3,
    check: (board) => checkOf(countSolutionsBitset(board, 2, KEEP_ONE)),
  },
  {
    name: 'squiggly DLX',
    gridChecked: true,
    rounds: 1,
    check: (board) => checkOf(countSolutionsDlx(board, 2, KEEP_ONE)),
  },
  {
    name: 'dancing-links',
    gridChecked: false,
    rounds: 1,
    check: (board) => dancingLinks.countUpTo2({ board, jigsaw: true }),
  },
];

interface Row {
  set: string;
  engine: Engine;
  times: number[];
  /** Guesses per check, when the engine reports them. */
  nodes: number[];
  puzzles: number;
  verdicts: string;
}

function jigsaw16(): Board[] {
  const parsed = parseJson(readFileSync(JIGSAW_16_FILE, 'utf8'));
  if (parsed.errors.length > 0) {
    throw new Error(`${JIGSAW_16_FILE}: ${formatErrorText(parsed.errors[0])}`);
  }
  return parsed.cases.map((puzzle) => puzzle.board);
}

const KEEP_TWO = { keepSolutions: 2 };

/** Half a random solution as clues, then a clue where two found solutions differ, until unique. */
function standard25(): Board[] {
  const regions = standardRegions(25);
  const boards: Board[] = [];
  for (let index = 0; index < STANDARD_25; index++) {
    const seed = 2500 + index;
    const random = createRandom(seed);
    const solution = randomSolution(25, regions, random);
    if (solution === null) throw new Error(`25x25 seed ${seed}: no solution found`);
    const givens = Uint8Array.from(solution);
    const cells = shuffle(
      Array.from({ length: 625 }, (_, cell) => cell),
      random,
    );
    for (const cell of cells.slice(Math.round(625 * KEEP_25))) givens[cell] = 0;
    for (;;) {
      const board = createBoard(25, regions, givens);
      const result = countSolutionsBitset(board, 2, KEEP_TWO);
      if (result.count === 1) {
        boards.push(board);
        break;
      }
      if (result.count !== 2 || result.solutions.length !== 2) {
        throw new Error(`25x25 seed ${seed}: ${result.count} solutions while adding clues`);
      }
      const [first, second] = result.solutions;
      const differ: number[] = [];
      for (let cell = 0; cell < 625; cell++) if (first[cell] !== second[cell]) differ.push(cell);
      const cell = differ[Math.floor(random() * differ.length)];
      givens[cell] = solution[cell];
    }
  }
  return boards;
}

/** Time one engine over the boards; counts must match `expected` (when given). */
function measure(set: string, engine: Engine, boards: Board[], expected: number[]): Row {
  engine.check(boards[0]); // warm-up: JIT and the per-size tables
  const times: number[] = [];
  const nodes: number[] = [];
  const started = performance.now();
  for (const [index, board] of boards.entries()) {
    let best = Infinity;
    let answer: Check = { count: -1, grid: null };
    for (let round = 0; round < engine.rounds; round++) {
      const start = performance.now();
      answer = engine.check(board);
      best = Math.min(best, performance.now() - start);
    }
    if (expected[index] === undefined) expected[index] = answer.count;
    if (answer.count !== expected[index]) {
      throw new Error(
        `${set} #${index + 1}: ${engine.name} counts ${answer.count}, expected ${expected[index]}`,
      );
    }
    if (engine.gridChecked && (answer.grid === null || !isSolution(board, answer.grid))) {
      throw new Error(`${set} #${index + 1}: ${engine.name} gives a wrong grid`);
    }
    times.push(best);
    if (answer.nodes !== undefined) nodes.push(answer.nodes);
    if ((performance.now() - started) / 1000 > TIME_BOX_S) break;
  }
  const unique = expected.slice(0, times.length).filter((count) => count === 1).length;
  const verdicts = `${unique} unique, ${times.length - unique} multiple`;
  return { set, engine, times, nodes, puzzles: boards.length, verdicts };
}

const mean = (values: number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(0));

function main(): void {
  const clock = startClock();
  const sets: [string, () => Board[]][] = [
    ['16x16 jigsaw (bench/data)', jigsaw16],
    ['25x25 standard (clues added until unique)', standard25],
  ];
  const rows: Row[] = [];
  const clueNotes: string[] = [];
  for (const [set, make] of sets) {
    const generating = performance.now();
    const boards = make();
    const madeS = (performance.now() - generating) / 1000;
    const clues = boards.map((board) => board.givens.filter((digit) => digit !== 0).length);
    console.error(
      `${set}: ${boards.length} puzzles ready in ${madeS.toFixed(1)} s, clues ${Math.min(...clues)}-${Math.max(...clues)}`,
    );
    clueNotes.push(
      `${set.slice(0, 5)}: clues min ${Math.min(...clues)}, median ${median(clues)}, max ${Math.max(...clues)} of ${boards[0].givens.length} (ready in ${madeS.toFixed(1)} s: made, or read from the file)`,
    );
    const expected: number[] = [];
    for (const engine of ENGINES) {
      if (engine.sizes !== undefined && !engine.sizes.includes(boards[0].size)) continue;
      const row = measure(set, engine, boards, expected);
      console.error(
        `  ${engine.name}: ${row.times.length} puzzles, median ${ms(median(row.times))} ms`,
      );
      rows.push(row);
    }
    if (expected.some((count) => count !== 1)) {
      throw new Error(`${set}: a generated puzzle is not unique`);
    }
  }
  const table = rows.map((row) => {
    const timed =
      row.times.length === row.puzzles
        ? `${row.puzzles}`
        : `${row.times.length} of ${row.puzzles} ⏱`;
    const guesses =
      row.nodes.length > 0
        ? `${Math.round(median(row.nodes)).toLocaleString('en-US')} / ${Math.round(mean(row.nodes)).toLocaleString('en-US')}`
        : 'not reported';
    return `| ${row.set} | ${row.engine.name} | ${timed} | ${row.verdicts} | ${ms(median(row.times))} | ${ms(Math.max(...row.times))} | ${guesses} | ${row.engine.gridChecked ? 'count + grid' : 'count only'} |`;
  });
  const markdown = [
    '# Big grids: uniqueness check (count up to 2)',
    '',
    '- command: `npm run bench:big`',
    `- machine: ${machineLine()}`,
    ...clockLines(clock),
    `- 16x16: the 30 puzzles of bench/data/jigsaw16-30.json (bench/make-jigsaw16.ts: generatePuzzle on randomJigsawLayout, seeds 1600+i, each checked unique; kept as a file because the generator's clue-removal budget counts guesses of the engine under test); 25x25: ${STANDARD_25} random solutions (randomSolution, seeds 2500+i) with ${Math.round(KEEP_25 * 100)}% of cells kept as clues at random, then, while countSolutionsBitset finds 2 solutions, a cell where the two differ gets its digit from the solution (unique by construction: the last count is 1)`,
    `- ${clueNotes.join('; ')}`,
    `- wall ms per check (performance.now), one process, engines in turn, each warmed up on the first puzzle; ours but DLX best of 3, the others 1 run; squiggly best is the default engine (countSolutionsBest: grid16.ts at 16x16, bitset.ts at 25x25); ⏱ = the ${TIME_BOX_S} s time box per row was reached (a prefix of the puzzles timed)`,
    '- every engine must agree on the count; dancing-links grids are not checked (the bench adapter packs `cell * 16 + digit`, which cannot carry digits 16 and up; its counts are right)',
    '',
    '| puzzles | engine | timed | verdicts | median ms | max ms | guesses (nodes) median / mean | checked |',
    '| --- | --- | --: | --- | --: | --: | --: | --- |',
    ...table,
    '',
  ].join('\n');
  console.log(markdown);
  const out = path.join(REPO_ROOT, 'bench', 'results', 'big-latest.md');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, markdown);
  console.error(`written to ${path.relative(REPO_ROOT, out)}`);
}

main();
