/**
 * The setter's commands: `hint` (the next logical step, or every step with --all), `rate`
 * (the difficulty rating) and `generate` (new puzzles). They share the input reading of
 * solve, check and count (loadInput and CaseReader, any format), but not their counting
 * pipeline: a logical solve is per case and cheap next to reading, so they answer case by
 * case on the main thread and write each answer as soon as it is made.
 *
 * Output is text for people, or with --json one JSON object per case per line, with
 * "case": k, cells as [row, column] counted from 1, as in the explanations (r3c5 = [3, 5]).
 * generate writes Squiggly JSON, one puzzle per line with its "rating", or any format that
 * can hold the puzzles (poj3074 needs --standard 9x9, for instance).
 */
import { parseArgs } from 'node:util';
import {
  CLUE_SYMMETRIES,
  createBoard,
  createRandom,
  defaultAttempts,
  explainerRangeProblem,
  generateSetterPuzzle,
  hasBoxShape,
  isLevel,
  isSupportedSize,
  LEVELS,
  noBoxesReason,
  randomJigsawLayout,
  randomSymmetricLayout,
  ratingOf,
  solveByLogic,
  sizesText,
  standardRegions,
  SUPPORTED_SIZES,
  stepLine,
  toRows,
  verdictOf,
  nextStep,
  counterFor,
  initialState,
  stepDifficulty,
  type Board,
  type CellDigit,
  type ClueSymmetry,
  type Constraint,
  type Difficulty,
  type Rating,
  type Step,
} from '../../src/engine/index.ts';
import {
  CaseReader,
  FORMAT_NAMES,
  FORMATS,
  formatErrorText,
  isFormatName,
} from '../../src/formats/index.ts';
import {
  EXIT_BAD_INPUT,
  EXIT_OK,
  INPUT_FORMAT_NAMES,
  isInputFormatName,
  loadInput,
} from './commands.ts';
import { DEFAULT_MAX_ERRORS, ErrorLog } from './errorLog.ts';
import { GENERATE_HELP, HINT_HELP, RATE_HELP } from './help.ts';
import { argumentsError, readInput, UsageError } from './input.ts';

interface Streams {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const SETTER_HELP: Record<string, string> = {
  hint: HINT_HELP,
  rate: RATE_HELP,
  generate: GENERATE_HELP,
};

/** Whether `name` is one of this file's commands. */
export const isSetterCommand = (name: string): boolean => Object.hasOwn(SETTER_HELP, name);

type Options = Record<string, string | boolean | undefined>;

function parse(
  command: string,
  args: readonly string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>,
): { values: Options; files: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
    });
    return { values: values as Options, files: positionals };
  } catch (error) {
    throw argumentsError(command, error);
  }
}

/** [row, column], 1-based. */
const rowCol = (cell: number, size: number): [number, number] => [
  Math.floor(cell / size) + 1,
  (cell % size) + 1,
];
const cellDigits = (list: readonly CellDigit[], size: number) =>
  list.map(({ cell, digit }) => ({ cell: rowCol(cell, size), digit }));

/**
 * A step as the JSON of the issue: technique, its number on the Sudoku Explainer scale,
 * cells, placements, eliminations, explanation.
 */
function stepJson(step: Step, size: number, difficulty: number) {
  return {
    technique: step.technique,
    difficulty,
    cells: step.cells.map((cell) => rowCol(cell, size)),
    placements: cellDigits(step.placements, size),
    eliminations: cellDigits(step.eliminations, size),
    explanation: step.explanation,
  };
}

function ratingJson(rating: Rating, size: number) {
  return {
    level: rating.level,
    // The Sudoku Explainer scale (ER, EP, ED): null when logic did not finish.
    rating: rating.explainer?.er ?? null,
    pearl: rating.explainer?.pearl ?? null,
    diamond: rating.explainer?.diamond ?? null,
    hardest: rating.hardest,
    steps: rating.steps,
    ...(rating.stuckCells === undefined
      ? {}
      : { stuckCells: rating.stuckCells.map((cell) => rowCol(cell, size)) }),
    ...(rating.contradiction === undefined ? {} : { contradiction: rating.contradiction }),
  };
}

