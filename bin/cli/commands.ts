/**
 * The three commands over one input: solve, check and count. The input is read case by
 * case (CaseReader, src/formats/answers.ts, which the app's batch view shares); each command answers the cases chunk by chunk, in order, through a
 * write callback, so it stays independent of the process around it and never needs the
 * whole file's answers at once.
 */
import type { Board, ClueConflict } from '../../src/engine/index.ts';
import { cellName, findClueConflicts, hasStandardBoxes } from '../../src/engine/index.ts';
import {
  answersWriter,
  caseAnswerOf,
  detectInputFormat,
  FORMATS,
  formatErrorText,
  FPUZZLES_LINES,
  ISS_LINES,
  isFormatName,
  type CaseAnswer,
  type CaseSlot,
  type Format,
  type FormatName,
  type InputFormatName,
} from '../../src/formats/index.ts';
import type { Input } from './input.ts';
import type { ChunkResults } from './parallel.ts';

/** What a command has to say: the text for standard output, the lines for standard error, the exit status. */
export interface Report {
  stdout: string;
  stderr: string[];
  exitCode: number;
}

export const EXIT_OK = 0;
export const EXIT_BAD_INPUT = 1;
export const EXIT_USAGE = 2;

/** An input and the format to read it in, with how that format was chosen. */
export interface LoadedInput {
  format: Format;
  input: Input;
  /** `given`, or why detection chose this format. */
  how: string;
  /** Detected, and some of the lines looked at fit no row of the format. */
  doubtful: boolean;
  source: string;
}

/**
 * Choose the format of an input: the one named, or (`auto`) the one detected. Returns a
 * report instead when no format fits; `formatOption` is assumed already checked to be a
 * name or `auto`. Reading the cases is left to CaseReader.
 */
export function loadInput(input: Input, formatOption: string): LoadedInput | Report {
  if (isInputFormatName(formatOption)) {
    const format = inputFormat(formatOption);
    return { format, input, how: 'given', doubtful: false, source: input.source };
  }
  const detection = detectInputFormat(input.head);
  if (detection.format === null) {
    return {
      stdout: '',
      stderr: [`${input.source}: ${formatErrorText(detection.error)}`],
      exitCode: EXIT_BAD_INPUT,
    };
  }
  const format = inputFormat(detection.format);
  const how = `detected: ${detection.reason}`;
  return { format, input, how, doubtful: detection.unanimous === false, source: input.source };
}

/** The formats the tool reads besides the registry's: one puzzle string per line. */
const LINE_FORMATS: Readonly<Record<Exclude<InputFormatName, FormatName>, Format>> = {
  fpuzzles: FPUZZLES_LINES,
  iss: ISS_LINES,
};

/** The formats the tool reads: the registry's, f-puzzles lines and ISS lines. */
export const INPUT_FORMAT_NAMES: readonly InputFormatName[] = [
  ...(Object.keys(FORMATS) as InputFormatName[]),
  ...(Object.keys(LINE_FORMATS) as InputFormatName[]),
];

export function isInputFormatName(name: string): name is InputFormatName {
  return Object.hasOwn(LINE_FORMATS, name) || isFormatName(name);
}

/** The reader and printers of an input format. */
export function inputFormat(name: InputFormatName): Format {
  return isFormatName(name) ? FORMATS[name] : LINE_FORMATS[name];
}

const UNIT_NAMES = { row: 'row', column: 'column', region: 'region' } as const;

/** `r1c1 and r1c5 both hold 5 in one row`. */
function describeClash(conflict: ClueConflict, size: number): string {
  const [first, second] = conflict.cells;
  return `${cellName(first, size)} and ${cellName(second, size)} both hold ${conflict.digit} in one ${UNIT_NAMES[conflict.unit]}`;
}

/**
 * What a command makes of the cases, chunk by chunk in input order: it writes its output
 * as it goes (`write`), and at the end says what else went wrong and whether it failed.
 */
export interface CaseAnswerer {
  /** Answer a chunk; `complain` takes a located complaint about a case's answer (stderr). */
  answer(
    slots: readonly CaseSlot[],
    results: ChunkResults,
    complain: (caseNumber: number, text: string) => void,
  ): void;
  /** Write what is left; whether any case failed without a complaint (exit status 1). */
  finish(): { failed: boolean };
}

/**
 * Solve every case and print the judge's output. For the judges that promise exactly one
 * solution (poj3074, poj2676, hdu5547) the output has no words for "none" or "several": a
 * puzzle with several solutions still gets one printed, one without gets `No solution`, and
 * either is a located complaint on standard error (exit status 1). The line formats are
 * printed chunk by chunk; JSON, one document, at the end.
 */
