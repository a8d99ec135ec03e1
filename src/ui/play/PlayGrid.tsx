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
 *
 * Highlighting (unless the player turns it off): with cells selected, every cell holding the
 * cursor's digit is shaded, and that digit among the marks drawn bold; with one cell selected,
 * the cells it sees (its row, column and region) get a lighter shade. While the replay is open
 * the grid shows the replay's frame instead of the board, without selection, highlighting or
 * Check's marks (the board under it is untouched).
 */
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import { keeps } from '../../engine/index.ts';
import {
  conflictsOf,
  isRevealedCell,
  layoutOf,
  playDigits,
  selectConstraints,
} from '../../store/store.ts';
import { ConstraintLayer } from '../ConstraintLayer.tsx';
import { regionHues } from '../colours.ts';
import { GridSurface } from '../GridSurface.tsx';
import { drawsOutside } from '../render/constraintShapes.ts';
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
  const highlight = useSquiggly((s) => s.playHighlight);
  const replayAt = useSquiggly((s) => s.playReplay);
  const log = useSquiggly((s) => s.playLog);
  const cells = size * size;
  const cursor = cursorRaw < cells ? cursorRaw : 0;

  // The board follows the puzzle on screen (opened, or switched by a load or a link).
  useEffect(() => store.getState().openPlay(), [store, size, walls, givens]);
  const replayBoard = replayAt === null ? null : (log[replayAt]?.board ?? null);
  const replaying = replayBoard !== null && replayBoard.digits.length === cells;
  /** What the grid draws: the board, or the replay's frame. */
  const drawn = replaying ? replayBoard : board;
  const ready = drawn.digits.length === cells && playKeyOf !== null;

  const layout = useMemo(() => layoutOf({ size, walls, regions }), [size, walls, regions]);
  const digits = useMemo(
    () => (ready ? playDigits({ ...store.getState(), givens, playBoard: drawn }) : givens),
    [ready, store, givens, drawn],
  );
  const conflicts = useMemo(
    () => conflictsOf({ size, walls, regions, givens: digits }),
    [size, walls, regions, digits],
  );
  // On a full grid, with conflicts shown, the constraints it breaks are drawn in the error colour.
  const constraints = useSquiggly(selectConstraints);
  const brokenConstraints = useMemo(() => {
    const broken = new Set<number>();
    if (!showConflicts || digits.some((digit) => digit === 0)) return broken;
    constraints.forEach((constraint, index) => {
      if (!keeps(digits, size, constraint, constraints)) broken.add(index);
    });
    return broken;
  }, [showConflicts, digits, size, constraints]);
  const selected = useMemo(() => new Set(replaying ? [] : selection), [replaying, selection]);
  // The selected cell's digit, shaded wherever it is; the cells one selected cell sees.
  const lit = highlight && !replaying && selection.length > 0;
  const sameDigit = lit && selected.has(cursor) ? digits[cursor] : 0;
  const seen = useMemo(() => {
    const cellsSeen = new Set<number>();
    if (!lit || selection.length !== 1) return cellsSeen;
    const [one] = selection;
    const row = Math.floor(one / size);
    const col = one % size;
    for (let cell = 0; cell < size * size; cell++) {
      if (cell === one) continue;
      const sameRow = Math.floor(cell / size) === row;
      const sameCol = cell % size === col;
      if (sameRow || sameCol || layout.regionOf[cell] === layout.regionOf[one]) cellsSeen.add(cell);
    }
    return cellsSeen;
  }, [lit, selection, size, layout]);

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
      digit: ready ? drawn.digits[cell] : 0,
      centre: ready ? drawn.centre[cell] : 0,
      corner: ready ? drawn.corner[cell] : 0,
      colour: ready ? drawn.colour[cell] : 0,
      cursor: cell === cursor,
      selected: selected.has(cell),
      conflict: showConflicts && conflicts.cells.has(cell),
      wrong:
        ready &&
        !replaying &&
        check?.wrong[cell] === drawn.digits[cell] &&
        drawn.digits[cell] !== 0,
      revealed:
        ready && isRevealedCell({ playBoard: drawn, playRevealedCells: revealedCells }, cell),
      same: sameDigit !== 0 && digits[cell] === sameDigit,
      seen: seen.has(cell),
      // Only a cell holding the mark gets the digit: the others stay as they were (memo).
      markSame:
        sameDigit !== 0 &&
        ready &&
        digits[cell] === 0 &&
        (drawn.centre[cell] | drawn.corner[cell]) & (1 << sameDigit)
          ? sameDigit
          : 0,
    };
  };

  // Say what a key did to the cell under the cursor (a move says itself, by focus).
  const onKey = (event: KeyboardEvent<HTMLElement>): KeyEffect => {
    // The replay's keys (Escape closing it too): its bar says the move, not the board's cell.
    const replayKey = store.getState().playReplay !== null;
    const effect = playKey(store.getState(), event);
    if (!effect.used || effect.focus !== undefined || replayKey) return effect;
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
        colour: state.playBoard.colour[cell],
        conflict: state.showConflicts && clash,
        wrong: false,
        revealed: isRevealedCell(state, cell),
      }) + many;
    return { ...effect, say };
  };

  // The board, Check's marks and the replay's frame: what the panel's buttons draw
  // (GridSurface's "In view").
  const shown = useMemo(
    () => ({ board, check, replay: replaying ? replayBoard : null }),
    [board, check, replaying, replayBoard],
  );

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
      frameClass={drawsOutside(constraints) ? 'grid-sums-outside' : undefined}
    >
      <WallLayer size={size} walls={walls} openEdges={layout.openEdges} />
      <ConstraintLayer size={size} constraints={constraints} broken={brokenConstraints} />
    </GridSurface>
  );
}
