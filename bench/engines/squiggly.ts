/** Our two solvers: the DLX engine and the bitmask DFS, both from src/engine. */
import { countSolutions, countSolutionsBasic, type CountResult } from '../../src/engine/index.ts';
import type { Puzzle } from '../sets.ts';
import type { CountAnswer, Engine } from './types.ts';

type Counter = typeof countSolutions;

const KEEP_ONE = { keepSolutions: 1 };

function answerOf(result: CountResult): CountAnswer {
  return { count: result.count, grid: result.solutions[0] ?? null, nodes: result.nodes };
}

function squigglyEngine(id: string, name: string, count: Counter): Engine {
  return {
    id,
    name,
    ours: true,
    capabilities: { solve: true, unique: true, jigsaw: true, nodes: true },
    solve: (puzzle: Puzzle) => answerOf(count(puzzle.board, 1, KEEP_ONE)),
    countUpTo2: (puzzle: Puzzle) => answerOf(count(puzzle.board, 2, KEEP_ONE)),
  };
}

export const squigglyDlx = squigglyEngine('dlx', 'squiggly DLX', countSolutions);
export const squigglyBasic = squigglyEngine('basic', 'squiggly basic', countSolutionsBasic);
