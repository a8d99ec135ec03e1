/**
 * An estimate of the number of solutions, for boards with far too many to count.
 *
 * DESIGN: Knuth's random-path estimator (1975). Fix a search tree: at each node, branch on
 * the empty cell with the fewest candidates (first in reading order on ties), one child
 * per candidate. Walk from the root choosing a child uniformly at random and multiply the
 * branching factors met on the way; at a solution the product is an unbiased sample of the
 * number of solutions (leaves of the tree that are solutions), at a dead end it is 0. The
 * mean over many paths is the estimate; its error bar is three standard errors either side
 * (about 99.7% if the samples behaved normally, which for heavy-tailed trees they may not,
 * so the answer is labelled an estimate, never a count). The walk keeps candidate masks
 * per unit only (no search, no backtracking), so a path costs about N^4 operations.
 */
import type { Board } from './board.ts';
import { findClueConflicts } from './clues.ts';
import { createRandom, randomInt } from './random.ts';
import { bitCount } from './bits.ts';

export interface SolutionEstimate {
  /** Mean of the path samples: the estimated number of solutions. */
  estimate: number;
  /** Three standard errors below (not below 0) and above the estimate. */
  low: number;
  high: number;
  /** Paths walked, and how many reached a solution. */
  paths: number;
  hits: number;
  /** False when fewer than RELIABLE_HITS paths reached a solution: the bar means little. */
  reliable: boolean;
}

/** Paths that must reach a solution before the error bar is worth showing. */
export const RELIABLE_HITS = 30;

export interface EstimateOptions {
  /** Paths to walk (default 4,000). */
  paths?: number;
  /** Seed of the random choices (default 1), so a run can be repeated. */
  seed?: number;
  signal?: { readonly aborted: boolean };
  /** Called after every path: a host's sign of life (a path takes well under a millisecond). */
  beat?: () => void;
  /** Called after every path with the paths walked so far. */
  onProgress?: (walked: number, paths: number) => void;
}

/** Knuth's estimate of the number of solutions (see the file header). */
export function estimateSolutions(board: Board, options: EstimateOptions = {}): SolutionEstimate {
  const { size, regions, givens } = board;
  const cells = size * size;
  const paths = options.paths ?? 4000;
  if (findClueConflicts(board).length > 0) {
    return { estimate: 0, low: 0, high: 0, paths: 0, hits: 0, reliable: true };
  }
  const random = createRandom(options.seed ?? 1);
  const used = new Int32Array(3 * size);
  const grid = new Uint8Array(cells);
  const full = ((1 << size) - 1) << 1;
  const unitsOf = (cell: number): [number, number, number] => [
    (cell / size) | 0,
    size + (cell % size),
    2 * size + regions[cell],
  ];
  let sum = 0;
  let sumSquares = 0;
  let hits = 0;
  let walked = 0;
  for (; walked < paths && !options.signal?.aborted; walked++) {
    used.fill(0);
    grid.set(givens);
    let empty = 0;
    for (let cell = 0; cell < cells; cell++) {
      if (grid[cell] === 0) empty++;
      else for (const unit of unitsOf(cell)) used[unit] |= 1 << grid[cell];
    }
    let weight = 1;
    while (empty > 0) {
      let bestCell = -1;
      let bestMask = 0;
      let bestCount = 99;
      for (let cell = 0; cell < cells && bestCount > 1; cell++) {
        if (grid[cell] !== 0) continue;
        const [row, col, region] = unitsOf(cell);
        const mask = full & ~(used[row] | used[col] | used[region]);
        const count = bitCount(mask);
        if (count < bestCount) {
          bestCount = count;
          bestCell = cell;
          bestMask = mask;
          if (count === 0) break;
        }
      }
      if (bestCount === 0) {
        weight = 0;
        break;
      }
      let pick = randomInt(random, bestCount);
      let bit = bestMask & -bestMask;
      for (let rest = bestMask; pick > 0; pick--) {
        rest &= rest - 1;
        bit = rest & -rest;
      }
      weight *= bestCount;
      grid[bestCell] = 31 - Math.clz32(bit);
      for (const unit of unitsOf(bestCell)) used[unit] |= bit;
      empty--;
    }
    if (weight > 0) hits++;
    sum += weight;
    sumSquares += weight * weight;
    options.beat?.();
    options.onProgress?.(walked + 1, paths);
  }
  if (walked === 0) return { estimate: 0, low: 0, high: 0, paths: 0, hits: 0, reliable: false };
  const mean = sum / walked;
  const variance = walked > 1 ? Math.max(0, (sumSquares - walked * mean * mean) / (walked - 1)) : 0;
  const error = 3 * Math.sqrt(variance / walked);
  return {
    estimate: mean,
    low: Math.max(0, mean - error),
    high: mean + error,
    paths: walked,
    hits,
    reliable: hits >= RELIABLE_HITS || hits === walked,
  };
}
