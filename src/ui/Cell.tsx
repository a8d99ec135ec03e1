import { memo, type CSSProperties } from 'react';
import { digitChar } from '../engine/index.ts';

/** 'deduced': placed by a logic step applied in the logic panel (not a clue). */
export type CellKind = 'clue' | 'solved' | 'deduced' | 'empty';

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
  /** The grid's size, for the layout of the candidate digits. */
  size: number;
  /** True candidates of an empty cell (bit d = digit d); 0 when not shown. */
  candidates: number;
  /** A setter's mark on a clue: in a set that cannot all hold, or redundant. */
  clueMark: 'core' | 'redundant' | null;
  /** The clue Make it unique proposes for this empty cell, else 0. */
  proposed: number;
  /**
   * In a region of too many or too few cells, which LayoutMarks hatches: what the cell holds
   * gets a halo of the cell's own colour, so no stripe touches a digit.
   */
  hatched?: boolean;
}

/** The digits of a mask (bit d = digit d), ascending. */
const maskDigits = (mask: number): number[] => {
  const digits: number[] = [];
  for (let digit = 1; digit < 32; digit++) if (mask & (1 << digit)) digits.push(digit);
  return digits;
};

export function cellLabel(props: CellProps): string {
  const { row, col, region, kind, digit, conflict, otherDigit } = props;
  const content =
    kind === 'clue'
      ? `clue ${digitChar(digit)}`
      : kind === 'solved'
        ? `solved ${digitChar(digit)}`
        : kind === 'deduced'
          ? `deduced ${digitChar(digit)}`
          : 'empty';
  let label = `Row ${row + 1}, column ${col + 1}, region ${region}, ${content}`;
  if (conflict) label += ', clashes with another clue';
  if (props.clueMark === 'core') label += ', one of the clues that cannot all hold';
  if (props.clueMark === 'redundant') label += ', redundant clue';
  if (props.proposed) label += `, proposed clue ${digitChar(props.proposed)}`;
  if (props.candidates) {
    const digits = maskDigits(props.candidates).map(digitChar);
    label +=
      digits.length === 1
        ? `, single true candidate ${digits[0]}`
        : `, true candidates ${digits.join(' ')}`;
  }
  if (otherDigit) label += `, differs from solution 2 (${digitChar(otherDigit)})`;
  if (props.picked) label += ', picked';
  return label;
}

/**
 * One cell. Memoised with primitive props, so typing a digit re-renders that cell only.
 * Walls are drawn by the grid's overlay, not by the cells. What the cell holds (its digit, its
 * true candidates, a proposed clue, the region number) is drawn above the grid's marks
 * layer (app.css), so the hatching of a layout problem lies under the digits, not over them.
 */
export const Cell = memo(function Cell(props: CellProps) {
  const { cell, digit, kind, hue, focused, picked, conflict, otherDigit, region, candidates } =
    props;
  const classes = ['cell', `cell-${kind}`];
  if (props.clueMark) classes.push(`cell-${props.clueMark}`);
  if (props.proposed) classes.push('cell-proposed');
  const single = candidates !== 0 && (candidates & (candidates - 1)) === 0;
  if (single) classes.push('cell-single');
  if (picked) classes.push('cell-picked');
  if (conflict) classes.push('cell-conflict');
  if (otherDigit) classes.push('cell-differs');
  if (props.hatched) classes.push('cell-hatched');
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
      {kind !== 'empty' && <span className="cell-digit">{digitChar(digit)}</span>}
      {/* Drawn, not text: the cell is still empty, as its text and name say. */}
      {kind === 'empty' && props.proposed !== 0 && (
        <span className="proposed-clue" aria-hidden="true" data-marks={digitChar(props.proposed)} />
      )}
      {kind === 'empty' && props.proposed === 0 && candidates !== 0 && (
        <CandidateMarks size={props.size} mask={candidates} />
      )}
    </div>
  );
});

/**
 * True candidates as small digits, each in its own place of a k x k block (k = ceil(sqrt(n))),
 * as pencil marks are drawn, so a digit is found at the same spot in every cell. The block is
 * one text of k lines (a space where a digit is missing) drawn by CSS (content:
 * attr(data-marks)): one box per cell to lay out, and the cell's text stays its digit
 * (empty) while the label says the candidates in words.
 */
function CandidateMarks({ size, mask }: { size: number; mask: number }) {
  const side = Math.ceil(Math.sqrt(size));
  let marks = '';
  for (let slot = 1; slot <= side * side; slot++) {
    marks += slot <= size && (mask & (1 << slot)) !== 0 ? digitChar(slot) : ' ';
    if (slot % side === 0 && slot < side * side) marks += '\n';
  }
  return (
    <span
      className="true-candidates"
      aria-hidden="true"
      data-marks={marks}
      style={{ '--side': side } as CSSProperties}
    />
  );
}
