/**
 * `npm run bench [-- --quick] [--set NAME] [--engine NAME] [--limit N] [--time-box S] [--rounds N]`
 *
 * Every set x task x engine: warm up, time the set's puzzles (up to the time box), check
 * every answer, print a Markdown table and, for a full run (no options), write it to
 * bench/results/latest.md, the file the README quotes. Each engine measures each set in a
 * child process of its own (bench/cell.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ENGINES, type Engine } from './engines/index.ts';
import { bundleBenchChild } from './bundle.ts';
import type { CellJob, CellOutput } from './cell.ts';
import {
  microsecondsPerPuzzle,
  TASKS,
  unsupportedReason,
  type Cell,
  type MeasureOptions,
  type Task,
} from './measure.ts';
import { report, startClock } from './report.ts';
import { loadSets, REPO_ROOT, type PuzzleSet } from './sets.ts';

const USAGE = `usage: npm run bench [-- options]
  --quick          first 300 puzzles of each set, 3 s time box (a smoke run)
  --set NAME       only this set (file name without .txt)
  --engine NAME    only this engine: ${ENGINES.map((engine) => engine.id).join(', ')}
  --limit N        puzzles from the start of each file (default: all of 17clue-10k and
                   serg-benchmark-10k, which are fast, and 2000 of the other sets)
  --time-box S     CPU seconds per set x task x engine before the rest is skipped (default 8)
  --rounds N       timed runs per row, the fastest reported (default 3; 1 with --quick)`;

/** Order of the data README; other sets follow by name. */
const SET_ORDER = [
  '17clue-10k',
  'serg-benchmark-10k',
  'top1465',
  'forum-hardest-1905-11plus-10k',
  'forum-hardest-1106',
  'jigsaw-gen-1000',
];

/** Default puzzles per set: the fast sets whole, the others cut so a full run takes minutes. */
const DEFAULT_LIMIT = 2000;
const WHOLE_SETS = new Set(['17clue-10k', 'serg-benchmark-10k']);

interface Options {
  /** Puzzles from the start of each file; undefined = the defaults above. */
  limit?: number;
  timeBoxSeconds: number;
  rounds: number;
  set?: string;
  engines: readonly Engine[];
}

function positive(text: string | undefined, fallback: number, flag: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(value > 0)) throw new Error(`${flag} needs a positive number, got '${text}'`);
  return value;
}

function optionalLimit(text: string | undefined): number | undefined {
  return text === undefined ? undefined : positive(text, 0, '--limit');
}

function limitOf(limit: number | undefined) {
  return (name: string, total: number): number => {
    if (limit !== undefined) return Math.min(total, limit);
    return WHOLE_SETS.has(name) ? total : Math.min(total, DEFAULT_LIMIT);
  };
}

function selectEngines(name: string | undefined): readonly Engine[] {
  if (name === undefined) return ENGINES;
  const wanted = name.toLowerCase();
  const found = ENGINES.filter(
    (engine) => engine.id === wanted || engine.name.toLowerCase() === wanted,
  );
  if (found.length === 0) throw new Error(`unknown engine '${name}'\n${USAGE}`);
  return found;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      set: { type: 'string' },
      engine: { type: 'string' },
      limit: { type: 'string' },
      'time-box': { type: 'string' },
      rounds: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    limit: values.quick ? positive(values.limit, 300, '--limit') : optionalLimit(values.limit),
    timeBoxSeconds: positive(values['time-box'], values.quick ? 3 : 8, '--time-box'),
    rounds: Math.floor(positive(values.rounds, values.quick ? 1 : 3, '--rounds')),
    set: values.set?.replace(/\.txt$/, ''),
    engines: selectEngines(values.engine),
  };
}

function orderSets(sets: PuzzleSet[]): PuzzleSet[] {
  const rank = (set: PuzzleSet): number => {
    const index = SET_ORDER.indexOf(set.name);
    return index === -1 ? SET_ORDER.length : index;
  };
  return [...sets].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

function progressLine(cell: Cell): string {
  const { result } = cell;
  const what = `${cell.set.name} ${cell.task} ${cell.engine.name}`;
  if (result.kind !== 'measured') return `  ${what}: n/a`;
  const perPuzzle = microsecondsPerPuzzle(result).toFixed(1);
  const failed = result.failures > 0 ? `, ${result.failures} FAILED` : '';
  return `  ${what}: ${result.puzzles} puzzles, ${perPuzzle} µs/puzzle${failed}`;
}

/** Measure the tasks the engine can do on the set in a child process of their own. */
function measureInChild(
  cellScript: string,
  engine: Engine,
  set: PuzzleSet,
  tasks: Task[],
  options: MeasureOptions,
) {
  const job: CellJob = {
    set: set.name,
    engine: engine.id,
    limit: set.puzzles.length,
    tasks,
    options,
  };
  const child = spawnSync(process.execPath, [cellScript, JSON.stringify(job)], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) {
    throw new Error(`measuring ${engine.name} on ${set.name} failed:\n${child.stderr}`);
  }
  return JSON.parse(child.stdout) as CellOutput;
}

/** One cell per task: measured, or n/a with the reason. */
function measureSet(
  cellScript: string,
  engine: Engine,
  set: PuzzleSet,
  options: MeasureOptions,
): Cell[] {
  const supported = TASKS.filter((task) => unsupportedReason(engine, set, task) === null);
  const output =
    supported.length > 0 ? measureInChild(cellScript, engine, set, supported, options) : {};
  return TASKS.map((task) => {
    const measured = output[task];
    const reason = unsupportedReason(engine, set, task) ?? 'not measured';
    return { set, task, engine, result: measured ?? { kind: 'n/a', reason } };
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  const clock = startClock();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'squiggly-bench-'));
  const cellScript = await bundleBenchChild('cell.ts', dir);
  const sets = orderSets(loadSets({ only: options.set, limitOf: limitOf(options.limit) }));
  const measureOptions: MeasureOptions = {
    timeBoxMs: options.timeBoxSeconds * 1000,
    rounds: options.rounds,
    warmupPuzzles: 200,
    warmupMs: 1000,
  };
  const cells: Cell[] = [];
  for (const set of sets) {
    const bySet = options.engines.map((engine) =>
      measureSet(cellScript, engine, set, measureOptions),
    );
    for (const task of TASKS) {
      for (const cell of bySet.flat().filter((cell) => cell.task === task)) {
        console.error(progressLine(cell));
        cells.push(cell);
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const markdown = report(cells, {
    command: `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`,
    clock,
    timeBoxSeconds: options.timeBoxSeconds,
    rounds: options.rounds,
    limitText:
      options.limit === undefined
        ? `all of ${[...WHOLE_SETS].join(' and ')}, the first ${DEFAULT_LIMIT} of each other file`
        : `the first ${options.limit} of each file`,
  });
  console.log(markdown);
  if (argv.length === 0) {
    const out = path.join(REPO_ROOT, 'bench', 'results', 'latest.md');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, markdown);
    console.error(`written to ${path.relative(REPO_ROOT, out)}`);
  } else {
    // A partial run must not replace the full results the README quotes.
    console.error('options given: a partial run, so bench/results/latest.md is left as it was');
  }
  const failed = cells.some((cell) => cell.result.kind === 'measured' && cell.result.failures > 0);
  if (failed) process.exitCode = 1;
}

await main();
