/**
 * Random jigsaw layouts and puzzles, for the app's "new puzzle" and a setter's generator.
 *
 * Layouts start from the standard boxes (bands of compact regions for the sizes without
 * boxes: board.ts startRegions) and trade cells across region borders, keeping every
 * region connected and of size N. The symmetric variant makes each trade together
 * with its image under a half turn of the grid (the start is symmetric, box b
 * facing box N-1-b), and keeps a trade only when the layout stays symmetric, connected and
 * of the right sizes: the style of published jigsaw puzzles.
 *
 * Puzzles start from a random solution of the layout and remove clues in random order
 * while the answer provably stays unique. Clues go in orbits of the chosen clue symmetry
 * (a cell alone; a cell and its half-turn image; a cell and its mirror in the main
 * diagonal), so symmetry holds at every moment. A removal whose uniqueness check would
 * take more than a guess budget keeps its clue, which bounds big grids; "minimal" adds a
 * second pass with complete checks over the clues whose first check ran out of budget (a
 * clue kept because its removal allowed a second solution is needed for good), so no clue
 * (no orbit, with a symmetry) can be removed at the end.
 *
 * A target difficulty (target.ts) is a level, or a range of ER on the Sudoku Explainer
 * scale (`{ er: [4.0, 5.0] }`, the number of the puzzle's hardest step). A level of easy to
 * extreme, or any range, is met by a guided search (guidedSearch.ts): clues go only while
 * the puzzle stays unique and rated at most the target (its level, or its ER), judged by
 * logic with the target's techniques (a solve by logic proves uniqueness, so no complete
 * check is needed); a pass that ends below the target is repaired by trading a clue, and
 * only then does a new attempt start from a new solution. With "minimal" too, a result at
 * the target is kept when no clue can go at all; after defaultMinimalAttempts results that
 * are not minimal, the one with the fewest clues is taken, and the result says so (a
 * minimal 16x16 is seldom solvable by logic). "needs search" is met by trying: unguided
 * puzzles are rated until one needs search. When the attempts run out the result says so,
 * with the ratings seen and the closest puzzle made (levels apart, or ER apart, for a
 * range: targetDistance). Every result with a difficulty is rated by the full solver
 * afresh: the rating reported is the solver's. Progress, with an estimate of the time left,
 * is reported per removal. Without a target the result is not rated: a logic solve is most
 * of a 9x9's generation time, so a caller that shows the rating asks for it (ratePuzzle).
 */
import { createBoard, startRegions, type Board } from './board.ts';
import { guessBudget, withBeat } from './contract.ts';
import { countSolutionsBest } from './engines.ts';
import { neighbourAcross, SIDES } from './layout.ts';
import { ratingOf, type Rating } from './logic/rating.ts';
import { solveByLogic } from './logic/solver.ts';
import {
  guidedAttempt,
  isMinimal,
  TimeLeft,
  type Guide,
  type SetterPhase,
  type Work,
} from './guidedSearch.ts';
import { LEVELS, type Level } from './logic/techniques.ts';
import {
  erText,
  isExplainerTarget,
  standing,
  targetDistance,
  targetTechniques,
  targetWords,
  type Difficulty,
} from './target.ts';

export type { SetterPhase } from './guidedSearch.ts';
import { randomInt, shuffle, type Random } from './random.ts';

function isConnected(size: number, regions: Uint8Array, region: number): boolean {
  let start = -1;
  let members = 0;
  for (let cell = 0; cell < size * size; cell++) {
    if (regions[cell] === region) {
      members++;
      if (start < 0) start = cell;
    }
  }
  if (start < 0) return true;
  const seen = new Uint8Array(size * size);
  const stack = [start];
  seen[start] = 1;
  let reached = 0;
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    reached++;
    for (const side of SIDES) {
      const next = neighbourAcross(cell, side, size);
      if (next >= 0 && !seen[next] && regions[next] === region) {
        seen[next] = 1;
        stack.push(next);
      }
    }
  }
  return reached === members;
}

/** A cell of `region` that borders `other`, chosen at random; -1 when none. */
function borderCell(
  size: number,
  regions: Uint8Array,
  region: number,
  other: number,
  random: Random,
): number {
  const choices: number[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    if (regions[cell] !== region) continue;
    if (SIDES.some((side) => regions[neighbourAcross(cell, side, size)] === other))
      choices.push(cell);
  }
  return choices.length === 0 ? -1 : choices[randomInt(random, choices.length)];
}

