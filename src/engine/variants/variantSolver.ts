/**
 * The general engine for puzzles with variant constraints (constraints.ts): exact solving,
 * uniqueness and counting on any layout and size, held to the solver contract
 * (contract.ts) as every engine is. The classic engines stay for classic puzzles; this one
 * takes any list of constraints.
 *
 * ARCHITECTURE: each cell holds a candidate mask (bit d = digit d). The constraints are
 * compiled once per puzzle into five kinds of rule, and propagation (the Propagator's
 * queue: a rule runs again only when a cell it reads has lost a candidate) runs them to a
 * fixed point before every guess:
 * - peers: cells that must differ (rows, columns, regions, cages, extra regions, diagonals,
 *   renban lines, anti-knight and anti-king); a placed digit leaves its peers, and a house
 *   of N cells also places a digit that has one cell left (hidden single);
 * - relations between two cells, as a table "a holds d, so b may hold these": dots, XV,
 *   greater-than, non-consecutive, thermometer and whisper neighbours, palindrome mirrors,
 *   the "all given" negatives; two rules on one pair are one table (their intersection);
 * - linear sums (cage sums, little killers, arrows: the shaft minus the pill read as a
 *   number), pruned exactly by DP over partial sums (bitsets of words) when those span at
 *   most 512 values, else by bounds; then by bounds that know distinct digits (terms split
 *   into groups of cells that see each other: a group of k adds at least its k smallest
 *   candidates); a cage's sum also by its digit combinations (a 2-cell 17 is 8 and 9);
 * - the 45 rule: each row, column, region and band of rows or columns sums to a known
 *   total, so the cages and little killers inside it leave a sum over the few cells they
 *   miss (innies) less the cells they stick out with (outies), derived once at compile;
 * - windows: a renban's digits are one run of consecutive digits; a sandwich's cells
 *   between its 1 and its N hold distinct digits making its sum, so each place of the two
 *   ends is kept with the digit sets that fit between (and leave enough for outside).
 * - overlaps: two houses sharing 2 to N-1 cells; what each holds outside the other is the
 *   same digit set (box-line intersections; jigsaw pieces and lines too), so each side
 *   keeps only digits the other side can hold.
 * Every rule also rejects a full assignment that breaks it, so a solution found keeps every
 * constraint; property tests check this against constraints.ts's plain reading
 * (test/property/variants.property.test.ts).
 *
 * The search branches in two (ISS's engine does the same): a digit in a cell, then, that
 * branch done, the digit out of the cell, propagated, and the next guess chosen afresh. It
 * guesses on the open cell with the highest conflict score per candidate (a score starts at
 * the cells of the rules on the cell and grows each time a guess there is refuted, as ISS's
 * engine does; with no score anywhere, the fewest candidates), copying the masks per level.
 * bench/variants.ts measures it against ISS (docs/variants.md, "Speed").
 */
