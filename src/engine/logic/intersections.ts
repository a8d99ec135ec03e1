/**
 * Intersections: a digit's candidates in one unit all lie in another unit.
 *
 * With irregular regions any two units can overlap in several cells, so locked candidates
 * are not "box against line" but "unit against unit": when every place for d in a base
 * unit lies inside a cover unit, the cover's d is one of those places, and d can be removed
 * from the rest of the cover. Pointing has a region as base and a row or column as cover;
 * claiming (box/line reduction) a row or column as base and a region as cover. A row and a
 * column meet in one cell only, which is a hidden single.
 *
 * commonPeer goes one step further and is what only irregular regions allow: when every
 * place for d in a unit is seen by one outside cell (through its row for some, its column
 * or region for others), that cell cannot be d, whichever place holds it. On standard
 * boxes it never finds more than pointing and claiming (an outside cell that sees two rows
 * of a box through a line must share the box), so it runs after them.
 */
import { cellName, digitChar } from '../board.ts';
import type { Unit } from '../units.ts';
import { sees, unitName, type LogicState } from './state.ts';
import { listCells, type Step } from './step.ts';

/** The cells of `unit` where digit `digit` may still go; empty when it is placed there. */
export function placesOf(state: LogicState, unit: Unit, digit: number): number[] {
  const bit = 1 << digit;
  const places: number[] = [];
  for (const cell of unit.cells) {
    if (state.grid[cell] === digit) return [];
    if (state.candidates[cell] & bit) places.push(cell);
  }
  return places;
}

/** Locked candidates with a base unit of `baseKind`s and a cover of `coverKinds`. */
function lockedCandidates(
  state: LogicState,
  technique: 'pointing' | 'claiming',
  isBase: (unit: Unit) => boolean,
  isCover: (unit: Unit) => boolean,
): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  for (const base of units) {
    if (!isBase(base)) continue;
    for (let digit = 1; digit <= size; digit++) {
      const places = placesOf(state, base, digit);
      if (places.length < 2) continue;
      for (let slot = 0; slot < 3; slot++) {
        const coverIndex = unitsOfCell[3 * places[0] + slot];
        const cover = units[coverIndex];
        if (cover === base || !isCover(cover)) continue;
        if (!places.every((cell) => unitsOfCell[3 * cell + slot] === coverIndex)) continue;
        const bit = 1 << digit;
        const removed = cover.cells.filter(
          (cell) => candidates[cell] & bit && !places.includes(cell),
        );
        if (removed.length === 0) continue;
        const d = digitChar(digit);
        return {
          technique,
          cells: places,
          candidates: places.map((cell) => ({ cell, digit })),
          placements: [],
          eliminations: removed.map((cell) => ({ cell, digit })),
          explanation:
            `In ${unitName(base)}, ${d} can only go in ${listCells(places, size, 'or')}, ` +
            `${places.length === 2 ? 'both' : 'all'} in ${unitName(cover)}, so ${d} can be ` +
            `removed from the rest of ${unitName(cover)}: ${listCells(removed, size)}`,
        };
      }
    }
  }
  return null;
}

/** A digit's places in a region all in one row or column: remove it from the rest of that line. */
export function pointing(state: LogicState): Step | null {
  return lockedCandidates(
    state,
    'pointing',
    (unit) => unit.kind === 'region',
    (unit) => unit.kind !== 'region',
  );
}

/** A digit's places in a row or column all in one region: remove it from the rest of the region. */
export function claiming(state: LogicState): Step | null {
  return lockedCandidates(
    state,
    'claiming',
    (unit) => unit.kind !== 'region',
    (unit) => unit.kind === 'region',
  );
}

/** Places of a digit in a unit all seen by one cell outside it: that cell cannot hold the digit. */
export function commonPeer(state: LogicState): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  for (const unit of units) {
    for (let digit = 1; digit <= size; digit++) {
      const places = placesOf(state, unit, digit);
      if (places.length < 2) continue;
      const bit = 1 << digit;
      const removed: number[] = [];
      // A cell seeing all places sees the first one: look among its peers only.
      for (let slot = 0; slot < 3; slot++) {
        for (const peer of units[unitsOfCell[3 * places[0] + slot]].cells) {
          if (!(candidates[peer] & bit) || unit.cells.includes(peer) || removed.includes(peer))
            continue;
          if (places.every((cell) => sees(geometry, peer, cell))) removed.push(peer);
        }
      }
      if (removed.length === 0) continue;
      removed.sort((first, second) => first - second);
      const d = digitChar(digit);
      const seer =
        removed.length === 1
          ? `${cellName(removed[0], size)} sees all of them`
          : `${listCells(removed, size)} each see all of them`;
      return {
        technique: 'common peer',
        cells: places,
        candidates: places.map((cell) => ({ cell, digit })),
        placements: [],
        eliminations: removed.map((cell) => ({ cell, digit })),
        explanation:
          `In ${unitName(unit)}, ${d} can only go in ${listCells(places, size, 'or')}; ` +
          `${seer} (through its row, column or region), so ${d} can be removed from ` +
          `${listCells(removed, size)}`,
      };
    }
  }
  return null;
}
