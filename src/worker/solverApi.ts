/**
 * The solver API the worker exposes: a thin host over the engine. Kept apart from
 * solver.worker.ts so tests can expose it on a MessageChannel in-thread.
 */
import * as Comlink from 'comlink';
import {
  createBoard,
  DEFAULT_ENGINE,
  ENGINES,
  isSupportedSize,
  generatePuzzle,
  generateSetterPuzzle,
  randomJigsawLayout,
  randomSymmetricLayout,
  createRandom,
  counterFor,
  hasConstraints,
  contradictionOf,
  findStep,
  initialState,
  isSolved,
  rateProvedUnique,
  TECHNIQUES_ASSUMING_UNIQUENESS,
  ratingOf,
  solveByLogic,
  verdictOf,
  warmUpSteps,
  checkLayout,
  estimateSolutions,
  explainPuzzle,
  minimiseClues,
  trueCandidates,
  defaultAttempts,
  erText,
  isExplainerTarget,
  targetDistance,
  targetWords,
  type Board,
  type Difficulty,
  type Rating,
} from '../engine/index.ts';
import type { FormatName } from '../formats/index.ts';
import { createImporter } from './importer.ts';
import type {
  BatchProgressFn,
  BatchResult,
  CountRequest,
  CountResponse,
  GeneratedPuzzle,
  HintResponse,
  LogicRequest,
  LogicSolveResponse,
  ImportedCase,
  ImportProgressFn,
  ImportSource,
  ImportSummary,
  ProgressFn,
  RateResponse,
  CandidatesResponse,
  EstimateResponse,
  ExplainResponse,
  LayoutCheckResponse,
  MinimiseResponse,
  PuzzleRequest,
  ToolProgressFn,
  SetterProgressFn,
  SetterPuzzle,
  SetterRequest,
  SolverApi,
} from './protocol.ts';

/** Minimum time between two progress messages, so a fast search does not flood the page. */
export const PROGRESS_INTERVAL_MS = 100;

/** Random layouts tried before giving up (some jigsaw layouts have no solution at all). */
export const GENERATE_ATTEMPTS = 10;

/** Random layouts a difficulty is tried on before the closest puzzle made is taken. */
export const DIFFICULTY_LAYOUTS = 3;

/** Whether rating `next` is nearer the difficulty than `best` (the nearer level or ER). */
function isCloser(difficulty: Difficulty | undefined, next: Rating, best: Rating): boolean {
  if (difficulty === undefined) return false;
  return targetDistance(difficulty, next) < targetDistance(difficulty, best);
}

/**
 * A rating as the note of a missed difficulty says it: the level for a level; for an ER
 * range the ER first, with the level ("ER 3.4 (medium)"), as the range was asked in ER.
 */
function ratedWords(difficulty: Difficulty, rating: Rating): string {
  if (!isExplainerTarget(difficulty) || rating.explainer === null) return rating.level;
  return `ER ${erText(rating.explainer.er)} (${rating.level})`;
}

/**
 * Comlink keeps the port of a proxied callback open until it is released, so each run
 * releases its progress callback when it ends; a plain function (an in-process caller) has
 * nothing to release.
 */
function releaseCallback(
  callback:
    ProgressFn | SetterProgressFn | ImportProgressFn | BatchProgressFn | ToolProgressFn | undefined,
): void {
  const remote = callback as Partial<Comlink.Remote<ProgressFn>> | undefined;
  remote?.[Comlink.releaseProxy]?.();
}

export interface SolverApiOptions {
  now?: () => number;
  /** Says "still alive" to the page (liveness.ts); called often, throttled by the callee. */
  beat?: () => void;
}

/** A setter's tool's progress, passed on at most every PROGRESS_INTERVAL_MS (not awaited). */
function throttledProgress(
  onProgress: ToolProgressFn | undefined,
  now: () => number,
): (done: number, total: number) => void {
  let last = -Infinity;
  return (done, total) => {
    if (!onProgress) return;
    const time = now();
    if (time - last < PROGRESS_INTERVAL_MS) return;
    last = time;
    void onProgress({ done, total });
  };
}

/** The board of a setter's tool request. */
const puzzleBoard = (request: PuzzleRequest): Board =>
  createBoard(request.size, request.regions, request.givens);

/** The board of a logic request: its digits placed so far stand as its clues. */
const boardOf = (request: LogicRequest): Board =>
  createBoard(request.size, request.regions, request.digits);

