/**
 * The WXYZ- and VWXYZ-wings, and the rule behind every larger wing.
 *
 * Take n cells (four for the WXYZ-wing, five for the VWXYZ-wing) whose candidates together are exactly n digits,
 * and call a digit restricted when every two of the cells that hold it see each other (so
 * at most one of the cells is that digit). When all the digits but one, z, are restricted,
 * the n - 1 restricted digits can fill at most n - 1 of the cells, so some cell holds z:
 * one of the cells holding z is z, and a cell outside that sees all of them cannot be z.
 * (The XY-wing and XYZ-wing are the three-cell cases, found earlier by wings.ts.)
 *
 * The cells need not share a unit or lie in boxes: "see" is any shared row, column or
 * region, so the rule holds on every layout. The search takes each set of n digits, the
 * cells whose two or more candidates lie within it, and grows sets of n of them in
 * reading order, pruned as soon as two digits are unrestricted; WORK bounds the sets
 * tried, so a 25x25 position stays well under a second.
 */
import { digitChar } from '../board.ts';
import { digitOfBit, popcount } from '../units.ts';
import { sees, type LogicState } from './state.ts';
import { digitsOf, listCells, listDigits, type Step } from './step.ts';

/** Most cell sets a wing search grows before giving up (a bound on work, not time). */
export const WING_WORK = 400_000;

const NAMES = { 4: 'wxyz-wing', 5: 'vwxyz-wing' } as const;

/** A wing of n cells and n digits with one unrestricted digit (see the file header). */
export function largeWing(state: LogicState, n: 4 | 5): Step | null {
  const { geometry, candidates, grid } = state;
  const { size } = geometry;
  const cells = size * size;
  const empty: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const count = popcount(candidates[cell]);
    if (grid[cell] === 0 && count >= 2 && count <= n) empty.push(cell);
  }
  let work = 0;
  const chosen: number[] = [];
  const digitSets: number[] = [];
  const pickDigits = (from: number, mask: number, left: number): void => {
    if (left === 0) {
      digitSets.push(mask);
      return;
    }
    for (let digit = from; digit <= size - left + 1; digit++) {
      pickDigits(digit + 1, mask | (1 << digit), left - 1);
    }
  };
  pickDigits(1, 0, n);
  for (const digits of digitSets) {
    const pool = empty.filter((cell) => (candidates[cell] & ~digits) === 0);
    if (pool.length < n) continue;
    const grow = (from: number, union: number, loose: number): Step | null => {
      if (++work > WING_WORK) return null;
      if (chosen.length === n) {
        if (union !== digits || popcount(loose) !== 1) return null;
        return wingStep(state, chosen, digits, loose);
      }
      for (let index = from; index <= pool.length - (n - chosen.length); index++) {
        const cell = pool[index];
        let next = loose;
        for (const other of chosen) {
          if (!sees(geometry, cell, other)) next |= candidates[cell] & candidates[other];
        }
        if (popcount(next) > 1) continue;
        chosen.push(cell);
        const step = grow(index + 1, union | candidates[cell], next);
        chosen.pop();
        if (step !== null || work > WING_WORK) return step;
      }
      return null;
    };
    const step = grow(0, 0, 0);
    if (step !== null || work > WING_WORK) return step;
  }
  return null;
}

function wingStep(
  state: LogicState,
  wing: readonly number[],
  digits: number,
  zMask: number,
): Step | null {
  const { geometry, candidates } = state;
  const { size } = geometry;
  const holders = wing.filter((cell) => candidates[cell] & zMask);
  const targets: number[] = [];
  const [first] = holders;
  const found = new Set<number>();
  for (let slot = 0; slot < 3; slot++) {
    for (const cell of geometry.units[geometry.unitsOfCell[3 * first + slot]].cells) {
      if (wing.includes(cell) || !(candidates[cell] & zMask) || found.has(cell)) continue;
      if (holders.every((holder) => sees(geometry, cell, holder))) found.add(cell);
    }
  }
  targets.push(...[...found].sort((a, b) => a - b));
  if (targets.length === 0) return null;
  const pattern = [...wing].sort((a, b) => a - b);
  const z = digitOfBit(zMask);
  const dz = digitChar(z);
  const others = digits & ~zMask;
  return {
    technique: NAMES[wing.length as 4 | 5],
    cells: pattern,
    candidates: pattern.flatMap((cell) =>
      digitsOf(candidates[cell]).map((digit) => ({ cell, digit })),
    ),
    placements: [],
    eliminations: targets.map((cell) => ({ cell, digit: z })),
    explanation:
      `${listCells(pattern, size)} hold only ${listDigits(digits)} between them. Each of ` +
      `${listDigits(others)} can be in only one of them (the cells holding it see each ` +
      `other), so ${listDigits(others)} fill at most ${wing.length - 1} of the ` +
      `${wing.length} cells and one of ${listCells(holders, size, 'or')} is ${dz}. So ` +
      `${dz} can be removed from ${listCells(targets, size)}, which ` +
      `${targets.length === 1 ? 'sees' : 'see'} all of them`,
  };
}

export const wxyzWing = (state: LogicState): Step | null => largeWing(state, 4);
export const vwxyzWing = (state: LogicState): Step | null => largeWing(state, 5);
