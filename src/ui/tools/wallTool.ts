/**
 * The wall tool: press on a grid line and drag along the lines to draw walls, or to erase them
 * when the first line was already a wall. The first edge decides drawing or erasing, so one
 * drag does one or the other. A drag is one stroke in the store: one undo step, and Escape
 * (cancel) takes the whole drag back.
 */
import { hasWall } from '../../store/puzzle.ts';
import { nearestEdge, samplePath, type GridPoint } from '../geometry.ts';
import type { GridTool, ToolPhase, ToolStore } from './tool.ts';

/** How far from a grid line a press still picks it (grid units): half a cell, so any press does. */
const PRESS_REACH = 0.5;
/** How close to a line a drag must pass to draw on it. */
const DRAG_REACH = 0.3;
/** How near a corner a drag draws nothing (either line through the corner could be meant). */
const DRAG_CORNER_MARGIN = 0.3;

export function createWallTool(store: ToolStore): GridTool {
  let phase: ToolPhase = 'idle';
  let pointer = -1;
  let last: GridPoint | null = null;
  let drawing = true;

  const reset = (): void => {
    phase = 'idle';
    pointer = -1;
    last = null;
  };

  return {
    get phase() {
      return phase;
    },
    pointerDown(point, pointerId) {
      if (phase !== 'idle') return false;
      const state = store.getState();
      const edge = nearestEdge(point, state.size, PRESS_REACH);
      if (edge === null) return false;
      drawing = !hasWall(state.walls, edge, state.size);
      phase = 'pointing';
      pointer = pointerId;
      last = point;
      state.beginStroke();
      state.strokeSetWall(edge, drawing);
      return true;
    },
    pointerMove(point, pointerId) {
      if (phase === 'idle' || pointerId !== pointer || !last) return;
      phase = 'dragging';
      const state = store.getState();
      for (const sample of samplePath(last, point)) {
        const edge = nearestEdge(sample, state.size, DRAG_REACH, DRAG_CORNER_MARGIN);
        if (edge !== null) state.strokeSetWall(edge, drawing);
      }
      last = point;
    },
    pointerUp(pointerId) {
      if (phase === 'idle' || pointerId !== pointer) return;
      reset();
      store.getState().endStroke();
    },
    cancel() {
      if (phase === 'idle') return;
      reset();
      store.getState().cancelStroke();
    },
  };
}
