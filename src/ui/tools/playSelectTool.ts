/**
 * The tool of Play: a press selects the cell under it (or, with Shift, Ctrl or Cmd held, adds
 * it to the selection), and a drag adds every cell it crosses, in the way of the popular play
 * apps. A crossed cell counts once the pointer comes within DRAG_REACH of its centre, so a
 * drag along a row does not catch the cells above or below it at the corners. Selecting is
 * not an edit: nothing here enters any undo history, and cancel keeps what was selected.
 */
import { cellAtPoint, samplePath, type GridPoint } from '../geometry.ts';
import type { GridTool, ToolPhase, ToolStore } from './tool.ts';

/** A drag adds a cell once the pointer is this near its centre (grid units): no corner slips. */
const DRAG_REACH = 0.42;

export function createPlaySelectTool(store: ToolStore): GridTool {
  let phase: ToolPhase = 'idle';
  let pointer = -1;
  let last: GridPoint | null = null;

  const reset = (): void => {
    phase = 'idle';
    pointer = -1;
    last = null;
  };

  return {
    get phase() {
      return phase;
    },
    pointerDown(point, pointerId, press) {
      if (phase !== 'idle') return false;
      const state = store.getState();
      const target = press?.cell ?? cellAtPoint(point, state.size);
      if (press?.adding) state.addToPlaySelection(target);
      else state.setPlaySelection([target]);
      state.setCursor(target);
      phase = 'pointing';
      pointer = pointerId;
      last = point;
      return true;
    },
    pointerMove(point, pointerId) {
      if (phase === 'idle' || pointerId !== pointer || !last) return;
      const state = store.getState();
      const { size } = state;
      // Sampled every quarter cell, so a quick finger does not skip a cell.
      for (const sample of samplePath(last, point)) {
        const cell = cellAtPoint(sample, size);
        const dx = sample.x - ((cell % size) + 0.5);
        const dy = sample.y - (Math.floor(cell / size) + 0.5);
        if (Math.hypot(dx, dy) > DRAG_REACH) continue;
        phase = 'dragging';
        const current = store.getState();
        if (current.playSelection.includes(cell)) continue;
        current.addToPlaySelection(cell);
        current.setCursor(cell);
      }
      last = point;
    },
    pointerUp(pointerId) {
      if (pointerId === pointer) reset();
    },
    cancel() {
      reset();
    },
  };
}
