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
 * - Every size from 4 to 15, jigsaw: the 10 puzzles per size of bench/data/jigsaw-sizes.json
 *   (bench/make-jigsaw-sizes.ts: generatePuzzle on randomJigsawLayout, seeds 100*N+i, kept
 *   as a file for the reason above), with every engine; and, default engine only, the empty
 *   board of each of their layouts and a 10-clue version of each (10 cells of the puzzle's
 *   solution, chosen with createRandom(1800 + 100*N + i); from 10x10 on, where 10 clues are
 *   sparse), count up to 2. No cold calls for
 *   these sets (the cold-call tables keep to 16x16 and 25x25, which have engines of their
 *   own or are the largest).
 * - Setter tools on the same sizes: the layout check (checkLayout) of each layout, and true
 *   candidates (trueCandidates) of each puzzle with a third of its clues taken out (every
 *   third clue in reading order), wall ms per call, one run each after one warm-up call;
 *   a call stops after TOOL_TIME_BOX_MS, as a user would press Cancel, and is counted.
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
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleBenchChild } from './bundle.ts';
import {
  checkLayout,
  countSolutionsDlx,
  countSolutionsBest,
  countSolutionsBitset,
  createBoard,
  createRandom,
  isSolution,
  randomSolution,
  shuffle,
  standardRegions,
  trueCandidates,
  type Board,
  type CountResult,
} from '../src/engine/index.ts';
import { formatErrorText, parseJson } from '../src/formats/index.ts';
import { dancingLinks } from './engines/dancingLinks.ts';
import { clockLines, machineLine, median, startClock } from './report.ts';
import { REPO_ROOT } from './sets.ts';

