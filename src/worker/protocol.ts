/**
 * The worker seam, types only (comlink's protocol.ts, squoosh's shared/meta.ts): what the
 * main thread may ask the solver worker, and what comes back.
 */
import type { EngineName } from '../engine/engines.ts';
import type { ClueConflict, SearchProgress } from '../engine/contract.ts';
import type { Constraint } from '../engine/variants/constraints.ts';
import type {
  Clue,
  ClueSymmetry,
  LayoutVerdict,
  Verdict,
  Difficulty,
  RedundantConstraint,
  LogicStatus,
  Rating,
  SetterProgress,
  Step,
} from '../engine/index.ts';
import type { Detection, FormatError, FormatName, JsonValue } from '../formats/index.ts';

/** One count request: a puzzle with a valid layout, and how far to count. */
export interface CountRequest {
  size: number;
  /** Region id per cell, 0..size-1 (a valid layout: the store checks before asking). */
  regions: ArrayLike<number>;
  /** Clue per cell, 0 = empty. */
  givens: ArrayLike<number>;
  /** Stop after this many solutions (2 = the uniqueness check). */
  limit: number;
  /** How many of the solutions found to send back (default 2: enough to show a difference). */
  keepSolutions?: number;
  /** Which engine searches (default: the fastest, `fast`; `dlx` is the reference). */
  engine?: EngineName;
  /**
   * Variant constraints (killer cages, thermometers…): when there are any, the variant
   * engine counts (src/engine/variants/variantSolver.ts) and `engine` is not used.
   */
  constraints?: readonly Constraint[];
}

/** The answer to a count; `solutions` are plain arrays so they clone cheaply and persist. */
export interface CountResponse {
  /** Solutions found, at most `limit`; exact when `complete`. */
  count: number;
  solutions: number[][];
  /** Search nodes visited. */
  nodes: number;
  complete: boolean;
  /** Clues that clash directly; when non-empty no search was made. */
  clueConflicts: ClueConflict[];
}

export type ProgressFn = (progress: SearchProgress) => void;

/** A generated puzzle: a random jigsaw layout and clues with exactly one solution. */
export interface GeneratedPuzzle {
  size: number;
  /** Region id per cell, 0..size-1. */
  regions: number[];
  /** Clue per cell, 0 = empty; minimal: removing any clue makes a second solution. */
  givens: number[];
}

/**
 * A position for the logical solver: a puzzle with a valid layout, the digits placed so far
 * (clues and deductions alike, 0 = empty) and, optionally, candidate masks per cell (bit d =
 * digit d) to start from instead of what the digits allow (a solver's progress).
 */
export interface LogicRequest {
  size: number;
  regions: ArrayLike<number>;
  digits: ArrayLike<number>;
  candidates?: ArrayLike<number>;
  /**
   * The puzzle's variant constraints: the logical solver reasons with them (and a rating
   * counts with the variant engine). A constraint with a problem is refused (RangeError).
   */
  constraints?: readonly Constraint[];
  /**
   * The caller knows the puzzle has exactly one solution (Play, whose hints need the unique
   * solution first): nextStep may then give a uniqueness step (a unique rectangle, a BUG),
   * whose explanation says it assumes so. Never for a setter's check.
   */
  assumeUnique?: boolean;
}

/** The next step from a position, or why there is none. */
export interface HintResponse {
  /** 'step': `step` is the next one; else the position is full, beyond the techniques, or impossible. */
  status: 'step' | LogicStatus;
  step: Step | null;
  /** Why the position is impossible, when status is 'contradiction'. */
  contradiction?: string;
}

/** A solve by logic from a position: the steps, and where it ended. */
export interface LogicSolveResponse {
  status: LogicStatus;
  steps: Step[];
  /** The digits and candidate masks reached. */
  digits: number[];
  candidates: number[];
  /** The empty cells left (where it got stuck). */
  stuckCells: number[];
  contradiction?: string;
}

/** A rating, with what a count says about the puzzle's solutions first. */
export interface RateResponse {
  /** From a complete count up to 2: a rating means something only for 'unique'. */
  solutions: 'none' | 'unique' | 'multiple';
  /** The rating of a unique puzzle; null otherwise. */
  rating: Rating | null;
}

/** Where a generated puzzle's layout comes from. */
export type LayoutChoice = 'keep' | 'random' | 'symmetric';

