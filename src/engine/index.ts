/** The engine's public surface: import from here outside src/engine. */
export * from './board.ts';
export * from './layout.ts';
export {
  DEFAULT_PROGRESS_EVERY,
  guessBudget,
  verdictOf,
  type ClueConflict,
  type CountFunction,
  type CountResult,
  type SearchOptions,
  type SearchProgress,
  type Verdict,
} from './contract.ts';
export * from './units.ts';
export { findClueConflicts, isSolution } from './clues.ts';
export { countSolutionsDlx } from './dlx.ts';
export { countSolutionsBasic } from './basicSolver.ts';
export { countSolutionsBitset } from './bitset.ts';
export { countSolutionsStandard9, isStandard9, solveUniqueStandard9 } from './standard9.ts';
export { countSolutionsJigsaw9 } from './jigsaw9.ts';
export { countSolutionsGrid16 } from './grid16.ts';
export { countWithRestarts, FIRST_ATTEMPT_GUESSES } from './restarts.ts';
export * from './logic/index.ts';
export { createRandom, shuffle, randomInt, type Random } from './random.ts';
export {
  randomJigsawLayout,
  randomSymmetricLayout,
  randomSolution,
  generatePuzzle,
  generateSetterPuzzle,
  defaultAttempts,
  defaultMinimalAttempts,
  orbitsOf,
  hasClueSymmetry,
  halfTurn,
  diagonalMirror,
  CLUE_SYMMETRIES,
  type ClueSymmetry,
  type SetterOptions,
  type SetterPhase,
  type SetterProgress,
  type SetterResult,
} from './generator.ts';
export {
  ER_BOTTOM,
  ER_TOP,
  erText,
  explainerRangeProblem,
  isExplainerTarget,
  standing,
  targetDistance,
  targetTechniques,
  targetWords,
  type Difficulty,
  type ExplainerTarget,
} from './target.ts';
export {
  ENGINES,
  ENGINE_NAMES,
  countSolutionsBest,
  counterFor,
  hasConstraints,
  loadEngines,
  DEFAULT_ENGINE,
  ENGINE_ALIASES,
  isEngineName,
  type EngineName,
} from './engines.ts';
export {
  layoutConstraintsOf,
  type LayoutConstraints,
  type SameDigits,
} from './layoutConstraints.ts';
export { checkLayout, type LayoutCheck, type LayoutVerdict } from './layoutCheck.ts';
export {
  trueCandidates,
  digitsOfMask,
  type TrueCandidates,
  type TrueCandidatesOptions,
} from './trueCandidates.ts';
export {
  fixingClues,
  type Clue,
  type FixingClues,
  type FixingCluesOptions,
} from './fixingClues.ts';
export { conflictCore, type ConflictCore } from './conflictCore.ts';
export {
  redundantClues,
  minimiseClues,
  type RedundantClues,
  type Minimised,
} from './redundantClues.ts';
export {
  describeRedundantConstraint,
  redundantConstraints,
  type RedundantConstraint,
  type RedundantConstraints,
} from './redundantConstraints.ts';
export { estimateSolutions, type SolutionEstimate, type EstimateOptions } from './estimate.ts';
export { warmUpSteps, warmUpNow, WARM_UP_ROUNDS, type WarmUpStep } from './warmUp.ts';
export { explainPuzzle, type Explanation, type ExplainOptions } from './explain.ts';
export {
  brokenConstraint,
  constraintCells,
  constraintProblems,
  CONSTRAINT_NAMES,
  describeConstraint,
  diagonalCells,
  keeps,
  kingNeighbours,
  lineCells,
  orthogonalNeighbours,
  pairKey,
  whisperDifference,
  type Constraint,
  type ConstraintKind,
} from './variants/constraints.ts';
export {
  compileConstraint,
  compileVariants,
  countVariantSolutions,
  narrowByRules,
  variantProblems,
  type CompiledVariants,
} from './variants/variantSolver.ts';
export { rulesText } from './variants/rulesText.ts';
export { constraintsFromPlain } from './variants/plainConstraints.ts';
