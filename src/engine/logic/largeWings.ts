/**
 * The WXYZ- and VWXYZ-wings, in SukakuExplainer's shape, and the rule behind them.
 *
 * Take n cells (four for the WXYZ-wing, five for the VWXYZ-wing) whose candidates together
 * are exactly n digits, and call a digit restricted when every two of the cells that hold
 * it see each other (so at most one of the cells is that digit). When all the digits but
 * one, z, are restricted, the n - 1 restricted digits fill at most n - 1 of the cells, so
 * some cell holds z: a cell outside that sees all the cells holding z cannot be z. When
 * every digit is restricted (SE's "doubly linked" wing), the n digits fill the n cells one
 * each, and every digit leaves the outside cells that see all its holders.
 * (The XY-wing and XYZ-wing are the three-cell cases, found earlier by wings.ts.)
 *
 * Only SukakuExplainer's shape is taken (WXYZWing.java, VWXYZWing.java: an ALS-XZ whose
 * small set is one cell): a cell of two candidates, z one of them, and n - 1 cells that all
 * see each other. The rule holds for any n cells, but SE finds the other shapes as chains,
 * and so do we (the alternating chain, the forcing chains), rated as chains. "See" is any
 * shared row, column or region, so the rule holds on every layout. The search takes each
 * set of n digits, the cells whose two or more candidates lie within it, and grows sets of
 * n of them in reading order, pruned as soon as two digits are unrestricted; WORK bounds
 * the sets tried, so a 25x25 position stays well under a second. Of the wings found, the
 * one SE would take: the easiest on its scale, then the one that removes most.
 */
import { digitChar } from '../board.ts';
import { digitOfBit, popcount } from '../units.ts';
import { commonPeersWith, sees, type LogicState } from './state.ts';
import { describeEliminations, digitsOf, listCells, listDigits, type Step } from './step.ts';

/** Most cell sets a wing search grows before giving up (a bound on work, not time). */
export const WING_WORK = 400_000;

const NAMES = { 4: 'wxyz-wing', 5: 'vwxyz-wing' } as const;

/** A wing of n cells and n digits, at most one unrestricted, in SE's shape (the header). */
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
  // SE takes the easiest wing (wingShape), then the one removing most: every wing is
  // collected, within WING_WORK, and the best kept.
  let best: { step: Step; shape: number } | null = null;
  const consider = (step: Step): void => {
    const shape = wingShape(state, chosen);
    if (
      best === null ||
      shape < best.shape ||
      (shape === best.shape && step.eliminations.length > best.step.eliminations.length)
    ) {
      best = { step, shape };
    }
  };
  for (const digits of digitSets) {
    const pool = empty.filter((cell) => (candidates[cell] & ~digits) === 0);
    if (pool.length < n) continue;
    if (!pool.some((cell) => popcount(candidates[cell]) === 2)) continue; // SE's shape: no pivot
    const grow = (from: number, union: number, loose: number): void => {
      if (++work > WING_WORK) return;
      if (chosen.length === n) {
        if (union !== digits || popcount(loose) > 1) return;
        if (!explainerShape(state, chosen, loose)) return;
        const step = wingStep(state, chosen, digits, loose);
        if (step !== null) consider(step);
        return;
      }
      for (let index = from; index <= pool.length - (n - chosen.length); index++) {
        const cell = pool[index];
        let next = loose;
        for (const other of chosen) {
          if (!sees(geometry, cell, other)) next |= candidates[cell] & candidates[other];
        }
        if (popcount(next) > 1) continue;
        chosen.push(cell);
        grow(index + 1, union | candidates[cell], next);
        chosen.pop();
        if (work > WING_WORK) return;
      }
    };
    grow(0, 0, 0);
    if (work > WING_WORK) break;
  }
  return (best as { step: Step } | null)?.step ?? null;
}

/**
 * How far the wing's biggest cell is from the middle of the sizes 2 to n, negated: the
 * smaller, the easier on SE's scale (explainerScale.ts's wingTerm grows with it).
 */
function wingShape(state: LogicState, wing: readonly number[]): number {
  const biggest = Math.max(...wing.map((cell) => popcount(state.candidates[cell])));
  return -Math.abs(Math.floor((wing.length + 2) / 2) - biggest);
}

/**
 * SukakuExplainer's shape (WXYZWing.java, VWXYZWing.java: an ALS-XZ with a bivalue cell):
 * a cell of two candidates, one of them z, and the other n - 1 cells all seeing each other
 * (z = 0: every digit restricted, SE's doubly linked wing, either candidate of the cell).
 */
function explainerShape(state: LogicState, wing: readonly number[], zMask: number): boolean {
  const { geometry, candidates } = state;
  return wing.some(
    (pivot) =>
      popcount(candidates[pivot]) === 2 &&
      (zMask === 0 || (candidates[pivot] & zMask) !== 0) &&
      wing.every(
        (a) => a === pivot || wing.every((b) => b === pivot || b === a || sees(geometry, a, b)),
      ),
  );
}

function wingStep(
  state: LogicState,
  wing: readonly number[],
  digits: number,
  zMask: number,
): Step | null {
  const { geometry, candidates } = state;
  const { size } = geometry;
  // Singly linked: z leaves the cells that see all its holders. Doubly linked (zMask 0, every
  // digit restricted): the n digits fill the n cells, one each, so every digit does.
  const eliminations: { cell: number; digit: number }[] = [];
  const holdersOf = (bit: number): number[] => wing.filter((cell) => candidates[cell] & bit);
  for (const digit of digitsOf(zMask === 0 ? digits : zMask)) {
    const bit = 1 << digit;
    for (const cell of commonPeersWith(state, holdersOf(bit), bit)) {
      if (!wing.includes(cell)) eliminations.push({ cell, digit });
    }
  }
  if (eliminations.length === 0) return null;
  const pattern = [...wing].sort((a, b) => a - b);
  const technique = NAMES[wing.length as 4 | 5];
  const used = pattern.flatMap((cell) =>
    digitsOf(candidates[cell]).map((digit) => ({ cell, digit })),
  );
  const opening = `${listCells(pattern, size)} hold only ${listDigits(digits)} between them.`;
  if (zMask === 0) {
    return {
      technique,
      cells: pattern,
      candidates: used,
      placements: [],
      eliminations,
      explanation:
        `${opening} Each digit can be in only one of them (the cells holding it see each ` +
        `other), so each of the ${wing.length} is in exactly one. So remove ` +
        `${describeEliminations(eliminations, size)}, which see all the cells holding it`,
    };
  }
  const holders = holdersOf(zMask);
  const targets = eliminations.map(({ cell }) => cell);
  const dz = digitChar(digitOfBit(zMask));
  const others = digits & ~zMask;
  return {
    technique,
    cells: pattern,
    candidates: used,
    placements: [],
    eliminations,
    explanation:
      `${opening} Each of ` +
      `${listDigits(others)} can be in only one of them (the cells holding it see each ` +
      `other), so ${listDigits(others)} fill at most ${wing.length - 1} of the ` +
      `${wing.length} cells and one of ${listCells(holders, size, 'or')} is ${dz}. So ` +
      `${dz} can be removed from ${listCells(targets, size)}, which ` +
      `${targets.length === 1 ? 'sees' : 'see'} all of them`,
  };
}

export const wxyzWing = (state: LogicState): Step | null => largeWing(state, 4);
export const vwxyzWing = (state: LogicState): Step | null => largeWing(state, 5);
