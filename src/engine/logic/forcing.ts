/**
 * Forcing chains: the last techniques, which finish every puzzle the others leave.
 *
 * Each assumes something and follows it with singles (propagation.ts), keeping the reason
 * for every placement, so the step says exactly which placements its conclusion rests on.
 * They come in Sudoku Explainer's order (Solver.java, Chaining.java), each kind tried only
 * when the ones before find nothing:
 *   forcing chain         static: by links alone (a cell of two candidates, a digit's two
 *                         places in a unit) an assumption leads to its own negation (SE's
 *                         forcing chain, 7.0); else of one digit alone, an assumption
 *                         breaks the position (SE's Nishio, 7.5);
 *   cell forcing chain    by links, every candidate of one cell leads to the same placement
 *                         or elimination (SE's multiple chains, 8.0);
 *   unit forcing chain    the same from every place of a digit in a row, column or region;
 *   dynamic forcing chain every single, as the position shrinks: a contradiction, or a
 *                         cell's or unit's branches agreeing (SE's dynamic chains, 8.5);
 *   nested forcing chain  inside a branch, candidates whose own assumption breaks the branch
 *                         are removed too (a forcing chain within a forcing chain), which
 *                         finishes the hardest puzzles known (SE's nested chains).
 * Within a kind, the step SE would take: the least complexity (propagation.ts counts the
 * candidates, true and false, a conclusion rests on, as SE does), which sets its length
 * term. No uniqueness is assumed, so every step holds in every solution.
 *
 * The contradictions are searched cells with fewest candidates first, the least complex
 * among the first found and the next 162 assumptions (so a 16x16 does not follow its
 * thousands of candidates for every step); the branches of the cell and unit chains are
 * followed once per position and kind, when first asked for (the solver asks the techniques
 * in turn on the same position). The nested search is bounded by a fixed number of
 * propagations (not by time, so a rating never depends on the machine).
 */
