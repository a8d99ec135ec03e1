/**
 * Killer jigsaws for bench:variants: the genre newspapers print, which ISS's own puzzle
 * list (bench/data/iss-variants.json) does not hold. Each is a random 9x9 jigsaw layout and
 * a random solution of it, cut into cages of 1-3 neighbouring cells with distinct digits,
 * every cage with its sum, and no given digit: the puzzle a setter checks while drawing
 * cages, before any clue. Made from fixed seeds (20261202 onwards, the first being the one
 * test/engine/variants.test.ts solves), so every run times the same puzzles; ISS reads
 * each through our ISS export (printIss: `.Jigsaw~…` and `.Cage~…`).
 */
import {
  createBoard,
  createRandom,
  randomJigsawLayout,
  randomSolution,
  type Board,
  type Constraint,
} from '../src/engine/index.ts';
import { printIss } from '../src/formats/index.ts';

export interface KillerJigsaw {
  title: string;
  board: Board;
  constraints: Constraint[];
  iss: string;
}

/** `count` killer jigsaws (see the file header). */
export function killerJigsaws(count: number): KillerJigsaw[] {
  const made: KillerJigsaw[] = [];
  for (let seed = 20261202; made.length < count; seed++) {
    const random = createRandom(seed);
    const regions = randomJigsawLayout(9, random);
    const solution = randomSolution(9, regions, random);
    if (!solution) continue;
    const cageOf = new Int32Array(81).fill(-1);
    const cages: Constraint[] = [];
    for (let start = 0; start < 81; start++) {
      if (cageOf[start] >= 0) continue;
      const cells = [start];
      cageOf[start] = cages.length;
      // Right, below, and below-right (through one of the first two), while the digits
      // differ: cages of one to three cells.
      for (const cell of [start + 1, start + 9, start + 10]) {
        if (cells.length >= 3 || cell >= 81 || cageOf[cell] >= 0) continue;
        if (start % 9 === 8 && cell % 9 === 0) continue;
        if (cells.some((other) => solution[other] === solution[cell])) continue;
        const touches = cells.some(
          (other) =>
            (Math.abs(other - cell) === 1 && Math.floor(other / 9) === Math.floor(cell / 9)) ||
            Math.abs(other - cell) === 9,
        );
        if (!touches) continue;
        cells.push(cell);
        cageOf[cell] = cages.length;
      }
      cages.push({ kind: 'cage', cells, sum: cells.reduce((t, c) => t + solution[c], 0) });
    }
    const board = createBoard(9, regions, new Uint8Array(81));
    made.push({
      title: `Killer jigsaw (seed ${seed}, ${cages.length} cages)`,
      board,
      constraints: cages,
      iss: printIss(board, cages),
    });
  }
  return made;
}
