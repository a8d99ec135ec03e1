/**
 * The puzzle grid: an ARIA grid of cells, with the walls drawn by an SVG overlay. Pointer
 * gestures depend on the mode: draw walls along grid lines, paint cells into a region, or
 * pick a cell for digit entry. Gestures are small state machines kept in a ref (tldraw's
 * tools): idle -> drawing/painting -> idle, one undo step each.
 */
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { WALL_DOWN, WALL_LEFT, WALL_RIGHT, WALL_UP } from '../engine/index.ts';
import { conflictsOf, layoutOf } from '../store/derived.ts';
import { edgeId, hasWall, type EdgeId } from '../store/puzzle.ts';
import { currentResult } from '../store/store.ts';
import { Cell, type CellKind } from './Cell.tsx';
import { regionHues } from './colours.ts';
import { cellAtPoint, nearestEdge, samplePath, toGridPoint, type GridPoint } from './geometry.ts';
import { digitFromKey } from './keys.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { WallLayer } from './WallLayer.tsx';

/** How far from a grid line a press still picks it (grid units): half a cell, so any press does. */
const PRESS_REACH = 0.5;
/** How close to a line a drag must pass to draw on it. */
const DRAG_REACH = 0.3;
/** How near a corner a drag draws nothing (either line through the corner could be meant). */
const DRAG_CORNER_MARGIN = 0.3;

type Gesture =
  | { kind: 'wall'; on: boolean; last: GridPoint; pointerId: number }
  | { kind: 'paint'; origin: number; cells: number[]; last: GridPoint; pointerId: number };

const ARROWS: Record<string, [number, number, number]> = {
  ArrowUp: [-1, 0, WALL_UP],
  ArrowDown: [1, 0, WALL_DOWN],
  ArrowLeft: [0, -1, WALL_LEFT],
  ArrowRight: [0, 1, WALL_RIGHT],
};

