/**
 * The selectors more than one slice (and the page) reads: whether an answer still answers the
 * puzzle on screen, and the answers themselves (the run's result, the live verdict, the known
 * solution, the logic layer and its rating).
 *
 * Every answer in the store is stamped with the puzzle it answers: the walls, clues, region
 * labels and constraints it was asked about, by array identity. Any edit makes new arrays, so an answer to a
 * puzzle no longer on screen simply stops answering, and nothing has to be cleared on an edit
 * (which keeps a keystroke to the one store update it needs). `stampOf`, `answers` and
 * `stamped` are that rule, once: the run slice, the logic slice and the setter's tools all
 * stamp their answers with it.
 *
 * Why a module of its own: a slice reaches another slice's state and actions through `get()`,
 * never by importing the other slice's file (eslint.config.js, noSliceToSlice), so a selector
 * one slice needs from another's state lives here, beside the ones the page uses. This module
 * imports slices' types only; it holds no state.
 */
import type { Constraint, Rating } from '../engine/index.ts';
import type { LogicLayer } from './logicSlice.ts';
import type { LiveVerdict, RunResult } from './runSlice.ts';
import type { SquigglyState } from './state.ts';

/** The puzzle an answer is about (by identity: any edit makes new arrays). */
export interface PuzzleStamp {
  walls: readonly number[];
  givens: readonly number[];
  regions: readonly number[];
  constraints: readonly Constraint[];
}

/** The stamp of a puzzle (or of another stamp): its arrays, not copies of them. */
export const stampOf = (puzzle: PuzzleStamp): PuzzleStamp => ({
  walls: puzzle.walls,
  givens: puzzle.givens,
  regions: puzzle.regions,
  constraints: puzzle.constraints,
});

/** Whether a stamp still answers the puzzle on screen. */
export const answers = (stamp: PuzzleStamp, puzzle: PuzzleStamp): boolean =>
  stamp.walls === puzzle.walls &&
  stamp.givens === puzzle.givens &&
  stamp.regions === puzzle.regions &&
  stamp.constraints === puzzle.constraints;

/** The puzzle's variant constraints (a classic jigsaw has none). */
export const selectConstraints = (state: SquigglyState): readonly Constraint[] => state.constraints;

/** The stamped value, if it still answers the puzzle on screen. */
export const stamped = <T extends PuzzleStamp>(value: T | null, puzzle: PuzzleStamp): T | null =>
  value && answers(value, puzzle) ? value : null;

/** The run's result, if it still answers the puzzle on screen. */
export const currentResult = (state: SquigglyState): RunResult | null =>
  stamped(state.result, state);

/**
 * The live verdict, if it still answers the puzzle on screen; null while a check is pending
 * (and when the layout is not ready, which the page derives from the layout itself).
 */
export const currentVerdict = (state: SquigglyState): LiveVerdict | null =>
  stamped(state.live, state);

/**
 * The unique solution of the puzzle on screen, when a run (Solve, Check uniqueness) or the
 * live check under the grid has found it: Export, Print and Play's Check read it rather
 * than search again.
 */
export function knownSolution(state: SquigglyState): number[] | null {
  for (const outcome of [currentResult(state)?.outcome, currentVerdict(state)?.outcome]) {
    if (outcome?.status === 'unique') return outcome.solution;
  }
  return null;
}

/** The logic layer, if it is still about the puzzle on screen. */
export const currentLogic = (state: SquigglyState): LogicLayer | null =>
  stamped(state.logic, state);

/** The rating of the puzzle on screen, when it has been rated and is unique. */
export const currentRating = (state: SquigglyState): Rating | null =>
  currentLogic(state)?.rate?.rating ?? null;
