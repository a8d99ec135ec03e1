/** Solve results as the page shows them: plain data, and the words for the status line. */
import { cellName, digitChar, verdictOf, type ClueConflict } from '../engine/index.ts';
import { isSolverFailure } from '../worker/client.ts';
import type { CountResponse } from '../worker/protocol.ts';
import { formatCount } from './numbers.ts';

/** Solve: fill the grid; Check uniqueness: stop at two; Count: count up to the user's limit. */
export type SolveKind = 'solve' | 'unique' | 'count';
/** Any run in the worker: the solve kinds, generating a new puzzle, or a random layout. */
export type RunKind = SolveKind | 'generate' | 'layout';

export type SolveOutcome =
  | { status: 'invalid'; reasons: string[] }
  | { status: 'unique'; solution: number[]; nodes: number }
  | { status: 'none'; clueConflicts: ClueConflict[]; nodes: number }
  | {
      status: 'multiple';
      /** Two different solutions, to show where they differ. */
      solutions: [number[], number[]];
      count: number;
      /** False when the count stopped at the limit: "at least `count`". */
      complete: boolean;
      nodes: number;
    }
  | { status: 'cancelled' }
  /** `solverStopped`: the worker died; `message` then says so in full, for the user. */
  | { status: 'error'; message: string; solverStopped?: boolean }
  /** A generated puzzle arrived: `clues` clues, exactly one solution. */
  | { status: 'generated'; clues: number };

/**
 * The outcome of a count made with `limit`. Every run the store makes counts to 2 at least
 * (solve and uniqueness use 2, and setCountLimit refuses less), and the worker does not stop
 * a search but drops it, so only none, unique and multiple come back.
 */
export function outcomeOf(response: CountResponse, limit: number): SolveOutcome {
  const verdict = verdictOf(response, limit);
  if (verdict === 'none') {
    return { status: 'none', clueConflicts: response.clueConflicts, nodes: response.nodes };
  }
  if (verdict === 'unique') {
    return { status: 'unique', solution: response.solutions[0], nodes: response.nodes };
  }
  if (verdict !== 'multiple') throw new Error(`a count with limit ${limit} came back ${verdict}`);
  const [first, second] = response.solutions;
  return {
    status: 'multiple',
    solutions: [first, second ?? first],
    count: response.count,
    complete: response.complete,
    nodes: response.nodes,
  };
}

/**
 * "1 step", "1,465 steps": a count and its noun, for the words the page shows; `many` for a
 * plural not made with an s ("1 clue is", "2 clues are").
 */
export const plural = (n: number, word: string, many = `${word}s`): string =>
  `${formatCount(n)} ${n === 1 ? word : many}`;

/**
 * No guess at all, in the same words wherever a result says so: the solver's propagation,
 * not the logical solver's named techniques, so it never reads as a rating.
 */
const NO_GUESSING = 'proved by propagation alone, with no guessing';

/** The engine counts guesses (branches after its propagation). */
function guessWords(guesses: number): string {
  if (guesses === 0) return NO_GUESSING;
  return `${formatCount(guesses)} guess${guesses === 1 ? '' : 'es'}`;
}

/** Two clues that clash, with every unit they share: one clash however many units see it. */
interface Clash {
  cells: readonly [number, number];
  digit: number;
  units: ClueConflict['unit'][];
}

/** The engine's conflicts (one per unit) as clashes between pairs of clues, in its order. */
function clashesOf(conflicts: readonly ClueConflict[]): Clash[] {
  const byPair = new Map<string, Clash>();
  for (const { cells, digit, unit } of conflicts) {
    const key = `${cells[0]},${cells[1]}`;
    const clash = byPair.get(key);
    if (clash) clash.units.push(unit);
    else byPair.set(key, { cells, digit, units: [unit] });
  }
  return [...byPair.values()];
}

