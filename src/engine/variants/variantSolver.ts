/**
 * The general engine for puzzles with variant constraints (constraints.ts): exact solving,
 * uniqueness and counting on any layout and size, held to the solver contract
 * (contract.ts) as every engine is. The classic engines stay for classic puzzles; this one
 * takes any list of constraints.
 *
 * ARCHITECTURE: each cell holds a candidate mask (bit d = digit d). The constraints are
 * compiled once per puzzle into four kinds of rule, and propagation runs them in turn to a
 * fixed point before every guess:
 * - peers: cells that must differ (rows, columns, regions, cages, extra regions, diagonals,
 *   renban lines, anti-knight and anti-king); a placed digit leaves its peers, and a house
 *   of N cells also places a digit that has one cell left (hidden single);
 * - relations between two cells, as a table "a holds d, so b may hold these": dots, XV,
 *   greater-than, non-consecutive, thermometer and whisper neighbours, palindrome mirrors,
 *   the "all given" negatives; two rules on one pair are one table (their intersection);
 * - linear sums (cage sums, little killers, arrows: the shaft minus the pill read as a
 *   number), pruned by bounds; a cage's sum also by its digit combinations (a 2-cell 17 is
 *   8 and 9);
 * - windows: a renban's digits are one run of consecutive digits; a sandwich's digits
 *   between its 1 and its N are a sum once both are placed.
 * Every rule also rejects a full assignment that breaks it, so a solution found keeps every
 * constraint; property tests check this against constraints.ts's plain reading
 * (test/property/variants.property.test.ts).
 *
 * The search guesses on the open cell with the fewest candidates, copying the masks per
 * level. Speed work (ordering, learning, the 45 rule across houses) comes later and is
 * measured in bench/; this file is the correct core it will be measured against.
 */
import type { Board } from '../board.ts';
import { digitOfBit, fullMask, popcount } from '../units.ts';
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
interface SumRule {
  cells: number[];
  coefficients: number[];
  target: number;
  /** The digit sets a cage of distinct digits can hold (masks), or null. */
  combos: number[] | null;
}

