/**
 * An SVG drawn over the grid's cells in grid units: (0, 0) is the top-left corner and (N, N)
 * the bottom-right, stretched to the frame (the cells are square, so nothing distorts), so an
 * overlay draws cells and lines by their row and column and scales with every screen. Strokes
 * that must stay crisp use `vectorEffect="non-scaling-stroke"`. Decorative for assistive
 * technology (the cells' names and the panels say the same in words) and, through app.css,
 * transparent to the pointer, so presses reach the cells under it.
 */
import type { ReactNode, Ref } from 'react';

export function GridOverlay({
  className,
  size,
  children,
  ref,
}: {
  className: string;
  size: number;
  children: ReactNode;
  /** For an overlay that measures itself (ConstraintLayer: its pixels per cell). */
  ref?: Ref<SVGSVGElement>;
}) {
  return (
    <svg
      ref={ref}
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
