/**
 * The candidate grid the logical solver reasons on, and the layout tables every technique
 * reads.
 *
 * A state is three things: the digits placed so far (givens and deductions), one candidate
 * mask per empty cell (bit d set while digit d may still go there; bit 0 unused, as in
 * units.ts's fullMask) and the geometry of the layout. Techniques never change a state:
 * each returns a Step (step.ts), and only applyStep writes, so a hint can be shown before it
 * is applied and a step list replayed.
 *
 * The geometry holds the 3N units of units.ts (rows, then columns, then regions) and, per
 * cell, the indices of its three units, so "the cells this cell sees" is three unit scans
 * and never a 20-element peer list per cell (a 25x25 board would need 25 x 625 of them).
 * It is built once per layout and kept while the next board has the same regions
 * (sameCells), which is what a setter's generate-and-rate loop asks for thousands of times.
 *
 * Candidates start as the digits no clue in the cell's row, column or region holds; a
 * caller may pass its own masks instead (a solver's pencil marks, for a hint), which are
 * intersected with that, so a hint never relies on a candidate the clues already rule out.
 *
 * contradictionOf reports a position no solution can reach (an empty cell without a
 * candidate, a digit with no place left in a unit, two equal digits in a unit): the solver
 * stops there rather than deduce from a falsehood.
 *
 * A puzzle with variant constraints (variants/constraints.ts) carries them in `variants`,
 * compiled once by the variant engine's compileVariants, so the logic and the search read
 * one definition of "these cells differ": a placed digit also leaves the cells its cages,
 * extra regions, diagonals, renban lines, anti-knight and anti-king rules make its peers,
 * and `groups` lists the all-different groups beyond rows, columns and regions, where the
 * singles and subsets look too. What the constraints say besides "differ" is reasoned by
 * constraintSteps.ts, one constraint at a time, on that constraint's own compiled rules,
 * and what their sums say over whole houses (the 45 rule) by inniesAndOuties.ts.
 */
import { cellName, digitChar, sameCells, type Board } from '../board.ts';
import { fullMask, unitsOf, type Unit } from '../units.ts';
import {
  brokenConstraint,
  describeConstraint,
  diagonalCells,
  type Constraint,
} from '../variants/constraints.ts';
import {
  compileConstraint,
  compileVariants,
  variantProblems,
  type CompiledVariants,
} from '../variants/variantSolver.ts';

export interface Geometry {
  readonly size: number;
  readonly regions: Uint8Array;
  /** Rows 0..N-1, columns N..2N-1, regions 2N..3N-1 (units.ts's order). */
  readonly units: readonly Unit[];
  /** Per cell, its row, column and region unit indices: [3*cell], [3*cell+1], [3*cell+2]. */
  readonly unitsOfCell: Int32Array;
}

/** Cells a constraint makes all different, beyond the rows, columns and regions. */
export interface VariantGroup {
  cells: readonly number[];
  /** "the killer cage at r1c1 (17)": the constraint, named for an explanation. */
  name: string;
  /** Its index in the puzzle's constraint list. */
  constraint: number;
}

/** A puzzle's variant constraints, compiled for the logical solver (see the file header). */
export interface VariantLogic {
  readonly constraints: readonly Constraint[];
  /** All the rules, the layout's included: its peers are what a placed digit clears. */
  readonly compiled: CompiledVariants;
  /** Cages, extra regions, diagonals and renban lines: their cells all differ. */
  readonly groups: readonly VariantGroup[];
  /** The rules of constraint `index` alone (compileConstraint), compiled once. */
  rulesOf(index: number): CompiledVariants;
}

export interface LogicState {
  readonly geometry: Geometry;
  /** Digit per cell, 0 = empty. */
  readonly grid: Uint8Array;
  /** Candidate mask per cell (bit d = digit d); 0 for filled cells. */
  readonly candidates: Int32Array;
  /** The variant constraints, when the puzzle has any. */
  readonly variants?: VariantLogic;
}

export interface CellDigit {
  cell: number;
  digit: number;
}

let lastGeometry: Geometry | undefined;

/**
 * The unit tables of a layout; the last one is reused while the layout stays the same.
 * Throws a RangeError for a layout without N regions of N cells (validateLayout says more).
 */