/** Read every case of the input; `answer` writes each good case's answer. */
async function eachCase(
  command: string,
  values: Options,
  files: string[],
  streams: Streams,
  answer: (caseNumber: number, board: Board, constraints: readonly Constraint[]) => string,
): Promise<number> {
  if (files.length > 1) {
    throw new UsageError(`${command} reads one FILE, got ${files.length}: ${files.join(' ')}`);
  }
  const format = typeof values.format === 'string' ? values.format : 'auto';
  if (format !== 'auto' && !isInputFormatName(format)) {
    throw new UsageError(
      `unknown format ${JSON.stringify(format)}: expected one of ${INPUT_FORMAT_NAMES.join(', ')}, auto`,
    );
  }
  const loaded = loadInput(await readInput(files[0]), format);
  if ('exitCode' in loaded) {
    if (loaded.stderr.length > 0) streams.stderr(`${loaded.stderr.join('\n')}\n`);
    return loaded.exitCode;
  }
  const reader = new CaseReader(loaded.format, loaded.input);
  const log = new ErrorLog(loaded.source, DEFAULT_MAX_ERRORS);
  const json = values.json === true;
  for (let slot = reader.next(); slot !== undefined; slot = reader.next()) {
    for (const { error } of reader.takeCaseless(slot.case)) {
      log.add(formatErrorText(error), undefined);
    }
    for (const error of slot.errors) log.add(formatErrorText(error), slot.case);
    if (slot.puzzle === undefined) {
      streams.stdout(
        json
          ? `${JSON.stringify({ case: slot.case, status: 'invalid' })}\n`
          : `Case ${slot.case}: invalid input\n`,
      );
      continue;
    }
    streams.stdout(answer(slot.case, slot.puzzle.board, slot.puzzle.constraints ?? []));
  }
  for (const { error } of reader.takeCaseless()) log.add(formatErrorText(error), undefined);
  const errors = log.lines();
  if (errors.length > 0) streams.stderr(`${errors.join('\n')}\n`);
  return log.any ? EXIT_BAD_INPUT : EXIT_OK;
}

const INPUT_OPTIONS = {
  format: { type: 'string', short: 'f' },
  json: { type: 'boolean' },
} as const;

const UNIQUENESS_OPTION = { 'assume-unique': { type: 'boolean' } } as const;

/**
 * --assume-unique: the uniqueness techniques (unique rectangles and loops, BUG) may be used
 * on a case only once a search has proved it has one solution, since on a puzzle with
 * several they delete real solutions. Without the option: nothing is searched or said.
 * With it: the verdict, whether the techniques were allowed ("assumedUnique" in the JSON)
 * and, in the text, a note saying which.
 */
function uniquenessOf(
  values: Options,
  board: Board,
  constraints: readonly Constraint[],
): {
  assumeUnique: boolean;
  verdict?: ReturnType<typeof verdictOf>;
  json: { assumedUnique?: boolean };
  text: string;
} {
  if (values['assume-unique'] !== true) return { assumeUnique: false, json: {}, text: '' };
  const verdict = verdictOf(counterFor(constraints)(board, 2), 2);
  const assumeUnique = verdict === 'unique';
  const why =
    verdict === 'unique'
      ? constraints.length > 0
        ? ' [one solution, proved by search; uniqueness techniques do not apply with variant constraints]'
        : ' [assuming one solution, proved by search]'
      : ` [uniqueness not assumed: the puzzle has ${verdict === 'none' ? 'no solution' : verdict === 'multiple' ? 'more than one solution' : 'an unknown number of solutions'}]`;
  return { assumeUnique, verdict, json: { assumedUnique: assumeUnique }, text: why };
}

