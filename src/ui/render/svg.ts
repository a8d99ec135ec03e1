/**
 * The puzzle as a standalone SVG document, for image export, PNG (the SVG drawn on a
 * canvas) and the print sheet. Pure: data in, markup out, no DOM, so it is unit-tested as
 * text and renders the same everywhere.
 *
 * It draws what a printed jigsaw Sudoku needs: thin lines between all cells, thick lines
 * wherever the layout has a wall (the walls as drawn, so a half-drawn layout prints as it
 * is), a thick border, the clues in bold, and optionally the solution's other digits in a
 * lighter colour, pale region colours (the app's colouring) and a title and author line above
 * the grid. Sizes are in user units with a viewBox, so the image scales without blurring;
 * `cellPx` only sets the natural width and height (what a PNG is rasterised at).
 *
 * Digits above 9 are written A, B, … as the app shows them (digitChar). Text is escaped
 * for XML; nothing of the user's is put in an attribute unescaped.
 *
 * Variant constraints are drawn from constraintShapes.ts, the live grid's own drawing, in a
 * group scaled to grid units: the shapes under the digits after the region colours, those
 * over them after the digits. Little killer and sandwich sums lie outside the grid, so with
 * any of them the margin grows by OUTSIDE_ROOM cells on every side.
 */
import { digitChar, WALL_DOWN, WALL_RIGHT } from '../../engine/index.ts';
import type { PuzzleInfo } from '../../formats/link.ts';
import type { Constraint } from '../../engine/index.ts';
import { colourRegions, hueOfColour } from '../colours.ts';
import { constraintShapes, drawsOutside, EXPORT_TONES, type Shape } from './constraintShapes.ts';

export interface SvgOptions {
  size: number;
  /** Wall bits per cell (1 up, 2 right, 4 down, 8 left). */
  walls: ArrayLike<number>;
  /** Region label per cell (for the colours). */
  regions: ArrayLike<number>;
  givens: ArrayLike<number>;
  /** Digits of the solution, drawn in the cells that have no clue; none for the puzzle alone. */
  solution?: ArrayLike<number> | null;
  info?: PuzzleInfo;
  /** Pale region colours behind the cells. */
  colours?: boolean;
  /** Natural pixels per cell (default 48). */
  cellPx?: number;
  /** Variant constraints, drawn as the live grid draws them. */
  constraints?: readonly Constraint[];
  /** Indices of constraints drawn in the error colour. */
  brokenConstraints?: ReadonlySet<number>;
}

const MARGIN = 16;
const THIN = 1;
const THICK = 4;
const TITLE_LINE = 30;
const AUTHOR_LINE = 22;
/** Room outside the grid for little killer and sandwich sums, in cells. */
const OUTSIDE_ROOM = 0.75;

export const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The margin round the grid: wider when sums are drawn outside it. */
function marginOf(options: SvgOptions): number {
  const cell = options.cellPx ?? 48;
  return MARGIN + (drawsOutside(options.constraints ?? []) ? Math.round(OUTSIDE_ROOM * cell) : 0);
}

/** The width and height an SVG of these options has. */
export function svgDimensions(options: SvgOptions): { width: number; height: number } {
  const cell = options.cellPx ?? 48;
  const header = headerHeight(options.info);
  const margin = marginOf(options);
  return {
    width: options.size * cell + 2 * margin,
    height: options.size * cell + 2 * margin + header,
  };
}

/** One shape as markup in grid units, in the export's concrete colours. */
function shapeMarkup(shape: Shape): string {
  const paint = (fill: Shape['fill'], stroke?: Shape['fill'], width?: number): string =>
    `fill="${fill ? EXPORT_TONES[fill] : 'none'}"` +
    (stroke ? ` stroke="${EXPORT_TONES[stroke]}" stroke-width="${width ?? 0.05}"` : '');
  switch (shape.type) {
    case 'path': {
      const caps = shape.round
        ? ' stroke-linecap="round" stroke-linejoin="round"'
        : ' stroke-linejoin="miter"';
      const dash = shape.dash ? ` stroke-dasharray="${shape.dash.join(' ')}"` : '';
      return `<path d="${shape.d}" ${paint(shape.fill, shape.stroke, shape.width)}${shape.stroke ? caps + dash : ''}/>`;
    }
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" ${paint(shape.fill, shape.stroke, shape.width)}/>`;
    case 'text': {
      const halo = shape.halo
        ? ` stroke="${EXPORT_TONES[shape.halo]}" stroke-width="${shape.size * 0.22}" paint-order="stroke" stroke-linejoin="round"`
        : '';
      return `<text x="${shape.x}" y="${shape.y}" font-family="sans-serif" font-size="${shape.size}" text-anchor="${shape.anchor}" dominant-baseline="${shape.baseline}"${shape.bold ? ' font-weight="bold"' : ''} fill="${EXPORT_TONES[shape.fill]}"${halo}>${escapeXml(shape.text)}</text>`;
    }
  }
}

