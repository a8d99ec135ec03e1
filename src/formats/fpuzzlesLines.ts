/**
 * f-puzzles lines, the command line's f-puzzles input: one puzzle per line, each line an
 * f-puzzles string (fpuzzles.ts) or an f-puzzles or SudokuPad link holding one, read with
 * its variant constraints through constraintLines.ts (as ISS lines are): a damaged line
 * costs only its case, and a line holding something Squiggly does not read (a clone, a
 * white dot showing a difference of 2) is refused with those named. An error's column is
 * the line's, as parseFpuzzles places it in the string.
 *
 * Written lines are bare f-puzzles strings (printFpuzzles), the title, author and rules
 * taken from the case's extra fields. The answers are the one-line jigsaw format's (the
 * solution's N*N characters, `No solution`, `Multiple solutions`). Not in the registry
 * (FORMATS): the app's Import dialog reads one f-puzzles string on the page, by its own
 * entry, and its format list and exports are the registry's.
 */
import type { JsonValue, ParseResult, PuzzleToPrint, ReadStep, TextInput } from './types.ts';
import type { Format } from './index.ts';
import { EMPTY_INFO, type PuzzleInfo } from './link.ts';
import { fpuzzlesCannotHold, parseFpuzzles, printFpuzzles } from './fpuzzles.ts';
import { printJigsawLineResults } from './jigsawLine.ts';
import { constraintLineSteps } from './constraintLines.ts';
import { collectSteps, joinLines } from './text.ts';

/**
 * The title, author and rules of a case's extra fields (a JSON puzzle's optional fields),
 * as f-puzzles holds them and the app's puzzle info keeps them: text only, else empty.
 */
export function infoOfExtra(extra: Readonly<Record<string, JsonValue>> | undefined): PuzzleInfo {
  const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');
  return extra
    ? { title: text(extra.title), author: text(extra.author), rules: text(extra.rules) }
    : EMPTY_INFO;
}

/** The extra fields f-puzzles holds: text under these names. */
export const FPUZZLES_EXTRA_FIELDS = ['title', 'author', 'rules'] as const;

/** A case's title, author and rules as extra fields, or undefined when all are empty. */
function extraOfInfo(info: PuzzleInfo): Record<string, JsonValue> | undefined {
  const entries = Object.entries(info).filter(([, value]) => value !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The cases and errors of an input of f-puzzles lines, one by one, in input order. */
export const fpuzzlesLineSteps = (text: TextInput): Generator<ReadStep, number> =>
  constraintLineSteps(
    text,
    (line) => {
      const read = parseFpuzzles(line);
      if ('error' in read) return read;
      const extra = extraOfInfo(read.info);
      return { ...read, ...(extra ? { extra } : {}) };
    },
    'f-puzzles strings or links, one per line',
  );

/** Read a whole input of f-puzzles lines. */
export function parseFpuzzlesLines(text: string): ParseResult {
  return collectSteps(fpuzzlesLineSteps(text));
}

/** Puzzles as f-puzzles strings, one per line; throws a RangeError for what f-puzzles cannot hold. */
export function printFpuzzlesLines(puzzles: readonly PuzzleToPrint[]): string {
  return joinLines(
    puzzles.map(({ board, constraints, extra }) =>
      printFpuzzles(board, infoOfExtra(extra), constraints ?? []),
    ),
  );
}

/** f-puzzles lines as a Format, for the command line. */
export const FPUZZLES_LINES: Format = {
  name: 'fpuzzles',
  summary: 'f-puzzles strings or f-puzzles/SudokuPad links, one per line, with their constraints',
  promisesOneSolution: false,
  parse: parseFpuzzlesLines,
  steps: fpuzzlesLineSteps,
  printPuzzles: printFpuzzlesLines,
  printResults: (answers) => printJigsawLineResults(answers),
  cannotHold: (board) => fpuzzlesCannotHold(board),
  holdsConstraints: true,
};
