/**
 * What the page and the setter's tools read of the tools' answers: each answer if it still
 * answers the puzzle on screen (stamped: selectors.ts), the true candidates the grid draws
 * (the last ones, dimmed, across a clue edit: shownCandidates), the verdict the next step
 * follows, and whether a Count stopped at its limit (the estimate's cue). Also the request
 * every tool sends for the puzzle on screen, its constraints included.
 */
import type {
  CandidatesResponse,
  EstimateResponse,
  ExplainResponse,
  LayoutCheckResponse,
  PuzzleRequest,
} from '../../worker/protocol.ts';
import { layoutOf } from '../derived.ts';
import { answers, currentResult, currentVerdict, stamped } from '../selectors.ts';
import type { MinimiseRecord, Stamped, ToolMessage } from '../setterSlice.ts';
import type { SolveOutcome } from '../solveOutcome.ts';
import type { SquigglyState } from '../state.ts';

/**
 * The request for the puzzle on screen, or null when its layout is not complete: with its
 * constraints when it has any, so every tool answers about the whole puzzle (as the run
 * slice's counts do).
 */
export const requestOf = (state: SquigglyState): PuzzleRequest | null => {
  const layout = layoutOf(state);
  if (!layout.valid) return null;
  return {
    size: state.size,
    regions: Array.from(layout.regionOf),
    givens: state.givens,
    ...(state.constraints.length > 0 && { constraints: state.constraints }),
  };
};

/** The next step for the puzzle on screen, if it has been found. */
export const currentExplanation = (state: SquigglyState): Stamped<ExplainResponse> | null =>
  stamped(state.explanation, state);
export const currentEstimate = (state: SquigglyState): Stamped<EstimateResponse> | null =>
  stamped(state.estimate, state);
export const currentMinimised = (state: SquigglyState): MinimiseRecord | null =>
  stamped(state.minimised, state);
export const currentToolMessage = (state: SquigglyState): ToolMessage | null =>
  stamped(state.toolMessage, state);
export const currentCandidates = (state: SquigglyState): Stamped<CandidatesResponse> | null =>
  state.candidatesOn ? stamped(state.candidates, state) : null;
/**
 * The true candidates the grid draws: the current ones, or, while new ones are on their way
 * after a clue edit, the last ones for the same layout (drawn dimmed: see `candidatesStale`).
 * Keeping them spares the grid two redraws of every cell per keystroke (gone, then back),
 * which is what kept typing with the toggle on from ever waiting; a cell that became a clue
 * shows its clue at once, and a layout edit drops them.
 */
export const shownCandidates = (state: SquigglyState): Stamped<CandidatesResponse> | null =>
  state.candidatesOn &&
  state.candidates &&
  state.candidates.walls === state.walls &&
  state.candidates.regions === state.regions
    ? state.candidates
    : null;
/** Whether the candidates drawn answer an earlier puzzle (new ones are on their way). */
export const candidatesStale = (state: SquigglyState): boolean => {
  const shown = shownCandidates(state);
  return shown !== null && !answers(shown, state);
};
export const currentCandidatesMessage = (state: SquigglyState): ToolMessage | null =>
  state.candidatesOn ? stamped(state.candidatesMessage, state) : null;
export const currentLayoutCheck = (state: SquigglyState): LayoutCheckResponse | null =>
  state.layoutCheck &&
  state.layoutCheck.walls === state.walls &&
  state.layoutCheck.regions === state.regions
    ? state.layoutCheck.answer
    : null;

/** The verdict on the puzzle on screen, explicit or live, if one has come. */
export function verdictOnScreen(state: SquigglyState): SolveOutcome | null {
  const result = currentResult(state);
  if (result && result.kind !== 'generate' && result.kind !== 'layout') return result.outcome;
  return currentVerdict(state)?.outcome ?? null;
}

/** Whether a Count on the puzzle on screen stopped at its limit (the estimate's cue). */
export function countHitLimit(state: SquigglyState): boolean {
  const result = currentResult(state);
  return (
    result?.kind === 'count' && result.outcome.status === 'multiple' && !result.outcome.complete
  );
}
