/**
 * `npx tsx bench/guesses16.ts [OTHER]`: guesses (load-independent) and CPU-free wall times
 * of the 16x16 engine under the default restarts, on the boards of issue 17: the empty
 * board of each of the 30 layouts of bench/data/jigsaw16-30.json and of the standard boxes,
 * 10-clue versions of them (as bench:big makes them), the 30 puzzles, and the empty boards
 * of 80 more random jigsaw layouts (`randomJigsawLayout(16, createRandom(4242))`).
 *
 * OTHER, a copy of another version of grid16.ts placed in src/engine (so that its imports
 * resolve), is run beside the current one on every board, each board three times in a row
 * per engine (the fastest kept, so a layout's tables are built before the timed round),
 * and the counts must agree. For example, the version before the leftover pairs:
 *
 *     git show 1b3ddd8:src/engine/grid16.ts > src/engine/grid16-before.ts
 *     npx tsx bench/guesses16.ts src/engine/grid16-before.ts; rm src/engine/grid16-before.ts
 *
 * SETS=empty1,ten2,... picks rows (name + limit); every row checks counts and solutions.
 * Times are wall clock in one process: quote them with the load (`uptime`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  countSolutionsBest,
  countSolutionsGrid16,
  countWithRestarts,
  createBoard,
  createRandom,
  isSolution,
  randomJigsawLayout,
  shuffle,
  standardRegions,
  type Board,
  type CountFunction,
} from '../src/engine/index.ts';
import { parseJson } from '../src/formats/index.ts';
import { REPO_ROOT } from './sets.ts';

const ROUNDS = 3;
const EXTRA_LAYOUTS = 80;

const puzzles = parseJson(
  readFileSync(path.join(REPO_ROOT, 'bench', 'data', 'jigsaw16-30.json'), 'utf8'),
).cases.map((parsed) => parsed.board);
const boxesSolution = Uint8Array.from(
  { length: 256 },
  (_, cell) => ((4 * ((cell >> 4) % 4) + (cell >> 6) + (cell & 15)) % 16) + 1,
);
const solved = [
  { regions: standardRegions(16), solution: boxesSolution },
  ...puzzles.map((puzzle) => ({
    regions: puzzle.regions,
    solution: countSolutionsBest(puzzle, 1).solutions[0],
  })),
];
const empty = solved.map(({ regions }) => createBoard(16, regions, new Uint8Array(256)));
const tenClues = solved.map(({ regions, solution }, index) => {
  const cells = shuffle(
    Array.from({ length: 256 }, (_, cell) => cell),
    createRandom(1700 + index),
  );
  const givens = new Uint8Array(256);
  for (const cell of cells.slice(0, 10)) givens[cell] = solution[cell];
  return createBoard(16, regions, givens);
});
const extraRandom = createRandom(4242);
const extra = Array.from({ length: EXTRA_LAYOUTS }, () =>
  createBoard(16, randomJigsawLayout(16, extraRandom), new Uint8Array(256)),
);

/** Row name: boards, limit, the count every board must get. */
const ROWS: Record<string, [Board[], number, number]> = {
  empty1: [empty, 1, 1],
  empty2: [empty, 2, 2],
  ten1: [tenClues, 1, 1],
  ten2: [tenClues, 2, 2],
  puzzles: [puzzles, 2, 1],
  extra1: [extra, 1, 1],
};

const engines: [string, CountFunction][] = [['current', countSolutionsGrid16]];
if (process.argv[2]) {
  const other = (await import(pathToFileURL(path.resolve(process.argv[2])).href)) as {
    countSolutionsGrid16: CountFunction;
  };
  engines.unshift([path.basename(process.argv[2]), other.countSolutionsGrid16]);
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[(sorted.length - 1) >> 1],
    p90: sorted[Math.floor(0.9 * sorted.length)],
    max: sorted[sorted.length - 1],
    sum: values.reduce((a, b) => a + b, 0),
  };
};

for (const [, count] of engines) for (const puzzle of puzzles.slice(0, 3)) count(puzzle, 2, {});
for (const name of (process.env.SETS ?? 'empty1,empty2,ten1,ten2,puzzles,extra1').split(',')) {
  const [boards, limit, expected] = ROWS[name];
  for (const [engineName, count] of engines) {
    const guesses: number[] = [];
    const times: number[] = [];
    for (const [index, board] of boards.entries()) {
      let best = Infinity;
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const result = countWithRestarts(count, board, limit, { keepSolutions: limit });
        best = Math.min(best, performance.now() - started);
        if (round > 0) continue;
        guesses.push(result.nodes);
        if (result.count !== expected || !result.solutions.every((s) => isSolution(board, s))) {
          throw new Error(`${name} board ${index}, ${engineName}: count ${result.count}`);
        }
      }
      times.push(best);
    }
    const g = summary(guesses);
    const t = summary(times);
    console.log(
      `${name.padEnd(8)} ${engineName.padEnd(18)} guesses median ${g.median} p90 ${g.p90} max ${g.max} sum ${g.sum}` +
        ` | ms median ${t.median.toFixed(2)} max ${t.max.toFixed(1)} sum ${t.sum.toFixed(0)}` +
        ` | us/guess ${((1000 * t.sum) / g.sum).toFixed(2)}`,
    );
  }
}
