import { memo, type CSSProperties } from 'react';
import { digitChar } from '../engine/index.ts';

export type CellKind = 'clue' | 'solved' | 'empty';

export interface CellProps {
  cell: number;
  row: number;
  col: number;
  digit: number;
  kind: CellKind;
  /** 1-based region (area) number, as the layout panel counts them. */
  region: number;
  /** Soft background hue index of the region. */
  hue: number;
  focused: boolean;
  /** Picked for a keyboard region assignment, or under a paint drag. */
  picked: boolean;
  conflict: boolean;
  /** The digit of the second solution where it differs from this one, else 0. */
  otherDigit: number;
  showRegionNumber: boolean;
}

export function cellLabel(props: CellProps): string {
  const { row, col, region, kind, digit, conflict, otherDigit } = props;
  const content =
    kind === 'clue'
      ? `clue ${digitChar(digit)}`
      : kind === 'solved'
        ? `solved ${digitChar(digit)}`
        : 'empty';
  let label = `Row ${row + 1}, column ${col + 1}, region ${region}, ${content}`;
  if (conflict) label += ', clashes with another clue';
  if (otherDigit) label += `, differs from solution 2 (${digitChar(otherDigit)})`;
  if (props.picked) label += ', picked';
  return label;
}

/**
 * One cell. Memoised with primitive props, so typing a digit re-renders that cell only.
 * Walls are drawn by the grid's overlay, not by the cells.
 */
export const Cell = memo(function Cell(props: CellProps) {
  const { cell, digit, kind, hue, focused, picked, conflict, otherDigit, region } = props;
  const classes = ['cell', `cell-${kind}`];
  if (picked) classes.push('cell-picked');
  if (conflict) classes.push('cell-conflict');
  if (otherDigit) classes.push('cell-differs');
  return (
    <div
      role="gridcell"
      className={classes.join(' ')}
      data-cell={cell}
      aria-label={cellLabel(props)}
      aria-selected={focused}
      tabIndex={focused ? 0 : -1}
      // The region number shows through CSS (::before), so the cell's text stays its digit.
      data-region={props.showRegionNumber ? region : undefined}
      style={{ '--hue': hue } as CSSProperties}
    >
      {kind !== 'empty' ? digitChar(digit) : ''}
    </div>
  );
});