function headerHeight(info: PuzzleInfo | undefined): number {
  return (info?.title ? TITLE_LINE : 0) + (info?.author ? AUTHOR_LINE : 0);
}

export function renderPuzzleSvg(options: SvgOptions): string {
  const { size, walls, regions, givens, solution, info } = options;
  const cell = options.cellPx ?? 48;
  const { width, height } = svgDimensions(options);
  const side = size * cell;
  const margin = marginOf(options);
  const top = margin + headerHeight(info);
  const x = (col: number): number => margin + col * cell;
  const y = (row: number): number => top + row * cell;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
  );
  const label = [info?.title || 'Jigsaw Sudoku', info?.author ? `by ${info.author}` : '']
    .filter(Boolean)
    .join(' ');
  parts.push(`<title>${escapeXml(`${label}${solution ? ' (solution)' : ''}`)}</title>`);
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  let line = MARGIN;
  if (info?.title) {
    line += TITLE_LINE - 8;
    parts.push(
      `<text x="${MARGIN}" y="${line}" font-family="sans-serif" font-size="22" font-weight="bold" fill="#000">${escapeXml(info.title)}</text>`,
    );
    line += 8;
  }
  if (info?.author) {
    line += AUTHOR_LINE - 6;
    parts.push(
      `<text x="${MARGIN}" y="${line}" font-family="sans-serif" font-size="15" fill="#333">${escapeXml(`by ${info.author}`)}</text>`,
    );
  }
  if (options.colours) {
    // The app's colouring: touching regions never share a colour.
    const hues = colourRegions(size, regions).map(hueOfColour);
    for (let c = 0; c < size * size; c++) {
      const row = Math.floor(c / size);
      const col = c % size;
      parts.push(
        `<rect x="${x(col)}" y="${y(row)}" width="${cell}" height="${cell}" fill="hsl(${hues[regions[c]]} 70% 90%)"/>`,
      );
    }
  }
  const shapes = options.constraints
    ? constraintShapes(options.constraints, size, {
        broken: options.brokenConstraints,
        cellPx: cell,
      })
    : [];
  // The constraints' shapes in grid units: one group scaled from the grid's corner.
  const constraintGroup = (layer: Shape['layer']): void => {
    const markup = shapes.filter((shape) => shape.layer === layer).map(shapeMarkup);
    if (markup.length === 0) return;
    parts.push(
      `<g class="constraints-${layer}" transform="translate(${margin} ${top}) scale(${cell})">`,
      ...markup,
      '</g>',
    );
  };
  constraintGroup('under');
  // Thin lines between every pair of cells.
  const thin: string[] = [];
  for (let k = 1; k < size; k++) {
    thin.push(`M${x(k)} ${top}V${top + side}`, `M${margin} ${y(k)}H${margin + side}`);
  }
  parts.push(`<path d="${thin.join('')}" stroke="#888" stroke-width="${THIN}" fill="none"/>`);
  // Thick lines on every wall (right and down sides; the border is drawn once below).
  const thick: string[] = [];
  for (let c = 0; c < size * size; c++) {
    const row = Math.floor(c / size);
    const col = c % size;
    if (col < size - 1 && walls[c] & WALL_RIGHT)
      thick.push(`M${x(col + 1)} ${y(row)}V${y(row + 1)}`);
    if (row < size - 1 && walls[c] & WALL_DOWN)
      thick.push(`M${x(col)} ${y(row + 1)}H${x(col + 1)}`);
  }
  parts.push(
    `<path d="${thick.join('')}" stroke="#000" stroke-width="${THICK}" stroke-linecap="square" fill="none"/>`,
  );
  parts.push(
    `<rect x="${margin}" y="${top}" width="${side}" height="${side}" stroke="#000" stroke-width="${THICK}" fill="none"/>`,
  );
  const fontSize = Math.round(cell * 0.62);
  for (let c = 0; c < size * size; c++) {
    const given = givens[c];
    const digit = given || (solution ? solution[c] : 0);
    if (!digit) continue;
    const row = Math.floor(c / size);
    const col = c % size;
    const style = given ? 'font-weight="bold" fill="#000"' : 'fill="#1f57b8"';
    parts.push(
      `<text x="${x(col) + cell / 2}" y="${y(row) + cell / 2}" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central" ${style}>${digitChar(digit)}</text>`,
    );
  }
  constraintGroup('over');
  parts.push('</svg>');
  return parts.join('\n');
}
