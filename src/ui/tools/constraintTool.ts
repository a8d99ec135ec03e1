/**
 * The constraint tool (Constraints mode): draws the variant constraint the tool bar has chosen
 * (editorSlice's constraintTool) with the pointer, one undo step per constraint, through the
 * store's actions (addConstraint, removeConstraint, replaceConstraint). Where a press lands is
 * constraintPicks.ts's geometry; this file is the state machine.
 *
 *   cage, extra region  press and drag over cells: they gather in the draft (drawn in the
 *                       accent colour while the gesture lasts); release adds the cage (a
 *                       click alone, a one-cell cage) and selects it, so the panel asks for
 *                       its sum. A click on a cell of a cage selects that cage instead.
 *   lines               thermometer (from its bulb), slow thermometer, arrow (press on the
 *                       circle's cell, drag out the shaft), whispers, renban, palindrome:
 *                       drag through cells; a jump is filled with king's steps, a step back
 *                       onto the cell before takes the last cell off, a cell already on the
 *                       line is passed over. Release adds the line (two cells or more) and
 *                       selects it; a click on a cell of such a line selects it.
 *   edge marks          kropki dots, X, V, greater-than: a click near an edge toggles the mark
 *                       there (another mark on that edge is replaced); greater-than points
 *                       from the cell pressed towards the other, and a second click on the
 *                       same edge from the other side turns it round.
 *   even, odd           a click toggles the cell's mark (the other one is replaced).
 *   little killer,      a click just outside the grid picks the diagonal or the row/column,
 *   sandwich            adds it with the smallest sum its shape allows and selects it for the
 *                       panel's sum field; a click on one already there selects it.
 * Escape (cancel) drops the draft, and nothing was added. Problems the store refuses a
 * constraint for are handed to `onProblem`, in words.
 */
import type { Constraint } from '../../engine/index.ts';
import type { ConstraintTool } from '../../store/store.ts';
import { cellAtPoint, insideGrid, samplePath, type GridPoint } from '../geometry.ts';
import { edgePairAt, kingSteps, littleKillerAt, sandwichAt } from './constraintPicks.ts';
import type { GridTool, ToolPhase, ToolStore } from './tool.ts';

/** How near an edge a click puts a mark on it (a third of a cell: dots are small targets). */
export const EDGE_REACH = 0.34;
/** How near an edge's end a click is on neither edge there. */
const EDGE_CORNER_MARGIN = 0.12;
/** How far outside the grid a click may be from where a little killer's sum is drawn. */
const OUTSIDE_REACH = 0.6;

type DrawnTool = 'cage' | 'extraRegion' | LineTool;
type LineTool = 'thermometer' | 'slowThermometer' | 'arrow' | 'whisper' | 'renban' | 'palindrome';

const LINE_TOOLS: readonly ConstraintTool[] = [
  'thermometer',
  'slowThermometer',
  'arrow',
  'whisper',
  'renban',
  'palindrome',
];

export const isLineTool = (tool: ConstraintTool): tool is LineTool => LINE_TOOLS.includes(tool);
const isDrawnTool = (tool: ConstraintTool): tool is DrawnTool =>
  tool === 'cage' || tool === 'extraRegion' || isLineTool(tool);

/**
 * The constraint a drawn tool makes of cells (the draft's drawing, and what release adds);
 * null for tools that are not drawn through cells, or no cells.
 */
export function constraintFromCells(
  tool: ConstraintTool,
  cells: readonly number[],
): Constraint | null {
  if (cells.length === 0) return null;
  const list = [...cells];
  switch (tool) {
    case 'cage':
      return { kind: 'cage', cells: list };
    case 'extraRegion':
      return { kind: 'extraRegion', cells: list };
    case 'thermometer':
      return { kind: 'thermometer', cells: list };
    case 'slowThermometer':
      return { kind: 'thermometer', cells: list, slow: true };
    case 'arrow':
      return { kind: 'arrow', circle: [list[0]], shaft: list.slice(1) };
    case 'whisper':
      return { kind: 'whisper', cells: list };
    case 'renban':
      return { kind: 'renban', cells: list };
    case 'palindrome':
      return { kind: 'palindrome', cells: list };
    default:
      return null;
  }
}

