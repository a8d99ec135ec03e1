/**
 * ISS lines, the command line's input and output of Interactive Sudoku Solver strings
 * (iss.ts): one puzzle per line, each line one ISS constraint string, read with its
 * variant constraints. Blank lines are skipped and every other line is its own case, so a
 * damaged line costs only its case; an error's line is the input's, its column the one
 * parseIss gives inside the string (a string is one line: ISS ignores whitespace within
 * it, and a newline here ends the case).
 *
 * A line whose puzzle holds what Squiggly does not (a Quad, an Or group: the reading's
 * `leftOut`) is refused with those named, as f-puzzles lines refuse theirs
 * (fpuzzlesLines.ts): a command that solved or converted it would answer for a looser
 * puzzle without a word on standard output.
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
import { caseStep, collectSteps, errorStep, joinLines, LineReader } from './text.ts';
import type { ParseResult, PuzzleToPrint, ReadStep, TextInput } from './types.ts';

/** The cases and errors of an input of ISS lines, one by one, in input order. */
export function* issLineSteps(text: TextInput): Generator<ReadStep, number> {
  const reader = new LineReader(text);
  let caseNumber = 0;
  while (reader.nextNonBlank()) {
    caseNumber++;
    const { line } = reader;
    const read = parseIss(reader.text);
    if ('error' in read) {
      yield errorStep({ ...read.error, case: caseNumber, line });
      continue;
    }
    if (read.leftOut.length > 0) {
      yield errorStep({
        case: caseNumber,
        line,
        column: 1,
        message: `this puzzle holds what Squiggly does not (${read.leftOut.join(', ')}); it is not read without them`,
      });
      continue;
    }
    yield caseStep({
      case: caseNumber,
      line,
      board: read.board,
      ...(read.constraints.length > 0 ? { constraints: read.constraints } : {}),
    });
  }
  if (caseNumber === 0) {
    yield errorStep({
      ...reader.endPosition(),
      message: 'the input is empty; expected ISS strings, one per line',
    });
  }
  return caseNumber;
}

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
