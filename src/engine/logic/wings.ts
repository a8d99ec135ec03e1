/**
 * Wings: the XY-wing, the XYZ-wing and the W-wing.
 *
 * XY-wing: a pivot cell with two candidates {x, y} sees two pincer cells {x, z} and
 * {y, z}. If the pivot is x, the first pincer is z; if it is y, the second is. Either way
 * one pincer is z, so z can be removed from every cell that sees both pincers.
 *
 * XYZ-wing: the pivot holds {x, y, z} itself, so the pivot may be z too: z leaves the
 * cells that see the pivot and both pincers.
 *
 * W-wing: two cells that do not see each other both hold exactly {x, y}, and a unit has
 * only two places for y, one seen by each cell. If the first cell is not x it is y, so
 * its place in the unit is not y, the other place is, and the second cell is x: one of
 * the two cells is x, and x leaves every cell that sees both.
 *
 * "Sees" is any shared row, column or region, so with irregular regions the pincers and
 * their common peers take shapes no standard grid has; the rules are the same.
 */
import { cellName, digitChar } from '../board.ts';
import { digitOfBit, popcount } from '../units.ts';
import { commonPeersWith, sees, type LogicState } from './state.ts';
import { unitName } from './state.ts';
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

export function xyzWing(state: LogicState): Step | null {
  const { geometry, candidates } = state;
  const { size } = geometry;
  const name = (cell: number): string => cellName(cell, size);
  for (let pivot = 0; pivot < size * size; pivot++) {
    const pivotMask = candidates[pivot];
    if (popcount(pivotMask) !== 3) continue;
    // Pincers: two candidates, both within the pivot's three.
    const wings = bivaluePeers(state, pivot).filter(
      (peer) => (candidates[peer] & ~pivotMask) === 0,
    );
    for (let i = 0; i < wings.length; i++) {
      for (let j = i + 1; j < wings.length; j++) {
        const first = wings[i];
        const second = wings[j];
        const zMask = candidates[first] & candidates[second];
        // The pincers share exactly one digit z, and together hold all three.
        if (popcount(zMask) !== 1 || (candidates[first] | candidates[second]) !== pivotMask) {
          continue;
        }
        const targets = commonPeersWith(state, [pivot, first, second], zMask);
        if (targets.length === 0) continue;
        const z = digitOfBit(zMask);
        const dz = digitChar(z);
        const pattern = [pivot, first, second].sort((a, b) => a - b);
        const [x, y] = [candidates[first] & ~zMask, candidates[second] & ~zMask].map(digitOfBit);
        return {
          technique: 'xyz-wing',
          cells: pattern,
          candidates: pattern.flatMap((cell) =>
            [x, y, z]
              .filter((digit) => candidates[cell] & (1 << digit))
              .map((digit) => ({ cell, digit })),
          ),
          placements: [],
          eliminations: targets.map((cell) => ({ cell, digit: z })),
          explanation:
            `${name(pivot)} is ${digitChar(x)}, ${digitChar(y)} or ${dz}. If it is ` +
            `${digitChar(x)}, ${name(first)} is ${dz}; if it is ${digitChar(y)}, ${name(second)} ` +
            `is ${dz}; or it is ${dz} itself. Either way one of the three is ${dz}, so ${dz} ` +
            `can be removed from ${listCells(targets, size)}, which ` +
            `${targets.length === 1 ? 'sees' : 'see'} all three`,
        };
      }
    }
  }
  return null;
}

export function wWing(state: LogicState): Step | null {
  const { geometry, candidates } = state;
  const { size, units } = geometry;
  const cells = size * size;
  const name = (cell: number): string => cellName(cell, size);
  const bivalue: number[] = [];
  for (let cell = 0; cell < cells; cell++) if (popcount(candidates[cell]) === 2) bivalue.push(cell);
  for (let i = 0; i < bivalue.length; i++) {
    const first = bivalue[i];
    const pair = candidates[first];
    for (let j = i + 1; j < bivalue.length; j++) {
      const second = bivalue[j];
      if (candidates[second] !== pair || sees(geometry, first, second)) continue;
      for (const linkMask of [pair & -pair, pair & (pair - 1)]) {
        const xMask = pair & ~linkMask;
        const targets = commonPeersWith(state, [first, second], xMask);
        if (targets.length === 0) continue;
        for (const unit of units) {
          const places = unit.cells.filter((cell) => candidates[cell] & linkMask);
          if (places.length !== 2) continue;
          const [a, b] = places;
          if (places.includes(first) || places.includes(second)) continue;
          const forward = sees(geometry, a, first) && sees(geometry, b, second);
          const backward = sees(geometry, b, first) && sees(geometry, a, second);
          if (!forward && !backward) continue;
          const [nearFirst, nearSecond] = forward ? [a, b] : [b, a];
          const dx = digitChar(digitOfBit(xMask));
          const dy = digitChar(digitOfBit(linkMask));
          const pattern = [first, second, nearFirst, nearSecond].sort((p, q) => p - q);
          return {
            technique: 'w-wing',
            cells: pattern,
            candidates: [
              ...[first, second].flatMap((cell) =>
                [xMask, linkMask].map((bit) => ({ cell, digit: digitOfBit(bit) })),
              ),
              { cell: nearFirst, digit: digitOfBit(linkMask) },
              { cell: nearSecond, digit: digitOfBit(linkMask) },
            ],
            placements: [],
            eliminations: targets.map((cell) => ({ cell, digit: digitOfBit(xMask) })),
            explanation:
              `${name(first)} and ${name(second)} both hold only ${dx} and ${dy}, and ${dy} goes in ` +
              `${unitName(unit)} at ${name(nearFirst)} or ${name(nearSecond)}. If ${name(first)} is ` +
              `not ${dx} it is ${dy}, so ${name(nearFirst)} is not ${dy}, ${name(nearSecond)} is, and ` +
              `${name(second)} is ${dx}. Either way one of them is ${dx}, so ${dx} can be removed ` +
              `from ${listCells(targets, size)}, which ${targets.length === 1 ? 'sees' : 'see'} both`,
          };
        }
      }
    }
  }
  return null;
}
