/**
 * The commands that do not use variant constraints yet (layout-check and count --estimate)
 * must not answer a puzzle with a killer cage as if it had none: that answer would be about
 * another puzzle. Such a case is refused with words that say which constraints it has and
 * which commands use them (solve, check and count do, through the variant engine:
 * bin/cli/parallel.ts; hint and rate, through the logical solver's constraint steps:
 * bin/cli/setter.ts; candidates and explain, through the setter's tools: setterTools.ts).
 */
import type { Constraint } from '../../src/engine/index.ts';
import { constraintKindNames } from '../../src/formats/index.ts';

/** Why `command` leaves this case unanswered, or null when it has no constraints. */
export function constraintsUnused(
  command: string,
  constraints: readonly Constraint[] | undefined,
): string | null {
  if (constraints === undefined || constraints.length === 0) return null;
  return `${command} does not use variant constraints yet, and this puzzle has ${constraintKindNames(constraints).join(', ')}: it is not answered (solve, check, count, hint, rate, candidates and explain use them)`;
}
