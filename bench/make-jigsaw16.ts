/**
 * Make bench/data/jigsaw16-30.json, the 16x16 jigsaw set of `npm run bench:big`:
 * `npx tsx bench/make-jigsaw16.ts > bench/data/jigsaw16-30.json`.
 *
 * Puzzle i (0..29) is `generatePuzzle(16, randomJigsawLayout(16, random), random)` with
 * `createRandom(1600 + i)`. The generator removes clues while the count stays 1 and a
 * removal check stays within its guess budget, so these sit near the hardest 16x16 puzzles it
 * makes (74-85 clues of 256). The set is kept as a file, not made at bench time, because the
 * generator's budget is counted in guesses of the default engine: a better engine would
 * remove more clues and so make a harder set, and the bench would measure its own budget.
 * Each puzzle is checked unique once more with countSolutionsBitset (DLX takes minutes on some
 * of these; `npm run bench:big` cross-checks every engine's count on them).
 */
import {
  countSolutionsBitset,
  createRandom,
  generatePuzzle,
  randomJigsawLayout,
} from '../src/engine/index.ts';
import { printJson } from '../src/formats/index.ts';

const PUZZLES = 30;
const FIRST_SEED = 1600;

const puzzles = [];
for (let index = 0; index < PUZZLES; index++) {
  const seed = FIRST_SEED + index;
  const random = createRandom(seed);
  const board = generatePuzzle(16, randomJigsawLayout(16, random), random);
  if (board === null) throw new Error(`16x16 seed ${seed}: no solution for the layout`);
  process.stderr.write(`seed ${seed}: made\n`);
  const check = countSolutionsBitset(board, 2, { keepSolutions: 0 });
  if (check.count !== 1) throw new Error(`16x16 seed ${seed}: ${check.count} solutions`);
  puzzles.push({ board, extra: { title: `generatePuzzle 16x16 jigsaw, seed ${seed}` } });
}
process.stdout.write(printJson(puzzles));