import type { Board } from '../board.ts';
import * as units from '../units.ts';
import {
  checkpointStops,
  copySolution,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from '../contract.ts';
import {
  constraintProblems,
  diagonalCells,
  kingNeighbours,
  knightApart,
  lineCells,
  orthogonalNeighbours,
  pairKey,
  whisperDifference,
  type Constraint,
} from './constraints.ts';

// The bit helpers bound once: the inner loops call them millions of times, and under a
// CommonJS transform (tsx: the benches, the tests) each call through an import would go
// through the module's export getter, about a sixth of a little killer's search time.
const { digitOfBit, fullMask, popcount } = units;
const bit = (digit: number): number => 1 << digit;
const lowestDigit = (mask: number): number => digitOfBit(mask & -mask);
const highestDigit = digitOfBit;

/** "a holds d, so b may hold allowed[d]". */
interface Relation {
  a: number;
  b: number;
  allowed: Uint32Array;
}

/** Σ coefficients[i] · digit(cells[i]) = target; `combos` for a cage's distinct digits. */
export interface SumRule {
  cells: number[];
  coefficients: number[];
  target: number;
  /** The digit sets a cage of distinct digits can hold (masks), or null. */
  combos: number[] | null;
  /**
   * The terms split into groups of one coefficient whose cells all see each other, as
   * indexes into `cells` (exclusionGroups): a group's cells hold distinct digits, so its
   * part of the sum is bounded by its smallest and largest digits taken once each. Set by
   * compileRules once the peers are known; empty for a cage (its combos say more).
   */
  groups?: Int32Array[];
}

interface Sandwich {
  cells: number[];
  sum: number;
  /**
   * Per count m of cells between the 1 and the N, the digit sets those m cells can hold:
   * m distinct digits from 2 to N-1 making the sum (the line is a house), as masks.
   */
  fillings: number[][];
}

/** A sandwich's fillings (see Sandwich), by count of cells between its ends. */
function sandwichFillings(size: number, sum: number): number[][] {
  const fillings: number[][] = Array.from({ length: size - 1 }, () => []);
  const pick = (from: number, count: number, total: number, mask: number): void => {
    if (total === sum) fillings[count].push(mask);
    for (let digit = from; digit < size && total + digit <= sum; digit++) {
      pick(digit + 1, count + 1, total + digit, mask | bit(digit));
    }
  };
  pick(2, 0, 0, 0);
  return fillings;
}

/** A puzzle's constraints, compiled for propagation (see the file header). */
export interface CompiledVariants {
  size: number;
  /** Candidates each cell may start with (even and odd cells), before the clues. */
  start: Uint32Array;
  /** Per cell, the cells that must hold a different digit. */
  peers: Int32Array[];
  /** Houses of N cells: each digit exactly once. */
  houses: number[][];
  relations: Relation[];
  sums: SumRule[];
  renbans: number[][];
  sandwiches: Sandwich[];
  /**
   * Two houses that share cells: the cells of each outside the other hold the same digits
   * (box-line intersections, ISS's SameValues), as [one side, other side].
   */
  overlaps?: [number[], number[]][];
}

/** Every problem with a list of constraints on a size, in words (none: []). */
export function variantProblems(size: number, constraints: readonly Constraint[]): string[] {
  return constraints.flatMap((constraint) => constraintProblems(constraint, size));
}

/** All distinct-digit sets of `count` digits from 1..size summing to `target`, as masks. */
function cageCombos(size: number, count: number, target: number): number[] {
  const combos: number[] = [];
  const pick = (from: number, left: number, total: number, mask: number): void => {
    if (left === 0) {
      if (total === target) combos.push(mask);
      return;
    }
    for (let digit = from; digit <= size && total + digit <= target; digit++) {
      pick(digit + 1, left - 1, total + digit, mask | bit(digit));
    }
  };
  pick(1, count, 0, 0);
  return combos;
}

/**
 * Split a sum rule's terms into groups of one coefficient whose cells are pairwise peers,
 * as indexes into its cells; only groups of two or more are kept (singletons add nothing
 * to the bounds). Fewer, larger groups bound the sum tighter (its range shrinks by the sum
 * of the squared group sizes, as ISS's HandlerUtil notes), and finding the best cover is
 * hard, so cliques are grown greedily in a few orders (the rule's own order, which suits
 * lines and diagonals; by cell; the most-connected term first) and the cover with the
 * largest sum of squares is kept.
 */
function exclusionGroups(rule: SumRule, peerSets: readonly Set<number>[]): Int32Array[] {
  const { cells, coefficients } = rule;
  const terms = cells.map((_, index) => index);
  const sees = (i: number, j: number): boolean =>
    coefficients[i] === coefficients[j] && peerSets[cells[i]].has(cells[j]);
  const degree = terms.map((i) => terms.filter((j) => j !== i && sees(i, j)).length);
  const orders = [
    terms,
    [...terms].sort((i, j) => cells[i] - cells[j]),
    [...terms].sort((i, j) => degree[j] - degree[i] || i - j),
  ];
  let best: number[][] = [];
  let bestScore = -1;
  for (const order of orders) {
    const left = new Set(order);
    const groups: number[][] = [];
    for (const seed of order) {
      if (!left.has(seed)) continue;
      const group = [seed];
      left.delete(seed);
      for (const other of order) {
        if (left.has(other) && group.every((member) => sees(member, other))) {
          group.push(other);
          left.delete(other);
        }
      }
      groups.push(group);
    }
    const score = groups.reduce((total, group) => total + group.length * group.length, 0);
    if (score > bestScore) {
      best = groups;
      bestScore = score;
    }
  }
  return best.filter((group) => group.length > 1).map((group) => Int32Array.from(group));
}

/** Derived sums longer than this are left out: their bounds say little, and cost a pass. */
const HOUSE_SUM_MOST_CELLS = 9;

/** Which whole houses a derived sum reads: a house (its index in `houses`), or a band. */
export type HouseSet =
  { kind: 'house'; index: number } | { kind: 'rows' | 'columns'; from: number; to: number };

/**
 * A sum the 45 rule derived, with where it came from, so the logical solver can say it in
 * words (logic/inniesAndOuties.ts): the houses read and how many, and the sums met (indexes
 * into houseSums's `sums`): used whole, sticking out (used; their cells outside are the
 * outies), or mostly outside (not used; their cells inside are innies).
 */
export interface HouseSum {
  rule: SumRule;
  set: HouseSet;
  houseCount: number;
  whole: number[];
  stickingOut: number[];
  mostlyOutside: number[];
}

/**
 * The 45 rule, generalised (killer solvers' innies and outies): a set of whole houses holds
 * each digit once per house, so its cells sum to houses x (1 + ... + N). Sums over disjoint
 * cells with coefficient one (cages with a sum, little killers) inside it account for part
 * of that; a sum that sticks out counts with its cells outside taken off again (an outie),
 * or, when most of it lies outside, its cells inside count as unknowns (innies). What is
 * left is a new sum over few cells: "r4c1 - r6c3 = 2", or "these three innies make 17".
 * The sets of houses read are each row, column and region, and each band of consecutive
 * rows or columns; derived once per puzzle, kept when over 1 to HOUSE_SUM_MOST_CELLS cells
 * and not already a rule. Innies that all see each other are a cage: their combinations
 * apply as well. The search reads only the rules; the logical solver also the provenance.
 */
export function houseSums(
  board: Pick<Board, 'size' | 'regions'>,
  houses: readonly number[][],
  sums: readonly SumRule[],
  peerSets: readonly Set<number>[],
): HouseSum[] {
  const { size } = board;
  const cellCount = size * size;
  const houseTotal = (size * (size + 1)) / 2;
  // Disjoint unit sums, smallest first (a small cage says the most per cell).
  const owner = new Int32Array(cellCount).fill(-1);
  const pieces: SumRule[] = [];
  /** Per piece, its index in `sums`. */
  const pieceIndex: number[] = [];
  const bySize = sums.map((_, index) => index);
  bySize.sort((a, b) => sums[a].cells.length - sums[b].cells.length);
  for (const index of bySize) {
    const rule = sums[index];
    if (!rule.coefficients.every((c) => c === 1)) continue;
    if (new Set(rule.cells).size !== rule.cells.length) continue;
    if (rule.cells.some((cell) => owner[cell] !== -1)) continue;
    for (const cell of rule.cells) owner[cell] = pieces.length;
    pieces.push(rule);
    pieceIndex.push(index);
  }
  if (pieces.length === 0) return [];
  const sets: { cells: number[]; set: HouseSet }[] = [];
  const rows = (from: number, to: number): number[] => {
    const cells: number[] = [];
    for (let cell = from * size; cell < (to + 1) * size; cell++) cells.push(cell);
    return cells;
  };
  const columns = (from: number, to: number): number[] =>
    rows(0, size - 1).filter((cell) => cell % size >= from && cell % size <= to);
  houses.forEach((house, index) => {
    if (house.length === size) sets.push({ cells: house, set: { kind: 'house', index } });
  });
  for (let from = 0; from < size; from++) {
    for (let to = from + 1; to < size - 1 || (from > 0 && to < size); to++) {
      sets.push(
        { cells: rows(from, to), set: { kind: 'rows', from, to } },
        { cells: columns(from, to), set: { kind: 'columns', from, to } },
      );
    }
  }
  const seen = new Set(sums.map((rule) => ruleKey(rule.cells, rule.coefficients, rule.target)));
  const derived: HouseSum[] = [];
  for (const { cells: setCells, set } of sets) {
    const inside = new Uint8Array(cellCount);
    for (const cell of setCells) inside[cell] = 1;
    const houseCount = setCells.length / size;
    let target = houseCount * houseTotal;
    const cells: number[] = [];
    const coefficients: number[] = [];
    const counted = new Uint8Array(pieces.length);
    const whole: number[] = [];
    const stickingOut: number[] = [];
    const mostlyOutside: number[] = [];
    for (const cell of setCells) {
      const piece = owner[cell];
      if (piece === -1) {
        cells.push(cell);
        coefficients.push(1);
        continue;
      }
      if (counted[piece] === 1) continue;
      counted[piece] = 1;
      const rule = pieces[piece];
      const outside = rule.cells.filter((other) => inside[other] === 0);
      if (outside.length < rule.cells.length - outside.length) {
        (outside.length === 0 ? whole : stickingOut).push(pieceIndex[piece]);
        target -= rule.target;
        for (const other of outside) {
          cells.push(other);
          coefficients.push(-1);
        }
      } else {
        mostlyOutside.push(pieceIndex[piece]);
        for (const other of rule.cells) {
          if (inside[other] === 1) {
            cells.push(other);
            coefficients.push(1);
          }
        }
      }
    }
    const used = whole.length + stickingOut.length;
    if (used === 0 || cells.length === 0 || cells.length > HOUSE_SUM_MOST_CELLS) continue;
    const key = ruleKey(cells, coefficients, target);
    if (seen.has(key)) continue;
    seen.add(key);
    const distinct =
      coefficients.every((c) => c === 1) &&
      cells.every((a) => cells.every((b) => a === b || peerSets[a].has(b)));
    derived.push({
      rule: {
        cells,
        coefficients,
        target,
        combos: distinct ? cageCombos(size, cells.length, target) : null,
      },
      set,
      houseCount,
      whole,
      stickingOut,
      mostlyOutside,
    });
  }
  return derived;
}

/** One key per sum rule, whatever the order of its terms. */
function ruleKey(
  cells: readonly number[],
  coefficients: readonly number[],
  target: number,
): string {
  const terms = cells.map((cell, k) => `${coefficients[k]}*${cell}`).sort();
  return `${terms.join('+')}=${target}`;
}

/**
 * Compile a board's layout and constraints (which must have no problems: variantProblems)
 * into the rules the search propagates.
 */
export function compileVariants(
  board: Pick<Board, 'size' | 'regions'>,
  constraints: readonly Constraint[],
): CompiledVariants {
  return compileRules(board, constraints, constraints, true);
}

/**
 * The rules of one constraint alone (`constraints[index]`), without the rows, columns and
 * regions: what the logical solver runs to explain a step by that constraint only. The
 * other constraints are read only as context (the "all given" rules look at the marks).
 */
export function compileConstraint(
  board: Pick<Board, 'size' | 'regions'>,
  constraints: readonly Constraint[],
  index: number,
): CompiledVariants {
  return compileRules(board, constraints, [constraints[index]], false);
}

/**
 * Compile `chosen` (a sublist of `constraints`) into rules, with the layout's houses when
 * `withLayout`.
 */
function compileRules(
  board: Pick<Board, 'size' | 'regions'>,
  constraints: readonly Constraint[],
  chosen: readonly Constraint[],
  withLayout: boolean,
): CompiledVariants {
  const { size, regions } = board;
  const cellCount = size * size;
  const all = fullMask(size);
  const start = new Uint32Array(cellCount).fill(all);
  const peerSets = Array.from({ length: cellCount }, () => new Set<number>());
  const houses: number[][] = [];
  const differ = (cells: readonly number[]): void => {
    for (const a of cells) for (const b of cells) if (a !== b) peerSets[a].add(b);
    if (cells.length === size) houses.push([...cells]);
  };
  if (withLayout) {
    for (let k = 0; k < size; k++) {
      differ(lineCells('row', k, size));
      differ(lineCells('column', k, size));
    }
    const members: number[][] = Array.from({ length: size }, () => []);
    for (let cell = 0; cell < cellCount; cell++) members[regions[cell]].push(cell);
    members.forEach(differ);
  }

  // Relations on ordered pairs, merged: a table per (a, b), and its reverse kept in step.
  const tables = new Map<number, Relation>();
  const tableOf = (a: number, b: number): Relation => {
    const key = a * cellCount + b;
    let relation = tables.get(key);
    if (!relation) {
      relation = { a, b, allowed: new Uint32Array(size + 1).fill(all) };
      tables.set(key, relation);
    }
    return relation;
  };
  /** Allow only pairs (da, db) that `test` accepts, on both ordered tables. */
  const relate = (a: number, b: number, test: (da: number, db: number) => boolean): void => {
    const forward = tableOf(a, b);
    const backward = tableOf(b, a);
    for (let da = 1; da <= size; da++) {
      for (let db = 1; db <= size; db++) {
        if (test(da, db)) continue;
        forward.allowed[da] &= ~bit(db);
        backward.allowed[db] &= ~bit(da);
      }
    }
  };
  const pairs = (near: (a: number, b: number) => boolean, each: (a: number, b: number) => void) => {
    for (let a = 0; a < cellCount; a++) {
      for (let b = a + 1; b < cellCount; b++) if (near(a, b)) each(a, b);
    }
  };
  const sums: SumRule[] = [];
  const renbans: number[][] = [];
  const sandwiches: Sandwich[] = [];
  const marked = (kind: 'kropki' | 'xv'): Set<number> =>
    new Set(constraints.flatMap((c) => (c.kind === kind ? [pairKey(c.cells[0], c.cells[1])] : [])));
  const along = (cells: readonly number[], test: (da: number, db: number) => boolean): void => {
    for (let k = 1; k < cells.length; k++) relate(cells[k - 1], cells[k], test);
  };

  for (const constraint of chosen) {
    switch (constraint.kind) {
      case 'cage':
        differ(constraint.cells);
        if (constraint.sum !== undefined) {
          sums.push({
            cells: constraint.cells,
            coefficients: constraint.cells.map(() => 1),
            target: constraint.sum,
            combos: cageCombos(size, constraint.cells.length, constraint.sum),
          });
        }
        break;
      case 'extraRegion':
        differ(constraint.cells);
        break;
      case 'diagonal':
        differ(diagonalCells(constraint.direction, size));
        break;
      case 'antiKnight':
        pairs(
          (a, b) => knightApart(a, b, size),
          (a, b) => differ([a, b]),
        );
        break;
      case 'antiKing':
        pairs(
          (a, b) => kingNeighbours(a, b, size),
          (a, b) => differ([a, b]),
        );
        break;
      case 'nonConsecutive':
        pairs(
          (a, b) => orthogonalNeighbours(a, b, size),
          (a, b) => relate(a, b, (da, db) => Math.abs(da - db) !== 1),
        );
        break;
      case 'even':
      case 'odd': {
        let mask = 0;
        for (let digit = constraint.kind === 'even' ? 2 : 1; digit <= size; digit += 2) {
          mask |= bit(digit);
        }
        start[constraint.cell] &= mask;
        break;
      }
      case 'thermometer':
        along(constraint.cells, constraint.slow ? (da, db) => db >= da : (da, db) => db > da);
        break;
      case 'whisper': {
        const difference = constraint.difference ?? whisperDifference(size);
        along(constraint.cells, (da, db) => Math.abs(da - db) >= difference);
        break;
      }
      case 'palindrome': {
        const { cells } = constraint;
        for (let k = 0; k < cells.length - 1 - k; k++) {
          relate(cells[k], cells[cells.length - 1 - k], (da, db) => da === db);
        }
        break;
      }
      case 'renban':
        differ(constraint.cells);
        renbans.push(constraint.cells);
        break;
      case 'kropki':
        relate(
          constraint.cells[0],
          constraint.cells[1],
          constraint.colour === 'white'
            ? (da, db) => Math.abs(da - db) === 1
            : (da, db) => da === 2 * db || db === 2 * da,
        );
        break;
      case 'xv':
        relate(constraint.cells[0], constraint.cells[1], (da, db) => da + db === constraint.sum);
        break;
      case 'greaterThan':
        relate(constraint.cells[0], constraint.cells[1], (da, db) => da > db);
        break;
      case 'littleKiller':
        sums.push({
          cells: constraint.cells,
          coefficients: constraint.cells.map(() => 1),
          target: constraint.sum,
          combos: null,
        });
        break;
      case 'arrow': {
        const { circle, shaft } = constraint;
        sums.push({
          cells: [...shaft, ...circle],
          coefficients: [
            ...shaft.map(() => 1),
            ...circle.map((_, k) => -(10 ** (circle.length - 1 - k))),
          ],
          target: 0,
          combos: null,
        });
        break;
      }
      case 'sandwich':
        sandwiches.push({
          cells: lineCells(constraint.line, constraint.index, size),
          sum: constraint.sum,
          fillings: sandwichFillings(size, constraint.sum),
        });
        break;
      case 'allDotsGiven': {
        const dotted = marked('kropki');
        pairs(
          (a, b) => orthogonalNeighbours(a, b, size) && !dotted.has(pairKey(a, b)),
          (a, b) =>
            relate(a, b, (da, db) => Math.abs(da - db) !== 1 && da !== 2 * db && db !== 2 * da),
        );
        break;
      }
      case 'allXvGiven': {
        const signed = marked('xv');
        pairs(
          (a, b) => orthogonalNeighbours(a, b, size) && !signed.has(pairKey(a, b)),
          (a, b) => relate(a, b, (da, db) => da + db !== 10 && da + db !== 5),
        );
        break;
      }
    }
  }
  const overlaps: [number[], number[]][] = [];
  for (let i = 0; withLayout && i < houses.length; i++) {
    const inI = new Set(houses[i]);
    for (let j = i + 1; j < houses.length; j++) {
      const shared = houses[j].filter((cell) => inI.has(cell)).length;
      if (shared < 2 || shared === size) continue;
      const inJ = new Set(houses[j]);
      overlaps.push([
        houses[i].filter((cell) => !inJ.has(cell)),
        houses[j].filter((cell) => !inI.has(cell)),
      ]);
    }
  }
  if (withLayout) sums.push(...houseSums(board, houses, sums, peerSets).map((found) => found.rule));
  for (const rule of sums) {
    if (rule.combos === null) rule.groups = exclusionGroups(rule, peerSets);
  }
  return {
    size,
    start,
    overlaps,
    peers: peerSets.map((set) => Int32Array.from(set)),
    houses,
    relations: [...tables.values()],
    sums,
    renbans,
    sandwiches,
  };
}

/** Rule kinds of the propagation queue; a rule id is an index into Propagator's lists. */
const HOUSE = 0;
const RELATION = 1;
const SUM = 2;
const RENBAN = 3;
const SANDWICH = 4;
const OVERLAP = 5;

/**
 * A sum rule runs its exact DP only while at most this many of its cells are open; with
 * more, its bounds (and the distinct-digit bounds) are cheaper and prune nearly as much.
 * ISS's Sum handler draws the same line at 2-3 cells. On ISS's 72 puzzles 4 did best of
 * 2, 4, 6 and always (docs/variants.md): Long sums 1, 85 -> 35 ms, at the same guesses.
 */
const DP_MOST_OPEN = 4;

/** The widest range of partial sums a sum rule is pruned by dynamic programming over. */
const DP_WIDTH_LIMIT = 512;

/**
 * Propagation to a fixed point with a queue (see the file header): a rule runs again only
 * when a cell it reads has lost a candidate, and a cell's digit leaves its peers once, when
 * it is down to one. Every narrowing goes through `narrow`, which queues the rules of the
 * cell; a dead end (a cell with no candidate, a rule that cannot be kept) clears the queue
 * and answers false, and the search restores the masks it saved.
 */
class Propagator {
  readonly cand: Uint32Array;
  readonly placed: Uint8Array;
  private readonly kinds: Uint8Array;
  private readonly indexes: Int32Array;
  /** Per cell, the ids of the rules that read it. */
  private readonly cellRules: Int32Array[];
  private readonly queued: Uint8Array;
  private readonly queue: Int32Array;
  private queueLength = 0;
  private readonly singles: Int32Array;
  private singlesLength = 0;
  private readonly singleQueued: Uint8Array;
  /** Per sum rule, its DP table (null: bounds only), allocated once. */
  private readonly tables: (Uint32Array | null)[];
  /** Per sum rule, its lowest partial sum and its table's words per row. */
  private readonly tableBases: Int32Array;
  private readonly tableWords: Int32Array;

  /** Scratch of sandwich: the digits each cell of the line keeps. */
  private readonly sandwichKeep: Uint32Array;
  /** Scratch of sumGroups: which terms are in a group, and each group's bounds. */
  private readonly grouped: Uint8Array;
  private readonly groupLow: Int32Array;
  private readonly groupHigh: Int32Array;

  /**
   * `exactUpTo`: a sum's DP runs while at most this many of its cells are open (the search
   * passes DP_MOST_OPEN; the logical solver keeps every sum exact, so its steps say all a
   * sum can say).
   */
  constructor(
    private readonly rules: CompiledVariants,
    private readonly exactUpTo = Infinity,
  ) {
    const { size, houses, relations, sums, renbans, sandwiches } = rules;
    const cellCount = size * size;
    const kinds: number[] = [];
    const indexes: number[] = [];
    const watch: number[][] = Array.from({ length: cellCount }, () => []);
    const add = (kind: number, index: number, cells: readonly number[]): void => {
      const id = kinds.length;
      kinds.push(kind);
      indexes.push(index);
      for (const cell of cells) watch[cell].push(id);
    };
    houses.forEach((house, index) => add(HOUSE, index, house));
    relations.forEach((relation, index) => add(RELATION, index, [relation.a]));
    sums.forEach((rule, index) => add(SUM, index, rule.cells));
    renbans.forEach((cells, index) => add(RENBAN, index, cells));
    sandwiches.forEach((sandwich, index) => add(SANDWICH, index, sandwich.cells));
    (rules.overlaps ?? []).forEach(([one, other], index) =>
      add(OVERLAP, index, [...one, ...other]),
    );
    this.kinds = Uint8Array.from(kinds);
    this.indexes = Int32Array.from(indexes);
    this.cellRules = watch.map((ids) => Int32Array.from(ids));
    this.queued = new Uint8Array(kinds.length);
    this.queue = new Int32Array(kinds.length);
    this.singles = new Int32Array(cellCount);
    this.singleQueued = new Uint8Array(cellCount);
    this.cand = Uint32Array.from(rules.start);
    this.placed = new Uint8Array(cellCount);
    const longest = sums.reduce((most, rule) => Math.max(most, rule.cells.length), 0);
    this.sandwichKeep = new Uint32Array(size);
    this.grouped = new Uint8Array(longest);
    this.groupLow = new Int32Array(longest);
    this.groupHigh = new Int32Array(longest);
    this.tableBases = Int32Array.from(sums, (rule) => sumBase(rule, size));
    this.tableWords = Int32Array.from(sums, (rule) => (sumWidth(rule, size) + 31) >>> 5);
    this.tables = sums.map((rule) => {
      const width = sumWidth(rule, size);
      const words = (width + 31) >>> 5;
      return width <= DP_WIDTH_LIMIT
        ? new Uint32Array((2 * (rule.cells.length + 1) + 1) * words)
        : null;
    });
  }

  /** Keep only `mask` in a cell; false when nothing is left. Queues the cell's rules. */
  narrow(cell: number, mask: number): boolean {
    const before = this.cand[cell];
    const next = before & mask;
    if (next === before) return true;
    if (next === 0) return false;
    this.cand[cell] = next;
    this.touch(cell);
    return true;
  }

  /** Queue the rules that read a cell, and the cell itself once it is down to one digit. */
  touch(cell: number): void {
    for (const id of this.cellRules[cell]) {
      if (this.queued[id] === 0) {
        this.queued[id] = 1;
        this.queue[this.queueLength++] = id;
      }
    }
    const mask = this.cand[cell];
    if ((mask & (mask - 1)) === 0 && this.placed[cell] === 0 && this.singleQueued[cell] === 0) {
      this.singleQueued[cell] = 1;
      this.singles[this.singlesLength++] = cell;
    }
  }

  /** Queue every rule and cell: the start of a search. */
  touchAll(): void {
    for (let cell = 0; cell < this.cand.length; cell++) this.touch(cell);
  }

  /** Run the queue to its end; false on a dead end (the queue is then empty again). */
  run(): boolean {
    const ok = this.drain();
    if (!ok) {
      for (let k = 0; k < this.queueLength; k++) this.queued[this.queue[k]] = 0;
      for (let k = 0; k < this.singlesLength; k++) this.singleQueued[this.singles[k]] = 0;
      this.queueLength = 0;
      this.singlesLength = 0;
    }
    return ok;
  }

  private drain(): boolean {
    const { cand, placed, rules } = this;
    const { peers } = rules;
    for (;;) {
      if (this.singlesLength > 0) {
        const cell = this.singles[--this.singlesLength];
        this.singleQueued[cell] = 0;
        if (placed[cell]) continue;
        placed[cell] = 1;
        const mask = cand[cell];
        for (const peer of peers[cell]) {
          if ((cand[peer] & mask) !== 0 && !this.narrow(peer, ~mask)) return false;
        }
        continue;
      }
      if (this.queueLength === 0) return true;
      const id = this.queue[--this.queueLength];
      this.queued[id] = 0;
      const index = this.indexes[id];
      let ok: boolean;
      switch (this.kinds[id]) {
        case HOUSE:
          ok = this.hiddenSingles(rules.houses[index]);
          break;
        case RELATION:
          ok = this.relation(rules.relations[index]);
          break;
        case SUM:
          ok = this.sum(rules.sums[index], index);
          break;
        case RENBAN:
          ok = this.renban(rules.renbans[index]);
          break;
        case OVERLAP:
          ok = this.overlap((rules.overlaps ?? [])[index]);
          break;
        default:
          ok = this.sandwich(rules.sandwiches[index]);
      }
      if (!ok) return false;
    }
  }

  /** A digit with one place left in a house of N cells goes there; with none, a dead end. */
  private hiddenSingles(house: readonly number[]): boolean {
    const { cand } = this;
    const size = this.rules.size;
    let once = 0;
    let twice = 0;
    for (const cell of house) {
      const mask = cand[cell];
      twice |= once & mask;
      once |= mask;
    }
    if (once !== fullMask(size)) return false;
    const alone = once & ~twice;
    if (alone === 0) return true;
    for (const cell of house) {
      const mask = cand[cell] & alone;
      if (mask === 0) continue;
      if ((mask & (mask - 1)) !== 0) return false;
      if (!this.narrow(cell, mask)) return false;
    }
    return true;
  }

  /** Both sides keep only digits both can hold; a side's distinct digits must fit. */
  private overlap([one, other]: [number[], number[]]): boolean {
    const { cand } = this;
    let unionOne = 0;
    let unionOther = 0;
    for (const cell of one) unionOne |= cand[cell];
    for (const cell of other) unionOther |= cand[cell];
    const both = unionOne & unionOther;
    if (popcount(both) < one.length) return false;
    if (unionOne !== both) for (const cell of one) if (!this.narrow(cell, both)) return false;
    if (unionOther !== both) for (const cell of other) if (!this.narrow(cell, both)) return false;
    return true;
  }

  private relation({ a, b, allowed }: Relation): boolean {
    let reach = 0;
    for (let mask = this.cand[a]; mask !== 0; mask &= mask - 1) reach |= allowed[lowestDigit(mask)];
    return this.narrow(b, reach);
  }

  /** A cage's combinations, then the sum itself: by DP over partial sums, or by bounds. */
  private sum(rule: SumRule, index: number): boolean {
    const table = this.tables[index];
    const { cand } = this;
    const { cells, combos } = rule;
    if (combos !== null) {
      let allowed = 0;
      let required = -1;
      for (const combo of combos) {
        let fits = true;
        let union = 0;
        for (const cell of cells) {
          const meet = cand[cell] & combo;
          if (meet === 0) {
            fits = false;
            break;
          }
          union |= meet;
        }
        if (fits && union === combo) {
          allowed |= combo;
          required &= combo;
        }
      }
      if (allowed === 0) return false;
      for (const cell of cells) if (!this.narrow(cell, allowed)) return false;
      // A digit every combination uses, with one cell left for it, goes there.
      for (let left = required; left !== 0; left &= left - 1) {
        const b = left & -left;
        let place = -1;
        let places = 0;
        for (const cell of cells) {
          if (cand[cell] & b) {
            place = cell;
            places++;
          }
        }
        if (places === 0) return false;
        if (places === 1 && !this.narrow(place, b)) return false;
      }
    }
    let open = 0;
    for (const cell of rule.cells) if ((cand[cell] & (cand[cell] - 1)) !== 0) open++;
    const exact = table !== null && open <= this.exactUpTo;
    if (!(exact ? this.sumTable(rule, table, index) : this.sumBounds(rule))) return false;
    return rule.groups === undefined || rule.groups.length === 0 || this.sumGroups(rule);
  }

  /**
   * Bounds that know distinct digits: a group of k cells that see each other adds at
   * least its k smallest candidates and at most its k largest (times its coefficient);
   * other terms add their own least and most. A digit d of a group's cell stays when the
   * target fits the group with d in it (d and the k-1 smallest, or largest, of the rest)
   * plus everything else at its bounds. Fewer candidates than cells in a group is a dead
   * end.
   */
  private sumGroups(rule: SumRule): boolean {
    const { cand } = this;
    const { cells, coefficients, target } = rule;
    const groups = rule.groups as Int32Array[];
    const grouped = this.grouped;
    grouped.fill(0, 0, cells.length);
    let least = 0;
    let most = 0;
    const groupLow = this.groupLow;
    const groupHigh = this.groupHigh;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      let union = 0;
      for (const index of group) {
        union |= cand[cells[index]];
        grouped[index] = 1;
      }
      const k = group.length;
      if (popcount(union) < k) return false;
      let low = 0;
      let m = union;
      for (let taken = 0; taken < k; taken++, m &= m - 1) low += lowestDigit(m);
      let high = 0;
      m = union;
      for (let taken = 0; taken < k; taken++) {
        const digit = highestDigit(m);
        high += digit;
        m &= ~bit(digit);
      }
      const c = coefficients[group[0]];
      groupLow[g] = low;
      groupHigh[g] = high;
      least += Math.min(c * low, c * high);
      most += Math.max(c * low, c * high);
    }
    for (let i = 0; i < cells.length; i++) {
      if (grouped[i] === 1) continue;
      const mask = cand[cells[i]];
      const low = coefficients[i] * lowestDigit(mask);
      const high = coefficients[i] * highestDigit(mask);
      least += Math.min(low, high);
      most += Math.max(low, high);
    }
    if (target < least || target > most) return false;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      const c = coefficients[group[0]];
      const k = group.length;
      const low = groupLow[g];
      const high = groupHigh[g];
      const othersLeast = least - Math.min(c * low, c * high);
      const othersMost = most - Math.max(c * low, c * high);
      let union = 0;
      for (const index of group) union |= cand[cells[index]];
      // The k-1 smallest (largest) of the union, and the k-th, for "d and the rest".
      let lowRest = 0;
      let m = union;
      for (let taken = 0; taken < k - 1; taken++, m &= m - 1) lowRest += lowestDigit(m);
      const kthLow = lowestDigit(m);
      let highRest = 0;
      m = union;
      for (let taken = 0; taken < k - 1; taken++) {
        const digit = highestDigit(m);
        highRest += digit;
        m &= ~bit(digit);
      }
      const kthHigh = highestDigit(m);
      for (const index of group) {
        const cell = cells[index];
        const mask = cand[cell];
        let keep = 0;
        for (let left = mask; left !== 0; left &= left - 1) {
          const digit = lowestDigit(left);
          // With d in the group: d plus the k-1 smallest others (d is among the k smallest
          // when d <= the k-th smallest, and then the group's least is unchanged).
          const withLow = digit <= kthLow ? low : lowRest + digit;
          const withHigh = digit >= kthHigh ? high : highRest + digit;
          const from = othersLeast + Math.min(c * withLow, c * withHigh);
          const to = othersMost + Math.max(c * withLow, c * withHigh);
          if (target >= from && target <= to) keep |= bit(digit);
        }
        if (!this.narrow(cell, keep)) return false;
      }
    }
    return true;
  }

  private sumBounds(rule: SumRule): boolean {
    const { cand } = this;
    const { cells, coefficients, target } = rule;
    let least = 0;
    let most = 0;
    for (let i = 0; i < cells.length; i++) {
      const mask = cand[cells[i]];
      const low = coefficients[i] * lowestDigit(mask);
      const high = coefficients[i] * highestDigit(mask);
      least += Math.min(low, high);
      most += Math.max(low, high);
    }
    if (target < least || target > most) return false;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      const mask = cand[cell];
      const c = coefficients[i];
      const low = c * lowestDigit(mask);
      const high = c * highestDigit(mask);
      // What this term must be, given what the others can be.
      const from = target - (most - Math.max(low, high));
      const to = target - (least - Math.min(low, high));
      let keep = 0;
      for (let m = mask; m !== 0; m &= m - 1) {
        const digit = lowestDigit(m);
        const term = c * digit;
        if (term >= from && term <= to) keep |= bit(digit);
      }
      if (!this.narrow(cell, keep)) return false;
    }
    return true;
  }

  /**
   * Exact support of a linear sum (repeats allowed): which partial sums the first i terms
   * can reach (forward) and which can still end at the target (backward); a digit stays
   * when it joins the two. Each row of partial sums is a bitset of `words` 32-bit words (bit
   * s = the partial sum base + s), so a term's digits are a few word shifts each: the table
   * holds (cells + 1) forward rows, as many backward rows, and one scratch row.
   */
  private sumTable(rule: SumRule, table: Uint32Array, index: number): boolean {
    const { cand } = this;
    const { cells, coefficients, target } = rule;
    const n = cells.length;
    const words = this.tableWords[index];
    const base = this.tableBases[index];
    const back = (n + 1) * words;
    const scratch = 2 * back;
    table.fill(0);
    table[(0 - base) >>> 5] = 1 << ((0 - base) & 31);
    for (let i = 0; i < n; i++) {
      const c = coefficients[i];
      for (let m = cand[cells[i]]; m !== 0; m &= m - 1) {
        shiftOr(table, (i + 1) * words, table, i * words, words, c * lowestDigit(m));
      }
    }
    const end = target - base;
    if (end < 0 || end >= words * 32) return false;
    if ((table[n * words + (end >>> 5)] & (1 << (end & 31))) === 0) return false;
    table[back + n * words + (end >>> 5)] = 1 << (end & 31);
    for (let i = n - 1; i >= 0; i--) {
      const c = coefficients[i];
      const forward = i * words;
      const into = back + i * words;
      let keep = 0;
      for (let m = cand[cells[i]]; m !== 0; m &= m - 1) {
        const digit = lowestDigit(m);
        // The partial sums before this term from which this digit still reaches the end.
        table.fill(0, scratch, scratch + words);
        shiftOr(table, scratch, table, back + (i + 1) * words, words, -c * digit);
        let any = 0;
        for (let w = 0; w < words; w++) {
          const both = table[scratch + w] & table[forward + w];
          table[into + w] |= both;
          any |= both;
        }
        if (any !== 0) keep |= bit(digit);
      }
      if (!this.narrow(cells[i], keep)) return false;
    }
    return true;
  }

  /**
   * A renban's digits are one run of consecutive digits, each used once: a run stays when
   * every cell has a digit of it and every digit of it has a cell; a digit all runs left
   * share, with one cell for it, goes there.
   */
  private renban(cells: readonly number[]): boolean {
    const { cand } = this;
    const size = this.rules.size;
    const length = cells.length;
    let union = 0;
    for (const cell of cells) union |= cand[cell];
    let allowed = 0;
    let required = -1;
    for (let low = 1; low + length - 1 <= size; low++) {
      const run = (((1 << length) - 1) << low) >>> 0;
      if ((union & run) !== run) continue;
      let fits = true;
      for (const cell of cells) {
        if ((cand[cell] & run) === 0) {
          fits = false;
          break;
        }
      }
      if (fits) {
        allowed |= run;
        required &= run;
      }
    }
    if (allowed === 0) return false;
    for (const cell of cells) if (!this.narrow(cell, allowed)) return false;
    for (let left = required; left !== 0; left &= left - 1) {
      const b = left & -left;
      let place = -1;
      let places = 0;
      for (const cell of cells) {
        if (cand[cell] & b) {
          place = cell;
          places++;
        }
      }
      if (places === 0) return false;
      if (places === 1 && !this.narrow(place, b)) return false;
    }
    return true;
  }

  /**
   * A sandwich (its line is a house): every place the 1 and the N can still take, and for
   * each, every filling of the cells between (distinct digits from 2 to N-1 making the sum:
   * Sandwich.fillings) that the cells between can hold together and that leaves enough
   * digits for the cells outside. Each cell keeps the 1 (the N) only where some such pair
   * and filling puts it, a cell between only the digits of those fillings, a cell outside
   * only the digits they leave out.
   */
  private sandwich({ cells, fillings }: Sandwich): boolean {
    const { cand } = this;
    const size = this.rules.size;
    const one = bit(1);
    const top = bit(size);
    const ends = one | top;
    const middle = fullMask(size) & ~ends;
    const keep = this.sandwichKeep;
    keep.fill(0, 0, size);
    let any = false;
    for (let i = 0; i < size; i++) {
      const atI = cand[cells[i]] & ends;
      if (atI === 0) continue;
      let inner = 0;
      for (let j = i + 1; j < size; j++) {
        const atJ = cand[cells[j]] & ends;
        // The ends the pair (i, j) can take: 1 at i and N at j, or N at i and 1 at j.
        const iGets =
          ((atI & one && atJ & top ? one : 0) | (atI & top && atJ & one ? top : 0)) >>> 0;
        const between = j - i - 1;
        if (iGets !== 0 && fillings[between].length > 0) {
          let outer = 0;
          for (let k = 0; k < size; k++) if (k < i || k > j) outer |= cand[cells[k]];
          outer &= middle;
          const outside = size - 2 - between;
          let innerKeep = 0;
          let outerKeep = 0;
          let fits = false;
          for (const filling of fillings[between]) {
            if ((filling & ~inner) !== 0) continue;
            if (popcount(outer & ~filling) < outside) continue;
            fits = true;
            innerKeep |= filling;
            outerKeep |= middle & ~filling;
          }
          if (fits) {
            any = true;
            keep[i] |= iGets;
            keep[j] |= iGets === (one | top) ? iGets : iGets ^ ends;
            for (let k = i + 1; k < j; k++) keep[k] |= innerKeep;
            for (let k = 0; k < size; k++) if (k < i || k > j) keep[k] |= outerKeep;
          }
        }
        inner |= cand[cells[j]] & middle;
      }
    }
    if (!any) return false;
    for (let k = 0; k < size; k++) if (!this.narrow(cells[k], keep[k])) return false;
    return true;
  }
}

