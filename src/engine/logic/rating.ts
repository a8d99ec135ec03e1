/**
 * The difficulty rating: how hard a puzzle is for a person solving by logic.
 *
 * A puzzle is solved by solveByLogic (easiest technique first, restarting after every
 * step); its level is the level of the hardest technique the solve needed (techniques.ts),
 * raised to expert when hard techniques were needed many times (MANY_HARD_STEPS or more
 * steps at level hard): one X-wing in a long solve is hard, five triples and X-wings are
 * expert work. Easy and medium never rise: singles are what every solve is made of, and
 * pointing and claiming recur in nearly every jigsaw, so their count says more about the
 * grid's size than about its difficulty.
 *
 * When no technique makes progress the puzzle "needs search", and the rating says where the
 * solver stopped: the cells still empty. A puzzle with no solution (clashing givens, or a
 * contradiction met while solving) is rated 'needs search' too, with the reason, since
 * logic alone cannot finish it; callers that know the solution count report that first.
 *
 * Beside the level, a finished solve gets its number on the Sudoku Explainer scale (ER, and
 * the pearl and diamond: explainerScale.ts), the figure puzzle banks sort by.
 *
 * The scale is documented, with measured shares of the benchmark sets, in docs/logic.md.
 */
import type { Board } from '../board.ts';
import type { Constraint } from '../variants/constraints.ts';
import { explainerRating, type ExplainerRating } from './explainerScale.ts';
import { solveByLogic, type LogicResult } from './solver.ts';
import type { Technique } from './step.ts';
import {
  LEVELS,
  levelOf,
  TECHNIQUES_ASSUMING_UNIQUENESS,
  UNIQUENESS_TECHNIQUES,
  type Level,
} from './techniques.ts';

/** Steps at the hardest level from which the rating rises one level. */
export const MANY_HARD_STEPS = 5;

export interface Rating {
  level: Level;
  /** The hardest technique used (the first used at that level), or null for an empty solve. */
  hardest: Technique | null;
  /** Steps taken, placements and eliminations alike. */
  steps: number;
  /** Steps per technique, for those used. */
  techniques: Partial<Record<Technique, number>>;
  /**
   * The solve on the Sudoku Explainer scale (ER, pearl, diamond: explainerScale.ts), or null
   * when logic did not finish (no number can be printed for it) or took no step.
   */
  explainer: ExplainerRating | null;
  /**
   * The solve on the scale as Sudoku Explainer rates it, the uniqueness techniques allowed
   * (uniqueness.ts): set by rateProvedUnique only, for a puzzle search proved unique.
   */
  asExplainer?: ExplainerRating | null;
  /** When the level is 'needs search': the empty cells where the solver stopped. */
  stuckCells?: number[];
  /** When the solve met an impossible position: why. */
  contradiction?: string;
}

const rank = (level: Level): number => LEVELS.indexOf(level);

/** The rating of a finished solve (see the file header). */
export function ratingOf(result: LogicResult): Rating {
  const techniques: Partial<Record<Technique, number>> = {};
  let hardest: Technique | null = null;
  for (const step of result.steps) {
    techniques[step.technique] = (techniques[step.technique] ?? 0) + 1;
    if (hardest === null || rank(levelOf(step.technique)) > rank(levelOf(hardest))) {
      hardest = step.technique;
    }
  }
  const explainer =
    result.status === 'solved' ? explainerRating(result.steps, result.difficulties) : null;
  const base = { hardest, steps: result.steps.length, techniques, explainer };
  if (result.status !== 'solved') {
    return {
      level: 'needs search',
      ...base,
      stuckCells: result.stuckCells,
      ...(result.contradiction === undefined ? {} : { contradiction: result.contradiction }),
    };
  }
  if (hardest === null) return { level: 'easy', ...base };
  const top = levelOf(hardest);
  let atTop = 0;
  for (const step of result.steps) if (levelOf(step.technique) === top) atTop++;
  const raised = top === 'hard' && atTop >= MANY_HARD_STEPS;
  return { level: raised ? LEVELS[rank(top) + 1] : top, ...base };
}

/**
 * Solve by logic and rate the puzzle (with its variant constraints, when it has any);
 * `assumeUnique` only for a puzzle proved to have one solution (LogicOptions).
 */
export function ratePuzzle(
  board: Board,
  constraints?: readonly Constraint[],
  assumeUnique = false,
): Rating {
  return ratingOf(solveByLogic(board, { constraints, assumeUnique }));
}

const FIRST_UNIQUENESS = TECHNIQUES_ASSUMING_UNIQUENESS.findIndex((entry) =>
  UNIQUENESS_TECHNIQUES.includes(entry.name),
);
const TRIED_BEFORE_UNIQUENESS: ReadonlySet<Technique> = new Set(
  TECHNIQUES_ASSUMING_UNIQUENESS.slice(0, FIRST_UNIQUENESS).map((entry) => entry.name),
);

/**
 * The rating of a puzzle a search has proved unique: the setter's rating (no uniqueness
 * steps), with `asExplainer`, the number Sudoku Explainer gives it (uniqueness steps
 * allowed). The second solve is run only when the first got stuck or used a technique tried
 * after the first uniqueness one: up to there the two paths are the same, step for step. With
 * variant constraints the uniqueness steps find nothing, so the two are the same too.
 */
export function rateProvedUnique(
  board: Board,
  constraints?: readonly Constraint[],
  beat?: () => void,
): Rating {
  const result = solveByLogic(board, { constraints, beat });
  const rating = ratingOf(result);
  // A stuck solve tried every technique at its last step: the uniqueness steps may go on.
  const same =
    (constraints !== undefined && constraints.length > 0) ||
    (result.status === 'solved' &&
      Object.keys(rating.techniques).every((name) =>
        TRIED_BEFORE_UNIQUENESS.has(name as Technique),
      ));
  const asExplainer = same
    ? rating.explainer
    : ratingOf(solveByLogic(board, { constraints, beat, assumeUnique: true })).explainer;
  return { ...rating, asExplainer };
}

/** Whether a level names one of the scale's levels (for --difficulty). */
export function isLevel(name: string): name is Level {
  return (LEVELS as readonly string[]).includes(name);
}
