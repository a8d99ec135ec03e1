/**
 * Layout problems drawn on the grid, over the cells and under nothing interactive (the overlays
 * take no pointer events): the cells of a region with too many cells are hatched one way,
 * those of a region with too few the other way; each piece of a region in pieces is outlined
 * with a dashed line; a loose wall end (the end of a wall that does not close a region and
 * meets no other wall) gets a ring. Cells linked from the Layout panel's list (hover or focus)
 * are outlined boldly and tinted.
 *
 * Drawn in grid units like the walls (WallLayer): hatching is a pattern in grid units, so it
 * scales with the cells and stays readable from 9x9 to 16x16, and outlines use strokes that do
 * not scale. Decorative for assistive technology: the Layout panel says the same in words.
 *
 * Two layers: the hatching lies under what the cells hold (their digits and candidates are
 * drawn above it, with a halo: app.css, Cell.tsx), so that it never covers a digit; the
 * outlines, rings and highlight lie over the walls, as marks on them.
 */
import { memo, useId } from 'react';
import { WALL_DOWN, WALL_RIGHT } from '../engine/index.ts';
import type { LayoutView } from '../store/derived.ts';
import { GridOverlay } from './GridOverlay.tsx';

/** The outline of a set of cells: each cell side whose neighbour is not in the set. */
export function outlinePath(cells: Iterable<number>, size: number): string {
  const inside = new Set(cells);
  let path = '';
  for (const cell of inside) {
    const row = Math.floor(cell / size);
    const col = cell % size;
    if (row === 0 || !inside.has(cell - size)) path += `M${col} ${row}h1`;
    if (row === size - 1 || !inside.has(cell + size)) path += `M${col} ${row + 1}h1`;
    if (col === 0 || !inside.has(cell - 1)) path += `M${col} ${row}v1`;
    if (col === size - 1 || !inside.has(cell + 1)) path += `M${col + 1} ${row}v1`;
  }
  return path;
}

/** Square path of each cell, for filling with a pattern. */
const cellsPath = (cells: Iterable<number>, size: number): string => {
  let path = '';
  for (const cell of cells) path += `M${cell % size} ${Math.floor(cell / size)}h1v1h-1z`;
  return path;
};

/**
 * Grid points where a loose wall ends: an end of an open wall segment that touches no other
 * wall and not the border. Points are [x, y] in grid units.
 */
export function looseWallEnds(
  size: number,
  walls: readonly number[],
  openEdges: ReadonlySet<number>,
): [number, number][] {
  const side = size + 1;
  const degree = new Uint16Array(side * side);
  const point = (x: number, y: number): number => y * side + x;
  // The border is wall all round: its points never count as loose.
  for (let i = 0; i <= size; i++) {
    degree[point(i, 0)] += 2;
    degree[point(i, size)] += 2;
    degree[point(0, i)] += 2;
    degree[point(size, i)] += 2;
  }
  const ends = (key: number): [number, number, number, number] => {
    const cell = key >> 1;
    const row = Math.floor(cell / size);
    const col = cell % size;
    return key & 1 ? [col, row + 1, col + 1, row + 1] : [col + 1, row, col + 1, row + 1];
  };
  for (let cell = 0; cell < size * size; cell++) {
    const col = cell % size;
    const row = Math.floor(cell / size);
    if (col < size - 1 && walls[cell] & WALL_RIGHT) {
      degree[point(col + 1, row)]++;
      degree[point(col + 1, row + 1)]++;
    }
    if (row < size - 1 && walls[cell] & WALL_DOWN) {
      degree[point(col, row + 1)]++;
      degree[point(col + 1, row + 1)]++;
    }
  }
  const loose = new Map<number, [number, number]>();
  for (const key of openEdges) {
    const [x1, y1, x2, y2] = ends(key);
    if (degree[point(x1, y1)] === 1) loose.set(point(x1, y1), [x1, y1]);
    if (degree[point(x2, y2)] === 1) loose.set(point(x2, y2), [x2, y2]);
  }
  return [...loose.values()];
}

interface LayoutMarksProps {
  size: number;
  walls: readonly number[];
  layout: LayoutView;
  /** Cells linked from the Layout panel (hovered or focused there), if any. */
  highlight: readonly number[] | null;
}

export const LayoutMarks = memo(function LayoutMarks({
  size,
  walls,
  layout,
  highlight,
}: LayoutMarksProps) {
  const id = useId();
  const over: number[] = [];
  const under: number[] = [];
  let pieces = '';
  layout.regions.forEach((cells, index) => {
    if (cells.length > size) over.push(...cells);
    else if (cells.length > 0 && cells.length < size) under.push(...cells);
    const parts = layout.pieces[index];
    if (parts.length > 1) for (const part of parts) pieces += outlinePath(part, size);
  });
  const ends = looseWallEnds(size, walls, layout.openEdges);
  // Too many cells hatched one way, too few the other (app.css colours them in this order).
  const hatches = [
    { mark: 'over', tilt: 45, cells: over },
    { mark: 'under', tilt: -45, cells: under },
  ];
  return (
    <>
      <GridOverlay className="layout-marks layout-hatching" size={size}>
        <defs>
          {hatches.map(({ mark, tilt }) => (
            <pattern
              key={mark}
              id={`${id}${mark}`}
              patternUnits="userSpaceOnUse"
              width={0.25}
              height={0.25}
              patternTransform={`rotate(${tilt})`}
            >
              <rect className="hatch" x={0} y={0} width={0.07} height={0.25} />
            </pattern>
          ))}
        </defs>
        {hatches.map(
          ({ mark, cells }) =>
            cells.length > 0 && (
              <path
                key={mark}
                className={`mark-${mark}`}
                data-mark={mark}
                data-cells={cells.length}
                d={cellsPath(cells, size)}
                fill={`url(#${id}${mark})`}
              />
            ),
        )}
      </GridOverlay>
      <GridOverlay className="layout-marks layout-outlines" size={size}>
        {pieces && (
          <path
            className="mark-piece"
            data-mark="pieces"
            d={pieces}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {ends.map(([x, y]) => (
          <circle
            key={`${x},${y}`}
            className="mark-loose-end"
            data-mark="loose-end"
            cx={x}
            cy={y}
            r={0.16}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {highlight && highlight.length > 0 && (
          <g data-mark="highlight" data-cells={highlight.length}>
            <path className="mark-highlight-fill" d={cellsPath(highlight, size)} />
            <path
              className="mark-highlight"
              d={outlinePath(highlight, size)}
              vectorEffect="non-scaling-stroke"
            />
          </g>
        )}
      </GridOverlay>
    </>
  );
});
