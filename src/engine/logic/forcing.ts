/**
 * Forcing chains: the last techniques, which finish every puzzle the others leave.
 *
 * Each assumes something and follows it with singles (propagation.ts), keeping the reason
 * for every placement, so the step says exactly which placements its conclusion rests on:
 *   forcing chain        a candidate assumed true (or false) breaks the position (a cell
 *                        with no candidate, a digit with no place in a unit): it is false
 *                        (or true);
 *   cell forcing chain   every candidate of one cell leads to the same placement or
 *                        elimination: it holds;
 *   unit forcing chain   every place of a digit in a row, column or region leads to it;
 *   nested forcing chain inside a branch, candidates whose own assumption breaks the branch
 *                        are removed too (a forcing chain within a forcing chain), which
 *                        finishes the hardest puzzles known (Sudoku Explainer's last resort).
 * These are what Sudoku Explainer calls dynamic forcing chains: the singles follow across
 * the whole grid, not along one line of links. No uniqueness is assumed, so every step
 * holds in every solution of a puzzle with several.
 *
 * One search serves the first three: the candidates of the position are followed, true and
 * false, cells with fewest candidates first, and the shortest contradiction among the first
 * found and the next 162 assumptions wins (so the hint is an easy one, and a 16x16 does not
 * follow its thousands of candidates for every step); the branches
 * of the cell and unit chains are kept for them, found once per position when first asked
 * for (the solver asks the three techniques in turn on the same position). The nested
 * search is bounded by a fixed number of propagations (not by time, so a rating never
 * depends on the machine); past it the puzzle is left to search.
 */
import { cellName, digitChar } from '../board.ts';
import { popcount } from '../units.ts';
import {
  HIDDEN_SINGLE,
  NAKED_SINGLE,
  Propagator,
  REMOVED_BY_CHAIN,
  type Breach,
} from './propagation.ts';
import { unitName, type CellDigit, type LogicState } from './state.ts';
import type { Step, Technique } from './step.ts';

/** Propagations a nested search may make on 9x9 before it gives up (fewer on bigger grids). */
export const NESTED_PROPAGATIONS = 20_000;
/** Assumptions tried for a shorter chain once one is found on 9x9 (fewer on bigger grids). */
const SHORTER_CHAIN_LOOK = 162;
/** Cells or places of a digit a cell or unit forcing chain branches on, at most. */
const MAX_BRANCHES = 4;

/** One assumption followed to its end: what it leads to, or that it breaks. */
interface Branch {
  cell: number;
  digit: number;
  holds: boolean;
  grid: Uint8Array;
  candidates: Int32Array;
}

interface Analysis {
  geometry: LogicState['geometry'];
  grid: Uint8Array;
  candidates: Int32Array;
  contradiction: Step | null;
  /** Found when first asked for (undefined until then), as are the steps below. */
  branches: Map<number, Branch> | undefined;
  cell: Step | null | undefined;
  unit: Step | null | undefined;
}

let propagator: Propagator | null = null;
let inner: Propagator | null = null;
let cached: Analysis | null = null;

function propagatorFor(state: LogicState): Propagator {
  if (propagator === null || propagator.geometry !== state.geometry) {
    propagator = new Propagator(state.geometry);
    inner = new Propagator(state.geometry);
  }
  return propagator;
}

const sameArrays = (first: ArrayLike<number>, second: ArrayLike<number>): boolean => {
  for (let index = 0; index < first.length; index++)
    if (first[index] !== second[index]) return false;
  return true;
};

/** A fact of a branch in words: `r2c3 = 4 (the only place for 4 in row 2)`. */
function factText(p: Propagator, fact: number, notes?: ReadonlyMap<number, string>): string {
  const cell = cellName(p.factCell[fact], p.size);
  const digit = digitChar(p.factDigit[fact]);
  switch (p.factKind[fact]) {
    case NAKED_SINGLE:
      return `${cell} = ${digit} (its only candidate)`;
    case HIDDEN_SINGLE:
      return `${cell} = ${digit} (the only place for ${digit} in ${unitName(p.geometry.units[p.factUnit[fact]])})`;
    case REMOVED_BY_CHAIN:
      return `${cell} is not ${digit} (${notes?.get(fact) ?? 'that would break the position'})`;
    default:
      return `${cell} = ${digit}`;
  }
}

