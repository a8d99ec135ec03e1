/**
 * Where the solver's layer stands, for the grid: the position after the clues and the steps
 * applied (or, while a Solve by logic list is on screen, before the listed step chosen, or at
 * the list's end), the overlay the grid draws over the cells (the step shown, the candidates
 * it reasons on, where logic got stuck), and whether Undo and Redo have a step to take.
 *
 * A position is replayed from the clues with the engine's own applyStep, in the page's
 * thread: the steps came from the worker, and replaying them is cheap next to finding them.
 * Each position and overlay is made once per layer (WeakMaps keyed by the layer object), so
 * the selectors return the same object while the layer is unchanged and the grid does not
 * redraw; a new layer (any change to it is a new object) gets new ones.
 */
import {
  applyStep as applyToState,
  createBoard,
  initialState,
  variantProblems,
  type Step,
} from '../../engine/index.ts';
import { layoutOf } from '../derived.ts';
import type { LogicLayer, LogicList, LogicPosition } from '../logicSlice.ts';
import type { Puzzle } from '../puzzle.ts';
import { currentLogic } from '../selectors.ts';
import type { SquigglyState } from '../state.ts';

export const canUndoLogic = (state: SquigglyState): boolean =>
  (currentLogic(state)?.applied.length ?? 0) > 0;
export const canRedoLogic = (state: SquigglyState): boolean =>
  (currentLogic(state)?.redo.length ?? 0) > 0;

/** The position after the clues and `steps` (null when the layout is not a valid one). */
function positionAfter(puzzle: Puzzle, steps: readonly Step[]): LogicPosition | null {
  const layout = layoutOf(puzzle);
  if (!layout.valid) return null;
  // The steps were found with the constraints, so the replay clears their peers too; a
  // constraint with a problem gets no steps (the worker says why), so no position either.
  const constraints = puzzle.constraints ?? [];
  if (variantProblems(puzzle.size, constraints).length > 0) return null;
  const state = initialState(
    createBoard(puzzle.size, layout.regionOf, puzzle.givens),
    undefined,
    constraints,
  );
  for (const step of steps) applyToState(state, step);
  return { digits: Array.from(state.grid), candidates: Array.from(state.candidates) };
}

const positions = new WeakMap<LogicLayer, Map<string, LogicPosition | null>>();

/** A position of the layer, made once per layer and key (a stable selector result). */
function memoised(
  layer: LogicLayer,
  key: string,
  make: () => LogicPosition | null,
): LogicPosition | null {
  let cache = positions.get(layer);
  if (!cache) {
    cache = new Map();
    positions.set(layer, cache);
  }
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) ?? null;
}

/** The position of a layer after its applied steps. */
export function layerPosition(puzzle: Puzzle, layer: LogicLayer): LogicPosition | null {
  return memoised(layer, 'applied', () => positionAfter(puzzle, layer.applied));
}

/** The position of a layer's list before its step `index` (its end for steps.length). */
function listPosition(
  puzzle: Puzzle,
  layer: LogicLayer,
  list: LogicList,
  index: number,
): LogicPosition | null {
  return memoised(layer, `list${index}`, () =>
    positionAfter(puzzle, [...layer.applied.slice(0, list.from), ...list.steps.slice(0, index)]),
  );
}

/**
 * The solver's position on the grid: the clues plus the applied steps; while a Solve by
 * logic list is on screen, where it got to: before the listed step shown, else at its end
 * (every digit logic placed, the cells it could not fill left empty). Null when no step
 * has placed or removed anything yet.
 */
export function logicPosition(state: SquigglyState): LogicPosition | null {
  const layer = currentLogic(state);
  if (!layer) return null;
  const { list, shown } = layer;
  const index = shown ? shown.listIndex : list ? list.steps.length : null;
  if (list === null || index === null) {
    return layer.applied.length === 0 ? null : layerPosition(state, layer);
  }
  return list.from + index === 0 ? null : listPosition(state, layer, list, index);
}

/**
 * Whether the grid shows where a Solve by logic list got to (its end, no step of it chosen):
 * the list's own answer is in the panel, so drawing it does not call the grid into view on a
 * phone (GridSurface's "In view"); choosing a step of it, or a Hint, does.
 */
export function logicListAtEnd(state: SquigglyState): boolean {
  const layer = currentLogic(state);
  return layer != null && layer.list !== null && layer.shown === null;
}

/** What the grid draws over the cells: the step shown, the position before it, stuck cells. */
export interface LogicOverlay {
  step: Step | null;
  /** Candidates before the step (what the step reasons on), or where logic got stuck. */
  before: LogicPosition | null;
  stuckCells: number[];
}

const overlays = new WeakMap<LogicLayer, LogicOverlay | null>();

/** The overlay of the layer on screen; the same object while the layer is (a stable selector). */
export function logicOverlay(state: SquigglyState): LogicOverlay | null {
  const layer = currentLogic(state);
  if (!layer) return null;
  if (!overlays.has(layer)) overlays.set(layer, overlayOf(state, layer));
  return overlays.get(layer) ?? null;
}

function overlayOf(state: SquigglyState, layer: LogicLayer): LogicOverlay | null {
  const list = layer.list;
  const stuckCells = list && list.status !== 'solved' && !layer.shown ? list.stuckCells : [];
  if (!layer.shown && stuckCells.length === 0) return null;
  let before: LogicPosition | null = null;
  if (list && stuckCells.length > 0) before = listPosition(state, layer, list, list.steps.length);
  if (layer.shown) {
    const index = layer.shown.listIndex;
    before =
      index === null || !list
        ? layerPosition(state, layer)
        : listPosition(state, layer, list, index);
  }
  return { step: layer.shown?.step ?? null, before, stuckCells };
}