/**
 * A random jigsaw layout of N connected regions of N cells. `swaps` trades of a cell pair
 * across a border are attempted (default 40·N); more swaps give more twisted regions.
 */
export function randomJigsawLayout(size: number, random: Random, swaps = 40 * size): Uint8Array {
  const regions = startRegions(size);
  for (let attempt = 0; attempt < swaps; attempt++) {
    const cell = randomInt(random, size * size);
    const side = SIDES[randomInt(random, 4)];
    const neighbour = neighbourAcross(cell, side, size);
    if (neighbour < 0 || regions[neighbour] === regions[cell]) continue;
    const from = regions[cell];
    const to = regions[neighbour];
    // `cell` moves to region `to`; a cell of `to` bordering `from` moves back, keeping sizes.
    regions[cell] = to;
    const back = borderCell(size, regions, to, from, random);
    if (back < 0 || back === cell) {
      regions[cell] = from;
      continue;
    }
    regions[back] = from;
    if (!isConnected(size, regions, from) || !isConnected(size, regions, to)) {
      regions[back] = to;
      regions[cell] = from;
    }
  }
  return regions;
}

/** Cells per region, and whether every region has N cells. */
function regionsHaveSize(size: number, regions: Uint8Array): boolean {
  const counts = new Int32Array(size);
  for (const region of regions) counts[region]++;
  return counts.every((count) => count === size);
}

/**
 * A random jigsaw layout with 180-degree rotational symmetry: the cell a half turn takes a
 * cell to lies in the region a half turn takes its region to. Each trade of randomJigsawLayout
 * is made together with its image and kept only when the layout stays valid and symmetric.
 */
export function randomSymmetricLayout(size: number, random: Random, swaps = 40 * size): Uint8Array {
  let regions = startRegions(size);
  // The half turn takes box b to box N-1-b; trades keep that pairing of regions.
  const facing = (region: number): number => size - 1 - region;
  for (let attempt = 0; attempt < swaps; attempt++) {
    const cell = randomInt(random, size * size);
    const side = SIDES[randomInt(random, 4)];
    const neighbour = neighbourAcross(cell, side, size);
    if (neighbour < 0 || regions[neighbour] === regions[cell]) continue;
    const from = regions[cell];
    const to = regions[neighbour];
    const trial = Uint8Array.from(regions);
    trial[cell] = to;
    const back = borderCell(size, trial, to, from, random);
    if (back < 0 || back === cell) continue;
    trial[back] = from;
    trial[halfTurn(cell, size)] = facing(to);
    trial[halfTurn(back, size)] = facing(from);
    const touched = [cell, back].map((moved) => halfTurn(moved, size));
    const symmetric = [cell, back, ...touched].every(
      (moved) => trial[halfTurn(moved, size)] === facing(trial[moved]),
    );
    if (!symmetric || !regionsHaveSize(size, trial)) continue;
    const changed = new Set([from, to, facing(from), facing(to)]);
    if ([...changed].every((region) => isConnected(size, trial, region))) regions = trial;
  }
  return regions;
}

/**
 * A random full solution grid for a layout, or null when the search gives up after
 * `attempts` tries of `nodeBudget` guesses each (some jigsaw layouts have no solution).
 */
export function randomSolution(
  size: number,
  regions: Uint8Array,
  random: Random,
  nodeBudget = 20_000,
  attempts = 20,
): Uint8Array | null {
  // Seed a few random clues, each one a digit its row, column and region still allow, then
  // let the solver complete the grid (a clash would only waste the attempt).
  for (let attempt = 0; attempt < attempts; attempt++) {
    const givens = new Uint8Array(size * size);
    const used = new Int32Array(3 * size);
    const cells = shuffle(
      Array.from({ length: size * size }, (_, cell) => cell),
      random,
    );
    for (const cell of cells.slice(0, size)) {
      const units = [Math.floor(cell / size), size + (cell % size), 2 * size + regions[cell]];
      const taken = used[units[0]] | used[units[1]] | used[units[2]];
      const digits = Array.from({ length: size }, (_, d) => d + 1).filter(
        (digit) => !(taken & (1 << digit)),
      );
      if (digits.length === 0) continue;
      const digit = digits[randomInt(random, digits.length)];
      givens[cell] = digit;
      for (const unit of units) used[unit] |= 1 << digit;
    }
    const result = countSolutionsBest(
      createBoard(size, regions, givens),
      1,
      guessBudget(nodeBudget, 1024),
    );
    if (result.solutions.length > 0) return result.solutions[0];
  }
  return null;
}