import { cellName, digitChar } from '../board.ts';
import { popcount } from '../units.ts';
import {
  DYNAMIC,
  HIDDEN_SINGLE,
  NAKED_SINGLE,
  Propagator,
  REMOVED_BY_CHAIN,
  STATIC,
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

/** One assumption followed to its end (or to where it breaks): what it leads to. */
interface Branch {
  cell: number;
  digit: number;
  grid: Uint8Array;
  candidates: Int32Array;
}

/** The kinds of chain searched, in Sudoku Explainer's order (the header). */
type Kind = 'static' | 'nishio' | 'dynamic';

interface Analysis {
  geometry: LogicState['geometry'];
  grid: Uint8Array;
  candidates: Int32Array;
  /** Found when first asked for (undefined until then). */
  contradictions: Partial<Record<Kind, Step | null>>;
  branches: Partial<Record<'static' | 'dynamic', Map<number, Branch>>>;
  cell: Step | null | undefined;
  unit: Step | null | undefined;
  dynamic: Step | null | undefined;
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

/** The analysis of a position, shared by the techniques asked in turn on it. */
function analyse(state: LogicState): Analysis {
  if (
    cached !== null &&
    cached.geometry === state.geometry &&
    sameArrays(cached.grid, state.grid) &&
    sameArrays(cached.candidates, state.candidates)
  ) {
    return cached;
  }
  cached = {
    geometry: state.geometry,
    grid: Uint8Array.from(state.grid),
    candidates: Int32Array.from(state.candidates),
    contradictions: {},
    branches: {},
    cell: undefined,
    unit: undefined,
    dynamic: undefined,
  };
  return cached;
}

/** The propagation mode of a kind of chain for an assumption on `digit`. */
const modeOf = (kind: Kind, digit: number): number =>
  kind === 'static' ? STATIC : kind === 'nishio' ? digit : DYNAMIC;

/**
 * The contradiction of a kind that Sudoku Explainer would take: the candidates of the
 * position followed, true and false, and the least complexity wins (header).
 */
function contradictionOf(state: LogicState, kind: Kind, beat?: () => void): Step | null {
  const analysis = analyse(state);
  const known = analysis.contradictions[kind];
  if (known !== undefined) return known;
  const p = propagatorFor(state);
  const { size } = state.geometry;
  // The least complexity; "is not" (an assumption placed) before "=" at equal complexity.
  let best: { rank: number; cell: number; digit: number; placed: boolean } | null = null;
  const complexity = (): number | null =>
    kind === 'static' ? p.unaryComplexity() : p.breachComplexity();
  const consider = (cell: number, digit: number, placed: boolean): boolean => {
    const count = complexity();
    if (count === null) return false;
    const rank = count + (placed ? 0 : 0.5);
    if (best === null || rank < best.rank) best = { rank, cell, digit, placed };
    return true;
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
    // A cell of two candidates "not x" is "= y": followed once, as a placement (but not
    // in one digit's chains, which never look at the cell's other candidate).
    const both = popcount(mask) > 2 || kind === 'nishio';
    for (let digit = 1; digit <= size && budget > 0; digit++) {
      if ((mask & (1 << digit)) === 0) continue;
      p.resetTo(state, modeOf(kind, digit));
      budget--;
      if (!p.assumePlaced(cell, digit) && consider(cell, digit, true)) {
        budget = Math.min(budget, look);
      }
      if (!both) continue;
      p.resetTo(state, modeOf(kind, digit));
      budget--;
      if (!p.assumeRemoved(cell, digit) && consider(cell, digit, false)) {
        budget = Math.min(budget, look);
      }
    }
    if (budget <= 0) break;
  }
  const found = best as { rank: number; cell: number; digit: number; placed: boolean } | null;
  let step: Step | null = null;
  if (found !== null) {
    // Follow the winner again to say it (words are built for one branch, not hundreds).
    const { cell, digit, placed } = found;
    p.resetTo(state, modeOf(kind, digit));
    if (placed) p.assumePlaced(cell, digit);
    else p.assumeRemoved(cell, digit);
    const chain = withoutAssumption(p, p.breachAncestry());
    const used = chainCandidates(p, chain);
    step = {
      ...contradictionStep(
        state,
        cell,
        digit,
        placed,
        chainText(p, chain),
        breachText(p, p.breach as Breach),
        chain.length,
      ),
      technique: kind === 'dynamic' ? 'dynamic forcing chain' : 'forcing chain',
      cells: patternCells([cell], used, p.breach),
      candidates: [{ cell, digit }, ...used],
      complexity: (kind === 'static' ? p.unaryComplexity() : p.breachComplexity()) as number,
      ...(kind === 'static' ? {} : { dynamic: kind === 'nishio' ? 'one digit' : 'many digits' }),
    };
  }
  analysis.contradictions[kind] = step;
  return step;
}

/** Every candidate of the position followed as true, for the cell and unit forcing chains. */
function branchesOf(
  state: LogicState,
  kind: 'static' | 'dynamic',
  beat?: () => void,
): Map<number, Branch> {
  const analysis = analyse(state);
  const known = analysis.branches[kind];
  if (known !== undefined) return known;
  const p = propagatorFor(state);
  const { size } = state.geometry;
  const branches = new Map<number, Branch>();
  for (let cell = 0; cell < size * size; cell++) {
    const mask = state.candidates[cell];
    if (state.grid[cell] !== 0 || mask === 0) continue;
    beat?.();
    for (let digit = 1; digit <= size; digit++) {
      if ((mask & (1 << digit)) === 0) continue;
      p.resetTo(state, modeOf(kind, digit));
      p.assumePlaced(cell, digit); // one that breaks still counts (bestForcing)
      branches.set(cell * (size + 1) + digit, {
        cell,
        digit,
        grid: Uint8Array.from(p.grid),
        candidates: Int32Array.from(p.candidates),
      });
    }
  }
  analysis.branches[kind] = branches;
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
  kind: 'static' | 'dynamic',
  set: readonly Branch[],
  conclusion: CellDigit,
  placed: boolean,
): { texts: string[]; used: CellDigit[] } {
  const texts: string[] = [];
  const used: CellDigit[] = [];
  for (const branch of set) {
    p.resetTo(state, modeOf(kind, branch.digit));
    p.assumePlaced(branch.cell, branch.digit);
    const placement = placed ? [p.placementOf(conclusion.cell)] : [];
    const removed = placed ? [] : [{ cell: conclusion.cell, digit: conclusion.digit }];
    const chain = withoutAssumption(p, p.ancestry(removed, placement));
    used.push(...chainCandidates(p, chain));
    const start = `${cellName(branch.cell, state.geometry.size)} = ${digitChar(branch.digit)}`;
    texts.push(chain.length === 0 ? start : `${start}: ${chainText(p, chain)}`);
  }
  return { texts, used };
}

interface BranchSet {
  set: Branch[];
  opening: string;
  cells: number[];
}

/**
 * The conclusion of least complexity over sets of branches (a cell's candidates, a digit's
 * places), below `below` (so a tie goes to the earlier kind, Sudoku Explainer's order).
 * Each branch is followed once per set to count every conclusion; the winner is said after.
 */
function bestForcing(
  state: LogicState,
  p: Propagator,
  kind: 'static' | 'dynamic',
  sets: readonly BranchSet[],
  technique: Technique,
  below = Infinity,
): Step | null {
  let best: { set: BranchSet; c: CellDigit; placed: boolean } | null = null;
  let least = below;
  for (const entry of sets) {
    const { set } = entry;
    // A branch that breaks is false: what it had reached by then holds vacuously (as in SE).
    const inSet = new Set(set.map((branch) => branch.cell));
    const { placements, eliminations } = agreement(state, set, (cell) => inSet.has(cell));
    const conclusions = [
      ...placements.map((c) => ({ c, placed: true })),
      ...eliminations.map((c) => ({ c, placed: false })),
    ];
    if (conclusions.length === 0) continue;
    const counts = new Array<number>(conclusions.length).fill(0);
    for (const branch of set) {
      p.resetTo(state, modeOf(kind, branch.digit));
      p.assumePlaced(branch.cell, branch.digit);
      conclusions.forEach(({ c, placed }, index) => {
        // Sudoku Explainer adds up the candidates behind the conclusion in every branch.
        counts[index] += placed
          ? p.explainerComplexity([], [p.placementOf(c.cell)])
          : p.explainerComplexity([c]);
      });
    }
    conclusions.forEach(({ c, placed }, index) => {
      if (counts[index] < least) [least, best] = [counts[index], { set: entry, c, placed }];
    });
  }
  if (best === null) return null;
  const { set: entry, c, placed } = best as { set: BranchSet; c: CellDigit; placed: boolean };
  const { texts, used } = branchTexts(state, p, kind, entry.set, c, placed);
  const name = cellName(c.cell, state.geometry.size);
  const what = placed ? `${name} = ${digitChar(c.digit)}` : `${name} is not ${digitChar(c.digit)}`;
  return {
    technique,
    cells: patternCells([...entry.cells, c.cell], used),
    candidates: [
      ...entry.set.map((branch) => ({ cell: branch.cell, digit: branch.digit })),
      ...used,
    ],
    placements: placed ? [c] : [],
    eliminations: placed ? [] : [c],
    explanation: `${entry.opening}, and each way ${what}. ${texts.map((text) => `If ${text}`).join('. ')}`,
    complexity: least,
    ...(kind === 'dynamic' ? { dynamic: 'many digits' as const } : {}),
  };
}

/** A cell's 2 to MAX_BRANCHES candidates, each a branch. */
function cellSets(state: LogicState, branches: Map<number, Branch>): BranchSet[] {
  const { size } = state.geometry;
  const sets: BranchSet[] = [];
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
  return sets;
}

/** A digit's 2 to MAX_BRANCHES places in a row, column or region, each a branch. */
function unitSets(state: LogicState, branches: Map<number, Branch>): BranchSet[] {
  const { size, units } = state.geometry;
  const sets: BranchSet[] = [];
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
  return sets;
}

/**
 * An assumption breaks the position: the candidate is false (or true). Static chains first
 * (links only, SE's forcing chains), then chains of the assumed digit alone (SE's Nishio).
 */
export function forcingChain(state: LogicState, beat?: () => void): Step | null {
  return contradictionOf(state, 'static', beat) ?? contradictionOf(state, 'nishio', beat);
}

/** Every candidate of a cell leads, by links, to the same conclusion (SE's cell forcing chain). */
export function cellForcingChain(state: LogicState, beat?: () => void): Step | null {
  const analysis = analyse(state);
  if (analysis.cell === undefined) {
    const p = propagatorFor(state);
    const sets = cellSets(state, branchesOf(state, 'static', beat));
    analysis.cell = bestForcing(state, p, 'static', sets, 'cell forcing chain');
  }
  return analysis.cell;
}

/** Every place of a digit in a unit leads, by links, to the same conclusion (SE's region chain). */
export function unitForcingChain(state: LogicState, beat?: () => void): Step | null {
  const analysis = analyse(state);
  if (analysis.unit === undefined) {
    const p = propagatorFor(state);
    const sets = unitSets(state, branchesOf(state, 'static', beat));
    analysis.unit = bestForcing(state, p, 'static', sets, 'unit forcing chain');
  }
  return analysis.unit;
}

/**
 * SE's dynamic forcing chains: singles followed as the position shrinks. The least complex
 * of a contradiction, a cell's branches and a unit's branches that agree; at equal
 * complexity a cell before a unit before a contradiction (Chaining.java's sort keys).
 */
export function dynamicForcingChain(state: LogicState, beat?: () => void): Step | null {
  const analysis = analyse(state);
  if (analysis.dynamic === undefined) {
    const p = propagatorFor(state);
    const contradiction = contradictionOf(state, 'dynamic', beat);
    const branches = branchesOf(state, 'dynamic', beat);
    const bound = (contradiction?.complexity ?? Infinity) + 1;
    const cell = bestForcing(
      state,
      p,
      'dynamic',
      cellSets(state, branches),
      'dynamic forcing chain',
      bound,
    );
    const unitBound = cell?.complexity ?? bound;
    const unitSet = unitSets(state, branches);
    const unit = bestForcing(state, p, 'dynamic', unitSet, 'dynamic forcing chain', unitBound);
    analysis.dynamic = unit ?? cell ?? contradiction;
  }
  return analysis.dynamic;
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
