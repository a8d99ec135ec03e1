/**
 * Make bench/data/jigsaw-sizes.json, the jigsaw sets of every size from 4 to 15 that
 * `npm run bench:big` times beside its 16x16 and 25x25 sets:
 * `npx tsx bench/make-jigsaw-sizes.ts > bench/data/jigsaw-sizes.json`.
 *
 * Puzzle i (0..9) of size N is `generatePuzzle(N, randomJigsawLayout(N, random), random)`
 * with `createRandom(100 * N + i)`, as bench/make-jigsaw16.ts makes the 16x16 set (and for
 * the same reason kept as a file: the generator's clue-removal budget is counted in guesses
 * of the default engine, so a set made at bench time would change with the engine it
 * measures). A layout without a solution takes the next seed (100 * N + 10, 11, ...), so
 * every size has ten puzzles. Each is checked unique once more: up to 12x12 by
 * countSolutionsDlx (the reference engine), above by countSolutionsBitset without restarts
 * (DLX took minutes on some 15x15 puzzles; `npm run bench:big` cross-checks every engine's
 * count on them).
 */
import {
  countSolutionsBitset,
  countSolutionsDlx,
  createRandom,
  generatePuzzle,
  randomJigsawLayout,
  type Board,
} from '../src/engine/index.ts';
import { printJson } from '../src/formats/index.ts';

const SIZES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const PER_SIZE = 10;

const puzzles: { board: Board; extra: { title: string } }[] = [];
for (const size of SIZES) {
  let made = 0;
  for (let index = 0; made < PER_SIZE; index++) {
    const seed = 100 * size + index;
    const random = createRandom(seed);
    const board = generatePuzzle(size, randomJigsawLayout(size, random), random);
    if (board === null) continue;
    const check =
      size <= 12
        ? countSolutionsDlx(board, 2, { keepSolutions: 0 })
        : countSolutionsBitset(board, 2, { keepSolutions: 0 });
    if (check.count !== 1)
      throw new Error(`${size}x${size} seed ${seed}: ${check.count} solutions`);
    process.stderr.write(`${size}x${size} seed ${seed}: made\n`);
    puzzles.push({
      board,
      extra: { title: `generatePuzzle ${size}x${size} jigsaw, seed ${seed}` },
    });
    made++;
  }
}
process.stdout.write(printJson(puzzles));
