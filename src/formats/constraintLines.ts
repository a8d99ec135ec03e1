/**
 * One puzzle per line, for the formats whose one string is a whole puzzle with its variant
 * constraints (f-puzzles lines, ISS lines): the loop both read through. Blank lines are
 * skipped and every other line is its own case, so a damaged line costs only its case; an
 * error's line is the input's, its column the one the format's own reader gives inside
 * the string.
 *
 * A line whose puzzle holds what Squiggly does not read (the reading's `leftOut`: an ISS
 * Quad, an f-puzzles clone) is refused with those named: the app may open such a puzzle and
 * say what it opened it without, but a command that solved or converted it would answer for
 * a looser puzzle without a word on standard output.
 */
import type { Board } from '../engine/board.ts';
import type { Constraint } from '../engine/variants/constraints.ts';
import type { FormatError } from './errors.ts';
import { caseStep, errorStep, LineReader } from './text.ts';
import type { JsonValue, ReadStep, TextInput } from './types.ts';

/** What a format's reader makes of one line. */
export type LineReading =
  | { error: FormatError }
  | {
      board: Board;
      constraints: readonly Constraint[];
      leftOut: readonly string[];
      extra?: Record<string, JsonValue>;
    };

/**
 * The cases and errors of an input read line by line with `read`, in input order;
 * `expected` names what the lines should hold, for an empty input.
 */
export function* constraintLineSteps(
  text: TextInput,
  read: (line: string) => LineReading,
  expected: string,
): Generator<ReadStep, number> {
  const reader = new LineReader(text);
  let caseNumber = 0;
  while (reader.nextNonBlank()) {
    caseNumber++;
    const { line } = reader;
    const reading = read(reader.text);
    if ('error' in reading) {
      yield errorStep({ ...reading.error, case: caseNumber, line });
      continue;
    }
    if (reading.leftOut.length > 0) {
      yield errorStep({
        case: caseNumber,
        line,
        column: 1,
        message: `this puzzle holds what Squiggly does not read (${reading.leftOut.join(', ')}); it is not read without them`,
      });
      continue;
    }
    yield caseStep({
      case: caseNumber,
      line,
      board: reading.board,
      ...(reading.constraints.length > 0 ? { constraints: reading.constraints } : {}),
      ...(reading.extra ? { extra: reading.extra } : {}),
    });
  }
  if (caseNumber === 0) {
    yield errorStep({
      ...reader.endPosition(),
      message: `the input is empty; expected ${expected}`,
    });
  }
  return caseNumber;
}