function describeClash(clash: Clash, size: number): string {
  const [a, b] = clash.cells;
  const units = clash.units.join(' and ');
  return `${digitChar(clash.digit)} twice in one ${units} (${cellName(a, size)} and ${cellName(b, size)})`;
}

/** The status line, in plain words; the first words are the verdict. */
/**
 * With no clue on the grid, "no solution" can only be the layout's: no grid fits the regions
 * at all (the empty grid of a fillable layout has solutions). Said so, as Check layout says
 * it, rather than "no clues clash directly", which points at clues that are not there.
 */
const LAYOUT_CANNOT_BE_FILLED =
  'this layout cannot be filled, whatever the clues: change the regions';
/**
 * The same with variant constraints: the layout, or the constraints on it, cannot all hold.
 * Which of them is the setter's next step (the conflict core names the constraints to
 * blame, or the layout when no grid fits it at all).
 */
const CONSTRAINTS_CANNOT_HOLD =
  'this layout and its constraints cannot all hold, whatever the clues; the next step says which';

/** Why a grid without clues has no solution: the layout's, or its constraints' too. */
const noCluesNoSolution = (constraints: number): string =>
  constraints > 0 ? CONSTRAINTS_CANNOT_HOLD : LAYOUT_CANNOT_BE_FILLED;

/**
 * A run's outcome in words; `clues` (the clues on the grid, -1 unknown) and `constraints`
 * (how many variant constraints the puzzle has) as in describeVerdict.
 */
export function describeOutcome(
  outcome: SolveOutcome,
  kind: RunKind,
  size: number,
  clues = -1,
  constraints = 0,
): string {
  if (kind === 'layout') {
    return outcome.status === 'cancelled'
      ? 'New random jigsaw cancelled: the grid is as it was.'
      : `Could not make a random ${size}×${size} jigsaw layout: ${outcome.status === 'error' ? outcome.message : outcome.status}`;
  }
  if (kind === 'generate') {
    switch (outcome.status) {
      case 'generated':
        return `New puzzle: a random ${size}×${size} jigsaw with ${plural(outcome.clues, 'clue')} and exactly one solution.`;
      case 'cancelled':
        return 'Generating cancelled: no new puzzle was made; the grid is as it was.';
      default:
        return `Could not generate a puzzle: ${outcome.status === 'error' ? outcome.message : outcome.status}`;
    }
  }
  switch (outcome.status) {
    case 'invalid':
      return `Layout not ready: ${outcome.reasons[0] ?? 'the regions are not complete'}${
        outcome.reasons.length > 1
          ? ` (and ${plural(outcome.reasons.length - 1, 'more problem')})`
          : ''
      }.`;
    case 'unique':
      return `Unique solution${kind === 'count' ? ': exactly 1' : ''} (${guessWords(outcome.nodes)}).`;
    case 'none':
      if (outcome.clueConflicts.length > 0) {
        const [first, ...others] = clashesOf(outcome.clueConflicts);
        const more = others.length;
        return `No solution: the clues clash directly: ${describeClash(first, size)}${
          more > 0 ? ` and ${plural(more, 'more clash')}` : ''
        }.`;
      }
      if (clues === 0) {
        return `No solution: ${noCluesNoSolution(constraints)} (${guessWords(outcome.nodes)}).`;
      }
      return `No solution: no clues clash directly, but the search shows no grid completes them (${guessWords(outcome.nodes)}).`;
    case 'multiple': {
      const differ = countDifferences(outcome.solutions[0], outcome.solutions[1]);
      // Only Solve reveals the grid; the other runs answer without showing a solution.
      const shown =
        kind === 'solve'
          ? `Two are shown; they differ in ${plural(differ, 'cell')} (marked).`
          : `Two of them differ in ${plural(differ, 'cell')}; Solve shows them.`;
      const count =
        kind === 'count'
          ? outcome.complete
            ? `exactly ${formatCount(outcome.count)}`
            : `at least ${formatCount(outcome.count)} (counting stopped at the limit)`
          : 'at least 2';
      return `Multiple solutions: ${count}. ${shown}`;
    }
    case 'cancelled':
      return 'Cancelled: the run was stopped before it finished.';
    case 'error':
      return outcome.solverStopped ? outcome.message : `The solver failed: ${outcome.message}`;
    case 'generated':
      return '';
  }
}

