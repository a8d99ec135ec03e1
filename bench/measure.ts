/** Time one engine on one task over one set, then check every answer it gave. */
import { isSolution } from '../src/engine/index.ts';
import type { CountAnswer, Engine, SolveAnswer, Support } from './engines/types.ts';
import type { Puzzle, PuzzleSet } from './sets.ts';

export type Task = 'solve' | 'unique';
export const TASKS: readonly Task[] = ['solve', 'unique'];

export interface MeasureOptions {
  /** Stop timing after the puzzle that crosses this many milliseconds of CPU time. */
  timeBoxMs: number;
  /** Timed runs over the set; the fastest is reported. A time-boxed run is not repeated. */
  rounds: number;
  /** Warm-up: at most this many puzzles... */
  warmupPuzzles: number;
  /** ...and at most this many milliseconds. */
  warmupMs: number;
}

export interface Measured {
  kind: 'measured';
  /** Puzzles timed (a prefix of the set's puzzles). */
  puzzles: number;
  /** True when the time box stopped the run before the end of the set's puzzles. */
  timeBoxed: boolean;
  /** Timed runs made (the fastest is reported). */
  rounds: number;
  /** CPU time of this process (user + system) over the timed run; the basis of the rates. */
  cpuMs: number;
  wallMs: number;
  /** Total search nodes, when the engine reports them. */
  nodes: number | null;
  /** Answers that failed validation in any round, with the first one's line and reason. */
  failures: number;
  firstFailure: string | null;
}

export interface NotSupported {
  kind: 'n/a';
  reason: string;
}

export interface Cell {
  set: PuzzleSet;
  task: Task;
  engine: Engine;
  result: Measured | NotSupported;
}

type Run = (puzzle: Puzzle) => SolveAnswer | CountAnswer;

function runnerOf(engine: Engine, task: Task): Run {
  return task === 'solve' ? engine.solve : engine.countUpTo2;
}

/** Why the engine cannot do this task on this set, or null when it can. */
export function unsupportedReason(engine: Engine, set: PuzzleSet, task: Task): string | null {
  const needs: Support[] = [
    task === 'solve' ? engine.capabilities.solve : engine.capabilities.unique,
  ];
  if (set.jigsaw) needs.push(engine.capabilities.jigsaw);
  const missing = needs.find((support) => support !== true);
  return missing === undefined ? null : (missing as string);
}

function warmUp(run: Run, puzzles: Puzzle[], options: MeasureOptions): void {
  const end = performance.now() + options.warmupMs;
  const count = Math.min(options.warmupPuzzles, puzzles.length);
  for (let index = 0; index < count && performance.now() < end; index++) run(puzzles[index]);
}

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/**
 * What the timed loop keeps of the answers: grids copied into one flat buffer, not the answer
 * objects, so that a growing pile of live results does not make garbage collection (and so
 * engines that allocate more) slower as the run goes on.
 */
interface Recorded {
  length: number;
  cells: number;
  grids: Uint8Array;
  /** Solutions counted (1 for solve), -1 when no grid came back. */
  counts: Int8Array;
  nodes: number;
}

function recorder(puzzles: Puzzle[]): Recorded {
  const cells = puzzles[0]?.board.givens.length ?? 0;
  return {
    length: 0,
    cells,
    grids: new Uint8Array(puzzles.length * cells),
    counts: new Int8Array(puzzles.length),
    nodes: 0,
  };
}

function record(into: Recorded, answer: SolveAnswer | CountAnswer): void {
  const index = into.length++;
  if (answer.grid === null) into.counts[index] = -1;
  else {
    into.grids.set(answer.grid, index * into.cells);
    into.counts[index] = 'count' in answer ? answer.count : 1;
  }
  into.nodes += answer.nodes ?? 0;
}

/**
 * Run over the puzzles in order until the end or the time box (CPU time, so that other load
 * on the machine does not cut the run short), recording the answers for checking. The CPU
 * clock is read only once the wall clock has passed the box.
 */
function timeRun(run: Run, puzzles: Puzzle[], timeBoxMs: number) {
  const answers = recorder(puzzles);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const deadline = start + timeBoxMs;
  for (let index = 0; index < puzzles.length; index++) {
    record(answers, run(puzzles[index]));
    if (performance.now() > deadline && cpuMsSince(cpuStart) > timeBoxMs) break;
  }
  const wallMs = performance.now() - start;
  return { answers, wallMs, cpuMs: cpuMsSince(cpuStart) };
}

/** The reason the answer to puzzle `index` is wrong, or null when it is right. */
function checkAnswer(
  puzzle: Puzzle,
  answers: Recorded,
  index: number,
  task: Task,
  expected: PuzzleSet['expected'],
): string | null {
  const count = answers.counts[index];
  if (count === -1) return 'no solution found';
  const grid = answers.grids.subarray(index * answers.cells, (index + 1) * answers.cells);
  if (!isSolution(puzzle.board, grid)) return 'returned grid is not a solution';
  if (task === 'unique') {
    const verdict = count === 1 ? 'unique' : count >= 2 ? 'multiple' : 'none';
    if (verdict !== expected) return `verdict ${verdict}, expected ${expected}`;
  }
  return null;
}

function validate(set: PuzzleSet, task: Task, answers: Recorded) {
  let failures = 0;
  let firstFailure: string | null = null;
  for (let index = 0; index < answers.length; index++) {
    const reason = checkAnswer(set.puzzles[index], answers, index, task, set.expected);
    if (reason === null) continue;
    failures++;
    firstFailure ??= `line ${index + 1}: ${reason}`;
  }
  return { failures, firstFailure };
}

type Timed = ReturnType<typeof timeRun>;

/** Time the run `rounds` times (once when time-boxed), checking every round's answers. */
function timeRounds(engine: Engine, set: PuzzleSet, task: Task, options: MeasureOptions) {
  const run = runnerOf(engine, task);
  let best: Timed | null = null;
  let rounds = 0;
  let failures = 0;
  let firstFailure: string | null = null;
  while (rounds < options.rounds) {
    const timed = timeRun(run, set.puzzles, options.timeBoxMs);
    rounds++;
    const checked = validate(set, task, timed.answers);
    failures += checked.failures;
    firstFailure ??= checked.firstFailure;
    if (best === null || timed.cpuMs / timed.answers.length < best.cpuMs / best.answers.length) {
      best = timed;
    }
    if (timed.answers.length < set.puzzles.length) break;
  }
  return { best: best as Timed, rounds, failures, firstFailure };
}

export function measure(engine: Engine, set: PuzzleSet, task: Task, options: MeasureOptions): Cell {
  const reason = unsupportedReason(engine, set, task);
  if (reason !== null) return { set, task, engine, result: { kind: 'n/a', reason } };
  warmUp(runnerOf(engine, task), set.puzzles, options);
  const { best, rounds, failures, firstFailure } = timeRounds(engine, set, task, options);
  return {
    set,
    task,
    engine,
    result: {
      kind: 'measured',
      puzzles: best.answers.length,
      timeBoxed: best.answers.length < set.puzzles.length,
      rounds,
      cpuMs: best.cpuMs,
      wallMs: best.wallMs,
      nodes: engine.capabilities.nodes ? best.answers.nodes : null,
      failures,
      firstFailure,
    },
  };
}

/** Puzzles per second of CPU time. */
export const puzzlesPerSecond = (result: Measured): number =>
  (result.puzzles * 1000) / result.cpuMs;

export const microsecondsPerPuzzle = (result: Measured): number =>
  (result.cpuMs * 1000) / result.puzzles;
