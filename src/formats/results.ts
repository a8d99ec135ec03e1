/** From a solver count to the answer the formats print. */
import type { CountResult } from '../engine/types.ts';
import type { SolveResult } from './types.ts';

/**
 * The answer a count gives. With limit 1 a solution is only `found` (uniqueness was not
 * looked at); with limit 2 or more one solution is `unique` when the search ran to its end,
 * and two or more are `multiple`, keeping the first two. A search stopped before its end
 * with one solution is also `found`: it cannot say the solution is unique.
 */
export function solveResultOf(count: CountResult, limit: number): SolveResult {
  if (count.count === 0) return { status: 'none' };
  if (count.count >= 2) return { status: 'multiple', solutions: count.solutions.slice(0, 2) };
  const solution = count.solutions[0];
  return limit >= 2 && count.complete
    ? { status: 'unique', solution }
    : { status: 'found', solution };
}
