/**
 * The puzzle grid: an ARIA grid of cells, with the walls drawn by an SVG overlay. This file
 * only maps pixels to grid points and renders: pointer gestures belong to the tools in
 * tools/ (walls and paint, one small state machine each, one undo step per gesture) and keys
 * to gridKeys.ts. Every mode's tool selects the cell under a press, and the grid takes focus.
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
import { conflictsOf, layoutOf } from '../store/derived.ts';
import { logicPosition } from '../store/logicSlice.ts';
import { candidatesStale, currentExplanation, shownCandidates } from '../store/setterSlice.ts';
import { currentResult } from '../store/store.ts';
import { Cell, type CellKind } from './Cell.tsx';
import { regionHues } from './colours.ts';
import { toGridPoint, type GridPoint } from './geometry.ts';
import { gridKey } from './gridKeys.ts';
import { useHighlightedCells } from './layoutHighlight.tsx';
import { LayoutMarks } from './LayoutMarks.tsx';
import { LogicOverlay } from './LogicOverlay.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { createPaintTool } from './tools/paintTool.ts';
import { createSelectTool } from './tools/selectTool.ts';
import type { GridTool } from './tools/tool.ts';
import { createWallTool } from './tools/wallTool.ts';
import { WallLayer } from './WallLayer.tsx';

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
  const highlight = useHighlightedCells();
  const deduced = useSquiggly(logicPosition)?.digits;
  const candidates = useSquiggly(shownCandidates)?.answer.masks;
  const staleCandidates = useSquiggly(candidatesStale);
  const explanation = useSquiggly(currentExplanation)?.answer;
  const markRedundant = useSquiggly((s) => s.markRedundant);
  const cells = size * size;
  const cursor = cursorRaw < cells ? cursorRaw : 0;

  const layout = useMemo(() => layoutOf({ size, walls, regions }), [size, walls, regions]);
  const conflicts = useMemo(
    () => conflictsOf({ size, walls, givens, regions }),
    [size, walls, givens, regions],
  );
  // Only Solve reveals the answer; Check uniqueness and Count answer without it.
  const outcome = result?.kind === 'solve' ? result.outcome : undefined;
  const solution =
    outcome?.status === 'unique'
      ? outcome.solution
      : outcome?.status === 'multiple'
        ? outcome.solutions[0]
        : null;
  const second = outcome?.status === 'multiple' ? outcome.solutions[1] : null;

  const gridRef = useRef<HTMLDivElement>(null);
  const [painting, setPainting] = useState<ReadonlySet<number>>(() => new Set());
  const pickedSet = useMemo(() => new Set(picked), [picked]);
  const tools = useMemo(
    () => ({
      digits: createSelectTool(store),
      walls: createWallTool(store),
      paint: createPaintTool(store, (under) => setPainting(new Set(under))),
      // Play renders its own grid (play/PlayGrid.tsx); this one only selects meanwhile.
      play: createSelectTool(store),
    }),
    [store],
  );
  const tool: GridTool = tools[mode];
  // A gesture does not outlive its tool: a mode change (or unmount) cancels it.
  useEffect(() => () => tool.cancel(), [tool]);

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

  // A press goes to the mode's tool (every tool selects the cell under it), and the grid takes
  // focus in every mode, so the keys that follow (digits, Shift+arrow) reach the grid and not
  // whatever had focus before (the mode buttons).
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const target = (event.target as HTMLElement).closest?.('[data-cell]');
    const cell = target ? Number(target.getAttribute('data-cell')) : undefined;
    const taken = tool.pointerDown(pointOf(event), event.pointerId, cell);
    // The grid sets focus itself (the browser's own focus on press would land on the element
    // under the pointer, or nowhere when that is a line).
    event.preventDefault();
    focusCell(store.getState().cursor);
    if (!taken) return;
    // Capture, so a drag that leaves the grid still ends here; jsdom has no capture.
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const effect = gridKey(store.getState(), event, tool);
    if (!effect.used) return;
    event.preventDefault();
    if (effect.focus !== undefined) focusCell(effect.focus);
  };

  // The setter's marks on clues: the clues that cannot all hold, or (on request) the redundant.
  const clueMarks = useMemo(() => {
    const marks = new Map<number, 'core' | 'redundant'>();
    if (explanation?.verdict === 'none' && 'core' in explanation) {
      for (const cell of explanation.core) marks.set(cell, 'core');
    }
    if (explanation?.verdict === 'unique' && markRedundant) {
      for (const cell of explanation.redundant) marks.set(cell, 'redundant');
    }
    return marks;
  }, [explanation, markRedundant]);

  const hues = regionHues(size, layout.regionOf);
  const rows = [];
  for (let row = 0; row < size; row++) {
    const rowCells = [];
    for (let col = 0; col < size; col++) {
      const cell = row * size + col;
      const given = givens[cell];
      const solved = solution && !given ? solution[cell] : 0;
      const deducedDigit = !given && !solved && deduced ? deduced[cell] : 0;
      const kind: CellKind = given
        ? 'clue'
        : solved
          ? 'solved'
          : deducedDigit
            ? 'deduced'
            : 'empty';
      const area = layout.regionOf[cell];
      rowCells.push(
        <Cell
          key={cell}
          cell={cell}
          row={row}
          col={col}
          digit={given || solved || deducedDigit}
          kind={kind}
          region={area + 1}
          hue={hues[area]}
          focused={cell === cursor}
          picked={painting.has(cell) || pickedSet.has(cell)}
          conflict={conflicts.cells.has(cell)}
          otherDigit={second && solution && second[cell] !== solution[cell] ? second[cell] : 0}
          showRegionNumber={mode === 'paint'}
          size={size}
          candidates={kind === 'empty' && candidates ? candidates[cell] : 0}
          clueMark={given ? (clueMarks.get(cell) ?? null) : null}
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
    <div
      className={`grid-frame grid-mode-${mode}${staleCandidates ? ' candidates-stale' : ''}`}
      style={{ '--n': size } as CSSProperties}
    >
      <div
        ref={gridRef}
        role="grid"
        aria-label="Puzzle grid"
        aria-rowcount={size}
        aria-colcount={size}
        aria-describedby="grid-help"
        className="grid"
        onPointerDown={onPointerDown}
        onPointerMove={(event) => tool.pointerMove(pointOf(event), event.pointerId)}
        onPointerUp={(event) => tool.pointerUp(event.pointerId)}
        onPointerCancel={() => tool.cancel()}
        onKeyDown={onKeyDown}
      >
        {rows}
      </div>
      <LogicOverlay />
      <WallLayer size={size} walls={walls} openEdges={layout.openEdges} />
      <LayoutMarks size={size} walls={walls} layout={layout} highlight={highlight} />
    </div>
  );
}
