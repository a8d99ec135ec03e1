/**
 * ISS lines, the command line's input and output of Interactive Sudoku Solver strings
 * (iss.ts): one puzzle per line, each line one ISS constraint string, read with its
 * variant constraints through constraintLines.ts (as f-puzzles lines are): a damaged line
 * costs only its case, and a line holding what Squiggly does not read (a Quad, an Or
 * group) is refused with those named. An error's column is the one parseIss gives inside
 * the string (a string is one line: ISS ignores whitespace within it, and a newline here
 * ends the case).
 *
 * Written lines are printIss's strings. ISS has no title, author or rules, so extra fields
 * are not written (convert names them on standard error). printIss writes what ISS cannot
 * hold as near as ISS has it (a slow thermometer as a plain one); a caller that must not
 * lose anything asks issCannotHold first (convert does, and refuses the case). The answers
 * are the one-line jigsaw format's. Not in the registry (FORMATS), like f-puzzles lines:
 * the app reads one pasted ISS string on the page by its own Import entry and writes one
 * in Export.
 */
import type { Format } from './index.ts';
import { issCannotHold, parseIss, printIss } from './iss.ts';
import { printJigsawLineResults } from './jigsawLine.ts';
import { constraintLineSteps } from './constraintLines.ts';
import { collectSteps, joinLines } from './text.ts';
import type { ParseResult, PuzzleToPrint, ReadStep, TextInput } from './types.ts';

/** The cases and errors of an input of ISS lines, one by one, in input order. */
export const issLineSteps = (text: TextInput): Generator<ReadStep, number> =>
  constraintLineSteps(text, parseIss, 'ISS strings, one per line');

/** Read a whole input of ISS lines. */
export function parseIssLines(text: string): ParseResult {
  return collectSteps(issLineSteps(text));
}

/** Puzzles as ISS strings, one per line; throws a RangeError for a grid ISS cannot draw. */
export function printIssLines(puzzles: readonly PuzzleToPrint[]): string {
  return joinLines(
    puzzles.map(({ board, constraints }) => {
      const tooBig = issBoardCannotHold(board);
      if (tooBig !== null) throw new RangeError(tooBig);
      return printIss(board, constraints ?? []);
    }),
  );
}

/** Why ISS cannot hold a grid (its size), or null. */
function issBoardCannotHold(board: Pick<PuzzleToPrint['board'], 'size'>): string | null {
  const words = issCannotHold(board, []);
  return words.length === 0 ? null : words.join('; ');
}

/** ISS lines as a Format, for the command line. */
export const ISS_LINES: Format = {
  name: 'iss',
  summary: 'Interactive Sudoku Solver constraint strings, one per line, with their constraints',
  promisesOneSolution: false,
  parse: parseIssLines,
  steps: issLineSteps,
  printPuzzles: printIssLines,
  printResults: (answers) => printJigsawLineResults(answers),
  cannotHold: issBoardCannotHold,
  holdsConstraints: true,
};
