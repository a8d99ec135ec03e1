/**
 * Redundant constraints of a unique puzzle: the variant constraints (a cage's sum, a dot, a
 * thermometer, a global rule) that can go with the solution staying unique, each tested
 * alone, as redundantClues.ts tests clues.
 *
 * DESIGN: one uniqueness check per constraint, with the variant engine on the puzzle
 * without it (engines.ts, counterFor; the classic engines once no constraint is left). A
 * killer cage with a sum is tried without its sum first (the cage's digits still all
 * different): when that is not unique the cage is needed whole; when it is, the cage is
 * tried gone, and the answer says which part can go, so a setter learns that the sum of
 * "cage r1c1 (17)" is the redundant part while its outline still works.
 *
 * Removing a constraint only widens the puzzle, so the solution stays a solution, with
 * two exceptions: under "all kropki dots given" a dot taken away says its pair is neither
 * consecutive nor in ratio 2, and under "all XV signs given" likewise for an X or a V. Such
 * a dot or sign is never redundant in the plain sense (without it the solution breaks the
 * puzzle), so it is not tried; the "all given" rule itself is. A test counts as redundant
 * only when the one solution left is the puzzle's own, so no change of meaning slips by.
 *
 * Like redundant clues, redundant constraints are not removable all together: one gone can
 * make another needed. `signal` stops the tests; the answer then says `complete: false`
 * with those found so far.
 */
import type { Board } from './board.ts';
import { withBeat, type SearchOptions } from './contract.ts';
import { counterFor } from './engines.ts';
import { describeConstraint, type Constraint } from './variants/constraints.ts';

export interface RedundantConstraint {
  /** The constraint's index in the puzzle's list. */
  index: number;
  /** 'whole': the constraint can go; 'sum': a killer cage's sum can go, its outline cannot. */
  part: 'whole' | 'sum';
}

export interface RedundantConstraints {
  /** In the puzzle's order. */
  items: RedundantConstraint[];
  /** False when the signal stopped it; `items` then holds those found so far. */
  complete: boolean;
}

type Options = Pick<SearchOptions, 'signal'> & {
  /** Constraints tested so far, and how many will be. */
  onProgress?: (done: number, total: number) => void;
  /** Called often, also inside a long search: a host's sign of life (withBeat). */
  beat?: () => void;
};

/** Whether a constraint can be taken away without changing what the others mean. */
function testable(constraint: Constraint, constraints: readonly Constraint[]): boolean {
  if (constraint.kind === 'kropki')
    return !constraints.some((other) => other.kind === 'allDotsGiven');
  if (constraint.kind === 'xv') return !constraints.some((other) => other.kind === 'allXvGiven');
  return true;
}

/**
 * The one solution of the board with these constraints, or 'several' / 'none'; null when
 * the signal stopped the count before it settled.
 */
function onlySolution(
  board: Board,
  constraints: readonly Constraint[],
  options: Options,
): Uint8Array | 'several' | 'none' | null {
  const result = counterFor(constraints)(
    board,
    2,
    withBeat({ signal: options.signal, keepSolutions: 1 }, options.beat),
  );
  options.beat?.();
  if (result.count >= 2) return 'several';
  if (!result.complete) return null;
  return result.count === 0 ? 'none' : result.solutions[0];
}

const sameGrid = (a: Uint8Array, b: Uint8Array): boolean => a.every((digit, i) => digit === b[i]);

/** The redundant constraints of a unique puzzle (throws when it is not unique). */
export function redundantConstraints(
  board: Board,
  constraints: readonly Constraint[],
  options: Options = {},
): RedundantConstraints {
  const solution = onlySolution(board, constraints, options);
  if (solution === null) return { items: [], complete: false };
  if (!(solution instanceof Uint8Array))
    throw new RangeError('redundant constraints: the puzzle is not unique');
  const items: RedundantConstraint[] = [];
  // Unique, and with the puzzle's own solution; null: stopped.
  const stillUnique = (trial: readonly Constraint[]): boolean | null => {
    const only = onlySolution(board, trial, options);
    if (only === null) return null;
    return only instanceof Uint8Array && sameGrid(only, solution);
  };
  const without = (index: number, replacement?: Constraint): Constraint[] =>
    constraints.flatMap((constraint, at) =>
      at !== index ? [constraint] : replacement ? [replacement] : [],
    );
  for (let index = 0; index < constraints.length; index++) {
    const constraint = constraints[index];
    if (testable(constraint, constraints)) {
      if (constraint.kind === 'cage' && constraint.sum !== undefined) {
        const sumGoes = stillUnique(without(index, { kind: 'cage', cells: constraint.cells }));
        if (sumGoes === null) return { items, complete: false };
        if (sumGoes) {
          const cageGoes = stillUnique(without(index));
          if (cageGoes === null) return { items, complete: false };
          items.push({ index, part: cageGoes ? 'whole' : 'sum' });
        }
      } else {
        const goes = stillUnique(without(index));
        if (goes === null) return { items, complete: false };
        if (goes) items.push({ index, part: 'whole' });
      }
    }
    options.onProgress?.(index + 1, constraints.length);
  }
  return { items, complete: true };
}

/** "the sum of the killer cage at r1c1 (17)", "the thermometer from r2c2": for messages. */
export function describeRedundantConstraint(
  constraint: Constraint,
  part: RedundantConstraint['part'],
  size: number,
): string {
  const named = describeConstraint(constraint, size);
  return part === 'sum' ? `the sum of ${named}` : named;
}