/**
 * Propagate `rules` alone to a fixed point from `candidates` (one mask per cell, bit d =
 * digit d; a placed cell is its digit's bit): the masks that are left, or null when the
 * rules cannot be kept. No guess, no other rule: the logical solver runs one constraint's
 * rules (compileConstraint) this way, so whatever it removes follows from that constraint
 * and the candidates alone.
 */
export function narrowByRules(
  rules: CompiledVariants,
  candidates: ArrayLike<number>,
): Uint32Array | null {
  const propagator = new Propagator(rules);
  // The rules' own start (an even cell's digits) meets the candidates given.
  for (let cell = 0; cell < propagator.cand.length; cell++)
    propagator.cand[cell] &= candidates[cell];
  if (propagator.cand.some((mask) => mask === 0)) return null;
  propagator.touchAll();
  return propagator.run() ? propagator.cand : null;
}

/**
 * OR into dst[to .. to + words) the bitset src[from .. from + words) shifted by `by` bits
 * (up when positive, down when negative); bits shifted past either end are dropped.
 */
function shiftOr(
  dst: Uint32Array,
  to: number,
  src: Uint32Array,
  from: number,
  words: number,
  by: number,
): void {
  if (by >= 0) {
    const q = by >>> 5;
    const r = by & 31;
    for (let w = words - 1; w >= q; w--) {
      const lowPart = src[from + w - q] << r;
      const carry = r !== 0 && w - q - 1 >= 0 ? src[from + w - q - 1] >>> (32 - r) : 0;
      dst[to + w] |= lowPart | carry;
    }
  } else {
    const q = -by >>> 5;
    const r = -by & 31;
    for (let w = 0; w + q < words; w++) {
      const highPart = src[from + w + q] >>> r;
      const carry = r !== 0 && w + q + 1 < words ? src[from + w + q + 1] << (32 - r) : 0;
      dst[to + w] |= highPart | carry;
    }
  }
}

