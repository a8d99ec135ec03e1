/**
 * Entry point of the `squiggly` command line tool, bundled into build/cli.cjs by
 * bin/build-cli.mjs and started by bin/squiggly. `main` returns the exit status; it writes
 * the judge output to standard output as the cases are answered, in input order, and
 * every complaint to standard error at the end.
 */
import { parseArgs } from 'node:util';
import { CaseReader, formatErrorText, solveJobOf } from '../../src/formats/index.ts';
import {
  DEFAULT_ENGINE,
  ENGINE_NAMES,
  isEngineName,
  ENGINE_ALIASES,
  type EngineName,
} from '../../src/engine/index.ts';
import {
  checkAnswerer,
  countAnswerer,
  EXIT_BAD_INPUT,
  EXIT_OK,
  EXIT_USAGE,
  INPUT_FORMAT_NAMES,
  isInputFormatName,
  loadInput,
  solveAnswerer,
  solveJsonAnswerer,
  type CaseAnswerer,
  type LoadedInput,
} from './commands.ts';
import { DEFAULT_MAX_ERRORS, ErrorLog } from './errorLog.ts';
import {
  CANDIDATES_HELP,
  CHECK_HELP,
  COUNT_HELP,
  EXPLAIN_HELP,
  LAYOUT_CHECK_HELP,
  SOLVE_HELP,
  TOP_HELP,
} from './help.ts';
import {
  candidatesAnswerer,
  estimateAnswerer,
  explainAnswerer,
  layoutCheckAnswerer,
} from './setterTools.ts';
import { argumentsError, readInput, UsageError, type Input } from './input.ts';
import { stdoutIsTerminal, writeStdout } from './output.ts';
import { answerPlainJudge } from './plainJudge.ts';
import { isSetterCommand, runSetterCommand, SETTER_HELP } from './setter.ts';
import { countInOrder, MAX_JOBS, type CountJob } from './parallel.ts';
import { CONVERT_HELP, runConvert } from './convert.ts';

// A counting worker loads this bundle and calls this (parallel.ts).
export { serveCountWorker } from './parallel.ts';

declare const __SQUIGGLY_VERSION__: string | undefined;
/** Set by the bundler from package.json; `dev` when run from source (tests). */
const VERSION = typeof __SQUIGGLY_VERSION__ === 'string' ? __SQUIGGLY_VERSION__ : 'dev';

/** Where the tool writes; the process's streams unless a test passes its own. */
export interface Streams {
  stdout(text: string): void;
  stderr(text: string): void;
  /** A person watches standard output (a terminal): answers go out one by one. */
  interactive?: boolean;
}

const processStreams: Streams = {
  stdout: writeStdout,
  stderr: (text) => process.stderr.write(text),
  interactive: stdoutIsTerminal(),
};

const DEFAULT_COUNT_LIMIT = 1000;

/** The switches a command may take besides the common options. */
interface Flags {
  /** --json: one JSON object per case per line (solve and the setter's commands). */
  json: boolean;
  /** --estimate: count estimates instead of counting (count only). */
  estimate: boolean;
}

interface Command {
  help: string;
  /** Whether the command's own output names the format read. */
  saysFormat: boolean;
  takesLimit: boolean;
  /** Which of the flags the command accepts. */
  takesFlags?: readonly (keyof Flags)[];
  /** What the command counts per case (limit, solutions kept), or null when it never solves. */
  counting(loaded: LoadedInput, limit: number, flags: Flags): Omit<CountJob, 'engine'> | null;
  answerer(
    loaded: LoadedInput,
    reader: CaseReader,
    write: (text: string) => void,
    flags: Flags,
  ): CaseAnswerer;
}

