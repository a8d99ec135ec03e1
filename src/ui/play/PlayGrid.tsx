/**
 * The grid in Play: the same walls and region colours as the setting grid, cells that show
 * clues, the player's digits and pencil marks (PlayCell), and the player's selection. The
 * setting grid (Grid.tsx) is left alone: Play has its own gestures (a press selects a cell,
 * a drag adds every cell it crosses, Shift/Ctrl/Cmd+press adds one) and its own keys
 * (playKeys.ts). Play never writes the puzzle: everything here calls the play slice.
 *
 * A polite live region says what a key changed (the cell's new description, with its marks
 * and any clash), so a screen-reader user hears each move (Check's result is said by the Play
 * panel's status region); moving the cursor moves focus, which reads the cell's name itself.
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
import { conflictsOf, layoutOf } from '../../store/derived.ts';
import { playDigits } from '../../store/playSlice.ts';
import { regionHues } from '../colours.ts';
import { cellAtPoint, toGridPoint, type GridPoint } from '../geometry.ts';
import { useSquiggly, useSquigglyStore } from '../StoreContext.tsx';
import { WallLayer } from '../WallLayer.tsx';
import { PlayCell, playCellLabel, type PlayCellProps } from './PlayCell.tsx';
import { playKey } from './playKeys.ts';

/** A drag adds a cell once the pointer is this near its centre (grid units): no corner slips. */
const DRAG_REACH = 0.42;

export function PlayGrid() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const givens = useSquiggly((s) => s.givens);
  const regions = useSquiggly((s) => s.regions);
  const cursorRaw = useSquiggly((s) => s.cursor);
  const playKeyOf = useSquiggly((s) => s.playKey);
  const board = useSquiggly((s) => s.playBoard);
  const selection = useSquiggly((s) => s.playSelection);
  const showConflicts = useSquiggly((s) => s.showConflicts);
  const check = useSquiggly((s) => s.playCheck);
  const cells = size * size;
  const cursor = cursorRaw < cells ? cursorRaw : 0;

  // The board follows the puzzle on screen (opened, or switched by a load or a link).
  useEffect(() => store.getState().openPlay(), [store, size, walls, givens]);
  const ready = board.digits.length === cells && playKeyOf !== null;

  const layout = useMemo(() => layoutOf({ size, walls, regions }), [size, walls, regions]);
  const digits = useMemo(
    () => (ready ? playDigits({ ...store.getState(), givens, playBoard: board }) : givens),
    [ready, store, givens, board],
  );
  const conflicts = useMemo(
    () => conflictsOf({ size, walls, regions, givens: digits }),
    [size, walls, regions, digits],
  );
  const selected = useMemo(() => new Set(selection), [selection]);

  const gridRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const grid = gridRef.current;
    if (!grid || !grid.contains(document.activeElement)) return;
    grid.querySelector<HTMLElement>(`[data-cell="${cursor}"]`)?.focus();
  }, [cursor]);

  const propsOf = (cell: number): PlayCellProps => {
    const row = Math.floor(cell / size);
    const col = cell % size;
    const area = layout.regionOf[cell];
    return {
      cell,
      row,
      col,
      size,
      region: area + 1,
      hue: hues[area],
      given: givens[cell],
      digit: ready ? board.digits[cell] : 0,
      centre: ready ? board.centre[cell] : 0,
      corner: ready ? board.corner[cell] : 0,
      cursor: cell === cursor,
      selected: selected.has(cell),
      conflict: showConflicts && conflicts.cells.has(cell),
      wrong: ready && check?.wrong[cell] === board.digits[cell] && board.digits[cell] !== 0,
    };
  };

  const pointOf = (event: PointerEvent): GridPoint =>
    toGridPoint(
      event.clientX,
      event.clientY,
      (gridRef.current as HTMLDivElement).getBoundingClientRect(),
      size,
    );

  const focusCell = (cell: number): void => {
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cell}"]`)?.focus();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const target = (event.target as HTMLElement).closest?.('[data-cell]');
    const cell = target
      ? Number(target.getAttribute('data-cell'))
      : cellAtPoint(pointOf(event), size);
    const state = store.getState();
    if (event.shiftKey || event.ctrlKey || event.metaKey) state.addToPlaySelection(cell);
    else state.setPlaySelection([cell]);
    state.setCursor(cell);
    dragging.current = event.pointerId;
    event.preventDefault();
    focusCell(cell);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (dragging.current !== event.pointerId) return;
    const point = pointOf(event);
    const cell = cellAtPoint(point, size);
    const dx = point.x - ((cell % size) + 0.5);
    const dy = point.y - (Math.floor(cell / size) + 0.5);
    if (Math.hypot(dx, dy) > DRAG_REACH) return;
    const state = store.getState();
    if (state.playSelection.includes(cell)) return;
    state.addToPlaySelection(cell);
    state.setCursor(cell);
  };

  const endDrag = (): void => {
    dragging.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const effect = playKey(store.getState(), event);
    if (!effect.used) return;
    event.preventDefault();
    if (effect.focus !== undefined) {
      focusCell(effect.focus);
      return;
    }
    // Say what the key did to the cell under the cursor.
    const state = store.getState();
    const cell = state.cursor;
    const after = playDigits(state);
    const clash = conflictsOf({ size, walls, regions, givens: after }).cells.has(cell);
    const many =
      state.playSelection.length > 1 ? ` (${state.playSelection.length} cells selected)` : '';
    setAnnouncement(
      playCellLabel({
        ...propsOf(cell),
        digit: state.playBoard.digits[cell],
        centre: state.playBoard.centre[cell],
        corner: state.playBoard.corner[cell],
        conflict: state.showConflicts && clash,
        wrong: false,
      }) + many,
    );
  };

  const hues = regionHues(size, layout.regionOf);
  const rows = [];
  for (let row = 0; row < size; row++) {
    const rowCells = [];
    for (let col = 0; col < size; col++) {
      const cell = row * size + col;
      rowCells.push(<PlayCell key={cell} {...propsOf(cell)} />);
    }
    rows.push(
      <div role="row" className="grid-row" key={row}>
        {rowCells}
      </div>,
    );
  }

  return (
    <>
      <div className="grid-frame grid-mode-play" style={{ '--n': size } as CSSProperties}>
        <div
          ref={gridRef}
          role="grid"
          aria-label="Puzzle grid"
          aria-multiselectable="true"
          aria-rowcount={size}
          aria-colcount={size}
          aria-describedby="grid-help"
          className="grid"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
        >
          {rows}
        </div>
        <WallLayer size={size} walls={walls} openEdges={layout.openEdges} />
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="play-announcer">
        {announcement}
      </p>
    </>
  );
}
