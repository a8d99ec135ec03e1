/**
 * The wall tool. What a press does is decided by the pointer's path, not by where it went
 * down, and only a click inside a cell moves the selection: a stroke along a line starts on
 * the line, between two cells, and selecting either would move the selection box for
 * nothing (as it did before, to the cell beside the drag's first point).
 *   click   (released before moving a fifth of a cell): within CLICK_REACH of a grid line,
 *           toggles that one wall (one undo step); anywhere else it selects the cell.
 *   drag    the segments are the ones the path runs along (sampled every quarter cell, within
 *           DRAG_REACH of a line, clear of the corners where two lines are equally near). The
 *           first segment the path runs along decides the whole drag: draw when it was open,
 *           erase when it was a wall. So a drag that starts exactly on a corner takes the line
 *           the pointer moves along, never the crossing line behind it.
 * A drag is one stroke in the store: one undo step, and cancel (Escape) takes it all back.
 * Reaches are in grid units, so they scale with the cell size on every screen.
 */
import { hasWall } from '../../store/puzzle.ts';
import { cellAtPoint, nearestEdge, samplePath, type GridPoint } from '../geometry.ts';
import type { GridTool, ToolPhase, ToolStore } from './tool.ts';

/** How near a line a click toggles it: a fifth of a cell (8 px on a 40 px cell). */
export const CLICK_REACH = 0.2;
/** A click this near a corner is on neither line: either could be meant. */
const CLICK_CORNER_MARGIN = 0.1;
/** How far the pointer moves before a press becomes a drag. */
export const DRAG_START = 0.2;
/** How close to a line a drag must pass to draw on it. */
const DRAG_REACH = 0.3;
/** How near a corner a drag draws nothing (either line through the corner could be meant). */
const DRAG_CORNER_MARGIN = 0.3;

export function createWallTool(store: ToolStore): GridTool {
  let phase: ToolPhase = 'idle';
  let pointer = -1;
  let start: GridPoint | null = null;
  let last: GridPoint | null = null;
  // The cell the press landed on: selected if the press ends as a click inside it.
  let pressed = -1;
  // Set by the first segment of a drag; null until the path has run along one.
  let drawing: boolean | null = null;

  const reset = (): void => {
    phase = 'idle';
    pointer = -1;
    start = last = null;
    drawing = null;
    pressed = -1;
  };

  return {
    get phase() {
      return phase;
    },
    pointerDown(point, pointerId, cell) {
      if (phase !== 'idle') return false;
      pressed = cell ?? cellAtPoint(point, store.getState().size);
      phase = 'pointing';
      pointer = pointerId;
      start = last = point;
      return true;
    },
    pointerMove(point, pointerId) {
      if (phase === 'idle' || pointerId !== pointer || !start || !last) return;
      if (phase === 'pointing' && Math.hypot(point.x - start.x, point.y - start.y) < DRAG_START) {
        return;
      }
      // The press point counts as the first sample: a drag that starts mid-segment draws it.
      const path =
        phase === 'pointing' ? [last, ...samplePath(last, point)] : samplePath(last, point);
      phase = 'dragging';
      const state = store.getState();
      for (const sample of path) {
        const edge = nearestEdge(sample, state.size, DRAG_REACH, DRAG_CORNER_MARGIN);
        if (edge === null) continue;
        if (drawing === null) {
          drawing = !hasWall(store.getState().walls, edge, state.size);
          state.beginStroke();
        }
        state.strokeSetWall(edge, drawing);
      }
      last = point;
    },
    pointerUp(pointerId) {
      if (phase === 'idle' || pointerId !== pointer || !start) return;
      const clicked = phase === 'pointing' ? start : null;
      const cell = pressed;
      const stroking = drawing !== null;
      reset();
      const state = store.getState();
      if (stroking) state.endStroke();
      if (!clicked) return;
      const edge = nearestEdge(clicked, state.size, CLICK_REACH, CLICK_CORNER_MARGIN);
      if (edge !== null) state.toggleWall(edge);
      else state.setCursor(cell);
    },
    cancel() {
      if (phase === 'idle') return;
      const stroking = drawing !== null;
      reset();
      if (stroking) store.getState().cancelStroke();
    },
  };
}
