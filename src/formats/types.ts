/** Types shared by the format modules and their callers (CLI, UI import/export). */
import type { Board } from '../engine/board.ts';
import type { Constraint } from '../engine/variants/constraints.ts';
import type { FormatError } from './errors.ts';

export type FormatName =
  'hdu4069' | 'poj3074' | 'poj2676' | 'hdu5547' | 'jigsaw' | 'layout' | 'json';

/**
 * The formats the command line reads: the registry's (FormatName), f-puzzles lines and ISS
 * lines, which the app reads on the page as one pasted string instead (fpuzzlesLines.ts,
 * issLines.ts).
 */
export type InputFormatName = FormatName | 'fpuzzles' | 'iss';

/**
 * A text to read: the whole of it, or its pieces in order (a big file read piece by piece,
 * so that a reader holds one piece and the case it is reading, never the whole file).
 */
export type TextInput = string | Iterable<string>;

/** A JSON value as kept from optional fields of Squiggly's JSON. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One puzzle read from an input. */
export interface ParsedCase {
  /** 1-based case number, counting bad cases too, so answers line up with the input. */
  case: number;
  /** 1-based line where the case starts. */
  line: number;
  board: Board;
  /** JSON, f-puzzles and ISS: the variant constraints (killer cages, thermometers, …), if any. */
  constraints?: readonly Constraint[];
  /** JSON: the optional fields beside size, regions and givens (title, author, …); f-puzzles:
   * its title, author and rules. */
  extra?: Readonly<Record<string, JsonValue>>;
}

/** Everything read from one input: the good cases, and the errors of the bad ones. */
export interface ParseResult {
  /** Good cases, in input order. */
  cases: ParsedCase[];
  /** Errors, in input order. Errors with a `case` made that case bad; others concern the input. */
  errors: FormatError[];
  /** Cases met in the input, good or bad: case numbers run from 1 to this. */
  caseCount: number;
  /** JSON only: the input was one bare puzzle object, not a list, so answer with one object. */
  single?: boolean;
}

/**
 * One step of reading an input, in input order: a good case, or an error (which, with a
 * `case`, makes that case bad). Readers that yield steps let a caller answer a big input
 * case by case instead of holding all of it.
 */
export type ReadStep = { kind: 'case'; parsed: ParsedCase } | { kind: 'error'; error: FormatError };

/** What solving one case found. */
export type SolveResult =
  /** Exactly one solution (a search with limit 2 found one and ran to its end). */
  | { status: 'unique'; solution: Uint8Array }
  /** A solution from a search with limit 1: uniqueness was not checked. */
  | { status: 'found'; solution: Uint8Array }
  | { status: 'none' }
  /** At least two solutions; `solutions` holds two different ones. */
  | { status: 'multiple'; solutions: readonly Uint8Array[] }
  /** The case could not be read; nothing was solved. */
  | { status: 'invalid'; errors: readonly FormatError[] };

/** The answer to one case, for the result printers. */
export interface CaseAnswer {
  /** 1-based case number, as in the input. */
  case: number;
  result: SolveResult;
}

/** A puzzle to export, with the optional JSON fields to write beside it. */
export interface PuzzleToPrint {
  board: Board;
  /** The variant constraints, written by the formats that hold them (JSON). */
  constraints?: readonly Constraint[];
  extra?: Readonly<Record<string, JsonValue>>;
}