export function geometryOf(board: Pick<Board, 'size' | 'regions'>): Geometry {
  if (
    lastGeometry !== undefined &&
    lastGeometry.size === board.size &&
    sameCells(lastGeometry.regions, board.regions)
  ) {
    return lastGeometry;
  }
  const { size } = board;
  // Every technique counts on each unit holding each digit once: N regions of N cells.
  const counts = new Int32Array(size);
  for (const region of board.regions) {
    if (region >= size)
      throw new RangeError(`region id ${region} is out of range for a ${size}x${size} grid`);
    counts[region]++;
  }
  const wrong = counts.findIndex((count) => count !== size);
  if (wrong >= 0) {
    throw new RangeError(
      `the logical solver needs ${size} regions of ${size} cells; region ${wrong + 1} has ${counts[wrong]}`,
    );
  }
  const units = unitsOf(board);
  const unitsOfCell = new Int32Array(3 * size * size);
  units.forEach((unit, index) => {
    const slot = unit.kind === 'row' ? 0 : unit.kind === 'column' ? 1 : 2;
    for (const cell of unit.cells) unitsOfCell[3 * cell + slot] = index;
  });
  lastGeometry = { size, regions: Uint8Array.from(board.regions), units, unitsOfCell };
  return lastGeometry;
}

/** Whether two cells share a row, column or region (a cell does not see itself). */
export function sees(geometry: Geometry, first: number, second: number): boolean {
  if (first === second) return false;
  const { unitsOfCell } = geometry;
  return (
    unitsOfCell[3 * first] === unitsOfCell[3 * second] ||
    unitsOfCell[3 * first + 1] === unitsOfCell[3 * second + 1] ||
    unitsOfCell[3 * first + 2] === unitsOfCell[3 * second + 2]
  );
}

