/**
 * Aligned pair exclusion: two cells, every pair of digits they could hold together, and
 * the cells that see both of them.
 *
 * Take two empty cells A and B. A pair of digits (a in A, b in B) cannot both hold when A
 * and B see each other and a = b, or when some cell that sees both A and B has no
 * candidate but a and b (placing them would leave it empty). When every b of B is ruled
 * out that way together with a, then a cannot be in A; and the same from B's side. This is
 * Sudoku Explainer's aligned pair exclusion (6.2 on its scale) with cells as the excluding
 * sets (its first form; almost locked sets are not used here).
 *
 * "See" is any shared row, column or region, so it holds on every layout; with variant
 * constraints their extra "differ" rules are not used, which only makes it find less.
 * Only cells of two candidates can be emptied by a pair, so they are the excluding cells;
 * the search takes every two empty cells with at least one such common peer (or that see
 * each other), and EXCLUSION_WORK bounds the pairs tried on the biggest grids.
 */
import { cellName, digitChar } from '../board.ts';
import { popcount } from '../units.ts';
import { sees, type CellDigit, type LogicState } from './state.ts';
import { digitsOf, listWords, type Step } from './step.ts';

/** Most cell pairs one search looks at (a bound on work, not time). */
export const EXCLUSION_WORK = 200_000;

/** The first aligned pair exclusion of the position, or null (see the file header). */
export function alignedPairExclusion(state: LogicState): Step | null {
  const { geometry, grid, candidates } = state;
  const { size } = geometry;
  const cells = size * size;
  const empty: number[] = [];
  const bivalue: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    if (grid[cell] !== 0) continue;
    empty.push(cell);
    if (popcount(candidates[cell]) === 2) bivalue.push(cell);
  }
  // Per empty cell, the two-candidate cells that see it; the common ones of a pair are
  // read off a mark of the first cell's.
  const bivalueSeeing = new Map<number, number[]>();
  for (const cell of empty) {
    bivalueSeeing.set(
      cell,
      bivalue.filter((member) => sees(geometry, member, cell)),
    );
  }
  const marked = new Uint8Array(cells);
  let work = 0;
  for (let i = 0; i < empty.length; i++) {
    const first = empty[i];
    const firstSeen = bivalueSeeing.get(first) as number[];
    if (firstSeen.length === 0) {
      work += empty.length - i - 1;
      if (work > EXCLUSION_WORK) return null;
      continue;
    }
    for (const member of firstSeen) marked[member] = 1;
    for (let j = i + 1; j < empty.length; j++) {
      if (++work > EXCLUSION_WORK) {
        marked.fill(0);
        return null;
      }
      const second = empty[j];
      const common = (bivalueSeeing.get(second) as number[]).filter(
        (member) => marked[member] === 1 && member !== first && member !== second,
      );
      if (common.length === 0) continue;
      const together = sees(geometry, first, second);
      const step =
        (excludesSome(state, first, second, together, common)
          ? excludeFrom(state, first, second, together, common)
          : null) ??
        (excludesSome(state, second, first, together, common)
          ? excludeFrom(state, second, first, together, common)
          : null);
      if (step !== null) {
        marked.fill(0);
        return step;
      }
    }
    for (const member of firstSeen) marked[member] = 0;
  }
  return null;
}

/**
 * Whether excludeFrom finds a step: some but not all digits of `cell` go with no digit of
 * `other`. The same test on bits, without the words, since most pairs exclude nothing.
 */
function excludesSome(
  state: LogicState,
  cell: number,
  other: number,
  together: boolean,
  common: readonly number[],
): boolean {
  const { candidates } = state;
  let excluded = 0;
  for (const a of digitsOf(candidates[cell])) {
    let all = true;
    for (const b of digitsOf(candidates[other])) {
      if (together && a === b) continue;
      const pair = (1 << a) | (1 << b);
      if (!common.some((member) => (candidates[member] & ~pair) === 0)) {
        all = false;
        break;
      }
    }
    if (all) excluded++;
  }
  return excluded > 0 && excluded < popcount(candidates[cell]);
}

/**
 * Why the pair (a in one cell, b in the other) cannot hold, or null when nothing forbids
 * it; an excluding cell it names goes into `used`.
 */
function whyNot(
  state: LogicState,
  a: number,
  b: number,
  together: boolean,
  common: readonly number[],
  used: Set<number>,
): string | null {
  const { size } = state.geometry;
  if (together && a === b) return `${digitChar(b)} (they see each other)`;
  const pair = (1 << a) | (1 << b);
  const emptied = common.find((cell) => (state.candidates[cell] & ~pair) === 0);
  if (emptied === undefined) return null;
  used.add(emptied);
  return `${digitChar(b)} (${cellName(emptied, size)}, which sees both, would have no candidate)`;
}

/** The digits of `cell` that no digit of `other` can go with. */
function excludeFrom(
  state: LogicState,
  cell: number,
  other: number,
  together: boolean,
  common: readonly number[],
): Step | null {
  const { size } = state.geometry;
  const { candidates } = state;
  const eliminations: CellDigit[] = [];
  const reasons: string[] = [];
  const excluding = new Set<number>();
  for (const a of digitsOf(candidates[cell])) {
    const why: string[] = [];
    const usedHere = new Set<number>();
    for (const b of digitsOf(candidates[other])) {
      const reason = whyNot(state, a, b, together, common, usedHere);
      if (reason === null) break;
      why.push(reason);
    }
    if (why.length !== popcount(candidates[other])) continue;
    for (const member of usedHere) excluding.add(member);
    eliminations.push({ cell, digit: a });
    reasons.push(
      `if ${cellName(cell, size)} were ${digitChar(a)}, ${cellName(other, size)} could be none of its candidates: ${listWords(why)}`,
    );
  }
  // A cell left with no candidate is a contradiction for the solver to report, not a step.
  if (eliminations.length === 0 || eliminations.length === popcount(candidates[cell])) {
    return null;
  }
  const pattern = [cell, other, ...excluding].sort((p, q) => p - q);
  return {
    technique: 'aligned pair exclusion',
    cells: pattern,
    candidates: pattern.flatMap((member) =>
      digitsOf(candidates[member]).map((digit) => ({ cell: member, digit })),
    ),
    placements: [],
    eliminations,
    explanation:
      `Aligned pair exclusion on ${cellName(cell, size)} and ${cellName(other, size)}: ` +
      `${reasons.join('; ')}. So ${cellName(cell, size)} is not ` +
      `${listWords(
        eliminations.map(({ digit }) => digitChar(digit)),
        'or',
      )}`,
  };
}
