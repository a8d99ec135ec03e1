/**
 * Explain: a setter's next step, by verdict. The one place that decides which of the
 * setter's tools answers a puzzle, shared by the command line (`squiggly explain`) and the
 * app (the Solve panel's next-step line, through the worker).
 *
 * DESIGN: a uniqueness count (limit 2) first, then the tool the verdict calls for:
 *   - several solutions: the fewest clues that make it unique (fixingClues.ts), proven
 *     fewest when the solutions could be enumerated, else a verified short set;
 *   - no solution: the layout alone first ("cannot be filled", no clue to blame), else a
 *     minimal set of clues and constraints that cannot all hold (conflictCore.ts);
 *   - unique: the clues each removable alone (redundantClues.ts), then the variant
 *     constraints each removable alone (redundantConstraints.ts).
 * Every tool checks its own answer with the uniqueness engine, so nothing here is trusted
 * blindly. `beat` reaches every search (a host's sign of life); `signal` stops the tools
 * that take one, and their answers then say `complete: false`. `constraints` (a puzzle's
 * variant constraints) reach every count too, so each answer is about the whole puzzle.
 *
 * Answers are plain data (cells in reading order, 0-based); the callers word them: the
 * CLI as rows and columns, the app as "r3c4 = 5".
 */
import type { Board } from './board.ts';
import { conflictCore } from './conflictCore.ts';
import { withBeat, type SearchOptions } from './contract.ts';
import { counterFor } from './engines.ts';
import { fixingClues, type FixingClues } from './fixingClues.ts';
import { clueGroups, redundantClues, type RedundantClues } from './redundantClues.ts';
import { redundantConstraints, type RedundantConstraints } from './redundantConstraints.ts';
import type { Constraint } from './variants/constraints.ts';

export type Explanation =
  | { verdict: 'multiple'; fix: FixingClues }
  /** The layout alone cannot be filled: no clue is to blame. */
  | { verdict: 'none'; layout: 'cannot be filled' }
  /**
   * `core`: the clue cells of a minimal set of clues and constraints that cannot all hold;
   * `constraints`: its constraints (indices in the puzzle's list); `complete` false when
   * stopped.
   */
  | { verdict: 'none'; core: number[]; constraints: number[]; complete: boolean }
  | {
      verdict: 'unique';
      redundant: RedundantClues;
      /** Not tested (empty, complete false) when the clues' tests were stopped. */
      redundantConstraints: RedundantConstraints;
    }
  /** The signal stopped the first count before it settled anything. */
  | { verdict: 'unknown' };

export interface ExplainOptions {
  signal?: SearchOptions['signal'];
  /** Called often, also inside a long search: a host's sign of life (withBeat). */
  beat?: () => void;
  /** Items tested so far and how many there are (conflict core; redundant clues, then
   * constraints). */
  onProgress?: (done: number, total: number) => void;
  /** The puzzle's variant constraints (none: a classic jigsaw). */
  constraints?: readonly Constraint[];
}

/** The next step for a setter (see the file header). */
export function explainPuzzle(board: Board, options: ExplainOptions = {}): Explanation {
  const { signal, beat, onProgress, constraints } = options;
  const count = counterFor(constraints)(board, 2, withBeat({ signal, keepSolutions: 0 }, beat));
  if (count.count >= 2) {
    const fix = fixingClues(board, { signal, beat, constraints });
    if (fix === null) throw new Error('explain: several solutions, but no fixing clues');
    return { verdict: 'multiple', fix };
  }
  if (!count.complete) return { verdict: 'unknown' };
  if (count.count === 0) {
    const core = conflictCore(board, { signal, beat, onProgress, constraints });
    if (core.kind === 'layout') return { verdict: 'none', layout: 'cannot be filled' };
    if (core.kind === 'core') {
      const { cells, complete } = core;
      return { verdict: 'none', core: cells, constraints: core.constraints, complete };
    }
    throw new Error('explain: the conflict core found a solution the count did not');
  }
  // One progress bar over both: the clues' tests first, then the constraints'.
  const clueTests = clueGroups(board).groups.length;
  const total = clueTests + (constraints?.length ?? 0);
  const redundant = redundantClues(board, {
    signal,
    beat,
    constraints,
    onProgress: (done) => onProgress?.(done, total),
  });
  const redundantRules =
    redundant.complete && constraints !== undefined && constraints.length > 0
      ? redundantConstraints(board, constraints, {
          signal,
          beat,
          onProgress: (done) => onProgress?.(clueTests + done, total),
        })
      : { items: [], complete: redundant.complete };
  return { verdict: 'unique', redundant, redundantConstraints: redundantRules };
}
