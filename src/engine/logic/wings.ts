/**
 * Wings: the XY-wing.
 *
 * A pivot cell with two candidates {x, y} sees two pincer cells {x, z} and {y, z}. If the
 * pivot is x, the first pincer is z; if it is y, the second is. Either way one pincer is
 * z, so z can be removed from every cell that sees both pincers. "Sees" is any shared
 * row, column or region, so with irregular regions the pincers and their common peers
 * take shapes no standard grid has; the rule is the same.
 */
import { cellName, digitChar } from '../board.ts';
import { digitOfBit, popcount } from '../units.ts';
import { sees, type LogicState } from './state.ts';
import { listCells, type Step } from './step.ts';

/** The cells a cell sees that hold two candidates, each once, in reading order. */
function bivaluePeers(state: LogicState, cell: number): number[] {
  const { geometry, candidates } = state;
  const found = new Set<number>();
  for (let slot = 0; slot < 3; slot++) {
    for (const peer of geometry.units[geometry.unitsOfCell[3 * cell + slot]].cells) {
      if (peer !== cell && popcount(candidates[peer]) === 2) found.add(peer);
    }
  }
  return [...found].sort((first, second) => first - second);
}

export function xyWing(state: LogicState): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  for (let pivot = 0; pivot < size * size; pivot++) {
    const pivotMask = candidates[pivot];
    if (popcount(pivotMask) !== 2) continue;
    const wings = bivaluePeers(state, pivot).filter(
      (peer) => popcount(candidates[peer] & pivotMask) === 1,
    );
    for (let i = 0; i < wings.length; i++) {
      for (let j = i + 1; j < wings.length; j++) {
        const first = wings[i];
        const second = wings[j];
        const firstMask = candidates[first];
        const secondMask = candidates[second];
        // Each pincer shares a different pivot digit, and both have the same other digit z.
        if ((firstMask & pivotMask) === (secondMask & pivotMask)) continue;
        const zMask = firstMask & ~pivotMask;
        if (zMask !== (secondMask & ~pivotMask)) continue;
        const z = digitOfBit(zMask);
        const removed = new Set<number>();
        for (let slot = 0; slot < 3; slot++) {
          for (const cell of units[unitsOfCell[3 * first + slot]].cells) {
            if (cell === first || cell === second || cell === pivot) continue;
            if (candidates[cell] & zMask && sees(geometry, cell, second)) removed.add(cell);
          }
        }
        if (removed.size === 0) continue;
        const targets = [...removed].sort((a, b) => a - b);
        const x = digitOfBit(firstMask & pivotMask);
        const y = digitOfBit(secondMask & pivotMask);
        const name = (cell: number): string => cellName(cell, size);
        const [dx, dy, dz] = [x, y, z].map(digitChar);
        const pattern = [pivot, first, second].sort((a, b) => a - b);
        return {
          technique: 'xy-wing',
          cells: pattern,
          candidates: pattern.flatMap((cell) =>
            [x, y, z]
              .filter((digit) => candidates[cell] & (1 << digit))
              .map((digit) => ({ cell, digit })),
          ),
          placements: [],
          eliminations: targets.map((cell) => ({ cell, digit: z })),
          explanation:
            `${name(pivot)} is ${dx} or ${dy}. If it is ${dx}, ${name(first)} (${dx} or ${dz}) ` +
            `is ${dz}; if it is ${dy}, ${name(second)} (${dy} or ${dz}) is ${dz}. Either way one ` +
            `of them is ${dz}, so ${dz} can be removed from ${listCells(targets, size)}, which ` +
            `${targets.length === 1 ? 'sees' : 'see'} both`,
        };
      }
    }
  }
  return null;
}
