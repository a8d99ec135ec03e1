/**
 * Conflict core: for a puzzle with no solution, a set of clues that cannot all hold, and
 * minimal: removing any one of them leaves a puzzle that has a solution.
 *
 * DESIGN: first the layout alone (layoutCheck.ts): when it cannot be filled, no clue is to
 * blame and the answer says so. Then two clues that clash directly (same digit in one unit)
 * are a core of two at once: either alone is solvable on a fillable layout (rename the
 * digits of any filled grid). Otherwise the deletion filter: go through the clues once,
 * dropping each clue whose removal still leaves the rest without a solution; a clue kept
 * was needed when it was tested, and stays needed as the set only shrinks (fewer clues
 * never remove solutions), so the result is minimal. Each step is one ordinary solve with
 * the best engine (limit 1). Clues are tried in reading order, so the answer is the same
 * on every run.
 */
import type { Board } from './board.ts';
import { findClueConflicts } from './clues.ts';
import { countSolutionsBest } from './engines.ts';
import { checkLayout } from './layoutCheck.ts';
import { withBeat, type SearchOptions } from './contract.ts';

export type ConflictCore =
  | { kind: 'layout' }
  | { kind: 'solvable' }
  /** `cells`: the clue cells of the core, in reading order; `complete` false when stopped. */
  | { kind: 'core'; cells: number[]; complete: boolean };

/** A minimal set of clues that cannot all hold (see the file header). */
export function conflictCore(
  board: Board,
  options: Pick<SearchOptions, 'signal'> & {
    onProgress?: (done: number, total: number) => void;
    /** Called often, also inside a long search: a host's sign of life (withBeat). */
    beat?: () => void;
  } = {},
): ConflictCore {
  const { size, regions, givens } = board;
  const search = withBeat({ signal: options.signal }, options.beat);
  if (checkLayout(size, regions, search).verdict === 'cannot be filled') {
    return { kind: 'layout' };
  }
  const clash = findClueConflicts(board);
  if (clash.length > 0)
    return { kind: 'core', cells: [...clash[0].cells].sort((a, b) => a - b), complete: true };
  const first = countSolutionsBest(board, 1, search);
  if (first.count > 0) return { kind: 'solvable' };
  const clueCells: number[] = [];
  for (let cell = 0; cell < givens.length; cell++) if (givens[cell] !== 0) clueCells.push(cell);
  if (!first.complete) return { kind: 'core', cells: clueCells, complete: false };
  const trial = Uint8Array.from(givens);
  const probe: Board = { size, regions, givens: trial };
  const core: number[] = [];
  for (let index = 0; index < clueCells.length; index++) {
    const cell = clueCells[index];
    trial[cell] = 0;
    const result = countSolutionsBest(probe, 1, search);
    options.beat?.();
    if (!result.complete && result.count === 0) {
      trial[cell] = givens[cell];
      return { kind: 'core', cells: [...core, ...clueCells.slice(index)], complete: false };
    }
    // Still no solution without it: it is not needed. Otherwise it is, and goes back.
    if (result.count > 0) {
      trial[cell] = givens[cell];
      core.push(cell);
    }
    options.onProgress?.(index + 1, clueCells.length);
  }
  return { kind: 'core', cells: core, complete: true };
}