export function createSolverApi({
  now = () => Date.now(),
  beat = () => {},
}: SolverApiOptions = {}): SolverApi {
  const importer = createImporter({ now, beat });
  let warming = false;
  /** Set by any other request: the warm-up runs only in the idle time before it. */
  let warmUpStopped = false;
  const api: SolverApi = {
    async count(request: CountRequest, onProgress?: ProgressFn): Promise<CountResponse> {
      try {
        const board = createBoard(request.size, request.regions, request.givens);
        let last = now();
        const { constraints } = request;
        const countWith = hasConstraints(constraints)
          ? counterFor(constraints)
          : ENGINES[request.engine ?? DEFAULT_ENGINE];
        const result = countWith(board, request.limit, {
          keepSolutions: request.keepSolutions ?? 2,
          // Smaller than the engine default so the first report comes within a moment.
          progressEvery: 4096,
          // Always set, even with no progress wanted: it carries the heartbeat.
          onProgress: (progress) => {
            beat();
            if (!onProgress) return;
            const time = now();
            if (time - last < PROGRESS_INTERVAL_MS) return;
            last = time;
            // Not awaited: the search is synchronous and must not wait for the page.
            void onProgress({ nodes: progress.nodes, solutions: progress.solutions });
          },
        });
        return {
          count: result.count,
          solutions: result.solutions.map((grid) => Array.from(grid)),
          nodes: result.nodes,
          complete: result.complete,
          clueConflicts: result.clueConflicts,
        };
      } finally {
        releaseCallback(onProgress);
      }
    },
    async randomLayout(size: number, seed: number): Promise<number[]> {
      return Array.from(randomJigsawLayout(size, createRandom(seed)));
    },
    async generatePuzzle(size: number, seed: number): Promise<GeneratedPuzzle> {
      if (!isSupportedSize(size)) throw new RangeError(`cannot generate a ${size}×${size} puzzle`);
      const random = createRandom(seed);
      for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
        const board = generatePuzzle(size, randomJigsawLayout(size, random), random, beat);
        if (board) {
          return { size, regions: Array.from(board.regions), givens: Array.from(board.givens) };
        }
      }
      throw new Error(
        `no solvable layout turned up in ${GENERATE_ATTEMPTS} random ${size}×${size} layouts; try again`,
      );
    },
    async nextStep(request: LogicRequest): Promise<HintResponse> {
      // The beat: a search for a step is short, but the last one (nested forcing chains)
      // can take seconds, and it beats every few hundred propagations.
      const state = initialState(boardOf(request), request.candidates, request.constraints);
      if (isSolved(state)) return { status: 'solved', step: null };
      const impossible = contradictionOf(state);
      if (impossible !== null) {
        return { status: 'contradiction', step: null, contradiction: impossible };
      }
      const entries = request.assumeUnique === true ? TECHNIQUES_ASSUMING_UNIQUENESS : undefined;
      const step = findStep(state, entries, beat);
      return step === null ? { status: 'stuck', step: null } : { status: 'step', step };
    },
    async solveByLogic(request: LogicRequest): Promise<LogicSolveResponse> {
      const result = solveByLogic(boardOf(request), {
        candidates: request.candidates,
        constraints: request.constraints,
        beat,
      });
      return {
        status: result.status,
        steps: result.steps,
        digits: Array.from(result.state.grid),
        candidates: Array.from(result.state.candidates),
        stuckCells: result.stuckCells,
        ...(result.contradiction === undefined ? {} : { contradiction: result.contradiction }),
      };
    },
    async rate(request: LogicRequest): Promise<RateResponse> {
      const board = boardOf(request);
      const { constraints } = request;
      const options = { onProgress: beat, progressEvery: 4096 };
      const count = counterFor(constraints)(board, 2, options);
      const verdict = verdictOf(count, 2);
      // A count without a budget is complete: none, unique or multiple.
      if (verdict === 'none' || verdict === 'multiple') return { solutions: verdict, rating: null };
      return { solutions: 'unique', rating: rateProvedUnique(board, constraints, beat) };
    },
    async generateSetterPuzzle(
      request: SetterRequest,
      onProgress?: SetterProgressFn,
    ): Promise<SetterPuzzle> {
      try {
        const { size } = request;
        if (!isSupportedSize(size)) {
          throw new RangeError(`cannot generate a ${size}×${size} puzzle`);
        }
        const random = createRandom(request.seed);
        let last = -Infinity;
        const difficulty = request.difficulty;
        // A kept layout is tried once; a random one is replaced when it has no solution,
        // and with a difficulty the attempts are shared among a few layouts (on some small
        // layouts a level cannot be had at all: 4x4 medium, 6x6 hard).
        const layouts = request.layout === 'keep' ? 1 : GENERATE_ATTEMPTS;
        const totalAttempts =
          request.maxAttempts ?? (difficulty === undefined ? undefined : defaultAttempts(size));
        const perLayout =
          totalAttempts === undefined || request.layout === 'keep' || difficulty === undefined
            ? totalAttempts
            : Math.ceil(totalAttempts / DIFFICULTY_LAYOUTS);
        let reason = '';
        let attempts = 0;
        let missedLayouts = 0;
        let closest: { board: Board; rating: Rating } | undefined;
        const started = now();
        for (let layoutTry = 0; layoutTry < layouts; layoutTry++) {
          const regions =
            request.layout === 'keep'
              ? Uint8Array.from(request.regions ?? [])
              : request.layout === 'symmetric'
                ? randomSymmetricLayout(size, random)
                : randomJigsawLayout(size, random);
          const result = generateSetterPuzzle(size, regions, random, {
            clueSymmetry: request.clueSymmetry,
            minimal: request.minimal,
            difficulty,
            ...(perLayout === undefined ? {} : { maxAttempts: perLayout }),
            beat,
            now,
            onProgress: (progress) => {
              beat();
              if (!onProgress) return;
              const time = now();
              if (time - last < PROGRESS_INTERVAL_MS) return;
              last = time;
              // Attempts and time over every layout tried, not this layout's alone.
              void onProgress({
                ...progress,
                attempt: attempts + progress.attempt,
                maxAttempts: totalAttempts ?? progress.maxAttempts,
                elapsedMs: time - started,
              });
            },
          });
          if (result.status === 'done') {
            return {
              size,
              regions: Array.from(result.board.regions),
              givens: Array.from(result.board.givens),
              // The generator rates only to meet a difficulty; the app shows a rating always.
              rating: result.rating ?? ratingOf(solveByLogic(result.board, { beat })),
              attempts: attempts + result.attempts,
              ...(result.note === undefined ? {} : { note: `This puzzle is ${result.note}.` }),
            };
          }
          if (result.status === 'aborted') throw new Error('the generator was stopped');
          attempts += result.attempts;
          reason = result.reason;
          if (result.closest !== undefined) {
            const best: { board: Board; rating: Rating } = result.closest;
            if (closest === undefined || isCloser(difficulty, best.rating, closest.rating))
              closest = best;
          }
          // A layout without a solution is replaced; a missed difficulty is tried on up to
          // DIFFICULTY_LAYOUTS random layouts.
          if (reason.startsWith('no solution')) continue;
          missedLayouts++;
          if (request.layout === 'keep' || missedLayouts >= DIFFICULTY_LAYOUTS) break;
        }
        if (closest !== undefined && difficulty !== undefined) {
          const layoutWords =
            missedLayouts > 1 ? ` on ${missedLayouts} random layouts` : ' on this layout';
          return {
            size,
            regions: Array.from(closest.board.regions),
            givens: Array.from(closest.board.givens),
            rating: closest.rating,
            attempts,
            note:
              `No ${size}×${size} puzzle rated ${targetWords(difficulty)} turned up in ${attempts} attempts` +
              `${layoutWords}; this one, rated ${ratedWords(difficulty, closest.rating)}, is the closest made.`,
          };
        }
        throw new Error(`gave up: ${reason}`);
      } finally {
        releaseCallback(onProgress);
      }
    },
    async parseImport(
      source: ImportSource,
      format: FormatName | null,
      onProgress?: ImportProgressFn,
    ): Promise<ImportSummary> {
      try {
        const summary = await importer.parse(source, format, onProgress);
        // The case summary goes back as three buffers, moved rather than copied.
        return Comlink.transfer(summary, [
          summary.caseNumbers.buffer,
          summary.lines.buffer,
          summary.sizes.buffer,
          summary.clues.buffer,
        ]);
      } finally {
        releaseCallback(onProgress);
      }
    },
    async importCase(id: number, index: number): Promise<ImportedCase> {
      return importer.caseAt(id, index);
    },
    async warmUp(): Promise<void> {
      if (warming) return;
      warming = true;
      const steps = warmUpSteps();
      let next = 0;
      // One step per task: a request that comes in meanwhile runs before the next step.
      const runNext = (): void => {
        if (warmUpStopped || next >= steps.length) return;
        steps[next++]();
        setTimeout(runNext, 0);
      };
      setTimeout(runNext, 0);
    },
    async importCases(id: number, indices: number[]): Promise<ImportedCase[]> {
      return importer.casesAt(id, indices);
    },
    async solveBatch(id: number, onBatch: BatchProgressFn): Promise<BatchResult> {
      try {
        // Each batch's statuses are moved, not copied.
        return await importer.solveBatch(id, (batch) =>
          onBatch(Comlink.transfer(batch, [batch.statuses.buffer])),
        );
      } finally {
        releaseCallback(onBatch);
      }
    },
    // The setter's tools: each a thin call of the engine, with the heartbeat and progress.
    async trueCandidates(
      request: PuzzleRequest,
      onProgress?: ToolProgressFn,
    ): Promise<CandidatesResponse> {
      try {
        const result = trueCandidates(puzzleBoard(request), {
          constraints: request.constraints,
          beat,
          onProgress: throttledProgress(onProgress, now),
        });
        return {
          status: result.status,
          masks: Array.from(result.masks),
          singles: result.singles,
          complete: result.complete,
          tests: result.tests,
        };
      } finally {
        releaseCallback(onProgress);
      }
    },
    async explain(request: PuzzleRequest, onProgress?: ToolProgressFn): Promise<ExplainResponse> {
      try {
        const answer = explainPuzzle(puzzleBoard(request), {
          constraints: request.constraints,
          beat,
          onProgress: throttledProgress(onProgress, now),
        });
        switch (answer.verdict) {
          case 'multiple':
            return { verdict: 'multiple', fix: answer.fix.clues, proven: answer.fix.proven };
          case 'unique':
            return {
              verdict: 'unique',
              redundant: answer.redundant.cells,
              symmetry: answer.redundant.symmetry,
              redundantConstraints: answer.redundantConstraints.items,
              complete: answer.redundant.complete && answer.redundantConstraints.complete,
            };
          default:
            return answer;
        }
      } finally {
        releaseCallback(onProgress);
      }
    },
    async minimise(
      request: PuzzleRequest,
      seed: number,
      onProgress?: ToolProgressFn,
    ): Promise<MinimiseResponse> {
      try {
        const result = minimiseClues(puzzleBoard(request), seed, {
          constraints: request.constraints,
          beat,
          onProgress: throttledProgress(onProgress, now),
        });
        return {
          givens: Array.from(result.givens),
          removed: result.removed,
          symmetry: result.symmetry,
        };
      } finally {
        releaseCallback(onProgress);
      }
    },
    async checkLayout(size: number, regions: ArrayLike<number>): Promise<LayoutCheckResponse> {
      const result = checkLayout(size, regions, { onProgress: beat, progressEvery: 4096 });
      // No signal is passed, so the search always settles.
      if (result.verdict === null) throw new Error('the layout check stopped before an answer');
      return { verdict: result.verdict, grid: result.grid && Array.from(result.grid) };
    },
    async estimate(request: PuzzleRequest, onProgress?: ToolProgressFn): Promise<EstimateResponse> {
      try {
        // Knuth's random paths know rows, columns and regions only: an estimate of the
        // jigsaw alone would be about another puzzle.
        if (hasConstraints(request.constraints)) {
          throw new Error('the estimate does not use variant constraints yet');
        }
        const { estimate, low, high, paths, reliable } = estimateSolutions(puzzleBoard(request), {
          beat,
          onProgress: throttledProgress(onProgress, now),
        });
        return { estimate, low, high, paths, reliable };
      } finally {
        releaseCallback(onProgress);
      }
    },
  };
  // Any request but warmUp ends the warm-up: after it the worker stays idle, as it was
  // before warm-ups (a stopped or crashed search leaves nothing else running).
  for (const key of Object.keys(api) as (keyof SolverApi)[]) {
    if (key === 'warmUp') continue;
    const method = api[key] as (...args: unknown[]) => unknown;
    Object.assign(api, {
      [key]: (...args: unknown[]) => {
        warmUpStopped = true;
        return method(...args);
      },
    });
  }
  return api;
}
