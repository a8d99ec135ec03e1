/**
 * Layout check: can a layout alone (no clues) be filled? Many layouts of N connected regions
 * of N cells cannot, and proving it is where a plain search is weakest: with an empty grid
 * it has to exhaust a tree in which every digit renaming of every partial grid appears.
 *
 * DESIGN: symmetry first: digits are interchangeable, so a layout is fillable exactly when
 * it is fillable with any one house (row, column or region) holding 1..N in reading order;
 * giving those N cells removes the N! renamings from the tree. Which house makes the search
 * short varies from layout to layout (the Interactive Sudoku Solver tries them all, too):
 * 1. Short plain searches (64 guesses up to 9x9, else 200) with the region of r1c1 given,
 *    then each row, then each column. They fill most fillable layouts and refute many
 *    unfillable ones (their whole tree fits in the budget).
 * 2. Up to 9x9, digit templates (digitTemplates.ts): the places one digit can take form a
 *    few thousand "templates" and a filled grid is N disjoint ones; short template searches
 *    from each house, then the best house's search and an exact cover over them.
 * 3. Larger layouts have far too many templates (a 12x12 one over 200,000), so a cell
 *    search answers from the region of r1c1, with two things a plain search does not know:
 *    the law of leftovers (layoutConstraints.ts: pairs of small cell sets that must hold
 *    the same digits, checked in the bitset engine's propagation) and conflict-driven
 *    branching (dom/wdeg, countSolutionsBitset's branchOnConflicts). It asks for one
 *    solution, once, without restarts: a refutation needs the whole tree anyway.
 * On the community's lists (9x9) every unfillable layout is proven, median 1-12 ms by
 * list, none over 0.1 s (docs/setter-tools.md has the figures).
 * A found grid is checked with isSolution, which shares no code with either search, before
 * it is returned.
 */
import { createBoard, type Board } from './board.ts';
import { countSolutionsBitset } from './bitset.ts';
import { coverWithTemplates } from './digitTemplates.ts';
import { isSolution } from './clues.ts';
import { guessBudget, type SearchOptions } from './contract.ts';
import { validateLayout } from './layout.ts';
import { layoutConstraintsOf } from './layoutConstraints.ts';
import { unitsOf } from './units.ts';

/**
 * Largest size decided by digit templates (digitTemplates.ts): a 9x9 layout has at most
 * about 47,000 of them; a 12x12 one already has more than 200,000.
 */
const TEMPLATE_SIZES = 9;

/** Guesses the plain engine gets first (see checkLayout), before templates or not. */
const TEMPLATE_QUICK_GUESSES = 64;
const QUICK_GUESSES = 200;

export type LayoutVerdict = 'fillable' | 'cannot be filled';

export interface LayoutCheck {
  /** The answer, or null when the caller's signal stopped the search first. */
  verdict: LayoutVerdict | null;
  /** One filled grid (flat, reading order) when fillable. */
  grid: Uint8Array | null;
  /** Work done: guesses of the cell search, or template steps and choices (digitTemplates.ts). */
  nodes: number;
  aborted: boolean;
}

/**
 * The engine the layout check runs: the bitset search plus the layout's leftover pairs and
 * conflict-driven branching. Same contract as every engine.
 */
export function countWithLayoutConstraints(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): ReturnType<typeof countSolutionsBitset> {
  return countSolutionsBitset(board, limit, options, {
    constraints: layoutConstraintsOf(board.size, board.regions),
    branchOnConflicts: true,
  });
}

/**
 * Whether any filled grid exists for a layout (see the file header). Throws a RangeError
 * naming the problems when the layout is not N connected regions of N cells.
 */
export function checkLayout(
  size: number,
  regions: ArrayLike<number>,
  options: SearchOptions = {},
): LayoutCheck {
  const problems = validateLayout(size, regions);
  if (problems.length > 0) {
    throw new RangeError(`not a valid layout: ${problems.map((p) => p.message).join('; ')}`);
  }
  const layout = createBoard(size, regions);
  // Most fillable layouts give the plain engine a grid within a few guesses once some house
  // holds 1..N (any filled grid can be renamed so), but which house varies: a short search
  // from the region of r1c1, then from each row and each column. Only when none finds a
  // grid does a layout search run: templates up to 9x9, else the cell search with the
  // leftover pairs and conflict weights.
  const units = unitsOf(layout);
  const quickHouses = [units[2 * size + layout.regions[0]], ...units.slice(0, 2 * size)];
  const quickGuesses = size <= TEMPLATE_SIZES ? TEMPLATE_QUICK_GUESSES : QUICK_GUESSES;
  let quickNodes = 0;
  for (const house of quickHouses) {
    // Each pass is short, so the signal is read between passes only.
    if (options.signal?.aborted) return unfilled(null, quickNodes);
    const quick = countSolutionsBitset(
      houseGiven(layout, house.cells),
      1,
      guessBudget(quickGuesses, 16),
    );
    quickNodes += quick.nodes;
    if (quick.count > 0) return filled(layout, quick.solutions[0], quickNodes);
    if (quick.complete) return unfilled('cannot be filled', quickNodes);
  }
  if (size <= TEMPLATE_SIZES) {
    const byTemplates = coverWithTemplates(size, layout.regions, options);
    const nodes = quickNodes + byTemplates.nodes;
    if (byTemplates.grid) return filled(layout, byTemplates.grid, nodes);
    if (byTemplates.outcome === 'none') return unfilled('cannot be filled', nodes);
    if (byTemplates.outcome === 'stopped') return unfilled(null, nodes);
  }
  const result = countWithLayoutConstraints(houseGiven(layout, quickHouses[0].cells), 1, options);
  if (result.count > 0) return filled(layout, result.solutions[0], quickNodes + result.nodes);
  return unfilled(result.complete ? 'cannot be filled' : null, quickNodes + result.nodes);
}

/** No grid: proven unfillable, or (verdict null) stopped by the signal. */
function unfilled(verdict: 'cannot be filled' | null, nodes: number): LayoutCheck {
  return { verdict, grid: null, nodes, aborted: verdict === null };
}

/**
 * The empty layout with one house holding 1..N in reading order: as good as the empty
 * layout for any question that renaming the digits does not change (see the header).
 */
export function houseGiven(layout: Board, cells: number[]): Board {
  const givens = new Uint8Array(layout.size * layout.size);
  cells.forEach((cell, index) => (givens[cell] = index + 1));
  return createBoard(layout.size, layout.regions, givens);
}

/** A found grid, checked with isSolution (which shares no code with the searches). */
function filled(layout: Board, grid: Uint8Array, nodes: number): LayoutCheck {
  if (!isSolution(layout, grid)) {
    throw new Error('layout check: a search returned a grid that is not a filled grid');
  }
  return { verdict: 'fillable', grid, nodes, aborted: false };
}