const JIGSAW_16_FILE = path.join(REPO_ROOT, 'bench', 'data', 'jigsaw16-30.json');
const JIGSAW_SIZES_FILE = path.join(REPO_ROOT, 'bench', 'data', 'jigsaw-sizes.json');
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
  /** Only on the unique puzzles: it counts to 2 whatever the limit. */
  puzzlesOnly?: boolean;
  rounds: number;
  check(board: Board, limit: number): Check;
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
    check: (board, limit) => checkOf(countSolutionsBest(board, limit, KEEP_ONE)),
  },
  {
    name: 'squiggly generic (bitset.ts)',
    sizes: [16],
    gridChecked: true,
    rounds: 3,
    check: (board, limit) => checkOf(countSolutionsBitset(board, limit, KEEP_ONE)),
  },
  {
    name: 'squiggly DLX',
    gridChecked: true,
    rounds: 1,
    check: (board, limit) => checkOf(countSolutionsDlx(board, limit, KEEP_ONE)),
  },
  {
    name: 'dancing-links',
    gridChecked: false,
    rounds: 1,
    check: (board) => dancingLinks.countUpTo2({ board, jigsaw: true }),
    puzzlesOnly: true,
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

function readBoards(file: string): Board[] {
  const parsed = parseJson(readFileSync(file, 'utf8'));
  if (parsed.errors.length > 0) {
    throw new Error(`${file}: ${formatErrorText(parsed.errors[0])}`);
  }
  return parsed.cases.map((puzzle) => puzzle.board);
}

const jigsaw16 = (): Board[] => readBoards(JIGSAW_16_FILE);

/** The puzzles of bench/data/jigsaw-sizes.json by size, 4 to 15. */
function jigsawBySize(): Map<number, Board[]> {
  const bySize = new Map<number, Board[]>();
  for (const board of readBoards(JIGSAW_SIZES_FILE)) {
    bySize.set(board.size, [...(bySize.get(board.size) ?? []), board]);
  }
  return bySize;
}

/** The empty board of each puzzle's layout, and 10 cells of its solution (see the header). */
function sparseOf(puzzles: Board[]): { empty: Board[]; tenClues: Board[] } {
  const empty: Board[] = [];
  const tenClues: Board[] = [];
  puzzles.forEach((puzzle, index) => {
    const { size } = puzzle;
    const solution = countSolutionsBest(puzzle, 1, KEEP_ONE).solutions[0];
    if (solution === undefined) throw new Error(`a ${size}x${size} bench puzzle has no solution`);
    empty.push(createBoard(size, puzzle.regions));
    const cells = shuffle(
      Array.from({ length: size * size }, (_, cell) => cell),
      createRandom(1800 + 100 * size + index),
    );
    const givens = new Uint8Array(size * size);
    for (const cell of cells.slice(0, 10)) givens[cell] = solution[cell];
    tenClues.push(createBoard(size, puzzle.regions, givens));
  });
  return { empty, tenClues };
}

/**
 * Median and max wall ms of a setter tool over boards, after one warm-up call (`timed`
 * false: the tool counts nothing from it).
 */
function timeTool(
  boards: Board[],
  tool: (board: Board, timed: boolean) => void,
): { median: number; max: number } {
  tool(boards[0], false);
  const times = boards.map((board) => {
    const start = performance.now();
    tool(board, true);
    return performance.now() - start;
  });
  return { median: median(times), max: Math.max(...times) };
}

/** Wall ms a true candidates call may take before it is stopped (the app's Cancel). */
const TOOL_TIME_BOX_MS = 30_000;

/** The setter tools' rows of one size (see the header). */
function setterToolRow(size: number, puzzles: Board[]): string {
  const verdicts = new Map<string, number>();
  const layouts = timeTool(puzzles, (board, timed) => {
    const verdict = checkLayout(size, board.regions).verdict ?? 'stopped';
    if (timed) verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
  });
  const opened = puzzles.map((puzzle) => {
    let clue = 0;
    const givens = puzzle.givens.map((digit) => (digit !== 0 && clue++ % 3 === 0 ? 0 : digit));
    return createBoard(size, puzzle.regions, givens);
  });
  let incomplete = 0;
  const candidates = timeTool(opened, (board, timed) => {
    const started = performance.now();
    const signal = {
      get aborted() {
        return performance.now() - started > TOOL_TIME_BOX_MS;
      },
    };
    const answer = trueCandidates(board, { signal });
    if (timed && !answer.complete) incomplete++;
  });
  const verdictText = [...verdicts].map(([verdict, n]) => `${n} ${verdict}`).join(', ');
  return `| ${size}x${size} | ${puzzles.length} | ${ms(layouts.median)} | ${ms(layouts.max)} | ${verdictText} | ${ms(candidates.median)} | ${ms(candidates.max)} | ${incomplete === 0 ? 'all complete' : `${incomplete} stopped at ${TOOL_TIME_BOX_MS / 1000} s`} |`;
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

/**
 * The boards of a set and what every engine must answer: `limit` is the count asked for;
 * a puzzle set must come out unique (count 1 at limit 2), a sparse set at its limit (a
 * solution found, or two: several solutions).
 */
interface BoardSet {
  name: string;
  boards: Board[];
  limit: number;
  kind: 'puzzles' | 'sparse';
}

/**
 * Sparse 16x16 boards, what a setter checks first: the empty board of each of the 30
 * layouts of bench/data/jigsaw16-30.json and of the standard 4x4 boxes, and a 10-clue
 * version of each (10 cells of a known solution, chosen with createRandom(1700 + i): the
 * puzzle's own solution for a jigsaw layout, a pattern solution for the boxes). Every one
 * has solutions; none has one only.
 */
function sparse16(puzzles: Board[]): { empty: Board[]; tenClues: Board[] } {
  const boxes = standardRegions(16);
  const boxesSolution = Uint8Array.from(
    { length: 256 },
    (_, cell) => ((4 * ((cell >> 4) % 4) + (cell >> 6) + (cell & 15)) % 16) + 1,
  );
  const solved = [
    { regions: boxes, solution: boxesSolution },
    ...puzzles.map((puzzle) => {
      const solution = countSolutionsBest(puzzle, 1, KEEP_ONE).solutions[0];
      if (solution === undefined) throw new Error('a 16x16 bench puzzle has no solution');
      return { regions: puzzle.regions, solution };
    }),
  ];
  const empty: Board[] = [];
  const tenClues: Board[] = [];
  for (const [index, { regions, solution }] of solved.entries()) {
    empty.push(createBoard(16, regions, new Uint8Array(256)));
    if (!isSolution(empty[index], solution)) throw new Error(`layout ${index}: bad solution`);
    const cells = shuffle(
      Array.from({ length: 256 }, (_, cell) => cell),
      createRandom(1700 + index),
    );
    const givens = new Uint8Array(256);
    for (const cell of cells.slice(0, 10)) givens[cell] = solution[cell];
    tenClues.push(createBoard(16, regions, givens));
  }
  return { empty, tenClues };
}

/** Time one engine over a set; counts must match `expected` (when given). */
function measure(set: BoardSet, engine: Engine, expected: number[]): Row {
  const { boards, limit } = set;
  engine.check(boards[0], limit); // warm-up: JIT and the per-size tables
  const times: number[] = [];
  const nodes: number[] = [];
  const started = performance.now();
  for (const [index, board] of boards.entries()) {
    let best = Infinity;
    let answer: Check = { count: -1, grid: null };
    for (let round = 0; round < engine.rounds; round++) {
      const start = performance.now();
      answer = engine.check(board, limit);
      best = Math.min(best, performance.now() - start);
    }
    if (expected[index] === undefined) expected[index] = answer.count;
    if (answer.count !== expected[index]) {
      throw new Error(
        `${set.name} #${index + 1}: ${engine.name} counts ${answer.count}, expected ${expected[index]}`,
      );
    }
    if (engine.gridChecked && (answer.grid === null || !isSolution(board, answer.grid))) {
      throw new Error(`${set.name} #${index + 1}: ${engine.name} gives a wrong grid`);
    }
    times.push(best);
    if (answer.nodes !== undefined) nodes.push(answer.nodes);
    if ((performance.now() - started) / 1000 > TIME_BOX_S) break;
  }
  const counted = expected.slice(0, times.length);
  const unique = counted.filter((count) => count === 1).length;
  const verdicts =
    set.kind === 'puzzles'
      ? `${unique} unique, ${times.length - unique} multiple`
      : limit === 1
        ? `${counted.filter((count) => count === 1).length} solved`
        : `${counted.filter((count) => count === 2).length} several solutions`;
  return { set: set.name, engine, times, nodes, puzzles: boards.length, verdicts };
}

/** What a cold child does before its first call: nothing, make the modules, or warm up. */
type ColdMode = 'cold' | 'loaded' | 'warm';

/** What one cold call in a fresh process measured (bench/big-cold.ts). */
interface Cold {
  count: number;
  nodes: number;
  coldMs: number;
  coldCpuMs: number;
  /** The same call warm, best of 3 back to back. */
  warmMs: number;
  /** The same call warm after the idle time the first call had (warm mode), best of 3. */
  warmAfterIdleMs: number | null;
  /** What ran before the first call (loaded: the modules; warm: the warm-up), ms, else 0. */
  warmUpMs: number;
}

/**
 * Fresh processes per board and mode: a first call is one event, which a scavenge or a
 * compile job finishing at that moment can double on a sub-millisecond call, so each board's
 * figures are the median of this many processes (the single worst is reported as well).
 */
const PROCESSES_PER_BOARD = 3;

/**
 * The first countSolutionsBest call of a fresh process on each board of a set (child
 * processes running the bundled bench/big-cold.ts, PROCESSES_PER_BOARD per board, in passes
 * over the set), against the same call warm in that process. Counts must match the warm
 * run's. In mode `loaded` the child first makes the WebAssembly engines' modules
 * (loadEngines), in mode `warm` it runs the whole engine warm-up the app's solver worker
 * runs after its first run (src/engine/warmUp.ts). Returns each board's runs.
 */
function measureCold(
  set: BoardSet,
  expected: number[],
  child: string,
  dir: string,
  mode: ColdMode,
): Cold[][] {
  const file = path.join(dir, 'boards.json');
  writeFileSync(
    file,
    JSON.stringify(
      set.boards.map((board) => ({
        size: board.size,
        regions: [...board.regions],
        givens: [...board.givens],
      })),
    ),
  );
  const runs: Cold[][] = set.boards.map(() => []);
  for (let pass = 0; pass < PROCESSES_PER_BOARD; pass++) {
    set.boards.forEach((_, index) => {
      const run = spawnSync(
        process.execPath,
        [child, file, String(index), String(set.limit), mode],
        { encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`cold run ${set.name} #${index + 1}: ${run.stderr}`);
      const cold = JSON.parse(run.stdout) as Cold;
      if (cold.count !== expected[index]) {
        throw new Error(`cold run ${set.name} #${index + 1}: counts ${cold.count}`);
      }
      runs[index].push(cold);
    });
  }
  return runs;
}

const mean = (values: number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(0));

const percentOf = (part: number, whole: number): string => `${part} of ${whole}`;

async function main(): Promise<void> {
  const clock = startClock();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'squiggly-bench-big-'));
  // Bundled as the command line tool is (CommonJS).
  const coldChild = await bundleBenchChild('big-cold.ts', dir);
  const puzzles16 = jigsaw16();
  const { empty, tenClues } = sparse16(puzzles16);
  const bySize = jigsawBySize();
  const sizeMakers: [string, BoardSet['kind'], number, () => Board[]][] = [...bySize].flatMap(
    ([size, puzzles]) => {
      const sparse = sparseOf(puzzles);
      return [
        [`${size}x${size} jigsaw (bench/data/jigsaw-sizes.json)`, 'puzzles', 2, () => puzzles],
        [`${size}x${size} empty (10 layouts), several solutions`, 'sparse', 2, () => sparse.empty],
        // 10 clues are sparse from 10x10 on (a tenth of the cells); below, often unique.
        ...(size < 10
          ? []
          : [
              [
                `${size}x${size} 10 clues (10 layouts), several solutions`,
                'sparse',
                2,
                () => sparse.tenClues,
              ],
            ]),
      ] as [string, BoardSet['kind'], number, () => Board[]][];
    },
  );
  const noCold = new Set(sizeMakers.map(([name]) => name));
  const makers: [string, BoardSet['kind'], number, () => Board[]][] = [
    ...sizeMakers,
    ['16x16 jigsaw (bench/data)', 'puzzles', 2, () => puzzles16],
    ['25x25 standard (clues added until unique)', 'puzzles', 2, standard25],
    ['16x16 empty (30 layouts + boxes), first solution', 'sparse', 1, () => empty],
    ['16x16 empty (30 layouts + boxes), several solutions', 'sparse', 2, () => empty],
    ['16x16 10 clues (30 layouts + boxes), first solution', 'sparse', 1, () => tenClues],
    ['16x16 10 clues (30 layouts + boxes), several solutions', 'sparse', 2, () => tenClues],
  ];
  const rows: Row[] = [];
  const coldRows: string[] = [];
  const clueNotes: string[] = [];
  for (const [name, kind, limit, make] of makers) {
    const generating = performance.now();
    const set: BoardSet = { name, boards: make(), limit, kind };
    const { boards } = set;
    const madeS = (performance.now() - generating) / 1000;
    const clues = boards.map((board) => board.givens.filter((digit) => digit !== 0).length);
    console.error(
      `${name}: ${boards.length} boards ready in ${madeS.toFixed(1)} s, clues ${Math.min(...clues)}-${Math.max(...clues)}`,
    );
    if (kind === 'puzzles') {
      clueNotes.push(
        `${name.slice(0, 5)}: clues min ${Math.min(...clues)}, median ${median(clues)}, max ${Math.max(...clues)} of ${boards[0].givens.length} (ready in ${madeS.toFixed(1)} s: made, or read from the file)`,
      );
    }
    const expected: number[] = [];
    // Sparse boards: our default engine only (DLX finds no solution on half of them within
    // 200,000 nodes; dancing-links counts to 2 whatever the limit).
    const engines = kind === 'puzzles' ? ENGINES : ENGINES.slice(0, 1);
    for (const engine of engines) {
      if (engine.sizes !== undefined && !engine.sizes.includes(boards[0].size)) continue;
      const row = measure(set, engine, expected);
      console.error(
        `  ${engine.name}: ${row.times.length} boards, median ${ms(median(row.times))} ms`,
      );
      rows.push(row);
    }
    if (expected.some((count) => count !== (kind === 'puzzles' ? 1 : limit))) {
      throw new Error(`${name}: a board does not have the expected count`);
    }
    const pair = (values: number[]): string => `${ms(median(values))} / ${ms(Math.max(...values))}`;
    for (const mode of noCold.has(name) ? [] : (['cold', 'loaded', 'warm'] as const)) {
      const boardRuns = measureCold(set, expected, coldChild, dir, mode);
      // Like for like: after the warm-up the first call follows idle time, and so does the
      // warm call it is held against; otherwise both come back to back (big-cold.ts).
      const likeForLike = (run: Cold): number => run.warmAfterIdleMs ?? run.warmMs;
      /** Each board's median over its processes of `value`. */
      const perBoard = (value: (run: Cold) => number): number[] =>
        boardRuns.map((runs) => median(runs.map(value)));
      const ratios = perBoard((run) => run.coldMs / likeForLike(run));
      const backToBack = perBoard((run) => run.coldMs / run.warmMs);
      const within = ratios.filter((ratio) => ratio <= 2).length;
      // The boards over 2x, by their 1-based number in the set, so a miss can be run again.
      const misses = ratios
        .map((ratio, index) => ({ ratio, index }))
        .filter(({ ratio }) => ratio > 2)
        .map(({ ratio, index }) => `#${index + 1} ${ratio.toFixed(2)}x`);
      const missed = misses.length > 0 && misses.length <= 3 ? ` (${misses.join(', ')})` : '';
      const single = boardRuns.flat().map((run) => run.coldMs / likeForLike(run));
      const singleOver = `${single.filter((ratio) => ratio > 2).length} of ${single.length}, worst ${ms(Math.max(...single))}x`;
      const before = { cold: 'none', loaded: 'modules', warm: 'warm-up' }[mode];
      const first = mode === 'cold' ? 'none' : `${before} ${pair(perBoard((run) => run.warmUpMs))}`;
      const afterIdle = mode === 'warm' ? pair(perBoard(likeForLike)) : 'as back to back';
      coldRows.push(
        `| ${name} | ${first} | ${boards.length} | ${pair(perBoard((run) => run.coldMs))} | ${pair(perBoard((run) => run.coldCpuMs))} | ${pair(perBoard((run) => run.warmMs))} | ${afterIdle} | ${pair(backToBack)} | ${pair(ratios)} | ${percentOf(within, boards.length)}${missed} | ${singleOver} |`,
      );
      console.error(
        `  first call, ${mode === 'cold' ? 'nothing before' : `after the ${before}`}: median ratio ${median(ratios).toFixed(2)}, within 2x ${within}${missed}; single processes over 2x ${singleOver}`,
      );
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const toolRows = [...bySize].map(([size, puzzles]) => {
    const row = setterToolRow(size, puzzles);
    console.error(`setter tools ${size}x${size}: ${row}`);
    return row;
  });
  const table = rows.map((row) => {
    const timed =
      row.times.length === row.puzzles
        ? `${row.puzzles}`
        : `${row.times.length} of ${row.puzzles} ⏱`;
    const guesses =
      row.nodes.length > 0
        ? `${Math.round(median(row.nodes)).toLocaleString('en-US')} / ${Math.round(mean(row.nodes)).toLocaleString('en-US')} / ${Math.max(...row.nodes).toLocaleString('en-US')}`
        : 'not reported';
    return `| ${row.set} | ${row.engine.name} | ${timed} | ${row.verdicts} | ${ms(median(row.times))} | ${ms(Math.max(...row.times))} | ${guesses} | ${row.engine.gridChecked ? 'count + grid' : 'count only'} |`;
  });
  const markdown = [
    '# Big grids and every size: uniqueness check (count up to 2), sparse boards, cold calls, setter tools',
    '',
    '- command: `npm run bench:big`',
    `- machine: ${machineLine()}`,
    ...clockLines(clock),
    `- 16x16: the 30 puzzles of bench/data/jigsaw16-30.json (bench/make-jigsaw16.ts: generatePuzzle on randomJigsawLayout, seeds 1600+i, each checked unique; kept as a file because the generator's clue-removal budget counts guesses of the engine under test); 25x25: ${STANDARD_25} random solutions (randomSolution, seeds 2500+i) with ${Math.round(KEEP_25 * 100)}% of cells kept as clues at random, then, while countSolutionsBitset finds 2 solutions, a cell where the two differ gets its digit from the solution (unique by construction: the last count is 1)`,
    `- ${clueNotes.join('; ')}`,
    '- every size from 4 to 15: the 10 jigsaw puzzles per size of bench/data/jigsaw-sizes.json (bench/make-jigsaw-sizes.ts: generatePuzzle on randomJigsawLayout, seeds 100*N+i; kept as a file for the same reason), every engine; and the default engine only on the empty board of each of their layouts and from 10x10 on a 10-clue version of each (10 cells of the solution, createRandom(1800 + 100*N + i)), count up to 2; no cold calls for these',
    '- sparse 16x16: the empty board of each of the 30 layouts of bench/data/jigsaw16-30.json and of the standard 4x4 boxes, and a 10-clue version of each (10 cells of a solution, chosen with createRandom(1700 + i)); first solution = count up to 1, several solutions = count up to 2 (every one has several)',
    `- wall ms per check (performance.now), one process, engines in turn, each warmed up on the first board of the set; ours but DLX best of 3, the others 1 run; squiggly best is the default engine (countSolutionsBest: grid16.ts at 16x16, bitset.ts at 25x25); ⏱ = the ${TIME_BOX_S} s time box per row was reached (a prefix of the puzzles timed)`,
    '- every engine must agree on the count; dancing-links grids are not checked (the bench adapter packs `cell * 16 + digit`, which cannot carry digits 16 and up; its counts are right)',
    '',
    '| boards | engine | timed | verdicts | median ms | max ms | guesses (nodes) median / mean / max | checked |',
    '| --- | --- | --: | --- | --: | --: | --: | --- |',
    ...table,
    '',
    '## Cold calls: the first call in fresh processes',
    '',
    `- ${PROCESSES_PER_BOARD} child processes per board and mode, in passes over the set (bench/big-cold.ts, bundled to CommonJS as the command line tool is): each reads the board, times its first countSolutionsBest call (wall ms, and CPU ms of the whole process during it, JIT threads included), then the same call warm in the same process, best of 3 back to back, and after the warm-up also best of 3 each after the same 200 ms idle time the first call had; a board's figures are the medians over its processes, and the last column counts the single processes over 2x; target: first call within 2x of the like-for-like warm call (after idle time where the first call had it, else back to back)`,
    '- why after idle time: a call after 200 ms idle runs slower whatever the engine does (caches and the idle core: a warm 16x16 call of 0.12 ms back to back took 0.25-0.3 ms after idle, docs/history/engines/cold-start.md), and the first Solve a user clicks, like the second, comes after idle time; the ratio against back-to-back calls is given too',
    "- before the first call: none (a fresh process, as the command line tool); modules: the WebAssembly engines' modules made (loadEngines, engines.ts: the first step of the warm-up); warm-up: the engine warm-up the app's solver worker runs in the idle time after its first run (src/engine/warmUp.ts, run here in one go, then 200 ms idle, as a page has before a click, while V8 finishes the code it optimizes in the background); its wall ms median / max in the column",
    '',
    '| boards | before the first call, ms | count | first call wall ms median / max | first call CPU ms median / max | warm ms back to back, median / max | warm ms after idle, median / max | first ÷ warm back to back, median / max | first ÷ warm like for like, median / max | within 2x (like for like) | single processes over 2x |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...coldRows,
    '',
    '## Setter tools on every size from 4 to 15',
    '',
    `- the 10 jigsaw puzzles per size of bench/data/jigsaw-sizes.json: the layout check (checkLayout) of each layout, and true candidates (trueCandidates, default options) of each puzzle with every third clue (in reading order) taken out; wall ms per call, one run each after one warm-up call on the first board; a call is stopped after ${TOOL_TIME_BOX_MS / 1000} s (as a user presses Cancel) and counted in the last column`,
    '',
    '| size | layouts | layout check median ms | max ms | verdicts | true candidates median ms | max ms | complete |',
    '| --- | --: | --: | --: | --- | --: | --: | --- |',
    ...toolRows,
    '',
  ].join('\n');
  console.log(markdown);
  const out = path.join(REPO_ROOT, 'bench', 'results', 'big-latest.md');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, markdown);
  console.error(`written to ${path.relative(REPO_ROOT, out)}`);
}

await main();
