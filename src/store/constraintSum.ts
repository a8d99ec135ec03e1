/**
 * A constraint's sum as the setter types it, in the panel's Sum field or straight on the grid
 * (SudokuPad's and f-puzzles' way: a cage is drawn, and the digits typed next are its sum, not
 * clues in the cells under it).
 *
 * What is typed is kept as text beside the constraint it is for (`SumDraft`): typing 17 into a
 * two-cell cage passes through 1, which no two different digits sum to, so the text must live
 * until the 7 arrives while the constraint keeps its last good sum. The text is the draft's
 * only while the constraint is the very object it was typed for: an undo, a redo or another
 * edit makes a new object, and the field then shows the constraint's own sum again. A draft
 * that is not for the selected constraint (just selected, just drawn) is replaced by the first
 * digit typed on the grid, as a field whose text is selected on focus is: select a cage, type
 * 23, and its sum is 23.
 *
 * Which constraints have a sum the setter types (cages, little killers, sandwiches) is said
 * here once, for the field, the grid's keys and the store's action alike.
 */
import type { Constraint } from '../engine/index.ts';

/** A constraint's sum, and whether it may be left out; null when it has none to type. */
export const sumOf = (
  constraint: Constraint,
): { value: number | undefined; optional: boolean } | null =>
  constraint.kind === 'cage'
    ? { value: constraint.sum, optional: true }
    : constraint.kind === 'littleKiller' || constraint.kind === 'sandwich'
      ? { value: constraint.sum, optional: false }
      : null;

/** `constraint` with its sum set to `value` (undefined: none, which only a cage may have). */
export function withSum(constraint: Constraint, value: number | undefined): Constraint {
  const next = { ...constraint, sum: value } as Constraint;
  if (next.kind === 'cage' && value === undefined) delete next.sum;
  return next;
}

/** The text typed for a constraint's sum, and why the store has not taken it (null: taken). */
export interface SumDraft {
  constraint: Constraint;
  text: string;
  problem: string | null;
}

/** The sum's text as shown for `constraint`: the draft's while it is for it, else its sum. */
export function sumText(constraint: Constraint, draft: SumDraft | null): string {
  if (draft && draft.constraint === constraint) return draft.text;
  const value = sumOf(constraint)?.value;
  return value === undefined ? '' : String(value);
}

/**
 * What typed text means for `constraint`'s sum: the constraint to store (null when nothing
 * changes), or why the text is no sum at all. The store still checks the sum against the
 * constraint (a cage's cells bound it).
 */
export function parseSum(
  constraint: Constraint,
  text: string,
): { next: Constraint | null } | { problem: string } {
  const sum = sumOf(constraint);
  if (!sum) return { problem: 'This constraint has no sum.' };
  const trimmed = text.trim();
  if (trimmed === '' && !sum.optional) return { problem: 'It needs a sum.' };
  const value = trimmed === '' ? undefined : Number(trimmed);
  if (value !== undefined && !Number.isInteger(value)) {
    return { problem: 'A sum is a whole number.' };
  }
  return { next: value === sum.value ? null : withSum(constraint, value) };
}
