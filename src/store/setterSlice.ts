/**
 * The setter's tools in the page: after a verdict, the next step (the fewest clues that make
 * the puzzle unique, the clues that cannot all hold, or the redundant clues and Minimise), the
 * true candidates toggle, the layout check and the estimate after a count that hit its limit.
 * The work happens in the worker (the engine's explainPuzzle, trueCandidates, minimiseClues,
 * checkLayout, estimateSolutions); this slice says when to ask, and keeps the answers.
 *
 * Two clients of their own (StoreContext.tools and .candidates), because the solver worker
 * runs one call at a time and a new call stops the one in flight: the live verdict, the
 * rating and the explicit runs keep the solver's worker, the next step, Minimise, Check
 * layout and the estimate share the tools' worker (one at a time, on one runner), and the
 * true candidates, which follow every edit, have a worker to themselves.
 *
 * The parts, each a set of module-level functions over a scope made once per store:
 * setter/tools.ts (the tools' runner; when the next step and the estimate are asked; fix,
 * Minimise, Check layout), setter/candidates.ts (the live true candidates: debounce, the
 * stopped search's grace), setter/selectors.ts (what the page reads of the answers). This
 * file holds the state's shape, the one subscription that follows edits and verdicts, and
 * wires each action to its function.
 *
 * Every answer is stamped with the puzzle it answers (by array identity: selectors.ts), so
 * the page never shows an answer to a puzzle that is no longer on screen.
 */
import type { ClueSymmetry } from '../engine/index.ts';
import type {
  CandidatesResponse,
  EstimateResponse,
  ExplainResponse,
  LayoutCheckResponse,
  ToolProgress,
} from '../worker/protocol.ts';
import { samePuzzle } from './puzzle.ts';
import type { PuzzleStamp } from './selectors.ts';
import * as candidates from './setter/candidates.ts';
import * as tools from './setter/tools.ts';
import type { SliceCreator, StoreContext } from './state.ts';

export { CANDIDATES_DEBOUNCE_MS, STOPPED_SEARCH_GRACE_MS } from './setter/candidates.ts';
export {
  candidatesStale,
  countHitLimit,
  currentCandidates,
  currentCandidatesMessage,
  currentEstimate,
  currentExplanation,
  currentLayoutCheck,
  currentMinimised,
  currentToolMessage,
  shownCandidates,
  verdictOnScreen,
} from './setter/selectors.ts';

/** The tools' runs, one at a time on the tools' worker. */
export type ToolTask = 'explain' | 'minimise' | 'layout' | 'estimate';

export interface ToolRun {
  task: ToolTask;
  /** Set once the run has lasted longer than a moment: the page shows progress and Cancel. */
  slow: boolean;
  progress: ToolProgress | null;
}

export type Stamped<T> = PuzzleStamp & { answer: T };

/** What Minimise did, stamped with the puzzle it left. */
export interface MinimiseRecord extends PuzzleStamp {
  /** The clues before (what "another order" starts from again). */
  before: readonly number[];
  removed: number;
  left: number;
  /** The clues' symmetry, which Minimise kept (it removed mirrored pairs). */
  symmetry: ClueSymmetry;
}

/** A message about a tool's run (cancelled, failed), stamped with the puzzle it was about. */
export interface ToolMessage extends PuzzleStamp {
  task: ToolTask | 'candidates';
  text: string;
}

export interface SetterSlice {
  /** Whether the store has the tools' and the true candidates' clients (the page says so). */
  toolsAvailable: boolean;
  candidatesAvailable: boolean;
  toolRun: ToolRun | null;
  explanation: Stamped<ExplainResponse> | null;
  estimate: Stamped<EstimateResponse> | null;
  /** Stamped with the layout only (walls and regions): clue edits do not retire it. */
  layoutCheck:
    (Omit<PuzzleStamp, 'givens' | 'constraints'> & { answer: LayoutCheckResponse }) | null;
  minimised: MinimiseRecord | null;
  toolMessage: ToolMessage | null;
  /** Outline the redundant clues on the grid. */
  markRedundant: boolean;
  /** Draw Make it unique's clues in their cells (asked for: a sparse grid gets dozens). */
  markFix: boolean;

  /** The true candidates toggle; not saved. */
  candidatesOn: boolean;
  candidatesRun: ToolRun | null;
  candidates: Stamped<CandidatesResponse> | null;
  candidatesMessage: ToolMessage | null;

  /** Ask for the next step now (it is asked by itself after each verdict). */
  explain(): Promise<void>;
  /** Add the fixing clues of the current explanation: one undo step. */
  applyFix(): void;
  /** Remove redundant clues one at a time in a fresh random order: one undo step. */
  minimise(): Promise<void>;
  /** Minimise the clues from before the last Minimise again, in another order. */
  minimiseAnotherOrder(): Promise<void>;
  setMarkRedundant(on: boolean): void;
  setMarkFix(on: boolean): void;
  checkLayout(): Promise<void>;
  cancelTool(): void;
  setTrueCandidates(on: boolean): void;
  cancelCandidates(): void;
}

export const createSetterSlice =
  (ctx: StoreContext): SliceCreator<SetterSlice> =>
  (set, get, api) => {
    const toolsScope = tools.createToolsScope({ set, get, ctx }, api);
    const candidatesScope = candidates.createCandidatesScope({ set, get, ctx }, api);

    api.subscribe((state, previous) => {
      // Hydration writes before the store has a state: nothing to compare with yet.
      if (!previous) return;
      if (!samePuzzle(state, previous)) {
        // The stale runs stop at once; typing never waits for them.
        tools.toolsAfterEdit(toolsScope);
        candidates.candidatesAfterEdit(candidatesScope, state);
      }
      if (
        state.live !== previous.live ||
        state.result !== previous.result ||
        !samePuzzle(state, previous)
      ) {
        // After the write that brought the verdict has reached every subscriber, and in the
        // app once the page is idle (StoreOptions.followUp); followVerdict reads the store again.
        ctx.followUp(() => tools.followVerdict(toolsScope));
      }
    });

    return {
      toolsAvailable: ctx.tools !== null,
      candidatesAvailable: ctx.candidates !== null,
      toolRun: null,
      explanation: null,
      estimate: null,
      layoutCheck: null,
      minimised: null,
      toolMessage: null,
      markRedundant: false,
      markFix: false,
      candidatesOn: false,
      candidatesRun: null,
      candidates: null,
      candidatesMessage: null,

      explain: () => tools.explain(toolsScope),
      applyFix: () => tools.applyFix(toolsScope),
      minimise: () => tools.minimise(toolsScope),
      minimiseAnotherOrder: () => tools.minimiseAnotherOrder(toolsScope),
      setMarkRedundant: (on) => set({ markRedundant: on }),
      setMarkFix: (on) => set({ markFix: on }),
      checkLayout: () => tools.checkLayout(toolsScope),
      cancelTool: () => tools.cancelTool(toolsScope),
      setTrueCandidates: (on) => candidates.setTrueCandidates(candidatesScope, on),
      cancelCandidates: () => candidates.cancelCandidates(candidatesScope),
    };
  };
