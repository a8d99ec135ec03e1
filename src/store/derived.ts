/**
 * Derived views of the puzzle, memoised on the arrays' identity (the store copies on write,
 * so a new array means a change): the areas the walls enclose, the layout's problems, and
 * clue clashes. Selectors call these on every render; they recompute only after an edit.
 */
import {
  createBoard,
  findClueConflicts,
  analyseWalls,
  regionProblems,
  WALL_DOWN,
  type ClueConflict,
  type LayoutProblem,
  type WallLayoutAnalysis,
} from '../engine/index.ts';
import type { Puzzle } from './puzzle.ts';

export interface LayoutView extends WallLayoutAnalysis {
  /** Region number (0-based) per cell: the puzzle's labels (the same as the areas unless a
   * region is in pieces). */
  regionOf: Uint8Array;
  /** Cells of each region, in reading order; a region in pieces lists all of its pieces. */
  regions: number[][];
  /** The pieces of each region (areas the walls enclose); one piece when it is whole. */
  pieces: number[][][];
  /** Exactly N regions of N cells each, each in one piece: the layout can be solved. */
  valid: boolean;
  /** Edge keys `cell*2` (right) / `cell*2+1` (below) of walls that do not close yet. */
  openEdges: Set<number>;
}

type LayoutInput = Pick<Puzzle, 'size' | 'walls' | 'regions'>;

const layoutCache = new WeakMap<
  readonly number[],
  { regions: readonly number[]; view: LayoutView }
>();

export function layoutOf(puzzle: LayoutInput): LayoutView {
  const { size, walls } = puzzle;
  const cells = size * size;
  const labels =
    puzzle.regions.length === cells ? puzzle.regions : new Array<number>(cells).fill(0);
  const cached = layoutCache.get(walls);
  if (cached && cached.regions === puzzle.regions && cached.view.regionOf.length === cells) {
    return cached.view;
  }
  const analysis = analyseWalls(size, walls);
  const count = labels.reduce((max, label) => Math.max(max, label), -1) + 1;
  const regions: number[][] = Array.from({ length: count }, () => []);
  labels.forEach((label, cell) => regions[label].push(cell));
  const pieces: number[][][] = Array.from({ length: count }, () => []);
  for (const area of analysis.areas) pieces[labels[area[0]]].push(area);
  const split = pieces.some((parts) => parts.length > 1);
  // Whole regions: the labels are the areas, and the wall analysis says it all.
  const problems = split
    ? [
        ...regionProblems(size, regions, pieces),
        ...analysis.problems.filter((problem) => problem.code === 'wall-open'),
      ]
    : analysis.problems;
  // Open walls do not stop a solve (the areas are what count), so they are not "invalid".
  const blocking = problems.filter((problem) => problem.code !== 'wall-open');
  const view: LayoutView = {
    ...analysis,
    regionOf: Uint8Array.from(labels, (label) => Math.min(label, 255)),
    regions,
    pieces,
    problems,
    valid: blocking.length === 0,
    openEdges: new Set(
      analysis.openWalls.map(({ cell, side }) => cell * 2 + (side === WALL_DOWN ? 1 : 0)),
    ),
  };
  layoutCache.set(walls, { regions: puzzle.regions, view });
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
  { regions: readonly number[]; view: ConflictView }
>();

/**
 * Clues that clash in a row, column or region. Region clashes use the regions as they are
 * now (a region in pieces counts as one), so they show while the layout is still being drawn
 * (regions beyond the N-th are skipped).
 */
export function conflictsOf(puzzle: Puzzle): ConflictView {
  const cached = conflictCache.get(puzzle.givens);
  if (cached && cached.regions === puzzle.regions) return cached.view;
  const { regionOf } = layoutOf(puzzle);
  const conflicts = findClueConflicts(createBoard(puzzle.size, regionOf, puzzle.givens));
  const view: ConflictView = { conflicts, cells: new Set(conflicts.flatMap((c) => c.cells)) };
  conflictCache.set(puzzle.givens, { regions: puzzle.regions, view });
  return view;
}

/** How many clues the grid holds (a selector: an empty grid's verdicts say what to do first). */
export const cluesOnGrid = (puzzle: Pick<Puzzle, 'givens'>): number =>
  puzzle.givens.reduce((count, digit) => count + (digit ? 1 : 0), 0);
