/**
 * Peer: `@algorithm.ts/sudoku`. Its SudokuSolver rebuilds a DLX matrix per puzzle (all 324
 * constraints; a clue becomes its single candidate row) and stops at the first solution.
 * It has no count or limit (solve returns a boolean and one solution) and the boxes are
 * fixed by `childMatrixWidth`, so it cannot check uniqueness or solve jigsaw puzzles.
 */
import { SudokuSolver } from '@algorithm.ts/sudoku';
import type { Puzzle } from '../sets.ts';
import { unsupported, type Engine, type SolveAnswer } from './types.ts';

const NAME = '@algorithm.ts/sudoku';

// Built once: the solver allocates its node arrays (~1 MB) up front and reuses them.
const solver = new SudokuSolver({ childMatrixWidth: 3 });

function solve(puzzle: Puzzle): SolveAnswer {
  if (puzzle.jigsaw) return unsupported(NAME, 'solve a jigsaw puzzle');
  const { givens } = puzzle.board;
  // Its boards hold 0-based digits and -1 for blanks.
  const input = Array.from(givens, (digit) => digit - 1);
  const solution = new Array<number>(givens.length);
  if (!solver.solve(input, solution)) return { grid: null };
  return { grid: solution.map((digit) => digit + 1) };
}

export const algorithmTs: Engine = {
  id: 'algorithm.ts',
  name: NAME,
  ours: false,
  capabilities: {
    solve: true,
    unique: 'n/a: solve() returns one solution, no count or limit',
    jigsaw: 'n/a: boxes fixed by childMatrixWidth, no region map',
    nodes: false,
  },
  solve,
  countUpTo2: () => unsupported(NAME, 'count solutions'),
};