/** What broke: `r5c5 would have no candidate left`. */
function breachText(p: Propagator, breach: Breach): string {
  return breach.kind === 'cell'
    ? `${cellName(breach.cell, p.size)} would have no candidate left`
    : `${digitChar(breach.digit)} would have no place left in ${unitName(p.geometry.units[breach.unit])}`;
}

/** The facts of a chain, said in order, or a note that nothing was needed. */
function chainText(
  p: Propagator,
  chain: readonly number[],
  notes?: ReadonlyMap<number, string>,
): string {
  return chain.map((fact) => factText(p, fact, notes)).join(', ');
}

/** The candidates a chain's facts place (or, for nested removals, remove): drawn on the grid. */
const chainCandidates = (p: Propagator, chain: readonly number[]): CellDigit[] =>
  chain.map((fact) => ({ cell: p.factCell[fact], digit: p.factDigit[fact] }));

/** The cells of a step: where it starts, every cell of its chains, where it breaks. */
function patternCells(
  start: readonly number[],
  used: readonly CellDigit[],
  breach?: Breach | null,
): number[] {
  const cells = new Set<number>([...start, ...used.map(({ cell }) => cell)]);
  if (breach?.kind === 'cell') cells.add(breach.cell);
  return [...cells].sort((a, b) => a - b);
}

/** The empty cells, fewest candidates first, then in reading order. */
function emptyCellsByCandidates(state: LogicState): number[] {
  const order: number[] = [];
  for (let cell = 0; cell < state.grid.length; cell++) {
    if (state.grid[cell] === 0 && state.candidates[cell] !== 0) order.push(cell);
  }
  return order.sort(
    (a, b) => popcount(state.candidates[a]) - popcount(state.candidates[b]) || a - b,
  );
}

/** The assumption's own fact is not said again: it opens the sentence. */
const withoutAssumption = (p: Propagator, chain: number[]): number[] =>
  chain.filter((fact) => p.factKind[fact] !== 0);

/** Follow the candidates of the position, both ways; a short contradiction wins (header). */
function analyse(state: LogicState, beat?: () => void): Analysis {
  if (
    cached !== null &&
    cached.geometry === state.geometry &&
    sameArrays(cached.grid, state.grid) &&
    sameArrays(cached.candidates, state.candidates)
  ) {
    return cached;
  }
  const p = propagatorFor(state);
  const { size } = state.geometry;
  // The shortest contradiction; "is not" before "=" at equal length (placing says more).
  let best: { length: number; cell: number; digit: number; placed: boolean } | null = null;
  const consider = (cell: number, digit: number, placed: boolean): void => {
    const length = withoutAssumption(p, p.breachAncestry()).length + (placed ? 0 : 0.5);
    if (best === null || length < best.length) best = { length, cell, digit, placed };
  };
  // Cells with fewest candidates first (their chains are the short ones); once a chain is
  // found, SHORTER_CHAIN_LOOK more assumptions are tried for a shorter one, so a big grid
  // does not follow all its candidates (thousands on 16x16) for every step.
  let budget = Infinity;
  // The same work on every size: a propagation costs about as much as the grid has cells.
  const look = Math.max(16, Math.round((SHORTER_CHAIN_LOOK * 81) / state.grid.length));
  for (const cell of emptyCellsByCandidates(state)) {
    const mask = state.candidates[cell];
    beat?.();
    // A cell of two candidates "not x" is "= y": followed once, as a placement.
    const both = popcount(mask) > 2;
    for (let digit = 1; digit <= size && budget > 0; digit++) {
      if ((mask & (1 << digit)) === 0) continue;
      p.resetTo(state);
      budget--;
      if (!p.assumePlaced(cell, digit)) {
        consider(cell, digit, true);
        budget = Math.min(budget, look);
      }
      if (!both) continue;
      p.resetTo(state);
      budget--;
      if (!p.assumeRemoved(cell, digit)) {
        consider(cell, digit, false);
        budget = Math.min(budget, look);
      }
    }
    if (budget <= 0) break;
  }
  const found = best as { length: number; cell: number; digit: number; placed: boolean } | null;
  let contradiction: Step | null = null;
  if (found !== null) {
    // Follow the winner again to say it (words are built for one branch, not hundreds).
    const { cell, digit, placed } = found;
    p.resetTo(state);
    if (placed) p.assumePlaced(cell, digit);
    else p.assumeRemoved(cell, digit);
    const chain = withoutAssumption(p, p.breachAncestry());
    const used = chainCandidates(p, chain);
    contradiction = {
      ...contradictionStep(
        state,
        cell,
        digit,
        placed,
        chainText(p, chain),
        breachText(p, p.breach as Breach),
        chain.length,
      ),
      cells: patternCells([cell], used, p.breach),
      candidates: [{ cell, digit }, ...used],
      ...(p.isStatic(chain)
        ? {}
        : {
            dynamic: chain.every((fact) => p.factDigit[fact] === digit)
              ? ('one digit' as const)
              : ('many digits' as const),
          }),
    };
  }
  const analysis: Analysis = {
    geometry: state.geometry,
    grid: Uint8Array.from(state.grid),
    candidates: Int32Array.from(state.candidates),
    contradiction,
    branches: undefined,
    cell: undefined,
    unit: undefined,
  };
  cached = analysis;
  return analysis;
}