/** Guesses one uniqueness check may take while clues are removed (see generatePuzzle). */
export const REMOVAL_CHECK_BUDGET = 2_000;

/**
 * A unique puzzle on a layout: a random solution, then clues removed in random order while
 * the answer provably stays unique. A removal whose uniqueness check would take more than
 * `checkBudget` guesses keeps its clue, so big grids finish in seconds; the puzzle is then
 * unique but may hold a few clues more than a minimal one. `onProgress(done, total)` is
 * called after each cell. Null when no solution could be found for the layout.
 */
export function generatePuzzle(
  size: number,
  regions: Uint8Array,
  random: Random,
  onProgress?: (done: number, total: number) => void,
  checkBudget = REMOVAL_CHECK_BUDGET,
): Board | null {
  const solution = randomSolution(size, regions, random);
  if (!solution) return null;
  const removed = removeClues(size, regions, solution, random, {
    orbits: orbitsOf(size, 'none'),
    checkBudget,
    onCell: onProgress,
  });
  return createBoard(size, regions, (removed as { givens: Uint8Array }).givens);
}

/** Which cells keep or lose their clues together. */
export type ClueSymmetry = 'none' | '180' | 'diagonal';
export const CLUE_SYMMETRIES: readonly ClueSymmetry[] = ['none', '180', 'diagonal'];

/** The cell a half turn of the grid takes `cell` to. */
export const halfTurn = (cell: number, size: number): number => size * size - 1 - cell;

/** The cell the main diagonal's mirror takes `cell` to. */
export const diagonalMirror = (cell: number, size: number): number =>
  (cell % size) * size + Math.floor(cell / size);

/** The orbits of a clue symmetry: sets of cells that hold clues together, in reading order. */
export function orbitsOf(size: number, symmetry: ClueSymmetry): number[][] {
  const orbits: number[][] = [];
  for (let cell = 0; cell < size * size; cell++) {
    const image =
      symmetry === '180'
        ? halfTurn(cell, size)
        : symmetry === 'diagonal'
          ? diagonalMirror(cell, size)
          : cell;
    if (image === cell) orbits.push([cell]);
    else if (image > cell) orbits.push([cell, image]);
  }
  return orbits;
}

/** Whether a puzzle's clues have a symmetry (a clue's image is a clue too). */
export function hasClueSymmetry(board: Board, symmetry: ClueSymmetry): boolean {
  return orbitsOf(board.size, symmetry).every(
    (orbit) => new Set(orbit.map((cell) => board.givens[cell] !== 0)).size === 1,
  );
}

interface RemovalOptions {
  orbits: number[][];
  /** Guesses a uniqueness check may take; Infinity for complete checks. */
  checkBudget: number;
  /** Start from these clues instead of the whole solution. */
  from?: Uint8Array;
  signal?: { readonly aborted: boolean };
  /** Called at every search checkpoint (see SetterOptions.beat). */
  beat?: () => void;
  /** Cells processed so far (an orbit's cells at once) and the grid's cell count. */
  onCell?: (done: number, total: number) => void;
}

/**
 * Remove clues orbit by orbit in random order while the puzzle stays unique. Returns the
 * clues left, the guesses its checks took, and the orbits whose clues stayed for a reason
 * that may not last: a check that ran out of budget. An orbit that stayed because its removal allowed a second solution stays needed for good (removing more
 * clues keeps both solutions), so a later minimal pass need only look at the uncertain ones.
 * Null when the signal aborts.
 */
