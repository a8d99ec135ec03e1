/**
 * The plumbing every grid shares (the setting grid, Grid.tsx, and Play's, play/PlayGrid.tsx):
 * the ARIA grid of rows and cells, pixels to grid points, pointer gestures handed to a tool,
 * keys handed to a key function, DOM focus, and a live region. Each grid says only what is its
 * own: which tool, which keys, how a cell looks, and what lies over the cells.
 *
 * Pointer: a press goes to the tool with the cell under it (every tool selects that cell);
 * presses on the frame and in a margin around it (`.grid-reach`, a third of a cell, at most
 * 16 px) go to the tool too, as points just outside the grid: the thick border is drawn half
 * outside the cells, and a stroke begun on its outer half, or a hand's few pixels beyond it,
 * was dropped whole before. The right mouse button (and Alt) is an erasing press for the
 * tools that erase (Draw walls); its context menu is suppressed on the grid for that. Then
 * the grid takes focus itself (the browser's own focus on press would land on whatever
 * is under the pointer, or nowhere when that is a line) and, when the tool takes the gesture,
 * captures the pointer so that a drag that leaves the grid still ends here. The frame has
 * `touch-action: none` (app.css), so a finger draws or selects and never scrolls or zooms;
 * and its touchmoves are cancelled too, because Chromium still reads a finger lifted while
 * moving as a fling and then swallows the next tap anywhere on the page (the Corner switch
 * of the pad, say) to stop it: test/e2e/FINDINGS.md has the measurements.
 * A gesture does not outlive its tool: a tool change (or unmount) cancels it.
 *
 * Keys: the key function changes the store and says where focus goes: to a cell (roving
 * tabindex: only the cursor's cell is in the tab order, and DOM focus follows the cursor while
 * the grid has it), or to the edge cursor of Draw walls, which is drawn here over its line as
 * a focusable element named by its place (edgeCursor.ts), with the same key function. What a
 * key says (`say`) goes to a polite live region, for moves that do not move focus to a cell.
 *
 * In view: on a one-column page (a phone) the panels lie below the grid, so what a panel's
 * button draws on the grid (a solution, a hint, clues added, Check's marks) lands off screen.
 * Each grid passes `shown`, an object of what it draws; when one of its parts changes to
 * something (not when parts are only cleared: Solve by logic clearing a hint drew nothing)
 * while less than 40% of the grid is on screen, the grid scrolls to the top of the screen,
 * with a margin (app.css) so that its top edge shows. Play asks for the whole grid
 * (`wholeInView`): what Check and Hint mark may be any cell, the top row as well, so a grid
 * not wholly on screen scrolls the least that shows all of it, and a grid in view never moves.
 *
 * Size: the frame's width is kept in `--frame` (px, from a ResizeObserver), and everything
 * drawn in the cells is sized from it. Not container query units: with the frame a size
 * container, Chromium restyles and lays out the whole grid whenever anything in it changes
 * (13-17 ms a key on a 16x16 with true candidates, 1.6 ms without: docs/setter-tools.md).
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { LinePlace, Mode } from '../store/store.ts';
import { linePlaceBox } from './edgeCursor.ts';
import { mediaMatches, ONE_COLUMN } from './mediaQuery.ts';
import { toGridPoint, type GridPoint } from './geometry.ts';
import type { KeyEffect } from './keys.ts';
import { useSquigglyStore } from './StoreContext.tsx';
import type { GridTool } from './tools/tool.ts';

/** The edge cursor's width across its line, in cells. */
const EDGE_CURSOR_THICKNESS = 0.28;

export interface GridSurfaceProps {
  size: number;
  mode: Mode;
  /** More classes for the frame (the setting grid marks stale candidates). */
  frameClass?: string;
  /** The cursor's cell (in the tab order, and focused when keys move it). */
  cursor: number;
  tool: GridTool;
  onKey(event: KeyboardEvent<HTMLElement>): KeyEffect;
  renderCell(cell: number, row: number, col: number): ReactNode;
  /** Play selects many cells at once. */
  multiselectable?: boolean;
  /** The edge cursor and its accessible name, when it is on (Draw walls by keyboard). */
  edgeCursor?: { place: LinePlace; label: string; wall: boolean } | null;
  /** Called before a press goes to the tool (the setting grid turns the edge cursor off). */
  onPress?(): void;
  /** The right mouse button presses too, as an erasing press (Draw walls). */
  rightButtonErases?: boolean;
  /** Over the cells: walls, marks, overlays (decorative; they take no pointer events). */
  children?: ReactNode;
  /** What the grid shows, part by part: see "In view" above. */
  shown?: Readonly<Record<string, unknown>>;
  /** A change brings the whole grid into view, not only most of it (Play). */
  wholeInView?: boolean;
}

/** Less than this share of the grid on screen, and a change brings it into view. */
const IN_VIEW_SHARE = 0.4;

