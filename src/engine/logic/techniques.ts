/**
 * The techniques in the order the solver tries them, easiest first, with their level on
 * the difficulty scale (rating.ts; the scale is documented in docs/logic.md).
 *
 * The order follows the human-style solvers (HoDoKu's and Sudoku Explainer's rankings of
 * the same techniques), with the jigsaw techniques placed where jigsaw solvers meet them:
 * the law of leftovers and the common-peer form of locked candidates right after pointing
 * and claiming, the two-unit jigsaw fish beside the swordfish. The variant constraints'
 * steps (constraintSteps.ts) come where killer and variant solvers meet them: even and odd
 * cells, cage combinations, thermometer bounds, dots and lines right after the singles;
 * innies and outies (the 45 rule, inniesAndOuties.ts) after the law of leftovers, its
 * jigsaw twin, and before the pairs, as killer solvers use it (it reads several cages and
 * houses at once, so after the steps that read one); arrows, little killers and sandwiches
 * (sums over cells that may repeat digits, harder to bound by eye) after the pairs. The
 * w-wing, which Sudoku Explainer finds as a chain, comes with the chains; the x-chains of
 * three and four strong links (strongLinks.ts) around the WXYZ-wing, as SukakuExplainer
 * tries them, the y-cycle (cycles.ts) first of the chains as SE's cycles are, and the
 * jellyfish just before the strong links, after the wings (SE: after the naked quad,
 * which follows its wings); the forcing chains in SE's order (forcing.ts), with SE's
 * aligned triple exclusion (7.5) after the static ones. The solver restarts from the top
 * after every step, so a step is always found by the easiest technique that can make
 * progress, and the hardest technique a solve used is a fair measure of the puzzle.
 *
 * The uniqueness techniques (uniqueness.ts) are not in TECHNIQUES: they assume the one
 * solution a setter is trying to prove. TECHNIQUES_ASSUMING_UNIQUENESS is the list with
 * them where SukakuExplainer tries them (unique rectangles and loops after the XYZ-wing,
 * the BUG after the WXYZ-wing), for a caller that has proved the puzzle unique by search.
 */
import { alternatingChain, xChain } from './chains.ts';
import { multiColouring, simpleColouring } from './colouring.ts';
import { yCycle } from './cycles.ts';
import {
  arrowSum,
  cageCombination,
  dotOrSignPair,
  evenOddCell,
  groupPointing,
  lineRule,
  littleKillerSum,
  neighbourRule,
  sandwichSum,
  thermometerBounds,
} from './constraintSteps.ts';
import { alignedPairExclusion, alignedTripleExclusion } from './exclusion.ts';
import { inniesAndOuties } from './inniesAndOuties.ts';
import { commonPeer, claiming, pointing } from './intersections.ts';
import {
  cellForcingChain,
  dynamicForcingChain,
  forcingChain,
  nestedForcingChain,
  unitForcingChain,
} from './forcing.ts';
import { jellyfish, jigsawFish, swordfish, xWing } from './fish.ts';
import { finnedSwordfish, finnedXWing } from './finnedFish.ts';
import { lawOfLeftovers } from './jigsaw.ts';
import { vwxyzWing, wxyzWing } from './largeWings.ts';
import { hiddenSingle, nakedSingle } from './singles.ts';
import {
  fourStrongLinks,
  groupedFourStrongLinks,
  groupedThreeStrongLinks,
  groupedTurbotFish,
  threeStrongLinks,
} from './strongLinks.ts';
import type { LogicState } from './state.ts';
import type { Step, Technique } from './step.ts';
import {
  hiddenPair,
  hiddenQuad,
  hiddenTriple,
  nakedPair,
  nakedQuad,
  nakedTriple,
} from './subsets.ts';
import { skyscraper, turbotFish, twoStringKite } from './turbot.ts';
import { bivalueUniversalGrave, uniqueLoop, uniqueRectangle } from './uniqueness.ts';
import { wWing, xyWing, xyzWing } from './wings.ts';

/** The levels a puzzle can be rated, easiest first; 'needs search' when logic gets stuck. */
export const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme', 'needs search'] as const;
export type Level = (typeof LEVELS)[number];
/** The levels a technique can have (every level but 'needs search'). */
export type TechniqueLevel = Exclude<Level, 'needs search'>;

export interface TechniqueEntry {
  name: Technique;
  level: TechniqueLevel;
  /** `beat` is the host's heartbeat, for the searches that may take most of a second. */
  find: (state: LogicState, beat?: () => void) => Step | null;
}