/** Whether a constraint is of the kind a tool draws (a slow thermometer is not a plain one). */
export function madeBy(tool: ConstraintTool, constraint: Constraint): boolean {
  switch (tool) {
    case 'thermometer':
      return constraint.kind === 'thermometer' && !constraint.slow;
    case 'slowThermometer':
      return constraint.kind === 'thermometer' && constraint.slow === true;
    case 'kropkiWhite':
      return constraint.kind === 'kropki' && constraint.colour === 'white';
    case 'kropkiBlack':
      return constraint.kind === 'kropki' && constraint.colour === 'black';
    case 'x':
      return constraint.kind === 'xv' && constraint.sum === 10;
    case 'v':
      return constraint.kind === 'xv' && constraint.sum === 5;
    default:
      return constraint.kind === tool;
  }
}

/** The cells a constraint covers, for a click that selects it. */
function cellsOf(constraint: Constraint): readonly number[] {
  switch (constraint.kind) {
    case 'arrow':
      return [...constraint.circle, ...constraint.shaft];
    case 'even':
    case 'odd':
      return [constraint.cell];
    case 'cage':
    case 'extraRegion':
    case 'thermometer':
    case 'whisper':
    case 'renban':
    case 'palindrome':
    case 'littleKiller':
      return constraint.cells;
    default:
      return [];
  }
}

/** The mark a tool puts on the edge between two cells. */
function edgeMark(tool: ConstraintTool, cells: [number, number]): Constraint | null {
  switch (tool) {
    case 'kropkiWhite':
      return { kind: 'kropki', cells, colour: 'white' };
    case 'kropkiBlack':
      return { kind: 'kropki', cells, colour: 'black' };
    case 'x':
      return { kind: 'xv', cells, sum: 10 };
    case 'v':
      return { kind: 'xv', cells, sum: 5 };
    case 'greaterThan':
      return { kind: 'greaterThan', cells };
    default:
      return null;
  }
}

const samePair = (a: readonly number[], b: readonly number[]): boolean =>
  (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);

