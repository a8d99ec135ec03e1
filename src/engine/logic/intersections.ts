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
import { unitName, type LogicState } from './state.ts';
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

/**
 * The places of `digit` in `unit` written into `out` (a buffer reused across calls, so a
 * scan of every unit and digit allocates nothing); their count, 0 when the digit is placed
 * in the unit.
 */
function placesInto(state: LogicState, unit: Unit, digit: number, out: number[]): number {
  const bit = 1 << digit;
  const { grid, candidates } = state;
  let count = 0;
  for (const cell of unit.cells) {
    if (grid[cell] === digit) return 0;
    if (candidates[cell] & bit) out[count++] = cell;
  }
  return count;
}

const placesBuffer: number[] = [];

/** Locked candidates with a base unit of `baseKind`s and a cover of `coverKinds`. */
function lockedCandidates(
  state: LogicState,
  technique: 'pointing' | 'claiming',
  isBase: (unit: Unit) => boolean,
  isCover: (unit: Unit) => boolean,
): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  const buffer = placesBuffer;
  for (const base of units) {
    if (!isBase(base)) continue;
    for (let digit = 1; digit <= size; digit++) {
      const count = placesInto(state, base, digit, buffer);
      if (count < 2) continue;
      const bit = 1 << digit;
      for (let slot = 0; slot < 3; slot++) {
        const coverIndex = unitsOfCell[3 * buffer[0] + slot];
        const cover = units[coverIndex];
        if (cover === base || !isCover(cover)) continue;
        let inCover = true;
        for (let at = 1; at < count && inCover; at++) {
          inCover = unitsOfCell[3 * buffer[at] + slot] === coverIndex;
        }
        if (!inCover) continue;
        // The cover's other cells with the digit: those outside the base unit.
        let any = false;
        for (const cell of cover.cells) {
          if (candidates[cell] & bit && !base.cells.includes(cell)) {
            any = true;
            break;
          }
        }
        if (!any) continue;
        const places = buffer.slice(0, count);
        const removed = cover.cells.filter(
          (cell) => candidates[cell] & bit && !places.includes(cell),
        );
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

/** Bit sets over the cells of a layout, `words` 32-bit words per set. */
interface PeerSets {
  words: number;
  /** Per cell, the cells it sees (itself excluded). */
  peers: Int32Array;
  /** Per unit, its cells. */
  units: Int32Array;
  /** Per digit, the empty cells that may hold it: filled per call. */
  digits: Int32Array;
}

/** Built once per layout (commonPeer runs thousands of times on one layout in a generator). */
const peerSetsOf = new WeakMap<LogicState['geometry'], PeerSets>();

function peerSets(geometry: LogicState['geometry']): PeerSets {
  const known = peerSetsOf.get(geometry);
  if (known !== undefined) return known;
  const { size, units, unitsOfCell } = geometry;
  const cells = size * size;
  const words = (cells + 31) >>> 5;
  const peers = new Int32Array(cells * words);
  for (let cell = 0; cell < cells; cell++) {
    for (let slot = 0; slot < 3; slot++) {
      for (const peer of units[unitsOfCell[3 * cell + slot]].cells) {
        if (peer !== cell) peers[cell * words + (peer >>> 5)] |= 1 << (peer & 31);
      }
    }
  }
  const unitSets = new Int32Array(units.length * words);
  units.forEach((unit, index) => {
    for (const cell of unit.cells) unitSets[index * words + (cell >>> 5)] |= 1 << (cell & 31);
  });
  const sets = { words, peers, units: unitSets, digits: new Int32Array((size + 1) * words) };
  peerSetsOf.set(geometry, sets);
  return sets;
}

/** Places of a digit in a unit all seen by one cell outside it: that cell cannot hold the digit. */
export function commonPeer(state: LogicState): Step | null {
  const { geometry, candidates, grid } = state;
  const { size, units } = geometry;
  const { words, peers, units: unitSets, digits } = peerSets(geometry);
  digits.fill(0);
  for (let cell = 0; cell < size * size; cell++) {
    if (grid[cell] !== 0) continue;
    for (let rest = candidates[cell]; rest !== 0; rest &= rest - 1) {
      const digit = 31 - Math.clz32(rest & -rest);
      digits[digit * words + (cell >>> 5)] |= 1 << (cell & 31);
    }
  }
  const buffer = placesBuffer;
  const seen = new Int32Array(words);
  for (let unitIndex = 0; unitIndex < units.length; unitIndex++) {
    const unit = units[unitIndex];
    for (let digit = 1; digit <= size; digit++) {
      const count = placesInto(state, unit, digit, buffer);
      if (count < 2) continue;
      // The cells outside the unit that may hold the digit and see every place of it.
      let any = 0;
      for (let word = 0; word < words; word++) {
        let set = digits[digit * words + word] & ~unitSets[unitIndex * words + word];
        for (let at = 0; at < count && set !== 0; at++) set &= peers[buffer[at] * words + word];
        seen[word] = set;
        any |= set;
      }
      if (any === 0) continue;
      const removed: number[] = [];
      for (let word = 0; word < words; word++) {
        for (let set = seen[word]; set !== 0; set &= set - 1) {
          removed.push(word * 32 + (31 - Math.clz32(set & -set)));
        }
      }
      const places = buffer.slice(0, count);
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
