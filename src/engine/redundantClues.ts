/**
 * Redundant clues of a unique puzzle, and minimising it.
 *
 * A clue is redundant when the puzzle stays unique without it (each tested alone, one
 * uniqueness check with the best engine per clue). Redundant clues are not removable all
 * together in general: removing one can make another necessary. Minimise therefore removes
 * clues one at a time in a seeded random order (the user re-rolls the seed for another
 * order), keeping a clue whenever its removal would break uniqueness. A clue kept was
 * necessary when tested and stays necessary as clues only go (fewer clues never remove
 * solutions), so the result has no redundant clue left.
 */
import type { Board } from './board.ts';
import { countSolutionsBest } from './engines.ts';
import { createRandom, shuffle } from './random.ts';
import { withBeat, type SearchOptions } from './contract.ts';

type Options = Pick<SearchOptions, 'signal'> & {
  onProgress?: (done: number, total: number) => void;
  /** Called often, also inside a long search: a host's sign of life (withBeat). */
  beat?: () => void;
};

export interface RedundantClues {
  /** Clue cells each removable alone with the puzzle staying unique, in reading order. */
  cells: number[];
  /** False when the signal stopped it; `cells` then holds those found so far. */
  complete: boolean;
}

export interface Minimised {
  /** The clues left (a new array). */
  givens: Uint8Array;
  /** The cells whose clues were removed, in the order removed. */
  removed: number[];
  complete: boolean;
}

/** True when the board is unique; null when the signal stopped the check. */
function isUnique(board: Board, options: Options): boolean | null {
  const result = countSolutionsBest(board, 2, withBeat({ signal: options.signal }, options.beat));
  options.beat?.();
  if (!result.complete && result.count < 2) return null;
  return result.count === 1;
}

const clueCellsOf = (givens: Uint8Array): number[] =>
  [...givens.keys()].filter((cell) => givens[cell] !== 0);

/** The redundant clues of a unique puzzle (throws when it is not unique). */
export function redundantClues(board: Board, options: Options = {}): RedundantClues {
  if (isUnique(board, options) !== true)
    throw new RangeError('redundant clues: the puzzle is not unique');
  const trial = Uint8Array.from(board.givens);
  const probe: Board = { size: board.size, regions: board.regions, givens: trial };
  const cells: number[] = [];
  const clues = clueCellsOf(board.givens);
  for (let index = 0; index < clues.length; index++) {
    const cell = clues[index];
    trial[cell] = 0;
    const unique = isUnique(probe, options);
    trial[cell] = board.givens[cell];
    if (unique === null) return { cells, complete: false };
    if (unique) cells.push(cell);
    options.onProgress?.(index + 1, clues.length);
  }
  return { cells, complete: true };
}

/** Remove clues one at a time in a seeded order until none is redundant (see the header). */
export function minimiseClues(board: Board, seed: number, options: Options = {}): Minimised {
  if (isUnique(board, options) !== true) throw new RangeError('minimise: the puzzle is not unique');
  const givens = Uint8Array.from(board.givens);
  const probe: Board = { size: board.size, regions: board.regions, givens };
  const order = shuffle(clueCellsOf(givens), createRandom(seed));
  const removed: number[] = [];
  for (let index = 0; index < order.length; index++) {
    const cell = order[index];
    const digit = givens[cell];
    givens[cell] = 0;
    const unique = isUnique(probe, options);
    if (unique !== true) givens[cell] = digit;
    if (unique === null) return { givens, removed, complete: false };
    if (unique) removed.push(cell);
    options.onProgress?.(index + 1, order.length);
  }
  return { givens, removed, complete: true };
}
