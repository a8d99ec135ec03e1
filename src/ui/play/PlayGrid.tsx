/**
 * The grid in Play: the same walls and region colours as the setting grid, cells that show
 * clues, the player's digits and pencil marks (PlayCell), and the player's selection. The
 * plumbing (rows, pointer, focus, live region) is GridSurface.tsx, shared with the setting
 * grid; Play has its own gestures (tools/playSelectTool.ts: a press selects a cell, a drag
 * adds every cell it crosses, Shift/Ctrl/Cmd+press adds one) and its own keys (playKeys.ts).
 * Play never writes the puzzle: everything here calls the play slice.
 *
 * The grid's live region says what a key changed (the cell's new description, with its marks
 * and any clash), so a screen-reader user hears each move (Check's result is said by the Play
 * panel's status region); moving the cursor moves focus, which reads the cell's name itself.
 */
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import { conflictsOf, layoutOf } from '../../store/derived.ts';
import { isRevealedCell, playDigits } from '../../store/playSlice.ts';
import { regionHues } from '../colours.ts';
import { GridSurface } from '../GridSurface.tsx';
import type { KeyEffect } from '../keys.ts';
import { useSquiggly, useSquigglyStore } from '../StoreContext.tsx';
import { createPlaySelectTool } from '../tools/playSelectTool.ts';
import { WallLayer } from '../WallLayer.tsx';
import { PlayCell, playCellLabel, type PlayCellProps } from './PlayCell.tsx';
import { playKey } from './playKeys.ts';

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
  const revealedCells = useSquiggly((s) => s.playRevealedCells);
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

  const tool = useMemo(() => createPlaySelectTool(store), [store]);
  const hues = regionHues(size, layout.regionOf);

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
      revealed:
        ready && isRevealedCell({ playBoard: board, playRevealedCells: revealedCells }, cell),
    };
  };

  // Say what a key did to the cell under the cursor (a move says itself, by focus).
  const onKey = (event: KeyboardEvent<HTMLElement>): KeyEffect => {
    const effect = playKey(store.getState(), event);
    if (!effect.used || effect.focus !== undefined) return effect;
    const state = store.getState();
    const cell = state.cursor;
    const after = playDigits(state);
    const clash = conflictsOf({ size, walls, regions, givens: after }).cells.has(cell);
    const many =
      state.playSelection.length > 1 ? ` (${state.playSelection.length} cells selected)` : '';
    const say =
      playCellLabel({
        ...propsOf(cell),
        digit: state.playBoard.digits[cell],
        centre: state.playBoard.centre[cell],
        corner: state.playBoard.corner[cell],
        conflict: state.showConflicts && clash,
        wrong: false,
        revealed: isRevealedCell(state, cell),
      }) + many;
    return { ...effect, say };
  };

  // The board and Check's marks: what the panel's buttons draw (GridSurface's "In view").
  const shown = useMemo(() => ({ board, check }), [board, check]);

  return (
    <GridSurface
      size={size}
      mode="play"
      cursor={cursor}
      tool={tool}
      onKey={onKey}
      renderCell={(cell) => <PlayCell key={cell} {...propsOf(cell)} />}
      multiselectable
      shown={shown}
      wholeInView
    >
      <WallLayer size={size} walls={walls} openEdges={layout.openEdges} />
    </GridSurface>
  );
}
