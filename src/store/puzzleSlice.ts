/**
 * The puzzle (size, walls, clues, region labels) and its one-step edits: start over, load,
 * toggle a wall, paint once, assign a region by keyboard, set a clue. Every write replaces the
 * arrays it changes, so undo history and derived views can compare by identity. The rules of
 * an edit (walls carry labels along, painting moves walls) live in puzzle.ts; this slice only
 * applies them. Gestures that span many writes are in strokeSlice. The variant constraint
 * edits (add, remove, replace, a global rule) are module-level functions over the store's
 * setter and getter, so the creator stays short (docs/store.md).
 */
import {
  constraintProblems,
  hasBoxShape,
  noBoxesReason,
  type Constraint,
} from '../engine/index.ts';
import { EMPTY_INFO, type PuzzleInfo } from '../formats/link.ts';
import { newLibraryId } from './library/ids.ts';
import type { SliceCreator, SliceScope } from './state.ts';
import {
  emptyGridPuzzle,
  hasWall,
  isAppSize,
  isPuzzleInfo,
  paintCells,
  paintStroke,
  puzzleFromRegions,
  puzzleKey,
  settleRegions,
  standardPuzzle,
  wallsEdit,
  withWall,
  type EdgeId,
  type PaintEffect,
  type Puzzle,
} from './puzzle.ts';

/**
 * How a new puzzle starts; 'puzzle' is a generated puzzle (random layout, unique clues).
 * 'standard' only at a size with boxes (puzzle.ts defaultStart picks for a size).
 */
export type StartLayout = 'standard' | 'empty' | 'random' | 'puzzle';

/** The rules that hold everywhere on the grid: on or off, no cells of their own. */
export type GlobalRule =
  | { kind: 'diagonal'; direction: 'down' | 'up' }
  | { kind: 'antiKnight' }
  | { kind: 'antiKing' }
  | { kind: 'nonConsecutive' }
  | { kind: 'allDotsGiven' }
  | { kind: 'allXvGiven' };

/** Whether a constraint is the global rule `rule` (a diagonal: the same direction). */
export const isRule = (constraint: Constraint, rule: GlobalRule): boolean =>
  constraint.kind === rule.kind &&
  (rule.kind !== 'diagonal' ||
    (constraint.kind === 'diagonal' && constraint.direction === rule.direction));

export interface PuzzleSlice extends Puzzle {
  /** Title, author and rules text (empty strings when unset). */
  info: PuzzleInfo;
  /** The variant constraints, in the order they were added (none: a classic jigsaw). */
  constraints: Constraint[];
  /** Key of the puzzle as last created, loaded or exported: anything else is unsaved work. */
  baselineKey: string;

  /**
   * Start over at `size` with a start layout; 'random' asks the worker for a jigsaw, 'puzzle'
   * starts `generatePuzzle` (resolved when the puzzle is there, cancelled or failed).
   * 'standard' at a size without boxes is refused (a RangeError, noBoxesReason).
   */
  newPuzzle(size: number, start: StartLayout): Promise<void>;
  /**
   * Replace the puzzle with a loaded one (undoable, and it becomes the saved baseline), with
   * its title, author and rules (none when not given) and, for a half-drawn layout from a
   * share link, its walls (by default the walls of the regions). It is kept under a new
   * library entry unless `libraryId` names the entry it was opened from.
   */
  loadPuzzle(
    size: number,
    regions: ArrayLike<number>,
    givens: ArrayLike<number>,
    options?: {
      info?: PuzzleInfo;
      walls?: ArrayLike<number>;
      libraryId?: string;
      constraints?: readonly Constraint[];
    },
  ): void;
  /** Change the title, author or rules text (one undo step). */
  setPuzzleInfo(info: Partial<PuzzleInfo>): void;
  /** Note that the current puzzle has been exported: it is no longer unsaved work. */
  markSaved(): void;

  toggleWall(edge: EdgeId): void;
  /**
   * A paint stroke from `origin` over `cells` in one step (puzzle.ts's paintStroke says what
   * it does). A gesture paints through strokeSlice instead, so the drag shows as it goes.
   */
  paint(origin: number, cells: readonly number[]): PaintEffect;
  /** The cells join region `regionNumber` (1-based, as shown); beyond the last, a new one. */
  assignRegion(cells: readonly number[], regionNumber: number): void;
  setGiven(cell: number, digit: number): void;

  /**
   * Add a constraint (one undo step): null when added, else what is wrong with its shape
   * in words (constraintProblems), and nothing changes.
   */
  addConstraint(constraint: Constraint): string | null;
  /** Remove the constraint at `index` (one undo step). */
  removeConstraint(index: number): void;
  /** Replace the constraint at `index` (a new sum, say): as addConstraint. */
  replaceConstraint(index: number, constraint: Constraint): string | null;
  /** Turn a global rule on or off (one undo step when it changes anything). */
  setGlobalRule(rule: GlobalRule, on: boolean): void;
}

/** What the constraint edits below work over: the store's setter and getter. */
type PuzzleScope = Pick<SliceScope, 'set' | 'get'>;