/** The lowest partial sum a sum rule's terms can reach (every term at its most negative). */
function sumBase(rule: SumRule, size: number): number {
  return rule.coefficients.reduce((total, c) => total + Math.min(c, c * size, 0), 0);
}

/** How many partial sums a sum rule's table spans. */
function sumWidth(rule: SumRule, size: number): number {
  const top = rule.coefficients.reduce((total, c) => total + Math.max(c, c * size, 0), 0);
  return top - sumBase(rule, size) + 1;
}

/** Refutations between two halvings of the conflict scores (ISS uses the same). */
const DECAY_EVERY = 1 << 14;

/**
 * A cell's search priority before any conflict: the cells of every rule on it, summed (a
 * rule over many cells ties many guesses together), as ISS's optimizer starts its scores.
 */
function cellPriorities(rules: CompiledVariants): Float64Array {
  const priorities = new Float64Array(rules.size * rules.size);
  const add = (cells: readonly number[]): void => {
    for (const cell of cells) priorities[cell] += cells.length;
  };
  rules.houses.forEach(add);
  for (const relation of rules.relations) priorities[relation.a] += 2;
  for (const rule of rules.sums) add(rule.cells);
  rules.renbans.forEach(add);
  for (const sandwich of rules.sandwiches) add(sandwich.cells);
  return priorities;
}

