/**
 * `squiggly convert --to json|fpuzzles|iss|jigsaw [FILE]`: every case of the input, in any
 * format the tool reads (auto-detected like the other commands, or --format), written in
 * the target format, one case per line, in case order:
 *   json      a Squiggly JSON puzzle object on one line (the JSON printer's, compacted),
 *             constraints and extra fields included: it holds everything;
 *   fpuzzles  a bare f-puzzles string (printFpuzzles): the grid, title, author and rules,
 *             and the variant constraints f-puzzles has fields for;
 *   iss       an Interactive Sudoku Solver string (printIss): the grid and every
 *             constraint ISS holds exactly (issCannotHold names the rest: a slow
 *             thermometer, a pill ISS reads in another order, a grid above 16x16);
 *   jigsaw    the one-line jigsaw format: givens and regions only.
 * What the target cannot hold is never dropped silently. A case whose constraints or size
 * the target cannot hold is not written, and standard error says why ("case 3: jigsaw
 * lines cannot hold the killer cage, thermometer; not written"); extra fields the target
 * has no place for (a JSON "source" into f-puzzles, a title into a jigsaw line) are named
 * on standard error and the case is written without them. Either makes the exit status 1,
 * as do cases that could not be read (their located errors go to standard error too).
 * Nothing is solved: the cases are read one by one and written as they come.
 */
import { parseArgs } from 'node:util';
import {
  CaseReader,
  constraintKindNames,
  formatErrorText,
  FORMATS,
  fpuzzlesCannotHold,
  FPUZZLES_EXTRA_FIELDS,
  printFpuzzles,
  printIss,
  issCannotHold,
  infoOfExtra,
  type ParsedCase,
} from '../../src/formats/index.ts';
import {
  EXIT_BAD_INPUT,
  EXIT_OK,
  INPUT_FORMAT_NAMES,
  isInputFormatName,
  loadInput,
} from './commands.ts';
import { DEFAULT_MAX_ERRORS, ErrorLog } from './errorLog.ts';
import { argumentsError, readInput, UsageError } from './input.ts';
import type { Streams } from './main.ts';

/** The formats convert writes. */
export const CONVERT_TARGETS = ['json', 'fpuzzles', 'iss', 'jigsaw'] as const;
type Target = (typeof CONVERT_TARGETS)[number];

/** What a target calls itself in messages. */
const TARGET_WORDS: Record<Target, string> = {
  json: 'Squiggly JSON',
  fpuzzles: 'f-puzzles',
  iss: 'ISS strings',
  jigsaw: 'jigsaw lines',
};

export const CONVERT_HELP = `Usage: squiggly convert --to json|fpuzzles|iss|jigsaw [--format NAME] [FILE]

Write every case of the input in another format, one case per line, in case order:
  json      a Squiggly JSON puzzle object on one line, constraints and extra fields
            included
  fpuzzles  an f-puzzles string (open it at https://f-puzzles.com/?load=STRING or
            https://sudokupad.app/fpuzzlesSTRING), with the title, author, rules and
            every variant constraint f-puzzles has a field for
  iss       an Interactive Sudoku Solver string (paste it into ISS), with every
            variant constraint ISS holds exactly
  jigsaw    the one-line jigsaw format: N*N givens, then N*N region letters
Nothing is dropped silently. A case the target cannot hold (variant constraints in a
jigsaw line; a greater-than sign, or a grid above 16x16, in f-puzzles; a slow
thermometer, or a grid above 16x16, in ISS) is not written,
and standard error says so: "case 3: jigsaw lines cannot hold the killer cage; not
written". Extra fields the target has no place for (a title in a jigsaw line) are named
on standard error, and the case is written without them.

Input:
  FILE, or standard input when FILE is missing or "-".
  --format, -f NAME   one of ${INPUT_FORMAT_NAMES.join(', ')}, or auto (the default)
  --max-errors N      messages shown in full on standard error (default 100, 0 = all)

Exit status:
  0  every case was read and written whole
  1  some case could not be read, was not written, or was written without some of it
  2  wrong usage, or the input file cannot be read
`;

/** Why the target cannot hold a case at all, or null when it can. */
function cannotHold(target: Target, puzzle: ParsedCase): string | null {
  const constraints = puzzle.constraints ?? [];
  switch (target) {
    case 'json':
      return FORMATS.json.cannotHold(puzzle.board);
    case 'fpuzzles':
      return fpuzzlesCannotHold(puzzle.board, constraints);
    case 'iss': {
      const lost = issCannotHold(puzzle.board, constraints);
      return lost.length === 0 ? null : `ISS strings cannot hold ${lost.join('; ')}`;
    }
    case 'jigsaw': {
      if (constraints.length > 0) {
        return `jigsaw lines cannot hold the ${constraintKindNames(constraints).join(', ')}`;
      }
      const board = FORMATS.jigsaw.cannotHold(puzzle.board);
      return board === null ? null : `jigsaw lines cannot hold this puzzle: ${board}`;
    }
  }
}

