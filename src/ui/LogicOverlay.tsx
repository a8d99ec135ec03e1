/**
 * What the logic panel shows on the grid, drawn over the cells (like the wall layer, it takes
 * no pointer events and is hidden from assistive technology: the panel's explanation says the
 * same in words, and the cells' names say which digits were deduced).
 *
 * For the step shown: the cells of its pattern are outlined; every cell it uses (pattern,
 * eliminations, placements) shows its candidates small, as they were before the step, with
 * the candidates the reasoning uses highlighted, the eliminated ones struck through and a
 * placement marked. When Solve by logic got stuck, the cells still empty are hatched and show
 * the candidates left there (not while Solve's solution fills them), drawn above the
 * hatching with a halo of the cell's own colour (`hueOf`), so no stripe touches a digit.
 *
 * Positions are CSS grid cells (1-based row and column), so the overlay follows the grid at
 * every size without measuring anything.
 */
import type { CSSProperties, ReactElement } from 'react';
import { digitChar } from '../engine/index.ts';
import { logicOverlay } from '../store/store.ts';
import { useSquiggly } from './StoreContext.tsx';

/** Digits of a candidate mask (bit d = digit d), ascending. */
function digitsOfMask(mask: number, size: number): number[] {
  const digits: number[] = [];
  for (let digit = 1; digit <= size; digit++) if (mask & (1 << digit)) digits.push(digit);
  return digits;
}

const key = (cell: number, digit: number): string => `${cell}:${digit}`;

export function LogicOverlay({
  solutionShown = false,
  hueOf,
}: {
  solutionShown?: boolean;
  /** The hue of a cell's region, for the halo round the candidates of a hatched cell. */
  hueOf?: (cell: number) => number;
}) {
  const size = useSquiggly((s) => s.size);
  const overlay = useSquiggly(logicOverlay);
  if (!overlay) return null;
  const { step, before } = overlay;
  // A solution on the grid (Solve) fills the cells logic left empty: their hatching goes.
  const stuckCells = solutionShown ? [] : overlay.stuckCells;
  const marks: ReactElement[] = [];
  const place = (cell: number): CSSProperties => ({
    gridRow: Math.floor(cell / size) + 1,
    gridColumn: (cell % size) + 1,
  });
  const columns = Math.ceil(Math.sqrt(size));
  const candidateAt = (digit: number): CSSProperties => ({
    gridRow: Math.floor((digit - 1) / columns) + 1,
    gridColumn: ((digit - 1) % columns) + 1,
  });
  // Where logic got stuck, the candidates it left: what a setter changes a clue against.
  for (const cell of stuckCells) {
    marks.push(
      <div
        key={`stuck-${cell}`}
        className="logic-stuck"
        style={{ ...place(cell), '--columns': columns, '--hue': hueOf?.(cell) } as CSSProperties}
      >
        {digitsOfMask(before?.candidates[cell] ?? 0, size).map((digit) => (
          <span key={digit} className="logic-candidate" style={candidateAt(digit)}>
            {digitChar(digit)}
          </span>
        ))}
      </div>,
    );
  }
  if (step) {
    const pattern = new Set(step.cells);
    const used = new Set(step.candidates.map(({ cell, digit }) => key(cell, digit)));
    const struck = new Set(step.eliminations.map(({ cell, digit }) => key(cell, digit)));
    const placed = new Set(step.placements.map(({ cell, digit }) => key(cell, digit)));
    const involved = new Set([
      ...step.cells,
      ...step.candidates.map(({ cell }) => cell),
      ...step.eliminations.map(({ cell }) => cell),
      ...step.placements.map(({ cell }) => cell),
    ]);
    for (const cell of [...involved].sort((a, b) => a - b)) {
      const mask = before?.candidates[cell] ?? 0;
      const digits = digitsOfMask(mask, size);
      const classes = ['logic-cell'];
      if (pattern.has(cell)) classes.push('logic-pattern');
      if (step.eliminations.some((e) => e.cell === cell)) classes.push('logic-target');
      marks.push(
        <div
          key={`cell-${cell}`}
          className={classes.join(' ')}
          style={{ ...place(cell), '--columns': columns } as CSSProperties}
        >
          {digits.map((digit) => {
            const id = key(cell, digit);
            const kind = placed.has(id)
              ? 'logic-placed'
              : struck.has(id)
                ? 'logic-struck'
                : used.has(id)
                  ? 'logic-used'
                  : '';
            return (
              <span key={digit} className={`logic-candidate ${kind}`} style={candidateAt(digit)}>
                {digitChar(digit)}
              </span>
            );
          })}
        </div>,
      );
    }
  }
  return (
    <div className="logic-overlay" aria-hidden="true" data-testid="logic-overlay">
      {marks}
    </div>
  );
}
