/**
 * Conflict core: for a puzzle with no solution, a set of clues and variant constraints that
 * cannot all hold, and minimal: removing any one of them leaves a puzzle that has a solution.
 *
 * DESIGN: first the layout alone (layoutCheck.ts): when it cannot be filled, no clue or
 * constraint is to blame and the answer says so. Then two clues that clash directly (same
 * digit in one unit) are a core of two at once: either alone is solvable on a fillable
 * layout (rename the digits of any filled grid). Otherwise the deletion filter over the
 * items, the clues in reading order and then the constraints in the puzzle's order: drop
 * each item whose removal still leaves the rest without a solution; an item kept was needed
 * when it was tested, and stays needed as the set only shrinks (fewer clues or constraints
 * never remove solutions), so the result is minimal. Each step is one ordinary solve with
 * the puzzle's counter (engines.ts, counterFor: the variant engine while a constraint is
 * left, the best classic engine once none is), limit 1. The order is fixed, so the answer
 * is the same on every run; clues go first, so a constraint is named only when the clues
 * alone cannot explain the clash (no clues and constraints that cannot all hold on this
 * layout: a core of constraints alone).
 */
import type { Board } from './board.ts';
import { findClueConflicts } from './clues.ts';
import { counterFor } from './engines.ts';
import { checkLayout } from './layoutCheck.ts';
import { withBeat, type SearchOptions } from './contract.ts';
import type { Constraint } from './variants/constraints.ts';

export type ConflictCore =
  | { kind: 'layout' }
  | { kind: 'solvable' }
  /**
   * `cells`: the clue cells of the core, in reading order; `constraints`: the indices of its
   * constraints in the puzzle's list, ascending; `complete` false when stopped.
   */
  | { kind: 'core'; cells: number[]; constraints: number[]; complete: boolean };

/** A minimal set of clues and constraints that cannot all hold (see the file header). */
export function conflictCore(
  board: Board,
  options: Pick<SearchOptions, 'signal'> & {
    onProgress?: (done: number, total: number) => void;
    /** Called often, also inside a long search: a host's sign of life (withBeat). */
    beat?: () => void;
    /** The puzzle's variant constraints (none: a classic jigsaw). */
    constraints?: readonly Constraint[];
  } = {},
): ConflictCore {
  const { size, regions, givens } = board;
  const constraints = options.constraints ?? [];
  const search = withBeat({ signal: options.signal }, options.beat);
  if (checkLayout(size, regions, search).verdict === 'cannot be filled') {
    return { kind: 'layout' };
  }
  const clash = findClueConflicts(board);
  if (clash.length > 0) {
    const cells = [...clash[0].cells].sort((a, b) => a - b);
    return { kind: 'core', cells, constraints: [], complete: true };
  }
  // The counter of the constraints still in: compiled once for the clues' pass, again for
  // each step of the constraints' pass (each has another set).
  let count = counterFor(constraints);
  const first = count(board, 1, search);
  if (first.count > 0) return { kind: 'solvable' };
  const clueCells: number[] = [];
  for (let cell = 0; cell < givens.length; cell++) if (givens[cell] !== 0) clueCells.push(cell);
  const allConstraints = constraints.map((_, index) => index);
  if (!first.complete) {
    return { kind: 'core', cells: clueCells, constraints: allConstraints, complete: false };
  }
  const trial = Uint8Array.from(givens);
  const probe: Board = { size, regions, givens: trial };
  /** Constraints still in (not yet found unneeded). */
  const kept = constraints.map(() => true);
  const solvable = (): boolean | null => {
    const result = count(probe, 1, search);
    options.beat?.();
    return result.count > 0 ? true : result.complete ? false : null;
  };
  const core: number[] = [];
  const total = clueCells.length + constraints.length;
  /** Stopped at clue `clueIndex`: the items not yet found unneeded. */
  const stopped = (clueIndex: number): ConflictCore => ({
    kind: 'core',
    cells: [...core, ...clueCells.slice(clueIndex)],
    constraints: allConstraints.filter((index) => kept[index]),
    complete: false,
  });
  for (let index = 0; index < clueCells.length; index++) {
    const cell = clueCells[index];
    trial[cell] = 0;
    const answer = solvable();
    if (answer === null) {
      trial[cell] = givens[cell];
      return stopped(index);
    }
    // Still no solution without it: it is not needed. Otherwise it is, and goes back.
    if (answer) {
      trial[cell] = givens[cell];
      core.push(cell);
    }
    options.onProgress?.(index + 1, total);
  }
  for (let index = 0; index < constraints.length; index++) {
    kept[index] = false;
    count = counterFor(constraints.filter((_, other) => kept[other]));
    const answer = solvable();
    if (answer === null) {
      kept[index] = true;
      return stopped(clueCells.length);
    }
    if (answer) kept[index] = true;
    options.onProgress?.(clueCells.length + index + 1, total);
  }
  return {
    kind: 'core',
    cells: core,
    constraints: allConstraints.filter((index) => kept[index]),
    complete: true,
  };
}
