/**
 * A small read-only grid as a table with a caption: the second of two solutions (cells that
 * differ from the grid marked), or one filled grid of a layout (Check layout). Scrolls on its
 * own on a narrow screen, so a 16x16 grid never widens the page.
 */
import type { CSSProperties } from 'react';
import { digitChar } from '../engine/index.ts';

export function MiniGrid({
  size,
  digits,
  caption,
  marked,
}: {
  size: number;
  digits: readonly number[];
  caption: string;
  /** Cells to mark (class `differs`); none when omitted. */
  marked?: (cell: number) => boolean;
}) {
  const rows = [];
  for (let row = 0; row < size; row++) {
    const cells = [];
    for (let col = 0; col < size; col++) {
      const cell = row * size + col;
      cells.push(
        <td key={col} className={marked?.(cell) ? 'differs' : undefined}>
          {digitChar(digits[cell])}
        </td>,
      );
    }
    rows.push(<tr key={row}>{cells}</tr>);
  }
  return (
    <div className="mini-grid-scroll">
      <table className="mini-grid" style={{ '--n': size } as CSSProperties}>
        <caption>{caption}</caption>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}