/**
 * Count the solutions of a board under constraints up to `limit`: a count as the solver
 * contract says (contract.ts), nodes = guesses. The constraints must have no problems
 * (variantProblems): this throws a RangeError naming the first.
 */
export function countVariantSolutions(
  board: Board,
  constraints: readonly Constraint[],
  limit: number,
  options: SearchOptions = {},
): CountResult {
  const problems = variantProblems(board.size, constraints);
  if (problems.length > 0) throw new RangeError(problems[0]);
  const result = newCountResult(board);
  if (result.clueConflicts.length > 0) return result;
  return countCompiled(board, compileVariants(board, constraints), result, limit, options);
}

/**
 * countVariantSolutions with the constraints already compiled for the board's size and
 * regions (compileVariants, from constraints with no problems): for a caller that counts
 * many boards of one layout, such as the setter's tools (engines.ts, counterFor), which
 * would otherwise compile the same rules for every search (1-1.4 ms on a 9x9 killer, against
 * 3-9 ms for the search itself).
 */
export function countCompiledVariants(
  board: Board,
  rules: CompiledVariants,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  if (rules.size !== board.size) {
    throw new RangeError(
      `rules compiled for ${rules.size}x${rules.size}, board ${board.size}x${board.size}`,
    );
  }
  const result = newCountResult(board);
  if (result.clueConflicts.length > 0) return result;
  return countCompiled(board, rules, result, limit, options);
}

