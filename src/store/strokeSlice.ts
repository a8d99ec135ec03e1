/**
 * Gestures as one undo step. A stroke (a wall drag, a paint drag) begins, writes any number of
 * times so the grid shows it as it goes, and then ends (one step in the history, from the
 * puzzle before the stroke to the one after) or is cancelled (the puzzle before it, no step).
 *
 * How: zundo records a step on every write unless paused. `beginStroke` keeps the puzzle as it
 * was and pauses the history; `endStroke` rewinds to that puzzle while still paused, resumes,
 * and writes the final puzzle once, so exactly one step is recorded. Undo and redo wait while
 * a stroke is in progress (they would fight over the same puzzle).
 *
 * Paint strokes are recomputed from the puzzle before the stroke on every write: whether a
 * stroke joins or carves depends on all the cells it crossed, not only the newest.
 */
import {
  edgeCells,
  hasWall,
  paintStroke,
  puzzleOf,
  samePuzzle,
  withWall,
  type EdgeId,
  type PaintEffect,
  type Puzzle,
  wallsEdit,
} from './puzzle.ts';
import { historyOf } from './history.ts';
import type { SliceCreator } from './state.ts';

export interface StrokeSlice {
  /** Start a stroke; a second begin while one is in progress is ignored. */
  beginStroke(): void;
  /** Set or clear one interior wall (border edges have no id and are ignored). */
  strokeSetWall(edge: EdgeId, on: boolean): void;
  /** The stroke so far paints `cells` from `origin` (puzzle.ts's paintStroke rule). */
  strokePaint(origin: number, cells: readonly number[]): PaintEffect;
  endStroke(): void;
  cancelStroke(): void;

  /**
   * The one Undo of the page, for every button and key: in play mode the player's own moves
   * (playSlice), else a step the logic panel applied (it sits on top), else the puzzle's
   * history (zundo). Nothing while a stroke is in progress.
   */
  undo(): void;
  /** Redo, decided as undo is. */
  redo(): void;
}

export const createStrokeSlice: SliceCreator<StrokeSlice> = (set, get, api) => {
  // The puzzle before the stroke in progress, or null when no stroke is in progress.
  let strokeBase: Puzzle | null = null;
  const history = () => historyOf(api).getState();

  return {
    beginStroke: () => {
      if (strokeBase) return;
      strokeBase = puzzleOf(get());
      history().pause();
    },
    strokeSetWall: (edge, on) => {
      const state = get();
      const { walls, size } = state;
      if (edgeCells(edge, size).other < 0 || hasWall(walls, edge, size) === on) return;
      set(wallsEdit(state, withWall(walls, edge, size, on)));
    },
    strokePaint: (origin, cells) => {
      if (!strokeBase) return null;
      const { effect, edit } = paintStroke(strokeBase, origin, cells);
      set(edit ?? puzzleOf(strokeBase));
      return effect;
    },
    endStroke: () => {
      const base = strokeBase;
      if (!base) return;
      strokeBase = null;
      const final = puzzleOf(get());
      if (samePuzzle(base, final)) {
        history().resume();
        return;
      }
      set(base);
      history().resume();
      set(final);
    },
    cancelStroke: () => {
      const base = strokeBase;
      if (!base) return;
      strokeBase = null;
      set(base);
      history().resume();
    },

    undo: () => {
      if (strokeBase) return;
      if (get().mode === 'play') get().playUndo();
      else if (!get().undoLogicStep()) history().undo();
    },
    redo: () => {
      if (strokeBase) return;
      if (get().mode === 'play') get().playRedo();
      else if (!get().redoLogicStep()) history().redo();
    },
  };
};
