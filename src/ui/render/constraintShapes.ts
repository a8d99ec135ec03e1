/**
 * Variant constraints as drawing primitives, the one drawing of them: the live grid
 * (ConstraintLayer.tsx) and the exported image (svg.ts) both render this list, so what a
 * setter sees is what prints. Pure: constraints in, shapes out, no DOM.
 *
 * Coordinates are grid units: (0, 0) is the grid's top-left corner and (N, N) its
 * bottom-right; cell r,c spans [c, c+1] x [r, r+1]. Widths and text sizes are grid units too,
 * so everything scales with the cells (a caller that knows its pixels per cell passes
 * `cellPx`, and text never shrinks below a readable number of pixels on a 16x16 phone grid).
 *
 * The look follows SudokuPad and f-puzzles, so a setter recognises each kind at a glance:
 * dashed cage outlines inset inside the cells with the sum in the top-left corner; grey
 * thermometers with a bulb (a slow one's bulb hollow); arrow circles or pills with a shaft
 * and head; kropki dots, X and V, and chevrons on the edges; green whispers, purple renban,
 * a narrower blue-grey palindrome; little killer and sandwich sums just outside the grid.
 * Global rules draw nothing: they are in the rules text (rulesText.ts).
 *
 * Colours are named tones, not colours: the live layer maps a tone to a CSS custom property
 * (light and dark in app.css), the export to a concrete colour (EXPORT_TONES). Each shape
 * says which constraint it draws (`index`) and whether it lies under the cells' digits
 * (lines, shading, circles) or over them (outlines, marks on edges, sums), so a pencil mark
 * never hides a sum and a thermometer never hides a digit. A broken constraint's shapes take
 * the error tones.
 */
import type { Constraint } from '../../engine/index.ts';

export type Tone =
  | 'ink'
  | 'paper'
  | 'thermometer'
  | 'arrow'
  | 'palindrome'
  | 'whisper'
  | 'renban'
  | 'diagonal'
  | 'shade'
  | 'parity'
  | 'error'
  | 'errorShade'
  | 'draft';

export const TONES: readonly Tone[] = [
  'ink',
  'paper',
  'thermometer',
  'arrow',
  'palindrome',
  'whisper',
  'renban',
  'diagonal',
  'shade',
  'parity',
  'error',
  'errorShade',
  'draft',
];

/** The export's concrete colours (the light scheme's; a print is on white paper). */
export const EXPORT_TONES: Record<Tone, string> = {
  ink: '#1f2328',
  paper: '#ffffff',
  thermometer: '#b4b7bc',
  arrow: '#8a8f96',
  palindrome: '#9fb0c4',
  whisper: '#4cc94c',
  renban: '#d46ad8',
  diagonal: '#9aa0a8',
  shade: 'rgba(80, 86, 96, 0.18)',
  parity: '#c6c9ce',
  error: '#c2261c',
  errorShade: 'rgba(194, 38, 28, 0.22)',
  draft: '#2563eb',
};

interface ShapeBase {
  /** The constraint drawn (its index in the list given). */
  index: number;
  /** Under the cells' digits and pencil marks, or over them. */
  layer: 'under' | 'over';
}

export interface PathShape extends ShapeBase {
  type: 'path';
  d: string;
  stroke?: Tone;
  fill?: Tone;
  width?: number;
  dash?: readonly number[];
  /** Round caps and joins (lines through cells), or square ones (outlines). */
  round?: boolean;
}

export interface CircleShape extends ShapeBase {
  type: 'circle';
  cx: number;
  cy: number;
  r: number;
  stroke?: Tone;
  fill?: Tone;
  width?: number;
}

export interface TextShape extends ShapeBase {
  type: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  anchor: 'start' | 'middle' | 'end';
  /** Where `y` is: the text's top (a cage sum) or its middle. */
  baseline: 'hanging' | 'central';
  fill: Tone;
  bold?: boolean;
  /** A rim of this tone around the letters, so they read over lines and marks. */
  halo?: Tone;
}

export type Shape = PathShape | CircleShape | TextShape;

