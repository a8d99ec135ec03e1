/**
 * The logical solver in the page: Hint, Apply step, Solve by logic, the rating, and the
 * setter's generator (New puzzle with options). The reasoning runs in the worker; this slice
 * keeps what the page shows of it.
 *
 * The model, for a setter and a solver alike: the clues are the puzzle; a solver's progress
 * is a layer on top of them, never part of the puzzle. "Hint" asks the worker for the next
 * step from the current position (the clues plus the steps applied so far, with the
 * candidates those steps left) and shows it on the grid. "Apply step" adds the step to the
 * layer: its placements appear as deduced digits (not clues: the puzzle, its clue count and
 * its uniqueness do not change), its eliminations leave the candidates. Each applied step is
 * one step of the page's Undo (undoLogicStep, which the store's undo asks first) and Redo.
 * Any edit of the puzzle (a clue, a wall, an undo past the first applied step) retires the
 * layer, like every result stamped with the puzzle it answers; it is not saved, since the
 * hints can always make it again.
 *
 * "Solve by logic" solves from the current position in the worker and lists the steps, to the
 * end or to where logic gets stuck; the grid then shows the position reached (its digits as
 * deduced, the empty cells left marked), and a listed step chosen is shown on the position
 * before it (logicPosition). The rating (rate) counts first and rates a unique puzzle only.
 *
 * The parts, each a set of module-level functions over the slice's scope: logic/runs.ts (the
 * runner, the rating in flight, the subscription that follows edits and verdicts; its header
 * says how logic runs take turns with the run slice's on a shared worker), logic/steps.ts
 * (Hint, Apply step, Solve by logic, Undo and Redo of steps), logic/generate.ts (the rating,
 * New puzzle with options) and logic/positions.ts (what the grid draws of the layer). This
 * file holds the state's shape and wires each action to its function.
 */
import type { Rating, SetterProgress, Step } from '../engine/index.ts';
import type { LayoutChoice, RateResponse, SetterRequest } from '../worker/protocol.ts';
import * as generate from './logic/generate.ts';
import { createLogicScope } from './logic/runs.ts';
import * as steps from './logic/steps.ts';
import type { SliceCreator, StoreContext } from './state.ts';
import type { PuzzleStamp } from './selectors.ts';

export {
  canRedoLogic,
  canUndoLogic,
  logicListAtEnd,
  logicOverlay,
  logicPosition,
  type LogicOverlay,
} from './logic/positions.ts';

/** A position on the way to the solution: digits placed and candidate masks (bit d = digit d). */
export interface LogicPosition {
  digits: number[];
  candidates: number[];
}

/** A solve by logic from the position where it was asked. */
export interface LogicList {
  status: 'solved' | 'stuck' | 'contradiction';
  steps: Step[];
  stuckCells: number[];
  contradiction?: string;
  /** How many steps had been applied when the list was made (its starting position). */
  from: number;
}

/** The solver's layer over one puzzle (see the file header). */
/** The stamp (selectors.ts) is the puzzle this layer is about: any edit retires it. */
export interface LogicLayer extends PuzzleStamp {
  /** Steps applied, in order; `redo` holds the ones undone, last undone last. */
  applied: Step[];
  redo: Step[];
  /** The step shown on the grid: the hint, or a step of the list (`listIndex`). */
  shown: { step: Step; listIndex: number | null } | null;
  /** What the last Hint or Solve by logic said when there was no step to show. */
  message: string | null;
  list: LogicList | null;
  rate: RateResponse | null;
}

export type LogicTask = 'hint' | 'solve' | 'rate' | 'generate';

export interface LogicRun {
  task: LogicTask;
  slow: boolean;
  startedAt: number;
  /** The generator's progress (task 'generate'). */
  progress: SetterProgress | null;
}

/** What the New puzzle dialog asks for. */
export interface GenerateOptions {
  size: number;
  layout: LayoutChoice;
  clueSymmetry: SetterRequest['clueSymmetry'];
  minimal: boolean;
  difficulty?: SetterRequest['difficulty'];
}

export type GenerateOutcome =
  | {
      status: 'done';
      clues: number;
      rating: Rating;
      attempts: number;
      /** What the puzzle is not of what was asked (the worker's SetterPuzzle.note). */
      note?: string;
    }
  | { status: 'failed'; message: string }
  | { status: 'cancelled' };

export interface LogicSlice {
  logic: LogicLayer | null;
  logicRun: LogicRun | null;
  /** Why the last logic run failed (shown in the panel); null when it did not. */
  logicError: string | null;

  hint(): Promise<void>;
  /** Apply the step shown on the grid (one undo step). */
  applyShownStep(): void;
  solveLogically(): Promise<void>;
  /** Show step `index` of the list on the grid. */
  showListedStep(index: number): void;
  rateLogically(): Promise<void>;
  /** Forget the layer (the solver's progress, the list, the hint). */
  clearLogic(): void;
  /** Undo or redo the last applied step; false when there is none (the store's undo then acts). */
  undoLogicStep(): boolean;
  redoLogicStep(): boolean;
  /** Generate a puzzle with options and load it; resolves with how it went. */
  generateWith(options: GenerateOptions): Promise<GenerateOutcome>;
  cancelLogic(): void;
}

export const createLogicSlice =
  (ctx: StoreContext): SliceCreator<LogicSlice> =>
  (set, get, api) => {
    const scope = createLogicScope({ set, get, ctx }, api);
    return {
      logic: null,
      logicRun: null,
      logicError: null,

      hint: () => steps.hint(scope),
      applyShownStep: () => steps.applyShownStep(scope),
      solveLogically: () => steps.solveLogically(scope),
      showListedStep: (index) => steps.showListedStep(scope, index),
      rateLogically: () => generate.rateLogically(scope),
      clearLogic: () => steps.clearLogic(scope),
      undoLogicStep: () => steps.undoLogicStep(scope),
      redoLogicStep: () => steps.redoLogicStep(scope),
      generateWith: (options) => generate.generateWith(scope, options),
      cancelLogic: () => steps.cancelLogic(scope),
    };
  };
