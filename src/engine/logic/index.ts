/** The logical solver's public surface (re-exported by src/engine/index.ts). */
export {
  applyStep,
  cloneState,
  contradictionOf,
  geometryOf,
  initialState,
  isSolved,
  type CellDigit,
  type Geometry,
  type LogicState,
} from './state.ts';
export type { Step, Technique } from './step.ts';
export { namesItsTechnique, stepLine } from './step.ts';
export {
  LEVELS,
  TECHNIQUES,
  TECHNIQUES_ASSUMING_UNIQUENESS,
  TECHNIQUE_NAMES,
  UNIQUENESS_TECHNIQUES,
  isTechnique,
  levelOf,
  type Level,
  type TechniqueLevel,
} from './techniques.ts';
export {
  findStep,
  nextStep,
  solveByLogic,
  type LogicOptions,
  type LogicResult,
  type LogicStatus,
} from './solver.ts';
export {
  MANY_HARD_STEPS,
  isLevel,
  ratePuzzle,
  rateProvedUnique,
  ratingOf,
  type Rating,
} from './rating.ts';
export {
  EXPLAINER_BASE,
  explainerRating,
  lengthTerm,
  stepDifficulty,
  type ExplainerRating,
} from './explainerScale.ts';
export { hiddenSingle, hiddenSingleIn, nakedSingle } from './singles.ts';
export { claiming, commonPeer, pointing } from './intersections.ts';
export {
  hiddenPair,
  hiddenQuad,
  hiddenSubset,
  hiddenTriple,
  nakedPair,
  nakedQuad,
  nakedSubset,
  nakedTriple,
} from './subsets.ts';
export { jellyfish, jigsawFish, lineFish, swordfish, xWing } from './fish.ts';
export { finnedFish, finnedSwordfish, finnedXWing } from './finnedFish.ts';
export { wWing, xyWing, xyzWing } from './wings.ts';
export { WING_WORK, largeWing, vwxyzWing, wxyzWing } from './largeWings.ts';
export { skyscraper, turbotChain, turbotFish, twoStringKite, type TurbotShape } from './turbot.ts';
export { multiColouring, simpleColouring } from './colouring.ts';
export { CYCLE_WORK, MAX_CYCLE_CELLS, yCycle } from './cycles.ts';
export {
  GROUPED_TERM,
  STRONG_LINK_BASE,
  STRONG_LINK_WORK,
  fourStrongLinks,
  groupedFourStrongLinks,
  groupedStrongLinkChain,
  groupedThreeStrongLinks,
  groupedTurbotFish,
  threeStrongLinks,
} from './strongLinks.ts';
export { MAX_AIC_LINKS, MAX_LINKS, alternatingChain, xChain } from './chains.ts';
export { lawOfLeftovers } from './jigsaw.ts';
export { inniesAndOuties } from './inniesAndOuties.ts';
export {
  EXCLUSION_WORK,
  TRIPLE_EXCLUSION_WORK,
  alignedPairExclusion,
  alignedTripleExclusion,
} from './exclusion.ts';
export {
  LOOP_WORK,
  MAX_LOOP_CELLS,
  bivalueUniversalGrave,
  uniqueLoop,
  uniqueRectangle,
} from './uniqueness.ts';
export {
  NESTED_PROPAGATIONS,
  cellForcingChain,
  dynamicForcingChain,
  forcingChain,
  nestedForcingChain,
  unitForcingChain,
} from './forcing.ts';