function removeClues(
  size: number,
  regions: Uint8Array,
  solution: Uint8Array,
  random: Random,
  options: RemovalOptions,
): { givens: Uint8Array; uncertain: number[][]; guesses: number; checks: number } | null {
  const givens = Uint8Array.from(options.from ?? solution);
  const order = shuffle([...options.orbits], random);
  const total = order.reduce((sum, orbit) => sum + orbit.length, 0);
  const uncertain: number[][] = [];
  let done = 0;
  let guesses = 0;
  let checks = 0;
  for (const orbit of order) {
    if (options.signal?.aborted === true) return null;
    done += orbit.length;
    if (orbit.every((cell) => givens[cell] === 0)) {
      options.onCell?.(done, total);
      continue;
    }
    for (const cell of orbit) givens[cell] = 0;
    const search = withBeat(
      Number.isFinite(options.checkBudget)
        ? guessBudget(options.checkBudget, Math.max(1, Math.min(256, options.checkBudget)))
        : { signal: options.signal },
      options.beat,
    );
    const check = countSolutionsBest(createBoard(size, regions, givens), 2, search);
    guesses += check.nodes;
    checks++;
    const unique = check.count === 1 && !check.aborted;
    if (!unique) {
      for (const cell of orbit) givens[cell] = solution[cell];
      if (check.aborted) uncertain.push(orbit);
    }
    options.onCell?.(done, total);
  }
  return options.signal?.aborted === true ? null : { givens, uncertain, guesses, checks };
}

/**
 * Attempts a target difficulty gets by default: 200 up to 9x9, fewer on bigger grids, where
 * an attempt takes longer (about 200·(81/N²)², at least 10: 63 at 12x12, 20 at 16x16).
 */
export function defaultAttempts(size: number): number {
  return Math.min(200, Math.max(10, Math.round(200 * (81 / (size * size)) ** 2)));
}

/**
 * With a difficulty and `minimal`, the attempts that may reach the difficulty without being
 * minimal before the one with the fewest clues is taken: a twentieth of defaultAttempts, at
 * least 1 (10 up to 9x9, 3 at 12x12, 1 at 16x16, where a minimal puzzle solvable by logic
 * is rare).
 */
export function defaultMinimalAttempts(size: number): number {
  return Math.max(1, Math.round(defaultAttempts(size) / 20));
}

export interface SetterOptions {
  clueSymmetry?: ClueSymmetry;
  /** No clue (no orbit of the clue symmetry) can be removed from the result. */
  minimal?: boolean;
  /** The rating the puzzle must have, a level or an ER range (target.ts); any when undefined. */
  difficulty?: Difficulty;
  /**
   * Attempts (each from a new solution of the layout) before giving up: default
   * defaultAttempts(size) with a difficulty, else 5.
   */
  maxAttempts?: number;
  /**
   * With a difficulty and `minimal`: attempts that reach the difficulty but are not minimal
   * before the one with the fewest clues is taken instead (defaultMinimalAttempts(size)).
   */
  minimalAttempts?: number;
  /** Guesses a check of the fast removal pass may take (REMOVAL_CHECK_BUDGET). */
  checkBudget?: number;
  signal?: { readonly aborted: boolean };
  onProgress?: (progress: SetterProgress) => void;
  /**
   * Called often while the generator works, also inside a long uniqueness check where no
   * progress is made to report: the worker's heartbeat (src/worker/liveness.ts).
   */
  beat?: () => void;
  /** The clock of the estimate of the time left, in milliseconds (default Date.now). */
  now?: () => number;
}

export interface SetterProgress {
  /** 1-based attempt under way. */
  attempt: number;
  maxAttempts: number;
  phase: SetterPhase;
  /** Steps done in this attempt's current phase, of `total` (cells while removing). */
  done: number;
  total: number;
  /** The attempts so far that missed the target, per level they were rated (a range's too). */
  missed: Partial<Record<Level, number>>;
  /** Milliseconds since the generation started. */
  elapsedMs: number;
  /**
   * Milliseconds left until the puzzle is made if this attempt succeeds, estimated from how
   * long the earlier attempts took and how far this one is; null until there is a basis.
   */
  estimatedMsLeft: number | null;
}

export type SetterResult =
  | {
      status: 'done';
      board: Board;
      /**
       * The rating, when a difficulty was asked (the logical solver's rating of `board`,
       * which is that level, or has an ER in that range); null otherwise, since rating is
       * most of a small puzzle's time: a caller that shows the rating asks for it
       * (ratePuzzle).
       */
      rating: Rating | null;
      attempts: number;
      /** Guesses the uniqueness checks of every attempt took: search work, load-independent. */
      guesses: number;
      /** Uniqueness checks made over every attempt (each a search, however short). */
      checks: number;
      /** Logical solves made over every attempt (the work of a difficulty). */
      solves: number;
      /**
       * Said when the puzzle is not all that was asked: with a difficulty and `minimal`, that
       * no minimal puzzle of that difficulty turned up, so this one is not minimal.
       */
      note?: string;
    }
  | {
      status: 'gave up';
      attempts: number;
      reason: string;
      /**
       * With a difficulty: the puzzle made whose rating came closest to it (targetDistance:
       * the nearest level, or the nearest ER for a range), rated; the caller may offer it,
       * saying what it is.
       */
      closest?: { board: Board; rating: Rating };
    }
  | { status: 'aborted'; attempts: number };

