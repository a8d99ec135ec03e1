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
 * When: the next step is asked as soon as a verdict (live or explicit) answers the puzzle on
 * screen, once per puzzle (several solutions without any clue: only by its button); the
 * estimate after a Count that stopped at its limit. True candidates, while the toggle is on, are asked CANDIDATES_DEBOUNCE_MS after the last edit;
 * an edit stops the run in flight at once (the stale run is cancelled, its worker dropped),
 * so typing never waits for them. Any edit also stops the tools' run in flight.
 *
 * Every answer is stamped with the puzzle it answers (by array identity: selectors.ts), so
 * the page never shows an answer to a puzzle that is no longer on screen; the layout check is
 * stamped with the layout only, so it outlives clue edits, and the grid keeps drawing the last
 * true candidates, dimmed, across a clue edit until the new ones come (shownCandidates). Applying a fix or a Minimise is one
 * `set` of the clues, so one undo step; "another order" minimises the clues from before the
 * last Minimise again and replaces that step rather than adding one.
 */
import type { ClueSymmetry } from '../engine/index.ts';
import type {
  CandidatesResponse,
  EstimateResponse,
  ExplainResponse,
  LayoutCheckResponse,
  PuzzleRequest,
  ToolProgress,
} from '../worker/protocol.ts';
import { layoutOf } from './derived.ts';
import { samePuzzle } from './puzzle.ts';
import { createRunner, type Settled } from './runner.ts';
import type { SolveOutcome } from './solveOutcome.ts';
import { historyOf } from './history.ts';
import {
  answers,
  currentResult,
  currentVerdict,
  stamped,
  stampOf,
  type PuzzleStamp,
} from './selectors.ts';
import type { SliceCreator, SquigglyState, StoreContext } from './state.ts';

/** How long the puzzle must stay unchanged before true candidates are asked again (ms). */
export const CANDIDATES_DEBOUNCE_MS = 150;

/**
 * How long a worker stopped in the middle of a search may keep its core: Chromium's
 * terminate() lets a busy worker thread run up to 2 s before it forces it to stop
 * (measured in bench:ui: a worker stopped at 0.3 s ran until 2.3 s). Each edit stops a
 * running true-candidates search, so the next one waits this long after a stop: while the
 * user types, at most one stopped search holds a core, never two or three beside the page.
 */
export const STOPPED_SEARCH_GRACE_MS = 2000;

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
  layoutCheck: (Omit<PuzzleStamp, 'givens'> & { answer: LayoutCheckResponse }) | null;
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

const EXPLAINED = new Set<SolveOutcome['status']>(['unique', 'multiple', 'none']);

/** Whether a Count on the puzzle on screen stopped at its limit (the estimate's cue). */
export function countHitLimit(state: SquigglyState): boolean {
  const result = currentResult(state);
  return (
    result?.kind === 'count' && result.outcome.status === 'multiple' && !result.outcome.complete
  );
}

const TASK_WORDS: Record<ToolTask | 'candidates', string> = {
  explain: 'Finding the next step',
  minimise: 'Minimise',
  layout: 'Check layout',
  estimate: 'The estimate',
  candidates: 'True candidates',
};

