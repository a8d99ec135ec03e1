/**
 * One cell in Play: a clue (locked), the player's digit, or the player's pencil marks (centre
 * marks in a row in the middle, corner marks around the edge, in the order the popular play
 * apps use: the four corners first, then the edge middles). Memoised on primitive props, so a
 * move re-renders the cells it changed. Marks are drawn by CSS (`content: attr(data-marks)`),
 * so the cell's text stays its digit, as its name says. The accessible name says all of it: where the
 * cell is, its region, what it holds (a digit Reveal put there says so), its marks, its colours,
 * a clash and a wrong digit after Check.
 *
 * Colours (playColours.ts) are the cell's background, in wedges when there are several, under
 * the selection's shading and under the digit and marks, which take darker (or, dark scheme,
 * lighter) shades in a coloured cell so they stay legible on every colour. Highlighting: a
 * cell with the selected cell's digit is `same`, a cell the selected cell sees is `seen`
 * (both a light shade), and a mark of that digit (`markSame`) is drawn bold on a shade.
 */
import { memo, type CSSProperties } from 'react';
import { digitChar } from '../../engine/index.ts';
import { maskDigits } from '../../store/store.ts';
import { colourFill, colourNames, coloursOf } from './playColours.ts';

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
  /** Colours, bit c for colour c (playColours.ts). */
  colour: number;
  /** Holds the digit of the selected cell (highlighted). */
  same: boolean;
  /** Seen by the selected cell: in its row, column or region. */
  seen: boolean;
  /** A mark of this digit is highlighted (the selected cell's digit); 0 for none. */
  markSame: number;
}

/** Up to six corner marks: a 3x3 layout (row, column), in the order marks fill them. */
const CORNER_SLOTS: [number, number][] = [
  [1, 1],
  [1, 3],
  [3, 1],
  [3, 3],
  [1, 2],
  [3, 2],
];
/**
 * Seven or eight: four to a row in the top and bottom rows of a 4x3 layout, so the middle row
 * stays free for centre marks (a 3x3 layout would put the seventh and eighth there).
 */
const BAND_CORNER_SLOTS: [number, number][] = [
  [1, 1],
  [1, 4],
  [3, 1],
  [3, 4],
  [1, 2],
  [1, 3],
  [3, 2],
  [3, 3],
];
/**
 * Nine to sixteen: a 4x4 layout, the corners, the top and bottom edges, the side edges, then
 * the middle: up to twelve leave the middle 2x2 free for centre marks.
 */
const WIDE_CORNER_SLOTS: [number, number][] = [
  ...BAND_CORNER_SLOTS.map(([row, col]): [number, number] => [row === 3 ? 4 : row, col]),
  [2, 1],
  [3, 1],
  [2, 4],
  [3, 4],
  [2, 2],
  [2, 3],
  [3, 2],
  [3, 3],
];

/** The corner layout for a number of marks: its class and slots. */
function cornerLayout(count: number): { name: string; slots: [number, number][] } {
  if (count <= CORNER_SLOTS.length) return { name: 'marks-corner', slots: CORNER_SLOTS };
  if (count <= BAND_CORNER_SLOTS.length) {
    return { name: 'marks-corner marks-corner-band', slots: BAND_CORNER_SLOTS };
  }
  return { name: 'marks-corner marks-corner-wide', slots: WIDE_CORNER_SLOTS };
}

const digitList = (digits: number[]): string => digits.map(digitChar).join(' ');

/** A mark's width in em: digits are 0.6-0.66em wide, the letters of 10-16 up to 0.78em. */
const markWidth = (mark: number): number => (mark <= 9 ? 0.66 : 0.78);

/**
 * Where the centre marks go, beside the corner marks, and their font size as a share of the
 * cell: as large as the other apps draw them (0.22), smaller as there are more. Up to eight
 * corner marks leave the middle row free (0.86 of the cell's width, one line); nine to twelve
 * the middle 2x2 of a 4x4 (two lines in a box 0.42 wide, clear of the side columns); more
 * fill the cell, and the centre marks keep to its middle third.
 *
 * `most` is the largest share that still fits: on a small cell (a phone) the marks grow
 * towards 10 px up to it (app.css), where 0.22 of a 38 px cell is only 8 px.
 */
