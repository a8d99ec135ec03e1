/**
 * Layout check: can a layout alone (no clues) be filled? Many layouts of N connected regions
 * of N cells cannot, and proving it is where a plain search is weakest: with an empty grid
 * it has to exhaust a tree in which every digit renaming of every partial grid appears.
 *
 * DESIGN: two searches, chosen by size.
 * - Up to 9x9, digit templates (digitTemplates.ts): the places one digit can take form a
 *   few thousand "templates", and a filled grid is N disjoint ones, so an exact cover over
 *   them decides the layout with no digits (and so no renamings) in the tree. On the
 *   community's slow list it settles every layout where the cell search below left half of
 *   them open after 3 s (docs/setter-tools.md has the figures).
 * - Larger layouts have far too many templates (a 12x12 one over 200,000), so a cell search
 *   answers, with three things a plain search does not know:
 *   1. Symmetry: the digits are interchangeable, so the layout is fillable exactly when it
 *      is fillable with its first region (the region of r1c1) holding 1..N in reading
 *      order. Those N cells are given, which removes the N! renamings from the tree.
 *   2. The law of leftovers (layoutConstraints.ts): pairs of small cell sets that must hold
 *      the same digits, checked in the bitset engine's propagation.
 *   3. Conflict-driven branching (dom/wdeg, countSolutionsBitset's branchOnConflicts).
 *   A plain search with a small guess budget goes first (most fillable layouts answer in a
 *   few guesses), then the layout search asks for one solution, once, without restarts: a
 *   refutation needs the whole tree anyway, and restarting would throw the learnt weights
 *   away.
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

/**
 * Largest size decided by digit templates (digitTemplates.ts): a 9x9 layout has at most
 * about 47,000 of them; a 12x12 one already has more than 200,000.
 */
const TEMPLATE_SIZES = 9;

/** Guesses the plain engine gets first (see checkLayout). */
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
  const givens = new Uint8Array(size * size);
  let digit = 1;
  for (let cell = 0; cell < size * size; cell++) {
    if (layout.regions[cell] === layout.regions[0]) givens[cell] = digit++;
  }
  if (size <= TEMPLATE_SIZES) {
    const byTemplates = coverWithTemplates(size, layout.regions, options);
    if (byTemplates.outcome !== 'too many') {
      const grid = byTemplates.grid;
      if (grid && !isSolution(layout, grid)) {
        throw new Error('layout check: the template cover is not a filled grid');
      }
      const stopped = byTemplates.outcome === 'stopped';
      return {
        verdict: stopped ? null : grid ? 'fillable' : 'cannot be filled',
        grid,
        nodes: byTemplates.nodes,
        aborted: stopped,
      };
    }
  }
  const board = createBoard(size, layout.regions, givens);
  // Most fillable layouts give the plain engine a grid within a few guesses; only when it
  // finds none that fast does the layout search (pairs, conflict weights) run.
  const quick = countSolutionsBitset(board, 1, guessBudget(QUICK_GUESSES, 64));
  const result = quick.count > 0 ? quick : countWithLayoutConstraints(board, 1, options);
  if (result.count > 0) {
    const grid = result.solutions[0];
    if (!isSolution(layout, grid)) {
      throw new Error('layout check: the search returned a grid that is not a solution');
    }
    return { verdict: 'fillable', grid, nodes: result.nodes, aborted: false };
  }
  return {
    verdict: result.complete ? 'cannot be filled' : null,
    grid: null,
    nodes: result.nodes,
    aborted: result.aborted,
  };
}
