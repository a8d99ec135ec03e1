/** Types shared by the solvers and their callers (worker, CLI, formats). */

/** What a caller may pass to a long search. */
export interface SearchOptions {
  /** Checked every `progressEvery` nodes; the search stops when it turns true. */
  signal?: { readonly aborted: boolean };
  /** Called every `progressEvery` nodes with the work done so far. */
  onProgress?: (progress: SearchProgress) => void;
  /** Nodes between progress reports and abort checks (default 16,384). */
  progressEvery?: number;
  /** How many of the solutions found to keep (default: all up to the limit). */
  keepSolutions?: number;
}

export interface SearchProgress {
  /** Search nodes visited so far (one node = one candidate tried). */
  nodes: number;
  /** Solutions found so far. */
  solutions: number;
}

/** Two clues that see each other with the same digit. */
export interface ClueConflict {
  cells: [number, number];
  digit: number;
  unit: 'row' | 'column' | 'region';
}

export interface CountResult {
  /** Solutions found, at most `limit`. Exact when `complete`. */
  count: number;
  /** The solutions found (at most `keepSolutions`), each a flat grid of digits. */
  solutions: Uint8Array[];
  /** Search nodes visited. */
  nodes: number;
  /** True when the search ran to its end, so `count` is the exact number of solutions. */
  complete: boolean;
  /** True when the signal stopped the search. */
  aborted: boolean;
  /** Clues that clash directly; when non-empty the count is 0 and no search was made. */
  clueConflicts: ClueConflict[];
}

export type Verdict = 'none' | 'unique' | 'multiple';

/** The verdict of a count made with limit >= 2. */
export function verdictOf(result: Pick<CountResult, 'count'>): Verdict {
  return result.count === 0 ? 'none' : result.count === 1 ? 'unique' : 'multiple';
}
