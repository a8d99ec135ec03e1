/**
 * The uniqueness techniques: steps that hold only because the puzzle has one solution.
 *
 * A deadly pattern is a set of empty cells that all hold the same two digits, where every
 * row, column and region that meets the set meets exactly two of its cells: if those cells
 * held only the two digits, swapping the digits in all of them would give a second
 * solution. A unique rectangle is such a set of four cells, a unique loop one of six or
 * more (each cell sees the next, through a different kind of unit; the units alternate
 * round the loop, Sudoku Explainer's parity test). In a puzzle with one solution the
 * pattern cannot be complete, so one of its cells with more candidates (an "extra" cell)
 * holds another digit: type 1, one extra cell: it loses the two digits; type 2, the extras
 * have one more digit between them: it goes in one of them, and leaves the cells that see
 * them all; type 3, two extras in one unit: their other digits act as one cell in a naked
 * subset of that unit; type 4, two extras in a unit where one digit has no other place:
 * one of them is that digit, so neither can be the other one.
 *
 * A bivalue universal grave (BUG) is a position where every empty cell has two candidates
 * and every digit two places in each unit missing it: choosing every cell's other candidate
 * is a second solution, so such a position has none or two or more. When the position is one
 * away from it (a few cells with a third candidate that appears three times in a unit), one
 * of those cells holds its extra digit: type 1, one such cell, which takes it; type 2, the
 * same extra digit in all of them, which the cells seeing them all lose; type 4, two such
 * cells in one unit, the only two places there of a digit they share: one is that digit,
 * the other its extra one, so neither is its third candidate. The arguments use
 * only "each unit holds each digit once", so they hold on every jigsaw layout; a variant
 * constraint (a cage sum, a thermometer) can tell the swapped digits apart, so on a puzzle
 * with constraints these techniques find nothing.
 *
 * They are never in the default path (techniques.ts): a setter proving a puzzle unique must
 * not assume it. A caller that has proved uniqueness by search (the command line's
 * --assume-unique, the Sudoku Explainer comparison of bench/logic.ts) adds them where
 * SukakuExplainer tries them, and rates them as it does: 4.5 for a rectangle, 4.6 / 4.7 /
 * 5.0 for loops of 6 / 8 / 10 or more cells, +0.1 per cell of a type 3 subset past one;
 * BUG 5.6 (type 1) and 5.7 (types 2 and 4). SE's type 3 with a hidden subset and its BUG
 * type 3, rare on its paths, are not built.
 */
import { cellName, digitChar } from '../board.ts';
import { popcount } from '../units.ts';
import { commonPeersWith, unitName, type CellDigit, type LogicState } from './state.ts';
import {
  describeEliminations,
  digitsOf,
  eliminationsOf,
  listCells,
  listDigits,
  type Step,
} from './step.ts';

/** The longest loop tried (cells). */
export const MAX_LOOP_CELLS = 14;
/** Most loop extensions one search tries before giving up (a bound on work, not time). */
export const LOOP_WORK = 200_000;
/** SukakuExplainer's base of every unique rectangle or loop. */
const LOOP_BASE = 4.5;

const ASSUMES = 'this step assumes the puzzle has one solution';

interface Found {
  step: Step;
  difficulty: number;
  type: number;
}

/** SE's term for a loop's length: 4.5 a rectangle, 4.6 six cells, 4.7 eight, 5.0 ten+. */
function loopTerm(cells: number): number {
  if (cells >= 10) return 0.5;
  if (cells >= 8) return 0.2;
  return cells >= 6 ? 0.1 : 0;
}

/** The easiest unique rectangle (four cells), or null. */
export function uniqueRectangle(state: LogicState): Step | null {
  return uniqueLoopOf(state, 4, 4);
}

/** The easiest unique loop of six or more cells, or null. */
export function uniqueLoop(state: LogicState): Step | null {
  return uniqueLoopOf(state, 6, MAX_LOOP_CELLS);
}

/**
 * Every unit meeting the loop meets two of its cells, one at an even and one at an odd
 * place round the loop: then swapping the two digits keeps every unit right.
 */
function alternates(state: LogicState, loop: readonly number[]): boolean {
  const { unitsOfCell } = state.geometry;
  const parities = new Map<number, number>();
  for (let index = 0; index < loop.length; index++) {
    const parity = 1 << (index % 2);
    for (let slot = 0; slot < 3; slot++) {
      const unit = unitsOfCell[3 * loop[index] + slot];
      const seen = parities.get(unit) ?? 0;
      if (seen & parity) return false;
      parities.set(unit, seen | parity);
    }
  }
  for (const seen of parities.values()) if (seen !== 3) return false;
  return true;
}

