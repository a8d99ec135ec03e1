/**
 * Logical propagation of naked and hidden singles, recording each deduction so that hints
 * can explain themselves. Later hint techniques build on the candidate grid it keeps.
 */
import { cellName, type Board } from './board.ts';
import { digitOfBit, fullMask, popcount, unitsOf, type Unit } from './units.ts';

export interface Deduction {
  technique: 'naked-single' | 'hidden-single';
  cell: number;
  digit: number;
  /** For a hidden single: the unit where the digit has one place left. */
  unit?: { kind: Unit['kind']; index: number };
  /** The reason in words, 1-based names: "r3c5 is the only place for 7 in row 3". */
  explanation: string;
}

export interface PropagationResult {
  /** Givens plus every digit deduced. */
  grid: Uint8Array;
  /** Candidate mask per cell (bit d = digit d); 0 for filled cells. */
  candidates: Int32Array;
  deductions: Deduction[];
  /** Set when the position is impossible: why, in words. */
  contradiction?: string;
  /** True when every cell is filled. */
  solved: boolean;
}

const unitName = (unit: Unit): string => `${unit.kind} ${unit.index + 1}`;

/**
 * Apply naked and hidden singles until neither finds anything. Stops at the first
 * contradiction (a cell with no candidate, or a digit with no place in a unit).
 * `maxDeductions` bounds the work (default: no bound) — a hint needs only the first one.
 */
export function propagateSingles(board: Board, maxDeductions = Infinity): PropagationResult {
  const { size, givens } = board;
  const units = unitsOf(board);
  const unitsOfCell: Unit[][] = Array.from({ length: size * size }, () => []);
  for (const unit of units) for (const cell of unit.cells) unitsOfCell[cell].push(unit);
  const grid = Uint8Array.from(givens);
  const candidates = new Int32Array(size * size);
  const deductions: Deduction[] = [];
  const full = fullMask(size);
  for (let cell = 0; cell < size * size; cell++) {
    if (grid[cell] !== 0) continue;
    let mask = full;
    for (const unit of unitsOfCell[cell]) for (const peer of unit.cells) mask &= ~(1 << grid[peer]);
    candidates[cell] = mask;
  }
  const place = (cell: number, digit: number): void => {
    grid[cell] = digit;
    candidates[cell] = 0;
    for (const unit of unitsOfCell[cell])
      for (const peer of unit.cells) candidates[peer] &= ~(1 << digit);
  };
  const result = (contradiction?: string): PropagationResult => ({
    grid,
    candidates,
    deductions,
    contradiction,
    solved: grid.every((digit) => digit !== 0),
  });

  let progress = true;
  while (progress && deductions.length < maxDeductions) {
    progress = false;
    for (let cell = 0; cell < size * size && deductions.length < maxDeductions; cell++) {
      if (grid[cell] !== 0) continue;
      const mask = candidates[cell];
      if (mask === 0) return result(`${cellName(cell, size)} has no candidate left`);
      if (popcount(mask) === 1) {
        const digit = digitOfBit(mask);
        deductions.push({
          technique: 'naked-single',
          cell,
          digit,
          explanation: `${cellName(cell, size)} can only be ${digit}: every other digit is in its row, column or region`,
        });
        place(cell, digit);
        progress = true;
      }
    }
    for (const unit of units) {
      if (deductions.length >= maxDeductions) break;
      for (let digit = 1; digit <= size; digit++) {
        if (unit.cells.some((cell) => grid[cell] === digit)) continue;
        const places = unit.cells.filter((cell) => (candidates[cell] & (1 << digit)) !== 0);
        if (places.length === 0) return result(`${digit} has no place left in ${unitName(unit)}`);
        if (places.length === 1 && deductions.length < maxDeductions) {
          const cell = places[0];
          deductions.push({
            technique: 'hidden-single',
            cell,
            digit,
            unit: { kind: unit.kind, index: unit.index },
            explanation: `${cellName(cell, size)} is the only place for ${digit} in ${unitName(unit)}`,
          });
          place(cell, digit);
          progress = true;
        }
      }
    }
  }
  return result();
}