/** What the New puzzle dialog asks the generator for. */
export interface SetterRequest {
  size: number;
  /** 'keep': `regions` (a valid layout); 'random' / 'symmetric': a fresh jigsaw layout. */
  layout: LayoutChoice;
  regions?: ArrayLike<number>;
  clueSymmetry: ClueSymmetry;
  minimal: boolean;
  /** The rating wanted, a level or an ER range (the engine's target.ts); undefined for any. */
  difficulty?: Difficulty;
  seed: number;
  /**
   * Attempts before giving up on the difficulty (the engine's default, defaultAttempts:
   * 200 up to 9x9, 20 at 16x16); a random layout shares them among DIFFICULTY_LAYOUTS.
   */
  maxAttempts?: number;
}

/** A generated puzzle with its rating and how many attempts it took. */
export interface SetterPuzzle extends GeneratedPuzzle {
  rating: Rating;
  attempts: number;
  /**
   * Said when the puzzle is not all that was asked, in words for the user: the difficulty
   * could not be had (this is the closest puzzle made), or it is not minimal.
   */
  note?: string;
}

export type SetterProgressFn = (progress: SetterProgress) => void;

// ---------------------------------------------------------------------------------------------
// The setter's tools (true candidates, explain, minimise, layout check, estimate)

/** A puzzle with a valid layout, for the setter's tools. */
export interface PuzzleRequest {
  size: number;
  /** Region id per cell, 0..size-1 (a valid layout: the store checks before asking). */
  regions: ArrayLike<number>;
  /** Clue per cell, 0 = empty. */
  givens: ArrayLike<number>;
  /**
   * Variant constraints: when there are any, every tool counts with them (the engine's
   * counterFor), so its answer is about the whole puzzle. The estimate refuses them.
   */
  constraints?: readonly Constraint[];
}

/** Tests done so far by a tool that tests one thing at a time, and how many at most. */
export interface ToolProgress {
  done: number;
  total: number;
}

export type ToolProgressFn = (progress: ToolProgress) => void;

/** True candidates (the engine's trueCandidates), as plain arrays. */
export interface CandidatesResponse {
  status: Verdict;
  /** Per cell, bit d set when digit d is a true candidate (a clue: its own digit). */
  masks: number[];
  /** Empty cells with exactly one true candidate. */
  singles: number[];
  /** False when the test limit stopped it: the masks hold what was proven so far. */
  complete: boolean;
  tests: number;
}

/** A setter's next step (the engine's explainPuzzle), as plain data. */
export type ExplainResponse =
  | { verdict: 'multiple'; fix: Clue[]; proven: boolean }
  | { verdict: 'none'; layout: 'cannot be filled' }
  /** `core`: clue cells; `constraints`: indices in the request's constraints. */
  | { verdict: 'none'; core: number[]; constraints: number[]; complete: boolean }
  | {
      verdict: 'unique';
      redundant: number[];
      /** The clues' symmetry, kept: the redundant clues go in mirrored pairs. */
      symmetry: ClueSymmetry;
      /** The variant constraints (indices in the request's) or cage sums that can go alone. */
      redundantConstraints: RedundantConstraint[];
      complete: boolean;
    }
  | { verdict: 'unknown' };

/** Clues removed one at a time (or by mirrored pairs) in a seeded order until none can go. */
export interface MinimiseResponse {
  givens: number[];
  /** Cells whose clues went, in the order removed. */
  removed: number[];
  /** The clues' symmetry, kept ('none' when they had none). */
  symmetry: ClueSymmetry;
}

/** Whether a layout alone can be filled, with one filled grid when it can. */
export interface LayoutCheckResponse {
  verdict: LayoutVerdict;
  grid: number[] | null;
}

/** Knuth's estimate of the number of solutions, with its error bar (three standard errors). */
export interface EstimateResponse {
  estimate: number;
  low: number;
  high: number;
  paths: number;
  /** False when too few paths reached a solution for the bar to mean much. */
  reliable: boolean;
}

