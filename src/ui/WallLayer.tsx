import { memo } from 'react';
import { WALL_DOWN, WALL_RIGHT } from '../engine/index.ts';
import { GridOverlay } from './GridOverlay.tsx';

interface WallLayerProps {
  size: number;
  walls: readonly number[];
  /** Edge keys (cell*2 right, cell*2+1 below) of walls that do not close a region yet. */
  openEdges: ReadonlySet<number>;
}

/**
 * Grid lines and walls, drawn over the cells in grid units with strokes that do not scale,
 * so lines stay crisp at any size. Decorative: the cells' names carry the regions.
 */
export const WallLayer = memo(function WallLayer({ size, walls, openEdges }: WallLayerProps) {
  let thin = '';
  let closed = '';
  let open = '';
  for (let cell = 0; cell < size * size; cell++) {
    const row = Math.floor(cell / size);
    const col = cell % size;
    if (col < size - 1) {
      const segment = `M${col + 1} ${row}v1`;
      if (!(walls[cell] & WALL_RIGHT)) thin += segment;
      else if (openEdges.has(cell * 2)) open += segment;
      else closed += segment;
    }
    if (row < size - 1) {
      const segment = `M${col} ${row + 1}h1`;
      if (!(walls[cell] & WALL_DOWN)) thin += segment;
      else if (openEdges.has(cell * 2 + 1)) open += segment;
      else closed += segment;
    }
  }
  return (
    <GridOverlay className="wall-layer" size={size}>
      <path className="line-thin" d={thin} vectorEffect="non-scaling-stroke" />
      <path className="line-wall" d={closed} vectorEffect="non-scaling-stroke" />
      <path className="line-open" d={open} vectorEffect="non-scaling-stroke" />
      <rect
        className="line-border"
        x={0}
        y={0}
        width={size}
        height={size}
        vectorEffect="non-scaling-stroke"
      />
    </GridOverlay>
  );
});