/** `squiggly hint [--all] [--json] FILE`. */
async function hint(args: readonly string[], streams: Streams): Promise<number> {
  const { values, files } = parse('hint', args, {
    ...INPUT_OPTIONS,
    ...UNIQUENESS_OPTION,
    all: { type: 'boolean' },
  });
  if (values.help === true) {
    streams.stdout(HINT_HELP);
    return EXIT_OK;
  }
  const json = values.json === true;
  return eachCase('hint', values, files, streams, (caseNumber, board, constraints) => {
    const { size } = board;
    const uniqueness = uniquenessOf(values, board, constraints);
    const { assumeUnique } = uniqueness;
    const assumed = uniqueness.json;
    if (values.all === true) {
      const result = solveByLogic(board, { constraints, assumeUnique });
      const end =
        result.status === 'solved'
          ? { status: 'solved' }
          : result.status === 'stuck'
            ? { status: 'stuck', stuckCells: result.stuckCells.map((cell) => rowCol(cell, size)) }
            : { status: 'contradiction', explanation: result.contradiction };
      if (json) {
        const steps = result.steps.map((step, index) =>
          stepJson(step, size, result.difficulties[index]),
        );
        return `${JSON.stringify({ case: caseNumber, ...end, ...assumed, steps })}\n`;
      }
      const lines = result.steps.map((step, index) => `  ${index + 1}. ${stepLine(step)}`);
      const last =
        result.status === 'solved'
          ? `  solved by logic in ${result.steps.length} steps`
          : result.status === 'stuck'
            ? `  stuck after ${result.steps.length} steps with ${result.stuckCells.length} empty cells: the rest needs search`
            : `  impossible: ${result.contradiction}`;
      return `Case ${caseNumber}:${uniqueness.text}\n${[...lines, last].join('\n')}\n`;
    }
    const step = nextStep(board, undefined, undefined, constraints, assumeUnique);
    if (step !== null) {
      return json
        ? `${JSON.stringify({ case: caseNumber, ...stepJson(step, size, stepDifficulty(initialState(board, undefined, constraints), step)), ...assumed })}\n`
        : `Case ${caseNumber}: ${stepLine(step)}${uniqueness.text}\n`;
    }
    // No step: say why (full, impossible, or beyond the techniques).
    const result = solveByLogic(board, { maxSteps: 0, constraints });
    const why =
      result.status === 'solved'
        ? { status: 'solved', text: 'the grid is full' }
        : result.status === 'contradiction'
          ? { status: 'contradiction', text: result.contradiction ?? 'a clash' }
          : { status: 'stuck', text: 'no technique applies: the rest needs search' };
    // The JSON says the status apart, as hint --all does; the line says it in words.
    return json
      ? `${JSON.stringify({ case: caseNumber, status: why.status, explanation: why.text, ...assumed })}\n`
      : `Case ${caseNumber}: ${why.status === 'contradiction' ? `impossible: ${why.text}` : why.text}${uniqueness.text}\n`;
  });
}

/** `squiggly rate [--json] FILE`. */
async function rate(args: readonly string[], streams: Streams): Promise<number> {
  const { values, files } = parse('rate', args, { ...INPUT_OPTIONS, ...UNIQUENESS_OPTION });
  if (values.help === true) {
    streams.stdout(RATE_HELP);
    return EXIT_OK;
  }
  const json = values.json === true;
  return eachCase('rate', values, files, streams, (caseNumber, board, constraints) => {
    const uniqueness = uniquenessOf(values, board, constraints);
    const { assumeUnique } = uniqueness;
    const rating = ratingOf(solveByLogic(board, { constraints, assumeUnique }));
    // A rating means something for a puzzle with one solution; say when it has not.
    const verdict =
      uniqueness.verdict ??
      (rating.level === 'needs search'
        ? verdictOf(counterFor(constraints)(board, 2), 2)
        : 'unique');
    if (json) {
      return `${JSON.stringify({ case: caseNumber, ...ratingJson(rating, board.size), ...(verdict === 'unique' ? {} : { solutions: verdict }), ...uniqueness.json })}\n`;
    }
    const hardest = rating.hardest === null ? 'no technique' : `hardest: ${rating.hardest}`;
    const detail =
      rating.level === 'needs search'
        ? `stuck after ${rating.steps} steps with ${rating.stuckCells?.length ?? 0} empty cells; ${hardest}`
        : `${hardest}, ${rating.steps} steps`;
    const scale =
      rating.explainer === null
        ? ''
        : ` ${rating.explainer.er.toFixed(1)}${rating.explainer.technique === rating.hardest ? '' : ` (${rating.explainer.technique})`}`;
    // With --assume-unique, its note says the verdict.
    const note =
      uniqueness.text !== ''
        ? ''
        : verdict === 'none'
          ? ' (the puzzle has no solution)'
          : verdict === 'multiple'
            ? ' (the puzzle has more than one solution)'
            : verdict === 'unique'
              ? ''
              : ' (whether the puzzle has one solution is not known)';
    return `Case ${caseNumber}: ${rating.level}${scale} (${detail})${note}${uniqueness.text}\n`;
  });
}

