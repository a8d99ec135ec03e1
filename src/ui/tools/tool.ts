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

export interface GridTool {
  readonly phase: ToolPhase;
  /**
   * A pointer went down; true when the tool took the gesture (the grid then captures it).
   * `cell` is the cell element the press landed on, when the page knows it: the cell to select
   * (the point's cell is used otherwise). `adding`: Shift, Ctrl or Cmd was held (Play adds the
   * cell to its selection; the setting tools ignore it).
   */
  pointerDown(point: GridPoint, pointerId: number, cell?: number, adding?: boolean): boolean;
  pointerMove(point: GridPoint, pointerId: number): void;
  pointerUp(pointerId: number): void;
  /** Give up the gesture in progress (Escape, pointercancel): the puzzle is as before it. */
  cancel(): void;
}

/** The store as the tools see it: vanilla zustand, no React. */
export type ToolStore = Pick<StoreApi<SquigglyState>, 'getState'>;