interface Sandwich {
  cells: number[];
  sum: number;
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
 * Compile a board's layout and constraints (which must have no problems: variantProblems)
 * into the rules the search propagates.
 */
export function compileVariants(
  board: Pick<Board, 'size' | 'regions'>,
  constraints: readonly Constraint[],
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
  for (let k = 0; k < size; k++) {
    differ(lineCells('row', k, size));
    differ(lineCells('column', k, size));
  }
  const members: number[][] = Array.from({ length: size }, () => []);
  for (let cell = 0; cell < cellCount; cell++) members[regions[cell]].push(cell);
  members.forEach(differ);

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

  for (const constraint of constraints) {
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
  return {
    size,
    start,
    peers: peerSets.map((set) => Int32Array.from(set)),
    houses,
    relations: [...tables.values()],
    sums,
    renbans,
    sandwiches,
  };
}

/**
 * Propagate to a fixed point (see the file header); `placed` marks cells whose digit has
 * been taken from their peers. False when some cell is left with no candidate or a rule
 * cannot be kept: a dead end.
 */
function propagate(rules: CompiledVariants, cand: Uint32Array, placed: Uint8Array): boolean {
  const { size, peers, houses, relations, sums, renbans, sandwiches } = rules;
  const cellCount = size * size;
  for (let changed = true; changed;) {
    changed = false;
    // Naked singles: a placed digit leaves the cell's peers.
    for (let cell = 0; cell < cellCount; cell++) {
      const mask = cand[cell];
      if (mask === 0) return false;
      if (placed[cell] || (mask & (mask - 1)) !== 0) continue;
      placed[cell] = 1;
      changed = true;
      for (const peer of peers[cell]) {
        if ((cand[peer] & mask) === 0) continue;
        cand[peer] &= ~mask;
        if (cand[peer] === 0) return false;
      }
    }
    // Hidden singles in houses of N cells; a digit with no place is a dead end.
    for (const house of houses) {
      for (let digit = 1; digit <= size; digit++) {
        const b = bit(digit);
        let place = -1;
        let places = 0;
        for (const cell of house) {
          if (cand[cell] & b) {
            place = cell;
            if (++places > 1) break;
          }
        }
        if (places === 0) return false;
        if (places === 1 && cand[place] !== b) {
          cand[place] = b;
          changed = true;
        }
      }
    }
    for (const { a, b, allowed } of relations) {
      let reach = 0;
      for (let mask = cand[a]; mask !== 0; mask &= mask - 1) reach |= allowed[lowestDigit(mask)];
      const next = cand[b] & reach;
      if (next !== cand[b]) {
        if (next === 0) return false;
        cand[b] = next;
        changed = true;
      }
    }
    for (const rule of sums) {
      const result = pruneSum(rule, cand);
      if (result < 0) return false;
      if (result > 0) changed = true;
    }
    for (const cells of renbans) {
      const result = pruneRenban(cells, size, cand);
      if (result < 0) return false;
      if (result > 0) changed = true;
    }
    for (const sandwich of sandwiches) {
      const result = pruneSandwich(sandwich, size, cand);
      if (result < 0) return false;
      if (result > 0) changed = true;
    }
  }
  return true;
}

/** Keep in `cand[cell]` only `mask`: -1 when nothing is left, 1 when it changed, else 0. */
function restrict(cand: Uint32Array, cell: number, mask: number): number {
  const next = cand[cell] & mask;
  if (next === cand[cell]) return 0;
  cand[cell] = next;
  return next === 0 ? -1 : 1;
}

/** Bounds (and a cage's combinations) of one sum: -1 dead end, 1 changed, 0 nothing. */
function pruneSum(rule: SumRule, cand: Uint32Array): number {
  const { cells, coefficients, target, combos } = rule;
  let changed = 0;
  if (combos !== null) {
    let allowed = 0;
    for (const combo of combos) {
      if ((allowed | combo) === allowed) continue;
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
      if (fits && union === combo) allowed |= combo;
    }
    for (const cell of cells) {
      const result = restrict(cand, cell, allowed);
      if (result < 0) return -1;
      changed |= result;
    }
  }
  let least = 0;
  let most = 0;
  for (let i = 0; i < cells.length; i++) {
    const mask = cand[cells[i]];
    const low = coefficients[i] * lowestDigit(mask);
    const high = coefficients[i] * highestDigit(mask);
    least += Math.min(low, high);
    most += Math.max(low, high);
  }
  if (target < least || target > most) return -1;
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
    const result = restrict(cand, cell, keep);
    if (result < 0) return -1;
    changed |= result;
  }
  return changed;
}

/** A renban's digits are one run of consecutive digits: keep the runs that still fit. */
function pruneRenban(cells: readonly number[], size: number, cand: Uint32Array): number {
  const length = cells.length;
  let allowed = 0;
  for (let low = 1; low + length - 1 <= size; low++) {
    const run = (((1 << length) - 1) << low) >>> 0;
    if (cells.every((cell) => (cand[cell] & run) !== 0)) allowed |= run;
  }
  let changed = 0;
  for (const cell of cells) {
    const result = restrict(cand, cell, allowed);
    if (result < 0) return -1;
    changed |= result;
  }
  return changed;
}

/** Once a sandwich's 1 and N are placed, the cells between them are a sum. */
function pruneSandwich(sandwich: Sandwich, size: number, cand: Uint32Array): number {
  const { cells, sum } = sandwich;
  const one = cells.findIndex((cell) => cand[cell] === bit(1));
  const top = cells.findIndex((cell) => cand[cell] === bit(size));
  if (one < 0 || top < 0) return 0;
  const between = cells.slice(Math.min(one, top) + 1, Math.max(one, top));
  return pruneSum(
    { cells: between, coefficients: between.map(() => 1), target: sum, combos: null },
    cand,
  );
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
  const rules = compileVariants(board, constraints);
  const { size } = board;
  const cellCount = size * size;
  const cand = Uint32Array.from(rules.start);
  for (let cell = 0; cell < cellCount; cell++) {
    if (board.givens[cell] !== 0) cand[cell] &= bit(board.givens[cell]);
  }
  const placed = new Uint8Array(cellCount);
  const keep = options.keepSolutions ?? limit;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  const grid = new Uint8Array(cellCount);
  let nodes = 0;
  let nextReport = progressEvery;
  let stopped = false;

  const search = (): void => {
    if (!propagate(rules, cand, placed)) return;
    let best = -1;
    let bestCount = 33;
    for (let cell = 0; cell < cellCount; cell++) {
      const count = popcount(cand[cell]);
      if (count > 1 && count < bestCount) {
        best = cell;
        bestCount = count;
        if (count === 2) break;
      }
    }
    if (best < 0) {
      result.count++;
      if (result.solutions.length < keep) {
        for (let cell = 0; cell < cellCount; cell++) grid[cell] = lowestDigit(cand[cell]);
        result.solutions.push(copySolution(grid));
      }
      return;
    }
    const savedCand = cand.slice();
    const savedPlaced = placed.slice();
    for (let mask = savedCand[best]; mask !== 0; mask &= mask - 1) {
      if (result.count >= limit || stopped) return;
      nodes++;
      if (nodes >= nextReport) {
        nextReport += progressEvery;
        if (checkpointStops(options, result, nodes)) {
          stopped = true;
          return;
        }
      }
      cand.set(savedCand);
      placed.set(savedPlaced);
      cand[best] = mask & -mask;
      search();
    }
  };
  search();
  result.nodes = nodes;
  if (result.count >= limit) result.complete = false;
  return result;
}
