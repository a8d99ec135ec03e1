/** The common interface every benchmarked solver is adapted to. */
import type { Puzzle } from '../sets.ts';

/** `true`, or the reason the engine cannot do it (shown in the table). */
export type Support = true | string;

export interface Capabilities {
  /** Find one solution. */
  solve: Support;
  /** Count solutions stopping at 2 (the uniqueness check). */
  unique: Support;
  /** Puzzles with irregular regions. */
  jigsaw: Support;
  /** Whether the engine reports search nodes. */
  nodes: boolean;
}

export interface SolveAnswer {
  /** The first solution found, or null when the engine found none. */
  grid: ArrayLike<number> | null;
  nodes?: number;
}

export interface CountAnswer extends SolveAnswer {
  /** Solutions found, at most 2. */
  count: number;
}

export interface Engine {
  /** Short name for `--engine`. */
  id: string;
  /** Name shown in the table. */
  name: string;
  /** Ours (measured against the peers) or an npm peer. */
  ours: boolean;
  capabilities: Capabilities;
  /** Find a first solution. */
  solve(puzzle: Puzzle): SolveAnswer;
  /** Count solutions up to 2; `grid` is the first one found. */
  countUpTo2(puzzle: Puzzle): CountAnswer;
}

/** Throws for a task the engine cannot do; the runner checks capabilities first. */
export function unsupported(engine: string, task: string): never {
  throw new Error(`${engine} cannot ${task}`);
}
