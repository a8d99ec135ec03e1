/**
 * Variant constraints on the grid: the shapes of render/constraintShapes.ts (the one drawing,
 * which the exported image uses too) rendered in two GridOverlays in grid units. The under
 * layer (shading, lines, bulbs, circles) lies over the cells' colours and under their digits
 * and pencil marks, like the layout hatching; the over layer (cage outlines and sums, marks on
 * edges, sums outside the grid) lies over the walls, so a pencil mark never hides a sum.
 * Both overflow the grid (app.css): little killer and sandwich sums sit in the grid's reach
 * margin, just outside its border.
 *
 * Colours are tones: each maps to a custom property `--constraint-<tone>` set for light and
 * dark in app.css. A broken constraint arrives in the error tones; a draft (the cells of a
 * gesture in progress) and the selected constraint (the one the panel edits) in the draft
 * tone, the accent colour. The layer measures its own pixels per cell (ResizeObserver) so that text
 * stays readable on a 16x16 phone grid. Decorative, like every overlay: the panels say the
 * same in words.
 */
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Constraint } from '../engine/index.ts';
import { GridOverlay } from './GridOverlay.tsx';
import { constraintShapes, type Shape, type Tone } from './render/constraintShapes.ts';

interface ConstraintLayerProps {
  size: number;
  constraints: readonly Constraint[];
  /** Indices of the constraints a full grid breaks. */
  broken?: ReadonlySet<number>;
  /** The constraint being drawn, shown in the draft tone. */
  draft?: Constraint | null;
  /** The index of the selected constraint (the panel's), outlined. */
  selected?: number | null;
}

const tone = (value: Tone | undefined): string =>
  value === undefined ? 'none' : `var(--constraint-${value})`;

function ShapeElement({ shape }: { shape: Shape }) {
  switch (shape.type) {
    case 'path': {
      const style: CSSProperties = {
        fill: tone(shape.fill),
        stroke: tone(shape.stroke),
        strokeWidth: shape.width,
        strokeDasharray: shape.dash?.join(' '),
        strokeLinecap: shape.round ? 'round' : 'butt',
        strokeLinejoin: shape.round ? 'round' : 'miter',
      };
      return <path d={shape.d} style={style} />;
    }
    case 'circle':
      return (
        <circle
          cx={shape.cx}
          cy={shape.cy}
          r={shape.r}
          style={{ fill: tone(shape.fill), stroke: tone(shape.stroke), strokeWidth: shape.width }}
        />
      );
    case 'text':
      return (
        <text
          x={shape.x}
          y={shape.y}
          fontSize={shape.size}
          textAnchor={shape.anchor}
          dominantBaseline={shape.baseline}
          fontWeight={shape.bold ? 'bold' : undefined}
          style={{
            fill: tone(shape.fill),
            stroke: shape.halo ? tone(shape.halo) : undefined,
            strokeWidth: shape.halo ? shape.size * 0.22 : undefined,
            paintOrder: shape.halo ? 'stroke' : undefined,
            strokeLinejoin: 'round',
          }}
        >
          {shape.text}
        </text>
      );
  }
}

/** The overlay's pixels per cell, kept while it resizes (none where nothing measures). */
function useCellPx(size: number) {
  const ref = useRef<SVGSVGElement>(null);
  const [cellPx, setCellPx] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const measure = (width: number): void => {
      if (width > 0) setCellPx(Math.round((width / size) * 2) / 2);
    };
    measure(svg.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) =>
      measure(entries[entries.length - 1].contentRect.width),
    );
    observer.observe(svg);
    return () => observer.disconnect();
  }, [size]);
  return { ref, cellPx };
}

export const ConstraintLayer = memo(function ConstraintLayer({
  size,
  constraints,
  broken,
  draft = null,
  selected = null,
}: ConstraintLayerProps) {
  const { ref, cellPx } = useCellPx(size);
  const shapes = useMemo(
    () => constraintShapes(constraints, size, { broken, cellPx, selected }),
    [constraints, size, broken, cellPx, selected],
  );
  const draftShapes = useMemo(
    () => (draft ? constraintShapes([draft], size, { draft: true, cellPx }) : []),
    [draft, size, cellPx],
  );
  const layer = (which: Shape['layer']) => [
    ...shapes
      .filter((shape) => shape.layer === which)
      .map((shape, k) => <ShapeElement key={`${shape.index}-${k}`} shape={shape} />),
    ...draftShapes
      .filter((shape) => shape.layer === which)
      .map((shape, k) => <ShapeElement key={`draft-${k}`} shape={shape} />),
  ];
  return (
    <>
      <GridOverlay ref={ref} className="constraint-layer constraint-under" size={size}>
        {layer('under')}
      </GridOverlay>
      <GridOverlay className="constraint-layer constraint-over" size={size}>
        {layer('over')}
      </GridOverlay>
    </>
  );
});