/** What the worker exposes through Comlink. */
export interface SolverApi {
  /** Count solutions up to `request.limit`, reporting progress at most every ~100 ms. */
  count(request: CountRequest, onProgress?: ProgressFn): Promise<CountResponse>;
  /** A random valid jigsaw layout (region id per cell) for a size, from a seed. */
  randomLayout(size: number, seed: number): Promise<number[]>;
  /**
   * A unique puzzle on a random jigsaw layout, from a seed (the engine's generatePuzzle: minimal
   * on small grids, a few spare clues on big ones; a layout with no solution is replaced by
   * another). Well under a second up to 12x12, a few seconds for 16x16; callers cancel it by
   * aborting (which terminates the worker).
   */
  generatePuzzle(size: number, seed: number): Promise<GeneratedPuzzle>;
  /** The next logical step from a position (the hint). */
  nextStep(request: LogicRequest): Promise<HintResponse>;
  /** Solve by logic from a position, to the end or to where it gets stuck. */
  solveByLogic(request: LogicRequest): Promise<LogicSolveResponse>;
  /** Count (up to 2), then rate a unique puzzle by logic; `digits` are its clues. */
  rate(request: LogicRequest): Promise<RateResponse>;
  /**
   * A setter's puzzle: layout, clue symmetry, minimal, difficulty (the engine's
   * generateSetterPuzzle). When the difficulty cannot be had it resolves with the closest
   * puzzle made and a `note` saying so; rejects with the reason when no puzzle was made (no
   * layout with a solution turned up). Progress per removal, with the attempt and an
   * estimate of the time left.
   */
  generateSetterPuzzle(
    request: SetterRequest,
    onProgress?: SetterProgressFn,
  ): Promise<SetterPuzzle>;
  /** Read an import and keep its cases (importer.ts); progress at most every ~100 ms. */
  parseImport(
    source: ImportSource,
    format: FormatName | null,
    onProgress?: ImportProgressFn,
  ): Promise<ImportSummary>;
  /** One good case of the parse `id`, in full. */
  importCase(id: number, index: number): Promise<ImportedCase>;
  /**
   * Start warming the engines up (the engine's warmUpSteps), one short search per task, so
   * the next real count costs about what later ones do; resolves at once. The next request
   * of any other kind waits for one step at most and ends the warm-up. Calling it again does
   * nothing.
   */
  warmUp(): Promise<void>;
  /** Several good cases of the parse `id`, in full. */
  importCases(id: number, indices: number[]): Promise<ImportedCase[]>;
  /** Solve every case of the parse `id` as `squiggly solve` does (importer.ts). */
  solveBatch(id: number, onBatch: BatchProgressFn): Promise<BatchResult>;
  /** True candidates of every cell; progress per test (SetterToolsClient says more). */
  trueCandidates(request: PuzzleRequest, onProgress?: ToolProgressFn): Promise<CandidatesResponse>;
  explain(request: PuzzleRequest, onProgress?: ToolProgressFn): Promise<ExplainResponse>;
  minimise(
    request: PuzzleRequest,
    seed: number,
    onProgress?: ToolProgressFn,
  ): Promise<MinimiseResponse>;
  checkLayout(size: number, regions: ArrayLike<number>): Promise<LayoutCheckResponse>;
  estimate(request: PuzzleRequest, onProgress?: ToolProgressFn): Promise<EstimateResponse>;
}

/** Per-call options of a setter's tool. */
export interface ToolCallOptions {
  /** Aborting terminates the worker at once; the call rejects with an AbortError. */
  signal?: AbortSignal;
  onProgress?: ToolProgressFn;
}

/**
 * The setter's tools in a worker. The app gives the store clients of their own for these (one
 * for true candidates, which follow every edit, one for the rest), so they never stop a
 * solve, a live verdict or a rating, nor each other.
 */
export interface SetterToolsClient {
  /** For every empty cell, the digits that appear in at least one solution (exact). */
  trueCandidates(request: PuzzleRequest, options?: ToolCallOptions): Promise<CandidatesResponse>;
  /** Count to 2, then the tool the verdict calls for: fixing clues, conflict core, redundant. */
  explain(request: PuzzleRequest, options?: ToolCallOptions): Promise<ExplainResponse>;
  /** A unique puzzle with no redundant clue left, removing clues in the order `seed` gives. */
  minimise(
    request: PuzzleRequest,
    seed: number,
    options?: ToolCallOptions,
  ): Promise<MinimiseResponse>;
  checkLayout(
    size: number,
    regions: ArrayLike<number>,
    options?: ToolCallOptions,
  ): Promise<LayoutCheckResponse>;
  estimate(request: PuzzleRequest, options?: ToolCallOptions): Promise<EstimateResponse>;
  dispose(): void;
}

/** Per-call options on the main-thread side. */
export interface CallOptions {
  /** Aborting terminates the worker at once; the call rejects with an AbortError. */
  signal?: AbortSignal;
  onProgress?: ProgressFn;
}

