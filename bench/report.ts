/** The Markdown report: machine, command, and one table row per set x task x engine. */
import os from 'node:os';
import { microsecondsPerPuzzle, puzzlesPerSecond, type Cell, type Measured } from './measure.ts';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fixed = (value: number, digits: number): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export interface RunInfo {
  command: string;
  clock: RunClock;
  timeBoxSeconds: number;
  rounds: number;
  /** Which puzzles of each file were taken. */
  limitText: string;
}

/** The median (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

/** When a benchmark started and the machine's load then: what every report's header says. */
export interface RunClock {
  startedAt: Date;
  loadBefore: number[];
}

/** Start the clock of a benchmark run (call before any measuring). */
export function startClock(): RunClock {
  return { startedAt: new Date(), loadBefore: os.loadavg() };
}

/**
 * The header lines every report shares: start time and run time, and the load average
 * before and now, so a reader can tell a run on a busy machine.
 */
export function clockLines(clock: RunClock): string[] {
  const load = (values: number[]): string => values.map((value) => fixed(value, 2)).join(' ');
  const seconds = (Date.now() - clock.startedAt.getTime()) / 1000;
  return [
    `- started: ${clock.startedAt.toISOString()}; total run time ${fixed(seconds, 1)} s`,
    `- load average (1/5/15 min) before: ${load(clock.loadBefore)}, after: ${load(os.loadavg())}`,
  ];
}

/** Fastest puzzles/s among the peers that measured this set and task, if any. */
function fastestPeer(cell: Cell, cells: Cell[]): number | null {
  const rates = cells
    .filter((other) => other.set === cell.set && other.task === cell.task && !other.engine.ours)
    .map((other) => other.result)
    .filter((result): result is Measured => result.kind === 'measured' && result.failures === 0)
    .map(puzzlesPerSecond);
  return rates.length === 0 ? null : Math.max(...rates);
}

function ratioText(cell: Cell, cells: Cell[]): string {
  if (cell.result.kind !== 'measured') return '—';
  const best = fastestPeer(cell, cells);
  if (best === null) return 'no peer';
  return `${fixed(puzzlesPerSecond(cell.result) / best, 2)}×`;
}

function puzzlesText(cell: Cell): string {
  const { result, set } = cell;
  if (result.kind !== 'measured') return '—';
  const ofFile = result.puzzles < set.total ? ` of ${number.format(set.total)}` : '';
  return `${number.format(result.puzzles)}${ofFile}${result.timeBoxed ? ' ⏱' : ''}`;
}

function checkText(result: Measured): string {
  if (result.failures === 0) return `ok ${number.format(result.puzzles)}`;
  return `**FAIL ${result.failures}** (${result.firstFailure})`;
}

function row(cell: Cell, cells: Cell[]): string[] {
  const { result } = cell;
  const head = [cell.set.name, cell.task === 'solve' ? 'solve' : 'unique (≤2)', cell.engine.name];
  if (result.kind !== 'measured') return [...head, '—', 'n/a', '—', '—', '—', '—', result.reason];
  const nodes =
    result.nodes === null ? 'not reported' : number.format(result.nodes / result.puzzles);
  return [
    ...head,
    puzzlesText(cell),
    number.format(puzzlesPerSecond(result)),
    fixed(microsecondsPerPuzzle(result), 1),
    nodes,
    ratioText(cell, cells),
    fixed(result.wallMs / 1000, 2),
    checkText(result),
  ];
}

const HEADER = [
  'set',
  'task',
  'engine',
  'puzzles',
  'puzzles/s',
  'µs/puzzle',
  'nodes/puzzle',
  'vs fastest peer',
  'wall s',
  'checked / note',
];

export function table(cells: Cell[]): string {
  const lines = [HEADER, HEADER.map((_, index) => (index >= 3 && index <= 8 ? '---:' : '---'))];
  for (const cell of cells) lines.push(row(cell, cells));
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/**
 * The native C++ solver tdoku's uniqueness checks per second on these sets, from its own
 * published benchmark (issue 17), on its author's processors, not this one: NOT measured in
 * this run, so a ratio against them moves with this machine's processor, speed and load.
 * tdoku measured beside us, and on which processor: docs/engines/standard9.md.
 */
const TDOKU_UNIQUE_PER_SECOND: Readonly<Record<string, number>> = {
  '17clue-10k': 250_000,
  top1465: 93_000,
  'forum-hardest-1905-11plus-10k': 17_600,
  'forum-hardest-1106': 11_500,
};
/** Issue 17's target: the default engine within this factor of tdoku. */
const TDOKU_TARGET = 1.3;

/** Our default engine's uniqueness checks beside tdoku's published figures. */
function tdokuLines(cells: Cell[]): string[] {
  const rows: string[][] = [];
  for (const cell of cells) {
    const theirs = TDOKU_UNIQUE_PER_SECOND[cell.set.name];
    const { result } = cell;
    if (theirs === undefined || cell.engine.id !== 'best' || cell.task !== 'unique') continue;
    if (result.kind !== 'measured' || result.failures > 0) continue;
    const ours = puzzlesPerSecond(result);
    const behind = theirs / ours;
    rows.push([
      cell.set.name,
      number.format(ours),
      `~${number.format(theirs)}`,
      `${fixed(behind, 2)}×`,
      behind <= TDOKU_TARGET ? 'within' : 'not within',
    ]);
  }
  if (rows.length === 0) return [];
  return [
    `## Against tdoku (native C++, its published figures, not measured here)`,
    '',
    `- tdoku's uniqueness checks per second from its own published benchmark (its processors, ` +
      `not this one's: see docs/engines/standard9.md for tdoku measured beside us, per processor); ` +
      `"behind" = tdoku's rate ÷ ours; issue 17's target: within ${TDOKU_TARGET}×`,
    '',
    '| set | squiggly best, unique/s (this run) | tdoku unique/s (published) | behind | target |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
    '',
  ];
}

export function report(cells: Cell[], info: RunInfo): string {
  return [
    '# Squiggly benchmark',
    '',
    `- command: \`${info.command}\``,
    `- machine: ${machineLine()}`,
    ...clockLines(info.clock),
    `- puzzles: ${info.limitText} (all of a smaller file); ` +
      `⏱ = the time box (${info.timeBoxSeconds} s of CPU per row) was reached, only that many ` +
      'puzzles from the start of the file were timed',
    '- puzzles/s and µs/puzzle are per second of CPU time of the benchmark process (user + ' +
      `system), fastest of ${info.rounds} timed run(s) after a warm-up on up to 200 puzzles (1 s at most) ` +
      '(a time-boxed row is run once), so that other load on the machine skews them less; ' +
      'wall s is the wall-clock time of that run. Each engine runs each set in a fresh Node ' +
      'process (solve, then unique), so no engine inherits JIT or heap state from another',
    '- solve = first solution; unique (≤2) = count stopping at 2 (unique for every set but ' +
      'serg-benchmark-10k, where every puzzle must come out "multiple")',
    "- vs fastest peer = this engine's puzzles/s ÷ the fastest npm peer's on the same set and " +
      'task in this run; every answer checked with isSolution and, for unique, the verdict',
    '',
    table(cells),
    '',
    ...tdokuLines(cells),
  ].join('\n');
}
