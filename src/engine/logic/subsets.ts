/**
 * Subsets: k cells of a unit that hold k digits between them (naked), or k digits of a unit
 * that have only k places (hidden), for k = 2, 3, 4.
 *
 * A naked subset's digits can be removed from every other cell of each unit the k cells
 * share (a pair in one row and one region clears both: one step, as people read it). A
 * hidden subset's cells can hold nothing but its digits. Both are searched by choosing k
 * of a unit's eligible members in increasing order (cells with 2..k candidates; digits
 * with 2..k places) with the union kept as a mask, so a 25x25 quad search stays a few
 * thousand mask operations per unit. Units are tried in the geometry's order (rows,
 * columns, regions) and the first subset that removes something is returned.
 */
import { popcount } from '../units.ts';
import { unitName, type CellDigit, type LogicState } from './state.ts';
import {
  candidatesIn,
  describeEliminations,
  eliminationsOf,
  listCells,
  listDigits,
  type Step,
  type Technique,
} from './step.ts';

const NAKED: Record<number, Technique> = { 2: 'naked pair', 3: 'naked triple', 4: 'naked quad' };
const HIDDEN: Record<number, Technique> = {
  2: 'hidden pair',
  3: 'hidden triple',
  4: 'hidden quad',
};

/**
 * Calls `visit` with every choice of `k` indices of `masks` (ascending) and the union of
 * their masks, pruning as soon as the union has more than k bits; stops at the first
 * non-null answer.
 */
function firstCombination<T>(
  masks: readonly number[],
  k: number,
  visit: (chosen: number[], union: number) => T | null,
): T | null {
  const chosen: number[] = [];
  const walk = (from: number, union: number): T | null => {
    if (chosen.length === k) return popcount(union) === k ? visit(chosen, union) : null;
    for (let index = from; index <= masks.length - (k - chosen.length); index++) {
      const next = union | masks[index];
      if (popcount(next) > k) continue;
      chosen.push(index);
      const found = walk(index + 1, next);
      chosen.pop();
      if (found !== null) return found;
    }
    return null;
  };
  return walk(0, 0);
}

/** k cells of one unit whose candidates are k digits in all. */
export function nakedSubset(state: LogicState, k: number): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  for (const unit of units) {
    const members = unit.cells.filter((cell) => {
      const count = popcount(candidates[cell]);
      return count >= 2 && count <= k;
    });
    if (members.length < k) continue;
    const found = firstCombination(
      members.map((cell) => candidates[cell]),
      k,
      (chosen, union) => {
        const cells = chosen.map((index) => members[index]);
        // Every unit the k cells share (the one searched, and maybe a region or line).
        const shared: number[] = [];
        for (let slot = 0; slot < 3; slot++) {
          const index = unitsOfCell[3 * cells[0] + slot];
          if (cells.every((cell) => unitsOfCell[3 * cell + slot] === index)) shared.push(index);
        }
        const eliminations: CellDigit[] = [];
        for (const index of shared) {
          const others = units[index].cells.filter(
            (cell) => !cells.includes(cell) && !eliminations.some((e) => e.cell === cell),
          );
          eliminations.push(...eliminationsOf(candidates, others, union));
        }
        if (eliminations.length === 0) return null;
        const where = shared.map((index) => unitName(units[index]));
        return {
          technique: NAKED[k],
          cells,
          candidates: candidatesIn(candidates, cells, union),
          placements: [],
          eliminations,
          explanation:
            `${listCells(cells, size)} can only hold ${listDigits(union)} between them, so ` +
            `${listDigits(union, 'and')} can be removed from the rest of ` +
            `${where.join(' and ')}: ${describeEliminations(eliminations, size)}`,
        } satisfies Step;
      },
    );
    if (found !== null) return found;
  }
  return nakedSubsetInGroups(state, k);
}

/**
 * k cells of a constraint's all-different group (a cage, an extra region, a diagonal, a
 * renban line) whose candidates are k digits in all: the rest of the group loses them.
 */
function nakedSubsetInGroups(state: LogicState, k: number): Step | null {
  const { geometry, candidates, variants } = state;
  const { size } = geometry;
  for (const group of variants?.groups ?? []) {
    const members = group.cells.filter((cell) => {
      const count = popcount(candidates[cell]);
      return count >= 2 && count <= k;
    });
    if (members.length < k) continue;
    const found = firstCombination(
      members.map((cell) => candidates[cell]),
      k,
      (chosen, union) => {
        const cells = chosen.map((index) => members[index]);
        const others = group.cells.filter((cell) => !cells.includes(cell));
        const eliminations = eliminationsOf(candidates, others, union);
        if (eliminations.length === 0) return null;
        return {
          technique: NAKED[k],
          cells,
          candidates: candidatesIn(candidates, cells, union),
          placements: [],
          eliminations,
          explanation:
            `${listCells(cells, size)} can only hold ${listDigits(union)} between them, so ` +
            `${listDigits(union, 'and')} can be removed from the rest of ${group.name}, ` +
            `whose cells all differ: ${describeEliminations(eliminations, size)}`,
        } satisfies Step;
      },
    );
    if (found !== null) return found;
  }
  return null;
}

/** k digits of one unit whose places are k cells in all. */
export function hiddenSubset(state: LogicState, k: number): Step | null {
  const { geometry, grid, candidates } = state;
  const { size, units } = geometry;
  // The units, then the constraints' groups of N cells, which hold every digit as well.
  const houses = [
    ...units.map((unit) => ({ cells: unit.cells, name: unitName(unit) })),
    ...(state.variants?.groups ?? []).filter((group) => group.cells.length === size),
  ];
  for (const unit of houses) {
    // Per open digit, the places it has in the unit as a bit mask over the unit's cells.
    const digits: number[] = [];
    const placeMasks: number[] = [];
    let placed = 0;
    for (const cell of unit.cells) placed |= 1 << grid[cell];
    for (let digit = 1; digit <= size; digit++) {
      if (placed & (1 << digit)) continue;
      let places = 0;
      unit.cells.forEach((cell, at) => {
        if (candidates[cell] & (1 << digit)) places |= 1 << at;
      });
      const count = popcount(places);
      if (count >= 2 && count <= k) {
        digits.push(digit);
        placeMasks.push(places);
      }
    }
    if (digits.length < k) continue;
    const found = firstCombination(placeMasks, k, (chosen, union) => {
      let digitMask = 0;
      for (const index of chosen) digitMask |= 1 << digits[index];
      const cells = unit.cells.filter((_, at) => union & (1 << at));
      const eliminations = eliminationsOf(candidates, cells, ~digitMask);
      if (eliminations.length === 0) return null;
      return {
        technique: HIDDEN[k],
        cells,
        candidates: candidatesIn(candidates, cells, digitMask),
        placements: [],
        eliminations,
        explanation:
          `In ${unit.name}, ${listDigits(digitMask)} can only go in ` +
          `${listCells(cells, size)}, so those cells hold nothing else: remove ` +
          `${describeEliminations(eliminations, size)}`,
      } satisfies Step;
    });
    if (found !== null) return found;
  }
  return null;
}

export const nakedPair = (state: LogicState): Step | null => nakedSubset(state, 2);
export const hiddenPair = (state: LogicState): Step | null => hiddenSubset(state, 2);
export const nakedTriple = (state: LogicState): Step | null => nakedSubset(state, 3);
export const hiddenTriple = (state: LogicState): Step | null => hiddenSubset(state, 3);
export const nakedQuad = (state: LogicState): Step | null => nakedSubset(state, 4);
export const hiddenQuad = (state: LogicState): Step | null => hiddenSubset(state, 4);