export function GridSurface(props: GridSurfaceProps) {
  const { size, mode, cursor, tool, onKey, renderCell, edgeCursor = null, children } = props;
  const store = useSquigglyStore();
  const frameRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const edgeRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // Set by a key that sends focus to the edge cursor, which may render only after the key.
  const edgeFocusWanted = useRef(false);

  useEffect(() => () => tool.cancel(), [tool]);

  // --frame before the first paint, then on every resize (see the header).
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const setWidth = (width: number): void => {
      if (width > 0) frame.style.setProperty('--frame', `${width}px`);
    };
    setWidth(frame.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      setWidth(entries[entries.length - 1].contentRect.width);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // What a panel drew on a grid scrolled away: bring the grid into view (see the header).
  const { shown, wholeInView = false } = props;
  const shownBefore = useRef(shown);
  useEffect(() => {
    const before = shownBefore.current;
    if (before === shown) return;
    shownBefore.current = shown;
    const drew =
      shown !== undefined &&
      Object.entries(shown).some(([part, value]) => value != null && value !== before?.[part]);
    if (!drew) return;
    const frame = frameRef.current;
    if (!frame || !mediaMatches(ONE_COLUMN)) return;
    const box = frame.getBoundingClientRect();
    if (wholeInView) {
      if (box.top >= 0 && box.bottom <= window.innerHeight) return;
      const fits = box.height <= window.innerHeight;
      frame.scrollIntoView?.({ block: fits ? 'nearest' : 'start', behavior: 'smooth' });
      return;
    }
    const onScreen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    if (onScreen >= box.height * IN_VIEW_SHARE) return;
    frame.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [shown, wholeInView]);

  // Not passive (React's own touch listeners are), so that preventDefault counts: see above.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const noFling = (event: TouchEvent): void => {
      if (event.cancelable) event.preventDefault();
    };
    frame.addEventListener('touchmove', noFling, { passive: false });
    return () => frame.removeEventListener('touchmove', noFling);
  }, []);

  // Keep DOM focus on the cursor cell while the grid has focus (roving tabindex).
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid || !grid.contains(document.activeElement)) return;
    grid.querySelector<HTMLElement>(`[data-cell="${cursor}"]`)?.focus();
  }, [cursor]);

  const edgeKey = edgeCursor ? `${edgeCursor.place.y},${edgeCursor.place.x}` : null;
  useEffect(() => {
    if (edgeKey === null || !edgeFocusWanted.current) return;
    edgeFocusWanted.current = false;
    edgeRef.current?.focus();
  }, [edgeKey]);

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
    const rightButton = event.pointerType === 'mouse' && event.button === 2;
    if (
      event.pointerType === 'mouse' &&
      event.button !== 0 &&
      !(rightButton && props.rightButtonErases)
    ) {
      return;
    }
    const target = (event.target as HTMLElement).closest?.('[data-cell]');
    const cell = target ? Number(target.getAttribute('data-cell')) : undefined;
    props.onPress?.();
    const adding = event.shiftKey || event.ctrlKey || event.metaKey;
    const erase = rightButton || event.altKey;
    const taken = tool.pointerDown(pointOf(event), event.pointerId, { cell, adding, erase });
    event.preventDefault();
    focusCell(store.getState().cursor);
    if (!taken) return;
    // The frame captures (the press may be in the margin, outside the grid); jsdom has none.
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    const effect = onKey(event);
    if (!effect.used) return;
    event.preventDefault();
    if (effect.say !== undefined) setAnnouncement(effect.say);
    if (effect.focus === 'edge') {
      if (edgeRef.current) edgeRef.current.focus();
      else edgeFocusWanted.current = true;
    } else if (effect.focus !== undefined) {
      focusCell(effect.focus);
    }
  };

  const rows = [];
  for (let row = 0; row < size; row++) {
    const rowCells = [];
    for (let col = 0; col < size; col++) rowCells.push(renderCell(row * size + col, row, col));
    rows.push(
      <div role="row" className="grid-row" key={row}>
        {rowCells}
      </div>,
    );
  }

  const box = edgeCursor ? linePlaceBox(edgeCursor.place, EDGE_CURSOR_THICKNESS) : null;
  const percent = (units: number): string => `${(units / size) * 100}%`;

  return (
    <>
      <div
        ref={frameRef}
        className={`grid-frame grid-mode-${mode}${props.frameClass ? ` ${props.frameClass}` : ''}`}
        style={{ '--n': size } as CSSProperties}
        onPointerDown={onPointerDown}
        onPointerMove={(event) => tool.pointerMove(pointOf(event), event.pointerId)}
        onPointerUp={(event) => {
          const before = store.getState().cursor;
          tool.pointerUp(event.pointerId);
          // A tool may select on release (a click inside a cell in Draw walls).
          if (store.getState().cursor !== before) focusCell(store.getState().cursor);
        }}
        onPointerCancel={() => tool.cancel()}
        onContextMenu={props.rightButtonErases ? (event) => event.preventDefault() : undefined}
      >
        {/* The margin that takes presses just outside the grid (see the header). */}
        <div className="grid-reach" aria-hidden="true" />
        <div
          ref={gridRef}
          role="grid"
          aria-label="Puzzle grid"
          aria-multiselectable={props.multiselectable ? true : undefined}
          aria-rowcount={size}
          aria-colcount={size}
          aria-describedby="grid-help"
          className="grid"
          onKeyDown={onKeyDown}
        >
          {rows}
        </div>
        {children}
        {edgeCursor && box && (
          <div
            ref={edgeRef}
            role="button"
            tabIndex={0}
            className={`edge-cursor${edgeCursor.wall ? ' edge-cursor-wall' : ''}`}
            aria-label={edgeCursor.label}
            aria-describedby="grid-help"
            data-edge-cursor=""
            style={{
              left: percent(box.left),
              top: percent(box.top),
              width: percent(box.width),
              height: percent(box.height),
            }}
            onKeyDown={onKeyDown}
          />
        )}
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="grid-announcer">
        {announcement}
      </p>
    </>
  );
}