export const createSetterSlice =
  ({
    tools,
    candidates: candidatesClient,
    slowAfterMs,
    randomSeed,
    stoppedSearchGraceMs,
    followUp,
  }: StoreContext): SliceCreator<SetterSlice> =>
  (set, get, api) => {
    let toolTask: ToolTask = 'explain';
    const toolRunner = createRunner(
      {
        shown: () => {
          const run = get().toolRun;
          return run && { kind: 'solve', progress: null, slow: run.slow, startedAt: 0 };
        },
        begin: () => set({ toolRun: { task: toolTask, slow: false, progress: null } }),
        update: (run) => {
          const shown = get().toolRun;
          if (shown) set({ toolRun: { ...shown, slow: run.slow } });
        },
      },
      slowAfterMs,
    );
    const candidatesRunner = createRunner(
      {
        shown: () => {
          const run = get().candidatesRun;
          return run && { kind: 'solve', progress: null, slow: run.slow, startedAt: 0 };
        },
        begin: () => set({ candidatesRun: { task: 'explain', slow: false, progress: null } }),
        update: (run) => {
          const shown = get().candidatesRun;
          if (shown) set({ candidatesRun: { ...shown, slow: run.slow } });
        },
      },
      slowAfterMs,
    );
    /** The puzzles the next step and the estimate were last asked for (asked once each). */
    let explainAsked: PuzzleStamp | null = null;
    let estimateAsked: PuzzleStamp | null = null;
    let candidatesTimer: ReturnType<typeof setTimeout> | null = null;
    /** When a true-candidates search was last stopped while it ran (performance.now()). */
    let candidatesStoppedAt = -Infinity;

    /** The request for the puzzle on screen, or null when its layout is not complete. */
    const requestOf = (state: SquigglyState): PuzzleRequest | null => {
      const layout = layoutOf(state);
      if (!layout.valid) return null;
      return { size: state.size, regions: Array.from(layout.regionOf), givens: state.givens };
    };

    /** Run a tool on the tools' worker; null when it was stopped or failed (then said). */
    async function runTool<T>(
      task: ToolTask,
      work: (signal: AbortSignal, onProgress: (progress: ToolProgress) => void) => Promise<T>,
    ): Promise<T | null> {
      // A run asked by the page itself, stopped by one the user asked for, is asked again
      // once the tools' worker is free (followVerdict).
      const superseded = toolRunner.busy() ? get().toolRun?.task : undefined;
      if (superseded === 'explain') explainAsked = null;
      if (superseded === 'estimate') estimateAsked = null;
      toolTask = task;
      const stamp = stampOf(get());
      const settled: Settled<T> = await toolRunner.runInWorker({ kind: 'solve' }, (signal) =>
        work(signal, (progress) => {
          const shown = get().toolRun;
          if (!signal.aborted && shown) set({ toolRun: { ...shown, progress } });
        }),
      );
      if (!settled) return null;
      set({ toolRun: null });
      if (!settled.ok) {
        const outcome = settled.outcome;
        const reason = outcome.status === 'error' ? outcome.message : outcome.status;
        set({ toolMessage: { task, text: `${TASK_WORDS[task]} failed: ${reason}`, ...stamp } });
        return null;
      }
      return settled.value;
    }

    /** What the tools' worker should do next for the puzzle on screen, if anything. */
    const followVerdict = (): void => {
      const state = get();
      if (!tools || toolRunner.busy()) return;
      const verdict = verdictOnScreen(state);
      if (!verdict || !EXPLAINED.has(verdict.status)) return;
      if (countHitLimit(state) && !(estimateAsked && answers(estimateAsked, state))) {
        void runEstimate();
        return;
      }
      // Not for several solutions on a grid without clues (the first screen): "add these 36
      // clues" is no next step there, just a puzzle made for the user; its button still asks.
      // A layout that cannot be filled is still said at once.
      if (verdict.status === 'multiple' && !state.givens.some((digit) => digit !== 0)) return;
      if (!(explainAsked && answers(explainAsked, state))) void get().explain();
    };

    const runEstimate = async (): Promise<void> => {
      const state = get();
      const request = requestOf(state);
      if (!tools || !request) return;
      const stamp = stampOf(state);
      estimateAsked = stamp;
      const answer = await runTool('estimate', (signal, onProgress) =>
        tools.estimate(request, { signal, onProgress }),
      );
      if (answer) set({ estimate: { answer, ...stamp } });
      followVerdict();
    };

    const runCandidates = async (): Promise<void> => {
      candidatesTimer = null;
      const state = get();
      if (!state.candidatesOn || !candidatesClient) return;
      const request = requestOf(state);
      const stamp = stampOf(state);
      if (!request) {
        candidatesRunner.stop();
        set({
          candidatesRun: null,
          candidatesMessage: {
            task: 'candidates',
            text: `True candidates need a complete layout: ${state.size} regions of ${state.size} cells.`,
            ...stamp,
          },
        });
        return;
      }
      const settled = await candidatesRunner.runInWorker({ kind: 'solve' }, (signal) =>
        candidatesClient.trueCandidates(request, {
          signal,
          onProgress: (progress) => {
            const shown = get().candidatesRun;
            if (!signal.aborted && shown) set({ candidatesRun: { ...shown, progress } });
          },
        }),
      );
      if (!settled) return;
      if (settled.ok) {
        set({ candidatesRun: null, candidates: { answer: settled.value, ...stamp } });
        return;
      }
      const outcome = settled.outcome;
      set({
        candidatesRun: null,
        candidatesMessage: {
          task: 'candidates',
          text: `True candidates failed: ${outcome.status === 'error' ? outcome.message : outcome.status}`,
          ...stamp,
        },
      });
    };

    const scheduleCandidates = (delay: number): void => {
      if (candidatesTimer !== null) clearTimeout(candidatesTimer);
      candidatesTimer = setTimeout(() => void runCandidates(), delay);
    };

    api.subscribe((state, previous) => {
      // Hydration writes before the store has a state: nothing to compare with yet.
      if (!previous) return;
      if (!samePuzzle(state, previous)) {
        // The stale runs stop at once; typing never waits for them.
        if (toolRunner.busy()) {
          toolRunner.stop();
          api.setState({ toolRun: null });
        }
        if (state.candidatesOn) {
          if (candidatesRunner.busy()) candidatesStoppedAt = performance.now();
          candidatesRunner.stop();
          if (state.candidatesRun) api.setState({ candidatesRun: null });
          const graceLeft = candidatesStoppedAt + stoppedSearchGraceMs - performance.now();
          scheduleCandidates(Math.max(CANDIDATES_DEBOUNCE_MS, graceLeft));
        }
      }
      if (
        state.live !== previous.live ||
        state.result !== previous.result ||
        !samePuzzle(state, previous)
      ) {
        // After the write that brought the verdict has reached every subscriber, and in the
        // app once the page is idle (StoreOptions.followUp); followVerdict reads the store again.
        followUp(followVerdict);
      }
    });

    /** One write of the clues: one undo step. */
    const applyGivens = (givens: number[]): void => {
      set({ givens });
    };

    return {
      toolsAvailable: tools !== null,
      candidatesAvailable: candidatesClient !== null,
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

      explain: async () => {
        const state = get();
        const request = requestOf(state);
        if (!tools || !request) return;
        const stamp = stampOf(state);
        explainAsked = stamp;
        const answer = await runTool('explain', (signal, onProgress) =>
          tools.explain(request, { signal, onProgress }),
        );
        if (answer) set({ explanation: { answer, ...stamp } });
        followVerdict();
      },

      applyFix: () => {
        const state = get();
        const explanation = currentExplanation(state);
        if (explanation?.answer.verdict !== 'multiple') return;
        const givens = state.givens.slice();
        for (const { cell, digit } of explanation.answer.fix) givens[cell] = digit;
        applyGivens(givens);
      },

      minimise: async () => {
        const state = get();
        const request = requestOf(state);
        if (!tools || !request) return;
        const stamp = stampOf(state);
        const answer = await runTool('minimise', (signal, onProgress) =>
          tools.minimise(request, randomSeed(), { signal, onProgress }),
        );
        if (!answer || !answers(stamp, get())) return;
        applyGivens(answer.givens);
        set({
          minimised: {
            before: stamp.givens,
            removed: answer.removed.length,
            left: answer.givens.filter((digit) => digit !== 0).length,
            symmetry: answer.symmetry,
            ...stampOf(get()),
          },
        });
      },

      minimiseAnotherOrder: async () => {
        const state = get();
        const last = currentMinimised(state);
        const layout = requestOf(state);
        if (!tools || !last || !layout) return;
        const stamp = stampOf(state);
        const request = { ...layout, givens: last.before };
        const answer = await runTool('minimise', (signal, onProgress) =>
          tools.minimise(request, randomSeed(), { signal, onProgress }),
        );
        if (!answer || !answers(stamp, get())) return;
        // Replace the last Minimise's undo step: back to the clues before it, unrecorded by
        // the step about to be made (zundo drops the redo entry when the new one lands).
        historyOf(api).getState().undo();
        applyGivens(answer.givens);
        set({
          minimised: {
            before: last.before,
            removed: answer.removed.length,
            left: answer.givens.filter((digit) => digit !== 0).length,
            symmetry: answer.symmetry,
            ...stampOf(get()),
          },
        });
      },

      setMarkRedundant: (on) => set({ markRedundant: on }),
      setMarkFix: (on) => set({ markFix: on }),

      checkLayout: async () => {
        const state = get();
        const layout = layoutOf(state);
        if (!tools) return;
        const stamp = { walls: state.walls, regions: state.regions };
        if (!layout.valid) {
          set({
            toolMessage: {
              task: 'layout',
              text: `Check layout needs a complete layout: ${state.size} regions of ${state.size} cells.`,
              ...stampOf(state),
            },
          });
          return;
        }
        const regions = Array.from(layout.regionOf);
        const answer = await runTool('layout', (signal) =>
          tools.checkLayout(state.size, regions, { signal }),
        );
        if (answer) set({ layoutCheck: { answer, ...stamp } });
        followVerdict();
      },

      cancelTool: () => {
        const run = get().toolRun;
        if (!run || !toolRunner.busy()) return;
        toolRunner.stop();
        set({
          toolRun: null,
          toolMessage: {
            task: run.task,
            text: `${TASK_WORDS[run.task]}: cancelled.`,
            ...stampOf(get()),
          },
        });
      },

      setTrueCandidates: (on) => {
        if (candidatesTimer !== null) clearTimeout(candidatesTimer);
        candidatesTimer = null;
        candidatesRunner.stop();
        set({ candidatesOn: on, candidatesRun: null });
        if (on) void runCandidates();
      },

      cancelCandidates: () => {
        if (!get().candidatesRun || !candidatesRunner.busy()) return;
        candidatesRunner.stop();
        set({
          candidatesRun: null,
          candidatesMessage: {
            task: 'candidates',
            text: 'True candidates: cancelled; they come back after the next edit.',
            ...stampOf(get()),
          },
        });
      },
    };
  };