/** Every candidate of the position followed as true, for the cell and unit forcing chains. */
function branchesOf(state: LogicState, analysis: Analysis, beat?: () => void): Map<number, Branch> {
  if (analysis.branches !== undefined) return analysis.branches;
  const p = propagatorFor(state);
  const { size } = state.geometry;
  const branches = new Map<number, Branch>();
  for (let cell = 0; cell < size * size; cell++) {
    const mask = state.candidates[cell];
    if (state.grid[cell] !== 0 || mask === 0) continue;
    beat?.();
    for (let digit = 1; digit <= size; digit++) {
      if ((mask & (1 << digit)) === 0) continue;
      p.resetTo(state);
      const holds = p.assumePlaced(cell, digit);
      branches.set(cell * (size + 1) + digit, {
        cell,
        digit,
        holds,
        grid: Uint8Array.from(p.grid),
        candidates: Int32Array.from(p.candidates),
      });
    }
  }
  analysis.branches = branches;
  return branches;
}

function contradictionStep(
  state: LogicState,
  cell: number,
  digit: number,
  placed: boolean,
  chain: string,
  breach: string,
  length: number,
): Step {
  const { size } = state.geometry;
  const name = cellName(cell, size);
  const d = digitChar(digit);
  const then = length === 0 ? '' : `${chain}, and `;
  const conclusion: CellDigit = { cell, digit };
  return {
    technique: 'forcing chain',
    cells: [cell],
    candidates: [conclusion],
    placements: placed ? [] : [conclusion],
    eliminations: placed ? [conclusion] : [],
    explanation: placed
      ? `If ${name} were ${d}: ${then}${breach}. So ${name} is not ${d}`
      : `If ${name} were not ${d}: ${then}${breach}. So ${name} = ${d}`,
  };
}

/** What every branch of a set agrees on: placements and eliminations beyond the base. */
function agreement(
  state: LogicState,
  set: readonly Branch[],
  skip: (cell: number) => boolean,
): { placements: CellDigit[]; eliminations: CellDigit[] } {
  const { size } = state.geometry;
  const placements: CellDigit[] = [];
  const eliminations: CellDigit[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    if (state.grid[cell] !== 0 || skip(cell)) continue;
    const digit = set[0].grid[cell];
    if (digit !== 0 && set.every((branch) => branch.grid[cell] === digit)) {
      placements.push({ cell, digit });
      continue;
    }
    let gone = state.candidates[cell];
    for (const branch of set) {
      gone &= ~branch.candidates[cell];
      if (branch.grid[cell] !== 0) gone &= ~(1 << branch.grid[cell]);
    }
    for (let d = 1; d <= size; d++) if (gone & (1 << d)) eliminations.push({ cell, digit: d });
  }
  return { placements, eliminations };
}