function uniqueLoopOf(state: LogicState, minCells: number, maxCells: number): Step | null {
  if (state.variants !== undefined) return null;
  const { geometry, grid, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  const cellCount = size * size;
  const found: Found[] = [];
  const known = new Set<string>();
  const onLoop = new Uint8Array(cellCount);
  const loop: number[] = [];
  let work = 0;
  let pair = 0;
  const close = (): void => {
    const key = [...loop].sort((a, b) => a - b).join(',');
    if (known.has(key) || !alternates(state, loop)) return;
    known.add(key);
    found.push(...loopHints(state, [...loop], pair));
  };
  // Extend from the loop's last cell through a unit of another kind than the link it came
  // by; `extras` cells so far hold more than the pair, `extraDigits` between them.
  const extend = (lastSlot: number, extras: number, extraDigits: number): void => {
    const last = loop[loop.length - 1];
    for (let slot = 0; slot < 3; slot++) {
      if (slot === lastSlot) continue;
      for (const next of units[unitsOfCell[3 * last + slot]].cells) {
        if (++work > LOOP_WORK) return;
        if (next === loop[0]) {
          if (loop.length >= minCells && loop.length % 2 === 0) close();
          continue;
        }
        if (onLoop[next] || grid[next] !== 0 || (candidates[next] & pair) !== pair) continue;
        if (loop.length >= maxCells) continue;
        const more = candidates[next] & ~pair;
        const nextExtras = extras + (more === 0 ? 0 : 1);
        // Type 2 allows any number of extras sharing one digit; the others at most two.
        if (more !== 0 && nextExtras > 2 && popcount(extraDigits | more) !== 1) continue;
        onLoop[next] = 1;
        loop.push(next);
        extend(slot, nextExtras, extraDigits | more);
        loop.pop();
        onLoop[next] = 0;
      }
    }
  };
  for (let start = 0; start < cellCount && work <= LOOP_WORK; start++) {
    if (grid[start] !== 0 || popcount(candidates[start]) !== 2) continue;
    pair = candidates[start];
    onLoop[start] = 1;
    loop.push(start);
    extend(-1, 0, 0);
    loop.pop();
    onLoop[start] = 0;
  }
  if (found.length === 0) return null;
  // SE's order: the easiest, then the lowest type; ties keep the first found.
  found.sort((a, b) => a.difficulty - b.difficulty || a.type - b.type);
  return found[0].step;
}

/** The steps a deadly loop gives (one per type that removes something). */
function loopHints(state: LogicState, loop: number[], pair: number): Found[] {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  const extras = loop.filter((cell) => candidates[cell] !== pair).sort((a, b) => a - b);
  if (extras.length === 0) return [];
  const rectangle = loop.length === 4;
  const base = LOOP_BASE + loopTerm(loop.length);
  const [v1, v2] = digitsOf(pair);
  const cells = [...loop].sort((a, b) => a - b);
  const shape = rectangle ? 'a unique rectangle' : `a unique loop of ${loop.length} cells`;
  const opening =
    `${listCells(loop, size)} all hold ${digitChar(v1)} and ${digitChar(v2)}, and every ` +
    `row, column and region among them holds two of them (${shape}): if none of them held ` +
    `another digit, ${digitChar(v1)} and ${digitChar(v2)} could be swapped in all of them ` +
    `and the puzzle would have a second solution (${ASSUMES})`;
  const found: Found[] = [];
  const add = (
    type: number,
    difficulty: number,
    eliminations: CellDigit[],
    reason: string,
  ): void => {
    if (eliminations.length === 0) return;
    const rounded = Math.round(difficulty * 10) / 10;
    found.push({
      type,
      difficulty: rounded,
      step: {
        technique: rectangle ? 'unique rectangle' : 'unique loop',
        cells,
        candidates: cells.flatMap((cell) =>
          digitsOf(candidates[cell]).map((digit) => ({ cell, digit })),
        ),
        placements: [],
        eliminations: [...eliminations].sort((a, b) => a.digit - b.digit || a.cell - b.cell),
        explanation: `${opening}; ${reason}`,
        shapeTerm: Math.round((rounded - (rectangle ? LOOP_BASE : LOOP_BASE + 0.1)) * 10) / 10,
      },
    });
  };
  const extraDigits = extras.reduce((mask, cell) => mask | candidates[cell], 0) & ~pair;
  if (extras.length === 1) {
    const [extra] = extras;
    const eliminations = eliminationsOf(candidates, [extra], pair);
    add(
      1,
      base,
      eliminations,
      `so ${cellName(extra, size)} is not ${listDigits(pair, 'or')}: remove ${listDigits(pair)} from ${cellName(extra, size)}`,
    );
    return found;
  }
  if (popcount(extraDigits) === 1) {
    const eliminations = eliminationsOf(
      candidates,
      commonPeersWith(state, extras, extraDigits),
      extraDigits,
    );
    add(
      2,
      base,
      eliminations,
      `so one of ${listCells(extras, size, 'or')} is ${listDigits(extraDigits)}: remove ` +
        `${describeEliminations(eliminations, size)}, which see${eliminations.length === 1 ? 's' : ''} them all`,
    );
  }
  if (extras.length !== 2) return found;
  const [first, second] = extras;
  for (let slot = 0; slot < 3; slot++) {
    if (unitsOfCell[3 * first + slot] !== unitsOfCell[3 * second + slot]) continue;
    const unit = units[unitsOfCell[3 * first + slot]];
    const others = unit.cells.filter(
      (cell) => cell !== first && cell !== second && state.grid[cell] === 0,
    );
    // Type 3: the extras' other digits as one cell of a naked subset of the unit.
    if (popcount(extraDigits) >= 2) {
      const subset = nakedSubsetWith(candidates, others, extraDigits);
      if (subset !== null) {
        const rest = others.filter((cell) => !subset.cells.includes(cell));
        const eliminations = eliminationsOf(candidates, rest, subset.digits);
        add(
          3,
          base + subset.cells.length * 0.1,
          eliminations,
          `so ${listCells(extras, size, 'or')} holds one of ${listDigits(extraDigits, 'or')}, ` +
            `and with ${listCells(subset.cells, size)} they make a naked set of ` +
            `${listDigits(subset.digits)} in ${unitName(unit)}: remove ` +
            describeEliminations(eliminations, size),
        );
      }
    }
    // Type 4: a digit of the pair with no other place in the unit.
    for (const [locked, removed] of [
      [v1, v2],
      [v2, v1],
    ]) {
      const lockedBit = 1 << locked;
      if (others.some((cell) => candidates[cell] & lockedBit)) continue;
      add(
        4,
        base,
        eliminationsOf(candidates, extras, 1 << removed),
        `${digitChar(locked)} goes in ${listCells(extras, size, 'or')} (${unitName(unit)} has ` +
          `no other place for it), so if either were ${digitChar(removed)} both would hold ` +
          `only ${digitChar(v1)} and ${digitChar(v2)}: remove ${digitChar(removed)} from both`,
      );
      break;
    }
  }
  return found;
}

/**
 * The smallest set of `others` whose candidates, with `pseudo` (a cell's worth of digits),
 * make a naked subset (as many digits as cells, counting `pseudo` as one) that leaves
 * something to remove from the rest, or null. Sets of up to four cells are tried.
 */
function nakedSubsetWith(
  candidates: Int32Array,
  others: readonly number[],
  pseudo: number,
): { cells: number[]; digits: number } | null {
  const chosen: number[] = [];
  const search = (from: number, digits: number, want: number): number | null => {
    if (chosen.length === want) {
      if (popcount(digits) !== want + 1) return null;
      const leaves = others.some((cell) => !chosen.includes(cell) && candidates[cell] & digits);
      return leaves ? digits : null;
    }
    for (let index = from; index < others.length; index++) {
      const digits2 = digits | candidates[others[index]];
      if (popcount(digits2) > want + 1) continue;
      chosen.push(others[index]);
      const result = search(index + 1, digits2, want);
      if (result !== null) return result;
      chosen.pop();
    }
    return null;
  };
  for (let want = 1; want <= Math.min(4, others.length - 1); want++) {
    const digits = search(0, pseudo, want);
    if (digits !== null) return { cells: [...chosen], digits };
  }
  return null;
}

/** A bivalue universal grave one step away (types 1, 2 and 4), or null. */
export function bivalueUniversalGrave(state: LogicState): Step | null {
  if (state.variants !== undefined) return null;
  const { geometry, grid, candidates } = state;
  const { size, units } = geometry;
  const reduced = Int32Array.from(candidates);
  const extraOf = new Map<number, number>();
  // A digit with neither zero nor two places in a unit: its one place among cells with
  // three or more candidates is an extra; two or more such places: another unit decides.
  for (const unit of units) {
    for (let digit = 1; digit <= size; digit++) {
      const bit = 1 << digit;
      let places = 0;
      let wide = -1;
      let wideCount = 0;
      for (const cell of unit.cells) {
        if (grid[cell] !== 0 || !(candidates[cell] & bit)) continue;
        places++;
        if (popcount(candidates[cell]) >= 3) [wide, wideCount] = [cell, wideCount + 1];
      }
      if (places === 0 || places === 2) continue;
      if (wideCount === 0) return null;
      if (wideCount === 1) {
        extraOf.set(wide, (extraOf.get(wide) ?? 0) | bit);
        reduced[wide] &= ~bit;
      }
    }
  }
  if (extraOf.size === 0) return null;
  // Without the extras, the position must be the grave itself.
  for (let cell = 0; cell < size * size; cell++) {
    if (grid[cell] === 0 && popcount(reduced[cell]) !== 2) return null;
  }
  for (const unit of units) {
    for (let digit = 1; digit <= size; digit++) {
      let places = 0;
      for (const cell of unit.cells) if (grid[cell] === 0 && reduced[cell] & (1 << digit)) places++;
      if (places !== 0 && places !== 2) return null;
    }
  }
  const bugCells = [...extraOf.keys()].sort((a, b) => a - b);
  const opening =
    `without ${bugCells
      .map((cell) => `${listDigits(extraOf.get(cell) as number)} in ${cellName(cell, size)}`)
      .join(', ')}, every empty cell would have two candidates and every digit two places ` +
    `in each row, column and region missing it, a position with no solution or several ` +
    `(take every cell's other candidate) (${ASSUMES})`;
  const pattern = {
    technique: 'bivalue universal grave' as const,
    cells: bugCells,
    candidates: bugCells.flatMap((cell) =>
      digitsOf(extraOf.get(cell) as number).map((digit) => ({ cell, digit })),
    ),
  };
  if (bugCells.length === 1) {
    const [cell] = bugCells;
    const extra = extraOf.get(cell) as number;
    if (popcount(extra) === 1) {
      const digit = digitsOf(extra)[0];
      return {
        ...pattern,
        placements: [{ cell, digit }],
        eliminations: [],
        explanation: `${opening}; so ${cellName(cell, size)} is ${digitChar(digit)}`,
      };
    }
    const eliminations = eliminationsOf(candidates, [cell], reduced[cell]);
    return {
      ...pattern,
      placements: [],
      eliminations,
      explanation: `${opening}; so ${cellName(cell, size)} is ${listDigits(extra, 'or')}: remove ${describeEliminations(eliminations, size)}`,
    };
  }
  const allExtras = [...extraOf.values()].reduce((mask, extra) => mask | extra, 0);
  if (popcount(allExtras) === 1) {
    // Type 2: the one extra digit is in one of them, so it leaves the cells seeing them all.
    const eliminations = eliminationsOf(
      candidates,
      commonPeersWith(state, bugCells, allExtras),
      allExtras,
    );
    if (eliminations.length > 0) {
      return {
        ...pattern,
        placements: [],
        eliminations,
        explanation:
          `${opening}; so one of ${listCells(bugCells, size, 'or')} is ${listDigits(allExtras)}: ` +
          `remove ${describeEliminations(eliminations, size)}, which see${eliminations.length === 1 ? 's' : ''} them all`,
        shapeTerm: 0.1,
      };
    }
  }
  if (bugCells.length !== 2) return null;
  // Type 4: two cells in one unit sharing one digit besides the extras, which has no other
  // place in that unit: one of them is it, the other its extra digit, so neither is its
  // third candidate.
  const [first, second] = bugCells;
  const shared = candidates[first] & candidates[second] & ~allExtras;
  const { unitsOfCell } = geometry;
  const sameUnit = [0, 1, 2].some(
    (slot) => unitsOfCell[3 * first + slot] === unitsOfCell[3 * second + slot],
  );
  if (popcount(shared) !== 1 || !sameUnit) return null;
  const eliminations = [first, second].flatMap((cell) =>
    eliminationsOf(candidates, [cell], reduced[cell] & ~shared),
  );
  if (eliminations.length === 0) return null;
  return {
    ...pattern,
    placements: [],
    eliminations,
    explanation:
      `${opening}; so one of ${listCells(bugCells, size, 'or')} holds its extra digit, and ` +
      `${listDigits(shared)}, which has no other place in the unit they share, is in the ` +
      `other: remove ${describeEliminations(eliminations, size)}`,
    shapeTerm: 0.1,
  };
}