/** The cells seeing all of `cells` (none of them) that still hold `mask`, in reading order. */
export function commonPeersWith(
  state: LogicState,
  cells: readonly number[],
  mask: number,
): number[] {
  const { geometry, candidates } = state;
  const [first] = cells;
  const found = new Set<number>();
  for (let slot = 0; slot < 3; slot++) {
    for (const cell of geometry.units[geometry.unitsOfCell[3 * first + slot]].cells) {
      if (cells.includes(cell) || (candidates[cell] & mask) === 0) continue;
      if (cells.every((other) => sees(geometry, cell, other))) found.add(cell);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The variant constraints of a board compiled for logic, or undefined when there are none.
 * Throws a RangeError naming the first problem of a constraint (variantProblems).
 */
export function variantLogicOf(
  board: Pick<Board, 'size' | 'regions'>,
  constraints: readonly Constraint[] | undefined,
): VariantLogic | undefined {
  if (constraints === undefined || constraints.length === 0) return undefined;
  const { size } = board;
  const problems = variantProblems(size, constraints);
  if (problems.length > 0) throw new RangeError(problems[0]);
  const groups: VariantGroup[] = [];
  constraints.forEach((constraint, index) => {
    const group = (cells: readonly number[]): void => {
      groups.push({ cells, name: describeConstraint(constraint, size), constraint: index });
    };
    if (constraint.kind === 'cage' || constraint.kind === 'extraRegion') group(constraint.cells);
    if (constraint.kind === 'renban') group(constraint.cells);
    if (constraint.kind === 'diagonal') group(diagonalCells(constraint.direction, size));
  });
  const own = new Map<number, CompiledVariants>();
  return {
    constraints,
    compiled: compileVariants(board, constraints),
    groups,
    rulesOf(index: number): CompiledVariants {
      let rules = own.get(index);
      if (rules === undefined) {
        rules = compileConstraint(board, constraints, index);
        own.set(index, rules);
      }
      return rules;
    },
  };
}

/**
 * The state of a board: its givens placed and every empty cell's candidates, the digits
 * its units (and, with constraints, the cells they make its peers) leave open, intersected
 * with `candidates` when the caller passes its own.
 */
export function initialState(
  board: Board,
  candidates?: ArrayLike<number>,
  constraints?: readonly Constraint[],
): LogicState {
  const variants = variantLogicOf(board, constraints);
  const geometry = geometryOf(board);
  const { size, units, unitsOfCell } = geometry;
  const cells = size * size;
  if (candidates !== undefined && candidates.length !== cells) {
    throw new RangeError(`a ${size}x${size} board needs ${cells} candidate masks`);
  }
  const grid = Uint8Array.from(board.givens);
  const usedInUnit = new Int32Array(units.length);
  units.forEach((unit, index) => {
    for (const cell of unit.cells) usedInUnit[index] |= 1 << grid[cell];
  });
  const state: LogicState = {
    geometry,
    grid,
    candidates: new Int32Array(cells),
    ...(variants === undefined ? {} : { variants }),
  };
  const full = fullMask(size);
  for (let cell = 0; cell < cells; cell++) {
    if (grid[cell] !== 0) continue;
    let used =
      usedInUnit[unitsOfCell[3 * cell]] |
      usedInUnit[unitsOfCell[3 * cell + 1]] |
      usedInUnit[unitsOfCell[3 * cell + 2]];
    if (variants !== undefined) {
      for (const peer of variants.compiled.peers[cell]) used |= 1 << grid[peer];
    }
    const allowed = candidates === undefined ? full : candidates[cell] & full;
    state.candidates[cell] = allowed & ~used;
  }
  return state;
}

/** A copy that can be changed without touching `state`. */
export function cloneState(state: LogicState): LogicState {
  return {
    geometry: state.geometry,
    grid: Uint8Array.from(state.grid),
    candidates: Int32Array.from(state.candidates),
    ...(state.variants === undefined ? {} : { variants: state.variants }),
  };
}

/** Place a digit: the cell loses its candidates, and the cells it sees lose the digit. */
export function place(state: LogicState, cell: number, digit: number): void {
  const { grid, candidates, geometry } = state;
  grid[cell] = digit;
  candidates[cell] = 0;
  const clear = ~(1 << digit);
  for (let slot = 0; slot < 3; slot++) {
    for (const peer of geometry.units[geometry.unitsOfCell[3 * cell + slot]].cells) {
      candidates[peer] &= clear;
    }
  }
  if (state.variants !== undefined) {
    for (const peer of state.variants.compiled.peers[cell]) candidates[peer] &= clear;
  }
}

/** Apply a step's placements, then its eliminations. */
export function applyStep(
  state: LogicState,
  step: { placements: readonly CellDigit[]; eliminations: readonly CellDigit[] },
): void {
  for (const { cell, digit } of step.placements) place(state, cell, digit);
  for (const { cell, digit } of step.eliminations) state.candidates[cell] &= ~(1 << digit);
}

/** True when every cell holds a digit. */
export function isSolved(state: LogicState): boolean {
  return state.grid.every((digit) => digit !== 0);
}

const unitWords = { row: 'row', column: 'column', region: 'region' } as const;

/** `row 4`, `column 2`, `region 5`: 1-based, as a person counts. */
export function unitName(unit: Unit): string {
  return `${unitWords[unit.kind]} ${unit.index + 1}`;
}

/**
 * Why no solution can follow from this state, in words, or null when none is visible:
 * an empty cell without candidates, two equal digits in a unit, or a digit that has
 * neither a cell nor a candidate left in a unit.
 */
export function contradictionOf(state: LogicState): string | null {
  const { geometry, grid, candidates } = state;
  const { size, units } = geometry;
  for (let cell = 0; cell < size * size; cell++) {
    if (grid[cell] === 0 && candidates[cell] === 0) {
      return `${cellName(cell, size)} has no candidate left`;
    }
  }
  for (const unit of units) {
    let placed = 0;
    let open = 0;
    for (const cell of unit.cells) {
      const digit = grid[cell];
      if (digit !== 0) {
        if (placed & (1 << digit)) return `${digitChar(digit)} is twice in ${unitName(unit)}`;
        placed |= 1 << digit;
      }
      open |= candidates[cell];
    }
    const missing = fullMask(size) & ~placed & ~open;
    if (missing !== 0) {
      const digit = 31 - Math.clz32(missing);
      return `${digitChar(digit)} has no place left in ${unitName(unit)}`;
    }
  }
  return state.variants === undefined ? null : variantContradictionOf(state, state.variants);
}

/** The constraints' share of contradictionOf: equal peers, a full grid breaking a rule. */
function variantContradictionOf(state: LogicState, variants: VariantLogic): string | null {
  const { grid, geometry } = state;
  const { size } = geometry;
  for (let cell = 0; cell < size * size; cell++) {
    if (grid[cell] === 0) continue;
    for (const peer of variants.compiled.peers[cell]) {
      if (peer > cell && grid[peer] === grid[cell]) {
        const group = variants.groups.find((g) => g.cells.includes(cell) && g.cells.includes(peer));
        const rule = group?.name ?? 'the constraints';
        return `${cellName(cell, size)} and ${cellName(peer, size)} both hold ${digitChar(grid[cell])}, which ${rule} forbids`;
      }
    }
  }
  if (grid.every((digit) => digit !== 0)) {
    const broken = brokenConstraint(grid, size, variants.constraints);
    if (broken !== null) return `the grid breaks ${describeConstraint(broken, size)}`;
  }
  return null;
}