/** The search of both entries above, from a result with no clue clash. */
function countCompiled(
  board: Board,
  rules: CompiledVariants,
  result: CountResult,
  limit: number,
  options: SearchOptions,
): CountResult {
  const { size } = board;
  const cellCount = size * size;
  const propagator = new Propagator(rules, DP_MOST_OPEN);
  const { cand, placed } = propagator;
  for (let cell = 0; cell < cellCount; cell++) {
    if (board.givens[cell] !== 0) cand[cell] &= bit(board.givens[cell]);
    if (cand[cell] === 0) {
      result.nodes = 0;
      return result;
    }
  }
  propagator.touchAll();
  const keep = options.keepSolutions ?? limit;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  const grid = new Uint8Array(cellCount);
  let nodes = 0;
  let nextReport = progressEvery;
  let stopped = false;

  // Conflict scores (as ISS's engine keeps them): a cell's score starts at how much the
  // rules on it read (its priority) and grows by one each time a guess on it is refuted by
  // propagation, halved every DECAY_EVERY refutations so that the score follows the part
  // of the grid being searched now. The search guesses on the cell with the highest score
  // per candidate; with no score anywhere, on the fewest candidates.
  const scores = Float64Array.from(cellPriorities(rules));
  let decayCountdown = DECAY_EVERY;
  const digitScores = new Float64Array(size + 1);
  const refuted = (cell: number, digit: number): void => {
    scores[cell]++;
    digitScores[digit]++;
    if (--decayCountdown === 0) {
      decayCountdown = DECAY_EVERY;
      for (let k = 0; k < cellCount; k++) scores[k] = Math.floor(scores[k] / 2);
      for (let k = 0; k <= size; k++) digitScores[k] = Math.floor(digitScores[k] / 4);
    }
  };

  // Binary branching (as ISS's engine does): a guess puts one digit in one cell; when that
  // branch is done the digit leaves the cell, propagation runs again, and the next guess is
  // chosen afresh on what that removal taught. Returns false when propagation fails before
  // the first guess of this call (the refutation the conflict scores count).
  const search = (): boolean => {
    for (let first = true; ; first = false) {
      if (!propagator.run()) return !first;
      const guess = chooseGuess();
      if (guess < 0) {
        result.count++;
        if (result.solutions.length < keep) {
          for (let cell = 0; cell < cellCount; cell++) grid[cell] = lowestDigit(cand[cell]);
          result.solutions.push(copySolution(grid));
        }
        return true;
      }
      if (result.count >= limit || stopped) return true;
      nodes++;
      if (nodes >= nextReport) {
        nextReport += progressEvery;
        if (checkpointStops(options, result, nodes)) {
          stopped = true;
          return true;
        }
      }
      const cell = guess >> 5;
      const digitBit = 1 << (guess & 31);
      const savedCand = cand.slice();
      const savedPlaced = placed.slice();
      cand[cell] = digitBit;
      propagator.touch(cell);
      if (!search()) refuted(cell, guess & 31);
      if (result.count >= limit || stopped) return true;
      cand.set(savedCand);
      placed.set(savedPlaced);
      cand[cell] &= ~digitBit;
      propagator.touch(cell);
    }
  };

  /**
   * The next guess as cell << 5 | digit, or -1 when every cell is placed: the open cell
   * with the highest conflict score per candidate (with no score anywhere, the fewest
   * candidates), and its lowest digit. A cell that holds the digit refuted most lately
   * scores a fifth of that digit's score more (ISS's value scores: on the 72 ISS puzzles,
   * capped at 200,000 guesses, 2 fewer stopped and a third fewer guesses by the mean log).
   */
  const chooseGuess = (): number => {
    let best = -1;
    let bestScore = -1;
    let bestCount = 0;
    const hot = hotDigit();
    const bonus = hot === 0 ? 0 : 0.2 * digitScores[lowestDigit(hot)];
    for (let cell = 0; cell < cellCount; cell++) {
      const mask = cand[cell];
      if ((mask & (mask - 1)) === 0) continue;
      const count = popcount(mask);
      const score = scores[cell] + ((mask & hot) !== 0 ? bonus : 0);
      if (score * bestCount > bestScore * count) {
        best = cell;
        bestScore = score;
        bestCount = count;
      }
    }
    if (best < 0) return -1;
    if (bestScore === 0) {
      for (let cell = 0; cell < cellCount; cell++) {
        const count = popcount(cand[cell]);
        if (count > 1 && count < bestCount) {
          best = cell;
          bestCount = count;
        }
      }
    }
    return (best << 5) | lowestDigit(cand[best]);
  };

  /**
   * The digit refuted most lately, as a bit, when it stands out: refuted at least N times
   * since the last decay and over 1.5 times as often as the least refuted; else 0.
   */
  const hotDigit = (): number => {
    let most = 0;
    let least = Infinity;
    let hot = 0;
    for (let digit = 1; digit <= size; digit++) {
      const score = digitScores[digit];
      if (score > most) {
        most = score;
        hot = bit(digit);
      }
      if (score > 0 && score < least) least = score;
    }
    return most < size || most * 2 <= least * 3 ? 0 : hot;
  };

  search();
  result.nodes = nodes;
  if (result.count >= limit) result.complete = false;
  return result;
}