/**
 * Of two rated puzzles missing `target`, the closer: the nearer level, or the nearer ER for
 * a range (targetDistance), then fewer clues.
 */
function closer(
  target: Difficulty,
  best: { board: Board; rating: Rating } | undefined,
  next: { board: Board; rating: Rating },
): { board: Board; rating: Rating } {
  if (best === undefined) return next;
  const clues = (board: Board): number => board.givens.filter((digit) => digit !== 0).length;
  const [a, b] = [targetDistance(target, best.rating), targetDistance(target, next.rating)];
  if (b !== a) return b < a ? next : best;
  return clues(next.board) < clues(best.board) ? next : best;
}

const cluesIn = (givens: Uint8Array): number => givens.filter((digit) => digit !== 0).length;

/**
 * A puzzle for a setter on a given layout: unique, with the clue symmetry asked for,
 * minimal if asked, and of the difficulty asked for (see the file header).
 */
export function generateSetterPuzzle(
  size: number,
  regions: Uint8Array,
  random: Random,
  options: SetterOptions = {},
): SetterResult {
  const symmetry = options.clueSymmetry ?? 'none';
  const target = options.difficulty;
  const maxAttempts = options.maxAttempts ?? (target === undefined ? 5 : defaultAttempts(size));
  const minimalAttempts = options.minimalAttempts ?? defaultMinimalAttempts(size);
  const orbits = orbitsOf(size, symmetry);
  const budget = options.checkBudget ?? REMOVAL_CHECK_BUDGET;
  const missed: Partial<Record<Level, number>> = {};
  /** With a range: the ERs of the attempts that missed it, for the reason (null: none). */
  const missedEr = new Map<number | null, number>();
  const clock = new TimeLeft(options.now ?? Date.now);
  const work: Work = { guesses: 0, checks: 0, solves: 0 };
  const guide: Guide | null =
    target === undefined || target === 'needs search'
      ? null
      : {
          size,
          regions,
          solution: new Uint8Array(0),
          orbits,
          target,
          techniques: targetTechniques(target),
          checkBudget: budget,
          signal: options.signal,
          beat: options.beat,
          work,
        };
  let closest: { board: Board; rating: Rating } | undefined;
  /** With minimal: the attempts that reached the target without being minimal. */
  let notMinimal: { board: Board; rating: Rating } | undefined;
  let notMinimalCount = 0;
  let noSolution = 0;
  const done = (board: Board, rating: Rating | null, attempts: number, note?: string) => ({
    status: 'done' as const,
    board,
    rating,
    attempts,
    ...work,
    ...(note === undefined ? {} : { note }),
  });
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const report = (phase: SetterPhase, doneSteps: number, total: number): void =>
      options.onProgress?.({
        attempt,
        maxAttempts,
        phase,
        done: doneSteps,
        total,
        missed: { ...missed },
        elapsedMs: clock.elapsed(),
        estimatedMsLeft: clock.left(phase, doneSteps, total),
      });
    const solution = randomSolution(size, regions, random);
    if (solution === null) {
      noSolution++;
      if (noSolution >= 3) {
        return {
          status: 'gave up',
          attempts: attempt,
          reason: `no solution of this ${size}×${size} layout turned up in ${noSolution} searches; it may have none`,
        };
      }
      continue;
    }
    let board: Board;
    let rating: Rating;
    // A guide means a target (undefined only for "any", which goes unguided).
    if (guide !== null && target !== undefined) {
      guide.solution = solution;
      const made = guidedAttempt(guide, random, report);
      if (made === null) return { status: 'aborted', attempts: attempt };
      board = createBoard(size, regions, made.givens);
      // The rating is the logical solver's own, made afresh on the result.
      rating = ratingOf(solveByLogic(board, { beat: options.beat }));
      work.solves++;
      if (standing(target, rating) === 0 && options.minimal === true) {
        const minimal = isMinimal(guide, made, (step, total) => report('minimal', step, total));
        if (minimal === null) return { status: 'aborted', attempts: attempt };
        if (minimal) return done(board, rating, attempt);
        notMinimalCount++;
        if (notMinimal === undefined || cluesIn(made.givens) < cluesIn(notMinimal.board.givens))
          notMinimal = { board, rating };
        if (notMinimalCount >= minimalAttempts) {
          return done(
            notMinimal.board,
            notMinimal.rating,
            attempt,
            notMinimalNote(size, target, notMinimalCount),
          );
        }
        clock.attemptEnded();
        continue;
      }
    } else {
      const made = unguidedAttempt(
        size,
        regions,
        solution,
        random,
        options,
        orbits,
        budget,
        work,
        report,
      );
      if (made === null) return { status: 'aborted', attempts: attempt };
      board = createBoard(size, regions, made);
      // Rating costs a logic solve (most of a 9x9's time): only a difficulty target needs it.
      if (target === undefined) return done(board, null, attempt);
      rating = ratingOf(solveByLogic(board, { beat: options.beat }));
      work.solves++;
    }
    if (standing(target, rating) === 0) return done(board, rating, attempt);
    missed[rating.level] = (missed[rating.level] ?? 0) + 1;
    const er = rating.level === 'needs search' ? null : (rating.explainer?.er ?? 0);
    missedEr.set(er, (missedEr.get(er) ?? 0) + 1);
    closest = closer(target, closest, { board, rating });
    clock.attemptEnded();
  }
  if (notMinimal !== undefined && target !== undefined) {
    return done(
      notMinimal.board,
      notMinimal.rating,
      maxAttempts,
      notMinimalNote(size, target, notMinimalCount),
    );
  }
  const seen =
    target !== undefined && isExplainerTarget(target)
      ? erSeen(missedEr)
      : LEVELS.filter((level) => missed[level] !== undefined)
          .map((level) => `${missed[level]} ${level}`)
          .join(', ');
  return {
    status: 'gave up',
    attempts: maxAttempts,
    reason:
      `no ${size}×${size} puzzle rated ${target === undefined ? 'at all' : targetWords(target)} ` +
      `turned up in ${maxAttempts} attempts (ratings seen: ${seen || 'none'})`,
    ...(closest === undefined ? {} : { closest }),
  };
}