function addConstraint({ set, get }: PuzzleScope, constraint: Constraint): string | null {
  const { constraints, size } = get();
  const problems = constraintProblems(constraint, size);
  if (problems.length > 0) return problems[0];
  set({ constraints: [...constraints, constraint] });
  return null;
}

function removeConstraint({ set, get }: PuzzleScope, index: number): void {
  const { constraints, selectedConstraint } = get();
  if (index < 0 || index >= constraints.length) return;
  set({
    constraints: constraints.filter((_, at) => at !== index),
    selectedConstraint:
      selectedConstraint === null || selectedConstraint < index
        ? selectedConstraint
        : selectedConstraint === index
          ? null
          : selectedConstraint - 1,
  });
}

function replaceConstraint(
  { set, get }: PuzzleScope,
  index: number,
  constraint: Constraint,
): string | null {
  const { constraints, size } = get();
  if (index < 0 || index >= constraints.length) return 'there is no such constraint';
  const problems = constraintProblems(constraint, size);
  if (problems.length > 0) return problems[0];
  set({ constraints: constraints.map((old, at) => (at === index ? constraint : old)) });
  return null;
}

function setGlobalRule({ set, get }: PuzzleScope, rule: GlobalRule, on: boolean): void {
  const { constraints } = get();
  const present = constraints.some((constraint) => isRule(constraint, rule));
  if (present === on) return;
  set({
    constraints: on
      ? [...constraints, { ...rule }]
      : constraints.filter((constraint) => !isRule(constraint, rule)),
  });
}

export const createPuzzleSlice = (): SliceCreator<PuzzleSlice> => (set, get) => {
  const scope: PuzzleScope = { set, get };
  const initial = standardPuzzle(9);
  return {
    ...initial,
    info: EMPTY_INFO,
    constraints: [],
    baselineKey: puzzleKey(initial),

    newPuzzle: async (size, start) => {
      if (!isAppSize(size)) return;
      if (start === 'standard' && !hasBoxShape(size)) throw new RangeError(noBoxesReason(size));
      // Both come from the worker: runs of runSlice, like Solve.
      if (start === 'puzzle') return get().generatePuzzle(size);
      if (start === 'random') return get().newRandomJigsaw(size);
      const puzzle = start === 'empty' ? emptyGridPuzzle(size) : standardPuzzle(size);
      set({
        ...puzzle,
        info: EMPTY_INFO,
        constraints: [],
        selectedConstraint: null,
        cursor: 0,
        edgeCursor: null,
        picked: [],
        baselineKey: puzzleKey(puzzle),
        // A new puzzle: a new library entry (librarySlice keeps it once there is something).
        libraryId: newLibraryId(),
      });
    },
    loadPuzzle: (size, regions, givens, options = {}) => {
      const puzzle = {
        ...puzzleFromRegions(size, regions, givens),
        constraints: options.constraints ? [...options.constraints] : [],
      };
      if (options.walls) {
        puzzle.walls = Array.from(options.walls);
        puzzle.regions = settleRegions(size, puzzle.walls, regions);
      }
      set({
        ...puzzle,
        info: options.info ?? EMPTY_INFO,
        selectedConstraint: null,
        cursor: 0,
        edgeCursor: null,
        picked: [],
        baselineKey: puzzleKey(puzzle),
        libraryId: options.libraryId ?? newLibraryId(),
      });
    },
    setPuzzleInfo: (info) => {
      const next = { ...get().info, ...info };
      if (isPuzzleInfo(next)) set({ info: next });
    },
    markSaved: () => set({ baselineKey: puzzleKey(get()) }),

    toggleWall: (edge) => {
      const state = get();
      set(
        wallsEdit(
          state,
          withWall(state.walls, edge, state.size, !hasWall(state.walls, edge, state.size)),
        ),
      );
    },
    paint: (origin, cells) => {
      const { effect, edit } = paintStroke(get(), origin, cells);
      if (edit) set(edit);
      return effect;
    },
    assignRegion: (cells, regionNumber) => {
      const state = get();
      if (cells.length === 0 || regionNumber < 1) return;
      const count = state.regions.reduce((max, label) => Math.max(max, label), -1) + 1;
      // Past the last region: a fresh label, so the cells form a new region of their own.
      const target = Math.min(regionNumber - 1, count);
      const next = paintCells(state, cells, target);
      set({ picked: [] });
      if (next.regions.some((label, cell) => label !== state.regions[cell])) set(next);
    },
    setGiven: (cell, digit) => {
      const { givens, size } = get();
      if (cell < 0 || cell >= size * size || digit < 0 || digit > size) return;
      if (givens[cell] === digit) return;
      const next = givens.slice();
      next[cell] = digit;
      set({ givens: next });
    },

    addConstraint: (constraint) => addConstraint(scope, constraint),
    removeConstraint: (index) => removeConstraint(scope, index),
    replaceConstraint: (index, constraint) => replaceConstraint(scope, index, constraint),
    setGlobalRule: (rule, on) => setGlobalRule(scope, rule, on),
  };
};
