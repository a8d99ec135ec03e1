/** Our engines from src/engine: the fast bitset engine, the DLX reference, the bitmask DFS. */
import { ENGINES, type CountFunction, type CountResult } from '../../src/engine/index.ts';
import type { Puzzle } from '../sets.ts';
import type { CountAnswer, Engine } from './types.ts';

type Counter = CountFunction;

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

export const squigglyBest = squigglyEngine('best', 'squiggly best', ENGINES.best);
export const squigglyDlx = squigglyEngine('dlx', 'squiggly DLX', ENGINES.dlx);
export const squigglyBasic = squigglyEngine('basic', 'squiggly basic', ENGINES.basic);
