/**
 * Pointer tools for the grid, in the manner of tldraw's tools: each gesture is a small state
 * machine (idle → pointing → dragging → idle) that receives pointer events already turned into
 * grid points and calls the store. The tools know nothing of React or the DOM, so they run
 * and are tested headless against a vanilla store; Grid.tsx only maps pixels to grid points,
 * forwards the events and renders.
 *
 *   idle      no gesture
 *   pointing  a pointer is down and has not moved far enough to be a drag (a click, so far)
 *   dragging  the pointer moved: the gesture is a stroke, one undo step, until up or cancel
 *
 * A tool follows one pointer at a time: a second finger does not start a second gesture.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SquigglyState } from '../../store/store.ts';
import type { GridPoint } from '../geometry.ts';

export type ToolPhase = 'idle' | 'pointing' | 'dragging';

/** What the page knows of a press besides its point. */
export interface Press {
  /** The cell element the press landed on: the cell to select (else the point's cell). */
  cell?: number;
  /** Shift, Ctrl or Cmd was held: Play adds the cell to its selection. */
  adding?: boolean;
  /** The right mouse button or Alt: Draw walls erases with this stroke. */
  erase?: boolean;
}

export interface GridTool {
  readonly phase: ToolPhase;
  /**
   * A pointer went down; true when the tool took the gesture (the grid then captures it).
   * The point may lie a little outside the grid (GridSurface takes presses on the frame and
   * a margin around it): tools clamp it to the nearest cell or line.
   */
  pointerDown(point: GridPoint, pointerId: number, press?: Press): boolean;
  pointerMove(point: GridPoint, pointerId: number): void;
  pointerUp(pointerId: number): void;
  /** Give up the gesture in progress (Escape, pointercancel): the puzzle is as before it. */
  cancel(): void;
}

/** The store as the tools see it: vanilla zustand, no React. */
export type ToolStore = Pick<StoreApi<SquigglyState>, 'getState'>;
