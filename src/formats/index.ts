/**
 * The formats layer: read and write every puzzle format Squiggly knows, with errors that
 * say where. Pure: no file or DOM access; callers bring the text.
 */
import type { Board } from '../engine/board.ts';
import { CONSTRAINT_NAMES, type Constraint } from '../engine/index.ts';
import {
  hdu4069CannotHold,
  hdu4069Steps,
  parseHdu4069,
  printHdu4069,
  printHdu4069Results,
} from './hdu4069.ts';
import {
  hdu5547CannotHold,
  hdu5547Steps,
  parseHdu5547,
  printHdu5547,
  printHdu5547Results,
} from './hdu5547.ts';
import {
  jigsawLineCannotHold,
  jigsawLineSteps,
  parseJigsawLine,
  printJigsawLine,
  printJigsawLineResults,
} from './jigsawLine.ts';
import {
  layoutLineCannotHold,
  layoutLineSteps,
  parseLayoutLine,
  printLayoutLine,
  printLayoutLineResults,
} from './layoutLine.ts';
import {
  jsonIsList,
  jsonResultsWriter,
  jsonSteps,
  parseJson,
  printJson,
  printJsonResults,
} from './json.ts';
import {
  parsePoj2676,
  poj2676CannotHold,
  poj2676Steps,
  printPoj2676,
  printPoj2676Results,
} from './poj2676.ts';
import {
  parsePoj3074,
  poj3074CannotHold,
  poj3074Steps,
  printPoj3074,
  printPoj3074Results,
} from './poj3074.ts';
import type {
  CaseAnswer,
  FormatName,
  InputFormatName,
  ParseResult,
  PuzzleToPrint,
  ReadStep,
  TextInput,
} from './types.ts';

export * from './types.ts';
export { formatErrorText, type FormatError } from './errors.ts';
export { detectFormat, detectInputFormat, type Detection, type InputDetection } from './detect.ts';
export * from './hdu4069.ts';
export * from './hdu5547.ts';
export * from './jigsawLine.ts';
export * from './layoutLine.ts';
export * from './regionChars.ts';
export * from './json.ts';
export * from './library.ts';
export * from './link.ts';
export * from './fpuzzles.ts';
export * from './fpuzzlesLines.ts';
export * from './iss.ts';
export * from './issLines.ts';
export * from './poj2676.ts';
export * from './poj3074.ts';
export { solveResultOf } from './results.ts';
export * from './answers.ts';

/** What a caller needs to read, answer and write one format. */
export interface Format {
  name: InputFormatName;
  /** One line for help texts. */
  summary: string;
  /**
   * Whether the judge promises exactly one solution per case (poj3074, poj2676, hdu5547):
   * its output has no words for "none" or "several", so a solver prints one solution (or
   * `No solution`) and says on standard error that the promise was broken. hdu4069 and
   * JSON answer "none" and "several" in their output.
   */
  promisesOneSolution: boolean;
  parse(text: string): ParseResult;
  /**
   * The same reading, case by case (see ReadStep), from a text whole or in pieces, holding
   * one case at a time. For the line formats printResults of consecutive answers, joined,
   * equal printResults of them all, so output can be written as cases are answered; JSON's
   * output is one document, written in pieces by resultsWriter.
   */
  steps(text: TextInput): Generator<ReadStep, number>;
  /** Whether an input, from its first characters, is one lone puzzle (JSON's bare object). */
  isSingle?(head: string): boolean;
  /**
   * For a format whose output is one document (JSON): its pieces as answers come, joined
   * equal to printResults of them all. Without it, printResults of each chunk is a piece.
   */
  resultsWriter?(single: boolean): {
    write(answers: readonly CaseAnswer[]): string;
    end(): string;
  };
  /** Export puzzles; throws a RangeError for a board the format cannot hold. */
  printPuzzles(puzzles: readonly PuzzleToPrint[]): string;
  /** The judge's (or JSON) output for the answers, in the order given. */
  printResults(answers: readonly CaseAnswer[], parsed: Pick<ParseResult, 'single'>): string;
  /** Why a board cannot be written in this format, or null when it can. */
  cannotHold(board: Board): string | null;
  /**
   * Whether the format writes variant constraints (JSON, f-puzzles lines). The judges' and
   * the line formats hold the grid alone: a caller says so rather than drop them unsaid.
   */
  holdsConstraints: boolean;
}

/** The kinds of a constraint list, each named once, in order ("killer cage", "thermometer"). */
export function constraintKindNames(constraints: readonly Constraint[]): string[] {
  return [...new Set(constraints.map((constraint) => CONSTRAINT_NAMES[constraint.kind]))];
}

export const FORMATS: Readonly<Record<FormatName, Format>> = {
  hdu4069: {
    name: 'hdu4069',
    summary: 'jigsaw 9x9, numbers with wall bits (HDU 4069)',
    promisesOneSolution: false,
    parse: parseHdu4069,
    steps: hdu4069Steps,
    printPuzzles: printHdu4069,
    printResults: printHdu4069Results,
    cannotHold: hdu4069CannotHold,
    holdsConstraints: false,
  },
  poj3074: {
    name: 'poj3074',
    summary: 'standard 9x9, one puzzle per line (POJ 3074)',
    promisesOneSolution: true,
    parse: parsePoj3074,
    steps: poj3074Steps,
    printPuzzles: printPoj3074,
    printResults: printPoj3074Results,
    cannotHold: poj3074CannotHold,
    holdsConstraints: false,
  },
  poj2676: {
    name: 'poj2676',
    summary: 'standard 9x9, 9 lines of digits per puzzle (POJ 2676)',
    promisesOneSolution: true,
    parse: parsePoj2676,
    steps: poj2676Steps,
    printPuzzles: printPoj2676,
    printResults: printPoj2676Results,
    cannotHold: poj2676CannotHold,
    holdsConstraints: false,
  },
  hdu5547: {
    name: 'hdu5547',
    summary: 'standard 4x4, 1-4 and * (HDU 5547)',
    promisesOneSolution: true,
    parse: parseHdu5547,
    steps: hdu5547Steps,
    printPuzzles: printHdu5547,
    printResults: printHdu5547Results,
    cannotHold: hdu5547CannotHold,
    holdsConstraints: false,
  },
  jigsaw: {
    name: 'jigsaw',
    summary: 'any size and layout on one line: N*N givens, then N*N region characters',
    promisesOneSolution: false,
    parse: parseJigsawLine,
    steps: jigsawLineSteps,
    printPuzzles: printJigsawLine,
    printResults: printJigsawLineResults,
    cannotHold: jigsawLineCannotHold,
    holdsConstraints: false,
  },
  layout: {
    name: 'layout',
    summary: 'a layout alone, any size, on one line: N*N region characters, no clues',
    promisesOneSolution: false,
    parse: parseLayoutLine,
    steps: layoutLineSteps,
    printPuzzles: printLayoutLine,
    printResults: printLayoutLineResults,
    cannotHold: layoutLineCannotHold,
    holdsConstraints: false,
  },
  json: {
    name: 'json',
    summary: "Squiggly's own JSON, any size and layout",
    promisesOneSolution: false,
    parse: parseJson,
    steps: jsonSteps,
    isSingle: (head) => !jsonIsList(head),
    resultsWriter: jsonResultsWriter,
    printPuzzles: printJson,
    printResults: (answers, parsed) => printJsonResults(answers, parsed.single === true),
    cannotHold: () => null,
    holdsConstraints: true,
  },
};

export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATS, name);
}