export function countDifferences(a: readonly number[], b: readonly number[]): number {
  let differ = 0;
  for (let cell = 0; cell < a.length; cell++) if (a[cell] !== b[cell]) differ++;
  return differ;
}

/**
 * An error in words, for a message that goes on "...: <reason>": never empty, so no message
 * ends in ": ." (issue 36).
 */
export function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim() || 'no reason was given';
}

/** The outcome of a run that failed (not cancelled): the worker's error, in its own words. */
export function errorOutcome(error: unknown): Extract<SolveOutcome, { status: 'error' }> {
  const message = reasonOf(error);
  return isSolverFailure(error)
    ? { status: 'error', message, solverStopped: true }
    : { status: 'error', message };
}

/**
 * The search effort behind a verdict, in a setter's words. The engine counts guesses (branches
 * left after its propagation), so this says how much trial and error the solver needed, not
 * how hard a person will find the puzzle: that is the rating's job, once it exists.
 */
export function effortWords(guesses: number): string {
  // The solver is named: beside a rating of "expert, by logic alone" a bare "some trial and
  // error" read as a second, contradicting opinion of the puzzle.
  if (guesses === 0) return NO_GUESSING;
  const count = `${formatCount(guesses)} guess${guesses === 1 ? '' : 'es'}`;
  if (guesses <= 10) return `the solver's search needed a little guessing (${count})`;
  if (guesses <= 200) return `the solver's search needed some guessing (${count})`;
  return `the solver's search needed heavy guessing (${count})`;
}

/** The live verdict as the page shows it: a word or two, then the detail. */
export interface VerdictWords {
  /** "Unique", "Several solutions", "No solution", "Layout not ready", "Checking…" … */
  headline: string;
  detail: string;
}

/**
 * The live verdict in words; `outcome` null means the check is pending. `clues` (the clues
 * on the grid) lets a grid without any say what to do first instead of how far apart two
 * solutions are; `constraints` (how many variant constraints the puzzle has) says whether a
 * grid without clues and without a solution is the layout's fault alone.
 */
export function describeVerdict(
  outcome: SolveOutcome | null,
  size: number,
  clues = -1,
  constraints = 0,
): VerdictWords {
  if (outcome === null) return { headline: 'Checking…', detail: '' };
  switch (outcome.status) {
    case 'invalid':
      return {
        headline: 'Layout not ready',
        detail: `${outcome.reasons[0] ?? 'the regions are not complete'}.`,
      };
    case 'unique':
      return {
        headline: 'Unique',
        detail: `exactly one solution; ${effortWords(outcome.nodes)}.`,
      };
    case 'multiple': {
      if (clues === 0) {
        return {
          headline: 'Several solutions',
          detail: 'no clues yet. Enter some, or choose New for a puzzle.',
        };
      }
      const differ = countDifferences(outcome.solutions[0], outcome.solutions[1]);
      return {
        headline: 'Several solutions',
        detail: `more clues are needed: two solutions differ in ${plural(differ, 'cell')}.`,
      };
    }
    case 'none':
      return {
        headline: 'No solution',
        detail:
          outcome.clueConflicts.length > 0
            ? `${describeClash(clashesOf(outcome.clueConflicts)[0], size)}.`
            : clues === 0
              ? `${noCluesNoSolution(constraints)}.`
              : `no clues clash directly, but no grid completes them (${effortWords(outcome.nodes)}).`,
      };
    case 'cancelled':
      return { headline: 'Not checked', detail: 'the run was cancelled; edit or check again.' };
    case 'error':
      return { headline: 'Not checked', detail: outcome.message };
    case 'generated':
      return { headline: '', detail: '' };
  }
}