export function createConstraintTool(
  store: ToolStore,
  onProblem: (problem: string) => void = () => {},
): GridTool {
  let phase: ToolPhase = 'idle';
  let pointer = -1;
  let last: GridPoint | null = null;
  let drawing: DrawnTool = 'cage';
  let cells: number[] = [];
  // The constraint of the drawing tool's kind under the press: a click selects it.
  let pressedOn: number | null = null;

  const reset = (): void => {
    phase = 'idle';
    pointer = -1;
    last = null;
    cells = [];
    pressedOn = null;
    store.getState().setConstraintDraft(null);
  };

  /** Add a constraint and select it, or say why the store refused it. */
  const add = (constraint: Constraint): void => {
    const state = store.getState();
    const problem = state.addConstraint(constraint);
    if (problem !== null) {
      onProblem(problem);
      return;
    }
    store.getState().selectConstraint(store.getState().constraints.length - 1);
  };

  /** The index of the first constraint the tool made that a test holds for, else null. */
  const find = (tool: ConstraintTool, test: (constraint: Constraint) => boolean): number | null => {
    const list = store.getState().constraints;
    const index = list.findIndex((constraint) => madeBy(tool, constraint) && test(constraint));
    return index < 0 ? null : index;
  };

  const toggleEdge = (tool: ConstraintTool, pair: [number, number]): void => {
    const state = store.getState();
    const list = state.constraints;
    const mark = edgeMark(tool, pair) as Constraint;
    const onEdge = list.findIndex(
      (c) =>
        (c.kind === 'kropki' || c.kind === 'xv' || c.kind === 'greaterThan') &&
        samePair(c.cells, pair),
    );
    if (onEdge < 0) {
      add(mark);
      return;
    }
    const there = list[onEdge] as Extract<Constraint, { cells: [number, number] }>;
    const same = madeBy(tool, there) && (tool !== 'greaterThan' || there.cells[0] === pair[0]);
    if (same) {
      state.removeConstraint(onEdge);
      state.selectConstraint(null);
      return;
    }
    const problem = state.replaceConstraint(onEdge, mark);
    if (problem !== null) onProblem(problem);
    else store.getState().selectConstraint(onEdge);
  };

  const toggleParity = (tool: 'even' | 'odd', cell: number): void => {
    const state = store.getState();
    const list = state.constraints;
    const onCell = list.findIndex(
      (c) => (c.kind === 'even' || c.kind === 'odd') && c.cell === cell,
    );
    if (onCell < 0) return add({ kind: tool, cell });
    if (list[onCell].kind === tool) {
      state.removeConstraint(onCell);
      state.selectConstraint(null);
      return;
    }
    const problem = state.replaceConstraint(onCell, { kind: tool, cell });
    if (problem !== null) onProblem(problem);
  };

  const outside = (tool: 'littleKiller' | 'sandwich', point: GridPoint): void => {
    const size = store.getState().size;
    if (tool === 'littleKiller') {
      const diagonal = littleKillerAt(point, size, OUTSIDE_REACH);
      if (!diagonal) return;
      const there = find(
        tool,
        (c) =>
          c.kind === 'littleKiller' && c.cells[0] === diagonal[0] && c.cells[1] === diagonal[1],
      );
      // The smallest sum the diagonal allows (every digit 1); the panel asks for the real one.
      if (there === null) add({ kind: 'littleKiller', cells: diagonal, sum: diagonal.length });
      else store.getState().selectConstraint(there);
      return;
    }
    const line = sandwichAt(point, size);
    if (!line) return;
    const there = find(
      tool,
      (c) => c.kind === 'sandwich' && c.line === line.line && c.index === line.index,
    );
    if (there === null) add({ kind: 'sandwich', ...line, sum: 0 });
    else store.getState().selectConstraint(there);
  };

  return {
    get phase() {
      return phase;
    },
    pointerDown(point, pointerId) {
      if (phase !== 'idle') return false;
      const state = store.getState();
      const { size, constraintTool: tool } = state;
      const inside = insideGrid(point, size);
      const cell = cellAtPoint(point, size);
      if (tool === 'littleKiller' || tool === 'sandwich') {
        if (!inside) outside(tool, point);
        else {
          state.setCursor(cell);
          const there = find(tool, (c) => cellsOf(c).includes(cell));
          if (there !== null) store.getState().selectConstraint(there);
        }
        return false;
      }
      if (!inside) return false;
      if (tool === 'even' || tool === 'odd') {
        state.setCursor(cell);
        toggleParity(tool, cell);
        return false;
      }
      if (!isDrawnTool(tool)) {
        const pair = edgePairAt(point, size, EDGE_REACH, EDGE_CORNER_MARGIN);
        if (pair) toggleEdge(tool, pair);
        else state.setCursor(cell);
        return false;
      }
      drawing = tool;
      phase = 'pointing';
      pointer = pointerId;
      last = point;
      cells = [cell];
      pressedOn = find(tool, (c) => cellsOf(c).includes(cell));
      state.setCursor(cell);
      state.setConstraintDraft(cells);
      return true;
    },
    pointerMove(point, pointerId) {
      if (phase === 'idle' || pointerId !== pointer || !last) return;
      const size = store.getState().size;
      const before = cells;
      for (const sample of samplePath(last, point)) {
        const cell = cellAtPoint(sample, size);
        const end = cells[cells.length - 1];
        if (cell === end) continue;
        if (!isLineTool(drawing)) {
          if (!cells.includes(cell)) cells = [...cells, cell];
        } else if (cell === cells[cells.length - 2]) {
          cells = cells.slice(0, -1); // Back onto the cell before: the last one comes off.
        } else if (!cells.includes(cell)) {
          const steps = kingSteps(end, cell, size);
          // A jump through a cell already on the line stops short of it.
          const clear = steps.findIndex((step) => cells.includes(step));
          cells = [...cells, ...(clear < 0 ? steps : steps.slice(0, clear))];
        }
      }
      last = point;
      if (cells === before) return;
      phase = 'dragging';
      store.getState().setConstraintDraft(cells);
    },
    pointerUp(pointerId) {
      if (phase === 'idle' || pointerId !== pointer) return;
      const drawn = cells;
      const clicked = phase === 'pointing';
      const hit = pressedOn;
      const tool = drawing;
      reset();
      if (clicked && hit !== null) {
        store.getState().selectConstraint(hit);
        return;
      }
      if (isLineTool(tool) && drawn.length < 2) return;
      const constraint = constraintFromCells(tool, drawn);
      if (constraint) add(constraint);
    },
    cancel() {
      if (phase === 'idle') return;
      reset();
    },
  };
}