export function solveAnswerer(
  loaded: LoadedInput,
  single: boolean,
  write: (text: string) => void,
): CaseAnswerer {
  const { format } = loaded;
  const writer = answersWriter(format, single);
  return {
    answer(slots, results, complain) {
      const answers: CaseAnswer[] = [];
      slots.forEach((slot, index) => {
        const count = results[index];
        const answer = caseAnswerOf(slot, count);
        answers.push(answer);
        const { result } = answer;
        if (slot.puzzle === undefined || result.status === 'invalid') return;
        if (!format.promisesOneSolution) return;
        const where = { case: slot.case, line: slot.puzzle.line, column: 1 };
        const promise = `the ${format.name} judge promises one`;
        if (result.status === 'none') {
          const clash = count?.clueConflicts[0];
          const why =
            clash === undefined ? '' : ` (${describeClash(clash, slot.puzzle.board.size)})`;
          const message = `this puzzle has no solution${why}, though ${promise}`;
          complain(slot.case, formatErrorText({ ...where, message }));
        } else if (result.status === 'multiple') {
          const message = `this puzzle has several solutions, though ${promise}; printed one of them`;
          complain(slot.case, formatErrorText({ ...where, message }));
        }
      });
      write(writer.write(answers));
    },
    finish() {
      write(writer.end());
      return { failed: false };
    },
  };
}

/** A solution's rows as arrays of numbers. */
function solutionRows(solution: Uint8Array, size: number): number[][] {
  return Array.from({ length: size }, (_, row) =>
    Array.from(solution.subarray(row * size, (row + 1) * size)),
  );
}

/**
 * `solve --json`, for any input format: one JSON object per case per line, in case order,
 * `{"case":k,"status":"unique","solution":[[…]]}` (the solution only when unique), `none`,
 * `multiple`, or `invalid` with an `error` naming the first problem (all of them go to
 * standard error too, located, as for every command).
 */
export function solveJsonAnswerer(write: (text: string) => void): CaseAnswerer {
  return {
    answer(slots, results) {
      const lines: string[] = [];
      slots.forEach((slot, index) => {
        const { result } = caseAnswerOf(slot, results[index]);
        const line: Record<string, unknown> = { case: slot.case, status: result.status };
        if (result.status === 'unique' && slot.puzzle) {
          line.solution = solutionRows(result.solution, slot.puzzle.board.size);
        }
        if (result.status === 'invalid') {
          const first = result.errors[0];
          line.error = first ? formatErrorText(first) : 'the case could not be read';
        }
        lines.push(JSON.stringify(line));
      });
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    finish: () => ({ failed: false }),
  };
}

/** `9x9 jigsaw, 28 givens`. */
function describeBoard(board: Board): string {
  let givens = 0;
  for (const digit of board.givens) if (digit !== 0) givens++;
  const layout = hasStandardBoxes(board) ? 'standard' : 'jigsaw';
  return `${board.size}x${board.size} ${layout}, ${givens} given${givens === 1 ? '' : 's'}`;
}

/** Read every case and say, per case, whether it is a sound puzzle; no solving. */
export function checkAnswerer(loaded: LoadedInput, write: (text: string) => void): CaseAnswerer {
  write(`Format: ${loaded.format.name} (${loaded.how})\n`);
  let failed = false;
  return {
    answer(slots) {
      const lines: string[] = [];
      for (const slot of slots) {
        if (slot.puzzle === undefined) {
          lines.push(`Case ${slot.case}: invalid input`);
          continue;
        }
        const { board } = slot.puzzle;
        const clashes = findClueConflicts(board);
        if (clashes.length > 0) {
          const shown = clashes.slice(0, 3).map((clash) => describeClash(clash, board.size));
          const more = clashes.length > 3 ? `, and ${clashes.length - 3} more` : '';
          lines.push(`Case ${slot.case}: clues clash: ${shown.join('; ')}${more}`);
          failed = true;
        } else {
          lines.push(`Case ${slot.case}: ok, ${describeBoard(board)}`);
        }
      }
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    finish: () => ({ failed }),
  };
}

/** `1 solution`, `5 solutions`, `at least 1000 solutions`. */
function describeCount(count: number, complete: boolean): string {
  const solutions = `${count} solution${count === 1 ? '' : 's'}`;
  return complete ? solutions : `at least ${solutions}`;
}

/** Count the solutions of every case up to the limit the counting job was given. */
export function countAnswerer(write: (text: string) => void): CaseAnswerer {
  return {
    answer(slots, results) {
      const lines: string[] = [];
      slots.forEach((slot, index) => {
        const result = results[index];
        if (slot.puzzle === undefined || result === undefined) {
          lines.push(`Case ${slot.case}: invalid input`);
        } else {
          lines.push(`Case ${slot.case}: ${describeCount(result.count, result.complete)}`);
        }
      });
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    finish: () => ({ failed: false }),
  };
}