/** Each branch's reasons for one conclusion, said as "if …: …". */
function branchTexts(
  state: LogicState,
  p: Propagator,
  set: readonly Branch[],
  conclusion: CellDigit,
  placed: boolean,
): { texts: string[]; length: number; used: CellDigit[] } {
  const texts: string[] = [];
  const used: CellDigit[] = [];
  let length = 0;
  for (const branch of set) {
    p.resetTo(state);
    p.assumePlaced(branch.cell, branch.digit);
    const chain = withoutAssumption(
      p,
      placed
        ? p.ancestry([], [p.placementOf(conclusion.cell)])
        : p.ancestry([{ cell: conclusion.cell, digit: conclusion.digit }]),
    );
    length += chain.length;
    used.push(...chainCandidates(p, chain));
    const start = `${cellName(branch.cell, state.geometry.size)} = ${digitChar(branch.digit)}`;
    texts.push(chain.length === 0 ? start : `${start}: ${chainText(p, chain)}`);
  }
  return { texts, length, used };
}

/** The shortest conclusion over sets of branches (a cell's candidates, a digit's places). */
function bestForcing(
  state: LogicState,
  p: Propagator,
  sets: { set: Branch[]; opening: string; cells: number[] }[],
  technique: Technique,
): Step | null {
  let best: { length: number; step: Step } | null = null;
  for (const { set, opening, cells } of sets) {
    if (set.some((branch) => !branch.holds)) continue;
    const inSet = new Set(set.map((branch) => branch.cell));
    const { placements, eliminations } = agreement(state, set, (cell) => inSet.has(cell));
    const conclusions = [
      ...placements.map((c) => ({ c, placed: true })),
      ...eliminations.map((c) => ({ c, placed: false })),
    ];
    for (const { c, placed } of conclusions) {
      const { texts, length, used } = branchTexts(state, p, set, c, placed);
      if (best !== null && length >= best.length) continue;
      const name = cellName(c.cell, state.geometry.size);
      const what = placed
        ? `${name} = ${digitChar(c.digit)}`
        : `${name} is not ${digitChar(c.digit)}`;
      best = {
        length,
        step: {
          technique,
          cells: patternCells([...cells, c.cell], used),
          candidates: [
            ...set.map((branch) => ({ cell: branch.cell, digit: branch.digit })),
            ...used,
          ],
          placements: placed ? [c] : [],
          eliminations: placed ? [] : [c],
          explanation: `${opening}, and each way ${what}. ${texts.map((text) => `If ${text}`).join('. ')}`,
        },
      };
    }
  }
  return best === null ? null : (best as { length: number; step: Step }).step;
}

function cellForcing(state: LogicState, p: Propagator, branches: Map<number, Branch>): Step | null {
  const { size } = state.geometry;
  const sets: { set: Branch[]; opening: string; cells: number[] }[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    const mask = state.candidates[cell];
    if (state.grid[cell] !== 0 || popcount(mask) < 2 || popcount(mask) > MAX_BRANCHES) continue;
    const set: Branch[] = [];
    for (let digit = 1; digit <= size; digit++) {
      if (mask & (1 << digit)) set.push(branches.get(cell * (size + 1) + digit) as Branch);
    }
    const digits = set.map((branch) => digitChar(branch.digit));
    sets.push({
      set,
      opening: `${cellName(cell, size)} holds ${digits.slice(0, -1).join(', ')} or ${digits.at(-1)}`,
      cells: [cell],
    });
  }
  return bestForcing(state, p, sets, 'cell forcing chain');
}

