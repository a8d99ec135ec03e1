/**
 * Derived views of the puzzle, memoised on the arrays' identity (the store copies on write,
 * so a new array means a change): the areas the walls enclose, the layout's problems, and
 * clue clashes. Selectors call these on every render; they recompute only after an edit.
 */
import { createBoard } from '../engine/board.ts';
import { findClueConflicts } from '../engine/clues.ts';
import {
  analyseWalls,
  WALL_DOWN,
  type LayoutProblem,
  type WallLayoutAnalysis,
} from '../engine/layout.ts';
import type { ClueConflict } from '../engine/types.ts';
import type { Puzzle } from './puzzle.ts';

export interface LayoutView extends WallLayoutAnalysis {
  /** Exactly N areas of N cells each: the layout can be solved. */
  valid: boolean;
  /** Edge keys `cell*2` (right) / `cell*2+1` (below) of walls that do not close yet. */
  openEdges: Set<number>;
}

const layoutCache = new WeakMap<readonly number[], LayoutView>();

export function layoutOf(puzzle: Puzzle): LayoutView {
  const cached = layoutCache.get(puzzle.walls);
  if (cached && cached.regionOf.length === puzzle.size * puzzle.size) return cached;
  const analysis = analyseWalls(puzzle.size, puzzle.walls);
  // Open walls do not stop a solve (the areas are what count), so they are not "invalid".
  const blocking = analysis.problems.filter((problem) => problem.code !== 'wall-open');
  const view: LayoutView = {
    ...analysis,
    valid: blocking.length === 0,
    openEdges: new Set(
      analysis.openWalls.map(({ cell, side }) => cell * 2 + (side === WALL_DOWN ? 1 : 0)),
    ),
  };
  layoutCache.set(puzzle.walls, view);
  return view;
}

/** Problems that keep the layout from being solved, first one first. */
export const blockingProblems = (view: LayoutView): LayoutProblem[] =>
  view.problems.filter((problem) => problem.code !== 'wall-open');

export interface ConflictView {
  conflicts: ClueConflict[];
  /** Cells that take part in at least one clash. */
  cells: Set<number>;
}

const conflictCache = new WeakMap<
  readonly number[],
  { walls: readonly number[]; view: ConflictView }
>();

/**
 * Clues that clash in a row, column or region. Region clashes use the areas the walls enclose
 * now, so they show while the layout is still being drawn (areas beyond the N-th are skipped).
 */
export function conflictsOf(puzzle: Puzzle): ConflictView {
  const cached = conflictCache.get(puzzle.givens);
  if (cached && cached.walls === puzzle.walls) return cached.view;
  const { regionOf } = layoutOf(puzzle);
  const conflicts = findClueConflicts(createBoard(puzzle.size, regionOf, puzzle.givens));
  const view: ConflictView = { conflicts, cells: new Set(conflicts.flatMap((c) => c.cells)) };
  conflictCache.set(puzzle.givens, { walls: puzzle.walls, view });
  return view;
}