export function Grid() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const givens = useSquiggly((s) => s.givens);
  const regions = useSquiggly((s) => s.regions);
  const mode = useSquiggly((s) => s.mode);
  const cursorRaw = useSquiggly((s) => s.cursor);
  const picked = useSquiggly((s) => s.picked);
  const result = useSquiggly(currentResult);
  const cells = size * size;
  const cursor = cursorRaw < cells ? cursorRaw : 0;

  const layout = useMemo(() => layoutOf({ size, walls, regions }), [size, walls, regions]);
  const conflicts = useMemo(
    () => conflictsOf({ size, walls, givens, regions }),
    [size, walls, givens, regions],
  );
  const outcome = result?.outcome;
  const solution =
    outcome?.status === 'unique'
      ? outcome.solution
      : outcome?.status === 'multiple'
        ? outcome.solutions[0]
        : null;
  const second = outcome?.status === 'multiple' ? outcome.solutions[1] : null;

  const gridRef = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [painting, setPainting] = useState<ReadonlySet<number>>(() => new Set());
  const pickedSet = useMemo(() => new Set(picked), [picked]);

  // Keep DOM focus on the cursor cell while the grid has focus (roving tabindex).
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid || !grid.contains(document.activeElement)) return;
    grid.querySelector<HTMLElement>(`[data-cell="${cursor}"]`)?.focus();
  }, [cursor]);

  const pointOf = (event: PointerEvent): GridPoint =>
    toGridPoint(
      event.clientX,
      event.clientY,
      (gridRef.current as HTMLDivElement).getBoundingClientRect(),
      size,
    );

  const focusCell = (cell: number): void => {
    store.getState().setCursor(cell);
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cell}"]`)?.focus();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (gesture.current) return; // A second finger does not start a second gesture.
    const point = pointOf(event);
    const state = store.getState();
    if (mode === 'walls') {
      const edge = nearestEdge(point, size, PRESS_REACH);
      if (edge === null) return;
      // Drawing or erasing is decided by the first edge: a drag does one or the other.
      const on = !hasWall(state.walls, edge, size);
      gesture.current = { kind: 'wall', on, last: point, pointerId: event.pointerId };
      state.beginStroke();
      state.strokeSetWall(edge, on);
    } else if (mode === 'paint') {
      const cell = cellAtPoint(point, size);
      gesture.current = {
        kind: 'paint',
        origin: cell,
        cells: [cell],
        last: point,
        pointerId: event.pointerId,
      };
      setPainting(new Set([cell]));
      state.setCursor(cell);
    } else {
      // The cell under the pointer; from coordinates when the press lands on a line.
      const target = (event.target as HTMLElement).closest?.('[data-cell]');
      focusCell(target ? Number(target.getAttribute('data-cell')) : cellAtPoint(point, size));
      return;
    }
    // Capture, so a drag that leaves the grid still ends here; jsdom has no capture.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const point = pointOf(event);
    const path = samplePath(current.last, point);
    current.last = point;
    if (current.kind === 'wall') {
      const { strokeSetWall } = store.getState();
      for (const sample of path) {
        const edge = nearestEdge(sample, size, DRAG_REACH, DRAG_CORNER_MARGIN);
        if (edge !== null) strokeSetWall(edge, current.on);
      }
    } else {
      let grew = false;
      for (const sample of path) {
        const cell = cellAtPoint(sample, size);
        if (!current.cells.includes(cell)) {
          current.cells.push(cell);
          grew = true;
        }
      }
      if (grew) setPainting(new Set(current.cells));
    }
  };

  const finish = (event: PointerEvent<HTMLDivElement>, commit: boolean): void => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    gesture.current = null;
    const state = store.getState();
    if (current.kind === 'wall') {
      if (commit) state.endStroke();
      else state.cancelStroke();
    } else {
      setPainting(new Set());
      if (commit) state.paint(current.origin, current.cells);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const state = store.getState();
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      const [dRow, dCol, side] = arrow;
      if (mode === 'walls' && event.shiftKey) {
        // Keyboard wall drawing: Shift+arrow toggles the wall on that side of the cell.
        const edge = edgeOnSide(cursor, side, size);
        if (edge !== null) state.toggleWall(edge);
        return;
      }
      const row = Math.min(size - 1, Math.max(0, Math.floor(cursor / size) + dRow));
      const col = Math.min(size - 1, Math.max(0, (cursor % size) + dCol));
      const next = row * size + col;
      if (mode === 'paint' && event.shiftKey) {
        if (!state.picked.includes(cursor)) state.togglePicked(cursor);
        if (!state.picked.includes(next)) state.togglePicked(next);
      }
      focusCell(next);
      return;
    }
    if (event.key === 'Escape') {
      if (gesture.current?.kind === 'wall') state.cancelStroke();
      gesture.current = null;
      setPainting(new Set());
      state.clearPicked();
      return;
    }
    if (mode === 'digits') {
      if (event.key === 'Backspace' || event.key === 'Delete') {
        event.preventDefault();
        state.setGiven(cursor, 0);
        return;
      }
      const digit = digitFromKey(event.key, size);
      if (digit !== null) {
        event.preventDefault();
        state.setGiven(cursor, digit);
      }
    } else if (mode === 'paint') {
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        state.togglePicked(cursor);
        return;
      }
      const region = digitFromKey(event.key, size);
      if (region !== null && region > 0) {
        event.preventDefault();
        state.assignRegion(state.picked.length > 0 ? state.picked : [cursor], region);
      }
    }
  };

  const hues = regionHues(size, layout.regionOf);
  const rows = [];
  for (let row = 0; row < size; row++) {
    const rowCells = [];
    for (let col = 0; col < size; col++) {
      const cell = row * size + col;
      const given = givens[cell];
      const solved = solution && !given ? solution[cell] : 0;
      const kind: CellKind = given ? 'clue' : solved ? 'solved' : 'empty';
      const area = layout.regionOf[cell];
      rowCells.push(
        <Cell
          key={cell}
          cell={cell}
          row={row}
          col={col}
          digit={given || solved}
          kind={kind}
          region={area + 1}
          hue={hues[area]}
          focused={cell === cursor}
          picked={painting.has(cell) || pickedSet.has(cell)}
          conflict={conflicts.cells.has(cell)}
          otherDigit={second && solution && second[cell] !== solution[cell] ? second[cell] : 0}
          showRegionNumber={mode === 'paint'}
        />,
      );
    }
    rows.push(
      <div role="row" className="grid-row" key={row}>
        {rowCells}
      </div>,
    );
  }

  return (
    <div className={`grid-frame grid-mode-${mode}`} style={{ '--n': size } as CSSProperties}>
      <div
        ref={gridRef}
        role="grid"
        aria-label="Puzzle grid"
        aria-rowcount={size}
        aria-colcount={size}
        aria-describedby="grid-help"
        className="grid"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => finish(event, true)}
        onPointerCancel={(event) => finish(event, false)}
        onKeyDown={onKeyDown}
      >
        {rows}
      </div>
      <WallLayer size={size} walls={walls} openEdges={layout.openEdges} />
    </div>
  );
}

function edgeOnSide(cell: number, side: number, size: number): EdgeId | null {
  const row = Math.floor(cell / size);
  const col = cell % size;
  if (side === WALL_RIGHT) return col < size - 1 ? edgeId(cell, WALL_RIGHT) : null;
  if (side === WALL_DOWN) return row < size - 1 ? edgeId(cell, WALL_DOWN) : null;
  if (side === WALL_LEFT) return col > 0 ? edgeId(cell - 1, WALL_RIGHT) : null;
  return row > 0 ? edgeId(cell - size, WALL_DOWN) : null;
}
