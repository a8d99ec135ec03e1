/**
 * Aligned pair exclusion: two cells, every pair of digits they could hold together, and
 * the cells that see both of them (and aligned triple exclusion, the same with three cells,
 * at the end of the file).
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
import { sees, type CellDigit, type Geometry, type LogicState } from './state.ts';
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

/** Per layout, whether each two cells see each other: the triple search asks it often. */
const seesTables = new WeakMap<Geometry, Uint8Array>();

function seesTableOf(geometry: Geometry): Uint8Array {
  const known = seesTables.get(geometry);
  if (known !== undefined) return known;
  const cells = geometry.size * geometry.size;
  const table = new Uint8Array(cells * cells);
  for (let first = 0; first < cells; first++) {
    for (let second = 0; second < cells; second++) {
      if (sees(geometry, first, second)) table[first * cells + second] = 1;
    }
  }
  seesTables.set(geometry, table);
  return table;
}

/**
 * Most cells and candidate combinations one triple search looks at (a bound on work, not
 * time: on 9x9 a search that finds nothing stays within it; on 16x16 and larger it may not).
 */
export const TRIPLE_EXCLUSION_WORK = 3_000_000;

/**
 * Aligned triple exclusion: the same with three cells (Sudoku Explainer's, 7.5), found as
 * SE finds it. The cells are empty cells with a cell of two or three candidates among
 * their peers, one of the three itself such a cell seeing another of them; the excluding
 * cells are the cells of two or three candidates that see all three, at least two of
 * them. A way to fill the three (one candidate each) is out when two cells that see each
 * other get one digit, or when it takes every candidate of an excluding cell; a candidate
 * no remaining way uses is removed. The first triple that removes something is taken.
 */
export function alignedTripleExclusion(state: LogicState): Step | null {
  const { geometry, grid, candidates } = state;
  const { size } = geometry;
  const cells = size * size;
  const table = seesTableOf(geometry);
  const sees = (first: number, second: number): boolean => table[first * cells + second] === 1;
  const small = new Uint8Array(cells);
  const smallCells: number[] = [];
  const empty: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    if (grid[cell] !== 0) continue;
    empty.push(cell);
    const count = popcount(candidates[cell]);
    if (count === 2 || count === 3) {
      small[cell] = 1;
      smallCells.push(cell);
    }
  }
  const excludersOf = new Map<number, number[]>();
  for (const cell of empty) {
    excludersOf.set(
      cell,
      smallCells.filter((member) => sees(member, cell)),
    );
  }
  const base = empty.filter((cell) => (excludersOf.get(cell) as number[]).length > 0);
  let work = 0;
  for (let i = 0; i < base.length; i++) {
    const a = base[i];
    for (let j = i + 1; j < base.length; j++) {
      const b = base[j];
      // Two excluding cells must see all three: first those seeing a and b.
      const excluders = excludersOf.get(a) as number[];
      work += excluders.length + base.length - j;
      if (work > TRIPLE_EXCLUSION_WORK) return null;
      const commonAB = excluders.filter((member) => member !== b && sees(member, b));
      if (commonAB.length < 2) continue;
      const ab = sees(a, b);
      for (let k = j + 1; k < base.length; k++) {
        const c = base[k];
        const ac = sees(a, c);
        const bc = sees(b, c);
        // SE's triples: one of them a small cell seeing another of them.
        const linked =
          (small[a] && (ab || ac)) || (small[b] && (ab || bc)) || (small[c] && (ac || bc));
        if (!linked) continue;
        const common = commonAB.filter((member) => member !== c && sees(member, c));
        if (common.length < 2) continue;
        // Only an excluding cell whose candidates all lie in the three can be emptied; with
        // none, what is left is the pairs seeing each other, which the chains found before.
        const within = candidates[a] | candidates[b] | candidates[c];
        const masks = common
          .map((member) => candidates[member])
          .filter((mask) => (mask & ~within) === 0);
        if (masks.length === 0) continue;
        const [da, db, dc] = [a, b, c].map((cell) => digitsOf(candidates[cell]));
        work += da.length * db.length * dc.length;
        if (work > TRIPLE_EXCLUSION_WORK) return null;
        // The digits each cell takes in some way that is not out.
        let okA = 0;
        let okB = 0;
        let okC = 0;
        for (const x of da) {
          for (const y of db) {
            if (ab && x === y) continue;
            for (const z of dc) {
              if ((ac && x === z) || (bc && y === z)) continue;
              const taken = (1 << x) | (1 << y) | (1 << z);
              if (masks.some((mask) => (mask & ~taken) === 0)) continue;
              okA |= 1 << x;
              okB |= 1 << y;
              okC |= 1 << z;
            }
          }
        }
        const out = [
          { cell: a, mask: candidates[a] & ~okA },
          { cell: b, mask: candidates[b] & ~okB },
          { cell: c, mask: candidates[c] & ~okC },
        ];
        if (out.every(({ mask }) => mask === 0)) continue;
        // No way at all: a contradiction for the solver to report, not a step.
        if (okA === 0) continue;
        return tripleStep(state, [a, b, c], common, out);
      }
    }
  }
  return null;
}

function tripleStep(
  state: LogicState,
  triple: readonly number[],
  common: readonly number[],
  out: readonly { cell: number; mask: number }[],
): Step {
  const { size } = state.geometry;
  const { candidates } = state;
  const eliminations: CellDigit[] = out.flatMap(({ cell, mask }) =>
    digitsOf(mask).map((digit) => ({ cell, digit })),
  );
  const pattern = [...triple, ...common].sort((p, q) => p - q);
  const names = triple.map((cell) => cellName(cell, size));
  const excluders = common.map(
    (cell) =>
      `${cellName(cell, size)} (${listWords(digitsOf(candidates[cell]).map(digitChar), 'or')})`,
  );
  const left = out.filter(({ mask }) => mask !== 0);
  const puts = left.map(
    ({ cell, mask }) =>
      `${listWords(digitsOf(mask).map(digitChar), 'or')} in ${cellName(cell, size)}`,
  );
  const removed = left.map(
    ({ cell, mask }) => `${listWords(digitsOf(mask).map(digitChar))} from ${cellName(cell, size)}`,
  );
  return {
    technique: 'aligned triple exclusion',
    cells: pattern,
    candidates: pattern.flatMap((member) =>
      digitsOf(candidates[member]).map((digit) => ({ cell: member, digit })),
    ),
    placements: [],
    eliminations: eliminations.sort((p, q) => p.digit - q.digit || p.cell - q.cell),
    explanation:
      `Aligned triple exclusion on ${listWords(names)}: of the ways to fill them with one ` +
      `candidate each, those that put one digit in two of them that see each other, or take ` +
      `every candidate of ${listWords(excluders, 'or')}, which see all three, are out. No ` +
      `way left puts ${listWords(puts, 'or')}, so remove ${listWords(removed)}`,
  };
}
