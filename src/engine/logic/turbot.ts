/**
 * The short chains on one digit: skyscraper, two-string kite and turbot fish.
 *
 * Each is a chain of four places of a digit d: a = b - c = d, where a and b are the only
 * two places of d in one unit (a strong link: one of them is d), c and d the only two in
 * another, and b and c see each other (a weak link: not both are d). If a is not d, b is,
 * so c is not, and d is: one of the two ends a and d holds the digit, and a cell that sees
 * both ends cannot.
 *
 * The names follow the shape, as HoDoKu and Sudoku Explainer give them, said for any
 * region layout (no box shape is assumed, only which kinds of unit the links use):
 *
 * - skyscraper: both strong links in rows (or both in columns), the weak link along a
 *   column (a row);
 * - two-string kite: one strong link in a row, the other in a column, the weak link inside
 *   a region;
 * - turbot fish: every other such chain (a strong link in a region, or a weak link that
 *   does not fit the two shapes above).
 *
 * These are exactly the x-chains of three links (chains.ts): the chain search would find
 * them too, later and under its general name. They come right after the x-wing, as in
 * HoDoKu's ladder, so a puzzle that needs only such a four-cell pattern is not rated with
 * the general chains. The search is every pair of strong links of a digit: at most
 * (3N)^2 pairs per digit, a few thousand checks on 16x16.
 */
import { digitChar } from '../board.ts';
import type { Unit } from '../units.ts';
import { placesOf } from './intersections.ts';
import { sees, unitName, type LogicState } from './state.ts';
import { listCells, type Step } from './step.ts';

export type TurbotShape = 'skyscraper' | 'two-string kite' | 'turbot fish';

interface StrongLink {
  first: number;
  second: number;
  unit: Unit;
}

/** The units, among `cells`' units, that hold every one of `cells`. */
function sharedUnits(state: LogicState, cells: readonly number[]): Unit[] {
  const { units, unitsOfCell } = state.geometry;
  const shared: Unit[] = [];
  for (let slot = 0; slot < 3; slot++) {
    const index = unitsOfCell[3 * cells[0] + slot];
    if (cells.every((cell) => unitsOfCell[3 * cell + slot] === index)) shared.push(units[index]);
  }
  return shared;
}

const isLine = (unit: Unit): boolean => unit.kind === 'row' || unit.kind === 'column';

/**
 * The simplest name a chain a = b - c = d has, with the units that give it that name: the
 * strong links' units (from `firstUnits`, `secondUnits`) and the weak link's.
 */
function shapeOf(
  firstUnits: readonly Unit[],
  secondUnits: readonly Unit[],
  weakUnits: readonly Unit[],
): { shape: TurbotShape; first: Unit; second: Unit; weak: Unit } {
  for (const first of firstUnits) {
    for (const second of secondUnits) {
      for (const weak of weakUnits) {
        if (
          isLine(first) &&
          first.kind === second.kind &&
          isLine(weak) &&
          weak.kind !== first.kind
        ) {
          return { shape: 'skyscraper', first, second, weak };
        }
      }
    }
  }
  for (const first of firstUnits) {
    for (const second of secondUnits) {
      for (const weak of weakUnits) {
        if (
          isLine(first) &&
          isLine(second) &&
          first.kind !== second.kind &&
          weak.kind === 'region'
        ) {
          return { shape: 'two-string kite', first, second, weak };
        }
      }
    }
  }
  return {
    shape: 'turbot fish',
    first: firstUnits[0],
    second: secondUnits[0],
    weak: weakUnits[0],
  };
}

/** The first chain of the given shape that removes something, or null. */
export function turbotChain(state: LogicState, wanted: TurbotShape): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  for (let digit = 1; digit <= size; digit++) {
    const bit = 1 << digit;
    const links: StrongLink[] = [];
    for (const unit of units) {
      const places = placesOf(state, unit, digit);
      if (places.length !== 2) continue;
      const [first, second] = places[0] < places[1] ? places : [places[1], places[0]];
      links.push({ first, second, unit });
    }
    // Per cell pair, the units in which the pair is a strong link.
    const unitsOfPair = new Map<number, Unit[]>();
    for (const link of links) {
      const key = link.first * size * size + link.second;
      const list = unitsOfPair.get(key);
      if (list === undefined) unitsOfPair.set(key, [link.unit]);
      else list.push(link.unit);
    }
    const pairs = [...unitsOfPair.keys()].map((key) => [
      Math.floor(key / (size * size)),
      key % (size * size),
    ]);
    for (let i = 0; i < pairs.length; i++) {
      for (let j = i + 1; j < pairs.length; j++) {
        for (const [a, b] of [pairs[i], [pairs[i][1], pairs[i][0]]]) {
          for (const [c, d] of [pairs[j], [pairs[j][1], pairs[j][0]]]) {
            if (a === c || a === d || b === c || b === d || !sees(geometry, b, c)) continue;
            const shape = shapeOf(
              unitsOfPair.get(Math.min(a, b) * size * size + Math.max(a, b)) as Unit[],
              unitsOfPair.get(Math.min(c, d) * size * size + Math.max(c, d)) as Unit[],
              sharedUnits(state, [b, c]),
            );
            if (shape.shape !== wanted) continue;
            const removed = new Set<number>();
            for (let slot = 0; slot < 3; slot++) {
              for (const cell of units[unitsOfCell[3 * a + slot]].cells) {
                if (cell === a || cell === b || cell === c || cell === d) continue;
                if (candidates[cell] & bit && sees(geometry, cell, d)) removed.add(cell);
              }
            }
            if (removed.size === 0) continue;
            const targets = [...removed].sort((p, q) => p - q);
            const pattern = [a, b, c, d].sort((p, q) => p - q);
            const ch = digitChar(digit);
            const only = (unit: Unit, x: number, y: number): string =>
              `${unitName(unit)} only in ${listCells(
                [x, y].sort((p, q) => p - q),
                size,
                'or',
              )}`;
            return {
              technique: wanted,
              cells: pattern,
              candidates: pattern.map((cell) => ({ cell, digit })),
              placements: [],
              eliminations: targets.map((cell) => ({ cell, digit })),
              explanation:
                `${ch} goes in ${only(shape.first, a, b)}, and in ${only(shape.second, c, d)}. ` +
                `${listCells([b, c], size)} share ${unitName(shape.weak)}, so they are not both ` +
                `${ch}, and ${listCells([a, d], size, 'or')} is ${ch}. So ${ch} can be removed ` +
                `from ${listCells(targets, size)}, which ${targets.length === 1 ? 'sees' : 'see'} both`,
            };
          }
        }
      }
    }
  }
  return null;
}

export const skyscraper = (state: LogicState): Step | null => turbotChain(state, 'skyscraper');
export const twoStringKite = (state: LogicState): Step | null =>
  turbotChain(state, 'two-string kite');
export const turbotFish = (state: LogicState): Step | null => turbotChain(state, 'turbot fish');