function centreFit(
  centre: number,
  corner: number,
  size: number,
): { fit: number; most: number; free: number } {
  const marks = maskDigits(centre, size);
  const width = marks.reduce((sum, mark) => sum + markWidth(mark), 0);
  const corners = maskDigits(corner, size).length;
  if (corners <= BAND_CORNER_SLOTS.length) {
    // One line, 0.86 of the cell wide; beside corner marks no taller than the middle row
    // (0.29 of the cell, less the line's leading).
    const most = Math.min(corners > 0 ? 0.27 : 0.3, 0.86 / width);
    return { fit: Math.min(0.22, 0.86 / width), most, free: 0.88 };
  }
  if (corners <= 12) {
    // Two lines, each of at most half the marks and the widest one, inside the middle rows.
    const line = width / 2 + Math.max(...marks.map(markWidth)) / 2;
    const fit = Math.min(marks.length > 1 ? 0.2 : 0.22, 0.4 / line);
    return { fit, most: fit, free: 0.42 };
  }
  const fit = Math.min(0.22, 0.32 / width);
  return { fit, most: fit, free: 0.88 };
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
  const colours = coloursOf(props.colour).length;
  if (colours > 0)
    label += `, ${colours === 1 ? 'colour' : 'colours'} ${colourNames(props.colour)}`;
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
  if (props.same) classes.push('cell-same');
  if (props.seen) classes.push('cell-seen');
  const fill = colourFill(props.colour);
  if (fill) classes.push('cell-coloured');
  const shown = given || digit;
  const style = { '--hue': hue, ...(fill ? { '--colours': fill } : {}) } as CSSProperties;
  const markSame = props.markSame;
  return (
    <div
      role="gridcell"
      className={classes.join(' ')}
      data-cell={cell}
      aria-label={playCellLabel(props)}
      aria-selected={selected}
      aria-readonly={given ? true : undefined}
      tabIndex={cursor ? 0 : -1}
      style={style}
    >
      {shown ? (
        digitChar(shown)
      ) : (
        <>
          {centre !== 0 && (
            <CentreMarks centre={centre} corner={corner} size={size} same={markSame} />
          )}
          {corner !== 0 && <CornerMarks marks={maskDigits(corner, size)} same={markSame} />}
        </>
      )}
    </div>
  );
});

function centreStyle(centre: number, corner: number, size: number): CSSProperties {
  const { fit, most, free } = centreFit(centre, corner, size);
  return {
    '--fit': fit,
    '--fit-most': most,
    maxWidth: `${Math.round(free * 100)}%`,
  } as CSSProperties;
}

/**
 * The centre marks: one string, or (a highlighted digit among them) the marks before it, it,
 * and those after, so that it alone is drawn bold.
 */
function CentreMarks(props: { centre: number; corner: number; size: number; same: number }) {
  const { centre, corner, size, same } = props;
  const marks = maskDigits(centre, size);
  const style = centreStyle(centre, corner, size);
  const at = marks.indexOf(same);
  if (at < 0) {
    return (
      <span
        className="marks-centre"
        aria-hidden="true"
        data-marks={marks.map(digitChar).join('')}
        style={style}
      />
    );
  }
  const text = (part: number[]): string => part.map(digitChar).join('');
  return (
    <span className="marks-centre" aria-hidden="true" style={style}>
      {at > 0 && <span data-marks={text(marks.slice(0, at))} />}
      <span className="mark-same" data-marks={digitChar(same)} />
      {at < marks.length - 1 && <span data-marks={text(marks.slice(at + 1))} />}
    </span>
  );
}

/** The corner marks in their slots: 3x3 up to six of them, 4x3 up to eight, else 4x4. */
function CornerMarks({ marks, same }: { marks: number[]; same: number }) {
  const { name, slots } = cornerLayout(marks.length);
  return (
    <span className={name} aria-hidden="true">
      {marks.map((mark, index) => {
        const [r, c] = slots[index % slots.length];
        return (
          <span
            key={mark}
            className={mark === same ? 'mark-same' : undefined}
            data-marks={digitChar(mark)}
            style={{ gridRow: r, gridColumn: c }}
          />
        );
      })}
    </span>
  );
}
