/**
 * The wall tool. What a press does is decided by the pointer's path, not by where it went
 * down, and only a click inside a cell moves the selection: a stroke along a line starts on
 * the line, between two cells, and selecting either would move the selection box for
 * nothing (as it did before, to the cell beside the drag's first point).
 *   click   (released before moving a fifth of a cell): within CLICK_REACH of a grid line,
 *           toggles that one wall (one undo step), or with Erase only clears it; anywhere
 *           else inside the grid it selects the cell (a click in the margin outside does
 *           nothing).
 *   drag    the segments are the ones the path runs along (sampled every quarter cell, within
 *           DRAG_REACH of a line, clear of the corners where two lines are equally near). A
 *           drag draws: it puts a wall on every open segment it runs along and leaves the
 *           walls it meets. It erases instead only when the user says so: the Draw / Erase
 *           switch (editorSlice's wallStroke), the right mouse button or Alt (press.erase).
 * Why not decide by the first segment, as it once did: re-tracing a line to close a gap in it
 * starts on a wall, so the whole re-trace erased the line it meant to mend.
 * A drag is one stroke in the store: one undo step, and cancel (Escape) takes it all back.
 * Reaches are in grid units, so they scale with the cell size on every screen; the grid hands
 * over presses on its frame and in a margin around it too (GridSurface), clamped here to the
 * nearest line, so a stroke that starts on or just outside the border is not lost.
 */
import { hasWall } from '../../store/store.ts';
import { cellAtPoint, insideGrid, nearestEdge, samplePath, type GridPoint } from '../geometry.ts';
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
  // The cell the press landed on: selected if the press ends as a click inside it (-1: the
  // press was in the margin outside the grid, where a click selects nothing).
  let pressed = -1;
  // Whether this press erases (the switch, the right button or Alt), fixed when it goes down.
  let erasing = false;
  // Whether the drag has begun its stroke in the store (on the first segment it runs along).
  let stroking = false;

  const reset = (): void => {
    phase = 'idle';
    pointer = -1;
    start = last = null;
    erasing = false;
    stroking = false;
    pressed = -1;
  };

  return {
    get phase() {
      return phase;
    },
    pointerDown(point, pointerId, press) {
      if (phase !== 'idle') return false;
      const { size, wallStroke } = store.getState();
      pressed = press?.cell ?? (insideGrid(point, size) ? cellAtPoint(point, size) : -1);
      erasing = press?.erase === true || wallStroke === 'erase';
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
        if (!stroking) {
          stroking = true;
          state.beginStroke();
        }
        state.strokeSetWall(edge, !erasing);
      }
      last = point;
    },
    pointerUp(pointerId) {
      if (phase === 'idle' || pointerId !== pointer || !start) return;
      const clicked = phase === 'pointing' ? start : null;
      const cell = pressed;
      const endStroke = stroking;
      const clearOnly = erasing;
      reset();
      const state = store.getState();
      if (endStroke) state.endStroke();
      if (!clicked) return;
      const edge = nearestEdge(clicked, state.size, CLICK_REACH, CLICK_CORNER_MARGIN);
      if (edge !== null) {
        if (!clearOnly || hasWall(state.walls, edge, state.size)) state.toggleWall(edge);
      } else if (cell >= 0) state.setCursor(cell);
    },
    cancel() {
      if (phase === 'idle') return;
      const cancelStroke = stroking;
      reset();
      if (cancelStroke) store.getState().cancelStroke();
    },
  };
}