/** The ERs seen, easiest first, with how often: "3 ER 2.3, 1 ER 3.4, 2 needs search". */
function erSeen(missedEr: ReadonlyMap<number | null, number>): string {
  const ers = [...missedEr.keys()].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  return ers
    .map((er) => `${missedEr.get(er)} ${er === null ? 'needs search' : `ER ${erText(er)}`}`)
    .join(', ');
}

/** The note of a puzzle at the difficulty that is not minimal (SetterResult.note). */
function notMinimalNote(size: number, target: Difficulty, attempts: number): string {
  const puzzles = attempts === 1 ? 'puzzle' : 'puzzles';
  const words = targetWords(target);
  // A removal was refused past the range's top, or (ER is not monotone) below its bottom.
  const harder = isExplainerTarget(target)
    ? `take it out of ${words}`
    : `make it harder than ${words}`;
  return (
    `not minimal: none of the ${attempts} ${size}×${size} ${puzzles} rated ${words} made ` +
    `was minimal; this one has the fewest clues of them, and a clue that could still go ` +
    `would ${harder}`
  );
}

/**
 * An attempt without a guide (no difficulty, or "needs search"): clues removed while the
 * answer stays unique, then with `minimal` the pass of complete checks. Null on abort.
 */
function unguidedAttempt(
  size: number,
  regions: Uint8Array,
  solution: Uint8Array,
  random: Random,
  options: SetterOptions,
  orbits: number[][],
  budget: number,
  work: Work,
  report: (phase: SetterPhase, done: number, total: number) => void,
): Uint8Array | null {
  let removed = removeClues(size, regions, solution, random, {
    orbits,
    checkBudget: budget,
    signal: options.signal,
    beat: options.beat,
    onCell: (done, total) => report('removing', done, total),
  });
  if (removed === null) return null;
  work.guesses += removed.guesses;
  work.checks += removed.checks;
  if (options.minimal === true) {
    removed = removeClues(size, regions, solution, random, {
      orbits: removed.uncertain,
      checkBudget: Infinity,
      from: removed.givens,
      signal: options.signal,
      beat: options.beat,
      onCell: (done, total) => report('minimal', done, total),
    });
    if (removed === null) return null;
    work.guesses += removed.guesses;
    work.checks += removed.checks;
  }
  return removed.givens;
}
