/**
 * The Sudoku Explainer scale: a number for every step, and for a solve its ER, EP and ED,
 * the figures puzzle banks and forums sort by.
 *
 * Sudoku Explainer (and SukakuExplainer, its maintained fork, which rated the Sudoku
 * Exchange bank) solves easiest first and gives each step a difficulty: 1.0 a full house,
 * 1.2 / 1.5 a hidden single in a box / a line, 2.3 a naked single, 2.6 / 2.8 pointing and
 * claiming, 3.0-5.4 subsets and fish, 4.0-4.2 skyscraper, kite and turbot fish, 4.2 / 4.4
 * the XY- and XYZ-wing, 5.5-5.6 the WXYZ-wing, 6.2 aligned pair exclusion and 6.2-6.4 the
 * VWXYZ-wing, 6.5-7.0 plus a length term the X-, Y- and XY-chains, 7.5 the Nishio, 8.0 plus
 * length the cell and region forcing chains, 8.5 and up the dynamic and nested ones. ER is
 * the hardest step on that path, EP (pearl) the hardest up to the first
 * placement, ED (diamond) the first step. The values here are SukakuExplainer's defaults
 * (its revisedRating off), read from its hint classes (the table is in docs/logic.md).
 *
 * Where a technique of ours has no Sudoku Explainer twin, it gets the place of the twin
 * that makes the same kind of deduction, said in docs/logic.md: the law of leftovers and
 * the common peer are SukakuExplainer's generalized intersections (2.9); a finned fish is a
 * turbot fish or a 3-link fish with one grouped node (+0.3); colouring and the x-chain are
 * the forcing X-chain (6.6 + length), the alternating chain and the w-wing (tried after the
 * wings, where SE's chains come) its XY forcing chain (7.0 + length). The forcing chains
 * are SE's own kinds (forcing.ts): static 7.0, Nishio (one digit) 7.5, cell and unit 8.0,
 * dynamic 8.5, plus length; the nested one its dynamic chains with one level of nesting
 * (9.0 + length). The variant constraints' steps sit with the intersections (reading a
 * cage, a thermometer or a dot: 2.4-2.8; innies and outies, the law of leftovers with
 * sums: 2.9) and the subsets (sums over cells that may repeat: 3.4-3.6).
 *
 * The length term is Sudoku Explainer's: 0.1 more each time the chain's length passes 4,
 * 6, 8, 12, 16, 24, 32, ... (alternately x3/2 and x4/3), the length being its complexity
 * less two. The complexity is what SE counts (ChainingHint.getAncestorCount): for a chain of
 * links its candidates and the removed one twice (assumed true at the start, false at the
 * end: a skyscraper's 4 cells are SE's 6-node turbot fish); for a forcing chain the
 * candidates, true and false, its conclusion rests on (Step.complexity, propagation.ts).
 *
 * lowestDifficulty is the least number a technique's step can get, which tells the
 * generator's ER target (target.ts) the techniques a solve within that ER may use.
 */
import type { LogicState } from './state.ts';
import { STRONG_LINK_BASE } from './strongLinks.ts';
import type { Step, Technique } from './step.ts';

/** The number of each technique before its length term (hidden singles: see below). */
export const EXPLAINER_BASE: Readonly<Record<Technique, number>> = {
  'hidden single': 1.5,
  'naked single': 2.3,
  'even or odd cell': 1.2,
  'cage combination': 2.4,
  'thermometer bounds': 2.4,
  'dot or sign pair': 2.4,
  'neighbour rule': 2.4,
  'line rule': 2.5,
  pointing: 2.6,
  claiming: 2.8,
  'common peer': 2.9,
  'group pointing': 2.8,
  'law of leftovers': 2.9,
  'innies and outies': 2.9,
  'naked pair': 3.0,
  'hidden pair': 3.4,
  'arrow sum': 3.4,
  'little killer sum': 3.4,
  'sandwich sum': 3.6,
  'naked triple': 3.6,
  'hidden triple': 4.0,
  'x-wing': 3.2,
  skyscraper: 4.0,
  'two-string kite': 4.1,
  'turbot fish': 4.2,
  'naked quad': 5.0,
  'hidden quad': 5.4,
  swordfish: 3.8,
  jellyfish: 5.2,
  'jigsaw fish': 3.4,
  'finned x-wing': 4.3,
  'finned swordfish': 5.7,
  'xy-wing': 4.2,
  'xyz-wing': 4.4,
  'w-wing': 7.0,
  'wxyz-wing': 5.5,
  'vwxyz-wing': 6.2,
  'aligned pair exclusion': 6.2,
  'aligned triple exclusion': 7.5,
  // Only when the puzzle is known to have one solution (uniqueness.ts).
  'unique rectangle': 4.5,
  'unique loop': 4.6,
  'bivalue universal grave': 5.6,
  'x-chain of three strong links': STRONG_LINK_BASE[3],
  'x-chain of four strong links': STRONG_LINK_BASE[4],
  // SukakuExplainer's strong-link bases (4.0, 5.4, 5.8) + GROUPED_TERM (0.3), in tenths.
  'grouped turbot fish': 4.3,
  'grouped x-chain of three strong links': 5.7,
  'grouped x-chain of four strong links': 6.1,
  'y-cycle': 6.5,
  'simple colouring': 6.6,
  'multi-colouring': 6.6,
  'x-chain': 6.6,
  'alternating chain': 7.0,
  'forcing chain': 7.0,
  'cell forcing chain': 8.0,
  'unit forcing chain': 8.0,
  'dynamic forcing chain': 8.5,
  'nested forcing chain': 9.0,
};

