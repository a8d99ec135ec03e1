/**
 * What the batch view derives from a batch's bytes, each in one pass and with no object per
 * case (10,000 cases are re-counted a few times a second while they are solved): which good
 * case each case number is, how many cases have each status, and which cases a filter shows;
 * and the filters a person chooses from.
 */
import { ANSWER_STATUSES, type AnswerStatus } from '../formats/index.ts';
import type { ImportSummary } from '../worker/protocol.ts';

export type Filter = 'all' | AnswerStatus;

/** The statuses a person filters by, in the order shown ('found' never comes from a solve). */
export const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All cases' },
  { value: 'unique', label: 'Unique' },
  { value: 'none', label: 'None (no solution)' },
  { value: 'multiple', label: 'Multiple solutions' },
  { value: 'invalid', label: 'Invalid' },
  { value: 'waiting', label: 'Not solved yet' },
];

/** Good-case index per case number - 1, or -1 for a case that could not be read. */
export function goodIndexOf(summary: ImportSummary): Int32Array {
  const total = summary.caseCount;
  const index = new Int32Array(total).fill(-1);
  summary.caseNumbers.forEach((caseNumber, i) => {
    if (caseNumber >= 1 && caseNumber <= total) index[caseNumber - 1] = i;
  });
  return index;
}

/** How many cases have each status, by code of ANSWER_STATUSES. */
export function statusCounts(statuses: Uint8Array): number[] {
  const byStatus = new Array<number>(ANSWER_STATUSES.length).fill(0);
  for (const code of statuses) byStatus[code]++;
  return byStatus;
}

/** The indices of the `count` cases whose status is `code`, in order. */
export function casesWithStatus(statuses: Uint8Array, code: number, count: number): Int32Array {
  const picked = new Int32Array(count);
  let at = 0;
  for (let i = 0; i < statuses.length && at < picked.length; i++) {
    if (statuses[i] === code) picked[at++] = i;
  }
  return picked;
}
