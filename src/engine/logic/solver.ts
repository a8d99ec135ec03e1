/**
 * The logical solver: steps a person can follow, applied in order of difficulty.
 *
 * solveByLogic starts from the givens' candidates and asks the techniques of
 * techniques.ts, easiest first, for a step; it applies the first step found and starts
 * again from the easiest, until the grid is full (solved), no technique finds anything
 * (stuck: the puzzle needs search, or harder techniques than these), or the position is
 * impossible (contradiction: clashing givens or candidates, when the puzzle has no
 * solution). Restarting from the top after each step is what makes "the hardest technique
 * used" a measure of difficulty: a hard technique is only used when nothing easier works.
 *
 * Every technique only draws conclusions that follow from the rules, so on a puzzle with a
 * solution every placement and elimination agrees with every solution (the property tests
 * check this against DLX on generated puzzles of every size and on the benchmark sets).
 *
 * nextStep is the hint: the one step the solver would take from a position, which a caller
 * may give as its own candidate marks (intersected with what the placed digits allow).
 *
 * With variant constraints the state carries them (state.ts) and the constraint steps of
 * constraintSteps.ts join the list; the same guarantee holds, checked against the variant
 * engine's solution on random small puzzles (test/property/logicVariants.property.test.ts).
 */
import type { Board } from '../board.ts';
import type { Constraint } from '../variants/constraints.ts';
import { applyStep, contradictionOf, initialState, isSolved, type LogicState } from './state.ts';
import { stepDifficulty } from './explainerScale.ts';
import type { Step, Technique } from './step.ts';
import { TECHNIQUES, TECHNIQUES_ASSUMING_UNIQUENESS, type TechniqueEntry } from './techniques.ts';

export interface LogicOptions {
  /** The techniques allowed, by name (default: all). */
  techniques?: readonly Technique[];
  /**
   * The caller has proved by search that the puzzle has exactly one solution: the
   * uniqueness techniques (uniqueness.ts) are tried too. Never for a puzzle whose
   * uniqueness is in question: they would delete real solutions of one that has several.
   */
  assumeUnique?: boolean;
  /** Stop after this many steps (default: no bound); the status is then 'stuck'. */
  maxSteps?: number;
  /** Candidate masks to start from instead of the givens' (bit d = digit d). */
  candidates?: ArrayLike<number>;
  /**
   * The puzzle's variant constraints (none: a plain jigsaw). They must have no problems
   * (variantProblems); the first one is thrown as a RangeError.
   */
  constraints?: readonly Constraint[];
  /**
   * Called after every step with the steps taken so far: a host (the worker) says from here
   * that it is still alive during a long solve.
   */
  onStep?: (steps: number) => void;
  /**
   * Called before each technique is tried: a search that finds nothing tries them all, which
   * takes most of a second on a 16x16, so a host's heartbeat needs a hook inside one search.
   */
  beat?: () => void;
}

export type LogicStatus = 'solved' | 'stuck' | 'contradiction';

export interface LogicResult {
  status: LogicStatus;
  steps: Step[];
  /** Each step's number on the Sudoku Explainer scale (explainerScale.ts), in step order. */
  difficulties: number[];
  /** The position reached: digits and candidates. */
  state: LogicState;
  /** Why the position is impossible, when status is 'contradiction'. */
  contradiction?: string;
  /** The empty cells left, in reading order (empty when solved). */
  stuckCells: number[];
}

function entriesFor(
  techniques: readonly Technique[] | undefined,
  assumeUnique = false,
): readonly TechniqueEntry[] {
  const all = assumeUnique ? TECHNIQUES_ASSUMING_UNIQUENESS : TECHNIQUES;
  if (techniques === undefined) return all;
  return all.filter((entry) => techniques.includes(entry.name));
}

/** The step the easiest technique finds in `state`, or null when none finds one. */
export function findStep(
  state: LogicState,
  entries: readonly TechniqueEntry[] = TECHNIQUES,
  beat?: () => void,
): Step | null {
  for (const entry of entries) {
    beat?.();
    const step = entry.find(state, beat);
    if (step !== null) return step;
  }
  return null;
}

/** Solve by logic alone, as far as the techniques go; see the file header. */
export function solveByLogic(board: Board, options: LogicOptions = {}): LogicResult {
  const entries = entriesFor(options.techniques, options.assumeUnique);
  const maxSteps = options.maxSteps ?? Infinity;
  const state = initialState(board, options.candidates, options.constraints);
  const steps: Step[] = [];
  const difficulties: number[] = [];
  const finish = (status: LogicStatus, contradiction?: string): LogicResult => ({
    status,
    steps,
    difficulties,
    state,
    ...(contradiction === undefined ? {} : { contradiction }),
    stuckCells: state.grid.reduce<number[]>((cells, digit, cell) => {
      if (digit === 0) cells.push(cell);
      return cells;
    }, []),
  });
  const impossible = contradictionOf(state);
  if (impossible !== null) return finish('contradiction', impossible);
  while (!isSolved(state)) {
    if (steps.length >= maxSteps) return finish('stuck');
    const step = findStep(state, entries, options.beat);
    if (step === null) {
      const why = contradictionOf(state);
      return why === null ? finish('stuck') : finish('contradiction', why);
    }
    difficulties.push(stepDifficulty(state, step));
    applyStep(state, step);
    steps.push(step);
    options.onStep?.(steps.length);
  }
  const why = contradictionOf(state);
  return why === null ? finish('solved') : finish('contradiction', why);
}

/**
 * The next step from a position (the board's givens as the digits placed so far, and the
 * caller's candidate marks if any), or null when the board is full, impossible, or beyond
 * the techniques. `assumeUnique` as in LogicOptions.
 */
export function nextStep(
  board: Board,
  candidates?: ArrayLike<number>,
  techniques?: readonly Technique[],
  constraints?: readonly Constraint[],
  assumeUnique = false,
): Step | null {
  const state = initialState(board, candidates, constraints);
  if (isSolved(state) || contradictionOf(state) !== null) return null;
  return findStep(state, entriesFor(techniques, assumeUnique));
}
