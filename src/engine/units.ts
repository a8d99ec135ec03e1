/**
 * Units (rows, columns, regions) derived from a layout, as in Norvig's `unitlist`: the
 * solvers never mention boxes, they see units.
 */
import type { Board } from './board.ts';

export type UnitKind = 'row' | 'column' | 'region';

export interface Unit {
  kind: UnitKind;
  /** 0-based row, column or region id. */
  index: number;
  /** The unit's cells in reading order. */
  cells: number[];
}

/** All 3N units of a board: N rows, then N columns, then N regions. */
export function unitsOf(board: Pick<Board, 'size' | 'regions'>): Unit[] {
  const { size, regions } = board;
  const units: Unit[] = [];
  for (let row = 0; row < size; row++) {
    units.push({
      kind: 'row',
      index: row,
      cells: Array.from({ length: size }, (_, c) => row * size + c),
    });
  }
  for (let col = 0; col < size; col++) {
    units.push({
      kind: 'column',
      index: col,
      cells: Array.from({ length: size }, (_, r) => r * size + col),
    });
  }
  const regionCells: number[][] = Array.from({ length: size }, () => []);
  for (let cell = 0; cell < size * size; cell++) regionCells[regions[cell]]?.push(cell);
  regionCells.forEach((cells, index) => units.push({ kind: 'region', index, cells }));
  return units;
}

/** Full candidate mask for a size: bits 1..N set (bit d = digit d). */
export const fullMask = (size: number): number => ((1 << size) - 1) << 1;

/** Number of set bits in a 32-bit mask. */
export function popcount(mask: number): number {
  let bits = mask - ((mask >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The digit of a single-bit mask. */
export const digitOfBit = (bit: number): number => 31 - Math.clz32(bit);
