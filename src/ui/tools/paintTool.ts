/**
 * The paint tool: press in a cell and drag across others; the cells crossed join the region
 * where the drag began (or, inside an oversized region, are carved out as a new one: the rule
 * is puzzle.ts's paintStroke). The drag is one stroke in the store, painted as it goes: one
 * undo step, and Escape (cancel) takes it back. A click alone moves the cursor and paints
 * nothing. `onCells` hears the cells under the drag, for the grid to mark them.
 */
import { cellAtPoint, samplePath, type GridPoint } from '../geometry.ts';
import type { GridTool, ToolPhase, ToolStore } from './tool.ts';

export function createPaintTool(
  store: ToolStore,
  onCells: (cells: readonly number[]) => void = () => {},
): GridTool {
  let phase: ToolPhase = 'idle';
  let pointer = -1;
  let last: GridPoint | null = null;
  let cells: number[] = [];

  const reset = (): void => {
    phase = 'idle';
    pointer = -1;
    last = null;
    cells = [];
    onCells(cells);
  };

  return {
    get phase() {
      return phase;
    },
    pointerDown(point, pointerId) {
      if (phase !== 'idle') return false;
      const state = store.getState();
      const origin = cellAtPoint(point, state.size);
      phase = 'pointing';
      pointer = pointerId;
      last = point;
      cells = [origin];
      onCells(cells);
      state.setCursor(origin);
      state.beginStroke();
      return true;
    },
    pointerMove(point, pointerId) {
      if (phase === 'idle' || pointerId !== pointer || !last) return;
      const state = store.getState();
      let grew = false;
      for (const sample of samplePath(last, point)) {
        const cell = cellAtPoint(sample, state.size);
        if (!cells.includes(cell)) {
          cells = [...cells, cell];
          grew = true;
        }
      }
      last = point;
      if (!grew) return;
      phase = 'dragging';
      onCells(cells);
      state.strokePaint(cells[0], cells);
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
