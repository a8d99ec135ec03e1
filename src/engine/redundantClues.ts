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
 *
 * A puzzle whose clues are symmetric (a half turn, else the main diagonal, with at least one
 * mirrored pair) keeps its symmetry: both tests and Minimise take a clue and its mirror
 * image together (`symmetry` says which), as the generator removes them. A setter who drew a
 * symmetric puzzle is never offered a single clue whose removal breaks it.
 *
 * With variant constraints (`options.constraints`) every uniqueness check is the variant
 * engine's (engines.ts, counterFor): a clue is redundant when the puzzle with its
 * constraints stays unique without it.
 */
import type { Board } from './board.ts';
import { counterFor } from './engines.ts';
import { hasClueSymmetry, orbitsOf, type ClueSymmetry } from './generator.ts';
import { createRandom, shuffle } from './random.ts';
import { withBeat, type SearchOptions } from './contract.ts';
import type { Constraint } from './variants/constraints.ts';

type Options = Pick<SearchOptions, 'signal'> & {
  onProgress?: (done: number, total: number) => void;
  /** Called often, also inside a long search: a host's sign of life (withBeat). */
  beat?: () => void;
  /** The puzzle's variant constraints (none: a classic jigsaw). */
  constraints?: readonly Constraint[];
};

export interface RedundantClues {
  /**
   * Clue cells removable with the puzzle staying unique, in reading order: each alone, or
   * with a symmetric puzzle each with its mirror image (both listed).
   */
  cells: number[];
  /** The clues' symmetry kept ('none': clues are tested one by one). */
  symmetry: ClueSymmetry;
  /** False when the signal stopped it; `cells` then holds those found so far. */
  complete: boolean;
}

export interface Minimised {
  /** The clues left (a new array). */
  givens: Uint8Array;
  /** The cells whose clues were removed, in the order removed (a mirrored pair together). */
  removed: number[];
  symmetry: ClueSymmetry;
  complete: boolean;
}

/** Symmetries a puzzle's clues may keep, the most usual first. */
const KEPT_SYMMETRIES: readonly ClueSymmetry[] = ['180', 'diagonal'];

/**
 * The clues in the groups that go together: with the first symmetry the clues have (and a
 * clue off its axis, else it says nothing), each clue with its image; else one by one.
 */
export function clueGroups(board: Board): { symmetry: ClueSymmetry; groups: number[][] } {
  for (const symmetry of KEPT_SYMMETRIES) {
    if (!hasClueSymmetry(board, symmetry)) continue;
    const groups = orbitsOf(board.size, symmetry).filter((orbit) => board.givens[orbit[0]] !== 0);
    if (groups.some((group) => group.length > 1)) return { symmetry, groups };
  }
  return { symmetry: 'none', groups: clueCellsOf(board.givens).map((cell) => [cell]) };
}

/** True when the board is unique; null when the signal stopped the check. */
function isUnique(board: Board, options: Options): boolean | null {
  const count = counterFor(options.constraints);
  const result = count(board, 2, withBeat({ signal: options.signal }, options.beat));
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
  const { symmetry, groups } = clueGroups(board);
  const cells: number[] = [];
  const done = (complete: boolean): RedundantClues => ({
    cells: cells.sort((a, b) => a - b),
    symmetry,
    complete,
  });
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index];
    for (const cell of group) trial[cell] = 0;
    const unique = isUnique(probe, options);
    for (const cell of group) trial[cell] = board.givens[cell];
    if (unique === null) return done(false);
    if (unique) cells.push(...group);
    options.onProgress?.(index + 1, groups.length);
  }
  return done(true);
}

/** Remove clues (or mirrored pairs) in a seeded order until none can go (see the header). */
export function minimiseClues(board: Board, seed: number, options: Options = {}): Minimised {
  if (isUnique(board, options) !== true) throw new RangeError('minimise: the puzzle is not unique');
  const givens = Uint8Array.from(board.givens);
  const probe: Board = { size: board.size, regions: board.regions, givens };
  const { symmetry, groups } = clueGroups(board);
  const order = shuffle(groups, createRandom(seed));
  const removed: number[] = [];
  for (let index = 0; index < order.length; index++) {
    const group = order[index];
    for (const cell of group) givens[cell] = 0;
    const unique = isUnique(probe, options);
    if (unique !== true) for (const cell of group) givens[cell] = board.givens[cell];
    if (unique === null) return { givens, removed, symmetry, complete: false };
    if (unique) removed.push(...group);
    options.onProgress?.(index + 1, order.length);
  }
  return { givens, removed, symmetry, complete: true };
}