const COMMANDS: Record<string, Command> = {
  solve: {
    help: SOLVE_HELP,
    saysFormat: false,
    takesLimit: false,
    takesFlags: ['json'],
    // The judges that promise one solution print only the first; JSON shows two different ones.
    counting: (loaded) => solveJobOf(loaded.format),
    answerer: (loaded, reader, write, flags) =>
      flags.json ? solveJsonAnswerer(write) : solveAnswerer(loaded, reader.single, write),
  },
  check: {
    help: CHECK_HELP,
    saysFormat: true,
    takesLimit: false,
    counting: () => null,
    answerer: (loaded, _reader, write) => checkAnswerer(loaded, write),
  },
  count: {
    help: COUNT_HELP,
    saysFormat: false,
    takesLimit: true,
    takesFlags: ['estimate', 'json'],
    // Solutions are only counted, never kept: a count of millions must not hold millions of grids.
    counting: (_loaded, limit, flags) => (flags.estimate ? null : { limit, keepSolutions: 0 }),
    answerer: (_loaded, _reader, write, flags) =>
      flags.estimate ? estimateAnswerer(flags.json, write) : countAnswerer(write),
  },
  'layout-check': {
    help: LAYOUT_CHECK_HELP,
    saysFormat: false,
    takesLimit: false,
    takesFlags: ['json'],
    counting: () => null,
    answerer: (_loaded, _reader, write, flags) => layoutCheckAnswerer(flags.json, write),
  },
  candidates: {
    help: CANDIDATES_HELP,
    saysFormat: false,
    takesLimit: false,
    takesFlags: ['json'],
    counting: () => null,
    answerer: (_loaded, _reader, write, flags) => candidatesAnswerer(flags.json, write),
  },
  explain: {
    help: EXPLAIN_HELP,
    saysFormat: false,
    takesLimit: false,
    takesFlags: ['json'],
    counting: () => null,
    answerer: (_loaded, _reader, write, flags) => explainAnswerer(flags.json, write),
  },
};

/**
 * Read the cases, count them (on worker threads when there are many) and let the command
 * answer them chunk by chunk, writing standard output as it goes: the commands stay
 * synchronous and unaware of threads, and their output is the same whatever the number
 * of jobs. Standard error (the input's errors, then the command's complaints) comes last.
 */
async function runCommand(
  command: Command,
  loaded: LoadedInput,
  limit: number,
  engine: EngineName,
  jobs: number | undefined,
  maxErrors: number,
  streams: Streams,
  flags: Flags = { json: false, estimate: false },
): Promise<number> {
  const reader = new CaseReader(loaded.format, loaded.input);
  const log = new ErrorLog(loaded.source, maxErrors);
  const write = (text: string): void => {
    if (text.length > 0) streams.stdout(text);
  };
  const answerer = command.answerer(loaded, reader, write, flags);
  const counting = command.counting(loaded, limit, flags);
  await countInOrder(
    reader,
    (slot) => slot.puzzle,
    counting === null ? null : { engine, ...counting },
    jobs,
    streams.interactive === true,
    (slots, results) => {
      // The chunk's reading errors, the errors outside any case read before its last case,
      // and the command's complaints, in case order (the sort is stable): the same lines in
      // the same order whatever the number of threads.
      const entries: { order: number; caseNumber: number | undefined; text: string }[] = [];
      for (const { afterCase, error } of reader.takeCaseless(slots[slots.length - 1].case)) {
        entries.push({
          order: afterCase + 0.5,
          caseNumber: undefined,
          text: formatErrorText(error),
        });
      }
      for (const slot of slots) {
        for (const error of slot.errors) {
          entries.push({ order: slot.case, caseNumber: slot.case, text: formatErrorText(error) });
        }
      }
      answerer.answer(slots, results, (caseNumber, text) =>
        entries.push({ order: caseNumber, caseNumber, text }),
      );
      entries.sort((a, b) => a.order - b.order);
      for (const entry of entries) log.add(entry.text, entry.caseNumber);
    },
  );
  for (const { error } of reader.takeCaseless()) log.add(formatErrorText(error), undefined);
  const { failed } = answerer.finish();
  const stderr = log.lines();
  // Which format was read, when that helps: detected from lines that did not all fit it
  // (check names the format on standard output anyway).
  if (loaded.doubtful && !command.saysFormat) {
    stderr.unshift(`${loaded.source}: read as ${loaded.format.name} (${loaded.how})`);
  }
  if (stderr.length > 0) streams.stderr(`${stderr.join('\n')}\n`);
  return log.any || failed ? EXIT_BAD_INPUT : EXIT_OK;
}