/** Where a dynamic chain starts (Sudoku Explainer's dynamic forcing chains). */
export const DYNAMIC_BASE = 8.5;
/** Where a dynamic chain of one digit starts (Sudoku Explainer's Nishio forcing chains). */
export const NISHIO_BASE = 7.5;

/** The techniques whose number grows with the length of their chain. */
const CHAINS: ReadonlySet<Technique> = new Set<Technique>([
  'y-cycle',
  'w-wing',
  'simple colouring',
  'multi-colouring',
  'x-chain',
  'alternating chain',
  'forcing chain',
  'cell forcing chain',
  'unit forcing chain',
  'dynamic forcing chain',
  'nested forcing chain',
]);

/** Sudoku Explainer's length term for a chain resting on `complexity` candidates. */
export function lengthTerm(complexity: number): number {
  const length = complexity - 2;
  let added = 0;
  let ceiling = 4;
  for (let odd = false; length > ceiling; odd = !odd) {
    added += 1;
    ceiling = odd ? Math.floor((ceiling * 4) / 3) : Math.floor((ceiling * 3) / 2);
  }
  return added / 10;
}

/**
 * SukakuExplainer's term for the large wings: 0.1 more for each step the wing's biggest
 * cell (most candidates) is nearer the middle of its possible sizes, 2 to n (WXYZ: 5.5-5.6,
 * VWXYZ: 6.2-6.4).
 */
function wingTerm(step: Step): number {
  const n = step.cells.length;
  const perCell = new Map<number, number>();
  for (const { cell } of step.candidates) perCell.set(cell, (perCell.get(cell) ?? 0) + 1);
  const biggest = Math.max(...perCell.values());
  const middle = Math.floor((n + 2) / 2);
  return (n - middle - Math.abs(middle - biggest)) / 10;
}

/** Chains of links whose complexity counts the eliminated candidate twice (see header). */
const LINK_CHAINS: ReadonlySet<Technique> = new Set<Technique>([
  'w-wing',
  'simple colouring',
  'multi-colouring',
  'x-chain',
  'alternating chain',
]);

function complexityOf(step: Step): number {
  if (step.complexity !== undefined) return step.complexity;
  return step.candidates.length + (LINK_CHAINS.has(step.technique) ? 2 : 0);
}

/** One decimal, as Sudoku Explainer prints (and without 6.6000000001). */
const tenths = (value: number): number => Math.round(value * 10) / 10;

/**
 * A step's number, from the position it was found in: a hidden single is 1.0 when its unit
 * has no other empty cell (a full house), 1.2 when its region holds the digit's only
 * place, 1.5 in a row or column only.
 */
export function stepDifficulty(state: LogicState, step: Step): number {
  const base = EXPLAINER_BASE[step.technique];
  if (step.technique === 'hidden single') return hiddenSingleDifficulty(state, step);
  if (step.technique === 'wxyz-wing' || step.technique === 'vwxyz-wing') {
    return tenths(base + wingTerm(step));
  }
  if (step.shapeTerm !== undefined) return tenths(base + step.shapeTerm);
  if (!CHAINS.has(step.technique)) return base;
  const start =
    step.dynamic === undefined
      ? base
      : Math.max(base, step.dynamic === 'one digit' ? NISHIO_BASE : DYNAMIC_BASE);
  return tenths(start + lengthTerm(complexityOf(step)));
}

/**
 * The smallest number a step of `technique` can get: its base, but 1.0 for a hidden single
 * (a full house); the length and wing terms only add. A solve whose ER is at most x uses
 * no technique whose lowest number is above x (the generator's ER target, target.ts).
 */
export function lowestDifficulty(technique: Technique): number {
  return technique === 'hidden single' ? 1.0 : EXPLAINER_BASE[technique];
}

function hiddenSingleDifficulty(state: LogicState, step: Step): number {
  const placement = step.placements[0];
  if (placement === undefined) return EXPLAINER_BASE['hidden single'];
  const { cell, digit } = placement;
  const { geometry, grid, candidates } = state;
  const bit = 1 << digit;
  let onlyPlace = false;
  for (let slot = 0; slot < 3; slot++) {
    const unit = geometry.units[geometry.unitsOfCell[3 * cell + slot]];
    let empty = 0;
    let places = 0;
    for (const member of unit.cells) {
      if (grid[member] !== 0) continue;
      empty++;
      if (candidates[member] & bit) places++;
    }
    if (empty === 1) return 1.0;
    if (slot === 2 && places === 1) onlyPlace = true;
  }
  return onlyPlace ? 1.2 : EXPLAINER_BASE['hidden single'];
}

/** A solve on the scale: ER, EP and ED, and the technique of the step that set ER. */
export interface ExplainerRating {
  /** The hardest step (ER). */
  er: number;
  /** The hardest step up to and including the first placement (EP, the pearl). */
  pearl: number;
  /** The first step (ED, the diamond). */
  diamond: number;
  /** The technique of the first step at ER. */
  technique: Technique;
}

/** ER, EP and ED of a solve's steps with their numbers (null: no step). */
export function explainerRating(
  steps: readonly Step[],
  difficulties: readonly number[],
): ExplainerRating | null {
  if (steps.length === 0) return null;
  let er = -Infinity;
  let technique = steps[0].technique;
  let pearl: number | null = null;
  steps.forEach((step, index) => {
    const value = difficulties[index];
    if (value > er) [er, technique] = [value, step.technique];
    if (pearl === null && step.placements.length > 0) pearl = er;
  });
  return { er, pearl: pearl ?? er, diamond: difficulties[0], technique };
}