function unitForcing(state: LogicState, p: Propagator, branches: Map<number, Branch>): Step | null {
  const { size, units } = state.geometry;
  const sets: { set: Branch[]; opening: string; cells: number[] }[] = [];
  for (const unit of units) {
    for (let digit = 1; digit <= size; digit++) {
      const places = unit.cells.filter(
        (cell) => state.grid[cell] === 0 && state.candidates[cell] & (1 << digit),
      );
      if (places.length < 2 || places.length > MAX_BRANCHES) continue;
      const set = places.map((cell) => branches.get(cell * (size + 1) + digit) as Branch);
      const names = places.map((cell) => cellName(cell, size));
      sets.push({
        set,
        opening: `${digitChar(digit)} goes in ${unitName(unit)} at ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`,
        cells: places,
      });
    }
  }
  return bestForcing(state, p, sets, 'unit forcing chain');
}

/** An assumption breaks the position: the candidate is false (or true). */
export function forcingChain(state: LogicState, beat?: () => void): Step | null {
  return analyse(state, beat).contradiction;
}

/** Every candidate of a cell leads to the same conclusion. */
export function cellForcingChain(state: LogicState, beat?: () => void): Step | null {
  const analysis = analyse(state, beat);
  if (analysis.cell === undefined) {
    analysis.cell = cellForcing(state, propagatorFor(state), branchesOf(state, analysis, beat));
  }
  return analysis.cell;
}

/** Every place of a digit in a unit leads to the same conclusion. */
export function unitForcingChain(state: LogicState, beat?: () => void): Step | null {
  const analysis = analyse(state, beat);
  if (analysis.unit === undefined) {
    analysis.unit = unitForcing(state, propagatorFor(state), branchesOf(state, analysis, beat));
  }
  return analysis.unit;
}

/**
 * A candidate whose branch breaks once the branch also removes the candidates that break
 * it (one level of nesting); cells with few candidates are tried first, and the search
 * stops after NESTED_PROPAGATIONS propagations.
 */
export function nestedForcingChain(state: LogicState, beat?: () => void): Step | null {
  const outer = propagatorFor(state);
  const branch = inner as Propagator;
  const { size } = state.geometry;
  const cells = size * size;
  const order = emptyCellsByCandidates(state);
  // The same work on every size: a propagation costs about as much as the grid has cells.
  let budget = Math.round((NESTED_PROPAGATIONS * 81) / cells);
  for (const cell of order) {
    for (let digit = 1; digit <= size; digit++) {
      if ((state.candidates[cell] & (1 << digit)) === 0) continue;
      outer.resetTo(state);
      budget--;
      if (!outer.assumePlaced(cell, digit)) continue; // a plain forcing chain: not nested
      const notes = new Map<number, string>();
      let changed = true;
      while (changed && outer.breach === null) {
        changed = false;
        for (let x = 0; x < cells && outer.breach === null; x++) {
          if (outer.grid[x] !== 0) continue;
          for (let e = 1; e <= size && outer.breach === null; e++) {
            if ((outer.candidates[x] & (1 << e)) === 0) continue;
            if (--budget < 0) return null;
            if ((budget & 255) === 0) beat?.();
            branch.reset(outer.grid, outer.candidates);
            if (branch.assumePlaced(x, e)) continue;
            const why = `if it were, ${breachText(branch, branch.breach as Breach)}`;
            const fact = outer.factCount;
            outer.removeBy(x, e);
            notes.set(fact, why);
            changed = true;
            if (outer.grid[x] !== 0) break;
          }
        }
      }
      if (outer.breach === null) continue;
      const chain = withoutAssumption(outer, outer.breachAncestry());
      const name = cellName(cell, size);
      const d = digitChar(digit);
      const conclusion = { cell, digit };
      const used = chainCandidates(outer, chain);
      return {
        technique: 'nested forcing chain',
        cells: patternCells([cell], used, outer.breach),
        candidates: [conclusion, ...used],
        placements: [],
        eliminations: [conclusion],
        explanation: `If ${name} were ${d}: ${chainText(outer, chain, notes)}, and ${breachText(outer, outer.breach)}. So ${name} is not ${d}`,
      };
    }
  }
  return null;
}