export const TECHNIQUES: readonly TechniqueEntry[] = [
  { name: 'hidden single', level: 'easy', find: hiddenSingle },
  { name: 'naked single', level: 'easy', find: nakedSingle },
  // Variant constraints (constraintSteps.ts): nothing to find on a puzzle without them.
  { name: 'even or odd cell', level: 'easy', find: evenOddCell },
  { name: 'cage combination', level: 'medium', find: cageCombination },
  { name: 'thermometer bounds', level: 'medium', find: thermometerBounds },
  { name: 'dot or sign pair', level: 'medium', find: dotOrSignPair },
  { name: 'neighbour rule', level: 'medium', find: neighbourRule },
  { name: 'line rule', level: 'medium', find: lineRule },
  { name: 'pointing', level: 'medium', find: pointing },
  { name: 'claiming', level: 'medium', find: claiming },
  { name: 'common peer', level: 'medium', find: commonPeer },
  { name: 'group pointing', level: 'medium', find: groupPointing },
  { name: 'law of leftovers', level: 'medium', find: lawOfLeftovers },
  { name: 'innies and outies', level: 'medium', find: inniesAndOuties },
  { name: 'naked pair', level: 'medium', find: nakedPair },
  { name: 'hidden pair', level: 'medium', find: hiddenPair },
  { name: 'arrow sum', level: 'hard', find: arrowSum },
  { name: 'little killer sum', level: 'hard', find: littleKillerSum },
  { name: 'sandwich sum', level: 'hard', find: sandwichSum },
  { name: 'naked triple', level: 'hard', find: nakedTriple },
  { name: 'hidden triple', level: 'hard', find: hiddenTriple },
  { name: 'x-wing', level: 'hard', find: xWing },
  { name: 'skyscraper', level: 'hard', find: skyscraper },
  { name: 'two-string kite', level: 'hard', find: twoStringKite },
  { name: 'turbot fish', level: 'hard', find: turbotFish },
  { name: 'grouped turbot fish', level: 'expert', find: groupedTurbotFish },
  { name: 'naked quad', level: 'hard', find: nakedQuad },
  { name: 'hidden quad', level: 'hard', find: hiddenQuad },
  { name: 'swordfish', level: 'expert', find: swordfish },
  { name: 'jigsaw fish', level: 'expert', find: jigsawFish },
  { name: 'finned x-wing', level: 'expert', find: finnedXWing },
  { name: 'xy-wing', level: 'expert', find: xyWing },
  { name: 'xyz-wing', level: 'expert', find: xyzWing },
  { name: 'jellyfish', level: 'expert', find: jellyfish },
  { name: 'x-chain of three strong links', level: 'expert', find: threeStrongLinks },
  {
    name: 'grouped x-chain of three strong links',
    level: 'expert',
    find: groupedThreeStrongLinks,
  },
  { name: 'wxyz-wing', level: 'expert', find: wxyzWing },
  { name: 'finned swordfish', level: 'expert', find: finnedSwordfish },
  { name: 'x-chain of four strong links', level: 'expert', find: fourStrongLinks },
  { name: 'grouped x-chain of four strong links', level: 'expert', find: groupedFourStrongLinks },
  { name: 'vwxyz-wing', level: 'expert', find: vwxyzWing },
  { name: 'aligned pair exclusion', level: 'expert', find: alignedPairExclusion },
  { name: 'y-cycle', level: 'expert', find: yCycle },
  { name: 'simple colouring', level: 'expert', find: simpleColouring },
  { name: 'multi-colouring', level: 'expert', find: multiColouring },
  { name: 'x-chain', level: 'expert', find: xChain },
  { name: 'w-wing', level: 'expert', find: wWing },
  { name: 'alternating chain', level: 'expert', find: alternatingChain },
  { name: 'forcing chain', level: 'extreme', find: forcingChain },
  { name: 'aligned triple exclusion', level: 'extreme', find: alignedTripleExclusion },
  { name: 'cell forcing chain', level: 'extreme', find: cellForcingChain },
  { name: 'unit forcing chain', level: 'extreme', find: unitForcingChain },
  { name: 'dynamic forcing chain', level: 'extreme', find: dynamicForcingChain },
  { name: 'nested forcing chain', level: 'extreme', find: nestedForcingChain },
];

export const TECHNIQUE_NAMES: readonly Technique[] = TECHNIQUES.map((entry) => entry.name);

/** The uniqueness techniques, each with the technique it comes after (see the header). */
const UNIQUENESS_ENTRIES: readonly (TechniqueEntry & { after: Technique })[] = [
  { name: 'unique rectangle', level: 'expert', find: uniqueRectangle, after: 'xyz-wing' },
  { name: 'unique loop', level: 'expert', find: uniqueLoop, after: 'unique rectangle' },
  {
    name: 'bivalue universal grave',
    level: 'expert',
    find: bivalueUniversalGrave,
    after: 'wxyz-wing',
  },
];

/** TECHNIQUES with the uniqueness techniques: only for a puzzle proved to have one solution. */
export const TECHNIQUES_ASSUMING_UNIQUENESS: readonly TechniqueEntry[] = TECHNIQUES.flatMap(
  function withFollowers(entry: TechniqueEntry): TechniqueEntry[] {
    const followers = UNIQUENESS_ENTRIES.filter((extra) => extra.after === entry.name);
    return [
      entry,
      ...followers.flatMap(({ name, level, find }) => withFollowers({ name, level, find })),
    ];
  },
);

/** The names of the uniqueness techniques. */
export const UNIQUENESS_TECHNIQUES: readonly Technique[] = UNIQUENESS_ENTRIES.map(
  (entry) => entry.name,
);

const LEVEL_OF = new Map(TECHNIQUES_ASSUMING_UNIQUENESS.map((entry) => [entry.name, entry.level]));

/** The level of a technique. */
export function levelOf(technique: Technique): TechniqueLevel {
  return LEVEL_OF.get(technique) as TechniqueLevel;
}

/** Whether a string names a technique (for options such as --techniques). */
export function isTechnique(name: string): name is Technique {
  return LEVEL_OF.has(name as Technique);
}