export interface ShapeOptions {
  /** Indices of constraints a filled grid breaks: drawn in the error tones. */
  broken?: ReadonlySet<number>;
  /** Pixels per cell where known: text stays at least MIN_TEXT_PX high. */
  cellPx?: number;
  /** Draw everything in the draft tone (a gesture in progress). */
  draft?: boolean;
  /** The index of the constraint being edited: drawn in the draft tone too. */
  selected?: number | null;
}

/** How far a cage's dashed outline lies inside its cells. */
export const CAGE_INSET = 0.08;
const MIN_TEXT_PX = 9;

const centre = (cell: number, size: number): { x: number; y: number } => ({
  x: (cell % size) + 0.5,
  y: Math.floor(cell / size) + 0.5,
});

const num = (value: number): string => String(Math.round(value * 1000) / 1000);

const polyline = (points: readonly { x: number; y: number }[]): string =>
  points.map((p, k) => `${k === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join('');

/** The midpoint of the edge between two orthogonal neighbours. */
export function edgeMidpoint(a: number, b: number, size: number): { x: number; y: number } {
  const p = centre(a, size);
  const q = centre(b, size);
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}

/**
 * The outer boundary of a set of cells as closed loops of grid corners, the cells on the
 * right of each step (clockwise on screen), collinear steps merged. A cage that touches
 * itself only at a corner gives separate loops there (the walk turns right, back around
 * the cell it came along), and a cage around a hole gives a loop for the hole as well.
 */
export function boundaryLoops(
  cells: readonly number[],
  size: number,
): { x: number; y: number }[][] {
  const inside = new Set(cells);
  const has = (row: number, col: number): boolean =>
    row >= 0 && col >= 0 && row < size && col < size && inside.has(row * size + col);
  // Directed boundary steps, keyed by their start corner.
  const steps = new Map<string, { x: number; y: number; dx: number; dy: number }[]>();
  const add = (x: number, y: number, dx: number, dy: number): void => {
    const key = `${x},${y}`;
    const list = steps.get(key) ?? [];
    list.push({ x, y, dx, dy });
    steps.set(key, list);
  };
  for (const cell of inside) {
    const row = Math.floor(cell / size);
    const col = cell % size;
    if (!has(row - 1, col)) add(col, row, 1, 0);
    if (!has(row, col + 1)) add(col + 1, row, 0, 1);
    if (!has(row + 1, col)) add(col + 1, row + 1, -1, 0);
    if (!has(row, col - 1)) add(col, row + 1, 0, -1);
  }
  const loops: { x: number; y: number }[][] = [];
  for (;;) {
    const first = [...steps.values()].find((list) => list.length > 0)?.[0];
    if (!first) break;
    const corners: { x: number; y: number; dx: number; dy: number }[] = [];
    let step = first;
    for (;;) {
      const key = `${step.x},${step.y}`;
      const list = steps.get(key) as typeof corners;
      list.splice(list.indexOf(step), 1);
      corners.push(step);
      const nx = step.x + step.dx;
      const ny = step.y + step.dy;
      const next = steps.get(`${nx},${ny}`) ?? [];
      if (next.length === 0) break;
      // Prefer a right turn (screen: (dx, dy) -> (-dy, dx)), then straight on, then left.
      const rank = (s: { dx: number; dy: number }): number =>
        s.dx === -step.dy && s.dy === step.dx ? 0 : s.dx === step.dx && s.dy === step.dy ? 1 : 2;
      step = [...next].sort((a, b) => rank(a) - rank(b))[0];
    }
    // Keep only the corners where the direction changes.
    const turns = corners.filter((s, k) => {
      const before = corners[(k + corners.length - 1) % corners.length];
      return before.dx !== s.dx || before.dy !== s.dy;
    });
    loops.push(turns.map(({ x, y }) => ({ x, y })));
  }
  return loops;
}

/**
 * A cage's outline: its boundary loops moved `inset` into the cells. Each side moves along
 * its inward normal (the right of the walk), so a corner moves by the sum of its two
 * sides' normals: inwards at a convex corner, outwards of the notch at a concave one.
 */
export function cageOutline(cells: readonly number[], size: number, inset = CAGE_INSET): string {
  let d = '';
  for (const loop of boundaryLoops(cells, size)) {
    const points = loop.map((corner, k) => {
      const before = loop[(k + loop.length - 1) % loop.length];
      // Inward normals of the side arriving (before -> corner) and the side leaving.
      const inDx = Math.sign(corner.x - before.x);
      const inDy = Math.sign(corner.y - before.y);
      const after = loop[(k + 1) % loop.length];
      const outDx = Math.sign(after.x - corner.x);
      const outDy = Math.sign(after.y - corner.y);
      return {
        x: corner.x + inset * (-inDy + -outDy),
        y: corner.y + inset * (inDx + outDx),
      };
    });
    d += `${polyline(points)}Z`;
  }
  return d;
}

/** The first cell in reading order (where a cage's sum goes). */
const topLeft = (cells: readonly number[]): number => Math.min(...cells);

/** A text size in grid units, not below MIN_TEXT_PX where the pixels per cell are known. */
function textSize(units: number, cellPx: number | undefined): number {
  if (!cellPx) return units;
  return Math.min(Math.max(units, MIN_TEXT_PX / cellPx), 0.5);
}

/** A closed stadium (a pill) of radius r around the segment from p to q. */
function pillPath(p: { x: number; y: number }, q: { x: number; y: number }, r: number): string {
  const length = Math.hypot(q.x - p.x, q.y - p.y) || 1;
  const nx = (-(q.y - p.y) / length) * r;
  const ny = ((q.x - p.x) / length) * r;
  return (
    `M${num(p.x + nx)} ${num(p.y + ny)}L${num(q.x + nx)} ${num(q.y + ny)}` +
    `A${r} ${r} 0 0 0 ${num(q.x - nx)} ${num(q.y - ny)}` +
    `L${num(p.x - nx)} ${num(p.y - ny)}A${r} ${r} 0 0 0 ${num(p.x + nx)} ${num(p.y + ny)}Z`
  );
}

/** Two short strokes at `tip`, pointing along (ux, uy) (a unit vector). */
function arrowHead(tip: { x: number; y: number }, ux: number, uy: number, length: number): string {
  const angle = Math.PI / 5;
  const wing = (sign: number): { x: number; y: number } => {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle) * sign;
    // Rotate the backwards vector by ±angle.
    const bx = -ux;
    const by = -uy;
    return { x: tip.x + (bx * cos - by * sin) * length, y: tip.y + (bx * sin + by * cos) * length };
  };
  return `${polyline([wing(1), tip, wing(-1)])}`;
}

const unit = (dx: number, dy: number): { ux: number; uy: number } => {
  const length = Math.hypot(dx, dy) || 1;
  return { ux: dx / length, uy: dy / length };
};

/** The step (±1, ±1) along a little killer's diagonal, from its first cell. */
function diagonalStep(cells: readonly number[], size: number): { dx: number; dy: number } {
  const start = centre(cells[0], size);
  if (cells.length > 1) {
    const next = centre(cells[1], size);
    return { dx: next.x - start.x, dy: next.y - start.y };
  }
  // One cell is a corner: the diagonal runs away from the grid's edges there.
  return { dx: start.x < size / 2 ? 1 : -1, dy: start.y < size / 2 ? 1 : -1 };
}

/**
 * Where a little killer's sum is written: just beyond its first cell's outer corner, on the
 * diagonal. The tool that places little killers picks the one whose sum would be nearest a
 * press outside the grid, so the two agree by construction.
 */
export function littleKillerLabel(
  cells: readonly number[],
  size: number,
): { x: number; y: number } {
  const start = centre(cells[0], size);
  const { dx, dy } = diagonalStep(cells, size);
  return { x: start.x - dx * 0.86, y: start.y - dy * 0.86 };
}

/** Whether a constraint is a rule of the whole grid, drawn nowhere. */
export const isGlobalRule = (constraint: Constraint): boolean =>
  constraint.kind === 'antiKnight' ||
  constraint.kind === 'antiKing' ||
  constraint.kind === 'nonConsecutive' ||
  constraint.kind === 'allDotsGiven' ||
  constraint.kind === 'allXvGiven';

/** Whether any constraint draws outside the grid (little killer and sandwich sums). */
export const drawsOutside = (constraints: readonly Constraint[]): boolean =>
  constraints.some((c) => c.kind === 'littleKiller' || c.kind === 'sandwich');

/** The shapes of one constraint, in its own tones (the caller recolours broken ones). */
function shapesOf(
  constraint: Constraint,
  index: number,
  size: number,
  cellPx: number | undefined,
): Shape[] {
  const shapes: Shape[] = [];
  const under = { index, layer: 'under' as const };
  const over = { index, layer: 'over' as const };
  const at = (cell: number) => centre(cell, size);
  const line = (cells: readonly number[], stroke: Tone, width: number): void => {
    if (cells.length === 0) return;
    const points = cells.map(at);
    // One cell (a line being drawn) is a dot: a zero-length segment with round caps.
    if (points.length === 1) points.push(points[0]);
    shapes.push({ ...under, type: 'path', d: polyline(points), stroke, width, round: true });
  };
  switch (constraint.kind) {
    case 'cage': {
      if (constraint.cells.length === 0) break;
      shapes.push({
        ...over,
        type: 'path',
        d: cageOutline(constraint.cells, size),
        stroke: 'ink',
        width: 0.025,
        dash: [0.09, 0.06],
      });
      if (constraint.sum !== undefined) {
        const corner = at(topLeft(constraint.cells));
        const fontSize = textSize(0.26, cellPx);
        const text = String(constraint.sum);
        const x = corner.x - 0.5 + CAGE_INSET * 0.6;
        const y = corner.y - 0.5 + CAGE_INSET * 0.6;
        // A background the width of the digits, so the sum reads over the dashes and marks.
        const width = text.length * fontSize * 0.62 + fontSize * 0.25;
        shapes.push({
          ...over,
          type: 'path',
          d: `M${num(x)} ${num(y)}h${num(width)}v${num(fontSize * 1.05)}h${num(-width)}Z`,
          fill: 'paper',
        });
        shapes.push({
          ...over,
          type: 'text',
          x: x + fontSize * 0.12,
          y: y + fontSize * 0.05,
          text,
          size: fontSize,
          anchor: 'start',
          baseline: 'hanging',
          fill: 'ink',
        });
      }
      break;
    }
    case 'extraRegion': {
      let d = '';
      for (const cell of constraint.cells)
        d += `M${cell % size} ${Math.floor(cell / size)}h1v1h-1Z`;
      if (d) shapes.push({ ...under, type: 'path', d, fill: 'shade' });
      break;
    }
    case 'diagonal': {
      const d = constraint.direction === 'down' ? `M0 0L${size} ${size}` : `M0 ${size}L${size} 0`;
      shapes.push({ ...under, type: 'path', d, stroke: 'diagonal', width: 0.04, round: true });
      break;
    }
    case 'even': {
      const { x, y } = at(constraint.cell);
      const half = 0.34;
      shapes.push({
        ...under,
        type: 'path',
        d: `M${num(x - half)} ${num(y - half)}h${half * 2}v${half * 2}h${-half * 2}Z`,
        fill: 'parity',
      });
      break;
    }
    case 'odd': {
      const { x, y } = at(constraint.cell);
      shapes.push({ ...under, type: 'circle', cx: x, cy: y, r: 0.36, fill: 'parity' });
      break;
    }
    case 'thermometer': {
      const cells = constraint.cells;
      if (cells.length === 0) break;
      const bulb = at(cells[0]);
      if (constraint.slow) {
        // A hollow bulb, the line starting at its rim: apart from a plain thermometer.
        const r = 0.32;
        if (cells.length > 1) {
          const { ux, uy } = unit(at(cells[1]).x - bulb.x, at(cells[1]).y - bulb.y);
          const start = { x: bulb.x + ux * r, y: bulb.y + uy * r };
          shapes.push({
            ...under,
            type: 'path',
            d: polyline([start, ...cells.slice(1).map(at)]),
            stroke: 'thermometer',
            width: 0.26,
            round: true,
          });
        }
        shapes.push({
          ...under,
          type: 'circle',
          cx: bulb.x,
          cy: bulb.y,
          r,
          stroke: 'thermometer',
          width: 0.1,
        });
      } else {
        line(cells, 'thermometer', 0.3);
        shapes.push({
          ...under,
          type: 'circle',
          cx: bulb.x,
          cy: bulb.y,
          r: 0.4,
          fill: 'thermometer',
        });
      }
      break;
    }
    case 'arrow': {
      const { circle, shaft } = constraint;
      if (circle.length === 0) break;
      const r = 0.4;
      const first = at(circle[0]);
      const last = at(circle[circle.length - 1]);
      if (circle.length === 1) {
        shapes.push({
          ...under,
          type: 'circle',
          cx: first.x,
          cy: first.y,
          r,
          stroke: 'arrow',
          width: 0.05,
        });
      } else {
        shapes.push({
          ...under,
          type: 'path',
          d: pillPath(first, last, r),
          stroke: 'arrow',
          width: 0.05,
        });
      }
      if (shaft.length === 0) break;
      // From the circle's rim nearest the shaft, through the shaft's cells, to a head.
      const from = circle
        .map(at)
        .reduce((best, p) =>
          Math.hypot(p.x - at(shaft[0]).x, p.y - at(shaft[0]).y) <
          Math.hypot(best.x - at(shaft[0]).x, best.y - at(shaft[0]).y)
            ? p
            : best,
        );
      const out = unit(at(shaft[0]).x - from.x, at(shaft[0]).y - from.y);
      const points = [{ x: from.x + out.ux * r, y: from.y + out.uy * r }, ...shaft.map(at)];
      const tip = points[points.length - 1];
      const before = points[points.length - 2];
      const head = unit(tip.x - before.x, tip.y - before.y);
      shapes.push({
        ...under,
        type: 'path',
        d: polyline(points) + arrowHead(tip, head.ux, head.uy, 0.28),
        stroke: 'arrow',
        width: 0.05,
        round: true,
      });
      break;
    }
    case 'kropki': {
      const { x, y } = edgeMidpoint(constraint.cells[0], constraint.cells[1], size);
      const black = constraint.colour === 'black';
      shapes.push({
        ...over,
        type: 'circle',
        cx: x,
        cy: y,
        r: 0.12,
        fill: black ? 'ink' : 'paper',
        stroke: 'ink',
        width: 0.03,
      });
      break;
    }
    case 'xv': {
      const { x, y } = edgeMidpoint(constraint.cells[0], constraint.cells[1], size);
      shapes.push({
        ...over,
        type: 'text',
        x,
        y,
        text: constraint.sum === 10 ? 'X' : 'V',
        size: textSize(0.3, cellPx),
        anchor: 'middle',
        baseline: 'central',
        fill: 'ink',
        bold: true,
        halo: 'paper',
      });
      break;
    }
    case 'greaterThan': {
      const [big, small] = constraint.cells;
      const m = edgeMidpoint(big, small, size);
      const { ux, uy } = unit(at(small).x - at(big).x, at(small).y - at(big).y);
      // A chevron whose point is towards the smaller cell.
      const depth = 0.07;
      const spread = 0.13;
      const tip = { x: m.x + ux * depth, y: m.y + uy * depth };
      const back = { x: m.x - ux * depth, y: m.y - uy * depth };
      shapes.push({
        ...over,
        type: 'path',
        d: polyline([
          { x: back.x - uy * spread, y: back.y + ux * spread },
          tip,
          { x: back.x + uy * spread, y: back.y - ux * spread },
        ]),
        stroke: 'ink',
        width: 0.045,
        round: true,
      });
      break;
    }
    case 'whisper':
      line(constraint.cells, 'whisper', 0.2);
      break;
    case 'renban':
      line(constraint.cells, 'renban', 0.2);
      break;
    case 'palindrome':
      line(constraint.cells, 'palindrome', 0.16);
      break;
    case 'littleKiller': {
      const cells = constraint.cells;
      if (cells.length === 0) break;
      const start = at(cells[0]);
      const { dx, dy } = diagonalStep(cells, size);
      // Beyond the first cell's outer corner, then a short arrow back along the diagonal.
      const label = littleKillerLabel(cells, size);
      const tail = { x: start.x - dx * 0.7, y: start.y - dy * 0.7 };
      const tip = { x: start.x - dx * 0.5, y: start.y - dy * 0.5 };
      const { ux, uy } = unit(dx, dy);
      shapes.push({
        ...over,
        type: 'path',
        d: polyline([tail, tip]) + arrowHead(tip, ux, uy, 0.12),
        stroke: 'ink',
        width: 0.03,
        round: true,
      });
      shapes.push({
        ...over,
        type: 'text',
        x: label.x,
        y: label.y,
        text: String(constraint.sum),
        size: textSize(0.26, cellPx),
        anchor: 'middle',
        baseline: 'central',
        fill: 'ink',
        halo: 'paper',
      });
      break;
    }
    case 'sandwich': {
      const row = constraint.line === 'row';
      shapes.push({
        ...over,
        type: 'text',
        x: row ? -0.3 : constraint.index + 0.5,
        y: row ? constraint.index + 0.5 : -0.3,
        text: String(constraint.sum),
        size: textSize(0.3, cellPx),
        anchor: 'middle',
        baseline: 'central',
        fill: 'ink',
        halo: 'paper',
      });
      break;
    }
    case 'antiKnight':
    case 'antiKing':
    case 'nonConsecutive':
    case 'allDotsGiven':
    case 'allXvGiven':
      break;
  }
  return shapes;
}

/** A tone as a broken constraint (or a draft) shows it; the paper stays paper. */
function recolour(tone: Tone | undefined, to: 'error' | 'draft'): Tone | undefined {
  if (tone === undefined || tone === 'paper') return tone;
  if (to === 'draft') return 'draft';
  return tone === 'shade' || tone === 'parity' ? 'errorShade' : 'error';
}

/** Drawing order within a layer: shading, then lines, then circles, outlines, marks, sums. */
const UNDER_ORDER: Record<Constraint['kind'], number> = {
  extraRegion: 0,
  even: 1,
  odd: 1,
  diagonal: 2,
  whisper: 3,
  renban: 3,
  palindrome: 3,
  thermometer: 4,
  arrow: 5,
  cage: 6,
  kropki: 7,
  xv: 7,
  greaterThan: 7,
  littleKiller: 8,
  sandwich: 8,
  antiKnight: 9,
  antiKing: 9,
  nonConsecutive: 9,
  allDotsGiven: 9,
  allXvGiven: 9,
};

/**
 * Every shape of the constraints, in drawing order: the under layer's shading before its
 * lines before its circles, then the over layer's outlines before its marks and sums, each
 * constraint's own shapes in the order it drew them.
 */
export function constraintShapes(
  constraints: readonly Constraint[],
  size: number,
  options: ShapeOptions = {},
): Shape[] {
  const all: { shape: Shape; order: number }[] = [];
  constraints.forEach((constraint, index) => {
    const tone =
      options.draft || index === options.selected
        ? 'draft'
        : options.broken?.has(index)
          ? 'error'
          : null;
    for (const shape of shapesOf(constraint, index, size, options.cellPx)) {
      const coloured: Shape =
        tone === null
          ? shape
          : shape.type === 'text'
            ? { ...shape, fill: recolour(shape.fill, tone) as Tone }
            : { ...shape, fill: recolour(shape.fill, tone), stroke: recolour(shape.stroke, tone) };
      all.push({
        shape: coloured,
        order: (shape.layer === 'over' ? 100 : 0) + UNDER_ORDER[constraint.kind],
      });
    }
  });
  // Array.prototype.sort is stable: a constraint's shapes keep their order.
  return all.sort((a, b) => a.order - b.order).map(({ shape }) => shape);
}