/** The main thread's handle on the solver: the store depends on this, not on Worker. */
export interface SolverClient {
  count(request: CountRequest, options?: CallOptions): Promise<CountResponse>;
  randomLayout(size: number, seed: number, options?: CallOptions): Promise<number[]>;
  /** See SolverApi.generatePuzzle; abort `options.signal` to cancel. */
  generatePuzzle(size: number, seed: number, options?: CallOptions): Promise<GeneratedPuzzle>;
  nextStep(request: LogicRequest, options?: CallOptions): Promise<HintResponse>;
  solveByLogic(request: LogicRequest, options?: CallOptions): Promise<LogicSolveResponse>;
  rate(request: LogicRequest, options?: CallOptions): Promise<RateResponse>;
  /** See SolverApi.generateSetterPuzzle; abort `options.signal` to cancel. */
  generateSetterPuzzle(
    request: SetterRequest,
    options?: { signal?: AbortSignal; onProgress?: SetterProgressFn },
  ): Promise<SetterPuzzle>;
  /** Stop the worker, if one runs. */
  dispose(): void;
}

// ---------------------------------------------------------------------------------------------
// Imports, read in the worker (importer.ts says how)

/** What to read: pasted text, or a file the worker reads itself. */
export type ImportSource = string | Blob;

export interface ImportProgress {
  /** How far the reading is, 0..1. */
  fraction: number;
  /** Cases met so far. */
  cases: number;
}

export type ImportProgressFn = (progress: ImportProgress) => void;

/** One good case in full, ready to load. */
export interface ImportedCase {
  /** 1-based case number in the input. */
  case: number;
  line: number;
  size: number;
  regions: number[];
  givens: number[];
  /** JSON only: the fields beside size, regions and givens (title, author, …). */
  extra?: Readonly<Record<string, JsonValue>>;
  /** JSON only: its variant constraints, which the app does not show or check yet. */
  constraints?: readonly Constraint[];
}

export interface ImportSummary {
  /** Names this parse in `caseAt`. */
  id: number;
  /** The format read and why, or why none fits (then nothing was parsed). */
  detection: Detection;
  /** Characters of text read (or, when refused unread, the file's size in bytes). */
  chars: number;
  /** Cases met, good or bad. */
  caseCount: number;
  /** The good cases, in input order: case number, first line, size, clues. */
  caseNumbers: Int32Array;
  lines: Int32Array;
  sizes: Uint8Array;
  clues: Uint16Array;
  /** The first MAX_ERRORS_SENT errors, and how many there were in all. */
  errors: FormatError[];
  errorCount: number;
  /** The first good case in full. */
  first: ImportedCase | null;
  /** Set when the input is too big to edit in the app: why, and what to use instead. */
  tooBig: string | null;
}

/** Per-call options of an import read. */
export interface ImportCallOptions {
  /** Aborting terminates the worker at once; the call rejects with an AbortError. */
  signal?: AbortSignal;
  onProgress?: ImportProgressFn;
}

/** Reading imports in a worker; the app gives the store a client of its own for this. */
export interface ImportClient {
  /** Read an input (text, or a file the worker reads), detecting its format when `format` is null. */
  parseImport(
    source: ImportSource,
    format: FormatName | null,
    options?: ImportCallOptions,
  ): Promise<ImportSummary>;
  /** Good case `index` of the parse `id`; rejects when the worker no longer holds that parse. */
  importCase(id: number, index: number, options?: { signal?: AbortSignal }): Promise<ImportedCase>;
  /** Good cases by index of the parse `id`. */
  importCases(
    id: number,
    indices: number[],
    options?: { signal?: AbortSignal },
  ): Promise<ImportedCase[]>;
  /**
   * Solve every case of the parse `id`; `options.onBatch` gets the statuses as they come and
   * answers whether to go on (false stops after that batch, keeping what was done; a later
   * call carries on). Aborting `options.signal` terminates the worker at once.
   */
  solveBatch(id: number, options: BatchCallOptions): Promise<BatchResult>;
  /** Stop the worker, and free what it holds. */
  dispose(): void;
}

/** A run of answered cases of a batch solve, in case order. */
export interface BatchProgress {
  /** Index (case number - 1) of the first case in `statuses`. */
  from: number;
  /** A status per case, as codes of ANSWER_STATUSES (formats/answers.ts). */
  statuses: Uint8Array;
  /** Why each invalid case among them is invalid, in words. */
  errors: { case: number; text: string }[];
}

/** Takes a batch; answering false stops the solve after it. */
export type BatchProgressFn = (batch: BatchProgress) => boolean | Promise<boolean>;

export interface BatchCallOptions {
  /** Aborting terminates the worker at once (what it held is lost). */
  signal?: AbortSignal;
  onBatch: BatchProgressFn;
}

/** Where a batch solve ended. */
export interface BatchResult {
  /** Every case is answered. */
  done: boolean;
  /** Cases answered so far. */
  answered: number;
  /** The whole output, the same bytes as `squiggly solve` prints; null until done. */
  answers: string | null;
}