/**
 * Run the tool with the arguments after `squiggly`; resolves to the exit status. `given` is
 * the input of a `solve FILE` the judge's entry read and declined (judge.ts).
 */
export async function main(
  argv: readonly string[],
  streams: Streams = processStreams,
  given?: Input,
): Promise<number> {
  try {
    return await run(argv, streams, given);
  } catch (error) {
    if (error instanceof UsageError) {
      streams.stderr(`squiggly: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

async function run(
  argv: readonly string[],
  streams: Streams,
  given: Input | undefined,
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    streams.stderr(TOP_HELP);
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h') {
    streams.stdout(TOP_HELP);
    return EXIT_OK;
  }
  if (first === '--version' || first === '-V') {
    streams.stdout(`squiggly ${VERSION}\n`);
    return EXIT_OK;
  }
  if (first === 'help') {
    const topic = rest[0];
    if (topic !== undefined && isSetterCommand(topic)) {
      streams.stdout(SETTER_HELP[topic]);
      return EXIT_OK;
    }
    if (topic === 'convert') {
      streams.stdout(CONVERT_HELP);
      return EXIT_OK;
    }
    if (topic !== undefined && !Object.hasOwn(COMMANDS, topic)) {
      throw new UsageError(
        `no help on ${JSON.stringify(topic)}: not a command; try squiggly --help`,
      );
    }
    streams.stdout(topic !== undefined ? COMMANDS[topic].help : TOP_HELP);
    return EXIT_OK;
  }
  if (isSetterCommand(first)) return runSetterCommand(first, rest, streams);
  if (first === 'convert') return runConvert(rest, streams);
  if (!Object.hasOwn(COMMANDS, first)) {
    throw new UsageError(`unknown command ${JSON.stringify(first)}; try squiggly --help`);
  }
  const command = COMMANDS[first];
  const options = parseOptions(first, rest);
  if (options.help) {
    streams.stdout(command.help);
    return EXIT_OK;
  }
  if (options.limit !== undefined && !command.takesLimit) {
    throw new UsageError(`${first} takes no --limit; only count does`);
  }
  for (const flag of ['json', 'estimate'] as const) {
    if (options[flag] && !(command.takesFlags ?? []).includes(flag)) {
      throw new UsageError(`${first} takes no --${flag}; try squiggly ${first} --help`);
    }
  }
  if (options.estimate && options.limit !== undefined) {
    throw new UsageError('count --estimate takes no --limit: it estimates, it does not count');
  }
  if (options.json && first === 'count' && !options.estimate) {
    throw new UsageError('count takes --json only with --estimate');
  }
  const flags: Flags = { json: options.json, estimate: options.estimate };
  const limit = parseLimit(options.limit);
  const format = parseFormat(options.format);
  const engine = parseEngine(options.engine);
  const jobs = parseJobs(options.jobs);
  const maxErrors = parseMaxErrors(options.maxErrors);
  if (options.files.length > 1) {
    throw new UsageError(
      `${first} reads one FILE, got ${options.files.length}: ${options.files.join(' ')}`,
    );
  }
  // The judge's entry (judge.ts) may have read it already: standard input cannot be read twice.
  const input = given ?? (await readInput(options.files[0]));
  const loaded = loadInput(input, format);
  if ('exitCode' in loaded) {
    if (loaded.stderr.length > 0) streams.stderr(`${loaded.stderr.join('\n')}\n`);
    return loaded.exitCode;
  }
  // A small judge file of plain lines, as a judge runs it (output to a file or a pipe: a
  // terminal gets each answer as it comes): one loop (plainJudge.ts), or, when that
  // declines, the general path on the same text. An input the judge's entry hands over
  // (`given`) has had that loop already.
  if (
    given === undefined &&
    first === 'solve' &&
    !flags.json &&
    streams.interactive !== true &&
    loaded.format.name === 'poj3074' &&
    !loaded.doubtful &&
    engine === DEFAULT_ENGINE &&
    jobs === undefined
  ) {
    const { answer, input: sameInput } = answerPlainJudge(loaded.input);
    if (answer !== null) {
      streams.stdout(answer);
      return EXIT_OK;
    }
    const reread = { ...loaded, input: sameInput };
    return runCommand(command, reread, limit, engine, jobs, maxErrors, streams, flags);
  }
  return runCommand(command, loaded, limit, engine, jobs, maxErrors, streams, flags);
}

interface Options {
  format: string | undefined;
  limit: string | undefined;
  engine: string | undefined;
  jobs: string | undefined;
  maxErrors: string | undefined;
  help: boolean;
  json: boolean;
  estimate: boolean;
  files: string[];
}

function parseOptions(command: string, args: string[]): Options {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        limit: { type: 'string', short: 'n' },
        engine: { type: 'string', short: 'e' },
        jobs: { type: 'string', short: 'j' },
        'max-errors': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        json: { type: 'boolean' },
        estimate: { type: 'boolean' },
      },
    });
    return {
      format: values.format,
      limit: values.limit,
      engine: values.engine,
      jobs: values.jobs,
      maxErrors: values['max-errors'],
      help: values.help === true,
      json: values.json === true,
      estimate: values.estimate === true,
      files: positionals,
    };
  } catch (error) {
    throw argumentsError(command, error);
  }
}

function parseFormat(option: string | undefined): string {
  if (option === undefined || option === 'auto') return 'auto';
  if (isInputFormatName(option)) return option;
  throw new UsageError(
    `unknown format ${JSON.stringify(option)}: expected one of ${INPUT_FORMAT_NAMES.join(', ')}, auto`,
  );
}

function parseEngine(option: string | undefined): EngineName {
  if (option === undefined) return DEFAULT_ENGINE;
  if (isEngineName(option)) return option;
  const alias = ENGINE_ALIASES[option];
  if (alias !== undefined) return alias;
  throw new UsageError(
    `unknown engine ${JSON.stringify(option)}: expected one of ${ENGINE_NAMES.join(', ')}`,
  );
}

/** The threads asked for, or undefined: then the default, started only for big files. */
function parseJobs(option: string | undefined): number | undefined {
  if (option === undefined) return undefined;
  const jobs = /^[0-9]{1,3}$/.test(option) ? Number(option) : NaN;
  if (!(jobs >= 1 && jobs <= MAX_JOBS)) {
    throw new UsageError(
      `--jobs must be an integer from 1 to ${MAX_JOBS}, got ${JSON.stringify(option)}`,
    );
  }
  return jobs;
}

/** Errors shown in full (0 = all); the rest are summed up in one line. */
function parseMaxErrors(option: string | undefined): number {
  if (option === undefined) return DEFAULT_MAX_ERRORS;
  if (!/^[0-9]{1,9}$/.test(option)) {
    throw new UsageError(
      `--max-errors must be an integer of 0 (show all) or more, got ${JSON.stringify(option)}`,
    );
  }
  return Number(option);
}

function parseLimit(option: string | undefined): number {
  if (option === undefined) return DEFAULT_COUNT_LIMIT;
  // Up to 15 digits: every such count is exact in a double.
  const limit = /^[0-9]{1,15}$/.test(option) ? Number(option) : NaN;
  if (!(limit >= 1)) {
    throw new UsageError(
      `--limit must be an integer from 1 to 999999999999999, got ${JSON.stringify(option)}`,
    );
  }
  return limit;
}