/** The extra fields of a case the target has no place for, by name. */
function extraLeftOut(target: Target, puzzle: ParsedCase): string[] {
  const extra = puzzle.extra ?? {};
  switch (target) {
    case 'json':
      return [];
    case 'fpuzzles':
      return Object.entries(extra)
        .filter(
          ([key, value]) =>
            !(FPUZZLES_EXTRA_FIELDS as readonly string[]).includes(key) ||
            typeof value !== 'string',
        )
        .map(([key]) => key);
    case 'iss':
    case 'jigsaw':
      return Object.keys(extra);
  }
}

/** One case in the target format, on one line (no line end). */
function caseLine(target: Target, puzzle: ParsedCase): string {
  const { board, constraints, extra } = puzzle;
  switch (target) {
    case 'json':
      // The JSON printer's object, on one line.
      return JSON.stringify(JSON.parse(FORMATS.json.printPuzzles([{ board, constraints, extra }])));
    case 'fpuzzles':
      return printFpuzzles(board, infoOfExtra(extra), constraints ?? []);
    case 'iss':
      return printIss(board, constraints ?? []);
    case 'jigsaw':
      return FORMATS.jigsaw.printPuzzles([{ board }]).trimEnd();
  }
}

function parseTarget(option: string | undefined): Target {
  if (option === undefined) {
    throw new UsageError(`convert needs --to, one of ${CONVERT_TARGETS.join(', ')}`);
  }
  const target = CONVERT_TARGETS.find((name) => name === option);
  if (target === undefined) {
    throw new UsageError(
      `convert --to ${JSON.stringify(option)}: expected one of ${CONVERT_TARGETS.join(', ')}`,
    );
  }
  return target;
}

/** Run `squiggly convert ARGS`; resolves to the exit status. */
export async function runConvert(args: string[], streams: Streams): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  let files: string[];
  try {
    const parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        to: { type: 'string', short: 't' },
        format: { type: 'string', short: 'f' },
        'max-errors': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    values = parsed.values;
    files = parsed.positionals;
  } catch (error) {
    throw argumentsError('convert', error);
  }
  if (values.help === true) {
    streams.stdout(CONVERT_HELP);
    return EXIT_OK;
  }
  const target = parseTarget(values.to as string | undefined);
  const format = typeof values.format === 'string' ? values.format : 'auto';
  if (format !== 'auto' && !isInputFormatName(format)) {
    throw new UsageError(
      `unknown format ${JSON.stringify(format)}: expected one of ${INPUT_FORMAT_NAMES.join(', ')}, auto`,
    );
  }
  const maxErrorsText = values['max-errors'];
  if (typeof maxErrorsText === 'string' && !/^[0-9]{1,9}$/.test(maxErrorsText)) {
    throw new UsageError(
      `--max-errors must be an integer of 0 (show all) or more, got ${JSON.stringify(maxErrorsText)}`,
    );
  }
  const maxErrors = typeof maxErrorsText === 'string' ? Number(maxErrorsText) : DEFAULT_MAX_ERRORS;
  if (files.length > 1) {
    throw new UsageError(`convert reads one FILE, got ${files.length}: ${files.join(' ')}`);
  }
  const loaded = loadInput(await readInput(files[0]), format);
  if ('exitCode' in loaded) {
    if (loaded.stderr.length > 0) streams.stderr(`${loaded.stderr.join('\n')}\n`);
    return loaded.exitCode;
  }
  const reader = new CaseReader(loaded.format, loaded.input);
  const log = new ErrorLog(loaded.source, maxErrors);
  const lines: string[] = [];
  const flush = (): void => {
    if (lines.length > 0) streams.stdout(`${lines.join('\n')}\n`);
    lines.length = 0;
  };
  for (let slot = reader.next(); slot !== undefined; slot = reader.next()) {
    for (const { error } of reader.takeCaseless(slot.case)) {
      log.add(formatErrorText(error), undefined);
    }
    for (const error of slot.errors) log.add(formatErrorText(error), slot.case);
    const { puzzle } = slot;
    if (puzzle === undefined) continue;
    const problem = cannotHold(target, puzzle);
    if (problem !== null) {
      log.add(`case ${slot.case}: ${problem}; not written`, slot.case);
      continue;
    }
    const dropped = extraLeftOut(target, puzzle);
    if (dropped.length > 0) {
      log.add(
        `case ${slot.case}: ${TARGET_WORDS[target]} cannot hold the field${dropped.length === 1 ? '' : 's'} ${dropped.map((key) => JSON.stringify(key)).join(', ')}; written without ${dropped.length === 1 ? 'it' : 'them'}`,
        slot.case,
      );
    }
    lines.push(caseLine(target, puzzle));
    if (lines.length >= 64) flush();
  }
  flush();
  for (const { error } of reader.takeCaseless()) log.add(formatErrorText(error), undefined);
  const stderr = log.lines();
  if (loaded.doubtful)
    stderr.unshift(`${loaded.source}: read as ${loaded.format.name} (${loaded.how})`);
  if (stderr.length > 0) streams.stderr(`${stderr.join('\n')}\n`);
  return log.any ? EXIT_BAD_INPUT : EXIT_OK;
}
