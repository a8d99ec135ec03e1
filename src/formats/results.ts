/** From a solver count to the answer the formats print. */
import { verdictOf, type CountResult } from '../engine/index.ts';
import type { SolveResult } from './types.ts';

/**
 * The answer a count made with `limit` gives (see verdictOf): `found` when one solution
 * cannot be called unique (limit 1, or a search stopped before its end), `multiple` with
 * the first two solutions. A search stopped before finding anything has no answer to
 * print; the command line never stops one.
 */
export function solveResultOf(count: CountResult, limit: number): SolveResult {
  const verdict = verdictOf(count, limit);
  switch (verdict) {
    case 'none':
      return { status: 'none' };
    case 'unique':
      return { status: 'unique', solution: count.solutions[0] };
    case 'found':
      return { status: 'found', solution: count.solutions[0] };
    case 'multiple':
      return { status: 'multiple', solutions: count.solutions.slice(0, 2) };
    case 'unknown':
      throw new Error('the search was stopped before it found a solution: nothing to print');
  }
}
