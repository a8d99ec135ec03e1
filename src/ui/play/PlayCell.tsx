/**
 * One cell in Play: a clue (locked), the player's digit, or the player's pencil marks (centre
 * marks in a row in the middle, corner marks around the edge, in the order the popular play
 * apps use: the four corners first, then the edge middles). Memoised on primitive props, so a
 * move re-renders the cells it changed. Marks are drawn by CSS (`content: attr(data-marks)`),
 * so the cell's text stays its digit, as its name says. The accessible name says all of it: where the
 * cell is, its region, what it holds (a digit Reveal put there says so), its marks, a clash and
 * a wrong digit after Check.
 */
import { memo, type CSSProperties } from 'react';
import { digitChar } from '../../engine/index.ts';
import { maskDigits } from '../../store/playSlice.ts';

export interface PlayCellProps {
  cell: number;
  row: number;
  col: number;
  size: number;
  region: number;
  hue: number;
  given: number;
  digit: number;
  centre: number;
  corner: number;
  cursor: boolean;
  selected: boolean;
  conflict: boolean;
  wrong: boolean;
  /** The digit is the one Reveal put there: drawn apart from the player's own. */
  revealed: boolean;
}

/** Corner mark slots in a 3x3 layout (row, column), in the order marks fill them. */
const CORNER_SLOTS: [number, number][] = [
  [1, 1],
  [1, 3],
  [3, 1],
  [3, 3],
  [1, 2],
  [3, 2],
  [2, 1],
  [2, 3],
  [2, 2],
];
/**
 * More than nine corner marks (12x12, 16x16) take a 4x4 layout: the corners, the edges, then
 * the middle, in the same spirit. Nine slots would draw the tenth mark over the first.
 */
const WIDE_CORNER_SLOTS: [number, number][] = [
  [1, 1],
  [1, 4],
  [4, 1],
  [4, 4],
  [1, 2],
  [1, 3],
  [4, 2],
  [4, 3],
  [2, 1],
  [3, 1],
  [2, 4],
  [3, 4],
  [2, 2],
  [2, 3],
  [3, 2],
  [3, 3],
];

const digitList = (digits: number[]): string => digits.map(digitChar).join(' ');

/**
 * The centre marks' font size as a share of the cell: as large as the other apps draw them
 * (0.22), smaller as there are more, so that they stay on one line in the width free of
 * corner marks: the middle row up to six corner marks (corners, then top and bottom middles
 * fill first), only its middle third past that. A digit is 0.6-0.65em wide.
 */
function centreFit(centre: number, corner: number, size: number): number {
  const count = maskDigits(centre, size).length;
  const free = maskDigits(corner, size).length > 6 ? 0.32 : 0.86;
  return Math.min(0.22, free / (0.66 * count));
}

export function playCellLabel(props: PlayCellProps): string {
  const { row, col, region, given, digit, centre, corner, size, conflict, wrong } = props;
  let label = `Row ${row + 1}, column ${col + 1}, region ${region}, `;
  if (given) label += `clue ${digitChar(given)}`;
  else if (digit) label += `digit ${digitChar(digit)}${props.revealed ? ', revealed' : ''}`;
  else {
    label += 'empty';
    const centreDigits = maskDigits(centre, size);
    const cornerDigits = maskDigits(corner, size);
    if (centreDigits.length) label += `, centre marks ${digitList(centreDigits)}`;
    if (cornerDigits.length) label += `, corner marks ${digitList(cornerDigits)}`;
  }
  if (conflict) label += ', clashes with another digit';
  if (wrong) label += ', wrong';
  return label;
}

export const PlayCell = memo(function PlayCell(props: PlayCellProps) {
  const { cell, size, given, digit, centre, corner, hue, cursor, selected, conflict, wrong } =
    props;
  const classes = ['cell', given ? 'cell-clue' : digit ? 'cell-played' : 'cell-empty'];
  if (digit && !given && props.revealed) classes.push('cell-revealed');
  if (selected) classes.push('cell-picked');
  if (cursor) classes.push('cell-cursor');
  if (conflict) classes.push('cell-conflict');
  if (wrong) classes.push('cell-wrong');
  const shown = given || digit;
  return (
    <div
      role="gridcell"
      className={classes.join(' ')}
      data-cell={cell}
      aria-label={playCellLabel(props)}
      aria-selected={selected}
      aria-readonly={given ? true : undefined}
      tabIndex={cursor ? 0 : -1}
      style={{ '--hue': hue } as CSSProperties}
    >
      {shown ? (
        digitChar(shown)
      ) : (
        <>
          {centre !== 0 && (
            <span
              className="marks-centre"
              aria-hidden="true"
              data-marks={maskDigits(centre, size).map(digitChar).join('')}
              style={{ '--fit': centreFit(centre, corner, size) } as CSSProperties}
            />
          )}
          {corner !== 0 && <CornerMarks marks={maskDigits(corner, size)} />}
        </>
      )}
    </div>
  );
});

/** The corner marks in their slots: 3x3 up to nine of them, else 4x4. */
function CornerMarks({ marks }: { marks: number[] }) {
  const wide = marks.length > CORNER_SLOTS.length;
  const slots = wide ? WIDE_CORNER_SLOTS : CORNER_SLOTS;
  return (
    <span className={`marks-corner${wide ? ' marks-corner-wide' : ''}`} aria-hidden="true">
      {marks.map((mark, index) => {
        const [r, c] = slots[index % slots.length];
        return (
          <span key={mark} data-marks={digitChar(mark)} style={{ gridRow: r, gridColumn: c }} />
        );
      })}
    </span>
  );
}