/** An integer option within bounds, or its default. */
function integerOption(
  name: string,
  value: string | boolean | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(number >= min && number <= max)) {
    throw new UsageError(
      `--${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return number;
}

/** An ER of --difficulty: digits with at most one decimal ("4", "4.5"). */
const ER_NUMBER = /^[0-9]+(\.[0-9]+)?$/;

/**
 * --difficulty: a level, or an ER range on the Sudoku Explainer scale, MIN-MAX ("4.5-5.5")
 * or MIN+ ("7.0+", at least). A lone number is refused rather than guessed at: it could
 * mean exactly, at least or at most.
 */
export function difficultyOption(text: string): Difficulty {
  if (isLevel(text)) return text;
  const forms = 'MIN-MAX, such as 4.5-5.5, or MIN+, such as 7.0+';
  const range = /^([^-+]*)(?:-([^-+]*)|(\+))$/.exec(text);
  if (range === null || !ER_NUMBER.test(range[1]) || !ER_NUMBER.test(range[2] ?? '0')) {
    const lone = ER_NUMBER.test(text)
      ? `: an ER target is a range, so write ${text}-${text} for exactly ER ${text}, or ${text}+ for at least ER ${text}`
      : '';
    throw new UsageError(
      `--difficulty must be one of ${LEVELS.map((level) => JSON.stringify(level)).join(', ')}, ` +
        `or an ER range on the Sudoku Explainer scale (${forms}), got ${JSON.stringify(text)}${lone}`,
    );
  }
  const min = Number(range[1]);
  const max = range[3] === '+' ? Infinity : Number(range[2]);
  const problem = explainerRangeProblem(min, max);
  if (problem !== null) throw new UsageError(`--difficulty ${JSON.stringify(text)}: ${problem}`);
  return { er: [min, max] };
}

/** Layouts tried per puzzle before giving up (a random layout may have no solution). */
const LAYOUTS_PER_PUZZLE = 10;

/** `squiggly generate --size N ...`. */
async function generate(args: readonly string[], streams: Streams): Promise<number> {
  const { values, files } = parse('generate', args, {
    size: { type: 'string', short: 's' },
    symmetric: { type: 'boolean' },
    standard: { type: 'boolean' },
    'clue-symmetry': { type: 'string' },
    minimal: { type: 'boolean' },
    difficulty: { type: 'string', short: 'd' },
    count: { type: 'string', short: 'n' },
    seed: { type: 'string' },
    attempts: { type: 'string' },
    format: { type: 'string', short: 'f' },
  });
  if (values.help === true) {
    streams.stdout(GENERATE_HELP);
    return EXIT_OK;
  }
  if (files.length > 0) throw new UsageError(`generate reads no FILE, got ${files.join(' ')}`);
  const sizes = sizesText(SUPPORTED_SIZES, 'or');
  if (values.size === undefined) throw new UsageError(`generate needs --size N (${sizes})`);
  const size = Number(values.size);
  if (!isSupportedSize(size)) {
    throw new UsageError(`--size must be ${sizes}, got ${JSON.stringify(values.size)}`);
  }
  if (values.standard === true && !hasBoxShape(size)) {
    throw new UsageError(
      `--standard cannot be used with --size ${size}: ${noBoxesReason(size)} (leave out --standard for a random jigsaw layout)`,
    );
  }
  if (size === 25 && values.standard !== true) {
    // Seen: three random 25x25 layouts, none filled within its search budget, 4 minutes.
    throw new UsageError(
      '--size 25 needs --standard: a random 25×25 jigsaw layout is seldom filled within the search budget',
    );
  }
  if (values.symmetric === true && values.standard === true) {
    throw new UsageError(
      '--symmetric makes a random jigsaw layout; --standard keeps the boxes: choose one',
    );
  }
  const symmetry = (values['clue-symmetry'] ?? 'none') as string;
  if (!(CLUE_SYMMETRIES as readonly string[]).includes(symmetry)) {
    throw new UsageError(
      `--clue-symmetry must be one of ${CLUE_SYMMETRIES.join(', ')}, got ${JSON.stringify(symmetry)}`,
    );
  }
  const difficulty =
    values.difficulty === undefined ? undefined : difficultyOption(values.difficulty as string);
  const count = integerOption('count', values.count, 1, 1, 100_000);
  const seed = integerOption(
    'seed',
    values.seed,
    Math.floor(Math.random() * 2 ** 31),
    0,
    2 ** 32 - 1,
  );
  const attempts = integerOption(
    'attempts',
    values.attempts,
    difficulty === undefined ? 5 : defaultAttempts(size),
    1,
    1_000_000,
  );
  const formatName = (values.format ?? 'json') as string;
  if (!isFormatName(formatName)) {
    throw new UsageError(
      `unknown format ${JSON.stringify(formatName)}: expected one of ${FORMAT_NAMES.join(', ')}`,
    );
  }
  if (formatName === 'layout') {
    throw new UsageError(
      'layout holds a layout alone, and generate makes puzzles with clues: use --format jigsaw (its second half is the layout), or json',
    );
  }
  const format = FORMATS[formatName];
  // Say at once when the format cannot hold what was asked, not after generating.
  const sample = createBoard(
    size,
    values.standard === true ? standardRegions(size) : randomJigsawLayout(size, createRandom(seed)),
  );
  const cannot = formatName === 'json' ? null : format.cannotHold(sample);
  if (cannot !== null) {
    throw new UsageError(
      `${formatName} cannot hold these puzzles: ${cannot}${values.standard === true ? '' : ' (try --standard, or --format json)'}`,
    );
  }
  const random = createRandom(seed);
  const made: Board[] = [];
  const showProgress = (process.stderr as { isTTY?: boolean }).isTTY === true;
  for (let index = 0; index < count; index++) {
    let result: ReturnType<typeof generateSetterPuzzle> | undefined;
    for (let layoutTry = 0; layoutTry < LAYOUTS_PER_PUZZLE; layoutTry++) {
      const regions =
        values.standard === true
          ? standardRegions(size)
          : values.symmetric === true
            ? randomSymmetricLayout(size, random)
            : randomJigsawLayout(size, random);
      result = generateSetterPuzzle(size, regions, random, {
        clueSymmetry: symmetry as ClueSymmetry,
        minimal: values.minimal === true,
        difficulty,
        maxAttempts: attempts,
        onProgress: showProgress
          ? ({ attempt, maxAttempts, phase, done, total, estimatedMsLeft }) =>
              streams.stderr(
                `\rpuzzle ${index + 1}/${count}: attempt ${attempt}/${maxAttempts}, ${phase} ${done}/${total}` +
                  `${estimatedMsLeft === null ? '' : `, about ${Math.ceil(estimatedMsLeft / 1000)} s left`}\x1b[K`,
              )
          : undefined,
      });
      // A layout without a solution: try another; any other outcome is final.
      if (result.status !== 'gave up' || !result.reason.startsWith('no solution')) break;
      if (values.standard === true) break;
    }
    if (showProgress) streams.stderr('\r\x1b[K');
    if (result === undefined || result.status !== 'done') {
      const reason = result?.status === 'gave up' ? result.reason : 'stopped';
      if (formatName !== 'json' && made.length > 0)
        streams.stdout(format.printPuzzles(made.map((board) => ({ board }))));
      streams.stderr(`squiggly: generate gave up on puzzle ${index + 1} of ${count}: ${reason}\n`);
      return EXIT_BAD_INPUT;
    }
    made.push(result.board);
    // Not all that was asked (with --minimal and --difficulty: not minimal): said, not hidden.
    if (result.note !== undefined) {
      streams.stderr(`squiggly: generate: puzzle ${index + 1} is ${result.note}\n`);
    }
    if (formatName === 'json') {
      const { board } = result;
      // The generator rates only to meet a difficulty; the JSON line shows a rating always.
      const rating = result.rating ?? ratingOf(solveByLogic(board));
      streams.stdout(
        `${JSON.stringify({
          size,
          regions: toRows(board.regions, size),
          givens: toRows(board.givens, size),
          rating: ratingJson(rating, size),
          seed,
          index: index + 1,
        })}\n`,
      );
    }
  }
  if (formatName !== 'json') streams.stdout(format.printPuzzles(made.map((board) => ({ board }))));
  return EXIT_OK;
}

/** Run one of the setter's commands. */
export function runSetterCommand(
  command: string,
  args: readonly string[],
  streams: Streams,
): Promise<number> {
  if (command === 'hint') return hint(args, streams);
  if (command === 'rate') return rate(args, streams);
  return generate(args, streams);
}
